"""A winner chosen by the rules' tiebreaks says so: the transcript's last line, the outcome
(and a save of it) and the simulation's figures (before, "P2 wins; scores P1 4, P2 4"
read as a mistake and nothing counted such wins)."""
from __future__ import annotations

import rulelang
from rulelang.play.simulation import Simulation, report, runner, summarize
from support.small_rules import MODULO, TIED


def finished(players=3, **options):
    game = rulelang.loads(TIED, "tied.rules").new_game(players=players, seed=1, options=options)
    assert game.is_over
    return game


def test_a_winner_by_the_first_tiebreak_is_said_with_its_values():
    game = finished(players=2, foods="[1, 3]")
    assert game.transcript().splitlines()[-1] == (
        "== game over: P2 wins on the tiebreak (foods[seat_index(p)]: P1 1, P2 3); "
        "scores P1 4, P2 4")
    assert game.outcome["tiebreak"] == "foods[seat_index(p)]: P1 1, P2 3"




def test_each_tiebreak_that_told_the_tied_apart_is_said_in_turn():
    """P3 is out at the first tiebreak; P1 and P2, tied on it too, are told apart by the
    second: both are said, each with the values of those still tied."""
    game = rulelang.loads(MODULO, "modulo.rules").new_game(
        players=3, seed=1, options={"foods": "[4, 7, 3]"})
    assert game.outcome["winners"] == [1]
    assert game.outcome["tiebreak"] == ("foods[seat_index(p)] % 3: P1 1, P2 1, P3 0; "
                                        "then woods[seat_index(p)] % 3: P1 1, P2 2")


def test_tiebreaks_that_leave_two_tied_make_them_both_win_on_the_tiebreak():
    one = rulelang.loads(MODULO.replace("tiebreak p = woods[seat_index(p)] % 3\n", ""),
                         "one.rules")
    game = one.new_game(players=3, seed=1, options={"foods": "[4, 7, 3]"})
    assert game.outcome["winners"] == [0, 1]
    assert game.transcript().splitlines()[-1] == (
        "== game over: P1 and P2 win on the tiebreak (foods[seat_index(p)] % 3: P1 1, P2 1, "
        "P3 0); scores P1 4, P2 4, P3 4")


def test_a_score_that_decides_or_a_draw_says_no_tiebreak():
    untied = rulelang.loads(TIED.replace("score p = 4", "score p = foods[seat_index(p)]"),
                            "untied.rules").new_game(players=2, seed=1)
    assert untied.outcome["winners"] == [0] and "tiebreak" not in untied.outcome
    assert "tiebreak" not in untied.transcript().splitlines()[-1]
    drawn = rulelang.loads(TIED.replace("tiebreak p = foods[seat_index(p)]\n", "").replace(
        "tiebreak p = woods[seat_index(p)]\n", "tiebreak p = 1\n"), "drawn.rules")
    outcome = drawn.new_game(players=2, seed=1).outcome
    assert outcome["result"] == "draw" and "tiebreak" not in outcome


def test_a_score_that_decides_reads_no_tiebreak_from_the_source(monkeypatch):
    """The tiebreaks' words are read from the rules' text only when a tiebreak tells the
    tied apart: a game its score decides (every playout's end, in most games) splits no
    source into lines."""
    import rulelang.language.errors as errors
    untied = rulelang.loads(TIED.replace("score p = 4", "score p = foods[seat_index(p)]"),
                            "untied.rules")

    def unread(*args):
        raise AssertionError("the tiebreaks' text was read")
    monkeypatch.setattr(errors, "span_text", unread)
    for rules in (untied, untied.lean()):
        game = rules.new_game(players=3, seed=1)
        assert game.outcome["winners"] == [0] and "tiebreak" not in game.outcome


def test_a_saved_game_keeps_how_the_tiebreak_decided():
    game = finished(players=2, foods="[1, 3]")
    again = rulelang.loads(TIED, "tied.rules").restore(game.save())
    assert again.outcome == game.outcome
    assert again.outcome_record.tiebreak == "foods[seat_index(p)]: P1 1, P2 3"
    assert "tiebreak" not in again.outcome_record.reports


def test_a_simulation_counts_the_wins_the_tiebreak_decided():
    program = rulelang.loads(TIED, "tied.rules").program
    run = runner.run(Simulation(program, 2, {}, ("random", "random"), 0, 4), workers=1)
    assert all(record.tiebreak for record in run.records)
    summary = summarize(run, "Tied", {}, False)
    assert summary.tiebreaks is not None and summary.tiebreaks.count == 4
    assert "  tiebreak    100.0%" in report.render(summary)


LEVEL = """game "Level"
players 2..3
option gold: list of int = [4, 4, 1]
tiebreak p = 10 / (index_of(players, p) - 2)
score p = gold[index_of(players, p)]
turn { end }
"""


def test_the_tiebreaks_are_read_only_for_the_players_level_on_the_best_score():
    """They were worked out for every player at every game's end (1.6% of a random Yokai
    Sketch game, whose scores alone decide): P3's tiebreak divides by zero, and P3 is not
    level with the best, so the game ends; where the score alone decides, none is read."""
    rules = rulelang.loads(LEVEL, "level.rules")
    for lean in (False, True):
        played = rules.lean() if lean else rules
        game = played.new_game(players=3, seed=1)
        assert game.outcome["winners"] == [0]  # -5 against -10: P1
        assert game.outcome["tiebreak"] == "10 / (index_of(players, p) - 2): P1 -5, P2 -10"
        alone = played.new_game(players=3, seed=1, options={"gold": "[5, 4, 1]"})
        assert alone.outcome["winners"] == [0] and "tiebreak" not in alone.outcome
