"""What the web tests share: a host with tables, a real server on 127.0.0.1, socket helpers,
and how the browser tests start Chromium and keep their screenshots."""
from __future__ import annotations

import contextlib
import json
import os
import threading
import time

from rulelang.play.web.app import create_app
from rulelang.play.web.host import Host
from support import ROOT, load

# Debian's Chromium, headless, driven by Playwright (one per test process: tests/play/conftest.py).
CHROMIUM = "/usr/bin/chromium"
# Chromium's headless mode is its whole browser with the window not shown: each page's window
# keeps an address bar whose suggestions are a page of their own (a WebUI renderer, about
# 2 s of CPU over the whole-game test, its browser process 2 s more), of no use to a test.
# Turned off by two features. Chromium reads only its last --disable-features: Playwright's
# own list (Playwright 1.65's) is repeated with them.
PLAYWRIGHT_DISABLED = ("AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,"
                       "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,"
                       "PaintHolding,ThirdPartyStoragePartitioning,"
                       "AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,"
                       "OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,"
                       "PreconnectToSearch")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--disable-features={PLAYWRIGHT_DISABLED},WebUIOmniboxPopup,WebUIOmniboxAimPopup"]
HAS_CHROMIUM = os.path.exists(CHROMIUM) or bool(os.environ.get("CI"))
NO_CHROMIUM = "Debian's chromium is not installed (.ci/run installs it)"
# Screenshots are for a person to look at (no test reads them) and cost the browser a full
# render of the page each: taken only when asked, RULELANG_SCREENSHOTS=1, into ARTEFACTS.
ARTEFACTS = ROOT / "tests" / "artefacts" / "web"
SCREENSHOTS = os.environ.get("RULELANG_SCREENSHOTS", "") not in ("", "0")


def host_with(path="games/yokai_sketch.rules", players=2, seed=7, kinds=None, options=None,
              host=None):
    """A Host holding one new table of ``path``; returns (host, table)."""
    host = host or Host()
    rules = load(path)
    table = host.open(path.rsplit("/", 1)[-1], rules, players, options, kinds, seed=seed)
    return host, table


def token_of(table, who):
    return table.links()[who]


def receive_state(ws) -> dict:
    """The next state message on a socket (refusals are returned too)."""
    return json.loads(ws.receive_text())


def until_settled(ws, table) -> dict:
    """States until the one sent after the table's bots have moved: the table's stamp (its
    version and how many have answered a simultaneous choice, which leaves the version as it
    was). The bots are done first, then the stamp read: read the other way, a state sent
    before the bots answered matched the version and was taken once they had."""
    while True:
        message = receive_state(ws)
        if message.get("type") != "state" or table.bot_to_move() is not None:
            continue
        if (message["version"], len(message["answered"])) == table.stamp:
            return message


@contextlib.contextmanager
def live_server(host):
    """The app served by uvicorn on 127.0.0.1 (a free port), in a thread; yields its base URL."""
    import uvicorn

    from rulelang.play.cli.serve import bind
    listener = bind("127.0.0.1", 0)
    config = uvicorn.Config(create_app(host), log_level="warning", ws_max_size=65_536)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        listener.close()


# ---------------------------------------------------------------- the lobby

def lobby_folder(tmp_path):
    folder = tmp_path / "rules"
    if folder.exists():
        return folder
    folder.mkdir()
    for name in ("nim.rules", "oh_hell.rules"):
        (folder / name).write_text((ROOT / "examples" / name).read_text())
    (folder / "broken.rules").write_text('game "Broken"\nplayers 2\nturn {\n  win 3 +\n}\n')
    (folder / "notes.txt").write_text("not rules")
    (folder / "sub").mkdir()
    (folder / "sub" / "hidden.rules").write_text((ROOT / "examples/nim.rules").read_text())
    (folder / "outside.rules").symlink_to(ROOT / "examples/pig.rules")
    return folder


def lobby_host(tmp_path):
    from rulelang.play.web.lobby import RulesFolder
    host = Host(folder=RulesFolder(lobby_folder(tmp_path)), saves=tmp_path / "saves")
    host.resume_lobby()
    return host


def oh_hell_with_a_card_refused():
    """A 3-player Oh Hell table played on (bids, then cards) until the seat to move holds a
    card it may not play: (host, table, that seat's name, the cards it may not play)."""
    host, table = host_with("examples/oh_hell.rules", players=3, seed=2)
    game = table.game
    while True:
        seat = game.seat_name(game.to_move)
        held = [c["name"] for c in game.view(None)["zones"][f"hand[{seat}]"]["cards"]]
        legal = [m.notation for m in game.legal_moves()]
        barred = [name for name in held if name not in legal]
        if game.view(None)["decision"]["prompt"] == "play" and barred:
            return host, table, seat, barred
        game.play(legal[0])


def until(page, condition, seconds=10):
    """Poll the page until ``condition()`` (the page's policy allows no script from a string,
    so Playwright's wait_for_function cannot run)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the page did not get there in time"
        page.wait_for_timeout(50)


DESKTOP = {"width": 1280, "height": 900}


# Resolves once the page has drawn ``version`` (null: any), or with ``warning`` shows the
# warning that a move ends the game: watched in the page, so the test goes on the moment it
# is drawn (Playwright's wait_for_selector looks again 20, 50, 100, then every 500 ms).
DRAWN = """([version, warning]) => new Promise((resolve, reject) => {
  const drawn = () => version === null ? "version" in document.body.dataset
    : document.body.dataset.version === String(version);
  const seen = () => drawn() ? "drawn"
    : warning && document.querySelector(".confirm.warning") ? "warning" : null;
  if (seen()) { resolve(seen()); return; }
  const watch = new MutationObserver(() => {
    if (seen()) { watch.disconnect(); clearTimeout(late); resolve(seen()); }
  });
  watch.observe(document.body, {attributes: true, childList: true, subtree: true});
  const late = setTimeout(() => {
    watch.disconnect();
    reject(new Error(`the page did not draw version ${version} in 10 s`));
  }, 10000);
})"""


def wait_for_version(page, version, warning=False) -> str:
    """Once the page has drawn ``version``: "drawn" (or "warning", see DRAWN)."""
    if getattr(page, "clock_paused", False):  # its timers wait for the test: Playwright waits
        selector = "body[data-version]" if version is None else f'body[data-version="{version}"]'
        selector += ", .confirm.warning" if warning else ""
        shown = page.wait_for_selector(selector, timeout=10_000)
        return "warning" if shown.evaluate("node => node.matches('.confirm.warning')") else "drawn"
    return page.evaluate(DRAWN, [version, warning])


def open_page(browser, url, viewport=DESKTOP, clock_paused=False):
    """The page at ``url``, drawn. With ``clock_paused``, the page's timers wait for the test
    to move its clock on (``page.clock.run_for``)."""
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")  # clicks need not wait
    page.clock.install(time=0)  # time passes as it does; press() may pass some at once
    if clock_paused:
        page.clock.pause_at(1000)  # before the page exists: none of its timers runs early
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    page.clock_paused = clock_paused
    page.goto(url)
    wait_for_version(page, None)
    return page


TAP_GUARD_MS = 400  # how long after drawing what answers a tap the page takes no tap (page.js)


# The middle of the index-th element the selector finds, scrolled into view if it is not
# (as Playwright's click does); it must be what a click there reaches, not something on it.
MIDDLE = """([selector, index]) => {
  const node = document.querySelectorAll(selector)[index];
  if (!node) throw new Error(`nothing to click: ${selector} #${index}`);
  let box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) {
    node.scrollIntoView({block: "center"});
    box = node.getBoundingClientRect();
  }
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  const reached = document.elementFromPoint(x, y);
  if (!node.contains(reached)) throw new Error(`${selector} #${index} is covered at its middle`);
  return [x, y];
}"""


def press(page, selector, index=0):
    """A person's click on an element the page has drawn, once the page takes taps (what
    answered its own last tap was drawn long enough ago: a tap sooner does nothing, so a
    double tap plays once; the page's clock is moved on past that moment rather than waited
    for): the mouse moves to its middle and presses. (What Playwright's click does, less its
    waits for the element to be there and to stand still, which the test has already seen:
    each costs the browsers a round.)"""
    if page.evaluate('"arming" in document.body.dataset'):
        page.clock.run_for(TAP_GUARD_MS)
    x, y = page.evaluate(MIDDLE, [selector, index])
    page.mouse.click(x, y)


def played(page, version, force=False):
    """After a click that plays a move: the move played, or (when it ends the game) the
    page's warning answered with "Play it" first (``force``: pressed, see press)."""
    if wait_for_version(page, version + 1, warning=True) == "warning":
        if force:
            press(page, ".confirm.warning button.go")
        else:
            page.locator(".confirm.warning button.go").click()
        wait_for_version(page, version + 1)
