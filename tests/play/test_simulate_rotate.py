"""``rulelang simulate --rotate``: game i moves every bot i seats on, so a bot's figures are its
own and not its seat's. The by-bot figures are checked against the same games played in a
plain loop, the report against two workers, the replay command against ``rulelang run``."""
from __future__ import annotations

import json
import re
import shlex
from collections import Counter

from interpreter.bots import make_bot
from interpreter.runtime.knowledge import seat_knowledge
from rulelang.play.cli.simulate import replay_hint
from rulelang.play.simulation import Simulation, report, runner, summarize, to_json
from rulelang.play.simulation.playing import bot_seed
from support import ROOT, cli_run, load

PIG = "examples/pig.rules"
GIVEN = ("greedy", "random", "random")  # --bot P1=greedy --bots random, three players


def rotated_run(games, workers=1, bots=GIVEN, path=PIG):
    rules = load(path)
    simulation = Simulation(rules.program, len(bots), {}, bots, 0, games, rotate=True)
    run = runner.run(simulation, workers=workers)
    return run, summarize(run, rules.title, {}, rules.program.cooperative)


def by_hand(games):
    """The same games in a plain loop: seat s of game i gets the bot given for seat s - i."""
    rules = load(PIG)
    players = len(GIVEN)
    won, sat, seat_won, alone, decided = Counter(), Counter(), Counter(), Counter(), 0
    for i in range(games):
        kinds = [GIVEN[(seat - i) % players] for seat in range(players)]
        game = rules.new_game(players=players, seed=i)
        bots = [make_bot(kind, bot_seed(i, seat)) for seat, kind in enumerate(kinds)]
        while not game.is_over:
            game.play(bots[int(game.to_move)].choose(seat_knowledge(game)))
        winners = list(game.outcome_record.winners)
        for seat, kind in enumerate(kinds):
            sat[kind, seat] += 1
            seat_won[kind, seat] += seat in winners
        won.update({kinds[seat] for seat in winners})
        if len(winners) == 1:
            decided += 1
            alone[kinds[winners[0]]] += 1
    return won, sat, seat_won, alone, decided


def test_each_bots_figures_are_those_of_the_games_played_by_hand():
    games = 30
    _, summary = rotated_run(games)
    won, sat, seat_won, alone, decided = by_hand(games)
    assert [bot.bot for bot in summary.by_bot] == ["greedy", "random"]
    for bot in summary.by_bot:
        assert bot.wins.count == won[bot.bot] and bot.wins.total == games
        assert bot.games == decided and bot.won.count == alone[bot.bot]
        assert bot.fair_share == GIVEN.count(bot.bot) / 3
        for seat, cell in enumerate(bot.by_seat):
            assert cell.seat == f"P{seat + 1}"
            assert (cell.wins.count, cell.wins.total) == (seat_won[bot.bot, seat],
                                                          sat[bot.bot, seat])
    # each bot sat at each seat as often: 30 games, 3 seats
    assert [c.wins.total for c in summary.by_bot[0].by_seat] == [10, 10, 10]
    assert summary.by_bot[0].significant and summary.by_bot[0].won.share > 1 / 3
    text = report.render(summary)
    assert "Who wins by bot" in text and "greedy won" in text and "more than its fair share" in text
    assert "the bots were rotated round the seats" in text


def first_by_hand(games):
    """The same games in a plain loop: of the games each bot went first (the seat of the first
    decision, pig's first turn), and of those it did not, how many it won."""
    rules = load(PIG)
    players = len(GIVEN)
    went, won = Counter(), Counter()  # (kind, went first) -> games, wins
    for i in range(games):
        kinds = [GIVEN[(seat - i) % players] for seat in range(players)]
        game = rules.new_game(players=players, seed=i)
        bots = [make_bot(kind, bot_seed(i, seat)) for seat, kind in enumerate(kinds)]
        first = int(game.to_move)
        while not game.is_over:
            game.play(bots[int(game.to_move)].choose(seat_knowledge(game)))
        winning = {kinds[seat] for seat in game.outcome_record.winners}
        for kind in set(GIVEN):
            went[kind, kinds[first] == kind] += 1
            won[kind, kinds[first] == kind] += kind in winning
    return went, won


def test_each_bots_wins_first_and_not_first_are_those_of_the_games_played_by_hand():
    """'The first player won 51%' mixed greedy going first with random going first: each
    bot's wins when it went first and when it did not tell the seat from the bot."""
    games = 30
    _, summary = rotated_run(games)
    went, won = first_by_hand(games)
    for bot in summary.by_bot:
        for rate, first in ((bot.when_first, True), (bot.when_not_first, False)):
            assert (rate.count, rate.total) == (won[bot.bot, first], went[bot.bot, first])
    assert summary.by_bot[0].when_first.total == 10  # greedy went first in 1 game in 3
    text = report.render(summary)
    section = text.split("\nFirst player")[1].split("\nLength")[0]
    assert "each bot's wins when it went first and when it did not" in section
    greedy = summary.by_bot[0]
    row = next(line for line in section.splitlines() if line.strip().startswith("greedy "))
    assert row.split() == ["greedy", f"{100 * greedy.when_first.share:.1f}%", "of", "10",
                           f"{100 * greedy.when_not_first.share:.1f}%", "of", "20"]


def yes_by_hand(games):
    """Each bot kind's yes answers to each yes-or-no prompt, in the same games played in a
    plain loop: prompt -> kind -> [asked, yes]."""
    rules = load(PIG)
    players = len(GIVEN)
    counts: dict = {}
    for i in range(games):
        kinds = [GIVEN[(seat - i) % players] for seat in range(players)]
        game = rules.new_game(players=players, seed=i)
        bots = [make_bot(kind, bot_seed(i, seat)) for seat, kind in enumerate(kinds)]
        while not game.is_over:
            seat = int(game.to_move)
            prompt = "".join(game.pending.prompt)  # (pig's prompts are plain words)
            values = list(game.pending.values)
            move = bots[seat].choose(seat_knowledge(game))
            if sorted(values) == [False, True]:
                mine = counts.setdefault(prompt, {}).setdefault(kinds[seat], [0, 0])
                mine[0] += 1
                mine[1] += values[move.index] is True
            game.play(move)
    return counts


def test_the_yes_shares_of_a_rotated_run_are_each_bots_not_each_seats(tmp_path):
    """A seat's share of yes answers mixed greedy's with random's once the bots rotated."""
    games = 12
    _, summary = rotated_run(games)
    counts = yes_by_hand(games)
    asked = [k for k in summary.kinds if k.yes is not None]
    assert {k.kind for k in asked} == set(counts) and asked
    for kind in asked:
        assert [b.bot for b in kind.bot_yes] == [b for b in ("greedy", "random")
                                                 if b in counts[kind.kind]]
        for share in kind.bot_yes:
            n, yes = counts[kind.kind][share.bot]
            assert share.share == yes / n
    text = " ".join(report.render(summary).split())
    first = asked[0]
    shares = ", ".join(f"{b.bot} {100 * b.share:.1f}%" for b in first.bot_yes)
    assert f"{first.kind} {100 * first.yes:.1f}% ({shares})" in text
    assert "(P1 " not in text.split("answered yes")[1]
    data = to_json(summary)
    assert all(isinstance(k["bot_yes"], list) for k in data["kinds"] if k["yes"] is not None)


def test_without_rotate_there_are_no_by_bot_figures_and_the_json_is_as_before():
    rules = load(PIG)
    simulation = Simulation(rules.program, 3, {}, GIVEN, 0, 6)
    run = runner.run(simulation, workers=1)
    summary = summarize(run, rules.title, {}, False)
    assert summary.by_bot is None and "by bot" not in report.render(summary)
    assert "by_bot" not in to_json(summary) and "rotate" not in to_json(summary)
    assert all("bot_yes" not in kind for kind in to_json(summary)["kinds"])
    assert all(k.bot_yes is None for k in summary.kinds)
    assert [r.winners for r in run.records] != [r.winners for r in rotated_run(6)[0].records]


def test_one_worker_or_two_give_the_same_rotated_report(tmp_path):
    outputs = []
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.json"
        result = cli_run("simulate", ROOT / PIG, "-n", 24, "--players", 3, "--bot", "P1=greedy",
                         "--rotate", "--workers", workers, "--json", path)
        assert result.exit_code == 0, result.output
        outputs.append((path.read_text(), result.output.split("\n24 games in")[0]))
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0][0])
    assert data["rotate"] is True
    assert [b["bot"] for b in data["by_bot"]] == ["greedy", "random"]
    assert [c["wins"]["total"] for c in data["by_bot"][1]["by_seat"]] == [16, 16, 16]


def test_the_docs_describe_the_by_bot_keys_of_the_json_file():
    docs = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    section = docs.split("## The JSON file")[1].split("\n## ")[0]
    data = to_json(rotated_run(3)[1])
    keys = {"rotate", "by_bot"} | {k for bot in data["by_bot"] for k in bot}
    keys |= {k for bot in data["by_bot"] for cell in bot["by_seat"] for k in cell}
    keys |= {k for kind in data["kinds"] for share in kind.get("bot_yes") or () for k in share}
    keys |= {k for kind in data["kinds"] for k in kind}
    missing = sorted(k for k in keys if f"`{k}`" not in section)
    assert not missing, missing


def test_the_replay_command_of_a_rotated_game_seats_its_bots_and_replays_it():
    run, _ = rotated_run(3, bots=("greedy", "random"))
    record = run.records[1]  # game 2: greedy has moved to P2
    hint = replay_hint(PIG, run.simulation, record.seed, run.simulation.bots_of(record.index))
    words = shlex.split(hint.removesuffix(" replays it"))
    assert "P1=random" in words and "P2=greedy" in words
    played = cli_run(*[str(ROOT / w) if w == PIG else w for w in words[1:]])
    assert played.exit_code == 0, played.output
    scores = record.scores
    assert f"scores P1 {scores[0]}, P2 {scores[1]}" in played.output, played.output


def test_the_command_printed_for_a_failing_rotated_game_gives_that_games_bots(tmp_path):
    """Only the second seat's heuristic fails: greedy given for P1 fails in game 2, at P2."""
    broken = tmp_path / "broken.rules"
    broken.write_text('game "Broken"\nplayers 2\nvar n: int = 0\nturn {\n'
                      '  choose k in 1..3 prompt "pick"\n  n += k\n  if n > 30 { end }\n}\n'
                      'heuristic p = if p == first(players) then n else 1 / (n - n)\n')
    result = cli_run("simulate", broken, "-n", 5, "--workers", 1, "--bot", "P1=greedy",
                     "--rotate")
    assert result.exit_code == 70, result.output
    found = re.search(r"in game 2 .*seed 1: (rulelang run .*) replays it\)", result.output)
    assert found, result.output
    words = shlex.split(found[1])
    assert "P1=random" in words and "P2=greedy" in words
    replayed = cli_run(*words[1:])
    assert replayed.exit_code == 70 and "division by zero" in replayed.output


def test_random_bots_rotated_play_the_same_games_on_the_lean_path():
    """Every seat random: rotating changes no seat's bot, so the lean path need not rotate."""
    rules = load(PIG)
    plain = runner.run(Simulation(rules.program, 3, {}, ("random",) * 3, 0, 20), workers=1)
    turned = runner.run(Simulation(rules.program, 3, {}, ("random",) * 3, 0, 20, rotate=True),
                        workers=1)
    assert plain.records == turned.records
    assert summarize(turned, "Pig", {}, False).by_bot is None


def test_rotate_is_refused_with_a_campaign():
    result = cli_run("simulate", ROOT / "games/yami.rules", "--campaign", "--rotate", "-n", 1)
    assert result.exit_code == 2 and "leave out --rotate" in result.output


def test_the_oracle_note_of_a_rotated_run_does_not_pin_the_oracle_to_its_seat():
    """"ORACLE: P2 played with every card face up" was false once P2's oracle moved on."""
    rules = load(PIG)
    simulation = Simulation(rules.program, 2, {}, ("random", "oracle"), 0, 2, rotate=True)
    summary = summarize(runner.run(simulation, workers=1), rules.title, {}, False)
    text = " ".join(report.render(summary).split())
    assert "ORACLE: the bot given for P2 (rotated round the seats) played with every card" in text
