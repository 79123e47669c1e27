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
from rulelang.language.errors import RulesError
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
    zones = load_program(rules_path).zones  # the rules on their own first: their errors as they are
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
    fns, conditions = _condition_fns(scenarios, text, {n: z.kind for n, z in zones.items()})
    with rules_path.open(encoding="utf-8") as source:
        rules_text = source.read()
    loaded = read_modules(rules_text, str(rules_path), base=rules_path.resolve().parent,
                          parse_main=parse_kept)
    extra = ast.Module(fns, shown, span=scenarios[0].span) if scenarios else ast.Module(fns, shown)
    program = Checker(loaded.modules + [extra], {**loaded.sources, shown: text}).run()
    return Suite(Rules(program), scenarios, shown, str(rules_path), conditions)


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


def _condition_fns(scenarios, text, zones):
    """Each part of an ``expect CONDITION`` (those of an ``and``, else the whole) as a fn,
    and for a comparison one per side, named so that no rules file can name them: the
    condition holds when each part does, and a failing one is named, with its values."""
    from rulelang.language.errors import span_text
    fns, conditions = [], {}

    def copied(expr):
        return _cards_named(_copy(expr), zones)

    for scenario in scenarios:
        for step in scenario.steps:
            if step.kind != "true":
                continue
            base = f"expect@{step.span.line}:{step.span.col}"
            parts = []
            for i, expr in enumerate(_conjuncts(step.expr)):
                name = f"{base}#{i}"
                fns.append(ast.FnDecl(name, [], [], copied(expr), span=expr.span))
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
                    fns.append(ast.FnDecl(part.left, [], [], copied(expr.left), span=expr.span))
                    fns.append(ast.FnDecl(part.right, [], [], copied(expr.right), span=expr.span))
                parts.append(part)
            conditions[id(step)] = parts
    return fns, conditions


def _cards_named(expr, zones):
    """``"lake ##" in hand[P1]`` in a scenario's condition: a card of that name is in the
    zone, as a scenario names cards everywhere (``any(text(c) == "lake ##" for c in
    hand[P1])``; ``not in``: none is). Other parts of the condition as they are."""
    if _card_in_zone(expr, zones):
        at = expr.span
        each = "card@"  # a name no rules file can write
        same = ast.Compare("==", ast.Call(ast.Name("text", span=at), [ast.Name(each, span=at)],
                                          span=at), expr.item, span=at)
        found = ast.Call(ast.Name("any", span=at),
                         [ast.Comprehension(same, [ast.CompFor([each], expr.coll, None, span=at)],
                                            span=at)], span=at)
        return ast.Not(found, span=at) if expr.negated else found
    for field in part_fields(type(expr)):
        value = getattr(expr, field)
        if isinstance(value, ast.Node):
            setattr(expr, field, _cards_named(value, zones))
        elif isinstance(value, list):
            value[:] = [_cards_named(v, zones) if isinstance(v, ast.Node) else v for v in value]
    return expr


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
