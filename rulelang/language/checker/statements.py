"""Checking rules, blocks and statements (the other half of the checker)."""
from __future__ import annotations

from typing import cast

from rulelang.language import ast, refs
from rulelang.language import types as T
from rulelang.language.checker.assignments import AssignChecker
from rulelang.language.checker.card_statements import CardStmtChecker
from rulelang.language.checker.expressions import BUILTIN_VALUES, Scope, Unit
from rulelang.language.checker.returns import ReturnChecker
from rulelang.language.errors import Span
from rulelang.language.traversal import walk

TERMINAL = (ast.Break, ast.Continue, ast.Return, ast.Finish)
# what a `team p = VALUE` may be: values that are equal or not (seats with equal ones are partners)
TEAM_TYPES = ("int", "text", "seat", "enum", "bool", "any", "none")


def rules_doing(rules: dict[str, ast.RuleDecl], calls: dict[str, set[str]],
                node_type: type[ast.Stmt]) -> set[str]:
    """The names of the rules whose bodies hold a ``node_type`` statement, or that call
    (through any number of rules) one that does."""
    found = {name for name, d in rules.items()
             if any(isinstance(n, node_type) for n in walk(d.body))}
    changed = True
    while changed:
        changed = False
        for name in rules:
            if name not in found and calls.get(name, set()) & found:
                found.add(name)
                changed = True
    return found


class StmtChecker(AssignChecker, CardStmtChecker, ReturnChecker):
    """Mixed into the Checker."""

    # ------------------------------------------------------------ code units
    def d_RuleDecl(self, d: ast.RuleDecl) -> None:
        unit = Unit(d.name, "rule")
        scope = Scope(unit)
        for p in d.params:
            scope.bind(p.name, self.type_of(p.type))
        self.calls[d.name] = set()
        if d.returns is not None:
            self.type_of(d.returns)  # (an unknown type is said here)
        self.returning = d
        try:
            self.block(d.body, scope, unit, loops=0)
        finally:
            self.returning = None
        self.check_falls_off(d)
        d.nslots = unit.nslots
        self.program.rules[d.name] = d

    def d_BlockDecl(self, d: ast.BlockDecl) -> None:
        shown = "on end" if d.which == "end" else d.which
        if d.which in self.program.blocks:
            self.error(d.span, f"there is already an '{shown}' block" if d.which == "end"
                       else f"there is already a '{d.which}' block")
        unit = Unit(shown, "block")
        self.calls[shown] = set()
        self.block(d.body, Scope(unit), unit, loops=0)
        d.nslots = unit.nslots
        self.program.blocks[d.which] = d
        if d.which == "end":
            self.after_the_end(d.body, [], set())

    def after_the_end(self, body: list[ast.Stmt], via: list[ast.Call], seen: set[str]) -> None:
        """`on end` runs once the game is over: it may log and move cards, but nobody
        decides any more and the game cannot end again (nor can a rule it calls)."""
        for node in walk(body):
            if isinstance(node, ast.Choose):
                what = "asks a player to choose"
            elif isinstance(node, ast.Finish):
                what = f"ends the game ('{node.how}')"
            elif isinstance(node, ast.Call) and isinstance(node.ref, refs.Rule):
                name = node.ref.name
                rule = self.program.rules.get(name)
                if rule is not None and name not in seen:
                    seen.add(name)
                    self.after_the_end(rule.body, via or [node], seen)
                continue
            else:
                continue
            if via:
                rule_name = cast(refs.Rule, via[0].ref).name
                message = (f"'on end' runs after the game is over, but rule '{rule_name}' may "
                           f"{what.replace('asks', 'ask').replace('ends', 'end')} "
                           f"(line {node.span.line})")
                span = via[0].span
            else:
                message = f"'on end' runs after the game is over, and this {what}"
                span = node.span
            self.error(span, message, "'on end' may log, move and reveal cards, and set variables")

    def d_TriggerDecl(self, d: ast.TriggerDecl) -> None:
        zone = self.program.zones.get(d.zone)
        unit = Unit(f"on {d.event} {d.zone}", "trigger")
        scope = Scope(unit)
        if zone is None:
            self.unknown(d.span, d.zone, "zone", self.program.zones)
        elif len(d.keys) != len(zone.keys):
            names = ", ".join(["k", "k2", "k3", "k4"][:len(zone.keys)])
            self.error(d.span, f"zone '{d.zone}' has {len(zone.keys)} key(s), "
                               f"the pattern gives {len(d.keys)}",
                       f"name one for each: on {d.event} {d.zone}[{names}] (a name is then "
                       "the key of the zone entered; _ for one not used)")
        for i, key in enumerate(d.keys):
            key_type = zone.keys[i].type if zone and i < len(zone.keys) else T.ANY
            taken = self.pattern_name_taken(key)
            if isinstance(key, ast.Name) and key.id == "_":
                d.binders.append(ast.TriggerKey(i))
            elif taken:
                self.pattern_clash(d, i, cast(ast.Name, key), taken)  # only a name is taken
                d.binders.append(ast.TriggerKey(i))
            elif isinstance(key, ast.Name) and key.id not in self.symbols \
                    and key.id not in self.ambiguous and T.seat_literal(key.id) is None:
                slot = scope.bind(key.id, key_type, mutable=False)
                d.binders.append(ast.TriggerKey(i, binds=slot))
            else:
                self.expect(key, scope, key_type, "a key of the pattern")
                d.binders.append(ast.TriggerKey(i, equals=key))
        if d.card_name:
            d.card_slot = scope.bind(d.card_name, T.card(zone.of if zone else None))
        name = f"trigger@{d.span.line}"
        self.calls[name] = set()
        self.block(d.body, scope, unit, loops=0, unit_name=name)
        d.nslots = unit.nslots
        self.program.triggers.append(d)

    def pattern_name_taken(self, key: ast.Expr) -> str | None:
        """What a plain name in a trigger's pattern already is, if it is neither new nor a member.

        A plain name there is a new name for the key, or an enum member the key must equal;
        a name that is already something else would silently turn from one into the other
        when a global of that name is added or removed, so it is refused.
        """
        if not isinstance(key, ast.Name):
            return None
        sym = self.symbols.get(key.id)
        if sym is not None:
            return None if sym.kind == "member" else sym.kind
        return "built-in value" if key.id in BUILTIN_VALUES else None

    def pattern_clash(self, d: ast.TriggerDecl, i: int, key: ast.Name, taken: str) -> None:
        new = next(n for n in (key.id[0], "k", "key") if n not in self.symbols
                   and n not in BUILTIN_VALUES and n not in (key.id, d.card_name))
        keys = ", ".join(new if j == i else _pattern_text(k) for j, k in enumerate(d.keys))
        self.error(key.span, f"'{key.id}' is a {taken}, so it cannot stand for a key here",
                   f"a plain name in a pattern is a new name for the key, or an enum member it "
                   f"must equal; to compare the key with {key.id}, name it and test it: "
                   f"on {d.event} {d.zone}[{keys}] {{ if {new} == {key.id} {{ ... }} }}")

    def d_EndDecl(self, d: ast.EndDecl) -> None:
        self.expect(d.cond, self.top_scope(), T.BOOL, "an end condition")
        self.program.ends.append(d)

    def d_RequireDecl(self, d: ast.RequireDecl) -> None:
        self.expect(d.cond, self.top_scope(), T.BOOL, "what 'require' asks")
        self.expr(d.message, self.top_scope())
        self.program.requires.append(d)

    def d_ScoreDecl(self, d: ast.ScoreDecl) -> None:
        scope = self.top_scope()
        coop = self.program.cooperative
        if d.which == "score" and coop and d.param:
            self.error(d.span, "a cooperative game has one team score: write score = ...")
        if d.which == "score" and not coop and not d.param:
            self.error(d.span, "each player has a score: write score p = ...")
        if d.which == "tiebreak" and coop:
            self.error(d.span, "a cooperative game has no tie-breaks")
        if d.which in ("heuristic", "team") and any(s.which == d.which
                                                    for s in self.program.scores):
            self.error(d.span, f"a game has one {d.which} declaration")
        if d.which == "team" and coop:
            self.error(d.span, "a cooperative game is one team already: its players win or "
                               "lose together", "delete this line, or the word cooperative "
                               "to make a game of sides")
        if d.param:
            d.slot = scope.bind(d.param, T.SEAT, mutable=False)
        if d.which == "team":
            self.team_value(d, scope)
        elif d.which == "report":
            self.expr(d.expr, scope)
        else:
            self.expect(d.expr, scope, T.INT, f"a {d.which}")
        self.program.scores.append(d)

    def team_value(self, d: ast.ScoreDecl, scope: Scope) -> None:
        """``team p = VALUE``: one value per seat, seats with equal values partners; a value
        that can be compared (a number, a text, a player, an enum member, true/false)."""
        t = self.expr(d.expr, scope)
        if t.name not in TEAM_TYPES:
            self.error(d.expr.span, f"a team is a number, a text, a player or an enum value, "
                                    f"not {T.spoken(t)}",
                       "give each seat its side; seats with equal values are partners: "
                       "team p = if p == P1 or p == P3 then 1 else 2")

    def check_whole(self, decls: list[tuple[ast.Decl, bool]]) -> None:
        game = next((d for d, _ in decls if isinstance(d, ast.GameDecl)), None)
        self.check_layouts()
        blocks = self.program.blocks
        if "play" in blocks and "turn" in blocks:
            self.error(blocks["turn"].span, "a game has either a 'play' block or a 'turn' block",
                       "'turn { ... }' is 'play' repeated for each player in turn")
        if not self.diagnostics and not self.library and "play" not in blocks \
                and "turn" not in blocks:
            self.error(game.span if game is not None else None,
                       "nothing to play: add a 'turn { ... }' or a 'play { ... }' block"
                       + ("" if not self.modules[0].is_library()
                          else " (a file with no 'game' of its own is a library: `rulelang check` "
                               "checks it alone, and games import it)"))
        # every rule must be reachable from a block or a trigger
        self.check_after()
        seen, todo = set(), [n for n in self.calls if n in ("setup", "play", "turn", "on end", "after")
                             or n.startswith("trigger@")]
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            todo.extend(self.calls.get(name, ()))
        for d, library in decls:
            # (a library's rules, checked alone, are for the games that import it)
            if isinstance(d, ast.RuleDecl) and not library and not self.library \
                    and d.name not in seen and d.name not in self.rules_as_values:
                self.error(d.span, f"rule '{d.name}' is never used",
                           "call it from setup, play, turn, a trigger or another rule, or delete it")

    # ------------------------------------------------------------ statements
    def block(self, stmts: list[ast.Stmt], scope: Scope, unit: Unit, loops: int,
              unit_name: str | None = None) -> None:
        self.unit_name = unit_name or unit.name
        done, self.previous = False, None
        self.open_blocks.append(stmts)
        for s in stmts:
            if done:
                self.error(s.span, "this line can never run: the one before it leaves the block",
                           "delete it, or move it above the line that leaves")
                done = False
            getattr(self, "s_" + type(s).__name__)(s, scope, loops)
            if isinstance(s, TERMINAL):
                done = True
            self.previous = s
        self.open_blocks.pop()

    def used_before_let(self, name: str, span: Span | None) -> bool:
        """A name used above its own ``let`` in a block being checked: said so (True)."""
        later = self.let_later(name, span)
        if later is None or later.span is None:
            return False
        self.error(span, f"'{name}' is used before its let, at line {later.span.line}",
                   "move the let above this line")
        return True

    def let_later(self, name: str, span: Span | None) -> ast.Let | None:
        """The ``let`` of ``name`` further down a block being checked (a name used before its
        let), innermost first."""
        for stmts in reversed(self.open_blocks):
            for s in stmts:
                if isinstance(s, ast.Let) and s.name == name and span is not None \
                        and s.span is not None and s.span.line > span.line:
                    return s
        return None

    def body(self, stmts: list[ast.Stmt], scope: Scope, loops: int) -> None:
        self.block(stmts, scope.child(), scope.unit, loops, self.unit_name)

    def s_Let(self, s: ast.Let, scope: Scope, loops: int) -> None:
        self.rule_call_site = s.value if isinstance(s.value, ast.Call) else None
        t = self.let_type(s, scope)
        self.rule_call_site = None
        self.new_local(s, scope)
        s.slot = scope.bind(s.name, t)

    def new_local(self, s: ast.Let | ast.Create, scope: Scope) -> None:
        """A name a statement brings in (let, create ... as): not one already there."""
        if s.name in scope.names:
            self.error(s.span, f"'{s.name}' is already defined in this block",
                       f"to change it write {s.name} = ...")
        elif s.name in self.symbols:
            self.error(s.span, f"'{s.name}' would hide the {self.symbols[s.name].kind} "
                               f"of the same name", "pick another name")

    def let_type(self, s: ast.Let, scope: Scope) -> T.Type:
        """The type of a let's name: the one written (`let x: T = ...`), else its value's."""
        if s.type is not None:
            declared = self.type_of(s.type)
            self.expect(s.value, scope, declared, f"the value of '{s.name}'")
            return declared
        t = self.expr(s.value, scope)
        if t == T.NONE:
            example = next(iter(self.cards), "int")
            self.error(s.span, f"'{s.name}' could only ever hold none: its type comes from "
                               "its first value", f"say what it will hold, like "
                       f"let {s.name}: {example} = none (int, text, player, a card kind, "
                       "an enum, list of ...)")
            return T.ANY
        return t

    def draws_by_chance(self, expr: ast.Expr, seen: set[str]) -> bool:
        """Whether ``expr`` calls random, itself or in a function it calls (``seen``: the
        functions looked into already)."""
        for node in walk(expr):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name == "random":
                return True
            sym = self.symbols.get(name)
            if sym is not None and sym.kind == "fn" and name not in seen \
                    and isinstance(sym.decl, ast.FnDecl):
                seen.add(name)
                if any(self.draws_by_chance(let.value, seen) for let in sym.decl.lets) \
                        or self.draws_by_chance(sym.decl.body, seen):
                    return True
        return False

    def s_CallStmt(self, s: ast.CallStmt, scope: Scope, loops: int) -> None:
        call = s.call
        name = call.func.id if isinstance(call.func, ast.Name) else None
        sym = self.symbols.get(name) if name else None
        if sym is None or sym.kind != "rule":
            t = self.expr(call, scope)
            what = "function" if sym is not None and sym.kind == "fn" else "built-in function"
            if call.ref is not None:
                self.error(s.span,
                           f"'{name}' is a {what}: it computes {T.spoken(t)} and changes nothing",
                           "use its value, e.g. let x = ..., or call a rule here")
            return
        decl = cast(ast.RuleDecl, sym.decl)
        call.ref = refs.Rule(decl.name)
        self.calls[self.unit_name].add(decl.name)
        if len(call.args) != len(decl.params):
            self.error(call.span, f"rule '{name}' takes {len(decl.params)} argument(s), "
                                  f"not {len(call.args)}", f"call it as {_signature(decl)}")
        for arg, param in zip(call.args, decl.params):
            self.expect(arg, scope, self.type_of(param.type), f"argument '{param.name}'")

    @staticmethod
    def seats(t: T.Type) -> bool:
        """A seat or a list of seats (what ``win`` and ``reveal ... to`` take)."""
        return T.fits(t, T.SEAT) or (t.name == "list" and T.fits(t.arg, T.SEAT))

    def s_Choose(self, s: ast.Choose, scope: Scope, loops: int) -> None:
        outer = scope
        if s.each is not None:  # by each p in SEATS: p is known in the options, pass and prompt
            each, seats = s.each
            st = self.expr(seats, scope)
            if not (T.iterable(st) and T.fits(T.element(st), T.SEAT)):
                self.error(seats.span, f"'by each {each} in' needs a list of players, "
                                       f"not {T.spoken(st)}", "like: by each p in players")
            if s.by is not None:
                self.error(s.by.span, "a choose has one 'by': a player, or 'each' of several")
            scope = scope.child()
            s.each_slot = scope.bind(each, T.SEAT, mutable=False)
        t = self.expr(s.options, scope)
        if not T.iterable(t):
            self.error(s.options.span,
                       f"choose needs a list or a zone to choose from, not {T.spoken(t)}")
        if s.by is not None:
            by = s.by
            self.expect(by, scope, T.SEAT, "who chooses", lambda got: (
                f"for each of them to choose at once write: by each q in "
                f"{self.source_of(by.span) or 'SEATS'} (the choice is then a list of "
                "(seat, answer) pairs)") if got == T.list_of(T.SEAT) else None)
        if s.pass_if is not None:
            self.expect(s.pass_if, scope, T.BOOL, "the condition to pass")
        if s.pass_word is not None:
            word, span = s.pass_word
            if not word.strip() or "{" in word or "}" in word or "+" in word:
                self.error(span, "the name of the pass move is a plain word, like \"stop\"",
                           "it is what a player types; it cannot be empty, insert values or hold '+'")
            elif word.lower() in self.option_names(s.options, t):
                self.error(span, f"the pass move '{word}' has the same name as an option",
                           "a player typing it could mean either: name the pass move otherwise")
        if s.pass_confirm is not None:
            text, span = s.pass_confirm
            if not text.strip() or "{" in text or "}" in text:
                self.error(span, "what 'confirm' asks is plain text, like \"This ends the "
                                 "game.\"",
                           "a person reads it before passing, at any moment of the game: it "
                           "cannot insert values")
        if s.prompt is not None:
            self.expr(s.prompt, scope)
        if s.refusals is not None:
            self.rechecking = True  # the conditions again, negated: their errors are told
            try:
                self.expr(s.refusals, scope)
            finally:
                self.rechecking = False
            for reason in s.reasons:
                if reason.ty is not None and not T.fits(reason.ty, T.TEXT):
                    self.error(reason.span, "the reason after 'else' is text, like "
                                            "\"you must follow {led}\"",
                               "it is what a player reads when the move is refused")
        for advice in s.prefer:  # NAME => VALUE, read for each option: a number or yes/no
            inner = scope.child()
            advice.slot = inner.bind(advice.param, self.element_of(t))
            got = self.expr(advice.body, inner)
            advice.ty = T.FN
            if not (T.fits(got, T.INT) or T.fits(got, T.BOOL)):
                self.error(advice.body.span, f"'prefer' gives each option a number (higher is "
                           f"preferred) or a yes/no, not {T.spoken(got)}",
                           f"like: prefer {s.name}.rank, or prefer {s.name} != none")
        if s.shown is not None:  # NAME => TEXT, read for each option beside its move
            inner = scope.child()
            s.shown.slot = inner.bind(s.shown.param, self.element_of(t))
            got = self.expr(s.shown.body, inner)
            s.shown.ty = T.FN
            if not T.fits(got, T.TEXT):
                self.error(s.shown.body.span, f"'shown' gives each option a text to read beside "
                           f"its move, not {T.spoken(got)}",
                           f'like: shown "{{{s.name}}} gives {{...}}"')
            elif self.draws_by_chance(s.shown.body, set()):
                self.error(s.shown.body.span, "'shown' is read whenever a screen shows the "
                           "options, so it cannot draw by chance (random)",
                           "draw the value before the choose, with a let, and show that")
        if s.private and (t.name in ("zone", "family") or (t.name == "list" and T.fits(
                T.element(t), T.card(None)) and T.element(t).name != "any")):
            self.error(s.span, "'privately' keeps a value chosen from the others; a card chosen "
                               "is seen as its zone shows it",
                       "leave 'privately' out: a card from a hand stays hidden from the others")
        if s.name in outer.names:
            self.error(s.span, f"'{s.name}' is already defined in this block")
        chosen = self.element_of(t)
        if s.each is not None:  # every seat's choice, as (seat, choice) pairs
            chosen = T.list_of(T.Type("tuple", (T.SEAT, chosen)))
        s.slot = outer.bind(s.name, chosen)

    def s_If(self, s: ast.If, scope: Scope, loops: int) -> None:
        for cond, body in s.branches:
            self.expect(cond, scope, T.BOOL, "the condition")
            self.body(body, scope, loops)
        if s.other is not None:
            self.body(s.other, scope, loops)

    def s_For(self, s: ast.For, scope: Scope, loops: int) -> None:
        t = self.expr(s.iter, scope)
        if not T.iterable(t):
            self.error(s.iter.span, f"cannot go through {T.spoken(t)}: it is not a list or a zone",
                       "go through a range of numbers: for i in 1..n" if t == T.INT else None)
        inner = scope.child()
        s.slots = self.bind_loop_names(s.names, self.element_of(t), inner, s.span)
        self.block(s.body, inner, scope.unit, loops + 1, self.unit_name)

    def s_Repeat(self, s: ast.Repeat, scope: Scope, loops: int) -> None:
        self.expect(s.count, scope, T.INT, "how many times")
        inner = scope.child()
        s.slot = inner.bind(s.name or " repeat", T.INT, mutable=False)
        self.block(s.body, inner, scope.unit, loops + 1, self.unit_name)

    def s_While(self, s: ast.While, scope: Scope, loops: int) -> None:
        self.expect(s.cond, scope, T.BOOL, "the condition")
        self.body(s.body, scope, loops + 1)

    def s_Loop(self, s: ast.Loop, scope: Scope, loops: int) -> None:
        self.body(s.body, scope, loops + 1)

    def s_Break(self, s: ast.Break, scope: Scope, loops: int) -> None:
        if not loops:
            word = "break" if isinstance(s, ast.Break) else "continue"
            self.error(s.span, f"'{word}' is only allowed inside a loop",
                       "to leave a rule early write 'return'" if word == "break" else None)

    s_Continue = s_Break

    def s_Log(self, s: ast.Log, scope: Scope, loops: int) -> None:
        self.expr(s.message, scope)


def _pattern_text(key: ast.Expr) -> str:
    if isinstance(key, ast.Name):
        return key.id
    if isinstance(key, ast.Attr) and isinstance(key.obj, ast.Name):
        return f"{key.obj.id}.{key.name}"
    return "..."


def _signature(decl: ast.RuleDecl) -> str:
    return f"{decl.name}({', '.join(p.name for p in decl.params)})"
