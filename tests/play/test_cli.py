"""The command line, as a user runs it: output, determinism, exit codes."""
from __future__ import annotations

import io

from click.testing import CliRunner

from rulelang.play.cli import cli
from rulelang.play.cli.common import seat_kinds
from support import ROOT, load

NIM = str(ROOT / "examples" / "nim.rules")
YOKAI = str(ROOT / "games" / "yokai_sketch.rules")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_bots_all_prints_the_whole_game_identically_twice():
    first = run("run", NIM, "--bots", "all", "--seed", "1")
    second = run("run", NIM, "--bots", "all", "--seed", "1")
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert first.output.startswith("Nim: 2 players, seed 1")
    assert "== game over:" in first.output


def test_without_a_terminal_bots_play_every_seat():
    result = run("run", YOKAI, "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "== game over:" in result.output


def test_options_are_passed_to_the_game():
    result = run("run", NIM, "--bots", "all", "--seed", "2", "--option", "pile_sizes=4")
    assert result.exit_code == 0, result.output
    assert "pile_sizes=4" in result.output.splitlines()[0]
    assert "pile B" not in result.output


def test_check_reports_errors_in_the_file_line_col_format(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text('game "Bad"\nplayers 2\nzone piles: pile\nturn {\n  move top(pile) to piles\n}\n')
    result = run("check", str(bad))
    assert result.exit_code == 65
    assert f"{bad}:5:12: error: unknown name 'pile'" in result.output
    assert "did you mean 'piles'?" in result.output
    assert "      move top(pile) to piles\n" in result.output
    assert "               ^^^^\n" in result.output


def test_check_accepts_every_shipped_ruleset():
    files = [str(p) for folder in ("games", "examples") for p in sorted((ROOT / folder).glob("*.rules"))]
    result = run("check", *files)
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok") == len(files)


def test_bad_usage_exits_2():
    assert run("run", NIM, "--players", "5").exit_code == 2
    assert run("run", NIM, "--option", "colour=red").exit_code == 2
    assert run("run", NIM, "--option", "pile_sizes").exit_code == 2
    assert run("run", NIM, "--bot", "P9=random").exit_code == 2
    twice = run("run", NIM, "--bots", "all", "--bot", "P1=mcts", "--bot", "1=random")
    assert twice.exit_code == 2 and "P1 is given twice (first as mcts)" in twice.output
    assert run("run", "no/such/file.rules").exit_code == 2
    assert run("frobnicate").exit_code == 2


def test_an_error_while_running_exits_70(tmp_path):
    endless = tmp_path / "endless.rules"
    endless.write_text('game "Endless"\nplayers 1\nrule spin() {\n  loop {\n    let x = 1\n  }\n}\n'
                       'play {\n  spin()\n}\n')
    result = run("run", str(endless), "--bots", "all", "--seed", "1")
    assert result.exit_code == 70
    assert "in rule spin" in result.output
    assert "Traceback" not in result.output


def test_a_game_of_bots_stopped_by_its_rules_prints_its_log_up_to_there(tmp_path):
    """Before, only the error: nothing said how the game got there. Both where the game
    stops before any decision (no one is asked: new_game plays it all) and after some."""
    drawing = tmp_path / "draws.rules"
    head = ('game "Draws"\nplayers 2\ncard C { n: int }\nzone deck: pile of C\n'
            'zone hand[player]: hand of C\nsetup { create C(n: 1) x 3 in deck }\n')
    for ask in ("", '  choose k in [1, 2] prompt "go"\n'):
        drawing.write_text(head + "turn {\n" + ask + "  move top(deck) to hand[current]\n}\n")
        result = run("run", str(drawing), "--bots", "all", "--seed", "1")
        assert result.exit_code == 70, result.output
        said = result.output
        assert "-- turn 4: P2 --" in said and "-- turn 5" not in said, said
        assert said.index("-- turn 4: P2 --") < said.index(
            "error: in turn: there is no card to move (the value is none: top() or bottom() of an "
            "empty zone is none; test for it before moving)"), said


def test_moves_file_replays_then_bots_continue(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("# opening\nC\n3\n")
    result = run("run", NIM, "--bots", "all", "--seed", "1", "--moves", str(moves))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "P1 > take from pile: C" in lines
    assert "P1 > how many stones: 3" in lines


def test_an_illegal_move_in_a_moves_file_says_where(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("A\n9\n")
    result = run("run", NIM, "--bots", "all", "--seed", "1", "--moves", str(moves))
    assert result.exit_code == 70
    assert f"{moves}:2:" in result.output
    assert "'9' is refused: 9 is not one of the numbers to choose from now: 1 (legal: 1)" in result.output


def test_a_rules_error_while_replaying_moves_names_the_place_once_and_the_pass(tmp_path):
    """Before, the moves file's place was put before the rules' own ("moves.txt:2:
    pass.rules:9:22: error: ..."), and nothing said that the none came from a pass."""
    rules = tmp_path / "pass.rules"
    rules.write_text(
        'game "Move a pass"\nplayers 2\ncard Money { value: int  name "${value}" }\n'
        "zone hand[player]: hand of Money\nzone bid[player]: row of Money, public\n"
        "setup { for p in players { for v in [1, 2, 3] { create Money(value: v) in hand[p] } } }\n"
        'play {\n  choose bids in cards(hand[p]) by each p in players pass "pass"\n'
        "  for p, b in bids { move b to bid[p] }\n}\n")
    moves = tmp_path / "moves.txt"
    moves.write_text("pass\n$1\n")
    result = run("run", str(rules), "--bots", "all", "--seed", "1", "--moves", str(moves))
    assert result.exit_code == 70, result.output
    said = result.output
    assert f"{moves}:2: {rules}" not in said
    assert f"{rules}:9:22: error: in play: there is no card to move" in said
    assert "and so is a choose answered with its pass" in said
    assert f"(playing line 2 of {moves}: $1)" in said
    assert "Traceback" not in said


HASH = """game "Hash"
players 2
var said: int = 0
turn {
  choose w in ["lake ## 1", "b#2", "plain"] prompt "say"
  said += 1
  if said >= 4 { end "done" }
}
score p = 0
"""


def test_a_moves_file_replays_moves_with_hash_in_them(tmp_path):
    # (it cut every line at its first '#': 'lake' is not a legal move; '"lake' in quotes)
    (tmp_path / "hash.rules").write_text(HASH)
    moves = tmp_path / "moves.txt"
    moves.write_text('# opening\n"lake ## 1"  # quoted\nb#2\nlake ## 1\n  plain  # said last\n')
    result = run("run", str(tmp_path / "hash.rules"), "--bots", "all", "--seed", "1",
                 "--moves", str(moves))
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if line.startswith(("P1 >", "P2 >"))]
    assert said == ["P1 > say: lake ## 1", "P2 > say: b#2", "P1 > say: lake ## 1",
                    "P2 > say: plain"]


def test_a_move_cut_by_a_comment_says_how_to_keep_its_hash(tmp_path):
    (tmp_path / "hash.rules").write_text(HASH)
    moves = tmp_path / "moves.txt"
    moves.write_text("lake # 1\n")
    result = run("run", str(tmp_path / "hash.rules"), "--bots", "all", "--moves", str(moves))
    assert result.exit_code == 70
    assert "'lake' is not a legal move" in result.output
    assert "what follows ' #' on a line is a comment" in result.output
    moves.write_text('"lake ## 1" plain\n')
    result = run("run", str(tmp_path / "hash.rules"), "--bots", "all", "--moves", str(moves))
    assert result.exit_code == 65
    assert 'a move in quotes is written "MOVE" on its line' in result.output


def test_save_then_load_continues_the_same_game(tmp_path):
    saved = tmp_path / "game.json"
    moves = tmp_path / "moves.txt"
    moves.write_text("A\n1\n")
    whole = run("run", NIM, "--bots", "all", "--seed", "3", "--moves", str(moves))
    part = run("run", NIM, "--bots", "all", "--seed", "3", "--moves", str(moves),
               "--save", str(saved))
    assert part.exit_code == 0 and saved.exists()
    resumed = run("run", NIM, "--bots", "all", "--load", str(saved))
    assert resumed.exit_code == 0, resumed.output
    assert resumed.output == whole.output


def test_simulate_reports_wins_and_speed():
    result = run("simulate", NIM, "--games", "20")
    assert result.exit_code == 0, result.output
    assert "Nim: 20 games" in result.output
    assert "P1     wins" in result.output
    assert "games/s" in result.output


def test_a_seat_on_the_command_line_is_written_as_in_its_name():
    for written in ("P2", "p2", "2"):
        result = run("run", NIM, "--seed", "1", "--bot", f"{written}=first")
        assert result.exit_code == 0, result.output
        assert result.output == run("run", NIM, "--seed", "1", "--bot", "P2=first").output
    assert run("run", NIM, "--seed", "1", "--bot", "3=first").exit_code == 2
    assert run("run", NIM, "--seed", "1", "--bot", "0=first").exit_code == 2


def test_unnamed_seats_are_opponents_worth_playing_when_a_person_plays(monkeypatch):
    """A person at the terminal plays `mcts` opponents (or partners, in a cooperative game);
    with bots only, the unnamed seats of a competitive game are random bots."""
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    sketch = load("games/yokai_sketch.rules").new_game(players=2, seed=0, log=False)
    yokai = load("games/yokai.rules").new_game(players=3, seed=0, log=False)
    monkeypatch.setattr("sys.stdin", Terminal())
    assert list(seat_kinds(sketch, False, ()).values()) == ["human", "mcts"]
    assert list(seat_kinds(yokai, False, ()).values()) == ["human", "mcts", "mcts"]
    assert list(seat_kinds(sketch, True, ()).values()) == ["random", "random"]  # --bots all
    assert list(seat_kinds(sketch, False, ("P2=greedy",)).values()) == ["human", "greedy"]
    monkeypatch.setattr("sys.stdin", io.StringIO())  # not a terminal: bots only
    assert list(seat_kinds(sketch, False, ()).values()) == ["random", "random"]
    assert list(seat_kinds(yokai, False, ()).values()) == ["mcts", "mcts", "mcts"]


def test_run_bots_with_a_kind_says_how_to_seat_that_kind():
    """simulate takes --bots KIND; run takes --bots all: a kind there is refused with the
    words that seat it (a usage error, exit 2, no traceback)."""
    result = run("run", NIM, "--bots", "advice", "--seed", "1")
    assert result.exit_code == 2
    assert "--bots all --bot P1=advice --bot P2=advice" in result.output
    assert "Traceback" not in result.output
    result = run("run", NIM, "--bots", "everyone")
    assert result.exit_code == 2 and "write --bots all" in result.output
    assert run("run", NIM, "--bots", "all", "--seed", "1").exit_code == 0


def test_a_bot_seat_past_a_games_players_says_the_players_that_have_it():
    """--bot P3=mcts without --players (a game of the fewest players the rules allow) said
    "SEAT like P1 up to P2", as if the rules had no P3: it says the --players to add."""
    oh_hell = str(ROOT / "examples" / "oh_hell.rules")  # 3 to 5 players
    for command in ("run", "simulate", "serve"):
        result = run(command, oh_hell, "--bot", "P5=greedy", "--bots", "all") if command == "run" \
            else run(command, oh_hell, "--bot", "P5=greedy")
        assert result.exit_code == 2, (command, result.output)
        assert "a game of 3 players has no seat P5: add --players 5 (these rules allow 3 to 5)" \
            in result.output, (command, result.output)
    assert run("run", oh_hell, "--bot", "P5=greedy", "--bots", "all", "--players", "5",
               "--seed", "1").exit_code == 0
    result = run("simulate", oh_hell, "--bot", "P6=greedy")
    assert result.exit_code == 2
    assert "no seat 'P6': these rules allow at most 5 players" in result.output


def test_a_loaded_game_refuses_settings_it_was_not_saved_with(tmp_path):
    """`--load` went on with the saved game and left `--players` and `--option` unused in
    silence: a class asking for 4 players got the 2 of an old save. The same values are
    welcome (the command that started the game continues it)."""
    saved = tmp_path / "game.json"
    assert run("run", NIM, "--bots", "all", "--seed", "3", "--save", str(saved),
               "--option", "is_misere=true").exit_code == 0
    for asked, said in ((["--players", "3"], "--players 3 (it has 2)"),
                        (["--option", "is_misere=false"], "--option is_misere=false"),
                        (["--seed", "4"], "--seed")):
        result = run("run", NIM, "--bots", "all", "--load", str(saved), *asked)
        assert result.exit_code == 2, result.output
        assert f"{saved} holds a game saved with other settings than {said}" in result.output
        assert "Leave it out to continue it" in result.output
    same = run("run", NIM, "--bots", "all", "--load", str(saved), "--players", "2",
               "--option", "is_misere=true", "--seed", "3")
    assert same.exit_code == 0, same.output


WHEN = '''game "When"
players 2
option level: int in 1..3 = 1 "level"
option bonus: int in 1..3 = 1 "the bonus, at level 3"
  if level == 3
turn { choose n in [1, 2] prompt "pick"  win current }
'''


def test_an_option_given_where_the_rules_do_not_apply_it_is_warned_of(tmp_path):
    """`--option objective=ring` without Yōkai's level 5 changed nothing, in silence: a class
    played believing it had an Objective. The option applies only `if COND`: said so."""
    rules = tmp_path / "when.rules"
    rules.write_text(WHEN)
    result = run("run", str(rules), "--bots", "all", "--seed", "1", "--option", "bonus=2")
    assert result.exit_code == 0, result.output
    assert ("warning: --option bonus=2 changes nothing in this game: the rules apply it only "
            "if level == 3") in result.output
    result = run("run", str(rules), "--bots", "all", "--seed", "1", "--option", "bonus=2",
                 "--option", "level=3")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_simulation_given_an_option_the_rules_do_not_apply_warns_of_it(tmp_path):
    """simulate (and compare) listed `bonus=2` among the report's options, as if in force,
    and said nothing where run warns that it changes nothing."""
    rules = tmp_path / "when.rules"
    rules.write_text(WHEN)
    result = run("simulate", str(rules), "-n", "3", "--workers", "1", "--option", "bonus=2")
    assert result.exit_code == 0, result.output
    assert ("warning: --option bonus=2 changes nothing in this game: the rules apply it only "
            "if level == 3") in result.output
    result = run("compare", str(rules), "-n", "3", "--workers", "1", "--option", "bonus=1",
                 "--option", "bonus=2")
    assert "warning: --option bonus=2 changes nothing in this game" in result.output
    result = run("simulate", str(rules), "-n", "3", "--workers", "1", "--option", "bonus=2",
                 "--option", "level=3")
    assert result.exit_code == 0 and "warning" not in result.output, result.output
