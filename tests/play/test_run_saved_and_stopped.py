"""`rulelang run` stopped or saved: a game saved while a person plays it at the terminal
holds every seat's cards, so it goes on only with that seat played by a person again, never as
bots only (which print the whole log), nor with a bot in the person's seat, nor with a person in
a bot's seat; bots only stopped
by Ctrl-C print what they played."""
from __future__ import annotations

import json
import random
import re

import pexpect
import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.play.save_files import read_save
from support import ROOT, load
from support.small_rules import HANDS
from support.terminal import Terminal

FILES = sorted(str(p.relative_to(ROOT)) for folder in ("games", "examples")
               for p in (ROOT / folder).glob("*.rules"))


def test_a_game_saved_by_a_person_goes_on_only_with_that_person(tmp_path):
    save = tmp_path / "mine.json"
    term = Terminal(["run", "games/yokai_sketch.rules", "--seed", "3", "--bot-seed", "1"])
    term.wait("play a sketch")
    term.type(f"save {save}", "saved to")
    term.child.close(force=True)
    assert "people" in read_save(save)
    assert rulelang.load("games/yokai_sketch.rules").restore(read_save(save)).to_move == 0
    for extra in (["--bots", "all"], ["--bot", "P1=mcts"], []):  # (no terminal: bots only)
        result = CliRunner().invoke(cli, ["run", "games/yokai_sketch.rules", "--load", str(save),
                                          *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert "this game was saved while P1 played it here" in result.output
        assert "water/" not in result.output  # nothing of the game was shown
    again = Terminal(["run", "games/yokai_sketch.rules", "--load", str(save)])
    assert "going on with the game saved in" in again.wait("play a sketch")
    again.child.close(force=True)




def test_a_bots_seat_in_a_game_saved_by_a_person_is_not_given_to_a_person(tmp_path):
    """P1's person saved against a bot: loaded with a person in the bot's seat, the screen
    would show that person the bot's hand (and the same file can be loaded again as P1)."""
    (tmp_path / "hands.rules").write_text(HANDS)
    term = Terminal(["run", "hands.rules", "--seed", "3", "--bot-seed", "1", "--bot",
                     "P2=first"], cwd=tmp_path)
    term.wait("play a card")
    term.type("save mine.json", "saved to")
    term.child.close(force=True)
    game = rulelang.loads(HANDS).restore(read_save(tmp_path / "mine.json"))
    theirs = [card["name"] for card in game.view(None)["zones"]["hand[P2]"]["cards"]]
    refused = Terminal(["run", "hands.rules", "--load", "mine.json", "--bot", "P2=human"], 200,
                       cwd=tmp_path).finish()
    assert "this game was saved while P1 played it here, and a bot played P2" in refused
    assert "--bot P2=mcts" in refused
    assert not any(name in refused for name in theirs)  # nothing of the game was shown
    again = Terminal(["run", "hands.rules", "--load", "mine.json", "--bot", "P2=first"],
                     cwd=tmp_path)
    assert "going on with the game saved in" in again.wait("play a card")
    again.child.close(force=True)


@pytest.mark.parametrize("people", [5, [["P1"]], ["P9"], "P1"])
def test_a_trusted_save_whose_people_are_damaged_is_one_line_and_exit_65(tmp_path, people):
    """A save edited by hand and loaded with --trust-save: 'people' that is not a list of
    seats is refused with the reason (it was a traceback)."""
    (tmp_path / "hands.rules").write_text(HANDS)
    saved = json.loads(rulelang.loads(HANDS).new_game(seed=1).save())
    saved["people"] = people
    (tmp_path / "edited.json").write_text(json.dumps(saved))
    result = CliRunner().invoke(cli, ["run", str(tmp_path / "hands.rules"), "--load",
                                      str(tmp_path / "edited.json"), "--trust-save",
                                      "--bots", "all"])
    assert result.exit_code == 65, result.output
    assert result.output.endswith("this save is damaged: its 'people' should list seats "
                                  "(P1, P2) that people played\n")


ENDLESS = '''game "Endless"
players 2
turn {
  choose n in [1, 2] prompt "say a number"
  log "{current} says {n}"
}
score p = 0
'''


def test_bots_only_print_the_log_as_the_game_goes_and_nothing_twice(tmp_path):
    """A game of bots alone printed its transcript at its end only: one that never ends
    printed nothing for ever. Each line now comes as it is written; Ctrl-C then prints
    only what was not printed yet."""
    import queue
    import signal
    import subprocess
    import sys
    import threading
    path = tmp_path / "endless.rules"
    path.write_text(ENDLESS)
    # Ctrl-C handled as at a terminal: run as a background job (``tests &``, nohup), the
    # tests' shell leaves SIGINT ignored in every child, and this one then never stopped
    as_at_a_terminal = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler)"
    child = subprocess.Popen([sys.executable, "-c",
                              f"{as_at_a_terminal}; from rulelang.play.cli import main; main()",
                              "run", str(path), "--bots", "all", "--seed", "1"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in child.stdout],
                              daemon=True)
    reader.start()
    seen = []
    try:
        while not any(line.startswith("-- turn 20: ") for line in seen):
            seen.append(lines.get(timeout=30))  # (before: nothing came, the game never ends)
    finally:
        child.send_signal(signal.SIGINT)
        try:
            child.wait(timeout=60)
        except subprocess.TimeoutExpired:
            child.kill()  # (an endless game: not left running)
            child.wait()
            pytest.fail(f"the child did not exit within 60 s of SIGINT (is SIGINT ignored "
                        f"in it?); the last lines it printed: {seen[-3:]}")
        reader.join(timeout=60)
    while not lines.empty():
        seen.append(lines.get())
    assert child.returncode == 130
    assert seen[0] == "Endless: 2 players, seed 1\n"
    turns = [line for line in seen if line.startswith("-- turn ")]
    numbers = [int(line.split()[2].rstrip(":")) for line in turns]
    assert numbers == list(range(1, len(numbers) + 1))  # each turn once, in order
    assert sum(line.startswith("Endless: ") for line in seen) == 1
    assert "".join(seen).rstrip().endswith("interrupted; the game was not saved")


FAILS_AT_TURN_5 = '''game "Fails"
players 2
var n: int = 0
turn {
  choose k in [1, 2] prompt "pick"
  n += 1
  log "{current} picks {k}"
  if n == 5 { n = 1 / (n - 5) }
}
score p = 0
'''


def test_bots_only_stopped_by_the_rules_print_each_line_once_then_the_error(tmp_path):
    path = tmp_path / "fails.rules"
    path.write_text(FAILS_AT_TURN_5)
    result = CliRunner().invoke(cli, ["run", str(path), "--bots", "all", "--seed", "2"])
    assert result.exit_code == 70, result.output
    out = result.output
    assert out.count("Fails: 2 players, seed 2\n") == 1
    assert [out.count(f"-- turn {t}: ") for t in range(1, 6)] == [1, 1, 1, 1, 1]
    assert out.index("-- turn 5: ") < out.index("division by zero")


@pytest.mark.parametrize("path", FILES)
def test_the_log_printed_as_the_game_goes_is_the_transcript_printed_at_its_end(path):
    """Bots only print each line as it is written: put together, what was printed along the
    way is the very transcript printed at the end before (hidden cards turned up later,
    decision lines settled later, and all)."""
    from rulelang.play.cli.run import Follow
    rules = load(path)
    game = rules.new_game(players=min(rules.player_counts), seed=1)
    follow, printed, rng = Follow(game), [], random.Random(1)
    while not game.is_over:
        printed.append(follow.rest())
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    printed.append(follow.rest())
    assert "".join(printed) == game.transcript()
    assert follow.rest() == ""


def test_people_sharing_the_screen_see_no_hidden_card_when_the_game_ends(tmp_path):
    """Hot seat: the last screen is read by everyone at the table, so it shows what every
    seat may see (the web shows each seat its own view at the end): it showed the host's
    view, every card left in the deck included."""
    rules = HANDS.replace("11..16", "11..18")  # two cards left in the deck
    (tmp_path / "hands.rules").write_text(rules)
    game = rulelang.loads(rules).new_game(seed=3)
    deck = [card["name"] for card in game.view(None)["zones"]["deck"]["cards"]]
    assert deck  # (cards nobody ever sees)
    term = Terminal(["run", "hands.rules", "--seed", "3", "--bot", "P2=human"], 120, 40,
                    cwd=tmp_path)
    child = term.child
    while True:  # each seat plays its first card; Enter at each "pass the screen"; the
        # last card, forced but only its seat knows it, is played at its word (y: it ends it)
        asked = child.expect([rb"play a card > ", rb"(press Enter|Enter to start >)",
                              rb"\(y/n\) > ", pexpect.EOF])
        term.stream.feed(child.before + (child.after if asked < 3 else b""))
        if asked == 3:
            break
        if asked == 0:
            hand = [line for line in term.lines() if line.replace(" ", "").isdigit()][-1]
            child.sendline(hand.split()[0])
        else:
            child.sendline("y" if asked == 2 else "")
    screen = term.text()
    assert "Game over" in screen
    shown = "\n".join(line for line in screen.splitlines() if not line.startswith("seed "))
    assert not any(re.search(rf"\b{name}\b", shown) for name in deck), (deck, screen)
    term.child.close(force=True)
