"""`rulelang run` at a terminal of a fixed size, as a person plays it: a pseudo-terminal
(pexpect) runs it, a terminal emulator (pyte) keeps the screen, and the screens are
snapshots. Seeds are fixed (--seed, and --bot-seed for the bots), so each screen is the
same every run."""
from __future__ import annotations

import re

import pytest

import rulelang
from rulelang.play.save_files import read_save, write_save
from support import ROOT
from support.small_rules import CONFIRMED_PASS, FACE_UP_PILE
from support.terminal import assert_one_screen, lands, run


def test_yokai_sketch_at_80x24_one_screen_refusals_and_quitting(tmp_path, monkeypatch,
                                                                text_snapshot):
    """The first decision on one 80x24 screen; a number out of range and a word that is
    no move are refused with the range; 'save' without a file asks for one; 'quit' asks,
    and saves to the file typed there."""
    monkeypatch.chdir(ROOT)
    term = run("games/yokai_sketch.rules", "--seed", "3", "--bot-seed", "1")
    screen = term.wait("play a sketch")
    assert_one_screen(term, "Yokai Sketch")
    for part in ("hand", "notebook", "last played", "Yokai", "water 6", "P1 (you)",
                 "1. water/wind", "P1, play a sketch >"):
        assert part in screen
    assert screen == text_snapshot
    screen = term.type("9", "there is no move 9")
    assert "there is no move 9: type a number from 1 to 4" in screen
    assert_one_screen(term, "Yokai Sketch")
    screen = term.type("hello", "is not a move")
    assert "'hello' is not a move now: type a number from 1 to 4, or 'help'" in screen
    screen = term.type("water", "starts several moves")  # half typed: what it could be
    assert "'water' starts several moves: water/wind, water/earth, water/fire; type one" in screen
    screen = term.type("earth/w", "did you mean")
    assert "'earth/w' is not a move now; did you mean 'earth/wind call'?" in screen
    screen = term.type("save", "save where?")
    assert "type 'save FILE'" in screen
    save = tmp_path / "named.json"
    term.child.sendline("quit")
    term.child.expect("Quit without saving\\?")
    screen = term.type("n", "A move's number")  # going on: as Enter, not "'quit' is not a move"
    assert "is not a move" not in screen
    assert_one_screen(term, "Yokai Sketch")
    term.child.sendline("quit")
    term.child.expect("Quit without saving\\?")
    term.child.sendline(str(save))
    assert f"stopped: the game is saved to {save}" in term.finish()
    again = rulelang.load("games/yokai_sketch.rules").restore(read_save(save))
    assert again.to_move == 0 and not again.is_over


@pytest.mark.slow
def test_a_whole_yokai_sketch_game_is_played_on_one_80x24_screen():
    """Every decision of a whole game is drawn on one 80x24 screen; the move that ends the
    game is confirmed first, saying how it ends; then the final screen and the seeds."""
    # (a bot seed with which P1's own move ends the game, so it is confirmed first)
    term = run("games/yokai_sketch.rules", "--seed", "1", "--bot-seed", "4")
    screen = term.wait()
    for _ in range(400):
        assert_one_screen(term, "Yokai Sketch")
        if "ends the game:" in screen:
            break
        screen = term.type("1")
    else:
        pytest.fail("the game did not end")
    assert "play it? (y/n) >" in screen and re.search(r"ends the game: P\d wins", screen)
    term.child.sendline("y")
    final = term.finish()
    assert "Yokai Sketch · you are P1 · game over" in final  # the header, not scrolled away
    assert re.search(r"Game over: P\d wins( on the tiebreak \([^)]*\))?; scores P1 \d+, P2 \d+; "
                     r"colours: P1 \d, P2 \d", final)
    assert "seed 1, bot seed 4" in final


# ---------------------------------------------------------------- Oh Hell at 80x24

def test_oh_hell_fits_80x24_and_a_forced_move_is_taken_and_said(text_snapshot):
    term = run("examples/oh_hell.rules", "--seed", "4", "--bot-seed", "1")
    term.wait()
    assert_one_screen(term, "Oh Hell")
    assert "1. " not in "\n".join(term.lines())  # the bids are numbers: listed as they are, typed as they are
    screen = term.type("9", "is refused")  # no bid of 9 with 5 cards: not a 9th entry
    assert "'9' is refused: 9 is not one of the numbers to choose from now: 0 to 5" in screen
    screen = term.type("0")  # a bid of 0 (a "1" would bid 1)
    assert_one_screen(term, "Oh Hell")
    for part in ("hand", "trick", "bid", "taken", "trump", "dealer"):
        assert part in screen
    assert screen == text_snapshot
    while "only one choice" not in screen and term.child.isalive():
        screen = term.type("1")  # the last trick's card, at least, is forced
    # said on the next screen, under another prompt: as played already, not asked now
    assert re.search(r"played for you, the only choice for '[^']+': \S+", screen)


# ---------------------------------------------------------------- Yami at 100x40

def _yami_save_at_placement(path, seed=0):
    """A 3-player Yami game where P1 must place a tile, saved to ``path``. (Loaded by the
    path the command line is given: a save knows its rules by their files' names.)"""
    from interpreter.bots import make_bot
    rules = rulelang.load("games/yami.rules")
    game = rules.new_game(players=3, seed=seed)
    bot = make_bot("random", seed)
    while not (game.to_move == 0 and game.view(0)["decision"]["prompt"].startswith("place")):
        game.play(bot.choose(game))
    write_save(path, game.save())  # sealed with the tests' key, as the terminal saves
    return game


@pytest.mark.slow
def test_yami_fits_100x40_with_a_legend_and_follows_a_resize(text_snapshot):
    term = run("games/yami.rules", "--players", "3", "--seed", "3", "--bot-seed", "1",
               columns=100, rows=40)
    screen = term.wait()
    assert_one_screen(term, "Yami · you are P1")
    assert screen.count(" A  B  C") == 1  # the board, drawn once
    for meaning in ("a mission tile: cover every cell beside it",
                    "edge: the tile covering it must be of that",
                    "empty cell"):
        assert meaning in screen
    for internal in ("fog_colours", "success", "last_played", "automa", "turn 0", "decision "):
        assert internal not in screen
    assert screen == text_snapshot
    term.resize(120, 45)
    screen = term.type("help", "also: moves, log")  # drawn again, at the new size
    assert len(term.lines()) == 45
    assert_one_screen(term, "Yami")
    assert screen.count(" A  B  C") == 1
    term.child.sendeof()
    term.finish()


@pytest.mark.slow
def test_yami_tile_placed_by_naming_a_cell_it_covers(tmp_path, monkeypatch, text_snapshot):
    """YA-33..YA-36 at the terminal: the player names a cell; the placements covering it
    are drawn; YA-46: those covering a red edge with a purple tile lose at once, so they are
    marked and confirmed first. Then 'save' and 'quit' write back to the loaded file."""
    monkeypatch.chdir(ROOT)
    save = tmp_path / "yami.json"
    game = _yami_save_at_placement(save)
    term = run("games/yami.rules", "--load", str(save), "--bot-seed", "1", columns=100, rows=40)
    screen = term.wait("ways to place it")
    assert_one_screen(term, "Yami")
    assert "going on with the game saved in" in screen  # no "how to play" first: loaded
    # the tile has left the hand: its shape is drawn by the prompt (purple 6: "###./.###")
    assert "the shape to place: ▀██▄" in screen, screen
    screen = term.type("E3", "which one?")
    assert "8 ways cover E3" in screen and "✗ ends the game" in screen
    screen = term.type("1", "play it?")
    assert ("E1 r90 f ends the game: the team loses (purple 6 breaks the red edge of 5 on E3)"
            in screen)
    term.type("n", "ways to place it")  # back to the decision, nothing played
    screen = term.type("a9", "which one?")
    assert_one_screen(term, "Yami")
    assert "5 ways cover A9" in screen and "1. B6 r90" in screen
    assert screen == text_snapshot
    term.type("5")
    screen = term.type("save", "saved to")
    assert "saved to" in "".join(term.lines())
    term.child.sendline("quit")
    term.child.expect("Quit\\? The game will be saved to")
    term.child.sendline("y")
    assert f"stopped: the game is saved to {save}" in term.finish()
    again = rulelang.load("games/yami.rules").restore(read_save(save))
    assert "purple 6 covers A9, B9, C9, B10, C10, D10" in again.transcript()
    assert len(again.history) > len(game.history)


# ---------------------------------------------------------------- a refusal's reason

def test_a_refused_card_is_told_the_rules_reason(tmp_path):
    """A card the rules filter out with `where ... else "REASON"` is answered with the
    reason, at once, and the player can try again."""
    rules = tmp_path / "follow.rules"
    rules.write_text(REFUSING, encoding="utf-8")
    term = run(str(rules), "--seed", "1", "--bot-seed", "1")
    term.wait("play")
    screen = term.type("red 3", "is refused")
    assert "'red 3' is refused: P1 may not play red 3 yet" in screen
    screen = term.type("red 1")
    assert "is refused" not in screen


def test_a_yes_or_no_question_takes_y_or_n(tmp_path):
    """A question answered yes or no (a challenge asked out of turn) refused 'y' ("did you
    mean 'yes'?"): the first letter is the answer where no other move starts with it."""
    rules = tmp_path / "object.rules"
    rules.write_text('game "Object"\nplayers 2\nvar n: int = 0\nturn {\n'
                     '  choose yes in [false, true] prompt "object?"\n'
                     '  if yes { n += 1 }\n  log "objections: {n}"\n  if n > 1 { end }\n}\n'
                     'score p = n\n', encoding="utf-8")
    term = run(str(rules), "--seed", "1", "--bot-seed", "1")
    term.wait("object?")
    screen = term.type("y", "objections: 1")
    assert "objections: 1" in screen and "did you mean" not in screen


REFUSING = """\
game "Follow"
players 2
enum Suit { red, blue }
card C { suit: Suit  n: int  name "{suit} {n}" }
zone hand[player]: hand, owner
zone table: row, public
setup {
  for p in players {
    create C(suit: red, n: 1) in hand[p]
    create C(suit: blue, n: 2) in hand[p]
    create C(suit: red, n: 3) in hand[p]
  }
}
turn {
  choose c in hand[current] where c.n < 3 or size(hand[current]) == 1
    else "{current} may not play {c} yet" prompt "play"
  move c to table
}
end when size(table) == 6
score p = 0
"""


def test_ctrl_c_in_a_game_with_no_save_file_saves_it_in_this_folder(tmp_path):
    """Ctrl-C threw the game away ("the game was not saved") when no file was given; now it
    is saved beside the player, under a name no other file has, and loads again."""
    (tmp_path / "yokai-sketch-interrupted.json").write_text("{}", encoding="utf-8")  # taken
    term = run(str(ROOT / "games/yokai_sketch.rules"), "--seed", "3", "--bot-seed", "1",
               cwd=tmp_path)
    term.wait("play a sketch")
    term.child.sendintr()
    said = term.finish()
    saved = tmp_path / "yokai-sketch-interrupted-2.json"
    assert "interrupted; the game is saved to yokai-sketch-interrupted-2.json" in said, said
    again = rulelang.load("games/yokai_sketch.rules").restore(read_save(saved))
    assert again.to_move == 0 and not again.is_over


# ---------------------------------------------------------------- grids that do not all fit

def test_grids_that_do_not_all_fit_are_named_and_the_grids_command_draws_them(tmp_path):
    """Three 9x9 grids at 80x24 (they crashed the screen once): two side by side, the third
    named under them; 'grids' pages every grid."""
    rules = tmp_path / "lands.rules"
    rules.write_text(lands("9x9"), encoding="utf-8")
    term = run(str(rules), "--seed", "1", "--bot", "P2=first", "--bot", "P3=first")
    screen = term.wait("lay a tile")
    assert_one_screen(term, "Lands")
    assert "not drawn: land P3 (type 'grids')" in screen
    assert "P1 (you)  tile # x2" in screen
    assert "grids (every grid)" in term.type("help")
    term.child.sendline("grids")
    term.child.expect("Enter for more")
    page = term.text_now()
    assert "land P1" in page and "land P2" in page
    term.child.sendline("")
    term.child.expect("Enter to go back")
    assert "land P3" in term.text_now()
    screen = term.type("", "lay a tile")
    assert "not drawn: land P3" in screen


# ---------------------------------------------------------------- a face-up pile, looked through



def test_piles_shows_every_card_of_a_face_up_pile(tmp_path):
    """The screen shows a pile as its top card and size ('flood 4 on 2 more'); a face-up
    discard is public, every card of it, and 'piles' (said by 'help' where a pile shows
    more than its top) lists them, top first; the hidden deck's cards are not there."""
    rules = tmp_path / "floods.rules"
    rules.write_text(FACE_UP_PILE, encoding="utf-8")
    term = run(str(rules), "--seed", "1", "--bot", "P2=first", cwd=tmp_path)
    screen = term.wait("go on")
    assert "flood 4 on 2 more" in screen
    assert "piles (every card you see in a pile)" in term.type("help")
    term.child.sendline("piles")
    term.child.expect("Enter to go back")
    page = term.text_now()
    assert "discard, top first: flood 4, flood 5, flood 6" in page
    assert "flood 1" not in page and "deck, top" not in page
    term.child.sendintr()
    term.finish()


def test_a_page_of_piles_wraps_a_long_pile_rather_than_cut_it(tmp_path):
    """A face-up pile of thirty cards is wider than the terminal: 'piles' wraps it between
    its cards, every one of them on the page, none cut at the edge."""
    rules = tmp_path / "floods.rules"
    rules.write_text(FACE_UP_PILE.replace("1..6", "1..40").replace("repeat 3", "repeat 30"),
                     encoding="utf-8")
    term = run(str(rules), "--seed", "1", "--bot", "P2=first", cwd=tmp_path)
    term.wait("go on")
    term.child.sendline("piles")
    term.child.expect("Enter to go back")
    page = term.text_now()
    assert "discard, top first: flood 11, flood 12," in page
    assert all(f"flood {n}," in page for n in range(11, 40)) and "flood 40\n" in page
    term.child.sendintr()
    term.finish()


def test_a_pass_the_rules_ask_to_confirm_is_asked_about_first(tmp_path):
    """`pass "stop" confirm "TEXT"`: a person typing the pass reads the rules' text and
    says y before it is played (a number typed by mistake ended a game at once)."""
    path = tmp_path / "confirm.rules"
    path.write_text(CONFIRMED_PASS)
    term = run(str(path), "--seed", "1", "--bot-seed", "1")
    term.wait("add")
    screen = term.type("stop", "play it?")
    assert "stop: Stopping ends the game for everyone." in screen
    screen = term.type("n", "add >")  # not played: asked again
    assert "P1, add >" in screen and "Game over" not in screen
    term.type("stop", "play it?")
    term.child.sendline("y")
    assert "P1 wins (stopped)" in term.finish()


PLACE_A_DOMINO = '''game "Domino"
players 2
zone board: grid 3x2, public, label "board"
card Domino { n: int  name "domino {n}" }
zone supply: row of Domino, public
setup { create Domino(n: 1) in supply }
turn {
  choose spot in placements(shape("##"), empty_cells(board)) prompt "place the domino"
  move top(supply) to board at spot
  win current
}
score p = 0
'''


def test_a_yes_or_no_question_says_what_to_type_after_another_answer(tmp_path):
    """'place it here? (y/n)' and 'play it? (y/n)' answered with neither (a cell, a
    move) say what to type, rather than drawing the same screen again in silence."""
    rules = tmp_path / "domino.rules"
    rules.write_text(PLACE_A_DOMINO)
    term = run(str(rules), "--seed", "1", "--bot-seed", "1")
    term.wait("place the domino")
    screen = term.type("A1 r0", "place it here?")
    screen = " ".join(term.type("B2", "place it here?").split())
    assert "'B2' is not an answer here: type y to place it here, or n (or Enter) to choose " \
           "again" in screen
    screen = term.type("y", "play it?")
    screen = " ".join(term.type("maybe", "play it?").split())
    assert "'maybe' is not an answer here: type y to play it, or n (or Enter) to choose " \
           "again" in screen
    term.child.sendline("y")
    assert "P1 wins" in term.finish()


def test_a_bid_from_many_numbers_says_the_numbers_and_refuses_one_out_of_range(tmp_path):
    """A bid of 0 to 194 said "195 possible moves: type 'moves' to list them", and '250'
    got "did you mean '50'?": the screen now says the numbers on offer, and a number not
    among them is told them."""
    rules = tmp_path / "bids.rules"
    rules.write_text('game "Bids"\nplayers 2\nvar money[player]: int = 194, owner\nturn {\n'
                     '  choose n in 0..money[current] pass prompt "bid"\n'
                     '  money[current] -= 1\n  end\n}\nscore p = 0\n', encoding="utf-8")
    term = run(str(rules), "--seed", "1", "--bot-seed", "1")
    screen = term.wait("bid")
    assert "type a number: 0 to 194, or pass" in screen and "possible moves" not in screen
    screen = " ".join(term.type("250", "is refused").split())  # (wrapped at 80 columns)
    assert "250 is not one of the numbers to choose from now: 0 to 194, or 'pass'" in screen
    assert "did you mean" not in screen
    screen = term.type("1", "is refused")  # a number: not "starts several moves" (10, 11...)
    assert "starts several" not in screen


def test_edge_match_draws_each_tile_with_its_edges_and_names_cells_left_of_a(
        tmp_path, monkeypatch, text_snapshot):
    """Tiles with `edges`: on the table a cell three lines tall, the top edge over the
    symbol, the side edges beside it, the bottom edge under it; the tile to lay listed with
    its edges after its name; a cell left of A1 typed as the screen names it (-A1); each turn
    offered with the edges the tile then shows (`shown`), not a bare number to work out."""
    monkeypatch.chdir(ROOT)
    term = run("examples/edge_match.rules", "--seed", "1", "--bot-seed", "1", columns=100,
               rows=30)
    screen = term.wait("lay city at")
    assert "to lay city ↑c →f ↓f ←f" in screen
    assert "edges r road, f field, c city" in screen
    screen = term.type("-a1", "quarter turns clockwise")
    assert_one_screen(term, "Edge Match")
    assert "3 (↑f →f ↓f ←c)" in screen  # its city on the left, its fields meet A1's
    assert screen == text_snapshot
    lines = screen.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith(" 1 "))
    assert lines[row - 1].split()[:1] == ["r"] and lines[row + 1].split()[:1] == ["r"]
