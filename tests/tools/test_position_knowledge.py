"""Positions that state everything a real game can reach (issue 29): cards face up or
face down, the cards a seat has looked at, and the phase to start in (mid-round); a wrong
position's error points at its line, with carets and what to write."""
from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.language.errors import RulesError
from rulelang.play.cli import cli
from rulelang.tools.scenarios import load_suite
from support import ROOT, load

YOKAI = "games/yokai.rules"
SQUARE = [(f'Yokai("{family}")', f"{column}{row}")
          for row, family in zip("5678", ["Kitsune", "Kappa", "Rokurokubi", "Oni"])
          for column in "EFGH"]


def yokai(**more):
    given = dict(players=2, current="P1", zones={"table": SQUARE, "hints": ["Kappa/Oni"],
                                                 "hint_pile": ["Kitsune"]})
    given.update(more)
    return load(YOKAI).position(**given)


def hint_moves(game):
    for move in ["E5", "F5", "E5", "D6"]:  # look, look, move: then the hint action
        game.play(move)
    return [str(m) for m in game.legal_moves()]


# ------------------------------------------------------------------ face up, face down, seen

def test_a_hint_turned_up_is_face_up_and_offered_by_what_it_says():
    game = yokai(face_up=["hints"])
    view = game.view("P2")["zones"]["hints"]["cards"]
    assert view[0]["name"] == "Kappa/Oni"
    assert hint_moves(game) == ["Kappa/Oni", "draw"]


def test_without_face_up_the_hidden_row_keeps_it_face_down():
    game = yokai()  # the row is hidden: a position alone cannot know it was turned up
    assert game.view("P2")["zones"]["hints"]["cards"][0] == {"hidden": True, "kind": "Hint"}
    assert hint_moves(game) == ["hints#1", "draw"]


def test_a_seat_has_seen_cards_named_by_place_and_keeps_knowing_them():
    game = yokai(seen={"P2": ["table@G5", "table@H8"]})
    cards = {c.get("name") for c in game.view("P2")["zones"]["table"]["cards"]}
    assert cards == {None, "Kitsune", "Oni"}  # G5 a Kitsune, H8 an Oni; the rest unknown
    assert all("name" not in c for c in game.view("P1")["zones"]["table"]["cards"])
    game.play("G5")
    game.play("F5")
    game.play("G5")
    game.play("D6")  # P1 moves the card P2 saw: P2 still knows it where it went
    assert "name" in next(c for c in game.view("P2")["zones"]["table"]["cards"]
                          if c.get("cells") == ["D6"])


def test_face_down_and_a_card_by_name_or_a_pile_place():
    rules = load("examples/oh_hell.rules")
    game = rules.position(players=3, fix={"dealer": "P1"}, face_up=["deck#1"],
                          seen={"P2": ["hand[P3]#2"]})
    deck = game.view("P1")["zones"]["deck"]["cards"]
    assert "name" in deck[-1] and all("name" not in c for c in deck[:-1])  # its top only
    assert "name" in game.view("P2")["zones"]["hand[P3]"]["cards"][1]
    assert "name" not in game.view("P1")["zones"]["hand[P3]"]["cards"][1]
    with pytest.raises(RulesError, match="lies in turned, which shows it to everyone: it "
                                         "cannot be face down there"):
        rules.position(players=3, face_down=["turned"])


@pytest.mark.parametrize("given, message", [
    (dict(face_up=["Kitsune"]), r"5 cards are named 'Kitsune'"),
    (dict(face_up=["table#1"]), r"table is a grid: name a card by its cell"),
    (dict(face_up=["table@A1"]), r"no card lies at A1 on table"),
    (dict(face_up=["hint_pile#4"]), r"hint_pile holds 1 cards: 'hint_pile#4' names none"),
    (dict(seen={"P3": ["hints"]}), r"'P3' is not a seat of this game \(P1, P2\)"),
    (dict(face_up=["Kitsnue"]), r"no card named 'Kitsnue' lies in a zone \(did you mean"),
])
def test_a_line_naming_no_card_is_refused_with_the_reason(given, message):
    with pytest.raises(RulesError, match=message) as error:
        yokai(**given)
    assert error.value.part  # which line of a scenario it is


# ------------------------------------------------------------------ the phase (mid-round)

def test_a_phase_starts_mid_round_and_the_rules_go_on_from_there():
    rules = load("examples/oh_hell.rules")
    game = rules.position(players=3, options={"tricks": 2}, fix={"dealer": "P1"},
                          phase="play_trick", phase_call=2, current="P2",
                          zones={"hand[P1]": ["5C"], "hand[P2]": ["KS"], "hand[P3]": ["3H"]},
                          vars={"bid": {"P1": 1, "P2": 1, "P3": 0},
                                "taken": {"P1": 0, "P2": 1, "P3": 0}})
    assert game.transcript().splitlines()[1:] == ["trick 2: P2 leads"]  # the rule, from its start
    assert [str(m) for m in game.legal_moves()] == ["KS"]
    for move in ["KS", "3H", "5C"]:
        game.play(move)
    assert game.is_over  # the second trick was the last: no new bidding, no new deal
    assert game.outcome["tricks taken"] == {"P1": 0, "P2": 1, "P3": 1}


def test_without_a_phase_the_play_block_starts_again_from_the_top():
    game = load("examples/oh_hell.rules").position(players=3, options={"tricks": 2},
                                                   fix={"dealer": "P1"})
    assert game.view(None)["decision"]["prompt"] == "bid"


def test_a_phase_rule_runs_again_on_what_the_position_states():
    """hint_action works out the hints ready from the position, not from the game the
    first moves played up to it."""
    game = yokai(phase="hint_action", zones={"table": SQUARE, "hints": ["Kappa/Oni"],
                                             "hint_pile": []}, face_up=["hints"])
    assert [str(m) for m in game.legal_moves()] == ["Kappa/Oni"]


@pytest.mark.parametrize("phase, call, message", [
    ("hint_acton", 1, r"the phase 'hint_acton' is no rule of these rules \(did you mean "
                      r"'hint_action'\?\); a phase is a rule that asks one"),
    ("draw_hint", 1, r"the rule 'draw_hint' never asks a decision"),
    ("hint_action", 0, r"counted from 1, not 0"),
])
def test_a_wrong_phase_is_refused(phase, call, message):
    with pytest.raises(RulesError, match=message):
        yokai(phase=phase, phase_call=call)


def test_a_phase_the_game_never_reaches_is_refused():
    with pytest.raises(RulesError, match=r"never reaches a decision in run 9 of play_trick: "
                                         r"it ended after play_trick ran 2 time"):
        load("examples/oh_hell.rules").position(players=3, options={"tricks": 2},
                                                phase="play_trick", phase_call=9)



RUNS_WITHOUT_ASKING = """\
game "Quiet"
players 2
var taken: int = 0
rule take(p: player) {
  taken += 1
  if taken > 99 { choose n in 1..2 by p prompt "how many" }
}
turn {
  choose n in 1..2 prompt "go"
  take(current)
  if taken >= 3 { win current }
}
"""


def test_a_phase_whose_rule_runs_but_never_asks_says_how_often_it_ran(tmp_path):
    # (it said: it ended after take ran 0 time(s), counting only the runs that asked)
    (tmp_path / "quiet.rules").write_text(RUNS_WITHOUT_ASKING, encoding="utf-8")
    with pytest.raises(RulesError, match=r"never reaches a decision in take: it ended after "
                                         r"take ran 3 time\(s\), none of them reaching a "
                                         r"decision .*counts only the runs of take that reach"):
        rulelang.load(tmp_path / "quiet.rules").position(players=2, phase="take")

# ------------------------------------------------------------------ in a scenario file

WRONG = """\
scenario "a seat that is not in the game" {
  position {
    current = P1
    P3 has seen "table@E5"
  }
}

scenario "a place off the pile" {
  position {
    hint_pile = ["Kitsune"]
    face up "hint_pile#3"
  }
}

scenario "a misspelt phase" {
  position {
    phase hint_acton
  }
}

scenario "face down in the open" {
  option levels = [5]
  position {
    face down objective_card
  }
}

scenario "a zone named twice" {
  position {
    hints = []
    hints += ["Kappa"]
  }
}
"""


def test_a_wrong_position_points_at_its_line_with_carets_and_what_to_write(tmp_path, monkeypatch):
    shutil.copy(ROOT / YOKAI, tmp_path / "yokai.rules")
    (tmp_path / "yokai.scenarios").write_text(WRONG, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the file as the command shows it: yokai.scenarios
    result = CliRunner().invoke(cli, ["test", "yokai.rules"])
    assert result.exit_code == 1
    blocks = result.output.split("FAIL  ")[1:]
    assert blocks[0].splitlines()[1:] == [
        '      yokai.scenarios:4:5: P3 has seen "table@E5"',
        "                           ^^",
        "      the scenario cannot start: P3 has seen: 'P3' is not a seat of this game (P1, P2)",
        "      hint: name a seat of this game: P1 has seen ...",
    ]
    assert blocks[1].splitlines()[1:] == [
        '      yokai.scenarios:11:13: face up "hint_pile#3"',
        "                                     ^^^^^^^^^^^^^",
        "      the scenario cannot start: hint_pile holds 1 cards: 'hint_pile#3' names none of "
        "them (#1 is the top)",
    ]
    assert blocks[2].splitlines()[1:3] == [
        "      yokai.scenarios:17:5: phase hint_acton",
        "                            ^^^^^^^^^^^^^^^^",
    ]
    assert "did you mean 'hint_action'?" in blocks[2]
    assert "it cannot be face down there" in blocks[3]
    assert "hint: put it in a hidden zone, or leave out this face down line" in blocks[3]
    assert blocks[4].splitlines()[1:3] == [
        "      yokai.scenarios:31:5: hints += [\"Kappa\"]",
        "                            ^^^^^^^^^^^^^^^^^^",
    ]
    assert "hint: state each zone once" in blocks[4]


@pytest.mark.parametrize("line, message", [
    ("face sideways hints", "unexpected name 'sideways'"),
    ("P1 has seen 3 + 4", "this names no card"),
    ("phase hint_action 0", "a phase's run is counted from 1, not 0"),
])
def test_a_malformed_position_line_is_a_parse_error_at_it(tmp_path, line, message):
    (tmp_path / "yokai.rules").write_text((ROOT / YOKAI).read_text(encoding="utf-8"),
                                          encoding="utf-8")
    (tmp_path / "yokai.scenarios").write_text(
        f'scenario "x" {{\n  position {{\n    {line}\n  }}\n}}\n', encoding="utf-8")
    with pytest.raises(RulesError) as error:
        load_suite(tmp_path / "yokai.rules")
    assert ":3:" in str(error.value) and message in str(error.value)
    assert "^" in str(error.value)


# ------------------------------------------------------------------ Yōkai's scenarios catch a broken rule

@pytest.mark.slow
@pytest.mark.parametrize("old, new, failing", [
    ("    reveal h\n", "", "a hint drawn comes out face up"),
    ("fn well_placed(h) = unseen or", "fn well_placed(h) = not unseen and", "level 4"),
    ("  if empty(hint_pile) and empty(hints) {    # YK-18",
     "  if false {    # YK-18", "level 1: laying the last hint ends the game at once"),
    ("  reveal card to current\n", "  reveal card\n", "the rulebook's example"),
])
def test_a_broken_yokai_rule_fails_its_scenario(tmp_path, old, new, failing):
    text = (ROOT / YOKAI).read_text(encoding="utf-8")
    assert text.count(old) == 1
    (tmp_path / "yokai.rules").write_text(text.replace(old, new), encoding="utf-8")
    shutil.copy(ROOT / "games" / "yokai.scenarios", tmp_path / "yokai.scenarios")
    result = CliRunner().invoke(cli, ["test", str(tmp_path / "yokai.rules")])
    assert result.exit_code == 1
    assert f"FAIL  {failing}" in result.output
