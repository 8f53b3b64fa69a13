"""The `tenpai serve` page in a real browser: Debian's Chromium driven headless by
Playwright (never a downloaded browser), against `tenpai serve` on a free loopback
port. Every expected value comes from the CLI (`tenpai ... --json`), not from the page.

Run: TENPAI_BIN=target/debug/tenpai python -m pytest crates/tenpai-cli/tests/browser
Screenshots go to target/screenshots/ (TENPAI_SCREENSHOTS to change).
"""

import json
import os
import re
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
    # Win chance and expected value, filled in by /api/advise (its defaults: one
    # spare exchange).
    advice = cli("advise", text, "--json")
    expect(page.locator("#advice-note")).to_contain_text("within 17 draws")
    expect(page.locator("#advice-note")).to_contain_text("1 spare exchange")
    # Every row with its efficiency, in the advice's order (best first: by EV).
    got = {
        r[0]: r[1:]
        for r in rows.evaluate_all(
            "rs => rs.map(r => [r.dataset.discard, r.querySelector('.shanten').textContent, r.querySelector('.ukeire').textContent])"
        )
    }
    assert got == {d["discard"]: [shanten_word(d["shanten"]), str(d["ukeire_count"])] for d in want["discards"]}
    order = rows.evaluate_all("rs => rs.map(r => r.dataset.discard)")
    assert order == [d["discard"] for d in advice["discards"]]
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
    # The yaku by the names players read (English and Japanese), in the CLI's order.
    ids = page.locator("#yaku li").evaluate_all("ls => ls.map(l => l.dataset.yaku)")
    assert ids == [y["name"] for y in want["yaku"]]
    han = page.locator("#yaku li .han").all_text_contents()
    assert han == [f'{y["han"]} han' for y in want["yaku"]]
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


def rows_of(page):
    return page.locator("#discards tbody tr").evaluate_all(
        "rs => rs.map(r => [r.dataset.discard, r.querySelector('.ev').textContent, r.classList.contains('best')])"
    )


def test_discards_best_first_by_ev_and_sortable(server, page):
    # A hand whose best efficiency discard (4p, more ukeire at lower shanten) is not its
    # best by expected points (1m): once the EV is shown, best first means by EV, as
    # `tenpai advise` sorts; every sortable column sorts when clicked.
    text = "12m4067p2367s11z55s"
    page.goto(f"{server}/?q={text}")
    advice = cli("advise", text, "--json")
    eff = cli("ukeire", text, "--json")
    assert eff["discards"][0]["discard"] != advice["discards"][0]["discard"]
    expect(page.locator("#advice-note")).to_contain_text("within 17 draws")
    kind = lambda t: "5" + t[1] if t[0] == "0" else t  # noqa: E731
    rows = rows_of(page)
    assert [kind(r[0]) for r in rows] == [kind(d["discard"]) for d in advice["discards"]]
    evs = [int(r[1]) for r in rows]
    assert evs == sorted(evs, reverse=True), evs
    assert evs == [round(d["ev"]) for d in advice["discards"]]
    assert [r[2] for r in rows] == [i == 0 for i in range(len(rows))]
    expect(page.locator("#discards-label")).to_contain_text("by expected points")
    # Click "ukeire": most ukeire first; again: fewest first.
    page.click('#discards th[data-key="ukeire"] button')
    expect(page.locator('#discards th[data-key="ukeire"]')).to_have_attribute("aria-sort", "descending")
    uk = page.locator("#discards tbody tr").evaluate_all("rs => rs.map(r => Number(r.dataset.ukeire))")
    assert uk == sorted(uk, reverse=True)
    page.click('#discards th[data-key="ukeire"] button')
    expect(page.locator('#discards th[data-key="ukeire"]')).to_have_attribute("aria-sort", "ascending")
    uk = page.locator("#discards tbody tr").evaluate_all("rs => rs.map(r => Number(r.dataset.ukeire))")
    assert uk == sorted(uk)
    # Win chance, then shanten.
    page.click('#discards th[data-key="win"] button')
    win = page.locator("#discards tbody tr").evaluate_all("rs => rs.map(r => Number(r.dataset.win))")
    assert win == sorted(win, reverse=True)
    page.click('#discards th[data-key="shanten"] button')
    sh = page.locator("#discards tbody tr").evaluate_all("rs => rs.map(r => Number(r.dataset.shanten))")
    assert sh == sorted(sh)
    assert page.locator('#discards th[data-key="ukeire"]').get_attribute("aria-sort") == "none"
    shot(page, "sorted")


def test_yaku_by_their_display_names(server, page):
    page.goto(f"{server}/?q=234567m34088p67s5s&tsumo=1&riichi=1&seat_wind=S&dora=1m&ura=7p")
    want = cli("score", "234567m34088p67s5s", "--tsumo", "--riichi", "--seat", "S",
               "--dora", "1m", "--ura", "7p", "--json")
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    items = page.locator("#yaku li").evaluate_all(
        "ls => ls.map(l => [l.dataset.yaku, l.querySelector('.en').textContent, l.querySelector('.ja').textContent])"
    )
    names = {"menzen_tsumo": ("Fully Concealed Hand", "門前清自摸和"), "riichi": ("Riichi", "立直"),
             "pinfu": ("Pinfu", "平和"), "tanyao": ("All Simples", "断幺九"), "dora": ("Dora", "ドラ"),
             "ura_dora": ("Ura Dora", "裏ドラ"), "aka_dora": ("Red Five", "赤ドラ")}
    assert [i[0] for i in items] == [y["name"] for y in want["yaku"]]
    for yid, en, ja in items:
        assert (en, ja) == names[yid]
        assert "_" not in en
    # The winds' yaku name their wind; the round's is East by default.
    page.goto(f"{server}/?q=123m456p789s11222z&tsumo=1&seat_wind=S")
    expect(page.locator('#yaku li[data-yaku="seat_wind"] .en')).to_have_text("Seat Wind (South)")
    expect(page.locator('#yaku li[data-yaku="seat_wind"] .ja')).to_have_text("自風 南")


def box(locator):
    b = locator.bounding_box()
    assert b is not None
    return b


def test_tiles_readable_called_sideways_winning_apart(server, page):
    page.goto(f"{server}/?q=123m456p789s11234z")
    expect(page.locator("#advice-note")).to_contain_text("within 17 draws")
    # The "copies left" tiles: as large as the discard column's (they were 17 x 23).
    for t in page.locator("#discards td.tiles .tile").all()[:20]:
        b = box(t)
        assert b["width"] >= 24 and b["height"] >= 32, b
    n = page.locator("#discards td.tiles .n").first
    assert float(n.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 13
    # The drawn (winning) tile stands apart from the rest of the hand.
    tiles = page.locator("#hand > button.tile")
    last, before, first = box(tiles.nth(13)), box(tiles.nth(12)), box(tiles.nth(0))
    gap_last = last["x"] - (before["x"] + before["width"])
    gap = box(tiles.nth(1))["x"] - (first["x"] + first["width"])
    assert gap_last >= gap + 8, (gap_last, gap)
    expect(tiles.nth(13)).to_have_class("tile drawn")
    # A pon lays its called tile on its side; a closed kan its ends face down.
    page.goto(f"{server}/?q=123m456p11z%20(555z)%20[7777s]")
    expect(page.locator("#shanten")).to_be_visible()
    pon = page.locator('#hand .call[data-call="555z"] .tile')
    side = box(pon.nth(0))
    upright = box(pon.nth(1))
    assert side["width"] > side["height"] and upright["height"] > upright["width"], (side, upright)
    assert abs(side["width"] - upright["height"]) < 1
    kan = page.locator('#hand .call[data-call="7777s"] .tile')
    assert [kan.nth(i).evaluate("e => e.classList.contains('back')") for i in range(4)] == [True, False, False, True]
    shot(page, "calls")


def test_dora_indicators_picked_as_tiles(server, page):
    text = "234567m34088p67s5s"
    page.goto(f"{server}/?q={text}&tsumo=1")
    expect(page.locator("#points")).to_have_text(str(cli("score", text, "--tsumo", "--json")["points"]))
    page.click('.mode[data-mode="dora"]')
    page.click('#palette [data-tile="1m"]')
    expect(page.locator("#dora")).to_have_value("1m")
    expect(page.locator('#dora-tiles [data-tile="1m"]')).to_have_count(1)
    want = cli("score", text, "--tsumo", "--dora", "1m", "--json")
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    # A second one, then remove the first by clicking it.
    page.click('.mode[data-mode="dora"]')
    page.click('#palette [data-tile="7p"]')
    expect(page.locator("#dora")).to_have_value("1m7p")
    want = cli("score", text, "--tsumo", "--dora", "1m7p", "--json")
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    page.click('#dora-tiles [data-tile="1m"]')
    expect(page.locator("#dora")).to_have_value("7p")
    want = cli("score", text, "--tsumo", "--dora", "7p", "--json")
    expect(page.locator("#points")).to_have_text(str(want["points"]))
    expect(page).to_have_url(re.compile(r"dora=7p(&|$)"))
    # The palette adds hand tiles again after an indicator.
    expect(page.locator('.mode[data-mode="tile"]')).to_have_class("mode on")


def test_values_not_computed_are_explained(server, page):
    text = "1369m258p147s1234z"
    assert cli("shanten", text, "--json")["shanten"] > 3
    page.goto(f"{server}/?q={text}")
    expect(page.locator("#advice-note")).to_contain_text("not computed")
    cell = page.locator("#discards td.ev").first
    expect(cell).to_have_text("–")
    assert "3-shanten" in cell.get_attribute("title")


def test_error_names_its_column_once_with_a_caret(server, page):
    page.goto(server + "/")
    page.fill("#mpsz", "123m45x6p")
    want = cli_error("shanten", "123m45x6p")
    expect(page.locator("#error .msg")).to_have_text("error: " + want["error"])
    text = page.locator("#error").text_content()
    assert text.count("column") == 1, text
    expect(page.locator("#error pre.caret")).to_have_text("123m45x6p\n" + " " * (want["column"] - 1) + "^")


def test_checkbox_labels_stay_with_their_boxes(server, browser):
    for width in (320, 390, 700, 1000):
        pg = browser.new_page()
        pg.set_viewport_size({"width": width, "height": 900})
        pg.goto(server + "/")
        for box_id in ("riichi", "double_riichi", "ippatsu", "haitei", "rinshan", "tsumo"):
            label = pg.locator(f"label:has(#{box_id})")
            b, l = box(pg.locator(f"#{box_id}")), box(label)
            # The label's text is one line, on the box's line, right after it.
            assert l["height"] <= b["height"] + 12, (width, box_id, l, b)
            assert l["y"] <= b["y"] + b["height"] / 2 <= l["y"] + l["height"], (width, box_id)
        pg.close()


def test_offered_tile_shows_the_call_options(server, page):
    # A 13-tile hand, then "offered tile" and a palette tile: the options of
    # `tenpai advise HAND --offer TILE`, best first.
    text = "234m66p678s689s77z"
    page.goto(f"{server}/?q={text}")
    expect(page.locator("#shanten")).to_have_text("1-shanten")
    page.click('.mode[data-mode="offer"]')
    page.click('#palette [data-tile="7z"]')
    want = cli("advise", text, "--offer", "7z", "--json")
    rows = page.locator("#offer-options tbody tr")
    expect(rows).to_have_count(len(want["options"]))
    got = rows.evaluate_all("rs => rs.map(r => [r.dataset.option, r.querySelector('.ev').textContent])")
    assert got == [[o["option"], str(round(o["ev"]))] for o in want["options"]]
    expect(page.locator("#offer-label")).to_contain_text("best " + want["best"])
    # The hand is unchanged (the offered tile is not added to it).
    expect(page.locator("#mpsz")).to_have_value(text)


def test_riichi_or_dama_column(server, page):
    text = "123m456p789s11223z"
    page.goto(f"{server}/?q={text}")
    advice = cli("advise", text, "--json")
    for d in advice["discards"]:
        cell = page.locator(f'#discards tr[data-discard="{d["discard"]}"] .declare')
        if "declare" in d:
            expect(cell).to_have_text("riichi" if d["declare"] else "dama")
        else:
            expect(cell).to_have_text("")


def test_defence_ranks_my_tiles_against_a_riichi(server, page):
    hand = "23467m3055p1788s3z"
    page.goto(server + "/")
    page.fill("#mpsz", hand)
    page.press("#mpsz", "Enter")
    page.fill("#dora", "4p")
    page.dispatch_event("#dora", "change")
    page.click("#defence summary")
    page.fill("#def-river", "19m4z7p2s6z3m8p")
    page.fill("#def-after", "5z")
    page.fill("#def-visible", "1z2z9s9p4m6p2p7z1s5m2z3s")
    page.select_option("#def-seat", "E")
    want = cli("safety", hand, "--river", "19m4z7p2s6z3m8p", "--after", "5z",
               "--visible", "1z2z9s9p4m6p2p7z1s5m2z3s", "--dora", "4p", "--seat", "E",
               "--round", "E", "--rules", "tenhou", "--json")
    rows = page.locator("#def-table tbody tr")
    expect(rows).to_have_count(len(want["tiles"]))
    # Safest first, as the CLI ranks them, with its chances, losses and labels.
    expect(rows.first).to_have_attribute("data-tile", want["tiles"][0]["tile"])
    shown = rows.evaluate_all("""rs => rs.map(r => [r.dataset.tile,
        r.querySelector('.chance').textContent, r.querySelector('.loss').textContent,
        r.querySelector('.labels').textContent])""")
    assert shown == [[t["tile"], f'{100 * t["deal_in"]:.1f}%',
                      f'{int(t["expected_loss"] + 0.5):,}', ", ".join(t["labels"])]
                     for t in want["tiles"]]
    assert shown[0][1] == "0.0%" and "genbutsu" in shown[0][3]
    assert any(float(r[2].replace(",", "")) > 0 for r in shown)
    page.locator("#defence").scroll_into_view_if_needed()
    shot(page, "defence")
    page.locator("#defence").screenshot(path=str(SHOTS / "defence-view.png"))
    # A river with a fifth copy: the error, named.
    page.fill("#def-river", "11111m")
    expect(page.locator("#def-status")).to_contain_text("fifth copy of 1m")
    expect(page.locator("#def-table")).to_have_count(0)


def test_defence_against_an_open_hand_marked_tenpai(server, page):
    hand = "23467m3055p1788s3z"
    page.goto(server + "/")
    page.fill("#mpsz", hand)
    page.press("#mpsz", "Enter")
    page.click("#defence summary")
    page.check("#def-open")
    expect(page.locator("#def-calls-name")).to_have_text("its calls")
    expect(page.locator("#def-riichi-at")).to_be_disabled()
    # No calls yet: asked for.
    expect(page.locator("#def-status")).to_contain_text("calls")
    page.fill("#def-river", "19m4z7p")
    page.fill("#def-visible", "1z2z9s9p4m6p2p1s5m2z3s")
    page.fill("#def-calls", "(234s)(678m)")
    want = cli("safety", hand, "--river", "19m4z7p", "--open-tenpai", "--calls", "(234s)(678m)",
               "--visible", "1z2z9s9p4m6p2p1s5m2z3s", "--seat", "S", "--round", "E",
               "--rules", "tenhou", "--json")
    rows = page.locator("#def-table tbody tr")
    expect(rows).to_have_count(len(want["tiles"]))
    expect(rows.first).to_have_attribute("data-tile", want["tiles"][0]["tile"])
    shown = rows.evaluate_all("""rs => rs.map(r => [r.dataset.tile,
        r.querySelector('.chance').textContent, r.querySelector('.loss').textContent])""")
    assert shown == [[t["tile"], f'{100 * t["deal_in"]:.1f}%', f'{int(t["expected_loss"] + 0.5):,}']
                     for t in want["tiles"]]
    assert any(t["expected_loss"] > 0 for t in want["tiles"])
    assert any(t["deal_in"] > 0 for t in want["tiles"])
    expect(page.locator("#def-status")).to_contain_text("open hand (234s)(678m)")
    page.locator("#defence").screenshot(path=str(SHOTS / "defence-open-view.png"))
    # Back to a riichi: the closed-kan field again, and the riichi's ranking.
    page.uncheck("#def-open")
    expect(page.locator("#def-calls-name")).to_have_text("its closed kans")
    expect(page.locator("#def-status")).to_contain_text("error")
    page.fill("#def-calls", "")
    expect(page.locator("#def-status")).to_contain_text("riichi")
    expect(rows).to_have_count(len(want["tiles"]))

