"""The browser the browser tests share: one Chromium per test process, started by the first
test that asks for it (starting Playwright's driver and Chromium costs about 2 s of CPU)."""
from __future__ import annotations

import asyncio
import contextlib

import attrs
import pytest

from support.web import ARTEFACTS, CHROMIUM, FLAGS, HAS_CHROMIUM, NO_CHROMIUM, SCREENSHOTS


@attrs.frozen
class SharedChromium:
    """Chromium and the event loop Playwright's sync API runs it on."""
    browser: object
    loop: asyncio.AbstractEventLoop


@contextlib.contextmanager
def driving(chromium: SharedChromium):
    """While Playwright's sync API is open it marks its loop as the thread's running one
    between calls (playwright/_impl/_greenlets.py), and asyncio.run() refuses to start
    under a running loop: the mark is set only while a browser test drives the browser, so
    the other tests of the process (the sockets' tests use asyncio.run) run as without it."""
    asyncio._set_running_loop(chromium.loop)
    try:
        yield chromium.browser
    finally:
        asyncio._set_running_loop(None)


@pytest.fixture(scope="session")
def _chromium():
    if not HAS_CHROMIUM:
        pytest.skip(NO_CHROMIUM)
    from playwright.sync_api import sync_playwright
    if SCREENSHOTS:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)  # (both xdist workers write there)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        shared = SharedChromium(browser, asyncio.get_running_loop())
        asyncio._set_running_loop(None)
        yield shared
        with driving(shared):
            browser.close()
        asyncio._set_running_loop(shared.loop)  # as Playwright left it, for its own exit


@pytest.fixture
def browser(_chromium):
    """Chromium, with no page left open by an earlier test; the pages this test opens are
    closed after it (a page whose server is gone would keep trying to reconnect)."""
    with driving(_chromium) as chromium:
        yield chromium
        for context in chromium.contexts:
            context.close()
