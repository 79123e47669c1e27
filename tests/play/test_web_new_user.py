"""The page as a new user reads it (issue 27): a long symbol on the board ("KaRoOn", a hint
naming three families) stays inside its cell instead of running over the next one."""
from __future__ import annotations

import random

import pytest

from support.web import host_with, live_server, token_of, until


@pytest.mark.slow
def test_every_symbol_on_the_board_stays_inside_its_cell(browser):
    host, table = host_with("games/yokai.rules", players=3, seed=4, options={"levels": "2+3"})
    game = table.game
    for _ in range(20):  # the first moves lay a three-family hint ("KaRoOn") on the table
        assert table.play(game.to_move, game.legal_moves()[0].notation, table.version) is None
    symbols = [c.get("symbol", "") for z in game.view(None)["zones"].values() for c in z["cards"]
               if c.get("cells")]
    assert any(len(s) >= 6 for s in symbols), symbols
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector("body[data-version]")
        page.wait_for_selector(".cell .sym")
        # (a hint lying on a card is a badge on it: it stays inside the cell too)
        sizes = page.evaluate("""[...document.querySelectorAll('.cell .sym, .cell .badge')]
            .map(s => ({text: s.textContent, sym: s.getBoundingClientRect().width,
                        cell: s.closest('.cell').getBoundingClientRect().width}))""")
    assert any(len(s["text"]) >= 6 for s in sizes)
    for size in sizes:
        assert size["sym"] <= size["cell"], size


@pytest.mark.slow
def test_a_card_s_tooltip_leaves_out_fields_with_no_value(browser):
    """Yami's cards said "by: none" in their tooltips (the seat that played a card, for a
    card nobody has played)."""
    host, table = host_with("games/yami.rules", players=2, seed=3)
    hand = table.game.view(table.game.players[0])["zones"]["hand[P1]"]["cards"]
    blank = {k for c in hand for k, v in c.items() if v is None}
    assert blank, hand  # the view has fields with no value
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector(".card[title]")
        titles = page.evaluate("[...document.querySelectorAll('.card[title]')].map(c => c.title)")
    assert titles
    for title in titles:
        assert not any(line.endswith(": none") for line in title.splitlines()), title
        assert not any(line.startswith(f"{k}: ") for k in blank for line in title.splitlines())


@pytest.mark.slow
def test_a_card_chosen_by_its_place_in_a_hidden_zone_is_named_in_words(browser):
    """Yōkai at level 4 offered buttons "hints#1" (the notation naming an unseen card by its
    place): the button says which card in words, and plays the notation."""
    host, table = host_with("games/yokai.rules", players=2, seed=0, options={"levels": [2, 4]})
    game = table.game
    rng = random.Random(0)
    while not any("#" in m.notation for m in game.legal_moves()):
        moves = [m.notation for m in game.legal_moves() if m.notation != "appeased"]
        assert table.play(game.to_move, rng.choice(moves), table.version) is None
    who = game.seat_name(game.to_move)
    placed = next(m.notation for m in game.legal_moves() if "#" in m.notation)
    zone, place = placed.split("#")
    label = game.view(who)["zones"][zone]["label"]
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, who)}")
        button = page.locator(f'button.move[data-move="{placed}"]')
        button.wait_for()
        ordinal = {"1": "1st", "2": "2nd", "3": "3rd"}[place]
        assert button.inner_text() == f"the {ordinal} card of {label}"
        assert "#" not in " ".join(page.locator("button.move").all_inner_texts())
        version = table.version
        button.click()
        until(page, lambda: table.version > version)  # (no wait_for_function: see until)
    assert placed in game.history


def _stacks(view, zone):
    """cell -> the cards on it in the zone's order (the top last)."""
    out: dict = {}
    for card in view["zones"][zone]["cards"]:
        for cell in card.get("cells") or ():
            out.setdefault(cell, []).append(card)
    return {cell: cards for cell, cards in out.items() if len(cards) > 1}


def _cells_drawn(page):
    return page.evaluate("""Object.fromEntries([...document.querySelectorAll('.cell.stacked')]
        .map(c => [c.dataset.cell, {sym: (c.querySelector(':scope > .sym') || {}).textContent,
                                    back: c.classList.contains('back'),
                                    badges: [...c.querySelectorAll('.badge')].map(b => b.classList
                                      .contains('back') ? null : b.textContent)}]))""")


@pytest.mark.slow
@pytest.mark.parametrize("levels,steps,over", [([1], 400, True), ([2, 4], 20, False)])
def test_a_card_on_a_cell_under_another_shows_both(browser, levels, steps, over):
    """Yōkai: a cell with a hint on a card drew only the hint (a one-family hint looked like
    a card looked at; a face-down hint like an unseen card, hiding the card known under it;
    and at the end the revealed cards could not be seen). A cell's bottom card is drawn,
    each card lying on it alone as a badge (a face-down one as a back)."""
    host, table = host_with("games/yokai.rules", players=2, seed=0, options={"levels": levels})
    game, rng = table.game, random.Random(1)
    for _ in range(steps):
        if game.is_over:
            break
        moves = [m.notation for m in game.legal_moves() if m.notation != "appeased"]
        moves = moves or [m.notation for m in game.legal_moves()]
        assert table.play(game.to_move, rng.choice(moves), table.version) is None
    assert game.is_over == over
    view = game.view("P1")
    stacks = _stacks(view, "table")
    assert stacks
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector(".cell.stacked")
        drawn = _cells_drawn(page)
    assert set(drawn) == set(stacks)
    for cell, cards in stacks.items():
        bottom, over = cards[0], cards[1:]
        assert drawn[cell]["back"] == bool(bottom.get("hidden")), cell
        assert drawn[cell]["sym"] == (None if bottom.get("hidden") else bottom.get("symbol")), cell
        assert drawn[cell]["badges"] == [None if c.get("hidden") else c.get("symbol") for c in over]
    if game.is_over:  # the end: every card is seen, each under its hint
        assert all(not cards[0].get("hidden") for cards in stacks.values())
    else:
        assert any(c.get("hidden") for cards in stacks.values() for c in cards[1:])


BADGES = '''game "Badges"
players 2
card Piece {
  word: text
  name "{word}"
  symbol word
  tint "red"
}
zone board: grid 3x3 of Piece, public
setup {
  create Piece(word: "S") in board at cell(0, 0)
  create Piece(word: "Crown") in board at cell(0, 0)
  create Piece(word: "S") in board at cell(1, 0)
  create Piece(word: "K") in board at cell(1, 0)
}
turn {
  choose n in [1, 2] prompt "pick"
  win current
}
'''


def test_a_long_badge_is_drawn_in_its_tint_as_a_short_one_is(browser, tmp_path):
    """A card lying on another is a badge; one whose symbol had more than four letters was
    drawn smaller, and grey whatever its tint."""
    path = tmp_path / "badges.rules"
    path.write_text(BADGES)
    host, table = host_with(str(path))
    with live_server(host) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/t/{token_of(table, 'P1')}")
        page.wait_for_selector(".cell .badge")
        badges = page.evaluate("""[...document.querySelectorAll('.cell .badge')].map(b =>
            [b.textContent, b.className, getComputedStyle(b).getPropertyValue('--tint').trim()])""")
    by_text = {text: (classes, tint) for text, classes, tint in badges}
    assert set(by_text) == {"Crown", "K"}
    assert "long" in by_text["Crown"][0]
    assert by_text["Crown"][1] == by_text["K"][1] != "#6b7280"
