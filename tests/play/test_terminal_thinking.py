"""A bot that looks ahead is shown thinking at the terminal for a move it had no choice
in too: whether it had a choice can be a secret (one card of the letter asked for, or
several)."""
from __future__ import annotations

from support.terminal import Terminal

RULES = '''game "Show one"
players 2
enum Letter { A, B }
card Tile { letter: Letter  n: int  name "{letter}{n}" }
zone hand[player]: hand of Tile
setup {
  create Tile(letter: A, n: 1) in hand[P2]
  create Tile(letter: B, n: 1) in hand[P2]
  create Tile(letter: B, n: 2) in hand[P2]
}
turn {
  choose l in Letter by P1 prompt "name a letter"
  choose c in hand[P2] where c.letter == l else "not that letter" by P2 prompt "show one"
  reveal c to P1
  log "P2 shows P1 {c}"
  end "shown"
}
score p = 0
'''


def test_a_bot_with_one_move_is_shown_thinking_as_one_with_several(tmp_path):
    path = tmp_path / "show_one.rules"
    path.write_text(RULES)
    for letter in ("A", "B"):  # P2 holds one A (no choice), two B's
        term = Terminal(["run", str(path), "--bot", "P2=mcts", "--seed", "1"],
                        think_at_least="0.3")
        term.wait("name a letter")
        term.child.sendline(letter)
        term.child.expect("P2 shows P1")
        assert b"P2 is thinking" in term.child.before, letter
        term.child.close(force=True)
