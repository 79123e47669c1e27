"""The browser the browser tests share: one Chromium per test process, started by the first
test that asks for it (starting Playwright's driver and Chromium costs about 2 s of CPU)."""
from __future__ import annotations

import pytest

from support.web import ARTEFACTS, CHROMIUM, FLAGS, HAS_CHROMIUM, NO_CHROMIUM, SCREENSHOTS


@pytest.fixture(scope="session")
def _chromium():
    if not HAS_CHROMIUM:
        pytest.skip(NO_CHROMIUM)
    from playwright.sync_api import sync_playwright
    if SCREENSHOTS:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)  # (both xdist workers write there)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def browser(_chromium):
    """Chromium, with no page left open by an earlier test; the pages this test opens are
    closed after it (a page whose server is gone would keep trying to reconnect)."""
    yield _chromium
    for context in _chromium.contexts:
        context.close()
