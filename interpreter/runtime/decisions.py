"""Decisions: asking a seat to choose, the legal moves, playing one.

Mixed into ``Game``. A pending decision keeps its options (the values a move picks)
and their notations; it knows its ``choose`` site and its frame, so a saved game
need not hold the options: restoring works them out again from the frame's slots
(unless working them out draws chance, in which case they are saved).

A ``choose ... by each p in SEATS`` asks several seats at once: the game's ``group``
holds one decision per seat and the answers given so far, which no other seat sees.
``pending`` is then the first decision still unanswered, so that code asking one seat
at a time (``to_move``, ``legal_moves()``, ``play(move)``) answers them in seat order;
``to_move_all``, ``legal_moves(seat)`` and ``play(move, seat=S)`` answer in any order.
Once every seat has answered, the choices are applied together, in seat order.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from interpreter.runtime.decision_parts import (
    MAX_OFFERED_KEPT,
    MAX_OFFERS_KEPT,
    Decision,
    Group,
    Move,
    Offer,
    Passing,
    TrailEntry,
    make_offer,
    moves_for,
    named_apart,
    no_more_moves,
)
from interpreter.runtime.failures import GUARDED, GameOver, runtime_error
from interpreter.runtime.game_fields import GameFields
from interpreter.runtime.helpers import PAUSE
from interpreter.runtime.log import Choice, SeenCard
from interpreter.runtime.protocol import kind_of
from interpreter.runtime.readers import shown_texts
from interpreter.runtime.refusals import Refusal, refusal, rules_reasons
from interpreter.runtime.values import MAX_WORK, Card, Cell, EnumValue, Fail, Placement, Seat, cell_name
from interpreter.runtime.work import overwork
from rulelang.language.errors import IllegalMove, RulesError

if TYPE_CHECKING:
    from interpreter.runtime.engine import Game
    from interpreter.runtime.helpers import Frame
    from interpreter.runtime.ruleset import CompiledSite
    from interpreter.runtime.values import Value, Zone

def _number(advice: Value) -> int:
    """An option's advice as a number: yes 1, no (or none) 0."""
    return 0 if advice is None else +advice


OPTION_WORK = 100  # the work of offering one option: naming it, merging alike ones, keeping it


def no_decider(g: GameFields, seat: object) -> Fail:
    """The failure of a ``choose`` whose chooser is not a player of the game."""
    if seat is None:
        return Fail("no player is given to decide here (none): say 'by' which player decides")
    return Fail(f"{g.seat_name(seat)} is not playing, so cannot decide: say 'by' which "
                "player decides")


class Decisions(GameFields):
    # A host's game whose seats are played by bots keeps the states its latest decisions
    # were taken in (``seat_knowledge`` starts it): (seat, the move's index, a copy of the
    # game as the seat was asked). Not saved, not copied: a bot's partner model reads
    # partners' recent moves from it, through the seat's knowledge (runtime.knowledge).
    trail: deque[TrailEntry] | None = None

    def ask(self, frame: Frame, site: CompiledSite, seat: Seat, passing: Passing,
            prompt: tuple[Value, ...] | None, options: Iterable[Value],
            restoring: bool = False) -> Decision | None:
        """A ``choose`` statement (its parts worked out by the generated code): wait for
        ``seat`` to pick one of ``options`` (their notations as ``seat`` names them; alike
        ones merged) or to pass if ``passing`` (the pass move's word). ``restoring``: the
        decision a saved game waits on, worked out again (returned, nothing else done)."""
        if seat not in self.players:
            raise no_decider(self, seat)
        known, bit, element = self.known, 1 << seat, site.element
        key: list[int | str | bool] = [seat, passing]  # the offer's key: then the options' notations
        add = key.append
        # zone -> {card id: index}: the cards of one zone placed in one pass
        places: dict[int, dict[int, int]] = {}
        for v in options:  # notation_of, written out for the common kinds
            t = type(v)
            if t is Card:
                add(v.label if known[v.id] & bit else self.position(v, places))
            elif t is EnumValue or t is Seat:
                add(v.name)
            elif t is Placement:  # a shape on a grid: hundreds of them in one decision
                add(v.label)
            elif t is int and element is None:
                add(str(v))
            elif t is bool:
                add("yes" if v else "no")
            elif t is Cell:
                add(cell_name(v))
            else:
                add(self.notation_of(v, seat, element))
        # each option is named, compared and kept: priced, so a choice among a huge zone or
        # every cell of a vast board stops with the rule named, not after minutes
        self.work += (len(key) - 2) * OPTION_WORK
        if self.work > MAX_WORK:
            overwork(cast("Game", self))
        offer = self.offer_for(key, seat, passing)
        if offer.keep is not None:  # options merged: not cards alike that lie apart
            names = cast("list[str]", key[2:])  # (after seat and pass word)
            apart = named_apart(self, list(options), names)
            if apart is not names:
                key[2:] = apart
                offer = self.offer_for(key, seat, passing)
        keep = offer.keep
        values = list(options)
        if keep is not None:
            values = [values[i] for i in keep]
        if passing:
            values.append(None)
        decision = Decision()  # Decision.of(...), written out: once per decision
        decision.seat = seat
        decision.site = site
        decision.frame = frame
        decision.values = values
        decision.notations = decision.keys = offer.notations
        decision._prompt = prompt
        decision.game = self
        decision.moves = offer.moves
        decision.index = None
        decision.passing = False
        if restoring:
            return decision
        self.pending = decision
        unsettled = self.unsettled
        # Asking a seat settles every other seat's lines, so unsettled lines are the last
        # chooser's, or after a simultaneous choice one per seat (in seat order): when the
        # first and the last are this seat's, all are, and settling would change nothing.
        if unsettled and self.logging:
            lines: list[Choice] = self.log  # type: ignore[assignment]  # unsettled lines: choices
            if len(unsettled) == 1:  # settle(seat) for the one line, written out (the common case)
                entry = lines[unsettled[0]]
                if entry.seat != seat:
                    mask, known = self.everyone, self.known
                    for card in entry.named:
                        mask &= known[card.id]
                    entry.mask = mask | 1 << entry.seat
                    entry.prompt = frozen(entry.prompt, known)
                    self.unsettled = []
            elif lines[unsettled[0]].seat != seat or lines[unsettled[-1]].seat != seat:
                self.settle(seat)
        self.steps = self.work = 0
        return None

    def offer_for(self, key: list[int | str | bool], seat: Seat, passing: Passing) -> Offer:
        """The offer of these notations (``key``: seat, pass word, then the notations), kept
        per ruleset: the same hand is offered again and again."""
        offers = self.rules.offers
        offer_key = tuple(key)
        offer = offers.get(offer_key)
        if offer is None:
            texts = cast("tuple[str, ...]", offer_key[2:])  # the notations, after seat and pass
            offer = make_offer(self.rules, seat, passing, texts, len(texts) > MAX_OFFERED_KEPT)
            if len(texts) <= MAX_OFFERED_KEPT and len(offers) < MAX_OFFERS_KEPT:
                offers[offer_key] = offer
        return offer

    def each_seats(self, seats: Iterable[Seat]) -> list[Seat]:
        """The seats of a ``choose ... by each``, checked: players only, none named twice
        (the direct forms' ``choose_each`` asks it too)."""
        seats = list(seats)
        for seat in seats:
            if seat not in self.players:
                raise Fail(f"{self.seat_name(seat)} cannot decide: only players choose")
        if len(set(seats)) != len(seats):
            raise Fail("a player is named twice among those choosing at once")
        return seats

    def ask_each(self, frame: Frame, site: CompiledSite, seats: Iterable[Seat]) -> bool:
        """A ``choose ... by each p in SEATS``: every one of those players decides at once,
        none seeing the others' choices. False (and the chosen list empty) for no seats."""
        seats = self.each_seats(seats)
        if not seats:
            frame.L[site.slot] = []
            return False
        decisions = Group.asked(self, site, frame, seats)
        if self.unsettled and self.logging:
            self.settle()
        self.steps = self.work = 0
        self.group = Group(site, frame, decisions, {})
        self.pending = decisions[0]
        return True

    def decision_of(self, seat: int | None = None) -> Decision | None:
        """The decision ``seat`` may answer now (None: the first one pending), or None."""
        if seat is None or self.pending is None:
            return self.pending
        if self.group is not None:
            return self.group.of(seat)
        return self.pending if self.pending.seat == seat else None

    def notation_of(self, value: Value, seat: int, element: str | None = None) -> str:
        """A value as the chooser names it."""
        t = type(value)
        if t is Card:
            return value.label if self.known[value.id] >> seat & 1 else self.position(value)
        if t is EnumValue or t is Seat:
            return cast(str, value.name)
        if t is Placement:
            return cast(str, value.label)
        if t is int:  # (kind_of(value).notation, written out)
            return self.seat_name(value) if element == "seat" else str(value)
        if element == "seat" and isinstance(value, int) and t is not bool:
            return self.seat_name(value)
        return kind_of(value).notation(self, value, seat)

    def settle(self, next_seat: int | None = None) -> None:
        """Fix who may read each pending decision line, now that its effects have run.

        A line naming cards starts readable by its chooser only. It is settled when another
        seat is asked to decide (or the game ends): by then the chooser's cards have gone
        where they were going, and the line is readable by whoever knows all of them. The
        cards its prompt names are then shown as each seat knows them at that moment, for
        good (a card turned up later does not tell which one was meant).
        """
        if not self.unsettled:
            return
        keep: list[int] = []
        log = cast("list[Choice]", self.log)  # unsettled lines are choices
        for i in self.unsettled:
            entry = log[i]
            if entry.seat == next_seat:
                keep.append(i)
                continue
            self.settle_line(entry)
        self.unsettled = keep

    def settle_line(self, entry: Choice) -> None:
        """Who may read a decision line, and its prompt's cards, fixed now (this game's own
        line: see Choice)."""
        mask, known = self.everyone, self.known
        for card in entry.named:
            mask &= known[card.id]
        entry.mask = mask | 1 << entry.seat
        entry.prompt = frozen(entry.prompt, known)

    def settle_shuffled(self, zone: Zone) -> None:
        """Before ``zone`` is shuffled: the lines naming a card in it (chosen, or in the
        prompt) are settled now, while who knows which card it was still holds; after the
        shuffle a card turned up cannot be told from the others shuffled with it."""
        log = cast("list[Choice]", self.log)
        where, keep = self.where, []
        for i in self.unsettled:
            entry = log[i]
            if any(where[card.id] is zone for card in entry.named) or any(
                    type(part) is Card and where[part.id] is zone for part in entry.prompt):
                self.settle_line(entry)
            else:
                keep.append(i)
        self.unsettled = keep

    def legal_moves(self, seat: int | str | None = None) -> list[Move]:
        """The moves of the seat to move (``to_move``), or of ``seat`` (none if it has
        nothing to decide now)."""
        decision = self.pending if seat is None else self.decision_of(self.seat_of(seat))
        if decision is None:
            return []
        moves = decision.moves
        if moves is None:
            moves = decision.moves = moves_for(self.rules, decision.seat, decision.notations)
        return list(moves)

    def advice(self, seat: int | str | None = None,
               only: Sequence[int] | None = None) -> list[tuple[int, ...]] | None:
        """The rules' advice for bots on the decision of the seat to move (or ``seat``): for
        each legal move, in order, a tuple with one number per ``prefer`` clause (yes is 1,
        no 0; higher is preferred, the first clause first); with ``only`` (indexes), for
        those moves only. None when the ``choose`` gives none. It reads anything the clause
        reads: bots ask it of their samples, never of the host's game."""
        decision = self.pending if seat is None else self.decision_of(self.seat_of(seat))
        if decision is None or decision.site.prefer is None:
            return None
        site, L, values = decision.site, decision.frame.L, decision.values
        if only is not None:
            values = [values[i] for i in only]
        prefer = site.prefer

        def work() -> list[tuple[int, ...]]:
            clauses = prefer(self, L)
            if len(clauses) == 1:  # (the same tuples, each of one number)
                return [(_number(a),) for a in map(clauses[0], values)]
            return [tuple([_number(advice(value)) for advice in clauses]) for value in values]
        return cast("list[tuple[int, ...]]", self.guard(work))

    def play(self, move: Move | str, seat: int | str | None = None) -> None:
        """Play a legal move (a ``Move`` or its notation). With ``seat``, the move is
        refused unless that seat is the one to move: a host relaying a player's move
        passes the player's seat, so a stray move arriving late cannot be taken as
        another player's. A refused move leaves the game unchanged."""
        # None (no decision): an AttributeError on the fast path, refused after it
        decision: Decision = self.pending  # type: ignore[assignment]
        if type(move) is Move and seat is None:  # the common case first, written out
            try:  # one of the moves this decision handed out?
                mine = decision.moves[move.index] is move  # type: ignore[index]  # None: see except
            except (AttributeError, TypeError, IndexError):  # no decision, moves or place
                mine = False
            if mine and self.group is None and not self.over:
                # apply(i), written out (and log_choice): once per move
                at: int = move.index  # type: ignore[assignment]  # mine: it indexed the moves
                value, seat = decision.values[at], decision.seat
                if self.logging:
                    named: tuple[Card, ...]
                    t = type(value)
                    if t is Card:
                        named = (value,) if self.known[value.id] >> seat & 1 else ()
                    elif t is tuple or t is list:
                        named = kind_of(value).named(self, value, seat)
                    else:
                        named = ()
                    line = Choice()  # Choice.of(...), written out
                    line.seat, line.notation, line.named = seat, decision.notations[at], named
                    line.prompt = decision._prompt or decision.prompt
                    private = decision.site.private  # its chooser's alone, for good
                    line.mask = 1 << seat if named or private else self.everyone
                    line.at = decision.site.at
                    self.log.append(line)
                    if (named or has_cards(line.prompt)) and not private:
                        self.unsettled.append(len(self.log) - 1)
                    elif private:  # never settled: its prompt's cards as known now, for good
                        line.prompt = frozen(line.prompt, self.known)
                if self.trail is not None:
                    self.trail.append(TrailEntry(seat, at, self.copy(logging=False)))
                self.pending = None
                self.history.append(decision.notations[at])
                decision.frame.L[decision.site.slot] = value
                self.depth = self.rdepth = 0  # run(), written out
                frames = self.frames
                try:
                    while frames:
                        frame = frames[-1]
                        if frame.unit.run(self, frame) is PAUSE:
                            return
                    if not self.over:
                        self.finish("end", None, None)
                except GameOver:
                    return
                except RulesError as error:
                    self.failed = error.words()
                    raise
                except GUARDED as error:
                    failure = runtime_error(cast("Game", self), error)
                    self.failed = failure.words()
                    raise failure from None
                return
        if self.over or decision is None:
            raise IllegalMove(no_more_moves(self))
        if self.group is not None and (seat is not None or isinstance(move, Move)):
            decision = self._answerable(self.seat_of(seat) if seat is not None
                                        else cast(Move, move).seat)
        elif seat is not None:
            seat = self.seat_of(seat)
            if seat != decision.seat:
                raise IllegalMove(f"it is not {self.seat_name(seat)}'s move: "
                                  f"{self.seat_name(decision.seat)} is to move")
        if type(move) is Move:
            i, moves = move.index, decision.moves
            if moves is not None and i is not None and i < len(moves) and moves[i] is move:
                self.apply(i, decision.seat)  # one of the moves this decision handed out
                return
            if move.seat == decision.seat and i is not None and i < len(decision.notations) \
                    and decision.notations[i] == move.notation:
                self.apply(i, decision.seat)
                return
        if isinstance(move, Move):
            if move.seat != decision.seat:
                raise IllegalMove(f"'{move.notation}' was a move for {self.seat_name(move.seat)}, "
                                  f"but {self.seat_name(decision.seat)} is to move")
            i = move.index
            if i is not None and i < len(decision.notations) and decision.notations[i] == move.notation:
                self.apply(i, decision.seat)
                return
        elif not isinstance(move, str):
            raise IllegalMove(f"a move is a Move or its notation as text, not {move!r}")
        notation = move.notation if isinstance(move, Move) else move
        i = decision.lookup(notation)
        if i is None:
            shown = ", ".join(decision.notations[:12]) + (" ..." if len(decision.notations) > 12 else "")
            refused = refusal(self, decision, str(notation))
            meant = (f"; did you mean '{refused.suggestion}'?" if refused.suggestion is not None
                     else "")
            if refused.reason is not None:
                illegal = IllegalMove(f"'{notation}' is refused: {refused.reason}{meant} "
                                      f"(legal: {shown})", reason=refused.reason)
            else:
                illegal = IllegalMove(f"'{notation}' is not a legal move for "
                                      f"{self.seat_name(decision.seat)} now{meant} (legal: {shown})")
            illegal.refusal = refused  # the reason, the move meant, where in the rules ("why?")
            raise illegal
        self.apply(i, decision.seat)

    def _answerable(self, seat: int) -> Decision:
        """In a simultaneous choice: the decision ``seat`` has still to answer."""
        group = cast(Group, self.group)
        decision = group.of(seat)
        if decision is None:
            asked = [d.seat for d in group.decisions]
            if seat in asked:
                raise IllegalMove(f"{self.seat_name(seat)} has already chosen")
            raise IllegalMove(f"it is not {self.seat_name(seat)}'s move: "
                              f"{' and '.join(self.seat_name(s) for s in self.to_move_all)} "
                              "choose now")
        return decision

    def why_refused(self, notation: str) -> str | None:
        """Why this move is refused now, in the players' words (the rules' own reason, from a
        ``where ... else`` clause, or one worked out from what the seat can see), or None:
        the move is legal, or nothing can be said of it. ``refused`` says more."""
        found = self.refused(notation)
        return found.reason if found is not None else None

    def refused(self, notation: str, seat: int | None = None) -> Refusal | None:
        """A ``refusals.Refusal`` for a move the seat to move (or ``seat``, in a choice made
        by each) is not offered now (its reason, a move it is close to, where in the rules
        the decision is), or None if it is legal or the seat has no decision."""
        decision = self.decision_of(seat)
        if decision is None or self.over or decision.lookup(str(notation)) is not None:
            return None
        return refusal(self, decision, str(notation))

    def confirmation(self, notation: str, seat: int | None = None) -> str | None:
        """What the rules ask a person to confirm before playing the move ``notation`` now
        (``pass ... confirm "TEXT"``: passing there), or None. Bots are never asked."""
        decision = self.decision_of(seat)
        if decision is None or self.over or decision.site.pass_confirm is None:
            return None
        i = decision.lookup(str(notation))
        if i is None or i != len(decision.values) - 1 or decision.values[i] is not None \
                or decision.notations[i] != decision.site.pass_word:
            return None  # (the pass move is the last, its value None, its notation the word)
        return decision.site.pass_confirm

    def shown_options(self, seat: int | None = None) -> dict[str, str]:
        """What each move of the seat to move (or ``seat``) shows beside it (``choose ...
        shown TEXT``), by its notation; empty when the rules say nothing (the pass move has
        no text)."""
        decision = self.decision_of(seat)
        if decision is None or self.over or decision.site.shown is None:
            return {}
        # guarded: a failure in the text is the rules' error, said where, as in play
        texts: dict[str, str] = self.guard(lambda: shown_texts(self, decision))
        return texts

    def refusal_reasons(self, seat: int | None = None) -> list[str]:
        """The rules' reasons (``where ... else``) for the choices the seat to move (or
        ``seat``: its own decision, in a choice made by each) is not offered now, each once
        (a seat with one move: why it is the only one)."""
        decision = self.decision_of(seat)
        if decision is None or self.over:
            return []
        return rules_reasons(self, decision)

    def seat_of(self, value: object) -> Seat:
        """A player's seat from how a caller wrote it: its index (0 is P1, as in
        ``outcome``), or its name as text: 'P2', 'p2', or '2' (the number in the name)."""
        if isinstance(value, int) and not isinstance(value, bool):
            if value in self.players:
                return self.players[value]
        elif isinstance(value, str):
            text = value.strip()
            number = text[1:] if text[:1] in ("P", "p") else text
            if number.isdigit() and int(number) - 1 in self.players:
                return self.players[int(number) - 1]
        names = ", ".join(self.seat_name(p) for p in self.players)
        raise RulesError(f"no player {value!r}: the players are {names} "
                         f"(or their indexes 0 to {len(self.players) - 1})")

    def apply(self, i: int, seat: int | None = None) -> None:
        """Play the i-th legal move of the seat to move, or of ``seat`` in a simultaneous
        choice (bots use this to skip notation lookups)."""
        decision: Decision = self.pending  # type: ignore[assignment]  # a move: a decision waits
        if self.group is not None:
            self.answer(decision.seat if seat is None else seat, i)
            return
        value = decision.values[i]
        if self.trail is not None:
            self.trail.append(TrailEntry(decision.seat, i, self.copy(logging=False)))
        if self.logging:
            self.log_choice(decision, i)
        self.pending = None
        self.history.append(decision.notations[i])
        decision.frame.L[decision.site.slot] = value
        self.run()

    def answer(self, seat: int, i: int) -> None:
        """One seat's answer in a simultaneous choice: kept secret until every seat has
        answered; then all are applied together, in the order of the seats."""
        group = cast(Group, self.group)  # a simultaneous choice is open
        decision = group.of(seat)
        if decision is None or not 0 <= i < len(decision.values):
            raise IllegalMove(f"{self.seat_name(seat)} has no such move to make now")
        group.answers[seat] = i
        if len(group.answers) < len(group.decisions):
            self.pending = group.first_open()
            return
        self.group = self.pending = None
        chosen: list[tuple[int, Value]] = []
        for decision in group.decisions:
            i = group.answers[decision.seat]
            value = decision.values[i]
            if self.logging:
                self.log_choice(decision, i)
            self.history.append(decision.notations[i])
            chosen.append((decision.seat, value))
        group.frame.L[group.site.slot] = chosen
        self.run()

    def log_choice(self, decision: Decision, i: int) -> None:
        """The transcript line of a decision taken (readable by its chooser alone, until
        settled, when it names cards)."""
        value, seat = decision.values[i], decision.seat
        named: tuple[Card, ...]
        t = type(value)
        if t is Card:
            named = (value,) if self.known[value.id] >> seat & 1 else ()
        elif t is tuple or t is list:
            named = kind_of(value).named(self, value, seat)
        else:
            named = ()  # a number, a colour, a seat...: no card's face in its name
        prompt = decision._prompt
        if prompt is None:  # not given when asked (a restored game): worked out now
            prompt = decision.prompt
        line = Choice()  # Choice.of(...), written out
        line.seat, line.prompt, line.notation, line.named = seat, prompt, decision.notations[i], named
        private = decision.site.private  # its chooser's alone, for good (never settled)
        line.mask = 1 << seat if named or private else self.everyone
        line.at = decision.site.at
        self.log.append(line)
        if (named or has_cards(prompt)) and not private:  # (its prompt's cards: see settle)
            self.unsettled.append(len(self.log) - 1)
        elif private:  # never settled: its prompt's cards as known now, for good
            line.prompt = frozen(line.prompt, self.known)

    @property
    def to_move_all(self) -> list[Seat]:
        """Every seat that may move now: several in a simultaneous choice, else one."""
        if self.group is not None:
            answers = self.group.answers
            return [self.seats[d.seat] for d in self.group.decisions if d.seat not in answers]
        return [self.seats[self.pending.seat]] if self.pending is not None else []

    def forget_choices(self, seat: int) -> None:
        """Drop the answers of every seat but ``seat`` in a simultaneous choice, as if they
        had not chosen yet: a look-ahead for ``seat`` must not know them."""
        group = self.group
        if group is not None:
            group.answers = {s: i for s, i in group.answers.items() if s == seat}
            # the seat's own decision first, when it has not answered yet (and its own
            # answer alone never completes the group)
            self.pending = group.of(seat) or group.first_open()


def has_cards(prompt: Sequence[object]) -> bool:
    """Whether a prompt names a card bare (shown as each reader knows it until settled)."""
    for part in prompt:  # noqa: SIM110 (a loop: no generator made for each decision)
        if type(part) is Card:
            return True
    return False


def frozen(prompt: tuple[Value, ...], known: list[int]) -> tuple[Value, ...]:
    """A prompt with each bare card kept with the seats that know it now (a ``SeenCard``)."""
    if not has_cards(prompt):
        return prompt
    return tuple(SeenCard(part, known[part.id]) if type(part) is Card else part
                 for part in prompt)
