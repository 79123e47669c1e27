"""Scenarios: a rulebook's worked examples and tricky cases, written beside the rules
they test (``games/cards.rules`` -> ``games/cards.scenarios``) and run by
``rulelang test FILE``.

A scenario is a start (a position stated directly, or a game started from a seed
with chance fixed), moves, and what must follow: zones, variables, legal moves,
refusals and their reasons, the outcome, or any rulelang condition. Its conditions
are checked with the rules, as ``fn``s of the rules file (so a mistake in one is
reported like a mistake in the rules: file, line, caret and hint).
"""
from __future__ import annotations

import copy
from pathlib import Path

import attrs

from rulelang.language import ast
from rulelang.language.builtin_signatures import SIGNATURES
from rulelang.language.errors import CheckError, Diagnostic, RulesError
from rulelang.language.traversal import part_fields
from rulelang.tools.scenarios.syntax import Position, Scenario, Step, parse_scenarios

__all__ = ["Position", "Scenario", "Step", "Suite", "load_suite", "scenario_path"]

SUFFIX = ".scenarios"
MAX_SCENARIO_SOURCE = 250_000


def scenario_path(rules_path) -> Path:
    """Where the scenarios of a rules file are: beside it, ``NAME.scenarios``."""
    return Path(rules_path).with_suffix(SUFFIX)


@attrs.define
class Suite:
    """A rules file with its scenarios, checked and compiled together."""
    rules: object  # interpreter.rules.Rules (the rules and the scenarios' conditions)
    scenarios: list
    path: str  # the scenario file, as shown
    rules_path: str
    conditions: dict  # id(step) -> its parts (list of ConditionPart)

    def run(self, name_filter: str | None = None):
        from rulelang.tools.scenarios.execute import run_scenario
        return [run_scenario(self, s) for s in self.scenarios
                if name_filter is None or name_filter.lower() in s.name.lower()]


def load_suite(rules_path, path=None) -> Suite:
    """Read a rules file and its scenarios (``path``, or the file beside it)."""
    from interpreter.rules import Rules
    from rulelang.language.checker import Checker
    from rulelang.language.kept_trees import parse_kept
    from rulelang.language.loader import load_program, read_modules

    rules_path = Path(rules_path)
    path = Path(path) if path is not None else scenario_path(rules_path)
    rules = load_program(rules_path)  # the rules on their own first: their errors as they are
    if not path.is_file():
        raise RulesError(f"{path}: no scenarios for {rules_path} (write them in {path.name} "
                         "beside it; see docs/testing.md)")
    try:
        with path.open(encoding="utf-8") as source:
            text = source.read(MAX_SCENARIO_SOURCE + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path}: cannot read it ({error})") from None
    if len(text) > MAX_SCENARIO_SOURCE:
        raise RulesError(f"{path}: too long (at most {MAX_SCENARIO_SOURCE:,} characters)")
    shown = str(path)
    scenarios = parse_scenarios(text, shown)
    rewrite = _Rewrite(rules)
    fns, conditions = _condition_fns(scenarios, text, rewrite)
    with rules_path.open(encoding="utf-8") as source:
        rules_text = source.read()
    loaded = read_modules(rules_text, str(rules_path), base=rules_path.resolve().parent,
                          parse_main=parse_kept)
    extra = ast.Module(fns, shown, span=scenarios[0].span) if scenarios else ast.Module(fns, shown)
    sources = {**loaded.sources, shown: text}
    try:
        program = Checker(loaded.modules + [extra], sources).run()
    except CheckError as error:
        raise _with_problems(error, rewrite.problems, sources) from None
    if rewrite.problems:
        raise _with_problems(None, rewrite.problems, sources)
    return Suite(Rules(program), scenarios, shown, str(rules_path), conditions)


def _with_problems(error, problems, sources) -> CheckError:
    """The checker's errors and the scenarios' own, in the order of the file."""
    said = list(error.diagnostics) if error is not None else []
    notes = [d for d in said if d.severity == "note"]
    errors = sorted([d for d in said if d.severity != "note"] + problems,
                    key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
    return CheckError(errors[0].message, errors + notes, sources)


@attrs.frozen
class ConditionPart:
    """One part of an ``expect CONDITION`` (the whole, or one side of an ``and``): the fn
    that works it out, and for a comparison one fn per side (shown when it fails)."""
    text: str  # as written
    holds: str
    left: str | None = None
    right: str | None = None
    op: str = "=="  # a comparison's
    # ``"NAME" in ZONE``'s (``not in``: negated): the fn giving the zone's cards, the zone as
    # written and the name (a failure shows what the zone held)
    zone: str | None = None
    zone_text: str = ""
    card: str = ""
    negated: bool = False
    # fn -> the names of the cards it is given, in order: a text where a card is expected
    # (knows(P1, "Study")) is the one card of that name, found as the condition is checked
    cards: dict = attrs.field(factory=dict)


def _condition_fns(scenarios, text, rewrite):
    """Each part of an ``expect CONDITION`` (those of an ``and``, else the whole) as a fn,
    and for a comparison one per side, named so that no rules file can name them: the
    condition holds when each part does, and a failing one is named, with its values."""
    from rulelang.language.errors import span_text
    fns, conditions = [], {}
    zones = rewrite.zones
    named: dict[str, tuple[str, ...]] = {}

    def made(name, expr):
        decl, names = rewrite.fn(name, expr)
        if names:
            named[name] = names
        fns.append(decl)

    for scenario in scenarios:
        for step in scenario.steps:
            if step.kind != "true":
                continue
            base = f"expect@{step.span.line}:{step.span.col}"
            parts = []
            for i, expr in enumerate(_conjuncts(step.expr)):
                name = f"{base}#{i}"
                made(name, expr)
                written = span_text({step.span.file: text}, expr.span) or "..."
                part = ConditionPart(" ".join(written.split()), name)
                if _card_in_zone(expr, zones):
                    held = ast.Call(ast.Name("cards", span=expr.span), [_copy(expr.coll)],
                                    span=expr.span)
                    if zones[_zone_name(expr.coll)] == "pile":  # top first, as expect ZONE = [...]
                        held = ast.Call(ast.Name("reverse", span=expr.span), [held], span=expr.span)
                    fns.append(ast.FnDecl(name + "@", [], [], held, span=expr.span))
                    zone_text = span_text({step.span.file: text}, expr.coll.span) or "the zone"
                    part = attrs.evolve(part, zone=name + "@", card=_text_of(expr.item),
                                        zone_text=" ".join(zone_text.split()),
                                        negated=expr.negated)
                if isinstance(expr, ast.Compare):
                    part = attrs.evolve(part, left=name + "<", right=name + ">", op=expr.op)
                    made(part.left, expr.left)
                    made(part.right, expr.right)
                part = attrs.evolve(part, cards={k: v for k, v in named.items()
                                                 if k in (name, name + "<", name + ">")})
                parts.append(part)
            conditions[id(step)] = parts
    return fns, conditions


class _Rewrite:
    """A scenario's condition as a fn of the rules, where a scenario names cards by their
    names, as everywhere else in it: ``"lake ##" in hand[P1]`` asks for a card of that name
    in the zone (``any(text(c) == "lake ##" for c in hand[P1])``; ``not in``: none is), and
    a text where a card is expected (an argument a function takes as a card, ``"lake ##"
    .field``) is the one card of that name, given to the fn as it is checked. A card kind
    called like a function is a problem of the scenario's, saying how to name a card."""

    def __init__(self, program):
        self.zones = {n: z.kind for n, z in program.zones.items()}
        self.kinds = set(program.cards)
        self.fns = program.fns
        self.problems: list[Diagnostic] = []
        self.names: list[str] = []  # the cards named in the fn being made, in order

    def fn(self, name, expr):
        """The fn working ``expr`` out, and the names of the cards it is given."""
        self.names = []
        body = self.expr(_copy(expr))
        only = next(iter(self.kinds)) if len(self.kinds) == 1 else None
        params = [ast.Param(_param(i), ast.TypeRef(only, span=expr.span) if only else None,
                            span=expr.span) for i in range(len(self.names))]
        return ast.FnDecl(name, params, [], body, span=expr.span), tuple(self.names)

    def card(self, text):
        """A written text, as the card of that name (the fn's next parameter)."""
        self.names.append(_text_of(text))
        return ast.Name(_param(len(self.names) - 1), span=text.span)

    def expr(self, expr):
        at = expr.span
        if _card_in_zone(expr, self.zones):
            each = "card@"  # a name no rules file can write
            same = ast.Compare("==", ast.Call(ast.Name("text", span=at), [ast.Name(each, span=at)],
                                              span=at), expr.item, span=at)
            found = ast.Call(ast.Name("any", span=at), [ast.Comprehension(
                same, [ast.CompFor([each], self.expr(expr.coll), None, span=at)], span=at)],
                span=at)
            return ast.Not(found, span=at) if expr.negated else found
        if isinstance(expr, ast.Attr) and _written_text(expr.obj):  # "lake ##".field
            expr.obj = self.card(expr.obj)
            return expr
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
            if expr.func.id in self.kinds:
                return self.kind_called(expr)
            cards = self.card_arguments(expr.func.id, len(expr.args))
            expr.args = [self.card(a) if i in cards and _written_text(a) else self.expr(a)
                         for i, a in enumerate(expr.args)]
            return expr
        for field in part_fields(type(expr)):
            value = getattr(expr, field)
            if isinstance(value, ast.Node):
                setattr(expr, field, self.expr(value))
            elif isinstance(value, list):
                value[:] = [self.expr(v) if isinstance(v, ast.Node) else v for v in value]
        return expr

    def card_arguments(self, name, count) -> set[int]:
        """Which arguments of a call take a card: the rules' own fn's parameters of a card
        kind, a built-in's of a card."""
        decl = self.fns.get(name)
        if decl is not None:
            return {i for i, p in enumerate(decl.params)
                    if p.type is not None and p.type.name in self.kinds}
        sig = SIGNATURES.get(name)
        if sig is None:
            return set()
        return {i for i in range(count)
                if sig.params[min(i, len(sig.params) - 1)] in ("card", "cellsource")}

    def kind_called(self, expr):
        kind, args = expr.func.id, expr.args
        one = args[0] if len(args) == 1 and _written_text(args[0]) else None
        name = _text_of(one) if one is not None else "NAME"
        problem = Diagnostic(
            f"'{kind}' is a card kind, not a function", expr.func.span,
            f'a scenario names a card by its name in quotes: write "{name}" where a card '
            f'is expected, as in knows(P1, "{name}"), "{name}".FIELD or "{name}" in ZONE')
        if problem not in self.problems:  # (a comparison's side is read twice: whole, alone)
            self.problems.append(problem)
        return self.card(one) if one is not None else ast.Lit(None, span=expr.span)


def _param(i: int) -> str:
    return f"card@{i}"  # a name no rules file can write


def _card_in_zone(expr, zones) -> bool:
    return isinstance(expr, ast.In) and _written_text(expr.item) and _names_zone(expr.coll, zones)


def _text_of(expr) -> str:
    """A text written with no value in it, as it reads."""
    return expr.value if isinstance(expr, ast.Lit) else "".join(expr.parts)


def _written_text(expr) -> bool:
    return (isinstance(expr, ast.Lit) and isinstance(expr.value, str)) or (
        isinstance(expr, ast.Text) and all(isinstance(p, str) for p in expr.parts))


def _names_zone(expr, zones) -> bool:
    """``hand[P1]``, ``discard``: a zone of the rules, by its name (no local hides it in a
    scenario's condition)."""
    return _zone_name(expr) in zones


def _zone_name(expr) -> str | None:
    if isinstance(expr, ast.Index):
        expr = expr.obj
    return expr.id if isinstance(expr, ast.Name) else None


def _conjuncts(expr):
    """The parts of ``a and b and c``; the expression alone otherwise."""
    if isinstance(expr, ast.BoolOp) and expr.op == "and":
        return _conjuncts(expr.left) + _conjuncts(expr.right)
    return [expr]


def _copy(expr):
    """The same expression again (the checker writes its findings on each node)."""
    return copy.deepcopy(expr)
