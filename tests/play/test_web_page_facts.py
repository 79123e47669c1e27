"""The page's facts and log as a new user reads them: piles, boards the rules fill in play,
lists of lists, variables kept per two keys, a transcript without a decision said twice."""
from __future__ import annotations

import pytest

from support.small_rules import FACE_UP_PILE, FLEET_CELLS, MARKS_MADE_IN_PLAY
from support.web import HAS_CHROMIUM, NO_CHROMIUM, host_with, live_server, open_page, token_of

if not HAS_CHROMIUM:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)


def test_a_face_up_pile_names_every_card_it_shows_not_only_its_top(browser, tmp_path):
    """A pile is drawn as its top card; a face-up discard is public whole, so its title
    (what a pointer resting on it shows) names every card, top first; a hidden deck's
    says only how many."""
    rules = tmp_path / "floods.rules"
    rules.write_text(FACE_UP_PILE, encoding="utf-8")
    host, table = host_with(str(rules), kinds={"P2": "first"})
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        titles = page.locator(".pile").evaluate_all("(piles) => piles.map((p) => p.title)")
        assert "discard: 3 cards, top first: flood 4, flood 5, flood 6" in titles, titles
        assert "deck: 3 cards" in titles, titles
        assert page.errors == [], page.errors


def test_a_board_of_cards_the_rules_make_in_play_is_drawn_before_the_first(browser, tmp_path):
    """A grid whose kind of card no card is yet, but a rule will make (shots fired at a
    board), is drawn with its cells marked as moves; a kind the rules never make is not."""
    rules = tmp_path / "marks.rules"
    rules.write_text(MARKS_MADE_IN_PLAY, encoding="utf-8")
    host, table = host_with(str(rules), kinds={"P2": "first"})
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        assert page.locator('#board [data-zone="marks"] .cell.target').count() == 6
        assert page.locator('#board [data-zone="relics"]').count() == 0
        assert page.errors == [], page.errors


def test_a_list_of_lists_reads_each_inner_list_as_one_item(browser, tmp_path):
    rules = tmp_path / "fleet.rules"
    rules.write_text(FLEET_CELLS, encoding="utf-8")
    host, table = host_with(str(rules), kinds={"P2": "first"})
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        assert "(A1, B1 and C1), (D4 and D5) and J9" in page.locator("#facts").inner_text()
        assert page.errors == [], page.errors


def test_a_variable_kept_per_two_keys_is_a_table_not_a_line_of_pairs(browser):
    """`var pos[player, 2..6]` read "P1,2 0, P1,3 0, ..." on the page: a row per seat, a
    column per number."""
    host, table = host_with("tests/rules/two_keys.rules", players=2, seed=0)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        shown = page.locator("#facts table.twokeys")
        assert shown.count() == 1
        assert shown.locator("thead th").all_inner_texts() == ["", "2", "3", "4", "5", "6"]
        rows = [[cell.strip() for cell in row.locator("th, td").all_inner_texts()]
                for row in shown.locator("tbody tr").all()]
        assert rows == [["P1", "0", "0", "0", "0", "0"], ["P2", "0", "0", "3", "0", "0"]]
        assert "P1,2" not in page.locator("#facts").inner_text()
        assert page.errors == []


ONE_KEY = '''game "Heat"
players 2
var temp[2..6]: int = 0, label "temperature"
var few[1..3]: int = 0, label "few"
setup { temp[4] = 3 }
turn {
  choose n in 1..2 prompt "pick"
  end
}
score p = 0
'''


def test_a_variable_kept_per_four_to_sixteen_keys_is_a_table_as_at_the_terminal(
        browser, tmp_path):
    """`var temp[2..6]` read "2 0, 3 0, 4 3, ..." on the page, one run of numbers, where the
    terminal draws a column a key (ONE_KEY_TABLE); three keys stay a line, as there."""
    rules = tmp_path / "heat.rules"
    rules.write_text(ONE_KEY, encoding="utf-8")
    host, table = host_with(str(rules), kinds={"P2": "first"})
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        shown = page.locator("#facts table.onekey")
        assert shown.count() == 1
        assert shown.locator("thead th").all_inner_texts() == ["2", "3", "4", "5", "6"]
        assert shown.locator("tbody td").all_inner_texts() == ["0", "0", "3", "0", "0"]
        assert "4 3" not in page.locator("#facts").inner_text()
        assert page.locator("#facts table").count() == 1  # "few", three keys: a line
        assert page.errors == [], page.errors


def test_a_decision_the_rules_next_line_says_better_is_left_out_of_the_transcript(browser):
    """Yōkai's page said each look twice, "P1 observe a card, or declare the Yokai appeased:
    E5" then "P1 observes E5: Kappa", as the terminal does not: the first is left out."""
    host, table = host_with("games/yokai.rules", players=2, seed=3)
    game = table.game
    mover = game.seat_name(game.to_move)
    first = game.legal_moves()[0].notation
    assert table.play(game.to_move, first, table.version) is None
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, mover)}")
        shown = page.locator("#loglines li:visible").all_inner_texts()
    said = " | ".join(shown)
    assert f"{mover} observes {first}: " in said, said
    assert f": {first}" not in said.replace(f"{mover} observes {first}: ", ""), said


SUPPLY = """
game "Supply"
players 2
enum Pile { copper, silver, gold, estate, duchy, province, village, smithy, market, lab,
            chapel, militia, festival, moat, cellar, cutter }
card Card { pile: Pile  name "{pile}" }
zone supply[Pile]: pile of Card, public, label "Supply"
zone hand[player]: hand of Card, label "hand"
setup {
  for k in Pile { create Card(pile: k) x 10 in supply[k] }
  move top(supply[village]) to hand[P1]
}
turn {
  choose k in Pile prompt "buy a card"
  end
}
"""


def test_a_table_of_many_piles_lays_them_side_by_side_not_one_a_row(browser, tmp_path):
    """A family of sixteen piles (a deck-builder's supply) is cells side by side, as many to a
    line as the page holds: the seat's own hand is not pushed a screen below it."""
    rules = tmp_path / "supply.rules"
    rules.write_text(SUPPLY, encoding="utf-8")
    host, table = host_with(str(rules), kinds={"P2": "first"})
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        piles = page.locator("#board .zone.table .pile")
        assert piles.count() == 16
        tops = {round(box["y"]) for box in piles.evaluate_all(
            "(piles) => piles.map((p) => p.getBoundingClientRect().toJSON())")}
        assert len(tops) <= 4, tops  # sixteen piles in four lines or fewer, at 1280 wide
        assert page.locator("#board .zone.table .rowkey").first.inner_text() == "copper"
        assert page.errors == [], page.errors


MARKET = """
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
"""


def test_a_move_that_is_a_card_says_the_cards_note_on_its_button(browser, tmp_path):
    """A buyer sees what each card costs on the buttons they choose by, as at the terminal."""
    rules = tmp_path / "market.rules"
    rules.write_text(MARKET, encoding="utf-8")
    host, table = host_with(str(rules), kinds={"P2": "first"})
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        labels = page.locator("button.move").all_inner_texts()
        assert labels == ["village (costs 3)", "smithy (costs 4)"], labels
        assert page.errors == [], page.errors
