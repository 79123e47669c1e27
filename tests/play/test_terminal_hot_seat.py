"""People sharing one terminal (`--bot P2=human`): a seat's only move, when the others
cannot know it is its only one (one card left in a hidden hand), is neither played by
itself nor said on another seat's screen."""
from __future__ import annotations

import io
import re

from rich.console import Console

import rulelang
from rulelang.play.terminal.session import Quit, Session

# P1 is dealt three cards, P2 one: P2's turn is forced, and only P2 knows it.
SHORT_HANDS = '''game "Short hands"
players 2
card Card { rank: int  name "card {rank}" }
zone deck: pile of Card
zone hand[player]: hand of Card
zone table: row of Card, public
setup {
  for r in 11..16 { create Card(rank: r) in deck }
  shuffle deck
  deal 3 from deck to hand[P1]
  deal 1 from deck to hand[P2]
}
turn {
  if not empty(hand[current]) {
    choose c in hand[current] prompt "play a card"
    move c to table
  }
}
end when empty(hand[P1])
score p = 0
'''


def _hot_seat(*answers: str, terminal: bool = False, source: str = SHORT_HANDS
              ) -> tuple[rulelang.Game, list[tuple[str, str]]]:
    """Both seats people at one terminal, typing ``answers``: the game, and each prompt with
    what was written just before it (``terminal``: with the terminal's control codes)."""
    game = rulelang.loads(source, "short.rules").new_game(players=2, seed=1)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=terminal)
    typed, asked, shown = iter(answers), [], [0]

    def read(prompt="", **_):
        text = out.getvalue()
        asked.append((str(prompt), text[shown[0]:]))
        shown[0] = len(text)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    console.input = read  # type: ignore[method-assign]
    try:
        Session(game, {0: "human", 1: "human"}, console, intro=False).play()
    except Quit:
        pass
    return game, asked


def test_a_forced_move_no_one_else_can_see_is_forced_waits_and_is_said_to_its_seat_alone():
    game, asked = _hot_seat("", "1", "", "1", "", "1", "", "1")
    prompts = [prompt for prompt, _ in asked]
    p2 = prompts.index("P2, play a card > ")  # asked, not played by itself
    assert "only one choice: " in asked[p2][1] and "type 1 to play it" in asked[p2][1]
    for prompt, screen in asked[p2 + 1:]:  # P1's screens after it: nothing of P2's hand
        assert not re.search(r"only one choice[^\n]*card 16", screen), (prompt, screen)
    assert game.is_over and len(game.view()["zones"]["table"]["cards"]) == 4


def test_a_move_forced_openly_is_played_without_passing_the_screen_to_its_seat():
    """P2's one card, in a hand all can see, was played for P2 once the screen had been
    passed to P2 and an Enter asked, to show P2 nothing: it is played with the screen kept,
    and P1, whose turn comes next, is not asked to pass it back to P1."""
    open_hands = SHORT_HANDS.replace("hand of Card\n", "hand of Card, public\n")
    assert open_hands != SHORT_HANDS
    game, asked = _hot_seat("", "1", "1", "1", source=open_hands)
    prompts = [prompt for prompt, _ in asked]
    assert prompts == ["P1's turn. Pass the screen to P1 and press Enter... ",
                       "P1, play a card > ", "P1, play a card > ", "P1, play a card > "]
    assert game.is_over and len(game.view()["zones"]["table"]["cards"]) == 4


def test_the_screen_is_passed_on_with_the_scrollback_erased():
    """The screen was cleared before "Pass the screen to P2", but a terminal that keeps
    cleared screens in its scrollback (VTE, tmux) let P2 scroll up to P1's hand."""
    _, asked = _hot_seat("", "1", "", "1", "", "1", "", "1", terminal=True)
    passes = [written for prompt, written in asked if "Pass the screen to" in prompt]
    assert len(passes) == 3
    for written in passes:
        after = written[written.rindex("\x1b[2J"):]  # the last screen cleared ...
        assert "\x1b[3J" in after and "card" not in after  # ... and the lines kept above it


def test_why_on_the_next_seats_turn_does_not_explain_the_last_seats_refused_move():
    """'why' explained the last move refused, whoever typed it: P1 typed a card it does not
    hold, and P2, at the shared screen on its turn, read "Why was 'card 13' refused? card 13
    is not in your hand" (what P1 holds, or not)."""
    _, asked = _hot_seat("", "card 13", "1", "", "why", "", "1", "", "1", "", "1")
    prompts = [prompt for prompt, _ in asked]
    p1 = prompts.index("P1, play a card > ")
    assert "card 13 is not in your hand" in asked[p1 + 1][1]  # said to P1, who typed it
    p2 = prompts.index("P2, play a card > ")
    for prompt, screen in asked[p2 + 1:]:  # P2's why, and every screen after it
        assert "card 13" not in screen, (prompt, screen)
    assert any("The latest events" in screen for _, screen in asked[p2 + 1:])  # why was shown


def test_a_terminal_resized_while_the_screen_is_passed_on_does_not_draw_the_last_seats_hand():
    """A resize redrew the last screen drawn: at "Pass the screen to P2" that was P1's, its
    hand shown again to the person it was being passed to."""
    game = rulelang.loads(SHORT_HANDS, "short.rules").new_game(players=2, seed=1)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24)
    session = Session(game, {0: "human", 1: "human"}, console, intro=False)
    typed = iter(["", "1"])
    after_resize = []

    def read(prompt="", **_):
        if "Pass the screen to P2" in str(prompt):
            shown = len(out.getvalue())
            session._resized(28, None)  # SIGWINCH, while P2 is handed the screen
            after_resize.append(out.getvalue()[shown:])
            raise EOFError
        return next(typed)

    console.input = read  # type: ignore[method-assign]
    try:
        session.play()
    except Quit:
        pass
    assert after_resize, "P2 was never handed the screen"
    p1_hand = [c["name"] for c in game.view(0)["zones"]["hand[P1]"]["cards"]]
    assert not any(name in after_resize[0] for name in p1_hand), after_resize[0]
