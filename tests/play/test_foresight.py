"""Whether a move ends the game is told before it is played only when telling reveals
nothing (rulelang/play/foresight.py): not when the move's way to the end went through a
``disclose(...)`` of something hidden, nor in rules whose information-flow check warned."""
from __future__ import annotations

import rulelang
from rulelang.play import foresight

RULES = '''game "Letters"
players 2
enum Letter { A, B }
card Tile { letter: Letter  n: int  name "{letter}{n}" }
zone deck: pile of Tile
zone hand[player]: hand of Tile
setup {
  for l in Letter { for n in 1..2 { create Tile(letter: l, n: n) in deck } }
  shuffle deck
  deal 2 from deck to hand[P2]
}
turn {
  choose l in Letter pass "stop" prompt "name a letter"
  if l == none {
    end "stopped"
  }
  if HELD {
    SAID
    choose c in hand[P2] where c.letter == l else "not that letter" by P2 prompt "show one"
    reveal c to P1
  }
  end "done"
}
score p = 0
'''
HELD = "any(c.letter == l for c in hand[P2])"


def game_where_p2_lacks_a_letter(held, said=""):
    rules = rulelang.loads(RULES.replace("HELD", held).replace("SAID", said), name="letters.rules")
    for seed in range(50):
        game = rules.new_game(players=2, seed=seed)
        letters = {c.f["letter"].name for c in game.zc[game.zones["hand"][game.players[1]].i]}
        if letters == {"B"}:
            return game
    raise AssertionError("no seed deals P2 two B's")


def test_a_move_whose_end_a_disclosed_hidden_card_decided_is_not_foretold():
    game = game_where_p2_lacks_a_letter(f"disclose({HELD})")
    assert not game.rules.program.warnings
    assert foresight.ending(game, 0, "A") is None  # it ends only because P2 holds no A
    assert foresight.ending(game, 0, "stop") == "a draw (stopped); scores P1 0, P2 0"


def test_rules_whose_flow_check_warned_foretell_nothing():
    game = game_where_p2_lacks_a_letter(HELD, 'log "P2 has that letter"')  # told, unsaid
    assert game.rules.program.warnings
    assert foresight.ending(game, 0, "stop") is None
