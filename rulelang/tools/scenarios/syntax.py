"""Scenario files to records: the rules grammar's expressions, and the scenario forms
of ``scenario.lark``, read by the same Lark machinery as a ``.rules`` file."""
from __future__ import annotations

import functools
import re
from pathlib import Path

import attrs
from lark import Lark, Token, v_args
from lark.exceptions import UnexpectedInput
from lark.lexer import PatternStr

from interpreter.runtime.chance import Outcomes
from rulelang.language import ast
from rulelang.language.builder import Builder
from rulelang.language.errors import ParseError, Span
from rulelang.language.one_node import _unquote
from rulelang.language.parser import (
    GRAMMAR,
    _check_depth,
    _hard_keyword,
    _soft_keyword,
    _table_cache,
    parse_expr,
)
from rulelang.language.syntax_errors import Blame, describe

SCENARIO_GRAMMAR = Path(__file__).with_name("scenario.lark")


# ------------------------------------------------------------------ the records

@attrs.frozen
class Step:
    """One line of a scenario, run in order: ``kind`` says what it does."""
    kind: str  # play, refused, legal, decides, over, scores, report, logged, state, true
    span: Span
    moves: tuple = ()  # play, refused, legal: the moves' texts
    mode: str = ""  # legal: exactly / has / lacks; over: win / draw / loss / score ("": any)
    text: str | None = None  # refused: the reason; decides: the prompt; over: the reason;
    #                          report: its name; logged: the line
    seats: tuple = ()  # decides: (seat,); over: the winners named
    target: object = None  # state: the expression naming what is checked
    value: object = None  # state, report, scores: the expected plain value
    expr: object = None  # true: the condition (an ast.Expr, checked with the rules)


@attrs.frozen
class Position:
    span: Span
    zones: dict  # zone name -> [card name, or (card name, place)]
    add: dict  # zone name -> cards put with what setup left there
    vars: dict  # variable (with its key in brackets) -> plain value
    fields: dict  # card name -> {field: plain value}
    current: object = None
    turn: int | None = None
    rest: str | None = None
    face_up: tuple = ()  # zones, places (deck#1, table@E5) or card names
    face_down: tuple = ()
    seen: dict = attrs.Factory(dict)  # seat -> [zone, place or card name]
    phase: str | None = None  # a rule: the position starts as it begins (mid-round)
    phase_call: int = 1  # its run: 1 the first time the rules run it
    # what each line states (the part a position's error names) -> where it is written
    spans: dict = attrs.Factory(dict)


@attrs.frozen
class Scenario:
    name: str
    span: Span
    cites: tuple
    players: int | None
    options: dict
    seed: int
    fix: dict
    position: Position | None
    steps: tuple
    fix_lines: tuple = ()  # (event, outcome, span) of each `fix` line, in order


# ------------------------------------------------------------------ parsing

@functools.cache
def _lark() -> Lark:
    text = GRAMMAR.read_text(encoding="utf-8") + "\n" + SCENARIO_GRAMMAR.read_text(encoding="utf-8")
    return Lark(text, parser="lalr", propagate_positions=True, start=["scenarios_start"],
                maybe_placeholders=True, lexer_callbacks={"NAME": _hard_keyword},
                cache=_table_cache(text.encode("utf-8"), "scenarios") or False)


@functools.cache
def _literals() -> dict:
    return {t.name: t.pattern.value for t in _lark().terminals if isinstance(t.pattern, PatternStr)}


# a list of moves whose line ends with a ',', then the next line up to where the parse
# failed: nothing (the failing token is the line's first) or one word, read as a move
_TRAILING_COMMA = re.compile(r"^([ \t]*(?:play|legal)\b(?:[^\n#\"]|\"[^\"\n]*\")*),[ \t]*(?:#[^\n]*)?\n"
                             r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*(\w*)[ \t]*\Z", re.MULTILINE)


def _scenario_mistake(token: Token, text: str) -> Blame | None:
    """What is said of a scenario's own lines where the parse stopped at ``token`` (the
    rules' expressions in them are the language's syntax errors' to explain)."""
    pos = token.start_pos or 0
    line_before = text[text.rfind("\n", 0, pos) + 1:pos]
    if token == "refused" and re.match(r"\s*play\b.*,", line_before):
        return Blame("unexpected 'refused' after several moves",
                     "'refused' follows one move, alone on its play line: play the moves "
                     'before it first, then: play "MOVE" refused', *_line_col(text, pos),
                     len(token))
    if token == "[" and re.match(r"\s*over\s+win\s*$", line_before):
        return Blame("unexpected '['", "a scenario names the winners without brackets: over "
                     "win P1, P3", *_line_col(text, pos))
    return _trailing_comma(token, text)


def _line_col(text: str, at: int) -> tuple[int, int]:
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def _trailing_comma(token: Token, text: str) -> Blame | None:
    """``play forest,`` at the end of a line: the ',' asks for one more move, so the next
    line's first word (``expect``) was read as that move. Blamed: the ','."""
    found = _TRAILING_COMMA.search(text[:token.start_pos])
    if found is None or token.type == "COMMA":
        return None
    at = found.end(1)  # the ','
    word = found.group(2)
    read = (f", so '{word}' on the next line was read as one more move" if word
            else ", and the next line has no move")
    return Blame(f"this line ends with ','{read}",
                 "a ',' wants another move after it: remove it, or write the next move after it "
                 "on this line", *_line_col(text, at))


def parse_scenarios(text: str, file: str) -> list[Scenario]:
    try:
        tree = _lark().parse(text, start="scenarios_start", on_error=_soft_keyword)
    except UnexpectedInput as error:
        diagnostic = describe(error, text, file, 1, 1, _literals(), in_string=False, reparse=None,
                              own=_scenario_mistake)
        raise ParseError(diagnostic.message, [diagnostic], {file: text}) from None
    _check_depth(tree, text, file, 0, 0)
    builder = _ScenarioBuilder(file, text, parse_expr)
    try:
        scenarios = builder.transform(tree)
    except Exception as error:  # a ParseError raised inside the transformer comes wrapped
        inner = getattr(error, "orig_exc", None)
        if isinstance(inner, ParseError):
            raise inner from None
        raise
    names = set()
    for scenario in scenarios:
        if scenario.name in names:
            builder._bad(f"two scenarios are called '{scenario.name}'", scenario.span,
                         "give each scenario its own name: it is how a failure is reported")
        names.add(scenario.name)
    return scenarios


def card_field(expr) -> bool:
    """``"water 4".colour``: a field of the card(s) of that name."""
    return (isinstance(expr, ast.Attr) and isinstance(expr.obj, ast.Lit)
            and isinstance(expr.obj.value, str))


@v_args(meta=True)
class _ScenarioBuilder(Builder):
    def scenarios_start(self, meta, items):
        return list(items)

    def scenario(self, meta, c):
        name, body = _unquote(c[0]), c[1:]
        span = self._s(meta)
        cites, options, fix, steps, fix_lines = [], {}, {}, [], []
        players = position = None
        seed = 0
        for kind, value, where in body:
            if kind == "cites":
                cites.extend(value)
            elif kind == "players":
                players = value
            elif kind == "option":
                options[value[0]] = value[1]
            elif kind == "seed":
                seed = value
            elif kind == "fix":  # a second fix of one event queues its next outcome
                for outcome in value[1]:
                    fix.setdefault(value[0], []).append(outcome)
                    fix_lines.append((value[0], outcome, where))
            elif kind == "position":
                if position is not None:
                    self._bad("a scenario has one position", where)
                if steps:
                    self._bad("a position comes before the moves and what is expected", where,
                              "a scenario starts from its position, then plays")
                position = value
            else:
                steps.append(value)
        fixed = {event: outcomes[0] if len(outcomes) == 1 else Outcomes(outcomes)
                 for event, outcomes in fix.items()}
        return Scenario(name, span, tuple(cites), players, options, seed, fixed, position,
                        tuple(steps), tuple(fix_lines))

    def cites_stmt(self, meta, c):
        return ("cites", [str(t) for t in c], self._s(meta))

    def players_stmt(self, meta, c):
        return ("players", int(c[0]), self._s(meta))

    def option_stmt(self, meta, c):
        return ("option", (str(c[0]), self.plain(c[1])), self._s(meta))

    def seed_stmt(self, meta, c):
        return ("seed", int(c[0]), self._s(meta))

    def fix_stmt(self, meta, c):
        """``fix "die" = 3, 3, 4, 4``: the event's next outcomes, in order (four dice)."""
        return ("fix", (_unquote(c[0]), [self.plain(x) for x in c[1:]]), self._s(meta))

    # -- the position
    def position_block(self, meta, lines):
        span = self._s(meta)
        zones, add, vars_, fields, spans, seen = {}, {}, {}, {}, {}, {}
        face = {"up": [], "down": []}
        current = turn = rest = phase = None
        phase_call = 1
        for kind, target, value, where in lines:
            if kind == "add":
                name = self.place_name(target)
                add[name] = self.plain(value)
                spans[f"add {name}"] = where
            elif kind == "rest":
                rest = self.place_name(target)
                spans["rest"] = where
            elif kind == "face":
                for ref in value:
                    text = self.card_ref(ref)
                    face[target].append(text)
                    spans[f"face {target} {text}"] = ref.span
            elif kind == "seen":
                seat, seat_span = target
                spans.setdefault(f"seen {seat}", seat_span)
                for ref in value:
                    text = self.card_ref(ref)
                    seen.setdefault(seat, []).append(text)
                    spans[f"seen {seat} {text}"] = ref.span
            elif kind == "phase":
                if phase is not None:
                    self._bad("a position starts in one phase", where)
                phase, phase_call = target, value
                spans["phase"] = where
            elif isinstance(target, ast.Name) and target.id == "current":
                current = self.plain(value)
                spans["current"] = where
            elif isinstance(target, ast.Name) and target.id == "turn":
                turn = self.plain(value)
                spans["turn"] = where
            elif card_field(target):
                card = self.plain(target.obj)
                fields.setdefault(card, {})[target.name] = self.plain(value)
                spans[f"field {card}"] = where
            else:
                name = self.place_name(target)
                plain = self.plain(value)
                # a list of card names, or a value for a variable: the rules tell which
                zones[name] = plain
                vars_[name] = plain
                spans[f"set {name}"] = where
        return ("position", Position(span, zones, add, vars_, fields, current, turn, rest,
                                     tuple(face["up"]), tuple(face["down"]), seen, phase,
                                     phase_call, spans), span)

    def face_line(self, meta, c):
        return ("face", c[0], c[1:], self._s(meta))

    def face_way(self, meta, c):
        return str(c[0])

    def seen_line(self, meta, c):
        return ("seen", (str(c[0]), self._ts(c[0])), c[1:], self._s(meta))

    def phase_line(self, meta, c):
        call = int(c[1]) if c[1] is not None else 1
        if call < 1:
            self._bad(f"a phase's run is counted from 1, not {call}", self._s(meta),
                      f"phase {c[0]} is its first run; phase {c[0]} 2 its second")
        return ("phase", str(c[0]), call, self._s(meta))

    def card_ref(self, expr) -> str:
        """A card, or cards, a position line names: a zone (``hints``, ``hand[P1]``), a
        place as a move names it (``"deck#1"``, ``"table@E5"``) or a card's name
        (``"Ace"``, ``Token("Ace")``)."""
        if isinstance(expr, (ast.Name, ast.Index)):
            return self.place_name(expr)
        value = self.plain(expr) if isinstance(expr, (ast.Lit, ast.Text, ast.Call)) else None
        if not isinstance(value, str):
            self._bad("this names no card", expr.span,
                      'name a zone (deck, hand[P1]), a place as moves name a card '
                      '("deck#1", "table@E5") or a card ("Ace", Token("Ace"))')
        return value

    def pos_set(self, meta, c):
        return ("set", c[0], c[1], self._s(meta))

    def pos_add(self, meta, c):
        return ("add", c[0], c[1], self._s(meta))

    def rest_line(self, meta, c):
        return ("rest", c[0], None, self._s(meta))

    # -- the steps
    def play_moves(self, meta, c):
        return ("step", Step("play", self._s(meta), moves=tuple(self.move(t) for t in c)), None)

    def play_refused(self, meta, c):
        reason = _unquote(c[1]) if c[1] is not None else None
        return ("step", Step("refused", self._s(meta), moves=(self.move(c[0]),), text=reason), None)

    def legal_exactly(self, meta, c):
        return ("step", Step("legal", self._s(meta), moves=tuple(map(self.move, c)),
                             mode="exactly"), None)

    def legal_has(self, meta, c):
        return ("step", Step("legal", self._s(meta), moves=tuple(map(self.move, c)), mode="has"),
                None)

    def legal_lacks(self, meta, c):
        return ("step", Step("legal", self._s(meta), moves=tuple(map(self.move, c)),
                             mode="lacks"), None)

    def decides_stmt(self, meta, c):
        prompt = _unquote(c[1]) if c[1] is not None else None
        return ("step", Step("decides", self._s(meta), seats=(str(c[0]),), text=prompt), None)

    def outcome(self, meta, c):
        return str(c[0])

    def over_stmt(self, meta, c):
        outcome = "" if c[0] is None else str(c[0])  # "": over, whatever the result
        seats = tuple(str(t) for t in c[1:] if isinstance(t, Token) and t.type == "NAME")
        reason = next((_unquote(t) for t in c[1:] if isinstance(t, Token) and t.type == "STRING"),
                      None)
        if seats and outcome != "win":
            self._bad(f"'over {outcome}' names no winners", self._s(meta))
        return ("step", Step("over", self._s(meta), mode=outcome, seats=seats, text=reason), None)

    def scores_stmt(self, meta, c):
        return ("step", Step("scores", self._s(meta), value=[self.plain(x) for x in c]), None)

    def report_stmt(self, meta, c):
        return ("step", Step("report", self._s(meta), text=_unquote(c[0]),
                             value=self.plain(c[1])), None)

    def logged_stmt(self, meta, c):
        return ("step", Step("logged", self._s(meta), text=_unquote(c[0])), None)

    def expect_state(self, meta, c):
        target = c[0]
        if not (isinstance(target, (ast.Name, ast.Index)) or card_field(target)):
            self._bad("'expect X = VALUE' names a zone, a variable, current, turn or a card's "
                      "field (\"NAME\".field)", target.span,
                      "for anything else write a condition: expect size(hand[P1]) == 3")
        return ("step", Step("state", self._s(meta), target=target, value=self.plain(c[1])), None)

    def expect_true(self, meta, c):
        return ("step", Step("true", self._s(meta), expr=c[0]), None)

    # -- plain values
    def move_text(self, meta, c):
        token = c[0]
        return _unquote(token) if token.type == "STRING" else str(token)

    def move(self, text) -> str:
        return text

    def place_name(self, expr) -> str:
        """``side[water, P1]`` as the name of a zone or a keyed variable."""
        if isinstance(expr, ast.Name):
            return expr.id
        if isinstance(expr, ast.Index) and isinstance(expr.obj, ast.Name):
            return f"{expr.obj.id}[{','.join(str(self.plain(a)) for a in expr.args)}]"
        self._bad("this names no zone or variable", expr.span,
                  "write a zone (deck, hand[P1]) or a variable (round, bid[P2])")

    def plain(self, expr):
        """A value written in a scenario: numbers, texts, names (a member, a seat, a
        card's name), true/false/none, and lists or tuples of them. Nothing computed."""
        if isinstance(expr, ast.Lit):
            return expr.value
        if isinstance(expr, ast.Text):
            if any(not isinstance(p, str) for p in expr.parts):
                self._bad("a value in a scenario is written out: no {...} in it", expr.span)
            return "".join(expr.parts)
        if isinstance(expr, ast.Name):
            return expr.id
        if isinstance(expr, ast.Neg) and isinstance(expr.operand, ast.Lit):
            return -expr.operand.value
        if isinstance(expr, ast.ListLit):
            return [self.plain(x) for x in expr.items]
        if isinstance(expr, ast.TupleLit):
            return tuple(self.plain(x) for x in expr.items)
        if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and len(expr.args) == 1
                and isinstance(expr.args[0], ast.Lit) and isinstance(expr.args[0].value, str)):
            return f'{expr.func.id}("{expr.args[0].value}")'  # Tile("red 2"): a card and its kind
        if isinstance(expr, ast.Range) and isinstance(expr.lo, ast.Lit) and isinstance(expr.hi, ast.Lit):
            return list(range(expr.lo.value, expr.hi.value + 1))
        self._bad("a value in a scenario is written out, not computed", expr.span,
                  "write a number, a text, a name, true, false, none, or a list of them; "
                  "to check something computed, write: expect CONDITION")
