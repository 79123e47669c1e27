"""Seats are a type of their own, from the language to the API: ``P1``, ``P2``... in the rules,
no arithmetic on them, no number for a seat (each refused with what to write instead), ``win``
only of players; ``Seat`` values (printing as P1, JSON as numbers) in to_move, outcomes and
views."""
from __future__ import annotations

import json

import pytest

import rulelang
from interpreter.runtime.values import Seat
from rulelang.language.errors import CheckError, RulesRuntimeError
from support import RULES


def rules(text: str, players: str = "2") -> rulelang.Rules:
    return rulelang.loads(f'game "T"\nplayers {players}\n' + text, "t.rules")


def first_error(text: str, players: str = "2"):
    with pytest.raises(CheckError) as caught:
        rules(text, players)
    return caught.value.diagnostics[0]


# ------------------------------------------------------------------ seat literals

SEATS = """
zone hand[player]: hand
var points[player]: int = 0
var chosen: seat = none
setup {
  points[P2] = 5
  chosen = P2
  current = P2
}
turn {
  choose n in [1, 2] by P2 prompt "n"
  points[P1] += n
  log "{P1} has {points[P1]}, {chosen} has {points[chosen]}, {[P1, P2]}, {next(P2)}"
  if n == 2 { win P1 }
  win [P1, P2]
}
"""


def test_seat_literals_are_the_games_seats():
    game = rules(SEATS).new_game(players=2, seed=0)
    assert str(game.to_move) == "P2" and game.to_move == 1
    game.play("2")
    assert "P1 has 2, P2 has 5, P1, P2, P1" in game.transcript()
    assert game.outcome["winners"] == [0] and str(game.outcome["winners"][0]) == "P1"


def test_a_list_of_seat_literals_names_several_winners():
    game = rules(SEATS, players="2..3").new_game(players=3, seed=0)
    game.play("1")
    assert [str(s) for s in game.outcome["winners"]] == ["P1", "P2"]


def test_a_seat_literal_matches_as_a_trigger_key_and_a_match_key():
    game = rules("""
zone hand[player]: hand
card C { n: int }
var seen: text = ""
on enter hand[P2] as c { seen = "P2 got {c.n}" }
setup {
  create C(n: 1) in hand[P1]
  create C(n: 2) in hand[P2]
}
turn {
  let rank = match current { P1: "first", P2: "second", _: "other" }
  log "{seen} {rank}"
  choose n in [1]
  end
}
""").new_game(players=2, seed=0)
    assert "P2 got 2 first" in game.transcript()


@pytest.mark.parametrize("written, message, hint, where", [
    ("P3", "there is no seat P3: these rules allow at most 2 players, seats P1 to P2",
     "to allow more players, write players 2..3 (a dummy seat is named by its own name)",
     (3, 28)),
    ("P0", "there is no seat P0: these rules allow at most 2 players, seats P1 to P2",
     "seats are numbered from P1", (3, 28)),
    ("P17", "there is no seat P17: these rules allow at most 2 players, seats P1 to P2",
     "a game has at most 16 players", (3, 28)),
])
def test_a_seat_past_the_most_players_the_rules_allow_is_a_check_error(written, message, hint,
                                                                       where):
    error = first_error(f"turn {{ choose n in [1] win {written} }}")
    assert (error.message, error.hint, (error.span.line, error.span.col)) == (message, hint, where)


def test_a_seat_the_rules_allow_but_the_game_has_not_is_an_error_naming_the_rule():
    ruleset = rules("rule crown() {\n  win P3\n}\nturn {\n  choose n in [1]\n  crown()\n}\n",
                    players="2..3")
    game = ruleset.new_game(players=2, seed=0)
    with pytest.raises(RulesRuntimeError) as caught:
        game.play("1")
    assert str(caught.value).startswith(
        "t.rules:4:3: error: in rule crown: there is no seat P3: this game has 2 players")
    three = ruleset.new_game(players=3, seed=0)
    three.play("1")
    assert three.outcome["winners"] == [2]


@pytest.mark.parametrize("declared", [
    "var P1: int = 0", "enum Side { P2, left }", "card C { P1: int }", "const P4 = 1"])
def test_no_other_name_may_be_called_like_a_seat(declared):
    error = first_error(declared + "\nturn { choose n in [1] win current }\n")
    assert error.message.endswith("is the name of a seat (P1, P2... are the players)")
    assert error.hint == "pick another name"
    assert error.span.line == 3


def test_a_local_named_like_a_seat_is_refused_where_it_is_read():
    error = first_error('turn {\n  let P1 = 3\n  log "{P1}"\n  win current\n}\n')
    assert (error.message, error.span.line, error.span.col) == (
        "'P1' is a seat: a local name cannot be called P1", 5, 9)


# ------------------------------------------------------------------ no numbers for seats

HEAD = "zone hand[player]: hand\nvar points: list of int = [0, 0]\n"

# Each case: the rules' turn body, then the message, the hint and where it points (line, col).
# Line 6 is the first line of the turn's body.
MISTAKES = {
    "a number as a key": ("  move top(hand[P2]) to hand[0]",
                          "this key of 'hand' should be a player, but this is a number",
                          "a seat is written P1, P2... (seats are not numbers): write P1", (6, 30)),
    "a number as current": ("  current = 1",
                            "this is a number, but the target holds a player",
                            "a seat is written P1, P2... (seats are not numbers): write P2",
                            (6, 13)),
    "a seat compared with a number": ("  if current == 0 { end }",
                                      "comparing a player with a number is always false",
                                      "a seat is written P1, P2... (seats are not numbers): "
                                      "compare with P1", (6, 6)),
    "a seat compared with a number not written": (
        "  let i = 1\n  if i == current { end }",
        "comparing a number with a player is always false",
        "a seat is not a number: compare index_of(players, current), its position from 0, "
        "or compare current with players[i]", (7, 6)),
    "a seat plus one": ("  current = current + 1",
                        "cannot use '+' on a player and a number",
                        "seats are not numbers: write next(current) for the seat after it",
                        (6, 13)),
    "a seat minus one": ("  current = current - 1",
                         "cannot use '-' on a player and a number",
                         "seats are not numbers: write previous(current) for the seat before it",
                         (6, 13)),
    "arithmetic on seats": ("  let d = current * 2",
                            "cannot use '*' on a player and a number",
                            "seats are not numbers: next(p) is the seat after p, previous(p) "
                            "the seat before it, index_of(players, p) its position from 0",
                            (6, 11)),
    "a seat added to in place": ("  current += 1",
                                 "'+=' works on numbers, text and lists, and this holds a player",
                                 "seats are not numbers: next(p) is the seat after p, previous(p) "
                                 "the seat before it, index_of(players, p) its position from 0",
                                 (6, 3)),
    "a seat as an index": ("  let x = points[current]",
                           "an index should be a number, but this is a player",
                           "a seat is not a number: index_of(players, current) is its position "
                           "from 0", (6, 18)),
    "a seat as a number argument": ("  let a = abs(current)",
                                    "argument 1 of abs() should be a number, but this is a player",
                                    "a seat is not a number: index_of(players, current) is its "
                                    "position from 0", (6, 15)),
    "a number as a seat argument": ("  let o = others(1)",
                                    "argument 1 of others() should be a player, but this is a "
                                    "number",
                                    "a seat is written P1, P2... (seats are not numbers): write P2",
                                    (6, 18)),
    "seats ordered": ("  if current < P2 { end }",
                      "cannot order a player and a player with '<'",
                      "seats have no order: index_of(players, p) is a seat's position from 0",
                      (6, 6)),
    "a seat among numbers": ("  if current in [0, 1] { end }",
                             "'in' looks for a player in a list of numbers: it is always false",
                             "a seat is written P1, P2... (seats are not numbers): write [P1, P2]",
                             (6, 6)),
    "a number for who chooses": ("  choose n in [1] by 1",
                                 "who chooses should be a player, but this is a number",
                                 "a seat is written P1, P2... (seats are not numbers): write P2",
                                 (6, 22)),
    "a number revealed to": ("  reveal cards(hand[P1]) to [0, 1]",
                             "reveal ... to takes a player or a list of players, not a list of "
                             "numbers",
                             "a seat is written P1, P2... (seats are not numbers): write [P1, P2]",
                             (6, 29)),
    "win of a number": ("  win 5",
                        "win takes a player or a list of players, not a number",
                        "a seat is written P1, P2 (seats are not numbers); players[i] is the "
                        "player at position i, from 0", (6, 7)),
    "win of numbers": ("  win [0, 7]",
                       "win takes a player or a list of players, not a list of numbers",
                       "a seat is written P1, P2 (seats are not numbers); players[i] is the "
                       "player at position i, from 0", (6, 7)),
    "win of a seat the rules do not have": ("  win [P1, P7]",
                                            "there is no seat P7: these rules allow at most 2 "
                                            "players, seats P1 to P2",
                                            "to allow more players, write players 2..7 (a dummy "
                                            "seat is named by its own name)", (6, 12)),
    "win of a text": ('  win "done"',
                      "win takes a player or a list of players, not text",
                      'to end the game with a reason write end "...": scores decide', (6, 7)),
}


@pytest.mark.parametrize("body, message, hint, where", MISTAKES.values(), ids=MISTAKES.keys())
def test_a_seat_used_as_a_number_or_a_number_as_a_seat_says_what_to_write(body, message, hint,
                                                                          where):
    error = first_error(HEAD + "turn {\n" + body + "\n  win current\n}\n")
    assert (error.message, error.hint, (error.span.line, error.span.col)) == (message, hint, where)


def test_a_cooperative_game_loses_as_a_team_not_a_number():
    error = first_error("cooperative\nturn {\n  lose 3\n}\n")
    assert (error.message, error.span.line, error.span.col, error.hint) == (
        "in a cooperative game 'lose' takes 'team', not a number", 5, 8,
        'write: lose team "the reason"')


# ------------------------------------------------------------------ win only of players

def test_win_of_a_dummy_or_of_none_stops_the_game_with_the_reason():
    ruleset = rules("dummy robot\nvar nobody: seat = none\nturn {\n  choose n in [1, 2]\n"
                    "  if n == 1 { win robot }\n  win nobody\n}\n")
    game = ruleset.new_game(players=2, seed=0)
    with pytest.raises(RulesRuntimeError) as caught:
        game.play("1")
    assert "in turn: win names robot, a dummy seat: only the players, P1, P2, can win" in \
        str(caught.value)
    game = ruleset.new_game(players=2, seed=0)
    with pytest.raises(RulesRuntimeError) as caught:
        game.play("2")
    assert "in turn: win names no player (the value is none)" in str(caught.value)


def test_the_same_winner_twice_is_one_winner():
    game = rules("turn {\n  choose n in [1]\n  win [P2, P2]\n}\n").new_game(players=2, seed=0)
    game.play("1")
    assert (game.outcome["winners"], game.outcome["result"]) == ([1], "win")


# ------------------------------------------------------------------ seats in the API

def test_the_api_gives_seats_that_print_as_their_names_and_equal_their_numbers():
    game = rules(SEATS).new_game(players=2, seed=0)
    assert type(game.to_move) is Seat and repr(game.to_move) == "P2"
    assert [type(s) for s in game.to_move_all] == [Seat] and game.to_move_all == [1]
    view = game.view("P2")
    for seat in (view["seat"], view["current"], view["to_move"], view["decision"]["seat"],
                 view["vars"]["chosen"]):
        assert type(seat) is Seat and str(seat) == "P2"
    assert all(type(s) is Seat for s in view["seats"])
    game.play("2")
    outcome = game.outcome
    assert repr(outcome["winners"]) == "[P1]"
    assert repr(outcome["scores"]) == "{P1: 0, P2: 0}"
    assert json.loads(json.dumps(outcome)) == {"scores": {"0": 0, "1": 0}, "winners": [0],
                                               "result": "win"}


def test_json_carries_seats_as_numbers_as_before():
    game = rules(SEATS).new_game(players=2, seed=0)
    text = json.dumps(game.view("P2"))
    view = json.loads(text)
    assert (view["seat"], view["current"], view["to_move"], view["decision"]["seat"]) == (1, 1, 1, 1)
    assert view["seats"] == {"0": "P1", "1": "P2"}


def test_a_restored_game_gives_seats_too():
    ruleset = rules(SEATS)
    game = ruleset.new_game(players=2, seed=0)
    again = ruleset.restore(game.save())
    assert type(again.to_move) is Seat and str(again.to_move) == "P2"
    game.play("2")
    over = ruleset.restore(game.save())
    assert repr(over.outcome["winners"]) == "[P1]"
    assert repr(over.outcome["scores"]) == "{P1: 0, P2: 0}"
    assert over.save() == game.save()


def test_a_campaigns_games_give_seats_in_their_outcomes():
    ruleset = rulelang.load(RULES / "league.rules")
    campaign = ruleset.new_campaign(players=2, seed=1)
    game = campaign.next_game(campaign.offers()[0])
    while not game.is_over:
        game.play(game.legal_moves()[0])
    again = ruleset.restore_campaign(campaign.save())
    assert again.save() == campaign.save()


def test_openspiel_is_given_plain_numbers_for_its_players():
    openspiel = pytest.importorskip("rulelang.adapters.openspiel")
    pytest.importorskip("pyspiel")
    game = openspiel.load_game("examples/nim.rules", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert type(state.current_player()) is int


def test_the_editor_knows_the_seats():
    pytest.importorskip("pygls")
    from rulelang.tools.language_server.document import analyse
    from rulelang.tools.language_server.server import _names
    text = 'game "T"\nplayers 2..3\nturn {\n  choose n in [1]\n  win P3\n}\n'
    analysis = analyse(text, None)
    assert analysis.diagnostics == []
    found = analysis.index.at(analysis.file, 5, 7)
    assert (found.definition.name, found.definition.type) == ("P3", "seat")
    labels = {item.label for item in _names(analysis, 4)}
    assert {"P1", "P2", "P3"} <= labels and "P4" not in labels
