"""What the terminal's screen shows, from a seat's view and the rules' display hints
(no terminal needed: the screen's lines are composed in memory). The screens at a real
terminal are in test_terminal.py."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import rulelang
from rulelang.play.cli import cli
from rulelang.play.cli.info import describe
from rulelang.play.save_files import write_save
from rulelang.play.terminal import panels, placing, screen
from support.small_rules import FLEET_CELLS, MARKS_MADE_IN_PLAY
from support.terminal import lands

RULES = '''
game "Marks"
players 2
enum Suit { red, blue }
card Mark {
  suit: Suit
  need: int
  var won_in: Suit = suit
  name "{suit} {need}"
  symbol "{need}+" means "the tile here must be that number or more"
  tint suit means if won_in == suit then "" else "won in {won_in}"
}
zone box: pile of Mark, layout "none"
zone pool: row of Mark, public, label "pool"
zone spare: pile of Mark, hidden
zone hand[player]: hand of Mark, label "hand"
zone board: grid 4 x 3 of Mark, label "board"
var secret: int = 7
var round: int = 1, label "round"
var pending: list of Mark = [], label "pending"
var score[player]: int = 0, label "points"
setup {
  create Mark(suit: red, need: 2) in pool
  move top(pool) to board at cell(0, 0)
  create Mark(suit: blue, need: 3) in box
  create Mark(suit: blue, need: 4) in pool
  move top(pool) to board at cell(1, 1)
  create Mark(suit: red, need: 5) in pool
  top(pool).won_in = blue
}
turn {
  choose c in [cell(2, 2), cell(3, 2)] prompt "pick a cell"
  end
}
'''


def screen_of(rules_text=RULES, width=80, height=24, seat=0):
    game = rulelang.loads(rules_text).new_game(players=2, seed=1)
    view = game.view(seat)
    parts = panels.build(view)
    lines = screen.compose(parts, view["log"], view["decision"]["moves"], width, height).lines
    return "\n".join(line.plain for line in lines), lines


def test_only_labelled_variables_are_shown_and_none_without_a_value():
    text, _ = screen_of()
    assert "round 1" in text                  # labelled
    assert "secret" not in text and "7" not in text.split("round")[0]  # unlabelled: not shown
    assert "pending" not in text              # labelled, but an empty list
    assert "points" in text.splitlines()[1]   # kept per player: a column of the players' table


def test_empty_zones_and_zones_laid_out_none_are_left_out():
    text, _ = screen_of()
    assert "spare" not in text                # empty
    assert "box" not in text and "blue 3" not in text   # layout "none"
    assert "hand" in text                     # kept per player: shown even when empty


def test_the_legend_groups_symbols_by_meaning_and_a_tint_meaning_is_said_beside_the_card():
    text, _ = screen_of()
    assert "2+ 4+ the tile here must be that number or more" in text
    assert "red 5 (won in blue)" in text      # the tint means something: said beside the name
    assert "blue 4 (" not in text             # an empty meaning says nothing
    assert "· empty cell" in text


def test_the_board_is_lettered_and_numbered_as_cells_are_named_in_moves():
    text, _ = screen_of()
    lines = text.splitlines()
    grid_top = next(i for i, line in enumerate(lines) if line.startswith("board"))
    assert lines[grid_top + 1].split()[:4] == ["A", "B", "C", "D"]
    assert lines[grid_top + 2].split()[:5] == ["1", "2+", "·", "·", "·"]
    assert lines[grid_top + 3].split()[:3] == ["2", "·", "4+"]


def test_the_screen_never_has_more_lines_than_the_terminal():
    for width, height in ((80, 24), (60, 12), (40, 8), (100, 40)):
        _, lines = screen_of(width=width, height=height)
        assert len(lines) <= height - 2   # the status line and the prompt come after
        assert all(len(line.plain) <= width for line in lines)


@pytest.mark.slow
def test_placements_are_found_by_any_cell_they_cover():
    assert placing.cells_typed("e3, F4") == ["E3", "F4"]
    assert placing.cells_typed("-a3 A1 b-2") == ["-A3", "A1", "B-2"]  # left of A, above row 1
    assert placing.cells_typed("(-1,2) A1") == ["-A3", "A1"]  # as older screens wrote them
    assert placing.cells_typed("E3 r90 f") is None   # a placement as written: no cells
    rules = rulelang.load("games/yami.rules")
    game = rules.new_game(players=3, seed=0)
    from interpreter.bots import make_bot
    bot = make_bot("random", 0)
    while not game.view(None)["decision"]["prompt"].startswith("place"):
        game.play(bot.choose(game))
    cells = game.view(game.to_move)["decision"]["cells"]
    covering = [m for m, covered in cells.items() if "E6" in covered]
    anchored = [m for m in cells if m.split()[0] == "E6"]
    assert set(anchored) < set(covering)   # more than the placements anchored there


# ---------------------------------------------------------------- the command line

def test_info_lists_players_seats_and_options_with_values_and_descriptions():
    result = CliRunner().invoke(cli, ["info", "games/yami.rules"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "players: 2 to 4, cooperative" in out
    assert "P1 to P4" in out and "automa: a seat with no player of its own" in out
    assert "when player_count == 2" in out
    assert ('mission = "1"   (text in ["1", "2", "A", "B", "C", "D", "K1", "K2", "K3", "K4", '
            '"22"])') in out
    assert "practice A (fog)" in out


def test_info_reads_options_from_the_rules_loaded_not_the_disk():
    # rules given as text have no file to read again: the values are the loaded sources'
    rules = rulelang.loads(
        'game "Options"\nplayers 2\noption rounds: int in [1, 3,\n  5] = 2 + 1 "how long"\n'
        'setup { }\nturn { end "over" }\n', name="options.rules")
    out = describe(rules, "options.rules")
    assert "rounds = 2 + 1   (int in [1, 3, 5])" in out, out


def test_info_gives_a_default_worked_out_from_the_player_count_for_each_count():
    rules = rulelang.loads(
        'game "Coins"\nplayers 3..5\noption coins: int in 1..40 = if player_count == 5 then 14 '
        'else 18 "coins each"\nsetup { }\nturn { end "over" }\n', name="coins.rules")
    out = describe(rules, "coins.rules")
    assert "by default 18 with 3 players, 18 with 4 players, 14 with 5 players" in out, out
    # the command it suggests runs as typed (it gave "--option coins=if player_count ...")
    assert "play it: rulelang run coins.rules --players 5 --option coins=14" in out, out
    nim = describe(rulelang.load("examples/nim.rules"), "examples/nim.rules")
    assert "--option pile_sizes=1+3+5+7" in nim and "by default" not in nim, nim


def test_info_gives_each_default_as_the_rulebook_and_the_option_line_write_it():
    """info's defaults are rulebook.options_of's: a yes-or-no option reads true or false, as
    declared (info wrote "yes" after --option, the rulebook "true"); a list joined with +."""
    from rulelang.tools.rulebook import options_of
    rules = rulelang.loads(
        'game "Pass"\nplayers 3..4\noption passing: bool = player_count == 4 "pass first"\n'
        'option piles: list of int = [1, 2]\nsetup { }\nturn { end "over" }\n',
        name="pass.rules")
    out = describe(rules, "pass.rules")
    assert "by default false with 3 players, true with 4 players" in out, out
    assert "play it: rulelang run pass.rules --players 4 --option passing=true" in out, out
    game = rules.new_game(players=4)
    assert options_of(game) == {"passing": "true", "piles": "1+2"}


def test_info_and_the_lobby_give_a_list_default_as_the_option_line_takes_it():
    """info wrote Yōkai's ``levels = [1]`` (as the rules write a list) and the lobby
    ``[1, 3, 5, 7]``, where --option takes ``levels=1`` and ``pile_sizes=1+3+5+7``."""
    from rulelang.play.web.lobby import describe_options
    out = describe(rulelang.load("games/yokai.rules"), "games/yokai.rules")
    assert "    levels = 1   (list of int in 1..5)" in out, out
    nim = rulelang.load("examples/nim.rules")
    assert "    pile_sizes = 1+3+5+7   (list of int in 0..99)" in describe(nim, "nim.rules")
    assert describe_options(nim)[0]["default"] == "1+3+5+7"


def test_a_default_the_rules_work_out_outside_its_allowed_values_is_said_at_the_default():
    rules = rulelang.loads(
        'game "Coins"\nplayers 3..5\noption removed: int in 0..5 = match player_count '
        '{ 3: 6, _: 0 } "cards removed"\nsetup { }\nturn { end "over" }\n', name="coins.rules")
    rules.new_game(players=4)
    with pytest.raises(rulelang.RulesError) as raised:
        rules.new_game(players=3)
    assert raised.value.render().splitlines() == [
        "coins.rules:3:31: error: option removed's default is 6 with 3 players, not one of its "
        "allowed values (0 to 5)",
        "    option removed: int in 0..5 = match player_count { 3: 6, _: 0 } \"cards removed\"",
        "                                  " + "^" * 33,
        "  hint: make the default one of them, or allow it too"]
    with pytest.raises(rulelang.RulesError, match=r"option removed=9 is not allowed \(choose "
                                                  r"from 0 to 5\)"):
        rules.new_game(players=4, options={"removed": 9})


def test_run_file_help_describes_the_game():
    result = CliRunner().invoke(cli, ["run", "examples/oh_hell.rules", "--help"])
    assert result.exit_code == 0, result.output
    assert "--option NAME=VALUE" in result.output
    assert "tricks = 5   (int in 1..17)" in result.output
    assert "cards dealt to each player" in result.output
    assert "players: 3 to 5" in result.output


def test_loading_another_games_save_says_so_once(tmp_path):
    save = tmp_path / "nim.json"
    write_save(save, rulelang.load("examples/nim.rules").new_game(players=2, seed=1).save())
    before = save.read_bytes()
    result = CliRunner().invoke(cli, ["run", "games/yokai_sketch.rules", "--load", str(save)])
    assert result.exit_code == 65
    assert result.output.count("error") == 1, result.output
    assert f"error: {save}: this save is from other rules ('Nim')" in result.output
    assert save.read_bytes() == before  # untouched




@pytest.mark.parametrize("grid", ["5x5", "9x9"])
@pytest.mark.parametrize("width, height", [(79, 24), (79, 30), (119, 24), (79, 40), (39, 24),
                                           (59, 16)])
def test_a_screen_with_several_grids_taller_than_the_terminal_is_drawn_not_a_traceback(
        grid, width, height):
    from rulelang.play.terminal.log_screen import decision_screen
    game = rulelang.loads(lands(grid)).new_game(players=3, seed=1)
    view = game.view(0)
    lines = decision_screen(view, panels.build(view), view["decision"]["moves"], width,
                            height).lines
    assert len(lines) <= height - 2
    assert all(len(line.plain) <= width for line in lines)


def test_each_grid_is_drawn_once_a_screen_however_many_arrangements_are_tried(monkeypatch):
    """decision_screen tries three logs, compose several ways of arranging the grids and of
    fitting the rest: every try takes the grids as drawn once (they were drawn again each
    time), and the screen is the same."""
    from rulelang.play.terminal import grid
    from rulelang.play.terminal.log_screen import decision_screen
    game = rulelang.loads(lands("9x9")).new_game(players=3, seed=1)
    view = game.view(2)
    parts = panels.build(view)
    before = [line.plain for line in decision_screen(view, parts, [], 79, 24).lines]
    drawn = []
    grid_lines = grid.grid_lines

    def counted(*args, **kwargs):
        drawn.append(args[0])
        return grid_lines(*args, **kwargs)
    monkeypatch.setattr(grid, "grid_lines", counted)
    after = [line.plain for line in decision_screen(view, parts, [], 79, 24).lines]
    assert after == before and "not drawn: land P2 (type 'grids')" in "\n".join(after)
    assert len(drawn) == len(parts.grids) == 3
    drawn.clear()
    screen.compose(parts, view["log"], [], 79, 24)
    assert len(drawn) == 3


def test_grids_that_do_not_fit_one_under_another_stand_side_by_side():
    game = rulelang.loads(lands("5x5")).new_game(players=3, seed=1)
    view = game.view(0)
    lines = screen.compose(panels.build(view), view["log"], view["decision"]["moves"], 79,
                           24).lines
    text = "\n".join(line.plain for line in lines)
    assert "more than fits" not in text
    assert "land P1             land P2" in text  # two to a row: the three fit so
    assert "land P3" in text and "P1 (you)  tile # x2" in text
    tall = screen.compose(panels.build(view), view["log"], view["decision"]["moves"], 79, 40)
    assert "land P2" in tall.lines[8].plain  # with room enough, one under another


def test_grids_that_do_not_fit_even_side_by_side_are_fewer_the_seats_own_kept():
    game = rulelang.loads(lands("9x9")).new_game(players=3, seed=1)
    view = game.view(2)  # P3's grid is the last: it is drawn all the same
    parts = panels.build(view)
    text = "\n".join(line.plain for line in screen.compose(parts, view["log"], [], 79, 24).lines)
    assert "land P1                         land P3" in text
    assert "not drawn: land P2 (type 'grids')" in text and "more than fits" not in text
    final = screen.compose(parts, view["log"], [], 79, 24, asking=False)  # no prompt follows
    assert "not drawn: land P2" in "\n".join(line.plain for line in final.lines)
    assert "type 'grids'" not in "\n".join(line.plain for line in final.lines)
    every = [line.plain for line in screen.every_grid(parts)]  # what 'grids' pages
    assert len(every) == 33 and every[::11] == ["land P1", "land P2", "land P3"]


def test_a_board_of_cards_the_rules_make_in_play_is_drawn_before_the_first():
    """A grid whose kind of card no card is yet, but a rule will make (shots fired at a
    board), is drawn empty; a zone of a kind the rules never make is still left out."""
    text, _ = screen_of(MARKS_MADE_IN_PLAY)
    assert "marks" in text and "relics" not in text
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("marks"))
    assert lines[top + 1].split() == ["A", "B", "C"]


def test_a_list_of_lists_reads_each_inner_list_as_one_item():
    """A ship's cells in a list of ships: 'A1, B1 and C1, D4 and D5 and J9' read as one
    list; each inner list of several is in brackets."""
    text, _ = screen_of(FLEET_CELLS)
    assert "fleet (A1, B1 and C1), (D4 and D5) and J9" in " ".join(text.split())


def test_a_variable_kept_per_two_keys_is_a_table_rows_by_the_first_columns_by_the_second():
    """`var pos[player, 2..12]` read as one long line of "P1,2 0  P1,3 0 ..." pairs, wrapped
    over three lines of an 80-column screen: it is a table, a row a seat, a column a key."""
    rules = '''
game "Columns"
players 2
var pos[player, 2..6]: int = 0, label "progress"
setup { pos[P2, 4] = 3 }
turn {
  choose n in 1..2 prompt "pick"
  end
}
'''
    text, _ = screen_of(rules)
    assert "P1,2" not in text
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split() == ["2", "3", "4", "5", "6"])
    assert lines[head - 1].strip() == "progress"
    assert lines[head + 1].split() == ["P1", "0", "0", "0", "0", "0"]
    assert lines[head + 2].split() == ["P2", "0", "0", "3", "0", "0"]


def test_a_variable_kept_per_many_keys_of_one_is_a_table_a_column_a_key():
    """`var temp[2..12]` read "this turn 2 0  3 0  4 0 ...": keys and values in one run of
    numbers. With 4 to 16 keys it is a row of values under its keys; fewer stay a line."""
    rules = '''
game "Columns"
players 2
var temp[2..7]: int = 0, label "this turn"
var few[1..3]: int = 0, label "few"
setup { temp[4] = 3 }
turn {
  choose n in 1..2 prompt "pick"
  end
}
'''
    text, _ = screen_of(rules)
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.split() == ["2", "3", "4", "5", "6", "7"])
    assert lines[head - 1].strip() == "this turn"
    assert lines[head + 1].split() == ["0", "0", "3", "0", "0", "0"]
    assert any(line.split() == ["few", "1", "0", "2", "0", "3", "0"] for line in lines), text


def test_info_says_when_an_option_applies_only_under_a_condition():
    """Yōkai's Objective applies only at level 5: info listed it as any other option, and a
    class gave it without level 5."""
    out = describe(rulelang.load("games/yokai.rules"), "games/yokai.rules")
    objective = out[out.index("    objective = "):].splitlines()
    assert objective[2] == "        applies only if 5 in levels", objective[:3]


SYMBOLS = '''game "Spirits"
players 2
enum Family { Kitsune, Oni }
card Spirit {
  family: Family
  name "{family}"
  symbol if family == Kitsune then "Ki" else "On"
}
card Sign {
  families: list of Family
  name join(families, "/")
  symbol join([if f == Kitsune then "Ki" else "On" for f in families], "")
}
zone board: grid 3 x 1 of Spirit, public
zone signs: grid 3 x 1 of Sign, public
setup {
  create Spirit(family: Kitsune) in board at "A1"
  create Spirit(family: Oni) in board at "C1"
  create Sign(families: [Kitsune, Oni]) in signs at "B1"
}
turn { choose n in ["a", "b"] prompt "pick"  win current }
'''


def test_a_symbol_the_rules_give_no_meaning_is_named_in_the_legend():
    """Yōkai's grid showed "Ki", "Ka" and "On" and its legend said only what '·' and '?'
    are: the card each symbol stands for is said ("Ki Kitsune")."""
    game = rulelang.loads(SYMBOLS, "spirits.rules").new_game(players=2, seed=1)
    said = [entry.plain for entry in panels.build(game.view(0)).legend]
    assert said[:2] == ["Ki Kitsune", "On Oni"], said
    assert not any("Kitsune/Oni" in entry for entry in said), said  # KiOn: read from them


def test_a_board_grown_above_row_1_keeps_its_letters_and_numbers():
    """A Yōkai card moved to F1: the row above it is (5,-1), and every label of the board
    turned to a coordinate from 0 (F1 drawn at column 5, row 0) while the moves still said
    F1. Now only the columns and rows past A and 1 read as coordinates, as on the page."""
    from rulelang.play.terminal import grid
    zone = {"cards": []}
    layers = grid.Layers()
    layers.own[(5, 0)] = [{"name": "Oni", "symbol": "On"}]
    lines = [line.plain for line in grid.grid_lines(zone, layers)]
    assert lines[0].split() == ["E", "F", "G"]
    assert [line.split()[0] for line in lines[1:]] == ["-1", "1", "2"]
    assert lines[2].split()[1:] == ["·", "On", "·"]  # F1 at column F, row 1


def test_a_card_of_a_grid_laid_over_another_is_drawn_with_the_card_it_lies_on():
    """A follower on a tile (its grid laid out `over` the tiles'): the cell showed "[P1]",
    the tile under it gone from the screen (which road it stood on?), where the page shows
    both. Now the tile's symbol, then the follower's, as the legend says."""
    from rulelang.play.terminal import grid
    layers = grid.Layers()
    layers.own[(0, 0)] = [{"name": "crossroads", "symbol": "+"}]
    layers.own[(1, 0)] = [{"name": "curve", "symbol": "7"}]
    layers.over[(0, 0)] = {"name": "P1 follower", "symbol": "P1"}
    lines = [line.plain for line in grid.grid_lines({"cards": [], "width": 2, "height": 1},
                                                    layers)]
    assert lines[1].split() == ["1", "+:P1", "7"]
    said = [e.plain for e in panels.legend([panels.GridPart("table", {"cards": []}, layers)])]
    assert "X:Y Y lies on X" in said and "[ ] cards lie under it" not in said, said


def test_the_legend_says_how_a_cell_past_a_or_1_is_named_when_the_board_shows_one():
    """The cell above F1 is F-1 in the moves (it was (5,-1)): the legend says how to read it."""
    from rulelang.play.terminal import grid
    layers = grid.Layers()
    layers.own[(5, 1)] = [{"name": "Oni", "symbol": "On"}]
    said = [e.plain for e in panels.legend([panels.GridPart("table", {"cards": []}, layers)])]
    assert not any(e.startswith("-A") for e in said), said  # rows 1 to 3: no minus
    layers.own[(5, 0)] = [{"name": "Oni", "symbol": "On"}]
    said = [e.plain for e in panels.legend([panels.GridPart("table", {"cards": []}, layers)])]
    assert "-A -B... the columns left of A, -1 -2... the rows above row 1" in said, said


SUPPLY = '''
game "Supply"
players 4
enum Pile { copper, silver, gold, estate, duchy, province, village, smithy, market, lab,
            chapel, militia, festival, moat, cellar, cutter }
card Card { pile: Pile  name "{pile}" }
zone supply[Pile]: pile of Card, public, label "Supply"
zone hand[player]: hand of Card, label "hand"
zone played[player]: row of Card, public, label "in play"
setup {
  for k in Pile { create Card(pile: k) x 10 in supply[k] }
  for k in [village, smithy, market, lab, chapel, militia, festival, copper] {
    move top(supply[k]) to hand[P1]
  }
  for k in [copper, silver, gold, village, lab, market] { move top(supply[k]) to played[P1] }
}
turn {
  choose k in Pile prompt "buy a card"
  end
}
'''


def test_a_tall_table_of_piles_stands_in_blocks_side_by_side_and_the_seats_hand_stays_whole():
    game = rulelang.loads(SUPPLY).new_game(players=4, seed=1)
    view = game.view(0)
    lines = screen.compose(panels.build(view), view["log"], view["decision"]["moves"], 80,
                           24).lines
    text = "\n".join(line.plain for line in lines)
    assert "more than fits" not in text and "+" not in text  # nothing left out, no "+5 more"
    assert "village, smithy, market, lab," in text  # the seat's own hand, every card named
    assert "copper, silver, gold, village," in text  # and what it has played
    assert any(line.plain.startswith("copper") and "market" in line.plain for line in lines)
    tall = screen.compose(panels.build(view), view["log"], view["decision"]["moves"], 80, 60)
    assert not any(line.plain.startswith("copper") and "market" in line.plain
                   for line in tall.lines)  # with room enough, one pile a line


def test_piles_names_a_pile_kept_per_key_by_its_key_and_says_cards_alike_in_a_row_once():
    from rulelang.play.terminal.cards import pile_lines
    rules = SUPPLY.replace("zone played[player]: row of Card, public, label \"in play\"",
                           "zone discard[player]: pile of Card, public, label \"discard\"")
    rules = rules.replace("move top(supply[k]) to played[P1]", "move top(supply[k]) to discard[P2]")
    game = rulelang.loads(rules).new_game(players=4, seed=1)
    lines = [line.plain for line in pile_lines(game.view(0))]
    assert "Supply copper, top first: copper x8" in lines  # not "Supply", nor eight coppers
    assert "Supply gold, top first: gold x9" in lines
    assert "discard P2, top first: market, lab, village, gold, silver, copper" in lines


def test_short_of_room_the_seats_own_hand_stays_whole_when_other_cells_are_shortened():
    """Cards with a note ("village (costs 3)") make a supply too wide for blocks side by side:
    the cells are shortened, but not the seat's own ("8 of them" said nothing of its hand);
    the screen's end gives way instead."""
    rules = SUPPLY.replace('name "{pile}" }', 'name "{pile}"  note "costs 3" }')
    game = rulelang.loads(rules).new_game(players=4, seed=1)
    view = game.view(0)
    text = "\n".join(line.plain for line in screen.compose(
        panels.build(view), view["log"], view["decision"]["moves"], 80, 24).lines)
    assert "of them" not in text and "more than fits" in text
    for name in ("village", "smithy", "market", "lab", "chapel", "militia", "festival"):
        assert f"{name} (costs 3)" in text[:text.index("  Supply")]  # the players' table


def test_cards_alike_in_a_row_of_a_hand_or_row_are_said_once_with_how_many():
    from rulelang.play.terminal.cards import zone_text
    copper, village = {"name": "copper", "kind": "Card"}, {"name": "village", "kind": "Card"}
    hidden = {"hidden": True, "kind": "Card"}
    row = {"kind": "row", "cards": [village] * 4 + [copper] * 3 + [village]}
    assert zone_text(row).plain == "village x4, copper x3, village"  # in order, runs only
    assert zone_text({"kind": "hand", "cards": [copper, village]}).plain == "copper, village"
    assert zone_text({"kind": "hand", "cards": [hidden] * 5}).plain == "5 face down"


def test_a_move_that_is_a_card_shows_the_cards_note_in_the_menu():
    """A card's note (what the rules say beside it, its cost) is in the menu too: a player
    buying from a market sees what each card costs where they choose it."""
    rules = '''
game "Market"
players 2
card Good { title: text  cost: int  name "{title}"  note "costs {cost}" }
zone market: row of Good, public
setup {
  create Good(title: "village", cost: 3) in market
  create Good(title: "smithy", cost: 4) in market
}
turn {
  choose g in market prompt "buy"
  end
}
'''
    game = rulelang.loads(rules).new_game(players=2, seed=1)
    view = game.view(0)
    lines = screen.compose(panels.build(view), view["log"], view["decision"]["moves"], 80,
                           24).lines
    menu = next(line.plain for line in lines if "1." in line.plain)
    assert "1. village (costs 3)" in menu and "2. smithy (costs 4)" in menu


def test_a_grid_of_cards_with_edges_draws_each_cell_three_lines_tall():
    """Tiles whose edges must match their neighbours' (the `edges` hint): each edge on its
    side of the tile's symbol, a face-down card and an empty cell as on any grid, an edge
    too long for the cell cut (never the symbol); a grid with no such card is unchanged."""
    from rulelang.play.terminal import edged, grid
    layers = grid.Layers()
    layers.own[(0, 0)] = [{"name": "straight", "symbol": "=", "edges": ["r", "f", "r", "f"]}]
    layers.own[(1, 0)] = [{"name": "bend", "symbol": "L", "edges": ["f", "r", "r", "f"]}]
    zone = {"cards": [], "width": 2, "height": 1}
    assert [line.plain for line in edged.lines(zone, layers)] == [
        "    A     B", "    r     f", "1 f = f f L r", "    r     r"]
    layers.own[(0, 1)] = [{"hidden": True, "kind": "Tile"}]
    layers.own[(1, 1)] = [{"name": "wide", "symbol": "CC",
                           "edges": ["city", "castle", "road", "meadowland"]}]
    drawn = [line.plain for line in edged.lines({"cards": []}, layers)]
    row = drawn.index(next(line for line in drawn if line.startswith(" 2")))
    assert drawn[row].split()[:3] == ["2", "·", "?"]  # face down: no edges to show
    assert "CC" in drawn[row] and "mea" in drawn[row] and "meadowland" not in drawn[row]
    assert drawn[row - 1].strip() == "city" and drawn[row + 1].strip() == "road"
    plain = grid.Layers()
    plain.own[(0, 0)] = [{"name": "stone", "symbol": "o"}]
    assert [t.plain for t in edged.lines(zone, plain)] == [
        t.plain for t in grid.grid_lines(zone, plain)]


def test_a_card_with_edges_is_listed_with_them_after_its_name():
    from rulelang.play.terminal.cards import card_text
    card = {"name": "bend", "kind": "Tile", "edges": ["r", "r", "f", "f"], "tint_means": "new"}
    assert card_text(card).plain == "bend ↑r →r ↓f ←f (new)"
    assert card_text({"hidden": True, "kind": "Tile"}).plain == "?"


def test_an_edge_text_with_a_newline_keeps_the_screen_s_rows():
    """A rules file can put a newline or a tab in an edge's text: each edge is drawn on its
    own line of the cell and in a list, the white space as one space; and edges are measured
    in the screen's columns (a wide character takes two), so a grid's columns line up."""
    from rulelang.play.terminal import edged, grid
    from rulelang.play.terminal.cards import card_text
    tile = {"name": "odd", "kind": "Tile", "symbol": "=", "edges": ["a\nb", "c\td", "e", "f"]}
    layers = grid.Layers()
    layers.own[(0, 0)] = [tile]
    drawn = [line.plain for line in edged.lines({"cards": [], "width": 1, "height": 1}, layers)]
    assert len(drawn) == 4 and not any("\n" in line or "\t" in line for line in drawn)
    assert drawn[1].strip() == "a b"
    assert card_text(tile).plain == "odd ↑a b →c d ↓e ←f"
    wide = {"name": "wide", "kind": "Tile", "symbol": "=", "edges": ["日本", "a", "b", "c"]}
    layers.own[(0, 0)] = [wide]  # a wide character takes two columns of the screen
    drawn = [line.plain for line in edged.lines({"cards": [], "width": 1, "height": 1}, layers)]
    assert drawn[1:3] == ["  日本", "1 c = a"]


def test_a_move_is_listed_with_what_the_rules_show_beside_it():
    """`choose ... shown TEXT`: the menu and a line naming one move say what it gives."""
    moves = ["0", "2", "pass"]
    shown = {"0": "↑c →f", "2": "↑f\n→c"}  # (a newline in a rules text: one line)
    assert [line.plain for line in screen.menu_lines(moves, 80, {}, 5, shown)] == [
        "0 (↑c →f)   2 (↑f →c)   pass"]
    assert screen.with_shown({"shown": shown}, "2") == "2 (↑f →c)"
    assert screen.with_shown({"moves": moves}, "pass") == "pass"


def test_a_menu_lines_its_columns_up_in_screen_columns_with_wide_texts():
    """The menu measured its items by characters: a shown text of wide characters (🪙 takes
    two columns) pushed the next column right on some rows and not on others."""
    from rich.cells import cell_len
    lines = screen.menu_lines(["1", "2", "3", "4"], 40, {}, 10,
                              {"1": "🪙", "2": "🪙🪙", "3": "a", "4": "bb"})
    assert lines is not None and len(lines) == 2
    starts = {cell_len(line.plain[:line.plain.index(second)])
              for line, second in zip(lines, ("3 (", "4 ("))}
    assert len(starts) == 1, [line.plain for line in lines]
