"""Every screen of each seed game, at 80x24 and at 100x40, from a few decisions before the end
to the final screen: no line is cut (the screen keeps the terminal's last column free, so a
line reaching it was cut by the terminal; no text ends in an ellipsis), the header is on the
first line, and the final screen says the result and its reason (issue 27, item 4)."""
from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import rulelang
from interpreter.bots import make_bot
from rulelang.play.save_files import write_save
from support import ROOT
from support.terminal import run

GAMES = [  # (rules, players, options, seed)
    ("games/yokai_sketch.rules", 2, {}, 7),
    ("games/yami.rules", 3, {}, 3),
    ("games/yami.rules", 2, {}, 5),  # with the automa
    ("games/yokai.rules", 3, {"levels": "2+3"}, 4),
]
SIZES = [(80, 24), (100, 40)]
DECISIONS_LEFT = 4  # of the person at P1, when the saved game is loaded


def save_near_the_end(path, rules_file, players, options, seed):
    """A game of random bots, saved where P1 has a few decisions left before its end."""
    game = _near_the_end(rules_file, players, tuple(options.items()), seed)
    write_save(path, game.save())  # sealed with the tests' key, as the terminal saves
    return game


@functools.cache  # the same game for both terminal sizes: played once
def _near_the_end(rules_file, players, options, seed):
    options = dict(options)
    rules = rulelang.load(rules_file)
    game = rules.new_game(players=players, seed=seed, options=options)
    bot = make_bot("random", seed)
    moves, p1_at = [], []
    while not game.is_over:
        if game.seat_name(game.to_move) == "P1":
            p1_at.append(len(moves))
        move = bot.choose(game)
        moves.append(move.notation)
        game.play(move)
    cut = p1_at[-min(DECISIONS_LEFT, len(p1_at))]
    game = rules.new_game(players=players, seed=seed, options=options)
    for notation in moves[:cut]:
        game.play(notation)
    return game


def assert_nothing_cut(lines, columns):
    for line in lines:
        assert len(line) < columns, f"this line reaches the last column (cut): {line!r}"
        assert not line.rstrip().endswith(("…", "...")), f"this line was cut: {line!r}"
        assert "more than fits" not in line, "part of the screen was left out"


@pytest.mark.slow
@pytest.mark.parametrize("columns, rows", SIZES, ids=[f"{c}x{r}" for c, r in SIZES])
@pytest.mark.parametrize("rules_file, players, options, seed", GAMES,
                         ids=[f"{Path(g[0]).stem}-{g[1]}p" for g in GAMES])
def test_every_screen_to_the_end_fits_without_a_cut_line(tmp_path, monkeypatch, rules_file,
                                                         players, options, seed, columns, rows):
    monkeypatch.chdir(ROOT)
    save = tmp_path / "game.json"
    game = save_near_the_end(save, rules_file, players, options, seed)
    title = game.view(None)["game"]
    # random partners: what is on the screens, not how well the others play, is tested here
    # (the default partners, MCTS in a cooperative game, took most of the command's time)
    partners = [arg for seat in range(2, players + 1) for arg in ("--bot", f"P{seat}=random")]
    term = run(rules_file, "--load", str(save), "--bot-seed", "1", *partners, columns=columns,
               rows=rows)
    screen = term.wait()
    for _ in range(60):  # a few decisions, each perhaps confirmed
        lines = term.lines()
        assert len(lines) == rows
        assert_nothing_cut(lines, columns)
        if "Game over" in screen or not lines[-1].endswith(">"):
            break
        assert lines[0].startswith(title), lines[0]
        answer = "y" if lines[-1].rstrip().endswith("(y/n) >") else "1"
        term.child.sendline(answer)
        screen = term.wait()
    else:
        pytest.fail("the game did not end")
    final = term.lines()
    assert final[0].startswith(title) and "game over" in final[0]
    assert_nothing_cut(final, columns)
    said = " ".join(line.strip() for line in final)
    assert re.search(r"Game over: (P\d wins|a draw|the team (wins|loses|scores))", said), said
    term.finish()


@pytest.mark.parametrize("rules_file, players, options, seed", GAMES,
                         ids=[f"{Path(g[0]).stem}-{g[1]}p" for g in GAMES])
def test_the_others_moves_since_the_seats_last_stay_on_an_80x24_screen(rules_file, players,
                                                                       options, seed):
    """However full the table, the log lines written since P1 last decided (its partners'
    or opponents' moves, at most a sixth of the screen) are on the screen, whole."""
    from rulelang.play.terminal import panels
    from rulelang.play.terminal.log_lines import recent_lines
    from rulelang.play.terminal.screen import compose
    game = rulelang.load(rules_file).new_game(players=players, seed=seed, options=options)
    bot = make_bot("random", seed)
    checked = 0
    while not game.is_over and checked < 6:
        seat = game.to_move
        if game.seat_name(seat) == "P1" and len(game.history) > 8:
            view = game.view(seat)
            keep = recent_lines(view, 24)
            screen = compose(panels.build(view), view["log"], view["decision"]["moves"], 79, 24,
                             min_log=keep)
            shown = " ".join(" ".join(line.plain.split()) for line in screen.lines)
            for line in view["log"][len(view["log"]) - keep:]:
                assert " ".join(line.split()) in shown, line
            checked += 1
        game.play(bot.choose(game))
    assert checked
