"""Playing one game of a simulation between bots, and what it leaves behind.

A game is fixed by the simulation and its number: game ``i`` is played with the
seed ``first_seed + i`` and its bots are seeded from that seed and their seat,
so a game plays the same wherever and whenever it runs (one process, many, or a
cluster). What it leaves is a ``GameRecord``: plain data, small, picklable.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from rulelang.language.errors import RulesError
from rulelang.play.simulation.templates import classifiers

if TYPE_CHECKING:
    from interpreter.runtime.decision_parts import Decision
    from interpreter.runtime.outcome import Outcome
    from interpreter.runtime.values import Seat
    from rulelang.language.checker import Program
    from rulelang.play.simulation.campaigns import CampaignRecord


# The oracle (``--bots oracle``): the default partner bot, its samples every card face up. A
# designer's measure of a game without its hidden information, never a way to play: every
# report that has one says so (``oracle_note``).
ORACLE = "oracle"


def oracle_note(bots: dict, rotate: bool = False) -> str | None:
    """The line a report shows when some seats (``bots``: seat name -> kind, as given) are
    played by the oracle, else None; with ``rotate`` the oracle given a seat moved round the
    seats game by game."""
    seats = [seat for seat, kind in bots.items() if kind == ORACLE]
    if not seats:
        return None
    who = "every seat" if len(seats) == len(bots) else (
        f"the bot given for {', '.join(seats)} (rotated round the seats)" if rotate
        else ", ".join(seats))
    return (f"ORACLE: {who} played with every card face up (a designer's measure of the game "
            "without its hidden information; no player can play this way)")


# Decisions in one game of a simulation, at most (``--max-decisions``): far more than any real
# game asks, so a game that reaches it is taken for one that never ends with these bots.
MAX_DECISIONS = 100_000


@attrs.frozen
class Simulation:
    """What to simulate: the checked rules and everything that makes game ``i``."""
    program: Program  # the checked syntax tree (rulelang.language.checker.Program): it pickles, Rules do not
    players: int
    options: dict  # NAME -> value as text, as given on the command line
    bots: tuple  # one bot kind per seat, resolved by interpreter.bots.make_bot
    first_seed: int
    games: int
    think: float | None = None  # seconds per decision for bots that look ahead (None: budget)
    max_decisions: int = MAX_DECISIONS  # a game that asks more is stopped (``endless``)
    campaigns: bool = False  # each of the ``games`` a whole campaign (campaigns.py)
    # ``--rotate``: game ``i`` moves every bot ``i`` seats on (the bot given for P1 sits at
    # seat ``i mod players``), so each bot plays each seat as often over ``players`` games
    rotate: bool = False

    def seed_of(self, index: int) -> int:
        return self.first_seed + index

    def bots_of(self, index: int) -> tuple:
        """Each seat's bot kind in game ``index``: ``bots`` as given, or rotated by
        ``index`` seats with ``rotate`` (seat s has the bot given for seat s - index)."""
        if not self.rotate:
            return self.bots
        count = len(self.bots)
        return tuple(self.bots[(seat - index) % count] for seat in range(count))


@attrs.define
class KindTally:
    """The decisions of one kind (one prompt as written in the rules) in a game."""
    decisions: int = 0
    options: int = 0  # legal moves offered, summed over those decisions
    forced: int = 0  # decisions with a single legal move
    passed: int = 0  # decisions answered with "pass"
    pass_word: str = ""  # what the rules call the pass move here, when not "pass"
    yes_no: int = 0  # decisions whose moves were yes and no (choose ... in [true, false])
    yes: int = 0  # of those, the decisions answered yes
    seat_yes: dict = attrs.Factory(dict)  # seat -> YesCount: those two counts, seat by seat

    def answered(self, seat: int, yes: bool) -> None:
        """A yes-or-no decision of ``seat``, answered ``yes`` or not."""
        self.yes_no += 1
        self.yes += yes
        count = self.seat_yes.get(seat)
        if count is None:
            count = self.seat_yes[seat] = YesCount()
        count.asked += 1
        count.yes += yes

    def named_pass(self, word: str | None) -> None:
        """Keep what the rules call this kind's pass move, when they rename it."""
        if word and word.lower() != "pass":
            self.pass_word = word


@attrs.define
class YesCount:
    """One seat's yes-or-no decisions of a kind, and how many it answered yes."""
    asked: int = 0
    yes: int = 0


@attrs.frozen
class GameRecord:
    index: int
    seed: int
    result: str  # "win", "draw" or "loss" (a cooperative game lost)
    winners: list  # seats, 0 is P1
    scores: list  # one per seat
    first: int | None  # the first player: see _first_player (None: no decision at all)
    turns: int
    decisions: int
    forced: int
    options: int  # legal moves offered, summed over every decision
    kinds: dict  # prompt as written -> KindTally
    reason: str | None  # the end reason as printed
    reason_kind: str | None  # the end reason as written in the rules
    reports: dict  # report name -> plain value
    tiebreak: bool = False  # the rules' tiebreaks chose the winners among those tied
    sides: list | None = None  # with ``team p = ...``: each seat's side at the end (0, 1...)


@attrs.frozen
class GameFailure:
    """A game stopped by an error in the rules: the run stops and shows it."""
    index: int
    seed: int
    message: str


def endless(simulation: Simulation, index: int, seed: int) -> GameFailure:
    """The failure of a game stopped at ``simulation.max_decisions`` decisions."""
    limit = simulation.max_decisions
    return GameFailure(index, seed, (
        f"{limit:,} decisions and not over: these rules may never end with these bots (check "
        "that the bots can reach an end of the game: an 'end' or a 'win' a turn gets to, a "
        "limit on turns; if a real game asks this many, raise --max-decisions)"))


class Table:
    """Rules compiled once per process, ready to play any game of a simulation."""

    def __init__(self, simulation: Simulation):
        from interpreter.bots import PARTNER, make_bot
        from interpreter.rules import Rules
        from interpreter.runtime.knowledge import seat_knowledge
        self.simulation = simulation
        self.rules = Rules(simulation.program)
        self.prompts, self.reasons = classifiers(simulation.program)
        self.make_bot, self.knowledge = make_bot, seat_knowledge
        self.partner = PARTNER
        from rulelang.play.simulation.random_games import all_random, play_random, site_kinds
        # random bots only: their games are played on the lean path (random_games.py); a
        # campaign's games are the campaign's own
        self.lean = self.rules.lean() if all_random(simulation.bots) \
            and not simulation.campaigns else None
        self.play_random = play_random
        self.site_kinds = (site_kinds(self.lean, self.prompts, simulation.program.sources)
                           if self.lean is not None else [])

    def play(self, index: int) -> GameRecord | GameFailure | CampaignRecord:
        sim = self.simulation
        seed = sim.seed_of(index)
        try:
            if sim.campaigns:
                from rulelang.play.simulation.campaigns import play_campaign
                return play_campaign(self, index, seed)
            if self.lean is not None:
                return self.play_random(self, index, seed)
            game = self.rules.new_game(players=sim.players, seed=seed, options=sim.options,
                                       log=False)  # no one reads its log: none is written
            return self.played(game, index, seed)
        except RulesError as error:
            return GameFailure(index, seed, error.render())

    def played(self, game, index, seed) -> GameRecord | GameFailure:
        """``game`` (just started, of seed ``seed``) played to its end by the bots."""
        sim = self.simulation
        # Bots are only names here: a new kind (or a thinking budget, as a field of Simulation
        # passed on to make_bot) needs no other change in the simulation.
        kinds_here = sim.bots_of(index)  # (rotated by the game's number with --rotate)
        bots = [self.make_bot(self.partner if kind == ORACLE else kind, bot_seed(seed, seat),
                              sim.think) for seat, kind in enumerate(kinds_here)]
        sees_all = [kind == ORACLE for kind in kinds_here]
        first = _first_player(game, sim.players)
        kinds: dict[str, KindTally] = {}
        decisions = forced = offered = 0
        prompt_kind = self.prompts.kind
        limit = sim.max_decisions
        while not game.is_over:
            if decisions == limit:
                return endless(sim, index, seed)
            count = len(game.legal_moves())
            tally = kinds.get(kind := prompt_kind(_prompt_text(game)))
            if tally is None:
                tally = kinds[kind] = KindTally()
                tally.named_pass(_pass_word(game))
            seat = cast("Seat", game.to_move)  # a seat is to move until the game is over
            move = bots[seat].choose(self.knowledge(game, oracle=sees_all[seat]))  # never the game
            tally.decisions += 1
            tally.options += count
            if count == 1:
                tally.forced += 1
                forced += 1
            if _is_pass(game, move):
                tally.passed += 1
            values = cast("Decision", game.pending).values  # (pending: a seat is to move)
            if count == 2 and is_yes_no(values):
                tally.answered(seat, values[cast(int, move.index)] is True)
            decisions += 1
            offered += count
            game.play(move)
        from interpreter.runtime.values import PLAYER_SEATS
        outcome = cast("Outcome", game.outcome_record)  # the game is over
        reason = outcome.reason
        return GameRecord(
            index=index, seed=seed, result=outcome.result, winners=list(outcome.winners),
            scores=[outcome.scores[seat] for seat in PLAYER_SEATS[:sim.players]], first=first,
            turns=_turns(game), decisions=decisions, forced=forced, options=offered,
            kinds=kinds, reason=reason,
            reason_kind=self.reasons.kind(reason) if reason is not None else None,
            reports=dict(outcome.reports), tiebreak=outcome.tiebreak is not None,
            sides=outcome.sides)


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot has its own generator, fixed by the game's seed and the seat."""
    return game_seed * 101 + seat


# Three things the public API gives only inside a whole view (too slow once per decision):
# the pending decision's prompt, the turn count and ``current``. Read here and nowhere else.

def _first_player(game, players: int, asked: int | None = None, site=None) -> int | None:
    """Who went first: in rules with turns, the seat whose turn was turn 1, else the seat of
    the game's first decision (``asked``: the seat a direct form asks, at ``site``, no
    decision being pending), or None when each player makes it at once (``choose ... by
    each``: no seat decides first). Called at the first decision; turns may have passed
    before it with nothing to decide (a die that ends a turn before anything is asked), so
    the count goes back from ``current`` through the turns, which pass in seat order."""
    turn = _turns(game)
    current = getattr(game, "current", None)
    if turn >= 1 and isinstance(current, int) and 0 <= current < players:
        return (current - (turn - 1)) % players
    if site is None:
        site = getattr(getattr(game, "pending", None), "site", None)
    if getattr(site, "each_slot", None) is not None:
        return None
    return game.to_move if asked is None else game.seats[asked]


def _prompt_text(game) -> str:
    pending = getattr(game, "pending", None)
    parts = getattr(pending, "prompt", None)
    if not parts:
        return "a decision"
    # values worked into the prompt may be cards: any placeholder matches the template
    return "".join(p if isinstance(p, str) else "\x00" for p in parts)


def _turns(game) -> int:
    return getattr(game, "turn_number", 0) or 0


def _pass_word(game) -> str | None:
    """What the rules call the pass move of the decision pending (pass "draw")."""
    return getattr(getattr(game.pending, "site", None), "pass_word", None)


def is_yes_no(values) -> bool:
    """The two values of a yes-or-no decision (true and false, in either order)."""
    return len(values) == 2 and all(type(v) is bool for v in values) and values[0] != values[1]


def _is_pass(game, move) -> bool:
    """The move is the pass the rules offer, whatever they name it (pass "draw")."""
    pending = game.pending
    word = _pass_word(game)
    return bool(word) and str(move) == word and bool(pending.values) and pending.values[-1] is None
