"""The lean game: the playout path for bots, simulations, benchmarks and learners.

A ``LeanGame`` runs a ruleset's lean module (``interpreter/compiler/lean_code.py``: no log lines,
no prompts, each ``choose`` calling the offer its options' static type calls for) and offers
its moves as small integers: ``legal_moves()`` is ``range(n)``, ``play(i)`` plays the i-th.
It writes no log, no history of notations and makes no ``Move``; a notation is worked out
only when asked (``notation(i)``). Everything else (the state, chance, effects, triggers,
the outcome, ``copy``) is the full game's, so the same seed plays the same game, decision
for decision: options that the full path would name alike are merged the same way, the
first of them kept, the pass move last (tests/runtime/test_lean_path.py plays both).

Players, transcripts, views and saves use the full ``Game``: a lean game has no log, so
its transcript is empty and a view of it shows no log lines.
"""
from __future__ import annotations

import sys
from typing import Any, Literal, cast

from interpreter.runtime.decision_parts import (
    NOTHING_HINT,
    NOTHING_TO_CHOOSE,
    Decision,
    named_apart,
    no_more_moves,
)
from interpreter.runtime.decisions import OPTION_WORK, no_decider
from interpreter.runtime.engine import Game
from interpreter.runtime.helpers import Frame
from interpreter.runtime.values import MAX_WORK, Card, EnumValue, Fail, Placement
from interpreter.runtime.work import overwork as _overwork
from rulelang.language.errors import IllegalMove

overwork: Any = cast(Any, _overwork)  # (not annotated yet)
# pass word -> the names of options found not to clash with it (``_check_pass``): a decision
# whose names were all checked before is checked by one ``issuperset``, in C. Bounded.
PASS_CHECKED: dict[str, set[str]] = {}
PASS_CHECKED_MAX = 4096
NONE_CHECKED: frozenset[str] = frozenset()  # (``pick_cards``: names not all found clear)
# Python frames that direct forms may nest (``play_out``): rules and triggers waiting on each
# other, 300 of them at most (MAX_FRAMES), each a few Python frames deep, and the functions
# they call, as machines on the frames never nest; so the rules' own limits, not Python's,
# stop a game that calls itself without end, with the same error as when it pauses
DIRECT_STACK = 6000


class _Stopped(BaseException):
    """``play_out``'s limit reached inside a direct form (no handler of the rules' errors
    may take it for one)."""


class LeanGame(Game):
    """A game of a ruleset compiled lean (``Rules.lean()``), always without a log."""
    __slots__ = ()
    writes_ending = False  # no log: nor its last line (the outcome is kept, as ever)
    keeps_pools = False  # nor what a shuffle leaves each seat knowing (no bot samples it)
    stopped = False  # play_out's limit came inside a direct form: the game is left mid-way

    def __init__(self, rules: Any, players: int, seed: int, logging: bool = False) -> None:
        super().__init__(rules, players, seed, False)

    # ------------------------------------------------------------ offering (the lean module calls these)
    def cards_by_name(self: Any, site: Any, seat: int, options: list[Any],
                      zone: Any = None) -> dict[str, Any]:
        """The options by the names ``seat`` knows them by, the first of each name kept: a
        card it knows by its label, another by where it lies, anything else (none, or not a
        card after all) as the full path names it; as ``Decisions.ask`` names them.
        ``zone``: the zone whose cards the options all are (the compiler knows it,
        ``lean_code.shown_zone``), or None."""
        seen: dict[str, Any] = {}
        if zone is not None and not zone.grid and (
                zone.vis == "public" or (zone.vis == "owner" and zone.owner == seat)):
            # a card lying face up, or in the chooser's own zone, is known to the chooser (a
            # move reveals it, a shuffle keeps it known, a save or position is refused
            # otherwise: state_checks.check_zones): named by its label, as below
            for v in options:
                text = v.label
                if text not in seen:
                    seen[text] = v
            return seen
        known, bit = self.known, 1 << seat
        places: dict[int, dict[int, int]] | None = None
        for v in options:
            if type(v) is Card:
                if known[v.id] & bit:
                    text = v.label
                else:
                    if places is None:
                        places = {}
                    text = self.position(v, places)
            else:
                text = self.notation_of(v, seat, site.element)
            if text not in seen:
                seen[text] = v
        if len(seen) < len(options):  # merged: cards alike lying apart are not one move
            names = named_apart(self, options, [
                (v.label if known[v.id] & bit else self.position(v)) if type(v) is Card
                else self.notation_of(v, seat, site.element) for v in options])
            seen = {}
            for text, v in zip(names, options):
                if text not in seen:
                    seen[text] = v
        return seen

    def offer_cards(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False],
                    prompt: Any, options: list[Any]) -> None:
        """Cards: alike when the chooser names them alike (the label of a card it knows,
        else where the card lies), as ``Decisions.ask`` names them."""
        if seat not in self.players:
            raise no_decider(self, seat)
        seen = self.cards_by_name(site, seat, options)
        self._offer(frame, site, seat, passing, prompt, seen, len(options))

    def offer_distinct(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False],
                       prompt: Any, options: list[Any]) -> None:
        """Members, seats, numbers, yes/no, cells: alike only when they are equal."""
        if seat not in self.players:
            raise no_decider(self, seat)
        count = len(options)
        values = list(options) if len(set(options)) == count else list(dict.fromkeys(options))
        self.work += count * OPTION_WORK
        if self.work > MAX_WORK:
            overwork(self)
        if passing:
            self._pass_clear(passing, [self.notation_of(v, seat, site.element) for v in values])
            values.append(None)
        elif not values:
            raise Fail(NOTHING_TO_CHOOSE)
        self._pend(frame, site, seat, passing, prompt, values, None)  # keys: when asked

    def offer_texts(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False],
                    prompt: Any, options: list[Any]) -> None:
        """Texts: a text's notation is itself, so alike only when equal; but none is named
        "none", as a text may be (then as the full path names them)."""
        if None in options:
            self.offer_any(frame, site, seat, passing, prompt, options)
        else:
            self.offer_distinct(frame, site, seat, passing, prompt, options)

    def offer_labels(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False],
                     prompt: Any, options: list[Any]) -> None:
        """Placements: named by their labels."""
        if seat not in self.players:
            raise no_decider(self, seat)
        seen: dict[str, Any] = {}
        for v in options:
            text = v.label if type(v) is Placement else self.notation_of(v, seat, site.element)
            if text not in seen:
                seen[text] = v
        self._offer(frame, site, seat, passing, prompt, seen, len(options))

    def offer_any(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False],
                  prompt: Any, options: list[Any]) -> None:
        """Anything else: named as the full path names it."""
        if seat not in self.players:
            raise no_decider(self, seat)
        seen: dict[str, Any] = {}
        count = 0
        for v in options:
            count += 1
            text = self.notation_of(v, seat, site.element)
            if text not in seen:
                seen[text] = v
        self._offer(frame, site, seat, passing, prompt, seen, count)

    def _offer(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False], prompt: Any,
               seen: dict[str, Any], count: int) -> None:
        """Wait for ``seat`` to pick one of the options ``seen`` names (alike ones merged)
        or pass, priced as ``Decisions.ask`` prices the ``count`` options it was given."""
        self.work += count * OPTION_WORK
        if self.work > MAX_WORK:
            overwork(self)
        values = list(seen.values())
        keys: list[Any] = list(seen)  # the names the options were merged by
        if passing:
            self._pass_clear(passing, seen)
            values.append(None)
            keys.append(passing)
        elif not values:
            raise Fail(NOTHING_TO_CHOOSE)
        self._pend(frame, site, seat, passing, prompt, values, keys)

    def _pend(self: Any, frame: Frame, site: Any, seat: int, passing: str | Literal[False],
              prompt: Any, values: list[Any], keys: list[Any] | None) -> None:
        """The decision now pending: ``Decision.of(...)`` written out (once per decision),
        with no notations or moves (a lean game names a move only when asked); ``keys``
        tell its moves apart as the notations would (``Decision.keys``; None: worked out
        when a bot asks, ``Decision.move_keys``)."""
        if frame is None:  # a direct choose (``direct_choose``): no decision is left pending
            self.direct_values = values
            self.steps = self.work = 0
            return
        decision: Any = Decision()
        decision.seat = seat
        decision.site = site
        decision.frame = frame
        decision.values = values
        decision.keys = keys
        decision.notations = decision.moves = decision.index = None
        decision._prompt = prompt
        decision.game = self
        decision.passing = passing
        self.pending = decision
        self.steps = self.work = 0

    def pick_cards(self: Any, site: Any, seat: int, passing: str | Literal[False], prompt: Any,
                   options: list[Any], zone: Any = None) -> Any:
        """A direct ``choose`` among cards: ``direct_choose(offer_cards, ...)`` written out
        (one call a decision, not four; test_lean_direct.py plays it against the machine's,
        test_lean_shown_zones.py against the general naming)."""
        if seat not in self.players:
            raise no_decider(self, seat)
        if zone is not None and zone.shows >> seat & 1:  # (``Zone.shows``: ``sees``, not a grid)
            # a zone that shows its cards to the chooser: each named by its label
            # (``cards_by_name``'s first case, written out); none alike: the options are
            # offered as they are (the policy reads them and leaves them), or with the pass;
            # each new name looked up as it is met among those found clear of the pass word
            # (``_pass_clear`` in the loop, with no set made of the names; NONE_CHECKED: one
            # was not found, so they are checked below, as other offers are)
            seen: dict[str, Any] = {}
            if passing:
                clear_names: Any = PASS_CHECKED.get(passing, NONE_CHECKED)
                for v in options:
                    text = v.label
                    if text not in seen:
                        seen[text] = v
                        if text not in clear_names:
                            clear_names = NONE_CHECKED
                clear = clear_names is not NONE_CHECKED
            else:
                for v in options:
                    text = v.label
                    if text not in seen:
                        seen[text] = v
            values = options if len(seen) == len(options) else list(seen.values())
        else:
            clear = False
            if zone is not None and not passing and not zone.sees >> seat & 1:
                # cards of one zone the chooser does not see (a hand held face out): if it
                # knows none of them, each is named by where it lies, a name no other has,
                # so none merges and no name need be made (cards_by_name's, for these options)
                known, bit = self.known, 1 << seat
                for v in options:
                    if known[v.id] & bit:
                        break
                else:  # (priced and picked as options known apart are: ``pick_made``)
                    return self.pick_made(site, seat, False, prompt, options)
            seen = self.cards_by_name(site, seat, options, zone)
            values = list(seen.values())
        work = self.work + len(options) * OPTION_WORK
        if work > MAX_WORK:
            self.work = work
            overwork(self)
        if passing:  # (``_pass_clear``, written out: one call less a decision)
            if not clear:
                checked = PASS_CHECKED.get(passing)
                if checked is None or not checked.issuperset(seen):
                    LeanGame._check_pass(passing, seen)
            values = [*values, None]  # (a new list: not the options')
        elif not values:
            raise Fail(NOTHING_TO_CHOOSE)
        self.steps = self.work = 0
        answered = self.answered  # (``_pick``, written out)
        if answered == self.limit:
            raise _Stopped()
        self.answered = answered + 1
        self.passing = passing
        return values[self.policy(self, seat, values, site)]

    def pick_distinct(self: Any, site: Any, seat: int, passing: str | Literal[False],
                      prompt: Any, options: list[Any]) -> Any:
        """A direct ``choose`` among values alike only when equal: ``direct_choose(
        offer_distinct, ...)`` written out (test_lean_direct.py plays it against the machine's)."""
        if seat not in self.players:
            raise no_decider(self, seat)
        count = len(options)
        values = list(options) if len(set(options)) == count else list(dict.fromkeys(options))
        work = self.work + count * OPTION_WORK
        if work > MAX_WORK:
            self.work = work
            overwork(self)
        if passing:  # (``_pass_clear``, written out: each name looked up as it is made, an
            # enum's value named by its name as ``notation_of`` names it; one not found clear
            # of the pass word: all are named and checked, as ``_pass_clear`` checks them)
            checked = PASS_CHECKED.get(passing, NONE_CHECKED)
            element = site.element
            for v in values:
                if (v.name if type(v) is EnumValue
                        else self.notation_of(v, seat, element)) not in checked:
                    LeanGame._check_pass(
                        passing, [self.notation_of(v, seat, element) for v in values])
                    break
            values.append(None)
        elif not values:
            raise Fail(NOTHING_TO_CHOOSE)
        self.steps = self.work = 0
        answered = self.answered  # (``_pick``, written out: one call less a decision)
        if answered == self.limit:
            raise _Stopped()
        self.answered = answered + 1
        self.passing = passing
        return values[self.policy(self, seat, values, site)]

    def pick_made(self: Any, site: Any, seat: int, passing: Literal[False], prompt: Any,
                  options: list[Any] | range) -> Any:
        """``pick_distinct`` for options the compiler knows are a new list of distinct values
        (``distinct_options.made_distinct``: a range, distinct literals, the members of an enum
        picked by a condition; a range of numbers is given as a ``range``), with no pass:
        nothing to merge or copy, ``_pick`` written out (tests/runtime/test_lean_direct.py
        plays it against the machine's offer). ``pick_cards`` hands on a zone's own cards
        here too, where none merges (the policy reads a list and leaves it as it is)."""
        if seat not in self.players:
            raise no_decider(self, seat)
        work = self.work + len(options) * OPTION_WORK
        if work > MAX_WORK:
            self.work = work
            overwork(self)
        if not options:
            raise Fail(NOTHING_TO_CHOOSE)
        self.steps = self.work = 0
        answered = self.answered
        if answered == self.limit:
            raise _Stopped()
        self.answered = answered + 1
        self.passing = False
        return options[self.policy(self, seat, options, site)]

    def direct_choose(self: Any, offer: Any, site: Any, seat: int, passing: str | Literal[False],
                      prompt: Any, options: list[Any]) -> Any:
        """A ``choose`` in a rule's direct form (compiler/direct_code.py): offered as the
        machine offers (``offer`` the lean game's offer for the options' kind), the value
        the policy picks returned at once (None: the pass move)."""
        offer(None, site, seat, passing, prompt, options)
        return self._pick(site, seat, passing, self.direct_values)

    def _pick(self: Any, site: Any, seat: int, passing: str | Literal[False],
              values: list[Any]) -> Any:
        """The policy's pick among a direct choose's values (None: the pass move), counted
        toward play_out's limit; ``passing`` is the pass word while it picks (False: none)."""
        answered = self.answered
        if answered == self.limit:
            raise _Stopped()
        self.answered = answered + 1
        self.passing = passing
        return values[self.policy(self, seat, values, site)]

    def each_offer(self: Any, site: Any, seat: Any, options: Any, passing: Any,
                   zone: Any = None) -> tuple[Any, ...]:
        """One seat's offer in a direct ``choose ... by each``: (seat, values, passing), its
        options merged as ``Group.asked`` merges them (by the names the seat knows them by:
        a known card's label, else where it lies) and its pass move last; ``zone`` as for
        ``cards_by_name``."""
        seen = self.cards_by_name(site, seat, options, zone)
        values = list(seen.values())
        if passing:
            self._pass_clear(site.pass_word, seen)
            values.append(None)
            return seat, values, True
        if not values:
            raise Fail(f"there is nothing for {self.seat_name(seat)} to choose from, "
                       "and passing is not allowed" + NOTHING_HINT)
        return seat, values, False

    def direct_each(self: Any, site: Any, offers: list[tuple[Any, ...]]) -> list[tuple[Any, Any]]:
        """A direct ``choose ... by each``: the policy's pick for each seat, in the order of
        the seats (as ``play_out`` answers the machine's decisions), as the chosen list of
        (seat, value); none for no seats."""
        if not offers:
            return []
        self.steps = self.work = 0
        # _pick for each seat, written out: with a call of it for each, a game of simultaneous
        # bids played out measured 0.87-0.90x (test_lean_direct.py plays this against the
        # machine's decisions)
        policy, limit = self.policy, self.limit
        chosen = []
        for seat, values, passing in offers:
            answered = self.answered
            if answered == limit:
                raise _Stopped()
            self.answered = answered + 1
            self.passing = passing
            chosen.append((seat, values[policy(self, seat, values, site)]))
        return chosen

    @staticmethod
    def _pass_clear(passing: str, names: Any) -> None:
        """``_check_pass``, unless every one of the names was found distinct from the word
        before (then one ``issuperset``, in C)."""
        checked = PASS_CHECKED.get(passing)
        if checked is None or not checked.issuperset(names):
            LeanGame._check_pass(passing, names)

    @staticmethod
    def _check_pass(passing: str, notations: Any) -> None:
        """Refuse a pass word that an option's name shares, whatever the case of either;
        the names found distinct are kept (``PASS_CHECKED``), so they are not lowered again."""
        checked = PASS_CHECKED.get(passing)
        if checked is None:
            if len(PASS_CHECKED) >= PASS_CHECKED_MAX:
                PASS_CHECKED.clear()
            checked = PASS_CHECKED[passing] = set()
        elif len(checked) >= PASS_CHECKED_MAX:
            checked.clear()
        lowered = passing.lower()
        for text in notations:
            if text not in checked:
                if text.lower() == lowered:
                    raise Fail(f"the pass move '{passing}' has the same name as an option")
                checked.add(text)

    # ------------------------------------------------------------ moves as numbers
    @property
    def move_count(self: Any) -> int:
        """How many moves the seat to move has (0: none, the game is over)."""
        return len(self.pending.values) if self.pending is not None else 0

    def legal_moves(self: Any, seat: Any = None) -> range:  # type: ignore[override, unused-ignore]
        """The moves of the seat to move (or of ``seat``), as their numbers."""
        decision = self.pending if seat is None else self.decision_of(self.seat_of(seat))
        return range(len(decision.values)) if decision is not None else range(0)

    def notation(self: Any, i: int, seat: Any = None) -> str:
        """The i-th move's notation, as the full path names it (worked out now)."""
        decision = self.pending if seat is None else self.decision_of(self.seat_of(seat))
        if decision is None:
            raise IllegalMove("no decision is pending")
        if decision.notations is not None:  # a simultaneous choice names its moves at once
            return str(decision.notations[i])
        if decision.keys is not None:  # the names its options were merged by (cards alike
            return str(decision.keys[i])  # lying apart: by place), the full path's notations
        value = decision.values[i]
        if value is None and decision.passing and i == len(decision.values) - 1:
            return str(decision.passing)
        return str(self.notation_of(value, decision.seat, decision.site.element))

    def play(self: Any, move: int, seat: Any = None) -> None:  # type: ignore[override, unused-ignore]
        """Play the move numbered ``move`` (of ``seat``'s moves in a simultaneous choice)."""
        decision = self.pending
        if decision is None or self.over:
            if self.stopped:
                raise IllegalMove("this game was stopped in the middle of a rule (play_out's "
                                  "limit): it can be read, not played on")
            raise IllegalMove(no_more_moves(self))
        if self.group is not None:
            self.answer(decision.seat if seat is None else self.seat_of(seat), move)
            return
        if type(move) is not int or not 0 <= move < len(decision.values):
            raise IllegalMove(f"{move!r} is not a move now: the moves are numbered "
                              f"0 to {len(decision.values) - 1}")
        self.pending = None
        decision.frame.L[decision.site.slot] = decision.values[move]
        self.run()

    def play_out(self: Any, policy: Any, limit: int | None = None) -> int:
        """Play on, every decision answered at once by ``policy(game, seat, values, site)``
        (the number of the move to play among ``values``, None in them the pass move), until
        the game is over or, with ``limit``, that many decisions are answered; how many were.
        While the policy picks, ``passing`` is the decision's pass word (False: it has none).
        The policy reads ``values`` and leaves it as it is (it may be the rules' own list,
        or, for a choose among a range of numbers, a ``range``).

        Rules that can pause run as their direct forms (compiler/direct_code.py): a choose
        asks the policy and goes on, no frame, no pause, no resume; a decision pending (the
        game's own, made before it was played out) is answered through ``play``. A
        game stopped by ``limit`` inside a direct form is left mid-way: its state can be read
        (``stopped`` is True), it cannot be played on. The policy may set the game's ``limit``
        as it plays (the tree search's ``Walk`` does, as it leaves its tree)."""
        return cast(int, self.run_played_out(policy, limit, False))

    def run_played_out(self: Any, policy: Any, limit: int | None, starting: bool) -> int:
        """``play_out``; ``starting``: the game has not run yet (a game started from its
        snapshot, ``Rules.played_out``), so it runs first, its policy already asking: a
        ``play`` block that holds the whole game runs direct too, as would its first turn."""
        stack = sys.getrecursionlimit()
        if stack < DIRECT_STACK:  # direct forms nest where frames stacked (put back after)
            sys.setrecursionlimit(DIRECT_STACK)
        self.policy, self.limit, self.answered = policy, limit, 0
        self.direct = True
        try:
            if starting:  # its first frames run (the turn or play block direct, from its top)
                self.run()
            while not self.over:
                decision = self.pending
                if self.answered == self.limit:  # (the policy may set it as it plays)
                    break
                self.answered += 1
                self.passing = decision.passing
                self.play(policy(self, decision.seat, decision.values, decision.site))
        except _Stopped:
            self.stopped = True
            self.pending = None
        finally:
            self.direct = False
            self.policy = None
            if stack < DIRECT_STACK:
                sys.setrecursionlimit(stack)
        answered: int = self.answered  # (no typing.cast: a call a game)
        return answered

    def apply(self: Any, i: int, seat: Any = None) -> None:
        """As ``play`` (the full game's name for playing by number)."""
        self.play(i, seat)

    def copy(self, logging: bool | None = None, seed: int | None = None) -> LeanGame:
        """An independent copy (lean too: ``Game.copy`` makes one of the game's class)."""
        twin: Any = super().copy(False, seed)
        mine: Any = self.pending
        if mine is not None and twin.group is None:
            twin.pending.passing = mine.passing  # the pass word (moved_to does not keep it)
        return twin  # type: ignore[no-any-return]  # (Game.copy makes one of this class)
