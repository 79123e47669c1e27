"""The terminal teaches the game (issue 27): one screen says how to play before the first
move, 'rules' pages the whole rulebook, 'why' shows the rule behind the latest events or a
refused move, and a near miss is answered with what was meant."""
from __future__ import annotations

import pytest

from support.terminal import run


@pytest.mark.parametrize("path,size", [("games/yokai_sketch.rules", (80, 24)),
                                       ("games/yami.rules", (80, 24)),
                                       ("games/yokai.rules", (100, 40))])
def test_how_to_play_fits_one_screen_before_the_first_move(path, size):
    term = run(path, "--seed", "3", "--bot-seed", "1", "--players", "2", columns=size[0],
               rows=size[1], intro=True) if "yokai_sketch" not in path else run(
        path, "--seed", "3", "--bot-seed", "1", intro=True)
    screen = term.wait("Enter to start")
    lines = term.lines()
    assert "How to play" in screen and "'rules' shows the whole rulebook" in screen
    assert lines[-1].rstrip().endswith("Enter to start >")
    assert max(len(line) for line in lines) < size[0]  # wrapped, never cut
    first_words = {"games/yokai_sketch.rules": "Two young artists", "games/yami.rules":
                   "The moon is rising", "games/yokai.rules": "Sixteen Yokai"}[path]
    assert first_words in screen
    if "yokai_sketch" in path:  # 'rules' at the first prompt, as it says: the rulebook
        term.child.sendline("rules")
        term.child.expect("Enter for more")  # the rulebook's pager (it started the game)
        term.child.sendline("q")
        term.wait("Enter to start")
    term.type("")  # the game itself
    assert "How to play" not in "\n".join(term.lines())
    term.child.sendeof()
    term.finish()


def test_rules_pages_the_rulebook_and_why_explains_a_refusal():
    term = run("games/yami.rules", "--players", "3", "--seed", "3", "--bot-seed", "1",
               columns=100, rows=40)
    term.wait("follow blue")
    screen = term.type("purpel 7", "is refused")
    assert "'purpel 7' is refused: no card is called that (purple 7 is not in your hand)" \
        in screen
    term.child.sendline("why")
    term.child.expect(["Enter for more", "Enter to go back"])
    shown = term.text_now()
    assert "Why was 'purpel 7' refused?" in shown
    assert "Following (YA-19) · yami.rules line" in shown
    assert "If you hold a card of the colour led, you must play one" in shown
    assert "The latest events, and the rules behind them" in shown
    while "Enter to go back" not in term.text_now():
        term.child.sendline("")
        term.child.expect(["Enter for more", "Enter to go back"])
    term.child.sendline("")
    term.wait("follow blue")
    term.child.sendline("rules")
    term.child.expect("Enter for more")
    page = term.text_now()
    assert "YAMI" in page and "Overview" in page
    term.type("q", "follow blue")  # back to the game
    term.child.sendeof()
    term.finish()
