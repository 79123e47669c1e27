"""A campaign: games of one ruleset played one after another, with variables kept across them.

The rules declare it (``campaign { var ...  offer OPTION in VALUES  after { ... } }``):
its variables are variables of every game, which start each game with the values the last
game left them; ``offer`` gives the values of one option the next game may be played
with (an empty list: the campaign is over); ``after`` runs in each game once it is over,
to carry its results into the campaign variables.

The campaign's state is described once, in ``FIELDS`` below, as a game's is in
``state.py``: a campaign save is plain JSON, and restoring reads every part through its
field, refusing anything that is not what the rules declare. A game in progress is kept
as its own game save inside the campaign save (and restored like any game save).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import attrs

from interpreter.runtime.engine import plain_copy
from interpreter.runtime.outcome import said
from interpreter.runtime.protocol import decode, encode, text_of
from interpreter.runtime.readers import Public
from interpreter.runtime.saving import CHANGED, MAX_SAVE
from interpreter.runtime.state import load_var, save_var
from interpreter.runtime.values import EnumValue
from interpreter.runtime.views import render
from rulelang.language.errors import Diagnostic, RulesError, RulesRuntimeError

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.ruleset import Ruleset
    from rulelang.language.types import Type

FORMAT = "rulelang-campaign/1"


def game_seed(seed: int, number: int) -> int:
    """The seed of a campaign's game ``number`` (from 1): drawn from the campaign's seed, so
    that the same campaign seed and the same choices play the same games."""
    digest = hashlib.sha256(f"rulelang campaign {seed} game {number}".encode()).hexdigest()
    return int(digest[:15], 16)


@attrs.define
class Played:
    """One game of the campaign, over: what it was played with and how it went."""
    number: int
    choice: object  # the offered option's value, as options are given (an enum by name)
    seed: int
    ending: str  # its last transcript line ("== game over: ...")
    outcome: dict[str, Any]  # its outcome, as ``game.outcome`` gives it
    after: list[str]  # the lines the campaign's after block logged, as everyone reads them


# ------------------------------------------------------------------ checking plain values

def conforms(rules: Ruleset, value: Any, ty: Type) -> bool:
    """Whether a campaign variable's value is of its declared type (``none`` always is)."""
    if value is None or ty.name == "any":
        return True
    if ty.name == "list":
        return type(value) is list and all(conforms(rules, x, ty.arg) for x in value)
    if ty.name == "int":
        return type(value) is int
    if ty.name == "bool":
        return type(value) is bool
    if ty.name == "text":
        return type(value) is str
    if ty.name == "enum":
        return type(value) is EnumValue and value.enum == ty.arg
    return False


class _Reader:
    """What ``protocol.decode`` needs to read plain values (enum members) without a game."""

    def __init__(self, rules: Ruleset):
        self.rules = rules


def _int(rules: Ruleset, data: Any, low: int | None = None, high: int | None = None) -> int:
    if type(data) is not int or (low is not None and data < low) or (high is not None and data > high):
        raise ValueError(data)
    return data


def _load_players(c: Campaign, data: Any) -> int:
    rules = c.rules
    return _int(rules, data, rules.program.min_players, rules.program.max_players)


def _save_options(c: Campaign, options: dict[str, Any]) -> dict[str, Any]:
    return {k: encode(v) if type(v) is EnumValue else v for k, v in options.items()}


def _load_options(c: Campaign, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("options")
    given = {k: v["enum"][1] if isinstance(v, dict) and "enum" in v else v for k, v in data.items()}
    if c.offered in given:
        raise ValueError("the offered option is chosen game by game")
    c.rules.blank_game(c.players, 0, given)  # refuses unknown options and values not allowed
    return given


def _save_vars(c: Campaign, values: dict[str, Any]) -> dict[str, Any]:
    return {name: save_var(values[name]) for name in c.var_names}


def _load_vars(c: Campaign, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) != set(c.var_names):
        raise ValueError("the campaign's variables")
    program, out = c.rules.program, {}
    probe: Game | None = None  # a game not started: its seats and keys, for keyed variables
    for name in c.var_names:
        info = program.vars[name]
        if info.keys:
            probe = probe or c.rules.blank_game(c.players, 0, c.options)
        try:
            if info.keys:
                value = load_var(cast("Game", probe), name, data[name])
                values = list(value.values())
            else:
                value = decode(cast("Game", _Reader(c.rules)), data[name])  # (its rules only)
                values = [value]
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, RulesError):
            raise ValueError(name) from None  # (said as the variable that is wrong)
        if not all(conforms(c.rules, v, info.type) for v in values):
            raise ValueError(name)
        out[name] = value
    return out


def _save_played(c: Campaign, played: list[Played]) -> list[dict[str, Any]]:
    return [{"number": p.number, "choice": p.choice, "seed": p.seed, "ending": p.ending,
             "outcome": _plain_outcome(p.outcome), "after": list(p.after)} for p in played]


def _plain_outcome(outcome: dict[str, Any]) -> dict[str, Any]:
    out = dict(outcome)
    out["scores"] = [[k, v] for k, v in outcome["scores"].items()]
    return out


def _load_played(c: Campaign, data: Any) -> list[Played]:
    if type(data) is not list:
        raise ValueError("played")
    played = []
    for number, entry in enumerate(data, 1):
        if (entry["number"] != number or type(entry["seed"]) is not int
                or type(entry["ending"]) is not str or type(entry["after"]) is not list
                or not all(type(line) is str for line in entry["after"])
                or type(entry["choice"]) not in (str, int, bool)):
            raise ValueError("played")
        outcome = dict(entry["outcome"])
        seats = c.rules.player_seats(c.players)  # saved as numbers: given back as seats
        if not all(type(k) is int and 0 <= k < c.players for k, _ in outcome["scores"]) or \
                not all(type(k) is int and 0 <= k < c.players for k in outcome["winners"]):
            raise ValueError("played")
        outcome["scores"] = {seats[k]: v for k, v in outcome["scores"]}
        outcome["winners"] = [seats[k] for k in outcome["winners"]]
        played.append(Played(number, entry["choice"], entry["seed"], entry["ending"], outcome,
                             list(entry["after"])))
    return played


def _save_game(c: Campaign, game: Game | None) -> Any:
    return None if game is None else json.loads(game.save())


def _load_game(c: Campaign, data: Any) -> Game | None:
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("players") != c.players:
        raise ValueError("the game in progress")
    game: Game = c.rules.restore(json.dumps(data))  # a game save: checked as every game save is
    if game.is_over:
        raise ValueError("a finished game is never kept: its results are the campaign's")
    given = {k: v["enum"][1] if isinstance(v, dict) and "enum" in v else v
             for k, v in data["options"].items()}
    if {k: v for k, v in given.items() if k != c.offered} != c.options:
        raise ValueError("the game in progress has other options than its campaign")
    game.in_campaign = True
    return game


@attrs.frozen
class Field:
    """One part of a campaign's state (as ``state.Field`` is of a game's): its attribute,
    its key in a save, how it saves and restores (earlier parts already restored)."""
    attr: str
    key: str
    save: Callable[[Campaign, Any], Any]  # (c, value) -> JSON-ready
    load: Callable[[Campaign, Any], Any]  # (c, data) -> value


# The campaign's state, described once: what saving writes and restoring reads, in order.
FIELDS = (
    Field("players", "players", lambda c, v: v, _load_players),
    Field("seed", "seed", lambda c, v: v, lambda c, v: _int(c.rules, v)),
    Field("options", "options", _save_options, _load_options),
    Field("_vars", "vars", _save_vars, _load_vars),
    Field("_played", "played", _save_played, _load_played),
    Field("_game", "game", _save_game, _load_game),
)


def fingerprint(rules: Ruleset) -> str:
    from interpreter.runtime.saving import fingerprint as of_rules
    return of_rules(rules)


class Campaign:
    """A campaign in progress: ``offers()``, ``next_game(choice)``, ``game`` (the game being
    played, or None between games), ``vars``, ``played``, ``is_over``, ``save()``."""

    def __init__(self, rules: Ruleset):
        if rules.program.campaign is None:
            raise RulesError(f"{rules.title} declares no campaign (campaign {{ ... }})")
        self.rules: Ruleset = rules
        self.var_names = list(rules.program.campaign.vars)
        offer = rules.code.tops.offer
        if offer is None:  # (the checker wants one in every campaign)
            raise RulesError(f"{rules.title}'s campaign offers no games (offer OPTION in VALUES)")
        self.offered, self._offer = offer.option, offer.values
        self.players = rules.program.min_players
        self.seed = 0
        self.options: dict[str, Any] = {}
        self._vars: dict[str, Any] = {}  # the campaign variables as the last game over left them
        self._played: list[Played] = []
        self._game: Game | None = None  # the game being played, if any (over: not yet settled)
        self._failed: RulesError | None = None  # its after block's failure: said, never run again

    @classmethod
    def start(cls, rules: Ruleset, players: Any, seed: Any, options: dict[str, Any]) -> Campaign:
        c = cls(rules)
        if players is None:
            players = rules.program.min_players
        if not isinstance(players, int) or isinstance(players, bool) or not (
                rules.program.min_players <= players <= rules.program.max_players):
            raise RulesError(f"{rules.title} is for {rules.program.min_players} to "
                             f"{rules.program.max_players} players, not {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed must be a whole number, not {seed!r}")
        if c.offered in options:
            raise RulesError(f"option {c.offered} is chosen game by game in a campaign "
                             "(next_game(value))")
        c.players, c.seed = players, seed
        probe = rules.blank_game(players, seed, dict(options))  # refuses unknown options
        # as values, not as given (text, from a command line): a save restores them so
        c.options = {name: _given(probe.options[name]) for name in options}
        probe.guard(probe.build)
        c._vars = {name: plain_copy(probe.vars[name]) for name in c.var_names}
        return c

    @property
    def vars(self) -> dict[str, Any]:
        """The campaign variables: name -> value, as the games so far left them."""
        self.settle()
        return self._vars

    @property
    def played(self) -> list[Played]:
        """The games over, as ``Played`` records, in order."""
        self.settle()
        return self._played

    @property
    def game(self) -> Game | None:
        """The game being played; None between games (a game over is settled first)."""
        self.settle()
        return self._game

    # ------------------------------------------------------------ between games
    def settle(self) -> None:
        """If the game being played is over: run the campaign's after block in it, keep its
        campaign variables and its result. (Done by everything that reads the campaign.)"""
        g = self._game
        if g is None or not g.is_over:
            return
        if self._failed is not None:  # (run again, it would change the game again)
            raise self._failed
        before = len(g.log)
        try:
            g.run_after()
        except RulesError as error:
            self._failed = error
            raise
        everyone = Public(g.everyone)
        lines = [line for line in (render(g, e, everyone) for e in g.log[before:])
                 if line is not None]
        ending = next((render(g, e, everyone) for e in reversed(g.log[:before])
                       if type(e).__name__ == "Ending"), "")
        self._vars = {name: plain_copy(g.vars[name]) for name in self.var_names}
        choice = g.options[self.offered]
        self._played.append(Played(len(self._played) + 1, _given(choice), g.seed, ending,
                                   dict(g.outcome or {}), lines))  # over: it has one
        self._game = None

    def offers(self) -> list[Any]:
        """The values the next game may be played with (as options are given: an enum
        member by its name), in the order the rules list them; [] once the campaign is over."""
        self.settle()
        probe = self.rules.blank_game(self.players, self.seed, self.options)
        probe.carried = self._vars
        probe.guard(probe.build)
        values = probe.guard(lambda: self._offer(probe))
        if not isinstance(values, list):
            raise RulesError(f"the campaign's offer is not a list: {text_of(values)}")
        allowed = cast(Any, self.rules.options[self.offered]).allowed  # (an OptionSpec)
        if allowed is not None:  # a game could not be started with a value the option refuses
            choices = probe.guard(lambda: allowed(probe))
            wrong = [v for v in values if v not in choices]
            if wrong:
                raise self._offer_not_allowed(wrong[0], choices)
        return list(dict.fromkeys(_given(v) for v in values))

    def _offer_not_allowed(self, value: Any, choices: Any) -> RulesRuntimeError:
        """The rules' own mistake: said at the offer, as a rule's failure."""
        message = (f"the campaign offers {self.offered}={text_of(value)}, which the option "
                   f"does not allow ({', '.join(text_of(c) for c in choices)})")
        offer = cast(Any, self.rules.program.campaign).offer
        hint = f"offer only values the option {self.offered} allows, or allow this one too"
        return RulesRuntimeError(message, [Diagnostic(message, offer.values.span, hint)],
                                 self.rules.program.sources)

    def next_game(self, choice: Any = None, fix: dict[str, Any] | None = None) -> Game:
        """Start the next game with ``choice`` for the offered option (default: the first
        value offered); returns it. The game before must be over. ``fix``: chance outcomes
        fixed, as in ``new_game`` (for tests)."""
        if self.game is not None:
            raise RulesError("the campaign's current game is not over yet")
        offers = self.offers()
        if not offers:
            raise RulesError("the campaign is over: no game is offered")
        if choice is None:
            choice = offers[0]
        match = next((v for v in offers if v == choice or str(v) == str(choice)), None)
        if match is None:
            raise RulesError(f"{self.offered}={text_of(choice)} is not offered now (offered: "
                             f"{', '.join(str(v) for v in offers)})")
        number = len(self._played) + 1
        game: Game = self.rules.start_game(self.players, game_seed(self.seed, number),
                                     {**self.options, self.offered: match}, fix=fix,
                                     carried=self._vars)
        game.in_campaign = True
        self._game = game
        return game

    @property
    def is_over(self) -> bool:
        return self.game is None and not self.offers()

    # ------------------------------------------------------------ reading it
    def labels(self) -> dict[str, str]:
        """The labelled campaign variables: label -> value as players read it (a list in
        words, "none" for an empty one: never ``[]``)."""
        program = self.rules.program
        values = self.vars
        return {label: said(values[n]) for n in self.var_names
                if (label := program.vars[n].label)}

    def transcript(self) -> str:
        """What happened so far, game by game, as everyone may read it."""
        lines = [f"{self.rules.title}: a campaign for {self.players} players"]
        for p in self.played:
            lines.append(f"-- game {p.number}: {self.offered} {p.choice} --")
            lines.append(p.ending)
            lines.extend(p.after)
        game = self.game
        if game is not None:
            lines.append(f"-- game {len(self._played) + 1}: {self.offered} "
                         f"{_given(game.options[self.offered])} (being played) --")
        elif not self.offers():
            lines.append("== the campaign is over: " + "; ".join(
                f"{label}: {value}" for label, value in self.labels().items()))
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------ saving
    def save(self) -> str:
        """The whole campaign as JSON (a game in progress included, with its secrets)."""
        self.settle()
        data = {"format": FORMAT, "rules": self.rules.title,
                "fingerprint": fingerprint(self.rules)}
        data.update({f.key: f.save(self, getattr(self, f.attr)) for f in FIELDS})
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _given(value: Any) -> Any:
    """An option value as options are given: an enum member by its name."""
    return value.name if type(value) is EnumValue else value


def restore_campaign(rules: Ruleset, text: str) -> Campaign:
    if len(text) > MAX_SAVE:  # as a game's save: bounded before it is parsed
        raise RulesError(f"this campaign save is too large ({len(text):,} characters; "
                         f"at most {MAX_SAVE:,})")
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("format")
    except (ValueError, RecursionError):
        if _is_game_save(text):
            raise RulesError("this is the save of one game, not of a campaign "
                             "(restore it with rules.restore)") from None
        raise RulesError("this is not a rulelang campaign save") from None
    if data.get("fingerprint") != fingerprint(rules):
        raise RulesError(f"this campaign save is from other rules ({data.get('rules')!r}), "
                         f"or the rules changed since it was made: {CHANGED}")
    c = Campaign(rules)
    key = ""
    try:
        for f in FIELDS:
            key = f.key
            setattr(c, f.attr, f.load(c, data[f.key]))
    except RulesError as error:
        raise RulesError(f"this campaign save is damaged and cannot be restored "
                         f"({'; '.join(d.message for d in error.diagnostics)})") from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration,
            RecursionError, OverflowError) as error:
        raise RulesError("this campaign save is damaged and cannot be restored: "
                         f"{_what_is_wrong(c, key, data, error)}") from None
    return c


def _what_is_wrong(c: Campaign, key: str, data: dict[str, Any], error: Exception) -> str:
    """The part of a campaign save that is not what the rules declare, in words."""
    if key not in data:
        return f"it has no '{key}'"
    if key == "vars":
        saved = data["vars"] if isinstance(data["vars"], dict) else {}
        missing = [n for n in c.var_names if n not in saved]
        extra = [n for n in saved if n not in c.var_names]
        if missing or extra:
            return ("its campaign variables are not the rules' ("
                    + "; ".join(([f"missing: {', '.join(missing)}"] if missing else [])
                                + ([f"not declared: {', '.join(map(str, extra))}"] if extra
                                   else [])) + ")")
        name = error.args[0] if error.args and error.args[0] in c.var_names else None
        if name is not None:
            info = c.rules.program.vars[name]
            return f"its campaign variable '{name}' does not hold what the rules declare ({info.type})"
        return "a campaign variable is not what the rules declare"
    detail = error.args[0] if isinstance(error, ValueError) and error.args and isinstance(
        error.args[0], str) and " " in error.args[0] else None
    return f"its '{key}' is not what the rules allow" + (f" ({detail})" if detail else "")


def _is_game_save(text: str) -> bool:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and str(data.get("format", "")).startswith("rulelang-save")
