"""A checked ruleset compiled once, ready to start any number of games."""
from __future__ import annotations

from interpreter.chance import chance_sites
from interpreter.compile_expr import ExprCompiler
from interpreter.compile_stmt import DONE, SWITCH, Code, UnitCompiler
from interpreter.reads import reads
from interpreter.values import EnumValue
from rulelang.errors import RulesError


class Rules:
    """The public handle on a ruleset: ``rules.new_game(...)``, ``rules.restore(text)``."""

    def __init__(self, program):
        self.program = program
        self.title = program.title
        self.enum_values = {name: [EnumValue(name, m, i) for i, m in enumerate(members)]
                            for name, members in program.enums.items()}
        ec = self.ec = ExprCompiler(program, self.enum_values)
        for decl in program.fns.values():
            ec.compile_fn(decl)
        self.global_slots = max(program.global_slots, 1)
        self.options = {}
        for name, (decl, ty) in program.options.items():
            self.options[name] = (decl, ty, ec.expr(decl.default), ec.maybe(decl.allowed))
        self.dummies = [(d.name, ec.maybe(d.cond)) for d in program.dummies]
        self.consts = [(d.name, ec.expr(d.value)) for d in program.consts]
        self.tables = {name: (info.order, [[ec.expr(c) for c in row] for row in info.rows])
                       for name, info in program.tables.items()}
        self.kinds = {}
        self.hints = {}  # display hints for the terminal: kind -> (slots, {hint: code})
        for name, kind in program.cards.items():
            fixed = [f for f in kind.fields.values() if not f.mutable]
            state = [(f.name, ec.expr(f.init)) for f in kind.fields.values() if f.mutable]
            coerce = {f.name: f.type.name for f in fixed if f.type.name in ("shape", "cell")}
            label = ec.renderer(kind.label) if kind.label is not None else None
            self.kinds[name] = (kind.slots, state, label, coerce)
            decl = kind.decl
            self.hints[name] = (kind.hint_slots, {
                hint: ec.maybe(getattr(decl, hint))
                for hint in ("symbol", "tint", "symbol_means", "tint_means")
                if getattr(decl, hint) is not None})
        self.vars = [(v, ec.maybe(v.init)) for v in program.vars.values()]
        self.ends = [ec.expr(d.cond) for d in program.ends]
        self.end_reads = _union(reads(d.cond, program.fns) for d in program.ends)
        self.scores = [(d.which, d.slot, d.key, ec.expr(d.expr), d.expr.ty)
                       for d in program.scores if d.which != "heuristic"]
        self.heuristic = next(((d.slot, ec.expr(d.expr)) for d in program.scores
                               if d.which == "heuristic"), None)
        self.codes: dict[str, Code] = {}
        for decl in program.rules.values():
            self.codes["rule:" + decl.name] = self._unit("rule " + decl.name, "rule", decl)
        blocks = program.blocks
        if "setup" in blocks:
            self.codes["setup"] = self._unit("setup", "setup", blocks["setup"], final=_end_setup)
        if "play" in blocks:
            self.codes["play"] = self._unit("play", "play", blocks["play"], final=_end_play)
        if "turn" in blocks:
            self.codes["play"] = self._turn(blocks["turn"])
        self.chance = chance_sites(program)
        self.triggers: dict[tuple, list] = {}
        for i, decl in enumerate(program.triggers):
            code = self._unit(f"on {decl.event} {decl.zone}", "trigger", decl)
            self.codes[f"trigger:{i}"] = code
            binders = [(k, slot) if not hasattr(slot, "ty") else (k, ec.expr(slot))
                       for k, slot in decl.binders]
            self.triggers.setdefault((decl.event, decl.zone), []).append(
                (code, binders, decl.card_slot))

    def _unit(self, name, kind, decl, final=None):
        code = Code(name, kind, max(decl.nslots, 1), decl)
        unit = UnitCompiler(self.ec, code)
        unit.stmts(decl.body)
        return unit.link(final or (lambda i: _leave))

    def _turn(self, decl):
        """``turn { body }``: the body for each player in turn, forever (until the game ends)."""
        code = Code("turn", "play", max(decl.nslots, 1), decl)
        unit = UnitCompiler(self.ec, code)
        unit.emit(decl.span, lambda i: _turn_header(i + 1))
        unit.stmts(decl.body)
        return unit.link(_next_turn)  # `return` in the body ends the turn

    # -- the public API
    def new_game(self, players: int | None = None, seed: int = 0, options: dict | None = None,
                 fix: dict | None = None, chance=None):
        """A game, run to its first decision. ``chance``: the game's chance source
        (see ``Effects.chance_source``), asked for every draw that ``fix`` does not fix."""
        from interpreter.engine import Game
        program = self.program
        if players is None:
            players = program.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise RulesError(f"players must be a whole number, not {players!r}")
        if not program.min_players <= players <= program.max_players:
            span = (f"{program.min_players}" if program.min_players == program.max_players
                    else f"{program.min_players} to {program.max_players}")
            raise RulesError(f"{self.title} is for {span} players, not {players}")
        game = Game(self, players, seed, options or {}, fix or {})
        game.chance_source = chance
        game.start()
        return game

    def chance_events(self) -> list[str]:
        """The chance events these rules can draw, as a test names them in ``fix=``.

        A keyed zone's shuffles read ``shuffle stack[...]`` (one event per key, e.g.
        ``shuffle stack[water]``); a label built from values shows ``...`` where they go."""
        return sorted({site.shown for site in self.chance})

    def restore(self, text: str):
        from interpreter.saving import restore
        return restore(self, text)

    def display_hints(self, g, card) -> dict:
        """A card's display hints declared in its kind, as texts: symbol, tint, and what
        each means (symbol_means, tint_means), each only if declared."""
        slots, hints = self.hints[card.kind]
        if not hints:
            return {}
        L = g.global_L
        for name, slot in slots.items():
            L[slot] = card.f[name]
        return {hint: g.text_of(code(g, L)) for hint, code in hints.items()}

    @property
    def player_counts(self):
        return range(self.program.min_players, self.program.max_players + 1)


def _union(sets):
    """Everything the end conditions read; None if any of them could read anything."""
    out = set()
    for s in sets:
        if s is None:
            return None
        out |= s
    return out


def _leave(g, L):
    g.frames.pop()
    return SWITCH


def _end_setup(i):
    def op(g, L):
        g.in_setup = False
        g.check_fixed_after_setup()
        g.frames.pop()
        if g.ends_reached():  # not checked during setup: checked once it is over
            g.finish("end", None, None)
            return DONE
        return SWITCH
    return op


def _end_play(i):
    def op(g, L):
        g.finish("end", None, None)
        return DONE
    return op


def _turn_header(nxt):
    def op(g, L):
        g.turn_number += 1
        g.log_header(f"turn {g.turn_number}: {g.seat_name(g.current)}")
        return nxt
    return op


def _next_turn(i):
    def op(g, L):
        players = g.players
        g.current = players[(players.index(g.current) + 1) % len(players)] \
            if g.current in players else players[0]
        g.steps += 1
        if g.steps > 10_000:
            from interpreter.values import Fail
            raise Fail("turns keep passing with no decision: the game never ends")
        return 0
    return op
