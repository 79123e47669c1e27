"""The page in a real browser: Debian's Chromium, headless, driven by Playwright.

Two people play a whole game of Yokai Sketch through their own pages (clicking cards and
move buttons, as a person would); a Yami placement is previewed on the board before it is
confirmed; the page fits a phone's width. With RULELANG_SCREENSHOTS=1, screenshots are
kept in tests/artefacts/web/ (not committed) for a person to look at.
"""
from __future__ import annotations

import asyncio
import json
import random
import shutil

import pytest

from support import ROOT
from support.web import (
    ARTEFACTS,
    DESKTOP,
    HAS_CHROMIUM,
    MIDDLE,
    NO_CHROMIUM,
    SCREENSHOTS,
    host_with,
    live_server,
    oh_hell_with_a_card_refused,
    open_page,
    played,
    press,
    token_of,
    until,
    wait_for_version,
)

PHONE = {"width": 390, "height": 844}

if not HAS_CHROMIUM:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)

# (the browser: the fixture in tests/play/conftest.py)


def shot(page, name):
    """The whole page; on a phone also the screen as its holder sees it (when asked:
    RULELANG_SCREENSHOTS=1)."""
    if not SCREENSHOTS:
        return
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)
    if page.viewport_size["width"] == PHONE["width"]:
        page.screenshot(path=str(ARTEFACTS / f"{name}-screen.png"))


def drawn_parts(page) -> list[str]:
    """The parts of the page redrawn in place on each move (the rest is drawn anew)."""
    return page.evaluate("""() => ["whoami", "board", "players", "facts", "legend"]
        .map(id => document.getElementById(id).outerHTML)""")


def fits_width(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")



# What the page offers the player to click: the cards that are moves, the moves' buttons.
OFFER = """() => ({cards: document.querySelectorAll(".card.target").length,
                  moves: [...document.querySelectorAll("button.move")].map(b => b.dataset.move)})"""


@pytest.mark.slow
def test_two_people_play_a_whole_game_of_yokai_sketch_through_their_pages(browser):
    host, table = host_with(seed=2024)
    game = table.game
    rng = random.Random(16)
    # Clicks are pressed (see press): each is made once the page has drawn the version it
    # acts on (waited for), with no motion (reduced_motion), so Playwright's wait for the
    # element to stand still over animation frames (most of a click's time) can only pass.
    # The mouse still presses the element's middle, as a person would.
    with live_server(host) as base:
        pages = {who: open_page(browser, f"{base}/t/{token_of(table, who)}") for who in ("P1", "P2")}
        shot(pages[game.seat_name(game.to_move)], "yokai-1-start")
        by_card = 0
        drawn = {}  # the version each page was last seen to have drawn
        while not game.is_over:
            who = game.seat_name(game.to_move)
            page, other = pages[who], pages["P2" if who == "P1" else "P1"]
            version = table.version
            if drawn.get(who) != version:  # (when this page played the last move, it has)
                wait_for_version(page, version)
            drawn[who] = version + 1  # once the move is played, below
            if version % 10 == 0:
                wait_for_version(other, version)
                assert other.locator("button.move, .card.target").count() == 0  # not their turn
            only = json.loads(table.message(game.to_move)).get("only")
            if only and only["openly"]:  # the page plays it, as the terminal does
                chosen = game.legal_moves()[0].notation
                wait_for_version(page, version + 1)
                assert game.history[-1] == chosen
                continue
            offer = page.evaluate(OFFER)
            if offer["cards"] and rng.random() < 0.5:
                press(page, ".card.target", rng.randrange(offer["cards"]))
                chosen = page.locator(".confirm .what strong").get_attribute("data-move")
                press(page, ".confirm button.go")
                by_card += 1
            else:
                index = rng.randrange(len(offer["moves"]))
                chosen = offer["moves"][index]
                press(page, "button.move", index)
            played(page, version, force=True)
            assert game.history[-1] == chosen
            if len(game.history) == 24:  # a look at every page (those watching open now)
                watch = open_page(browser, f"{base}/t/{token_of(table, 'spectator')}")
                phone = open_page(browser, f"{base}/t/{token_of(table, 'P2')}", PHONE)
                for name, shown in (*pages.items(), ("spectator", watch), ("P2-phone", phone)):
                    wait_for_version(shown, table.version)
                    shot(shown, f"yokai-2-middle-{name}")
                assert watch.locator(".card.back").count() > 0
                assert watch.locator(".yourmove, button.move").count() == 0
                assert fits_width(phone)
                # a page redrawn move after move shows what a page opened now draws
                assert drawn_parts(pages["P2"]) == drawn_parts(phone)
                watch.close()
                phone.close()
        end = game.transcript().rstrip().splitlines()[-1].removeprefix("== game over: ")
        pages["spectator"] = open_page(browser, f"{base}/t/{token_of(table, 'spectator')}")
        phone = pages["P2-phone"] = open_page(browser, f"{base}/t/{token_of(table, 'P2')}", PHONE)
        for name, page in pages.items():
            wait_for_version(page, table.version)
            banner = page.locator("#outcome")
            shown = " ".join(banner.inner_text().replace(" why?", "").split())
            assert end.split(";")[0] in shown
            for report in set(game.outcome) - {"scores", "winners", "result", "reason",
                                               "tiebreak"}:  # (results, not reports)
                assert f"{report}: " in shown, report
            shot(page, f"yokai-3-end-{name}")
            assert page.errors == [], page.errors
        assert fits_width(phone)
        assert drawn_parts(pages["P2"]) == drawn_parts(phone)
    assert by_card >= 5 and len(game.history) > 30


@pytest.mark.slow
def test_a_placement_is_previewed_on_the_board_then_confirmed(browser):
    host, table = host_with("games/yami.rules", players=2, seed=3)
    game = table.game
    while "cells" not in game.view(game.to_move).get("decision", {}):
        assert table.play(game.to_move, game.legal_moves()[0].notation, table.version) is None
    who = game.seat_name(game.to_move)
    cells = game.view(who)["decision"]["cells"]
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, who)}")
        phone = open_page(browser, f"{base}/t/{token_of(table, who)}", PHONE)
        version = table.version
        targets = page.locator(".cell.target")
        assert targets.count() == len({c for covered in cells.values() for c in covered})
        # the help says the count is of all the ways (not those "here") and reads a way out
        hint = page.locator(".hint.placing").inner_text()
        assert hint.startswith(f"{len(cells)} ways in all to place it. Tap a marked cell"), hint
        example = page.locator(".hint.placing code").inner_text()
        at, turn, *flip = example.split()
        assert f"{example} is at {at}, turned {turn[1:]}°" + (", flipped" if flip else "") in hint
        target = targets.nth(targets.count() // 2)
        target.click()
        first = page.locator(".confirm .what strong").inner_text()
        assert f"(at {first.split()[0]}, turned " in page.locator(".confirm .what").inner_text()
        assert page.locator(".cell.preview").count() == len(cells[first])
        assert target.get_attribute("data-cell") in cells[first]
        target.click()  # the same cell again: the next way to place there
        chosen = page.locator(".confirm .what strong").inner_text()
        assert page.locator(".cell.preview").count() == len(cells[chosen])
        assert table.version == version  # nothing is played before it is confirmed
        shot(page, "yami-1-preview")
        phone.locator(f'.cell[data-cell="{target.get_attribute("data-cell")}"]').click()
        shot(phone, "yami-1-preview-phone")
        assert fits_width(phone)
        page.locator(".confirm button.go").click()
        played(page, version)
        assert game.history[-1] == chosen
        shot(page, "yami-2-placed")
        assert page.errors == [] and phone.errors == []


@pytest.mark.slow
def test_the_lobby_opens_a_table_whose_links_work(browser, tmp_path):
    from rulelang.play.web.host import Host
    from rulelang.play.web.lobby import RulesFolder
    for path in ("games/yami.rules", "games/yokai_sketch.rules", "examples/nim.rules"):
        (tmp_path / path.split("/")[1]).write_text((ROOT / path).read_text())
    shutil.copytree(ROOT / "games" / "yami", tmp_path / "yami")  # the campaign Yami imports
    host = Host(folder=RulesFolder(tmp_path))
    with live_server(host) as base:
        page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
        page.goto(f"{base}/lobby/{host.lobby()}")
        yami = page.locator("form.rulesfile", has_text="yami.rules")
        yami.locator("select[name='option:mission']").select_option("2")
        yami.locator("select[name='seat:P2']").select_option("random")
        shot(page, "lobby-1")
        yami.locator("button.go").click()
        links = page.locator("#opened ul.links a")
        links.first.wait_for()
        assert links.count() == 2  # P1 and the spectator: P2 is a bot
        shot(page, "lobby-2-opened")
        table = next(iter(host.tables.values()))
        assert table.kinds == {0: "human", 1: "random"} and table.game.options["mission"] == "2"
        player = open_page(browser, base + links.first.get_attribute("href"))
        assert player.locator("#title").inner_text() == "Yami"
        assert page.locator("#mine details").count() == 1  # remembered in this browser


# ---------------------------------------------------------------- teaching (issue 27)

@pytest.mark.slow
def test_the_rules_panel_and_why_on_a_log_line_and_on_a_refusal(browser):
    host, table = host_with("games/yami.rules", players=2, seed=3)
    game = table.game
    while "cells" not in game.view(game.to_move).get("decision", {}):
        table.play(game.to_move, game.legal_moves()[0].notation, table.version)
    who = game.seat_name(game.to_move)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, who)}")
        page.locator("#rules-open").click()
        book = page.locator("#rulestext .rulebook")
        book.wait_for()
        text = book.inner_text().lower()  # headings are drawn in capitals
        for part in ("Yami", "The moon is rising", "Placing the tile", "YA-19",
                     "Where the cards are once the game is set up", "Options in force"):
            assert part.lower() in text, part
        # a table the rules explain stands just after its explanation
        assert text.index("each tile as it lies face up") < text.index("###/###/#..") \
            < text.index("mission 1 is played on the forest side")
        shot(page, "teach-1-rules")
        page.locator("#rules-close").click()
        assert page.locator("#rulesbox").is_hidden()
        line = page.locator("#loglines li", has_text="round 1").first
        line.locator(".whybutton").click()
        why = line.locator(".why")
        why.wait_for()
        assert "A round" in why.inner_text() and "YA-16" in why.inner_text()
        assert "yami.rules line" in why.inner_text()
        shot(page, "teach-2-why")
        page.locator(".typed input").fill("purpel 7")  # a placement's moves are typed too
        page.locator(".typed button.go").click()
        refusal = page.locator(".refusal")
        refusal.wait_for()
        assert "'purpel 7' is not a move now" in refusal.inner_text()
        refusal.locator(".whybutton").click()
        refusal.locator(".why").wait_for()
        assert "Placing the tile" in refusal.inner_text() and "choose spot" in refusal.inner_text()
        shot(page, "teach-3-refused")
        assert page.errors == [], page.errors


@pytest.mark.slow
def test_a_forced_move_others_cannot_know_is_forced_waits_for_a_tap(browser):
    """Yami: a forced follow played by itself at once told the other seat the player held one
    card of that colour. It waits for a tap, and the page says why it is the only choice."""
    host, table = host_with("games/yami.rules", players=2, seed=3)
    game, rng = table.game, random.Random(3)
    while len(game.legal_moves()) != 1:
        moves = game.legal_moves()
        assert table.play(game.to_move, moves[rng.randrange(len(moves))].notation,
                          table.version) is None
    mover, move = game.seat_name(game.to_move), game.legal_moves()[0].notation
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, mover)}", clock_paused=True)
        hint = page.locator("p.hint.only")
        hint.wait_for()
        assert f"Only one choice: {move} ({mover} must follow " in hint.inner_text()
        version = table.version
        page.clock.run_for(3000)
        assert table.version == version  # not played by itself
        page.locator(f'button.move[data-move="{move}"]').click()
        until(page, lambda: table.version > version)
    assert game.history[-1] == move


@pytest.mark.slow
def test_a_move_that_ends_the_game_is_warned_of_before_it_is_played(browser):
    """(A forced single option before it is played for the player, as at the terminal.)"""
    host, table = host_with("examples/nim.rules", seed=5,
                            options={"pile_sizes": "3", "is_misere": "no"})
    game = table.game
    while not (sum(game.view(None)["vars"]["stones"].values()) <= 3
               and game.view(None)["decision"]["prompt"] == "take from pile"):
        game.play(game.legal_moves()[0])
    mover = game.seat_name(game.to_move)
    left = str(sum(game.view(None)["vars"]["stones"].values()))
    with live_server(host) as base:
        # the page's clock waits: the hint it shows before playing the only choice is read
        # however loaded the machine (it is gone once the move is played)
        page = open_page(browser, f"{base}/t/{token_of(table, mover)}", clock_paused=True)
        # one pile: nothing to decide; taken for the player, as at the terminal, and said
        version = table.version
        page.locator("p.hint", has_text="Only one choice").wait_for()
        page.clock.run_for(1000)  # the pause left to read the hint
        until(page, lambda: table.version > version)  # played with no click
        page.locator("button.move", has_text=left).first.wait_for()
        page.clock.run_for(500)  # the moment a page answering its own move takes no taps
        version = table.version
        page.locator("button.move", has_text=left).first.click()
        warning = page.locator(".confirm.warning")
        warning.wait_for()
        page.clock.run_for(500)
        assert f"ends the game: {mover} wins" in warning.inner_text()
        assert table.version == version  # nothing played yet
        shot(page, "teach-4-warning")
        warning.locator("button.cancel").click()
        assert page.locator(".confirm.warning").count() == 0 and table.version == version
        page.locator("button.move", has_text=left).first.click()
        page.locator(".confirm.warning").wait_for()
        page.clock.run_for(500)
        page.locator(".confirm.warning button.go").click()
        wait_for_version(page, version + 1)
        assert game.is_over
        again = page.locator(".againbutton")
        again.click()
        until(page, lambda: token_of(table, mover) not in page.url)
        page.wait_for_selector("body[data-version]")
        assert len(host.tables) == 2 and page.errors == [], page.errors


@pytest.mark.slow
def test_a_move_clicked_while_reconnecting_is_played_once_the_connection_is_back(browser):
    """The socket is dropped (Playwright stands between page and server) and kept down; a
    move clicked then is said to wait, and is played when the page is connected again."""
    import re
    host, table = host_with("examples/nim.rules", seed=5)
    game = table.game
    mover = game.seat_name(game.to_move)
    sockets, down = [], [False]

    def route(ws):
        if down[0]:
            ws.close()  # the server cannot be reached: the page tries again later
            return
        ws.connect_to_server()  # messages pass both ways as they are
        sockets.append(ws)

    with live_server(host) as base:
        page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.route_web_socket(re.compile(r".*/ws$"), route)
        page.goto(f"{base}/t/{token_of(table, mover)}")
        page.wait_for_selector("body[data-version]")
        version = table.version
        down[0] = True
        sockets[-1].close()
        until(page, lambda: "reconnecting" in page.locator("#status").inner_text())
        button = page.locator("button.move").first
        chosen = button.inner_text()
        button.click()
        assert "is played as soon as the connection is back" in page.locator("#toast").inner_text()
        assert table.version == version  # nothing played while the page is cut off
        down[0] = False
        wait_for_version(page, version + 1)
        until(page, lambda: table.version > version)
        assert game.history[-1] == chosen
        assert errors == [], errors


async def _answer():
    await asyncio.sleep(0)
    return 42


def test_a_test_run_while_chromium_is_open_can_run_an_event_loop(_chromium):
    """Chromium stays open for the process's later browser tests, and Playwright marks its
    loop as the thread's running one: a test of sockets that runs between two browser tests
    (asyncio.run) must not see it (tests/play/conftest.py)."""
    assert asyncio.run(_answer()) == 42




def test_a_private_choice_is_said_to_be_private_and_shown_hidden_to_the_other_page(browser):
    host, table = host_with("tests/rules/hide_and_guess.rules", players=2, seed=0)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        assert page.locator(".hint", has_text="Only you will see your answer.").count() == 1
        other = open_page(browser, f"{base}/t/{token_of(table, 'P2')}")
        assert other.locator(".hint", has_text="Only you will see your answer.").count() == 0
        version = table.version
        page.locator("button.move", has_text="2").click()
        played(page, version)  # the seat's chip, then the line
        assert page.locator("#loglines li", has_text="hide a stone: 2").count() == 1
        wait_for_version(other, version + 1)
        assert other.locator("#loglines li", has_text="hide a stone: (hidden)").count() == 1
        assert other.locator("#loglines li", has_text="hide a stone: 2").count() == 0
        assert page.errors == [] and other.errors == []


def test_a_seat_that_has_answered_a_simultaneous_choice_is_shown_as_chosen_not_what(browser):
    host, table = host_with("examples/goofspiel.rules", players=2, seed=0)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        other = open_page(browser, f"{base}/t/{token_of(table, 'P2')}")
        page.locator("button.move", has_text="13").click()
        page.locator("#decision .answered", has_text="P1 has chosen.").wait_for()
        assert page.locator("button.move").count() == 0  # its moves are offered no more
        other.locator("#decision .answered", has_text="P1 has chosen.").wait_for()
        assert other.locator("#decision .answered").inner_text() == "P1 has chosen."  # not what
        assert other.locator(".seat .tag.chosen").inner_text() == "has chosen"
        assert other.locator("button.move").count() == 13  # P2 still bids, on the same page
        other.locator("button.move", has_text="1").first.click()
        wait_for_version(other, 2)
        assert table.game.history == ["13", "1"]
        assert page.errors == [] and other.errors == []


@pytest.mark.parametrize("gap", [150, 300])
def test_a_double_tap_plays_one_move_not_the_next_decision_drawn_under_it(browser, gap):
    """Yokai Sketch asks for a sketch, then its colour, on the same spot of the page: the
    second tap of a double tap lands on the colour's buttons and is not taken for a choice."""
    host, table = host_with(seed=7)
    game = table.game
    while game.view(None)["decision"]["prompt"] != "play a sketch":
        game.play(game.legal_moves()[0])
    who = game.seat_name(game.to_move)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, who)}")
        version = table.version
        x, y = page.evaluate(MIDDLE, ["button.move", 0])
        page.mouse.click(x, y)
        page.wait_for_timeout(gap)
        page.mouse.click(x, y)
        wait_for_version(page, version + 1)
        page.wait_for_timeout(600)
        assert table.version == version + 1  # the sketch alone
        assert page.locator("#decision .prompt").inner_text().startswith("YOUR MOVE colour for")
        press(page, "button.move")  # a tap once the page takes taps again is a choice
        wait_for_version(page, version + 2)
        assert page.errors == [], page.errors


ROW_NUMBERS = """
game "Row numbers"
players 2
card Card { value: int  name "{value}" }
zone table: row of Card, public
var taken: int = 0
setup {
  for v in 1..6 { create Card(value: v) in table }
}
turn {
  choose r in 1..3 prompt "take which row"
  taken += 1
}
end when taken >= 2
score p = 0
"""


def test_a_card_named_like_a_move_that_is_no_card_is_not_marked_nor_played_by_a_tap(browser):
    """The moves are row numbers 1 to 3 and the table shows the cards "1" to "6": the view
    says which moves are not cards (``not_cards``), so no card is marked, a tap on the card
    "2" plays nothing, and the button "2" plays the row."""
    import rulelang
    from rulelang.play.web.host import Host
    host = Host()
    table = host.open("rows.rules", rulelang.loads(ROW_NUMBERS, "rows.rules"), 2, None, None,
                      seed=0)
    assert table.game.view(0)["decision"]["not_cards"] == ["1", "2", "3"]
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        page.locator("button.move", has_text="2").wait_for()
        assert page.locator(".card.target").count() == 0
        press(page, '.card[data-name="2"]')
        page.wait_for_timeout(300)
        assert table.version == 0  # the card is no move
        press(page, "button.move", 1)  # the moves 1, 2, 3: the second
        played(page, 0, force=True)
        assert table.game.history == ["2"]
        assert page.errors == [], page.errors


def test_a_card_tapped_that_no_move_names_says_why_not_near_the_prompt(browser):
    """Oh Hell: a card in hand that does not follow suit is not marked; tapped, the page
    says the rules' reason (asked of the server) and offers the rule behind it."""
    host, table, seat, barred = oh_hell_with_a_card_refused()
    game = table.game
    legal = [m.notation for m in game.legal_moves()]
    led = game.view(None)["vars"]["led"]
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, seat)}")
        version = table.version
        card = f'.seat.me .card[data-name="{barred[0]}"]'
        assert page.locator(card + ".target").count() == 0
        press(page, card)
        refusal = page.locator("#decision .refusal")
        refusal.wait_for()
        assert f"{seat} must follow {led}" in refusal.inner_text()
        refusal.locator(".whybutton").click()
        assert "choose" in refusal.locator(".why").inner_text()
        assert table.version == version  # nothing played
        press(page, f'.seat.me .card.target[data-name="{legal[0]}"]')  # a marked card still plays
        press(page, ".confirm button.go")
        played(page, version, force=True)
        assert game.history[-1] == legal[0]
        assert page.errors == [], page.errors


def test_a_cell_tapped_that_no_move_names_says_the_rules_reason(browser):
    """Yokai: a card under a hint is locked (the rules say so, `where ... else`): its cell is
    not marked, and tapped, the page says why."""
    host, table = host_with("games/yokai.rules", players=2, seed=0)
    game, rng = table.game, random.Random(0)
    for _ in range(22):  # to where P1 observes a second card, with F5 under a hint
        game.play(rng.choice(game.legal_moves()))
    assert game.view(None)["decision"]["prompt"] == "observe a second card"
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, game.seat_name(game.to_move))}")
        assert page.locator('.cell.target[data-cell="F5"]').count() == 0
        press(page, '.cell[data-cell="F5"]')
        refusal = page.locator("#decision .refusal")
        refusal.wait_for()
        assert "F5 is locked under the" in refusal.inner_text()
        assert page.errors == [], page.errors
