"""Running one scenario: its start, then each step in order; the first step that does
not hold ends it, with what was expected and what happened."""
from __future__ import annotations

import re
from functools import partial

import attrs

from interpreter.runtime.values import Card, EnumValue, Keyed, Seat
from rulelang.language import ast
from rulelang.language.errors import IllegalMove, RulesError, Span, did_you_mean


@attrs.frozen
class Failure:
    span: Span | None
    message: str
    expected: str | None = None
    actual: str | None = None
    hint: str | None = None  # what to write instead (a position that cannot be)
    caret: bool = False  # show carets under the span: it is the very part that is wrong


@attrs.frozen
class Result:
    scenario: object
    failure: Failure | None

    @property
    def passed(self) -> bool:
        return self.failure is None


class _Fails(Exception):
    def __init__(self, failure: Failure):
        self.failure = failure


def run_scenario(suite, scenario) -> Result:
    try:
        game = _start(suite.rules, scenario)
        for step in scenario.steps:
            try:
                _STEPS[step.kind](suite, game, step)
            except _Fails:
                raise
            except RulesError as error:
                fixed = _fix_line(scenario, error)
                raise _Fails(Failure(fixed or step.span, _first_line(error),
                                     caret=fixed is not None)) from None
    except _Fails as failed:
        return Result(scenario, failed.failure)
    except RulesError as error:
        return Result(scenario, _cannot_start(scenario, error))
    return Result(scenario, _never_drawn(scenario, game))


def _never_drawn(scenario, game) -> Failure | None:
    """A `fix` whose outcome the game never drew, at its line: the scenario did not test
    what it says (the event came fewer times than it was fixed)."""
    for event, queue in getattr(game, "fixed", {}).items():
        lines = [span for name, _value, span in scenario.fix_lines if name == event]
        if queue and len(lines) >= len(queue):
            unused = len(queue)
            drawn = len(lines) - unused
            return Failure(lines[-unused], f"this outcome was never drawn: the game drew "
                           f"'{event}' {_times(drawn)}, and the scenario fixes it "
                           f"{_times(len(lines))}", hint="take the line out, or play on to the draw "
                           "it is for (a fix holds for the next draw of its event)", caret=True)
    return None


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def _fix_line(scenario, error) -> Span | None:
    """The `fix` line an error about a fixed chance event is about (the first that fixes
    that event to that outcome), or None: not such an error, or no such line."""
    event = getattr(error, "chance_event", None)
    if event is None:
        return None
    outcome = getattr(error, "chance_outcome", None)
    lines = [(value, span) for name, value, span in scenario.fix_lines if name == event]
    return next((span for value, span in lines if outcome is None or value == outcome),
                lines[0][1] if lines else None)


def _cannot_start(scenario, error) -> Failure:
    """A start that cannot be: at the line of the position that states the wrong part."""
    fixed = _fix_line(scenario, error)
    if fixed is not None:
        return Failure(fixed, "the scenario cannot start: " + _first_line(error), caret=True)
    position, part = scenario.position, getattr(error, "part", None)
    where = position.span if position else scenario.span
    spans = position.spans if position else {}
    found = spans.get(part) if part else None
    if found is None and part:  # a part of a line (a seat, a card): the line it is on
        found = next((span for key, span in spans.items() if part.startswith(key + " ")
                      or key.startswith(part + " ")), None)
    return Failure(found or where, "the scenario cannot start: " + _first_line(error),
                   hint=getattr(error, "hint", None), caret=found is not None)


def _first_line(error) -> str:
    return error.diagnostics[0].message if getattr(error, "diagnostics", None) else str(error)


def _start(rules, scenario):
    position = scenario.position
    if position is None:
        return rules.new_game(players=scenario.players, seed=scenario.seed,
                              options=scenario.options, fix=scenario.fix)
    program = rules.program
    zones = {k: v for k, v in position.zones.items() if _base(k) in program.zones}
    vars_ = {k: v for k, v in position.vars.items() if _base(k) not in program.zones}
    return rules.position(players=scenario.players, zones=zones, vars=vars_,
                          current=position.current, turn=position.turn,
                          options=scenario.options, seed=scenario.seed, fix=scenario.fix,
                          rest=position.rest, fields=position.fields, add=position.add,
                          face_up=position.face_up, face_down=position.face_down,
                          seen=position.seen, phase=position.phase,
                          phase_call=position.phase_call)


def _base(name: str) -> str:
    return name.partition("[")[0].strip()


def _fail(step, message, expected=None, actual=None):
    raise _Fails(Failure(step.span, message, expected, actual))


# ------------------------------------------------------------------ values as a test reads them

def comparable(value):
    """A runtime value as a scenario writes it: cards by name, seats as P1, members by name."""
    t = type(value)
    if t is Card:
        return value.label
    if t is Seat:
        return value.name
    if t is EnumValue:
        return value.name
    if t is list or t is tuple:
        return [comparable(v) for v in value]
    if t is Keyed:
        return {_key_text(k): comparable(v) for k, v in value.items()}
    if t is dict:  # a report kept per player: {"P1": ..., "P2": ...}
        return {str(k): comparable(v) for k, v in value.items()}
    if t is bool or t is int or t is str or value is None:
        return value
    from interpreter.runtime.protocol import text_of
    return text_of(value)


def _key_text(key) -> str:
    keys = key if isinstance(key, tuple) else (key,)
    return ",".join(str(comparable(k)) for k in keys)


def shown(value) -> str:
    """A plain value as a failure shows it."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same(expected, actual) -> bool:
    if isinstance(expected, (list, tuple)) and isinstance(actual, (list, tuple)):
        return len(expected) == len(actual) and all(_same(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(_same(v, actual.get(str(k).replace(" ", ""))) for k, v in expected.items())
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(actual, str):
        return str(expected) == actual
    return expected == actual


# ------------------------------------------------------------------ the steps

def _play(suite, game, step):
    for move in step.moves:
        try:
            game.play(move)
        except IllegalMove as error:
            said = _first_line(error).removeprefix(f"'{move}' is refused: ")  # not said twice
            _fail(step, f"the move '{move}' is refused: {said}")


def _refused(suite, game, step):
    move = step.moves[0]
    try:
        game.play(move)
    except IllegalMove as error:
        reason = getattr(error, "reason", None)
        if step.text is not None and reason != step.text:
            _fail(step, f"the move '{move}' is refused, for another reason",
                  shown(step.text), shown(reason) if reason else _first_line(error))
        return
    _fail(step, f"the move '{move}' was played: it is legal here", "refused", "played")


def _legal(suite, game, step):
    actual = [str(m) for m in game.legal_moves()] if not game.is_over else []
    wanted = list(step.moves)
    if step.mode == "exactly":
        if sorted(wanted) != sorted(actual):
            _fail(step, "other legal moves", shown(wanted), shown(actual))
    elif step.mode == "has":
        missing = [m for m in wanted if m not in actual]
        if missing:
            _fail(step, f"not legal: {', '.join(missing)}", shown(wanted), shown(actual))
    else:
        present = [m for m in wanted if m in actual]
        if present:
            _fail(step, f"legal: {', '.join(present)}", "not " + shown(wanted), shown(actual))


def _decides(suite, game, step):
    if game.is_over:
        _fail(step, "the game is over: nobody decides", step.seats[0], _outcome_text(game))
    seat = game.seat_name(game.to_move)
    if seat != step.seats[0]:
        _fail(step, "another seat decides", step.seats[0], seat)
    if step.text is not None:
        prompt = game.view(None)["decision"]["prompt"]
        if prompt != step.text and not _as_written(game, step.text):
            _fail(step, "another prompt", shown(step.text), shown(prompt))


def _as_written(game, text: str) -> bool:
    """The prompt as the rules write it, values in braces (``action ({actions} left)``, as
    ``rulelang rules`` and ``simulate`` show it): each {...} there stands for a value."""
    written = getattr(getattr(game.pending, "site", None), "written", None)
    if not isinstance(written, ast.Text) or "{" not in text:
        return False
    said = re.sub(r"\{[^{}]*\}", "\x00", text.replace("{{", "\x01").replace("}}", "\x02"))
    wrote = "".join(p.replace("{", "\x01").replace("}", "\x02") if isinstance(p, str) else "\x00"
                    for p in written.parts)
    return said == wrote


def _outcome_text(game) -> str:
    if not game.is_over:
        return f"the game goes on ({game.seat_name(game.to_move)} decides)"
    outcome = game.outcome_record
    winners = ", ".join(game.seat_name(s) for s in outcome.winners)
    text = outcome.result + (f" {winners}" if winners and outcome.result == "win" else "")
    if outcome.reason:
        text += f' because "{outcome.reason}"'
    return text


def _over(suite, game, step):
    wanted = (step.mode or "over") + (" " + ", ".join(step.seats) if step.seats else "")
    if step.text is not None:
        wanted += f' because "{step.text}"'
    if not game.is_over:
        _fail(step, "the game is not over", wanted, _outcome_text(game))
    outcome = game.outcome_record
    ok = not step.mode or outcome.result == step.mode  # (over alone: whatever the result)
    if step.seats:
        ok = ok and sorted(game.seat_name(s) for s in outcome.winners) == sorted(step.seats)
    if step.text is not None:
        ok = ok and outcome.reason == step.text
    if not ok:
        _fail(step, "another outcome", wanted, _outcome_text(game))


def _scores(suite, game, step):
    if not game.is_over:
        _fail(step, "the game is not over: no scores yet", shown(step.value), _outcome_text(game))
    scores = game.outcome_record.scores
    actual = [scores[s] for s in sorted(scores)]
    if not _same(step.value, actual):
        _fail(step, "other scores", shown(step.value), shown(actual))


def _report(suite, game, step):
    if not game.is_over:
        _fail(step, "the game is not over: no reports yet", shown(step.value), _outcome_text(game))
    reports = game.outcome_record.reports
    if step.text not in reports:
        _fail(step, f"no report \"{step.text}\"")
    actual = comparable(reports[step.text])
    if isinstance(actual, dict) and isinstance(step.value, list) and list(actual) == [
            game.seat_name(p) for p in game.outcome_record.scores]:
        actual = list(actual.values())  # one per player, written as scores are: in seat order
    if not _same(step.value, actual):
        _fail(step, f"report \"{step.text}\"", shown(step.value), shown(actual))


def _logged(suite, game, step):
    lines = game.transcript().splitlines()
    if not any(step.text in line for line in lines):
        _fail(step, "no line of the transcript says this", shown(step.text),
              "\n".join(lines[-6:]))


def _state(suite, game, step):
    target = step.target
    if isinstance(target, ast.Attr):  # "NAME".field: the one card of that name in a zone
        label = target.obj.value
        cards = [_card_named(game, step, label, '"NAME".field')]
        field = target.name
        if field not in game.cv and field not in cards[0].f:
            _fail(step, f"'{label}' has no field '{field}'")
        values = [comparable(game.cv[field][c.id] if field in game.cv else c.f[field])
                  for c in cards]
        if any(not _same(step.value, v) for v in values):
            _fail(step, f"{label}.{field} has another value", shown(step.value),
                  shown(values if len(values) > 1 else values[0]))
        return
    name = _place_name(target)
    if name == "current":
        actual = game.seat_name(game.current)
    elif name == "turn":
        actual = game.turn_number
    elif name in game.layout.zone_named or name.replace(" ", "") in game.layout.zone_named:
        zone = game.layout.zone_named[name.replace(" ", "")]
        cards = game.zc[zone.i]
        actual = [c.label for c in (cards[::-1] if zone.kind == "pile" else cards)]
        if zone.grid:
            actual = sorted(actual)
            expected = sorted(e[0] if isinstance(e, (list, tuple)) else e for e in step.value)
            if expected != actual:
                _fail(step, f"{zone.name} holds other cards", shown(expected), shown(actual))
            return
    else:
        actual = _var(game, name, step)
    if not _same(step.value, actual):
        what = (f"{name} holds other cards" if name.replace(" ", "") in game.layout.zone_named
                else f"{name} has another value")
        _fail(step, what, shown(step.value), shown(actual))


def _card_named(game, step, label, what="a card's name in a condition"):
    """The one card of that name in a zone: none, or several (which is meant cannot be
    known: never check them all silently), fails the step saying so."""
    cards = [c for c in game.cards if c.label == label and game.where[c.id] is not None]
    if not cards:
        _fail(step, f"no card named '{label}' lies in a zone")
    if len(cards) > 1:
        places = ", ".join(sorted({game.where[c.id].name for c in cards}))
        _fail(step, f"{len(cards)} cards are named '{label}' (in {places}): {what} "
                    "speaks of one card; give the cards names of their own (the card's "
                    "name clause) or expect what a zone holds")
    return cards[0]


def _place_name(target) -> str:
    if isinstance(target, ast.Name):
        return target.id
    args = []
    for a in target.args:
        args.append(a.id if isinstance(a, ast.Name) else
                    str(a.value) if isinstance(a, ast.Lit) else "".join(map(str, a.parts)))
    return f"{target.obj.id}[{','.join(args)}]"


def _var(game, name, step):
    base, _, keys = name.partition("[")
    if base in game.rules.program.zones:
        _fail(step, f"{base} is kept per key: name one of its zones, like {base}[...]")
    if base not in game.vars:
        from rulelang.language.errors import did_you_mean
        hint = did_you_mean(base, list(game.vars) + list(game.layout.zone_named))
        _fail(step, f"no zone or variable '{base}'" + (f" ({hint})" if hint else ""))
    value = game.vars[base]
    if not keys:
        return comparable(value)
    table = comparable(value)
    key = keys.rstrip("]").replace(" ", "")
    if not isinstance(table, dict) or key not in table:
        _fail(step, f"{base} has no key {key}")
    return table[key]


def _true(suite, game, step):
    parts = suite.conditions[id(step)]
    fns = suite.rules.code.tops.fns

    def value(part, fn):  # the fn's value, given the cards it names
        cards = [_card_named(game, step, name) for name in part.cards.get(fn, ())]
        return game.guard(partial(fns[fn], game, *cards))

    whole = len(parts) == 1
    for part in parts:  # the first that does not hold (as `and` stops), with its sides' values
        if value(part, part.holds):
            continue
        said = "the condition does not hold" + ("" if whole else f": {part.text}")
        if part.zone is not None:  # "NAME" in ZONE: what the zone held
            names = comparable(value(part, part.zone))
            expected = ("no" if part.negated else "a") + f" card named {shown(part.card)}"
            held = f"{part.zone_text} holds " + (_some(names) if names else "no card")
            labels = {c.label for c in game.cards}
            if not part.negated and part.card not in labels:  # a typo: no card has that name
                raise _Fails(Failure(step.span, f"{said}: no card in this game is named "
                                                f"{shown(part.card)}", expected, held,
                                     hint=did_you_mean(str(part.card), sorted(labels))))
            _fail(step, said, expected, held)
        if part.left is not None and part.right is not None:
            left = comparable(value(part, part.left))
            right = comparable(value(part, part.right))
            op = "" if part.op == "==" else part.op + " "
            _fail(step, said, op + shown(right), shown(left))
        _fail(step, said)


def _some(names, most=12) -> str:
    """Cards' names as a failure shows them, the first ``most`` of a long list."""
    if len(names) <= most:
        return shown(names)
    return shown(names[:most])[:-1] + f", ... {len(names) - most} more]"


_STEPS = {"play": _play, "refused": _refused, "legal": _legal, "decides": _decides,
          "over": _over, "scores": _scores, "report": _report, "logged": _logged,
          "state": _state, "true": _true}
