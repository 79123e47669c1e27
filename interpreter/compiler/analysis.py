"""What the compiler needs to know about a checked program before writing any code.

- Which rules and triggers can pause for a decision (directly, or through a rule they
  call, or through a trigger an effect of theirs fires): those become resumable
  state machines; everything else becomes plain Python functions.
- Which code can draw chance: a game may start from a snapshot of the part of setup
  that draws none, a log line without chance may be skipped when nobody reads it,
  and a decision's options without chance can be recomputed instead of saved.
- Which rules and functions can call themselves (their depth is counted), and which rules
  and triggers lie on a cycle of calls and fired triggers (``looping``: only those can run
  themselves without end, so only those count their depth on ``g.rdepth``).
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from interpreter.compiler.none_facts import Facts
from interpreter.compiler.quiet_log import QuietLogs, risky_parts
from interpreter.compiler.shortcuts import SHORTCUTS
from rulelang.language import ast, refs
from rulelang.language.traversal import children, walk

if TYPE_CHECKING:
    from rulelang.language.checker import CardKind, Program

MAX_COST = 10**8  # past the work budget (values.MAX_WORK): a cost is never worked out past it
RANDOM = refs.Builtin("random")  # the one call that draws chance by itself
EFFECTS = (ast.Move, ast.Deal, ast.Create, ast.CreateFrom, ast.Place, ast.Assign, ast.Shuffle,
           ast.Reveal)


# a part of the syntax tree: a node, or a list or tuple of parts (what ``walk`` goes through)
Tree = object


MAX_KEPT = 64  # analyses kept, as kept_modules keeps written modules
# id(program) -> the analysis (which holds its program, so the id is not reused): a checked
# program never changes and nothing here depends on anything else, so each compiling of it
# (full and lean, each compiler switch) shares one
_KEPT: OrderedDict[int, Analysis] = OrderedDict()


def analysis_of(program: Program) -> Analysis:
    from interpreter.compiler.kept_modules import remember  # it builds on this module
    found = _KEPT.get(id(program))
    if found is None or found.program is not program:
        found = Analysis(program)
    remember(_KEPT, id(program), found, MAX_KEPT)
    return found


def keep_analysis(analysis: Analysis) -> None:
    """``analysis`` is its program's again (kept_modules: a module written for the program while
    another is kept shares that one's analysis, however many programs came between)."""
    from interpreter.compiler.kept_modules import remember
    remember(_KEPT, id(analysis.program), analysis, MAX_KEPT)


class Analysis:
    def __init__(self, program: Program) -> None:
        self.program = program
        rules, fns = program.rules, program.fns
        self.rule_calls = {name: self._rule_calls(d.body) for name, d in rules.items()}
        self.fn_calls = {name: {n.ref.name for n in walk([d.lets, d.body])
                                if isinstance(n, ast.Call) and isinstance(n.ref, refs.Fn)}
                         for name, d in fns.items()}
        self.fn_chance = _closure({name: _draws_directly([d.lets, d.body])
                                   for name, d in fns.items()}, self.fn_calls)
        self.kind_chance = {name: any(self.expr_chance(e) for e in _kind_exprs(kind))
                            for name, kind in program.cards.items()}
        self.recursive_fns = _in_cycles(self.fn_calls)
        self.recursive_rules = _in_cycles(self.rule_calls)
        self.looping = _in_cycles(self._unit_calls())
        # chance: a rule draws if its body does, or a rule it calls, or a trigger it fires
        body_chance = {name: self.stmts_chance_here(d.body) for name, d in rules.items()}
        self.rule_chance = _closure(body_chance, self.rule_calls)
        self.effects_draw = any(self.stmts_chance_here(t.body) or
                                any(self.rule_chance.get(c) for c in self._rule_calls(t.body))
                                for t in program.triggers)
        if self.effects_draw:
            body_chance = {name: body_chance[name] or _has_effect(d.body)
                           for name, d in rules.items()}
            self.rule_chance = _closure(body_chance, self.rule_calls)
        # pausing: a choose, a pausing rule called, or an effect when a trigger can pause
        pause = {name: _has_choose(d.body) for name, d in rules.items()}
        self.rule_pauses = _closure(pause, self.rule_calls)
        self.triggers_pause = any(self.pauses(t.body) for t in program.triggers)
        if self.triggers_pause:  # then every effect may pause: recompute with that
            pause = {name: pause[name] or _has_effect(d.body) for name, d in rules.items()}
            self.rule_pauses = _closure(pause, self.rule_calls)
        # id(node) -> (the node, held so its id is not reused: the compiler writes code for
        # nodes of its own too; its cost), and (the node; whether it pauses)
        self._costs: dict[int, tuple[ast.Node, int]] = {}
        self._stmt_pauses: dict[int, tuple[ast.Stmt, bool]] = {}
        self._callee_costs: dict[refs.Fn | refs.Rule, int] = {}
        self._quiet_logs: QuietLogs | None = None

    def keys_known(self, unit: Any, keys: list[Any], args: list[ast.Expr]) -> bool:
        """Whether the keys ``args`` (in ``unit``) are keys a variable or zone kept per
        ``keys`` surely has (quiet_log.py): setting it there needs no check."""
        return self._quiet().keys_known(unit, keys, args)

    def _quiet(self) -> QuietLogs:
        if self._quiet_logs is None:
            self._quiet_logs = QuietLogs(self.program)
        return self._quiet_logs

    def sure_slots(self, unit: Any) -> frozenset[int]:
        """A unit's locals none of whose bindings is none (none_facts.py), when the shortcut
        that reads their fields with no check is on."""
        return self._quiet().facts_of(unit).sure if SHORTCUTS.sure_locals else frozenset()

    def sure_number(self, e: ast.Expr) -> bool:
        """Is ``e`` a number, never none, wherever it is (its locals not looked at)?"""
        return e.ty is not None and e.ty.name == "int" and self._quiet().never_none(e, Facts())

    def log_parts_that_may_fail(self, message: ast.Expr) -> list[int]:
        """The places of a log line's (or a prompt's) parts that could fail (quiet_log.py):
        a game that keeps no log still works those out."""
        found = self._quiet().risky.get(id(message))
        return found if found is not None else risky_parts(message, self.program.min_players)

    # -- work
    def cost(self, node: Tree) -> int:
        """The work running a statement or an expression (or a list of them) once costs, as
        the work budget counts it: its nodes, plus the cost of each function or rule it
        calls (one that can call itself counts 1 here: its calls are charged as they run).
        Capped past the budget: one run of anything costlier fails at once."""
        if not isinstance(node, ast.Node):
            return min(MAX_COST, sum(self.cost(n) for n in children(node)))
        kept = self._costs.get(id(node))
        if kept is not None and kept[0] is node:
            return kept[1]
        # each node worked out once, from its children's
        found = 1 + sum(self.cost(n) for n in children(node))
        if isinstance(node, ast.Call) and isinstance(node.ref, (refs.Fn, refs.Rule)):
            found += self._callee_cost(node.ref)
        found = min(found, MAX_COST)
        self._costs[id(node)] = (node, found)
        return found

    def own_cost(self, callee: refs.Fn | refs.Rule) -> int:
        """A function's or rule's cost, when it calls itself (charged at each call)."""
        if isinstance(callee, refs.Fn):
            fn = self.program.fns[callee.name]
            return self.cost([fn.lets, fn.body])
        return self.cost(self.program.rules[callee.name].body)

    def _callee_cost(self, callee: refs.Fn | refs.Rule) -> int:
        if self._recursive(callee):
            return 1
        found = self._callee_costs.get(callee)
        if found is None:
            self._cost_callees_first(callee)
            found = self._callee_costs[callee]
        return found

    def _recursive(self, callee: refs.Fn | refs.Rule) -> bool:
        recursive = self.recursive_fns if isinstance(callee, refs.Fn) else self.recursive_rules
        return callee.name in recursive

    def _cost_callees_first(self, root: refs.Fn | refs.Rule) -> None:
        """The costs of ``root`` and of what it calls, each callee's before its caller's (a
        loop, not a recursion: a chain of rules hundreds long is worked out in a stack as
        deep as one body's nesting, as it runs)."""
        stack: list[tuple[refs.Fn | refs.Rule, bool]] = [(root, False)]
        while stack:
            callee, callees_done = stack.pop()
            if callee in self._callee_costs:
                continue
            if callees_done:  # (its callees' costs are kept: none is worked out within)
                self._callee_costs[callee] = self.own_cost(callee)
                continue
            stack.append((callee, True))
            stack.extend((c, False) for c in self._callees(callee)
                         if c not in self._callee_costs and not self._recursive(c))

    def _callees(self, callee: refs.Fn | refs.Rule) -> list[refs.Fn | refs.Rule]:
        """The functions and rules a function or rule calls, in its own body."""
        if isinstance(callee, refs.Fn):
            return [refs.Fn(name) for name in sorted(self.fn_calls[callee.name])]
        body = self.program.rules[callee.name].body
        fns = {n.ref.name for n in walk(body) if isinstance(n, ast.Call) and isinstance(n.ref, refs.Fn)}
        return [refs.Rule(name) for name in sorted(self.rule_calls[callee.name])] + \
            [refs.Fn(name) for name in sorted(fns)]

    def _unit_calls(self) -> dict[str, set[str]]:
        """Each rule's (``rule:NAME``) and trigger's (``trigger:I``) callees: the rules it
        calls and the triggers its effects may fire (a card entering a zone of a family
        written out fires that family's `on enter` triggers only; one whose zone is a
        value, any; a card moved or dealt may fire any `on leave` trigger)."""
        triggers = self.program.triggers
        def fired(body: Tree) -> set[str]:
            found: set[str] = set()
            for n in walk(body):
                if not isinstance(n, (ast.Move, ast.Deal, ast.Create, ast.CreateFrom, ast.Place)):
                    continue
                ref = getattr(n.grid if isinstance(n, ast.Place) else n.dest, "ref", None)
                family = ref.name if isinstance(ref, (refs.Zone, refs.ZoneFamily)) else None
                leaves = not isinstance(n, (ast.Create, ast.CreateFrom))
                found.update(f"trigger:{i}" for i, t in enumerate(triggers)
                             if (t.event == "enter" and (family is None or t.zone == family))
                             or (t.event != "enter" and leaves))
            return found
        calls = {"rule:" + name: {"rule:" + c for c in callees} | fired(self.program.rules[name].body)
                 for name, callees in self.rule_calls.items()}
        for i, t in enumerate(triggers):
            calls[f"trigger:{i}"] = {"rule:" + c for c in self._rule_calls(t.body)} | fired(t.body)
        return calls

    @staticmethod
    def _rule_calls(body: Tree) -> set[str]:
        return {n.ref.name for n in walk(body)
                if isinstance(n, ast.Call) and isinstance(n.ref, refs.Rule)}

    # -- pausing
    def stmt_pauses(self, stmt: ast.Stmt) -> bool:
        """``pauses([stmt])``, worked out once for each statement (a machine's body asks of
        each statement at every depth)."""
        kept = self._stmt_pauses.get(id(stmt))
        if kept is not None and kept[0] is stmt:
            return kept[1]
        found = self.pauses([stmt])
        self._stmt_pauses[id(stmt)] = (stmt, found)
        return found

    def pauses(self, body: Tree) -> bool:
        """Can running these statements pause for a decision?"""
        for n in walk(body):
            if isinstance(n, ast.Choose):
                return True
            if isinstance(n, ast.Call) and isinstance(n.ref, refs.Rule) \
                    and self.rule_pauses.get(n.ref.name):
                return True
            if isinstance(n, EFFECTS) and getattr(self, "triggers_pause", False):
                return True
        return False

    # -- chance
    def expr_chance(self, expr: Tree) -> bool:
        for n in walk(expr):
            if isinstance(n, ast.Call):
                if n.ref == RANDOM:
                    return True
                if isinstance(n.ref, refs.Fn) and self.fn_chance.get(n.ref.name):
                    return True
        return False

    def stmts_chance_here(self, body: Tree) -> bool:
        """Chance drawn by these statements themselves (not by the rules they call)."""
        for n in walk(body):
            if isinstance(n, (ast.Shuffle, ast.Choose)):
                return True
            if isinstance(n, ast.Call) and (
                    n.ref == RANDOM or (isinstance(n.ref, refs.Fn) and self.fn_chance.get(n.ref.name))):
                return True
            if isinstance(n, (ast.Create, ast.CreateFrom)) and self.kind_chance.get(n.kind):
                return True
        return False

    def stmt_chance(self, stmt: ast.Stmt) -> bool:
        """Can this statement draw chance or ask for a decision, in any way?"""
        if self.stmts_chance_here([stmt]):
            return True
        for n in walk([stmt]):
            if isinstance(n, ast.Call) and isinstance(n.ref, refs.Rule) \
                    and self.rule_chance.get(n.ref.name):
                return True
            if isinstance(n, ast.Finish):
                return True  # the game would end inside the snapshot
            if isinstance(n, EFFECTS) and self.effects_draw:
                return True
        return False


def _kind_exprs(kind: CardKind) -> Iterator[Tree]:
    if kind.label is not None:
        yield kind.label
    for f in kind.fields.values():
        if f.init is not None:
            yield f.init


def _draws_directly(tree: Tree) -> bool:
    return any(isinstance(n, ast.Call) and n.ref == RANDOM for n in walk(tree))


def _has_choose(body: Tree) -> bool:
    return any(isinstance(n, ast.Choose) for n in walk(body))


def _has_effect(body: Tree) -> bool:
    return any(isinstance(n, EFFECTS) for n in walk(body))


def _closure(direct: Mapping[str, bool], calls: Mapping[str, set[str]]) -> dict[str, bool]:
    """True for every name that is true itself or calls (transitively) one that is."""
    result = dict(direct)
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if not result.get(name) and any(result.get(c) for c in callees):
                result[name] = True
                changed = True
    return result


def _in_cycles(calls: Mapping[str, set[str]]) -> set[str]:
    """The names that can reach themselves through calls."""
    found = set()
    for start in calls:
        seen: set[str] = set()
        stack = list(calls.get(start, ()))
        while stack:
            name = stack.pop()
            if name == start:
                found.add(start)
                break
            if name not in seen:
                seen.add(name)
                stack.extend(calls.get(name, ()))
    return found
