"""The seed games' screens as a new user reads them (issue 27, item 4), at 80x24 and 100x40:
every decision of P1 in a whole game of bots, drawn as the terminal draws it. No line is cut
or reaches the last column; nothing reads as Python (``[3, 3]``, ``None``, ``one_family``);
a card in a wrapped list stays whole ("red" and "1" on two lines are two things); Yami keeps
its round and trump on the screen and shows each tile's shape (drawn small when room is
short, beside the board and under it), even with ten tiles at 80x24; the others' moves
since the seat's last stay on it."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text

import rulelang
from interpreter.bots import make_bot
from interpreter.runtime.knowledge import seat_knowledge
from rulelang.play.terminal import grid, panels
from rulelang.play.terminal.log_screen import decision_screen, recent_lines, screen_log, since_last_move
from rulelang.play.terminal.screen import _wrapped_items, compose
from rulelang.play.terminal.session import Session

GAMES = [  # (rules, players, options, seed)
    ("games/yokai_sketch.rules", 2, {}, 7),
    ("games/yami.rules", 3, {}, 3),
    ("games/yami.rules", 2, {}, 5),  # with the automa
    ("games/yokai.rules", 3, {"levels": "2+3"}, 4),
    ("games/yokai.rules", 4, {}, 4),
]
SIZES = [(80, 24), (100, 40)]
PYTHON = re.compile(r"\[\]|\['|\[\d|\{|\}|\bNone\b|\bTrue\b|\bFalse\b|\w_\w")


def screens(rules_file, players, options, seed, columns, rows):
    """(view, the screen's lines as text) at each decision of P1, as the session draws it."""
    game = rulelang.load(rules_file).new_game(players=players, seed=seed, options=options)
    bot = make_bot("random", seed)
    while not game.is_over:
        if game.seat_name(game.to_move) == "P1":
            view = game.view(game.to_move)
            screen = decision_screen(view, panels.build(view), view["decision"]["moves"],
                                     columns - 1, rows)
            yield view, [line.plain for line in screen.lines]
        game.play(bot.choose(game))


@pytest.mark.slow
@pytest.mark.parametrize("columns, rows", SIZES, ids=[f"{c}x{r}" for c, r in SIZES])
@pytest.mark.parametrize("rules_file, players, options, seed", GAMES,
                         ids=[f"{g[0].split('/')[-1][:-6]}-{g[1]}p" for g in GAMES])
def test_every_screen_of_a_whole_game_reads_as_words_and_fits(rules_file, players, options,
                                                              seed, columns, rows):
    seen = 0
    for view, lines in screens(rules_file, players, options, seed, columns, rows):
        seen += 1
        assert len(lines) <= rows - 2  # the status line and the prompt come after
        assert not re.search(r" 0( ·|$)", lines[0]), lines[0]  # no option at a 0 that says nothing
        for line in lines:
            assert len(line) < columns, f"reaches the last column: {line!r}"
            assert not line.rstrip().endswith(("…", "...")), f"cut: {line!r}"
            assert "more than fits" not in line
            assert not PYTHON.search(line), f"Python or an identifier on screen: {line!r}"
        names = {c["name"] for z in view["zones"].values() for c in z["cards"] if "name" in c}
        firsts = {n.split()[0] for n in names if " " in n} - names  # not "earth/wind call"
        for line in lines:  # "red 1" never split as ", red" at a cell's end and "1" below it
            for first in firsts:
                assert not re.search(rf", {re.escape(first)}(\s{{2,}}|$)", line), line
    assert seen


@pytest.mark.slow
@pytest.mark.parametrize("columns, rows", SIZES, ids=[f"{c}x{r}" for c, r in SIZES])
@pytest.mark.parametrize("players, seed", [(2, 5), (3, 3), (4, 1)])
def test_yami_keeps_the_round_the_trump_and_the_tiles_shapes_on_the_screen(players, seed,
                                                                           columns, rows):
    for view, lines in screens("games/yami.rules", players, {}, seed, columns, rows):
        said = "\n".join(lines)
        assert re.search(r"round \d of 7", said), said
        assert "trump " in said, said
        hand = [c for z in view["zones"].values() if z.get("keys") == ["P1"] for c in z["cards"]]
        if hand:  # each tile named and drawn, small beside the board or under it at 80x24
            assert set("█▀▄") & set(said) and "type 'cards'" not in said, said
            assert all(card["name"] in said for card in hand), said
            assert f"{len(hand)} card{'s' if len(hand) > 1 else ''}, drawn below" in said
        if rows >= 40:  # room for every shape, full size, each under its card's name
            assert "██" in said


ROWS_OF_CARDS = '''
game "Rows"
players 2..10
card Card { value: int  name "{value}" }
zone deck: pile of Card
zone hand[player]: hand of Card
zone row[1..4]: row of Card, public, label "row"
zone played: row of Card, public
setup {
  for v in 1..104 { create Card(value: v) in deck }
  shuffle deck
  for r in 1..4 { move top(deck) to row[r] }
  for p in players { deal 10 from deck to hand[p] }
}
play {
  repeat 10 times {
    choose picks in hand[p] by each p in players prompt "pick a card"
    for p, c in picks { move c to played }
    for p, c in picks { if disclose(c.value % 2 == 0) { choose r in 1..4 by p prompt "take a row" } }
  }
}
score p = 0
'''


def test_numbered_rows_all_laid_out_stay_whole_when_room_is_short():
    """Four rows of cards kept per number (row[1..4]), every one filled, are places on the
    table, not tricks in time: with ten players at 80x24 each screen shows all four, the
    one that asks which row to take too. A numbered family still being filled from the
    first (a trick a round) gives way from its earliest, as before (Yami, above)."""
    game = rulelang.loads(ROWS_OF_CARDS, "rows.rules").new_game(players=10, seed=3)
    bot = make_bot("random", 3)
    asked = set()
    while not game.is_over and len(asked) < 2:
        seat = game.to_move_all[-1]
        if seat == 0:
            view = game.view(0)
            screen = decision_screen(view, panels.build(view), view["decision"]["moves"], 79, 24)
            said = "\n".join(line.plain for line in screen.lines)
            assert all(re.search(rf"^{r} ", said, re.M) for r in "1234"), said
            asked.add(view["decision"]["prompt"])
        game.play(bot.choose(seat_knowledge(game, seat)), seat=seat)
    assert len(asked) == 2, asked


def test_a_list_wraps_between_its_items_never_inside_one():
    lines = [t.plain for t in _wrapped_items(Text("red 3, purple 1, red 2, red 1, red 7"), 24)]
    assert lines == ["red 3, purple 1, red 2,", "red 1, red 7"]
    long_one = [t.plain for t in _wrapped_items(Text("a very long single card name, b"), 12)]
    assert all(len(line) <= 12 for line in long_one)  # an item wider than the column wraps


def test_a_stacked_cell_shows_its_whole_symbol_and_only_its_column_is_wide():
    hint = {"name": "Kappa/Rokurokubi/Oni", "symbol": "KaRoOn", "cells": ["B1"]}
    under = {"name": "Kappa", "symbol": "Ka", "cells": ["B1"]}
    other = {"name": "Oni", "symbol": "On", "cells": ["A1"]}
    zone = {"cards": [under, hint, other], "width": 3, "height": 1}
    lines = [t.plain for t in grid.grid_lines(zone, grid.Layers.of(zone, [], []))]
    assert "[KaRoOn]" in lines[1]
    assert lines[1].rstrip() == "1 On [KaRoOn]  ·"  # A and C stay 3 wide


def test_the_screen_log_joins_a_seats_decisions_and_drops_what_the_rules_say_better():
    view = {"seats": {0: "P1", 1: "P2"}, "log": [
        "-- turn 3: P2 --",
        "P2 > observe a card: H5",
        "P2 observes H5: Oni",            # says the move, and what was seen
        "P2 > move the card from: F6",
        "P2 > move it to: F7",
        "P2 > lead a card: red 4",
        "P2 wins the trick",              # a line about P2 that does not name the move
        "P2 > play: KS",
        "P2 takes trick 2 with KS",       # names the move, but says what followed it
    ]}
    assert screen_log(view) == [
        "-- turn 3: P2 --",
        "P2 observes H5: Oni",
        "P2 > move the card from: F6 · move it to: F7 · lead a card: red 4",
        "P2 wins the trick",
        "P2 > play: KS",
        "P2 takes trick 2 with KS",
    ]


def test_the_screen_log_says_a_question_asked_again_in_a_row_once():
    view = {"seats": {0: "P1", 1: "P2"}, "log": [
        "P1 > play an action: village",
        "P1 > play an action: laboratory",
        "P1 > play an action: smithy",
        "P1 > buy a card: silver",
        "P1 > buy a card: village",
        "P1 buys village",
        "P1 > play an action: moat",
    ]}
    assert screen_log(view) == [
        "P1 > play an action: village, laboratory, smithy · buy a card: silver, village",
        "P1 buys village",
        "P1 > play an action: moat",
    ]
    assert screen_log(view, condensed=True) == [  # a line between: the question said again
        "P1 > play an action: village, laboratory, smithy · buy a card: silver, village · "
        "buys village · play an action: moat"]


def test_the_log_kept_is_what_was_written_since_the_seats_last_move():
    view = {"seat": 0, "seats": {0: "P1", 1: "P2"},
            "log": ["P1 > play: a", "P2 > play: b", "P2 scores"]}
    assert recent_lines(view, 40) == 2
    view["log"] = ["setup"] * 30
    assert recent_lines(view, 24) == 0  # nobody has moved: what setup wrote is not a move
    view["log"] = ["setup"] * 3 + ["P2 > play: b", "P2 scores"] * 15
    assert since_last_move(view) == 30  # never moved: since the first move of anyone
    assert recent_lines(view, 24) == 4  # at most a fifth of the screen


def test_a_screen_short_of_lines_shows_each_partners_turn_on_one_line():
    view = {"seat": 0, "seats": {0: "P1", 1: "P2", 2: "P3"}, "log": [
        "P2 goes first",
        "-- turn 1: P2 --",
        "P2 > observe a card: H6",
        "P2 observes H6: a Yokai",
        "P2 > move the card from: H5",
        "P2 > move it to: F9",
        "P2 reveals the hint Kitsune/Oni",
        "-- turn 2: P3 --",
        "P3 > observe a card: F8",
        "P3 observes F8: a Yokai",
        "-- round 2 --",
        "-- turn 3: P1 --",
        "P1 > observe a card: F5",
        "P1 observes F5: Kappa",
    ]}
    assert screen_log(view, condensed=True) == [
        "P2 goes first",  # not joined to P2's turn: the turn starts after it
        "P2 observes H6: a Yokai · move the card from: H5 · move it to: F9 · reveals the hint "
        "Kitsune/Oni",
        "P3 observes F8: a Yokai",
        "-- round 2 --",
        "P1 observes F5: Kappa",
    ]
    assert since_last_move(view, condensed=True) == 0  # P1's observation is its move
    view["log"] = view["log"][:-2]
    assert since_last_move(view, condensed=True) == 4
    assert since_last_move(view) == 7
    view["turn"] = 3  # the header says "turn 3": the turn just begun takes no line of its own
    assert screen_log(view, condensed=True)[-1] == "-- round 2 --"
    assert since_last_move(view, condensed=True) == 3  # what the others did: all of it kept
    assert screen_log(view)[-1] == "-- turn 3: P1 --"  # with room, the log as written


@pytest.mark.slow
def test_yokai_with_four_players_at_80x24_keeps_the_three_partners_turns():
    """P1's first decision: three partners have played a whole turn each since the game began;
    a line each fits where their every line would not."""
    view = next(view for view, _ in screens("games/yokai.rules", 4, {}, 4, 80, 24))
    # (condensed: a line each, and no line for P1's turn just begun: the header says it)
    assert since_last_move(view) > since_last_move(view, condensed=True) == 3
    detailed = compose(panels.build(view), screen_log(view), view["decision"]["moves"], 79, 24,
                       min_log=recent_lines(view, 24))
    assert detailed.log_shown < since_last_move(view)  # their every line does not fit
    screen = decision_screen(view, panels.build(view), view["decision"]["moves"], 79, 24)
    said = "\n".join(line.plain for line in screen.lines)
    for seat in ("P2", "P3", "P4"):
        assert re.search(rf"^{seat} observes .* reveals the hint|^{seat} observes .* place",
                         said, re.M | re.S), said


HEADER_WRAPS = '''
game "A Rather Long Title For Testing"
players 2
option first_long_option_name: int in 1..9 = 3 "one"
option second_long_option_name: int in 1..9 = 4 "two"
var total: int = 0, label "total"
turn {
  choose n in 1..2 prompt "add"
  total += n
  if total >= 4 { win current }
}
'''


def test_the_game_over_banner_comes_under_the_whole_header_when_it_wraps():
    game = rulelang.loads(HEADER_WRAPS).new_game(players=2, seed=1)
    for move in ("2", "1", "2"):
        game.play(move)
    assert game.is_over
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=False)
    Session(game, {0: "human", 1: "first"}, console).final_screen()
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    header = next(i for i, line in enumerate(lines) if line.startswith("A Rather Long Title"))
    assert lines[header + 1].startswith("  ")  # the header's wrapped continuation, indented
    assert lines[header + 2].startswith("Game over: P1 wins"), lines


def test_what_the_rules_said_after_the_others_moves_shares_lines_rather_than_push_one_out():
    """Four seats: P2's move was pushed off the screen by the lines the rules wrote at the
    round's end, which now share lines when room is short."""
    moves = [f"{seat} > place a worker: forest" for seat in ("P1", "P2", "P3", "P4")]
    view = {"seat": 0, "seats": {0: "P1", 1: "P2", 2: "P3", 3: "P4"},
            "log": ["round 1: P1 goes first"] + moves
            + [f"{seat} is short of 4 food" for seat in ("P1", "P2", "P3", "P4")]
            + ["round 2: P1 goes first"]}
    facts = [(f"fact {i}", Text("x " * 30)) for i in range(14)]  # 14 lines of the screen
    parts = panels.Panels(Text("Work · you are P1"), [], [], facts, [], {})
    screen = decision_screen(view, parts, ["forest", "quarry"], 79, 24)
    said = [line.plain for line in screen.lines]
    for move in moves[1:]:
        assert move in said, said  # every other seat's move since P1's
    assert "P1 is short of 4 food · P2 is short of 4 food" in "\n".join(said)
    roomy = decision_screen(view, parts, ["forest", "quarry"], 79, 40)
    assert "P1 is short of 4 food" in [line.plain for line in roomy.lines]  # a line each
