"""One game played move by move in a rulelang example and in OpenSpiel's native game.

A ``Pairing`` says how the two name things: the native game and its parameters, our
rules and options, how a native action reads as our move's notation, and, for games
with cards dealt by chance, the order of our deck that deals what the native game's
chance nodes deal. ``play_both`` plays one seeded random game through both engines:
at every decision the player to move and the set of legal moves must be the same, the
same random move is played in both, and both must end together with the same returns.
It raises ``Mismatch`` at the first difference and returns the decisions compared.

Used by the tests (``tests/adapters/test_openspiel_*.py``, a few hundred games each) and by
``benchmarks/openspiel_crosscheck.py`` (thousands, and both engines' speeds).
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import rulelang
from support import ROOT


class Mismatch(AssertionError):
    pass


def _no_deck(rng: random.Random, players: int) -> list[str]:
    return []


@attrs.define
class Pairing:
    """How one example and one native game correspond."""
    name: str                       # a short name for reports
    rules_path: str                 # the example, from the repository's root
    native_name: str                # pyspiel's name of the game
    native_params: dict[str, Any] = attrs.Factory(dict)
    players: int = 2
    options: dict[str, Any] = attrs.Factory(dict)
    # native (state, player, action) -> our move's notation (compared in lower case)
    move_name: Callable[[Any, int, int], str] = lambda state, player, action: \
        state.action_to_string(player, action)
    # the deck's order, top first, drawn from the game's random generator (or [])
    deck: Callable[[random.Random, int], list[str]] = _no_deck
    # native chance (state, our card's name) -> the native chance action dealing it
    deal: Callable[[Any, str], int] | None = None
    shuffle_event: str = "shuffle deck"
    # instead of deck: (rng, players) -> (our fixed chance, the native chance tokens in
    # order, each given to deal), for games that draw more than a deck's order
    chances: Callable[[random.Random, int], tuple[dict[str, Any], list[str]]] | None = None
    # "win": +1 each winner, -1 each loser, 0 a draw; "zero_sum": +1 the winner, the -1 shared
    # by the losers; "score": our scores as they are
    returns: str = "win"
    # our fixed chance for a list of native chance tokens (as ``chances`` gives them), for
    # a deal changed after it was drawn (None: the order is the deck's, ``shuffle_event``)
    fix_of: Callable[[list[str]], dict[str, Any]] | None = None
    # (rng, native state, the legal moves' names sorted) -> the move to play; None: one
    # of them at random (a policy that plays well reaches the game's later phases)
    policy: Callable[[random.Random, Any, list[str]], str] | None = None
    # (players, seat) -> the places in the chance tokens that seat knows from the start
    # (its own cards, and public chance drawn first)
    dealt_to: Callable[[int, int], list[int]] | None = None
    # a native action is one whole turn of ours: the choices one seat makes in a row (until
    # another seat is to move or the game ends), their names joined by spaces
    whole_turns: bool = False
    # with whole_turns, when each of our turns is always this many choices: the last one is
    # not tried on a copy to see whether the turn ends there (0: every one is tried)
    turn_length: int = 0

    def fixing(self, order: list[str]) -> dict[str, Any]:
        if self.fix_of is not None:
            return self.fix_of(order)
        return {self.shuffle_event: order} if order else {}

    def load_native(self) -> Any:
        import pyspiel
        return pyspiel.load_game(self.native_name, self.native_params)

    def load_ours(self, path: str | None = None) -> Any:
        return rulelang.load(str(ROOT / (path or self.rules_path)))


def our_returns(game: Any, players: int, kind: str) -> list[float]:
    if kind == "score":
        return [float(game.outcome["scores"][seat]) for seat in range(players)]
    winners = game.outcome["winners"]
    if not winners or len(winners) == players:
        return [0.0] * players
    lost = -1.0 / (players - len(winners)) if kind == "zero_sum" else -1.0
    return [1.0 if seat in winners else lost for seat in range(players)]


def dealing(pairing: Pairing, rng: random.Random) -> tuple[dict[str, Any], list[str]]:
    """The chance of one game: our fixed chance, and the native chance tokens in order."""
    if pairing.chances is not None:
        return pairing.chances(rng, pairing.players)
    order = pairing.deck(rng, pairing.players)
    return pairing.fixing(order), order


def play_both(pairing: Pairing, seed: int, rules: Any = None, native: Any = None,
              observe: Callable[[Any, Any, int], None] | None = None,
              deal: Callable[[random.Random], tuple[dict[str, Any], list[str]]] | None = None,
              log: bool = False) -> int:
    """One game played in both engines; raises Mismatch at the first difference.
    Returns the number of decisions compared. ``observe(native state, our game,
    decisions so far)`` is called at every decision before it is made; ``deal(rng)``
    draws the chance instead of the pairing (see ``dealing``); ``log`` keeps our log."""
    rng = random.Random(seed)
    rules = rules or pairing.load_ours()
    native = native or pairing.load_native()
    fix, order = (deal or (lambda r: dealing(pairing, r)))(rng)
    ours = rules.new_game(players=pairing.players, seed=seed, log=log,
                          options=pairing.options, fix=fix)
    state = _initial_state(native)
    dealt = iter(order)
    decisions = 0
    while True:
        while state.is_chance_node():
            if pairing.deal is None:
                raise Mismatch("the native game draws chance, the pairing deals nothing")
            card = next(dealt, None)
            if card is None:
                raise Mismatch("the native game draws more chance than ours was given")
            state.apply_action(pairing.deal(state, card))
        if state.is_terminal():
            break
        player = state.current_player()
        if ours.is_over or ours.to_move != player:
            raise Mismatch(f"decision {decisions}: native P{player + 1} to move, "
                           f"ours {'no one' if ours.is_over else ours.to_move}")
        native_moves = {pairing.move_name(state, player, a).lower(): a
                        for a in state.legal_actions()}
        our_moves: dict[str, Any] = {str(m).lower(): m for m in ours.legal_moves()} \
            if not pairing.whole_turns else {" ".join(t).lower(): t
                                             for t in _turns(ours, pairing.turn_length)}
        if set(native_moves) != set(our_moves):
            raise Mismatch(f"decision {decisions}: native {sorted(native_moves)}, "
                           f"ours {sorted(our_moves)}")
        if observe is not None:
            observe(state, ours, decisions)
        names = sorted(native_moves)
        move = pairing.policy(rng, state, names) if pairing.policy else rng.choice(names)
        state.apply_action(native_moves[move])
        if pairing.whole_turns:
            for step in our_moves[move]:
                ours.play(next(m for m in ours.legal_moves() if str(m) == step))
        else:
            ours.play(our_moves[move])
        decisions += 1
    if not ours.is_over:
        raise Mismatch(f"the native game is over after {decisions} decisions, ours is not "
                       f"({ours.to_move} to move)")
    theirs = [float(r) for r in state.returns()]
    mine = our_returns(ours, pairing.players, pairing.returns)
    if theirs != mine:
        raise Mismatch(f"returns: native {theirs}, ours {mine}")
    return decisions


_initial: list[Any] = [None, None]  # the native game last asked for, and its initial state


def _initial_state(native: Any) -> Any:
    """A new initial state of the native game: a copy of one kept (some native games
    take milliseconds to make one, a hundred times what the copy takes)."""
    if _initial[0] is not native:
        _initial[:] = [native, native.new_initial_state()]
    return _initial[1].clone()


def _turns(game: Any, length: int = 0, mine: bool = False) -> list[list[str]]:
    """Every whole turn the seat to move may take: the names of its choices in a row, each
    followed on a copy of the game until another seat is to move or the game is over (or,
    when every turn is ``length`` choices, until the last of them). ``mine``: the game is
    a copy made here, and its last choice is followed on it, not on one more copy."""
    seat, turns = game.to_move, []
    if length == 1:
        return [[str(move)] for move in game.legal_moves()]
    moves = game.legal_moves()
    for i, move in enumerate(moves):
        after = game if mine and i == len(moves) - 1 else game.copy(logging=False)
        name = str(move)
        after.play(move)
        if after.is_over or after.to_move != seat:
            turns.append([name])
        else:
            turns += [[name, *rest] for rest in _turns(after, max(0, length - 1), mine=True)]
    return turns


def changed_rules(pairing: Pairing, folder: Path, rule: str, changed: str) -> Any:
    """The pairing's rules with one piece of their text changed (it must be there), loaded:
    a rule broken on purpose, to show the cross-check catches it."""
    original = (ROOT / pairing.rules_path).read_text()
    text = original.replace(rule, changed)
    assert text != original, f"{rule!r} is not in {pairing.rules_path}"
    path = folder / Path(pairing.rules_path).name
    path.write_text(text)
    return rulelang.load(str(path))


def play_seeds(pairing: Pairing, rules: Any, seeds: int) -> None:
    """The seeds 0 to seeds - 1 played through both engines (``Mismatch`` at the first
    difference)."""
    for seed in range(seeds):
        play_both(pairing, seed, rules=rules)


def cross_check(pairing: Pairing, games: int, first_seed: int = 0,
                report: Callable[[str], None] | None = None) -> tuple[int, int]:
    """``games`` seeded games; returns (decisions compared, games that disagreed)."""
    rules, native = pairing.load_ours(), pairing.load_native()
    decisions = failures = 0
    for seed in range(first_seed, first_seed + games):
        try:
            decisions += play_both(pairing, seed, rules, native)
        except Mismatch as error:
            failures += 1
            if report:
                report(f"  {pairing.name} seed={seed}: {error}")
    return decisions, failures


def speeds(pairing: Pairing, seconds: float = 3.0) -> dict[str, tuple[float, float]]:
    """Random games and decisions per CPU second, each engine alone: ours through the
    public API with ``log=False``, OpenSpiel's C++ game through its Python bindings."""
    rules, native = pairing.load_ours(), pairing.load_native()
    result = {}

    def ours_game(rng: random.Random) -> int:
        game = rules.new_game(players=pairing.players, seed=rng.randrange(2 ** 31),
                              log=False, options=pairing.options)
        made = 0
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            made += 1
        return made

    def native_game(rng: random.Random) -> int:
        state = native.new_initial_state()
        made = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, chances = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, chances)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
        return made

    for label, play in (("ours", ours_game), ("OpenSpiel", native_game)):
        rng = random.Random(0)
        games = decisions = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            decisions += play(rng)
            games += 1
        took = time.process_time() - started
        result[label] = (games / took, decisions / took)
    return result
