"""The `tenpai serve` page in a real browser: Debian's Chromium driven headless by
Playwright (never a downloaded browser), against `tenpai serve` on a free loopback
port. Every expected value comes from the CLI (`tenpai ... --json`), not from the page.

Run: TENPAI_BIN=target/debug/tenpai python -m pytest crates/tenpai-cli/tests/browser
Screenshots go to target/screenshots/ (TENPAI_SCREENSHOTS to change).
"""

import json
import os
import pathlib
import subprocess
import tempfile

import pytest
from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[4]
BIN = os.environ.get("TENPAI_BIN", str(ROOT / "target" / "debug" / "tenpai"))
SHOTS = pathlib.Path(os.environ.get("TENPAI_SCREENSHOTS", ROOT / "target" / "screenshots"))
CHROMIUM = os.environ.get("TENPAI_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def cli(*args):
    out = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def cli_error(*args):
    out = subprocess.run([BIN, *args, "--json"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    return json.loads(out.stderr)


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen(
        [BIN, "serve", "--addr", "127.0.0.1:0"],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    line = proc.stdout.readline().strip()
    prefix = "tenpai serve: listening on "
    assert line.startswith(prefix), line
    yield line[len(prefix):].rstrip("/")
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
        # A fresh profile directory for every run (as root Chromium needs --no-sandbox).
        ctx = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1000, "height": 900},
        )
        yield ctx
        ctx.close()


@pytest.fixture
def page(browser):
    pg = browser.new_page()
    pg.set_default_timeout(15000)
    yield pg
    pg.close()


def shot(page, name, full=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)  # no hover outline in the picture
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def shanten_word(s):
    return {-1: "complete", 0: "tenpai"}.get(s, f"{s}-shanten")


def test_click_tiles_read_shanten_and_discard_table(server, page):
    page.goto(server + "/")
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "3z"]
    for t in hand:
        page.click(f'#palette [data-tile="{t}"]')
    expect(page.locator("#mpsz")).to_have_value("123m456p789s1123z")
    # 13 tiles: shanten and ukeire with counts, as `tenpai ukeire`.
    want = cli("ukeire", "123m456p789s1123z", "--json")
    expect(page.locator("#shanten")).to_have_text(shanten_word(want["shanten"]))
    expect(page.locator("#ukeire-count")).to_contain_text(f'{want["ukeire"]["count"]} tiles')
    shown = page.locator("#ukeire-tiles [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
    assert shown == want["ukeire"]["tiles"]
    # The 14th tile: the discard table, best first, as `tenpai ukeire`.
    page.click('#palette [data-tile="4z"]')
    text = "123m456p789s11234z"
    expect(page.locator("#mpsz")).to_have_value(text)
    want = cli("ukeire", text, "--json")
    expect(page.locator("#shanten")).to_have_text(shanten_word(want["shanten"]))
    rows = page.locator("#discards tbody tr")
    expect(rows).to_have_count(len(want["discards"]))
    got = rows.evaluate_all(
        "rs => rs.map(r => [r.dataset.discard, r.querySelector('.shanten').textContent, r.querySelector('.ukeire').textContent])"
    )
    assert got == [[d["discard"], shanten_word(d["shanten"]), str(d["ukeire_count"])] for d in want["discards"]]
    # Win chance and expected value, filled in by /api/advise (its defaults: one
    # spare exchange).
    advice = cli("advise", text, "--json")
    expect(page.locator("#advice-note")).to_contain_text("within 17 draws")
    expect(page.locator("#advice-note")).to_contain_text("1 spare exchange")
    for d in advice["discards"]:
        row = page.locator(f'#discards tr[data-discard="{d["discard"]}"]')
        expect(row.locator(".win")).to_have_text(f'{100 * d["win"]:.1f}%')
        expect(row.locator(".ev")).to_have_text(str(round(d["ev"])))
    shot(page, "discard-table")
    # Click a tile of the hand to remove it; a pon from the palette.
    page.locator('#hand [data-tile="4z"]').click()
    expect(page.locator("#mpsz")).to_have_value("123m456p789s1123z")
    page.locator('#hand [data-tile="3z"]').click()
    page.locator('#hand [data-tile="2z"]').click()
    page.click('.mode[data-mode="pon"]')
    page.click('#palette [data-tile="5z"]')
    text = "123m456p789s11z (555z)"
    expect(page.locator("#mpsz")).to_have_value(text)
    expect(page.locator("#shanten")).to_have_text("complete")
    want = cli("score", text, "--json")
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    # Remove the call by clicking it; pon a red five: no yaku, the scorer's error.
    page.locator('#hand .call[data-call="555z"]').click()
    page.click('.mode[data-mode="pon"]')
    page.click('#palette [data-tile="0p"]')
    text = "123m456p789s11z (055p)"
    expect(page.locator("#mpsz")).to_have_value(text)
    expect(page.locator('#hand .call[data-call="055p"] .red')).to_have_count(1)
    expect(page.locator("#error")).to_contain_text(cli_error("score", text)["error"])


def test_complete_hand_by_url_shows_its_score(server, page):
    query = "q=234567m34088p67s5s&tsumo=1&riichi=1&seat_wind=S&dora=1m&ura=7p&honba=1&sticks=2"
    page.goto(f"{server}/?{query}")
    want = cli(
        "score", "234567m34088p67s5s", "--tsumo", "--riichi", "--seat", "S",
        "--dora", "1m", "--ura", "7p", "--honba", "1", "--sticks", "2", "--json",
    )
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    expect(page.locator("#hanfu")).to_contain_text(f'{want["han"]} han {want["fu"]} fu')
    expect(page.locator("#hanfu")).to_contain_text(want["limit"])
    expect(page.locator("#payments")).to_contain_text(f'received {want["total_received"]}')
    yaku = page.locator("#yaku li").all_text_contents()
    assert yaku == [f'{y["name"]} {y["han"]}' for y in want["yaku"]]
    fu = page.locator("#fu li").all_text_contents()
    assert fu == [f'{f["reason"]} {f["fu"]}' for f in want["fu_breakdown"]]
    assert page.locator("#riichi").is_checked() and page.locator("#tsumo").is_checked()
    # A situation control changes the answer: ron instead of tsumo.
    page.check('input[name="win"][value="ron"]')
    want = cli(
        "score", "234567m34088p67s5s", "--riichi", "--seat", "S",
        "--dora", "1m", "--ura", "7p", "--honba", "1", "--sticks", "2", "--json",
    )
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    assert "tsumo=1" not in page.url and "q=234567m34088p67s5s" in page.url
    shot(page, "score")


def test_errors_are_shown(server, page):
    page.goto(server + "/")
    page.fill("#mpsz", "123m45x6p")
    want = cli_error("shanten", "123m45x6p")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#error")).to_contain_text(want["error"])
    expect(page.locator("#error")).to_contain_text(f'column {want["column"]}')
    shot(page, "error")
    # The page goes on: a good hand clears the error.
    page.fill("#mpsz", "123m456p789s1122z")
    expect(page.locator("#shanten")).to_have_text("tenpai")
    expect(page.locator("#error")).to_be_hidden()


def test_keyboard_and_paste(server, page):
    page.goto(server + "/")
    page.locator("h1").click()
    page.keyboard.type("123m456p789s1122z")
    expect(page.locator("#mpsz")).to_have_value("123m456p789s1122z")
    want = cli("waits", "123m456p789s1122z", "--json")
    expect(page.locator("#shanten")).to_have_text("tenpai")
    shown = page.locator("#ukeire-tiles [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
    assert shown == want["waits"]
    page.keyboard.press("Backspace")
    expect(page.locator("#mpsz")).to_have_value("123m456p789s112z")
    page.evaluate(
        """text => { const dt = new DataTransfer(); dt.setData('text/plain', text);
                     document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true})); }""",
        "19m19p19s1234567z",
    )
    expect(page.locator("#mpsz")).to_have_value("19m19p19s1234567z")
    want = cli("ukeire", "19m19p19s1234567z", "--json")["ukeire"]
    expect(page.locator("#ukeire-count")).to_contain_text(f'{len(want["tiles"])} kinds, {want["count"]} tiles')
    # Tile glyphs in the box: the tiles follow the engine's reading of them.
    glyphs = "\U0001F007\U0001F008\U0001F009\U0001F019\U0001F01A\U0001F01B\U0001F010\U0001F011\U0001F012\U0001F000\U0001F000\U0001F001\U0001F001"
    page.fill("#mpsz", glyphs)
    want = cli("shanten", glyphs, "--json")
    tiles, digits = [], ""
    for c in want["hand"]:
        if c.isdigit():
            digits += c
        else:
            tiles += [d + c for d in digits]
            digits = ""
    page.wait_for_function(
        "want => [...document.querySelectorAll('#hand [data-tile]')].map(e => e.dataset.tile).join(',') === want",
        arg=",".join(tiles),
    )
    expect(page.locator("#shanten")).to_have_text(shanten_word(want["shanten"]))


def test_phone_sized_screen(server, browser):
    pg = browser.new_page()
    pg.set_viewport_size({"width": 390, "height": 844})
    pg.set_default_timeout(15000)
    pg.goto(server + "/?q=123m456p789s11234z")
    expect(pg.locator("#discards tbody tr").first).to_be_visible()
    # Nothing but the table's own scroller is wider than the screen.
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    shot(pg, "phone")
    pg.close()
