"""A choice of many whole numbers on the page (a bid of 0 to 40), in a real browser: a slider
and a box from the least to the most, the words beside them (pass) as buttons (decide.js,
numberPicker)."""
from __future__ import annotations

import pytest

from support.web import HAS_CHROMIUM, NO_CHROMIUM, host_with, live_server, open_page, token_of, until

if not HAS_CHROMIUM:
    pytest.skip(NO_CHROMIUM, allow_module_level=True)

# (the browser: the fixture in tests/play/conftest.py)


def test_a_choice_of_many_numbers_is_a_slider_and_a_box_with_the_words_as_buttons(browser):
    """A bid of 0 to 40 was 41 buttons, and past 60 numbers a bare box that said nothing of
    them: now a slider and a box from the least to the most, a pass still a button."""
    host, table = host_with("tests/rules/sealed_bids.rules", players=2, seed=0)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        decision = page.locator("#decision")
        assert "A number from 0 to 40" in decision.inner_text()
        assert page.locator("#decision input[type=range]").count() == 1
        assert [b.inner_text() for b in page.locator("#decision button.move").all()] == ["pass"]
        page.locator("#decision button.suggest").click()  # the advice: 5, set on the slider
        page.locator("#decision p.suggestion").wait_for()
        assert page.locator("#decision input[type=range]").input_value() == "5"
        assert page.locator("#decision input[type=number]").input_value() == "5"
        page.locator("#decision input[type=range]").fill("17")  # the slider sets the box
        assert page.locator("#decision input[type=number]").input_value() == "17"
        page.locator("#decision form.number button.go").click()
        page.locator("#decision .answered", has_text="P1 has chosen.").wait_for()
        other = open_page(browser, f"{base}/t/{token_of(table, 'P2')}")
        other.locator("#decision button.move", has_text="pass").click()
        until(other, lambda: len(table.game.history) == 2)
        assert table.game.history == ["17", "pass"]
        assert page.errors == [] and other.errors == []


def test_a_number_set_on_the_slider_stays_set_when_another_seat_answers(browser):
    """In a sealed bid, the other seat's answer redraws the page: the number a player was
    setting stays as they set it (it went back to 0, and a tap on Play bid 0)."""
    host, table = host_with("tests/rules/sealed_bids.rules", players=2, seed=0)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        page.locator("#decision input[type=number]").fill("23")
        other = open_page(browser, f"{base}/t/{token_of(table, 'P2')}")
        other.locator("#decision button.move", has_text="pass").click()
        page.locator("#decision .answered", has_text="P2 has chosen.").wait_for()
        assert page.locator("#decision input[type=number]").input_value() == "23"
        assert page.locator("#decision input[type=range]").input_value() == "23"
        page.locator("#decision form.number button.go").click()
        until(page, lambda: len(table.game.history) == 2)
        assert table.game.history == ["23", "pass"]
        assert page.errors == [] and other.errors == []


def test_a_number_typed_after_the_box_s_zero_is_played_as_that_number(browser):
    """The box starts at the least (0): a player who taps it and types their bid sends
    "05", refused with "05 is not one of the numbers to choose from now: 0 to 40"."""
    host, table = host_with("tests/rules/sealed_bids.rules", players=2, seed=0)
    with live_server(host) as base:
        page = open_page(browser, f"{base}/t/{token_of(table, 'P1')}")
        box = page.locator("#decision input[type=number]")
        box.click()
        page.keyboard.press("End")
        page.keyboard.type("5")
        assert box.input_value() == "05"
        page.locator("#decision form.number button.go").click()
        page.locator("#decision .answered", has_text="P1 has chosen.").wait_for()
        other = open_page(browser, f"{base}/t/{token_of(table, 'P2')}")
        other.locator("#decision button.move", has_text="pass").click()
        until(other, lambda: len(table.game.history) == 2)
        assert table.game.history == ["5", "pass"]
        assert page.errors == [] and other.errors == []
