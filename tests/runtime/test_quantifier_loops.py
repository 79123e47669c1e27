"""``any``/``all`` of a comprehension worked out by loops in a function of the module
(compiler/quantifier_loops.py, switch ``quantifier_loops``), against the generator it stands
for: the rules' functions compiled both ways give the same answers, the same failures and the
same work counted, at every position of seeded games; an item after the one that decides is
never looked at (its failure not raised), one before it is."""
from __future__ import annotations

import pytest

import rulelang
from interpreter.compiler.shortcuts import SHORTCUTS
from support.compiled_twice import answers, positions_alike

RULES = """
game "Quantifiers"
players 2
enum Suit { red, blue, green }
card Tile { suit: Suit  rank: int  name "{suit} {rank}" }
zone pool: row of Tile, public
zone hand[player]: hand of Tile
var picked: int = 0
const rows = [[1, 2, 3], [2, 4], [3, 3, 3], []]
fn rank_of(t: Tile) {
  let r = t.rank
  if r > 2 then r else 0
}
fn any_high(p: player) = any(rank_of(t) > 3 for t in hand[p])
fn all_suited(p: player, s: Suit) = all(t.suit == s for t in hand[p] if t.rank > 1)
fn nested(p: player) = any(all(n <= size(hand[p]) for n in row) for row in rows)
fn both(p: player) = all(any(t.rank == n for t in hand[p]) for n in [1, 2] if n > picked)
fn kept(p: player) = any(t.rank > 1 for t in hand[p] if any(u.rank == 4 for u in pool))
fn any_any(p: player) = any(any(t.rank == n for t in hand[p]) for n in [1, 2, 3])
fn all_all(p: player) = all(all(t.rank >= n for t in hand[p]) for n in [0, 1])
fn stops(p: player) = any(10 / n > 1 for n in [size(hand[p]) + 1, 0])
fn fails(p: player) = all(10 / n > 1 for n in [picked - picked, 1])
setup {
  for s in Suit {
    for r in 1..4 {
      create Tile(suit: s, rank: r) in pool
    }
  }
  shuffle pool
}
turn {
  choose t in pool prompt "take"
  move t to hand[current]
  picked = picked + 1
  if empty(pool) { end "all taken" }
}
"""


def _compiled(on):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SHORTCUTS, "quantifier_loops", on)
        rules = rulelang.loads(RULES)
        source = rules.source()
        assert ("return True" in source) == on  # the loops' functions
        if on:  # a condition's value kept from item to item (any of all and all of any
            # as loops inside loops: for ... else)
            assert " = UNSET\n" in source and "else:\n            return" in source
        return rules


def _calls(rules, game):
    red = next(m for m in rules.enum_values["Suit"] if m.name == "red")
    return [(name, args) for seat in game.players
            for name, args in (("any_high", (seat,)), ("all_suited", (seat, red)),
                               ("nested", (seat,)), ("both", (seat,)), ("stops", (seat,)),
                               ("fails", (seat,)), ("kept", (seat,)), ("any_any", (seat,)),
                               ("all_all", (seat,)))]


def test_loops_give_fail_and_count_as_the_generators():
    looped, general = _compiled(True), _compiled(False)
    compared = failed = 0
    for mine, theirs in positions_alike(looped, general, range(6)):
        asked = answers(looped, mine, _calls(looped, mine))
        assert asked == answers(general, theirs, _calls(general, theirs))
        compared += len(asked)
        failed += sum(1 for _, answer, _ in asked if "raised" in answer)
    assert compared > 500
    assert failed > 0  # ``fails`` divides by zero at its first item


def test_an_item_after_the_one_that_decides_is_not_looked_at():
    rules = _compiled(True)
    game = rules.new_game(players=2, seed=1)
    fns = rules.code.tops.fns
    # the first item decides (10 / 1 > 1): the second, a division by zero, is never worked out
    assert fns["stops"](game, game.players[0]) is True
    with pytest.raises(Exception, match="zero"):  # its first item is the division by zero
        fns["fails"](game, game.players[0])
