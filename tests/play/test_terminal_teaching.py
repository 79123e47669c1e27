"""The terminal teaches the game (issue 27): one screen says how to play before the first
move, 'rules' pages the whole rulebook, 'why' shows the rule behind the latest events or a
refused move, and a near miss is answered with what was meant."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

import rulelang
from rulelang.play.terminal.session import Quit, Session
from support.small_rules import TURNED_TILES
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


PICK = """game "Pick"
players 2
var picked[player]: text = none
turn {
  choose colour in ["red", "blue", "green"] prompt "pick a colour"
  picked[current] = colour
  if picked[next(current)] != none { end }
}
score p = 0
"""


def _answered(*answers: str, intro: bool = False, rules: str = PICK,
              foresee: bool = False) -> tuple[rulelang.Game, list[str], str]:
    """P1 at the terminal typing ``answers`` (then nothing more), P2 a bot: the game, the
    prompts P1 was shown and what the screen said."""
    game = rulelang.loads(rules, "pick.rules").new_game(players=2, seed=1)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=False)
    typed, prompts = iter(answers), []

    def read(prompt="", **_):
        prompts.append(str(prompt))
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    console.input = read  # type: ignore[method-assign]
    session = Session(game, {0: "human", 1: "first"}, console, intro=intro, foresee=foresee)
    try:
        session.play()
    except Quit:
        pass
    return game, prompts, out.getvalue()


@pytest.mark.parametrize("command", ["why", "log", "rules", "moves"])
def test_a_move_typed_at_a_page_is_played_as_if_typed_at_the_prompt(command):
    """'why' said "Enter to go back", and a move typed there (``blue``) was thrown away in
    silence: the screen came back asking for the same decision."""
    game, prompts, _ = _answered(command, "blue")
    assert any(p.startswith("Enter to go back, or type a move") for p in prompts), prompts
    assert game.vars["picked"][0] == "blue", prompts


@pytest.mark.parametrize("word", ["cards", "grids", "piles"])
def test_a_command_word_pages_unless_a_move_is_so_named(word):
    """'cards', 'grids' and 'piles' give way to a move of that name; 'log' does not (a
    move so named is typed by its number)."""
    named = PICK.replace('["red", "blue", "green"]', f'["{word}", "log", "blue"]')
    game, prompts, _ = _answered(word, rules=named)
    assert game.vars["picked"][0] == word
    assert not any(p.startswith("Enter to go back") for p in prompts), prompts
    game, prompts, _ = _answered("log", "blue", rules=named)
    assert any(p.startswith("Enter to go back, or type a move") for p in prompts), prompts
    assert game.vars["picked"][0] == "blue"
    game, prompts, _ = _answered(word, "blue")  # no move so named: its page
    assert any(p.startswith("Enter to go back, or type a move") for p in prompts), prompts
    assert game.vars["picked"][0] == "blue"


def test_a_word_typed_at_a_page_that_is_no_move_is_said_not_played():
    game, prompts, said = _answered("why", "q", "why", "purple", "green")
    assert "'purple' is not a move now" in said  # (not thrown away)
    assert sum(p.startswith("Enter to go back") for p in prompts) == 2  # 'q' there: back
    assert not any(p.startswith("Quit") for p in prompts)
    assert game.vars["picked"][0] == "green"


def test_a_move_typed_at_the_rulebook_before_the_game_starts_is_said_not_played():
    game, _, said = _answered("rules", "blue", "", "green", intro=True)
    assert "'blue' was not played: the game had not started" in said
    assert game.vars["picked"][0] == "green"


ENDS = '''game "Ends"
players 2
enum Act { wait, stop }
turn {
  choose act in Act prompt "now"
  if act == stop { win current }
}
'''


def test_an_answer_that_is_neither_y_nor_n_to_a_move_that_ends_the_game_is_said():
    """'play it? (y/n)' asked again in silence when the answer was '1' (or anything not y
    or n): the player did not know what it wanted."""
    game, prompts, out = _answered("stop", "1", "n", rules=ENDS, foresee=True)
    assert prompts[1:3] == ["play it? (y/n) > "] * 2
    said = " ".join(out.split())  # (wrapped to the screen)
    assert "'1' is not an answer here: type y to play it, or n (or Enter) to choose again" \
        in said
    assert not game.is_over


ADVISED = '''game "Advised"
players 2
enum Colour { red, green, blue }
var picked: Colour = red
turn {
  choose c in Colour prompt "pick" prefer index_of(Colour, c)
  choose d in Colour prompt "pick again"
  picked = d
  win current
}
'''


def test_suggest_tells_the_rules_advice_or_that_there_is_none():
    """A person learning a game had no way to ask what a good move is: 'suggest' says the
    move the rules advise (``prefer``), worked out as the advice bot does."""
    game, _, out = _answered("suggest", "suggest", "red", "suggest", rules=ADVISED)
    said = " ".join(out.split())
    assert said.count("the rules' advice: blue (from what you know") == 2  # the same, asked twice
    assert "the rules give no advice for this decision" in said
    assert game.history and not game.is_over  # nothing played by asking


FAILING_ADVICE = '''game "Failing advice"
players 2
var zero: int = 0
turn {
  choose n in [1, 2] prefer n / zero prompt "add"
  if n == 2 {
    win current "two"
  }
}
'''


def test_suggest_where_the_rules_advice_fails_says_so_and_the_game_goes_on():
    """Advice that fails as the rules work it out (a division by zero in ``prefer``) ended
    the game of the person who only asked for a suggestion."""
    game, _, out = _answered("suggest", "1", rules=FAILING_ADVICE)
    said = " ".join(out.split())
    assert "the rules' advice could not be worked out: " in said
    assert game.history == ["1", "1"]  # the game went on after it


def test_advice_failing_in_a_function_is_said_in_one_line_without_its_calls():
    """The status line says the failure (in the function), not the calls that led to it
    ("; called from prefer..."): those are for a full report."""
    rules = FAILING_ADVICE.replace("prefer n / zero", "prefer share(n)").replace(
        "turn {", "fn share(n: int) = n / zero\nturn {", 1)
    _, _, out = _answered("suggest", "1", rules=rules)
    said = " ".join(out.split())
    assert "the rules' advice could not be worked out: in fn share: " in said
    assert "called from" not in said


def test_the_cells_that_moves_such_as_g8_90_name_are_marked_on_the_board(monkeypatch):
    """A tile laid at a cell and turned (`B1 90`): the board showed nothing of where a tile
    could go, each cell to be read out of the list of moves. The cells the moves name are
    marked on the board now, as the page marks them."""
    from rulelang.play.terminal import placing
    drawn = []
    draw = Session.draw

    def recorded(self, view, status=None, marks=None, **kwargs):
        drawn.append(marks)
        return draw(self, view, status, marks, **kwargs)
    monkeypatch.setattr(Session, "draw", recorded)
    game, _, _ = _answered("B1 90", rules=TURNED_TILES)
    assert game.history[0] == "B1 90"
    assert drawn[0] == dict.fromkeys([(1, 0), (0, 1), (2, 1), (1, 2)], placing.NAMED)
