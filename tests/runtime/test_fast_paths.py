"""The runtime's hand-inlined fast paths (the places that say "written out", and a few more
like them) against the general code each copies: where inputs can be generated, hypothesis
gives both the same ones; elsewhere every ruleset's seeded random games are played again
with the fast path swapped for its general code (``support.differential``), and must go
exactly as before: the same moves offered, the same draws, state, log and outcome.

The compiler's fast paths (code written out at call sites) are in test_fast_paths_compiled.py."""
from __future__ import annotations

import random
import types
from collections import deque
from contextlib import contextmanager
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulelang
from interpreter.runtime import draws, engine, helpers, protocol
from interpreter.runtime.builtin_functions import _cell_set
from interpreter.runtime.card_refs import remap, remap_all
from interpreter.runtime.decision_parts import Decision, Move, make_offer
from interpreter.runtime.decisions import Decisions, no_decider
from interpreter.runtime.effects import Effects
from interpreter.runtime.engine import MAX_FRAMES, Game
from interpreter.runtime.helpers import Frame
from interpreter.runtime.log import Choice, Header, SeenCard
from interpreter.runtime.state import FIELDS, copy_state
from interpreter.runtime.values import Card, Cell, EnumValue, Fail, Keyed, Placement, Seat
from rulelang import RulesError
from support import differential
from support.compiled_twice import outcome

# ---------------------------------------------------------------- draws (draws.py)

operations = st.lists(st.tuples(st.sampled_from(["shuffle", "below"]), st.integers(0, 140)),
                      max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**64), operations)
def test_shuffles_and_numbers_drawn_are_those_random_draws_itself(seed, ops):
    """``_shuffle`` and ``_below`` (draws.py, the written-out ``Random.shuffle`` and
    ``randrange``; not the fallback a Python whose generator draws otherwise gets) give
    what ``Random`` gives, and leave the generator where it leaves it, call after call."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for what, n in ops:
        if what == "shuffle":
            a, b = list(range(n)), list(range(n))
            draws._shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
        else:
            assert draws._below(ours, n + 1) == theirs.randrange(n + 1)
    assert ours.getstate() == theirs.getstate()


# ---------------------------------------------------------------- games played both ways
# Each general version below is the fast path's method with the written-out part put back
# as the general code it copies; it counts its calls, so a test knows it was reached.

CALLS: dict = {}
fast_play, fast_move = Decisions.play, Effects.move


def _reached(name):
    CALLS[name] = CALLS.get(name, 0) + 1


def general_call(self, unit, args):
    """``Game.call`` with ``Frame.of`` (``Game.call`` writes it out)."""
    _reached("call")
    if len(self.frames) + self.rdepth > MAX_FRAMES and unit.loops:
        raise Fail(f"rule '{unit.name[5:]}' calls itself without end")
    args += unit.pad
    frame = Frame.of(unit, 0, args)
    self.frames.append(frame)
    return frame


def general_turn_header(self):
    """``Game.turn_header`` with ``Header.of`` (``Game.turn_header`` writes it out)."""
    _reached("turn_header")
    self.turn_number += 1
    if self.logging:
        self.log.append(Header.of(f"turn {self.turn_number}: {self.seat_name(self.current)}",
                                  self.rules.code.turn_at))


def general_ask(self, frame, site, seat, passing, prompt, options, restoring=False):
    """``Decisions.ask`` with each option named by ``notation_of``, the
    offer made afresh rather than found among those kept, the decision made by
    ``Decision.of`` and the lines settled by ``settle``."""
    _reached("ask")
    if seat not in self.players:
        raise no_decider(self, seat)
    texts = [self.notation_of(v, seat, site.element) for v in options]
    offer = make_offer(self.rules, seat, passing, texts)
    values = list(options)
    if offer.keep is not None:
        values = [values[i] for i in offer.keep]
    if passing:
        values.append(None)
    decision = Decision.of(seat, site, frame, values, offer.notations, prompt, self, offer.moves)
    if restoring:
        return decision
    self.pending = decision
    if self.unsettled and self.logging:
        self.settle(seat)
    self.steps = self.work = 0


def general_play(self, move, seat=None):
    """``Decisions.play`` by its general path (``apply``, which logs the move with
    ``log_choice`` and runs on with ``run``), as ``Decisions.play`` writes out: the same
    move, played naming its seat, which the fast path does not take."""
    if type(move) is Move and seat is None:
        _reached("play")
        seat = move.seat
    fast_play(self, move, seat)


def general_log_choice(self, decision, i):
    """``Decisions.log_choice`` with ``Choice.of`` (``Decisions.log_choice`` writes it out)."""
    _reached("log_choice")
    value, seat = decision.values[i], decision.seat
    named = protocol.kind_of(value).named(self, value, seat)
    line = Choice.of(seat, decision.prompt, decision.notations[i], named,
                     1 << seat if named else self.everyone, decision.site.at)
    self.log.append(line)
    if named:
        self.unsettled.append(len(self.log) - 1)


def general_offered(g, seat, site, frame, options, replay=True):
    """``Decision.offered`` (a simultaneous choice's options) with each named by
    ``notation_of``, which its loop writes out."""
    _reached("offered")
    values, notations = [], []
    for value in options:
        text = g.notation_of(value, seat, site.element)
        if text not in notations:
            values.append(value)
            notations.append(text)
    return Decision.of(seat, site, frame, values, notations, None, g)


def general_move(self, what, dest, at):
    """``Effects.move`` with one card going the way a list of cards goes (``move``
    sends it straight to ``move_card``)."""
    if type(what) is Card:
        _reached("move")
        what = [what]
    fast_move(self, what, dest, at)


def general_move_card(self, card, dest):
    """``Effects.move_card`` as ``move``'s general loop does it: the card leaves its zone by
    ``_leave`` (not the quiet pop of a zone that ``Zone.settle`` found quiet) and is seen
    by ``_see`` (not the mask ``Zone.settle`` worked out once)."""
    _reached("move_card")
    if type(card) is not Card:
        return self.move(card, dest, None)
    if dest.holds is not None and card.kind != dest.holds:
        raise Fail(f"{dest.name} holds {dest.holds} cards, not {card.kind} ({card.label})")
    source = self.where[card.id]
    if source is not None:
        self._leave(card, source)
    self.where[card.id] = dest
    self.zc[dest.i].append(card)
    self._see(card, dest)
    if dest.watch:
        self.dirty = True
    for unit in dest.on_enter:
        self.queue.append((unit, dest, card))


def general_deal(self, count, source, dest):
    """``Effects.deal`` by its last, general line (``deal`` writes out one card)."""
    _reached("deal")
    self.move(self.zc[source.i][::-1][:count], dest, None)


SWAPS = {  # name -> (class, attribute, general version)
    "call": (Game, "call", general_call),
    "turn_header": (Game, "turn_header", general_turn_header),
    "ask": (Decisions, "ask", general_ask),
    "play": (Decisions, "play", general_play),
    "log_choice": (Decisions, "log_choice", general_log_choice),
    "offered": (Decision, "offered", staticmethod(general_offered)),
    "move": (Effects, "move", general_move),
    "move_card": (Effects, "move_card", general_move_card),
    "deal": (Effects, "deal", general_deal),
}


@cache
def _reaching() -> dict:
    """The configs whose games call each fast path: the others play the same with it swapped."""
    return differential.reached(SWAPS)


@pytest.mark.soak  # the everyday run compares the configs differential.everyday keeps
@pytest.mark.parametrize("name", SWAPS)
def test_every_game_goes_as_with_the_general_code(name):
    owner, attribute, general = SWAPS[name]

    @contextmanager
    def swapped():
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(owner, attribute, general)
            yield

    CALLS.pop(name, None)
    reaching = _reaching()[name]
    assert differential.compare_all(swapped, reaching=reaching.__contains__) == []
    assert CALLS.get(name, 0) > 0, f"no game reached {name}"


def test_every_card_made_is_the_card_its_class_makes():
    """``Effects.create`` makes each card field by field (``Effects.create``): every slot the
    class's own ``__init__`` sets is set, to the same value."""
    made = 0
    for config in differential.configurations():
        game = differential.rules_of(config.path).new_game(
            players=config.players, seed=config.seed, options=dict(config.options))
        for card in game.cards:
            general = Card(card.id, card.kind, card.f, card.label)
            assert {s: getattr(card, s) for s in Card.__slots__} == \
                {s: getattr(general, s) for s in Card.__slots__}
            made += 1
    assert made > 100


# ---------------------------------------------------------------- copies (state.py)

def general_copy_state(src, dst, fresh_seed=None):
    """``copy_state`` as the loop over ``FIELDS`` that ``state._write_copier`` writes out."""
    for f in FIELDS:
        if fresh_seed is not None and f.attr in ("seed", "rng"):
            continue
        value = getattr(src, f.attr)
        setattr(dst, f.attr, f.copy(value) if f.copy is not None else value)
    if fresh_seed is not None:
        dst.seed, dst.rng = fresh_seed, random.Random(fresh_seed)


def _plain(value):
    """A state's part as comparable data (a generator as its state, frames as their parts)."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, list) and value and isinstance(value[0], Frame):
        return [(f.unit, f.pc, f.L) for f in value]
    return value


@pytest.mark.parametrize("fresh_seed", [None, 99])
def test_a_copy_of_the_state_is_the_copy_the_fields_describe(fresh_seed):
    """Each part of the state is copied (or shared) as its ``Field`` says, to the same
    value; and a game copied either way goes on the same."""
    compared = 0
    for config in differential.configurations():
        rules = differential.rules_of(config.path)
        game = rules.new_game(players=config.players, seed=config.seed, options=dict(config.options))
        rng = random.Random(config.seed)
        try:
            for _ in range(rng.randrange(8)):
                if game.is_over:
                    break
                moves = game.legal_moves()
                game.play(moves[rng.randrange(len(moves))])
        except RulesError:
            pass  # a fault of tests/rules/fast_path_faults.rules: copied as it stands
        fast, general = types.SimpleNamespace(), types.SimpleNamespace()
        copy_state(game, fast, fresh_seed)
        general_copy_state(game, general, fresh_seed)
        for f in FIELDS:
            a, b, source = getattr(fast, f.attr), getattr(general, f.attr), getattr(game, f.attr)
            assert _plain(a) == _plain(b), (config, f.attr)
            assert (a is source) == (b is source), (config, f.attr)  # copied, or shared, alike
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(engine, "copy_state", general_copy_state)
            twin_general = game.copy(seed=fresh_seed)
        twin_fast = game.copy(seed=fresh_seed)
        ends = []
        for twin in (twin_fast, twin_general):
            pick = random.Random(config.seed + 1)
            try:
                while twin.legal_moves() and len(twin.history) < len(game.history) + 10:
                    moves = twin.legal_moves()
                    twin.play(moves[pick.randrange(len(moves))])
                ends.append(None)
            except RulesError as error:
                ends.append(str(error))
        assert ends[0] == ends[1], config
        assert twin_fast.save() == twin_general.save(), config
        compared += 1
    assert compared == len(differential.configurations())


@cache
def _dice_game():
    return rulelang.load("examples/pig.rules").lean().new_game(players=2, seed=1)


@settings(max_examples=150, deadline=None)
@given(st.integers(-5, 5), st.integers(-7, 12), st.integers(0, 2**32),
       st.sampled_from(["none", "fixed", "fixed elsewhere", "from outside"]))
def test_a_number_of_a_range_drawn_by_chance_is_the_range_s_pick(a, b, seed, given):
    """``chance_span(label, a, b)`` (no range made) draws what ``chance_pick(label,
    number_span(a, b))`` draws, the generator left alike, an empty range refused alike; with
    an outcome fixed, or chance from outside, as chance_pick gives it."""
    games = [_dice_game().copy() for _ in range(2)]
    for game in games:
        game.rng = random.Random(seed)
        game.fixed = {"fixed": {"die": deque([3])}, "fixed elsewhere": {"coin": deque([1])}}.get(
            given, {})
        game.chance_source = (lambda g, label, items: items[-1]) if given == "from outside" else None
    span, made = games

    assert outcome(lambda: span.chance_span("die", a, b)) \
        == outcome(lambda: made.chance_pick("die", helpers.number_span(a, b)))
    assert span.rng.getstate() == made.rng.getstate()


# ---------------------------------------------------------------- values (protocol.py...)

colours = [EnumValue("Colour", name, i) for i, name in enumerate(["red", "blue"])]
seats = [Seat(i, f"P{i + 1}") for i in range(3)]
cards = [Card(i, "Gem", {"size": i}, f"gem {i}") for i in range(4)]
placements = [Placement((Cell(0, 0), Cell(1, 0)), "A1 r0"), Placement((Cell(2, 2),), "C3 r90 f")]
flat_values = st.one_of(st.none(), st.booleans(), st.integers(-10**18, 10**18), st.text(max_size=5),
                        st.sampled_from(colours + seats + cards + placements),
                        st.builds(Cell, st.integers(0, 30), st.integers(0, 30)))
values = st.recursive(flat_values, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                           st.lists(inner, max_size=3).map(tuple)),
                      max_leaves=6)


@settings(max_examples=100, deadline=None)
@given(values)
def test_a_value_as_text_and_as_a_list_is_what_its_kind_says(value):
    """``text_of`` (protocol.py writes out texts, enum members, seats and numbers) and
    ``as_list`` (a list is its own items) agree with the value's kind."""
    kind = protocol.KINDS.get(type(value), protocol._OTHER)
    assert protocol.text_of(value) == kind.text(value)
    if type(value) is list:
        assert protocol.as_list(None, value) is kind.items(None, value)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.lists(flat_values, max_size=6), st.builds(range, st.integers(0, 4), st.integers(0, 9))),
       st.one_of(st.none(), st.lists(flat_values, max_size=5), st.sampled_from(colours)),
       st.booleans())
def test_the_items_in_a_list_picked_at_once_are_those_in_list_picks(items, coll, keep):
    """``picked_in`` (each item's look counted at once, the list made in C) gives the
    comprehension's list ``[x for x in items if in_list(g, x, coll) is keep]`` and counts
    its work, whatever ``coll`` is (none, a list, a value that is no list)."""
    fast, general = types.SimpleNamespace(work=0), types.SimpleNamespace(work=0)

    assert outcome(lambda: helpers.picked_in(fast, items, coll, keep)) \
        == outcome(lambda: [x for x in items if helpers.in_list(general, x, coll) is keep])
    assert fast.work == general.work


@settings(max_examples=200, deadline=None)
@given(st.one_of(values, st.just(colours[1]), st.just(EnumValue("Colour", "red", 0))))
def test_a_value_in_an_enum_s_members_is_found_as_in_any_finds_it(value):
    """``in_members`` (one look in a set of the members) gives ``in_any``'s answer and counts
    its work, for every kind of value: a member of another enum alike in name is no member."""
    fast, general = types.SimpleNamespace(work=0), types.SimpleNamespace(work=0)
    assert helpers.in_members(fast, value, colours, frozenset(colours)) \
        == helpers.in_any(general, value, colours)
    assert fast.work == general.work


@settings(max_examples=100, deadline=None)
@given(st.lists(values, max_size=5))
def test_a_list_in_a_message_is_its_items_parts_between_commas(items):
    """``_List.parts`` puts a card in as itself rather than asking its kind."""
    general = []
    for i, x in enumerate(items):
        if i:
            general.append(", ")
        general.extend(protocol.kind_of(x).parts(x))
    assert protocol.KINDS[list].parts(items) == general


def _game_knowing(masks):
    return types.SimpleNamespace(known=list(masks), work=0)


@settings(max_examples=100, deadline=None)
@given(st.one_of(values, st.lists(st.sampled_from(cards), max_size=5)),
       st.lists(st.integers(0, 7), min_size=4, max_size=4))
def test_a_value_in_a_log_line_is_its_parts_each_card_seen_by_whom_it_was(value, masks):
    """``log_parts`` writes out a list of cards (helpers.py: no call of the list's kind): the
    parts the general path gives, and no less work counted."""
    fast, general = _game_knowing(masks), _game_knowing(masks)
    out = helpers.log_parts(fast, value)
    parts = [SeenCard(p, general.known[p.id]) if type(p) is Card else p
             for p in protocol.kind_of(value).parts(value)]
    general.work += len(parts) + sum(len(p) for p in parts if type(p) is str)
    assert out == parts  # a SeenCard is equal for the same card (itself) and the same mask
    assert fast.work >= general.work  # 4 a card, where the general count is 3 less in all


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.none(), st.sampled_from(cards),
                          st.builds(Cell, st.integers(0, 5), st.integers(0, 5))), max_size=8),
       st.lists(st.sampled_from(["grid", "other", None]), min_size=4, max_size=4),
       st.lists(st.lists(st.builds(Cell, st.integers(0, 5), st.integers(0, 5)), max_size=3),
                min_size=4, max_size=4))
def test_the_cells_of_cards_and_cells_are_the_set_the_general_loop_makes(items, where, cells):
    """``_cell_set`` tries a set of cards' cells first (the common case) and falls back on
    its general loop: both give the same set, or the same error."""
    g = types.SimpleNamespace(where=where, cells=[tuple(c) for c in cells])

    def general():
        out = set()
        for x in items:
            if type(x) is Card:
                if where[x.id] == "grid":
                    out.update(g.cells[x.id])
            elif type(x) is Cell:
                out.add(x)
            elif x is not None:
                raise Fail("not a cell")
        return out

    assert _cell_set(g, "grid", items) == general()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(cards), values), max_size=5),
       st.sets(st.integers(0, 3)))
def test_remapping_a_list_of_values_remaps_each_as_remap_does(items, remapped):
    """``remap_all`` (card_refs.py) skips the call for what holds no card."""
    table = {i: Card(i, "Gem", {"size": i}, f"sampled gem {i}") for i in remapped}
    assert remap_all(items, table) == [remap(x, table) for x in items]  # a card: itself


@given(st.dictionaries(st.integers(), st.integers(), max_size=6), st.text(max_size=4))
def test_a_keyed_variable_copied_is_the_keyed_variable_made_from_it(items, name):
    """``Keyed.copy`` writes out ``Keyed(self.name, self)``."""
    keyed = Keyed(name, items)
    fast, general = keyed.copy(), Keyed(keyed.name, keyed)
    assert type(fast) is Keyed and fast == general and fast.name == general.name
    assert fast is not keyed
    with pytest.raises(Fail, match="has nothing for"):
        fast[len(items) + 10**9]



def general_augment(g, now, delta, sign):
    """``augment`` before its list-grown-by-a-list case was written out: by ``list_plus``."""
    if isinstance(now, list):
        return helpers.list_plus(g, now, delta) if sign > 0 else helpers.list_minus(g, now, delta)
    return helpers.augment(g, now, delta, sign)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.lists(values, max_size=5), values), st.one_of(st.lists(values, max_size=4), values),
       st.sampled_from([1, -1]), st.sampled_from([0, 7, helpers.MAX_WORK - 4, helpers.MAX_WORK]))
def test_a_list_grown_by_a_list_is_the_list_list_plus_makes(now, delta, sign, work):
    """``augment`` writes out ``list_plus`` for a list grown by a list: the same list (a new
    one), the same work counted and the same failure past the budget, for any values."""
    fast, general = types.SimpleNamespace(work=work), types.SimpleNamespace(work=work)
    got = outcome(lambda: helpers.augment(fast, now, delta, sign))
    assert got == outcome(lambda: general_augment(general, now, delta, sign))
    assert fast.work == general.work
    if got[0] == "value" and type(now) is list:
        assert got[1] is not now


def test_a_list_grown_too_long_fails_as_list_plus_fails():
    """Past the longest list a ruleset may build, the written-out case fails as ``bounded``."""
    now = [0] * helpers.MAX_ITEMS
    fast, general = types.SimpleNamespace(work=0), types.SimpleNamespace(work=0)
    assert outcome(lambda: helpers.augment(fast, now, [1], 1)) \
        == outcome(lambda: general_augment(general, now, [1], 1))
    assert outcome(lambda: helpers.augment(fast, now, [], 1))[0] == "value"
