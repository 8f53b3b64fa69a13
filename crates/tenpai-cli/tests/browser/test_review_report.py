"""The review report (`tenpai review LOG --html OUT`) in a real browser: Debian's
Chromium driven headless by Playwright, the page opened from disk (file://, no
server). Every expected value comes from the CLI (`tenpai review --json`) or from the
log itself, not from the page. Also the `tenpai serve` page's review view.

Run: TENPAI_BIN=target/debug/tenpai python -m pytest crates/tenpai-cli/tests/browser
Screenshots go to target/screenshots/ (TENPAI_SCREENSHOTS to change).
"""

import json
import os
import pathlib
import re
import subprocess

import pytest
from playwright.sync_api import expect

from test_serve_page import BIN, ROOT, browser, page, server, shot  # noqa: F401 (fixtures)

DATA = ROOT / "crates" / "tenpai" / "tests" / "data"
FIXTURE = DATA / "review" / "two_e1_rounds.mjlog"
SHARED = pathlib.Path(os.environ.get("TENPAI_SHARED", ROOT.parent / "shared"))
# A whole 4-player hanchan of the shared corpus (16 rounds).
GAME = SHARED / "corpus" / "tenhou" / "raw" / "tsubakisakura__mjlog2json" / "data" / "2019081518gm-00a9-0000-cce9d00c.xml"


def corpus_game():
    if not GAME.is_file():
        # Under CI the shared data must be there: fail; elsewhere skip, never pass.
        if os.environ.get("CI") == "true":
            pytest.fail(f"{GAME} is absent: this test needs ../shared")
        pytest.skip("needs ../shared, which is absent")
    return GAME


def review_json(log, *flags):
    out = subprocess.run([BIN, "review", str(log), "--json", *flags], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return [json.loads(l) for l in out.stdout.splitlines()]


def report(log, out, *flags):
    r = subprocess.run([BIN, "review", str(log), "--html", str(out), *flags], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"wrote {out}: "), r.stdout
    return out


def shanten_word(s):
    return {-1: "complete", 0: "tenpai"}.get(s, f"{s}-shanten")


def loss_text(t):
    """What `tenpai review` writes for a discard's loss."""
    if t["forced"]:
        return "forced"
    if t["shanten_loss"] > 0:
        return f'{shanten_word(t["shanten"])} instead of {shanten_word(t["best_shanten"])}'
    if t["ukeire_loss"] > 0:
        n = t["ukeire_loss"]
        return f'{n} fewer useful tile{"" if n == 1 else "s"} ({t["ukeire"]} instead of {t["best_ukeire"]})'
    return "nothing"


def rows_of(pg):
    return pg.locator("#turns tr.turn").evaluate_all(
        """rs => rs.map(r => Object.fromEntries([...r.querySelectorAll('td')].map(
             td => [td.dataset.k, {v: td.dataset.v ?? null, text: td.textContent,
                                    tile: td.querySelector('[data-tile]')?.dataset.tile ?? null}])))"""
    )


def check_rows(pg, turns):
    rows = rows_of(pg)
    assert len(rows) == len(turns)
    for row, t in zip(rows, turns):
        assert row["round"]["text"] == f'{t["round"]}-{t["honba"]}'
        assert row["turn"]["text"] == str(t["turn"])
        assert row["draws_left"]["text"] == str(t["draws_left"])
        assert row["discard"]["tile"] == t["discard"]
        assert row["best"]["tile"] == t["best"]
        assert row["shanten"]["text"] == f'{t["shanten"]} / {t["best_shanten"]}'
        assert row["ukeire"]["text"] == f'{t["ukeire"]} / {t["best_ukeire"]}'
        assert row["lost"]["text"].startswith(loss_text(t)), (row["lost"], t)
    return rows


def test_report_of_a_corpus_game_opens_from_disk(browser, tmp_path):  # noqa: F811
    game = corpus_game()
    out = report(game, tmp_path / "game.html", "--seat", "all")
    pg = browser.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    requests = []
    pg.on("request", lambda r: requests.append(r.url))
    pg.goto(out.as_uri())
    # Nothing but the file itself is loaded.
    assert requests == [out.as_uri()], requests
    # Every round of the log (its INIT tags, counted in the XML), each with its result.
    rounds = len(re.findall(r"<INIT ", game.read_text()))
    assert rounds == 16
    expect(pg.locator("#rounds tr.round")).to_have_count(rounds)
    texts = pg.locator("#rounds tr.round td.text").all_text_contents()
    assert all(t.strip() for t in texts)
    # The score track: one point per round end for each seat, plus the start.
    for s in range(4):
        expect(pg.locator(f'#chart circle.pt.end[data-seat="{s}"]')).to_have_count(rounds)
        expect(pg.locator(f'#chart circle.pt.start[data-seat="{s}"]')).to_have_count(1)
    # Seat 0's discards: the page's table is review --json's.
    turns = review_json(game, "--seat", "0")
    check_rows(pg, turns)
    summary = pg.locator("#sum-agreement").text_content()
    free = [t for t in turns if not t["forced"]]
    agree = sum(t["agree"] for t in free)
    assert summary.startswith(f"{agree} of {len(free)} ({100 * agree / len(free):.1f}%)"), summary
    # Arrow keys move between turns.
    where = pg.locator("#cur-where")
    expect(where).to_contain_text(f"1 of {len(turns)}")
    pg.keyboard.press("ArrowRight")
    pg.keyboard.press("ArrowRight")
    t = turns[2]
    expect(where).to_contain_text(f'{t["round"]}-{t["honba"]} · turn {t["turn"]} · {t["draws_left"]} left')
    expect(where).to_contain_text(f"3 of {len(turns)}")
    expect(pg.locator("#turns tr.turn.current")).to_have_attribute("data-i", "2")
    # The hand drawn as tiles: the concealed tiles, the discard marked.
    held = pg.locator("#cur-hand > .tile").evaluate_all("els => els.map(e => e.dataset.tile)")
    assert len(held) + 3 * len(turns[2]["hand"].split("(")) - 3 >= 14 - 1
    assert pg.locator("#cur-hand .tile.discard").get_attribute("data-tile") == t["discard"]
    pg.keyboard.press("ArrowLeft")
    expect(where).to_contain_text(f"2 of {len(turns)}")
    pg.keyboard.press("End")
    expect(where).to_contain_text(f"{len(turns)} of {len(turns)}")
    pg.keyboard.press("ArrowRight")  # stays on the last
    expect(where).to_contain_text(f"{len(turns)} of {len(turns)}")
    # A worst decision links to its turn.
    link = pg.locator("#worst a").first
    i = int(link.get_attribute("data-turn"))
    link.click()
    expect(pg.locator("#turns tr.turn.current")).to_have_attribute("data-i", str(i))
    shot(pg, "review-report", full=False)
    # The player switch: seat 2's discards.
    pg.locator('#players button[data-seat="2"]').click()
    check_rows(pg, review_json(game, "--seat", "2"))
    expect(pg.locator("#summary h2")).to_contain_text("(seat 2)")
    assert errors == [], errors
    pg.close()

    # A phone: nothing wider than the screen but the tables, which scroll in place.
    phone = browser.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(out.as_uri())
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    hand = phone.locator("#cur-hand").bounding_box()
    assert hand["x"] >= 0 and hand["x"] + hand["width"] <= 390
    tops = phone.locator("#cur-hand > .tile").evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
    assert len(set(tops)) == 1, "the 14 tiles fit on one line"
    phone.keyboard.press("ArrowRight")
    expect(phone.locator("#cur-where")).to_contain_text("2 of")
    shot(phone, "review-report-phone", full=False)
    phone.close()


def test_report_numbers_with_advice_equal_the_json(browser, tmp_path):  # noqa: F811
    out = report(FIXTURE, tmp_path / "advice.html", "--advise")
    lines = review_json(FIXTURE, "--advise")
    turns = [t for t in lines if t["kind"] == "discard"]
    pg = browser.new_page()
    pg.goto(out.as_uri())
    rows = check_rows(pg, turns)
    for row, t in zip(rows, turns):
        for k in ["win", "best_win", "ev", "ev_best_ev"]:
            if t[k] is None:
                assert row[k]["text"] == "–"
                continue
            # The raw value in the page is the JSON's; the text is it rounded.
            assert float(row[k]["v"]) == t[k]
            shown = row[k]["text"]
            if k.endswith("win"):
                assert abs(float(shown.rstrip("%")) - 100 * t[k]) <= 0.05 + 1e-9, (k, shown, t[k])
            else:
                assert abs(float(shown) - t[k]) <= 0.5 + 1e-9, (k, shown, t[k])
    lost = sum(t["ev_loss"] for t in turns if not t["forced"] and t["ev_loss"] is not None)
    assert abs(float(pg.locator("#sum-ev").text_content()) - lost) <= 0.5 + 1e-9
    # The first turn: the detail's values.
    t = turns[0]
    expect(pg.locator("#cur-actual")).to_contain_text(shanten_word(t["shanten"]))
    expect(pg.locator("#cur-best")).to_contain_text(shanten_word(t["best_shanten"]))
    assert pg.locator("#cur-evbest [data-tile]").get_attribute("data-tile") == t["ev_best"]
    if t["shanten_loss"] > 0:
        expect(pg.locator("#cur-lost .large-badge")).to_have_text("large loss")
    # A riichi decision: the values with and without riichi, the choice made.
    i, d = next((i, t) for i, t in enumerate(turns) if t["dama_ev"] is not None)
    pg.locator(f'#turns tr.turn[data-i="{i}"]').click()
    line = pg.locator("#cur-riichi").text_content()
    numbers = [float(x) for x in re.findall(r"EV (\d+)", line)]
    assert abs(numbers[0] - d["ev"]) <= 0.5 and abs(numbers[1] - d["dama_ev"]) <= 0.5, line
    assert ("prefers riichi" in line) == (d["ev"] >= d["dama_ev"]), line
    assert ("no riichi was declared" in line) == (not d["riichi"]), line
    summary_riichi = sum(t["riichi_loss"] for t in turns if not t["forced"] and t["riichi_loss"] is not None)
    assert abs(float(pg.locator("#sum-riichi").text_content()) - summary_riichi) <= 0.5
    pg.close()


def test_report_shows_the_call_decisions_at_their_place(browser, tmp_path):  # noqa: F811
    """`review --advise`: each call decision is a row of the turn list between the
    discards, as the JSON lines order them, with the choice, the best option and the
    loss; clicking it shows every option with the JSON's values; the summary counts
    them (agreement, points lost, the total) and the worst decisions link to them."""
    out = report(FIXTURE, tmp_path / "calls.html", "--advise", "--seat", "1")
    lines = review_json(FIXTURE, "--advise", "--seat", "1")
    calls = [t for t in lines if t["kind"] == "call"]
    turns = [t for t in lines if t["kind"] == "discard"]
    assert calls, "the fixture has call decisions"
    pg = browser.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(out.as_uri())
    # The rows in the order of the lines.
    kinds = pg.locator("#turns tbody tr").evaluate_all("rs => rs.map(r => r.classList.contains('callrow') ? 'call' : 'discard')")
    assert kinds == [t["kind"] for t in lines]
    rows = pg.locator("#turns tr.callrow")
    expect(rows).to_have_count(len(calls))
    for j, c in enumerate(calls):
        row = rows.nth(j)
        assert row.locator("[data-tile]").first.get_attribute("data-tile") == c["offer"]
        assert row.locator('[data-k="chosen"]').text_content().startswith(c["chosen"])
        assert row.locator('[data-k="best"]').text_content().startswith(c["best"])
        lost = row.locator('[data-k="lost"]')
        if c["loss"] >= 0.5:
            assert float(lost.get_attribute("data-v")) == c["loss"]
            assert abs(float(lost.text_content().split()[0]) - c["loss"]) <= 0.5
        else:
            assert lost.text_content() == "nothing"
        assert ("large" in row.get_attribute("class")) == c["large"]
    # The worst call decision: its detail lists every option with the JSON's values.
    j, c = max(enumerate(calls), key=lambda x: x[1]["loss"])
    assert c["loss"] >= 500 and c["large"], c
    rows.nth(j).click()
    expect(pg.locator("#cur-where")).to_contain_text(f'{c["round"]}-{c["honba"]} · call decision after turn {c["turn"]}')
    opts = pg.locator("#cur-options tbody tr")
    expect(opts).to_have_count(len(c["options"]))
    for k, o in enumerate(c["options"]):
        r = opts.nth(k)
        label = o["option"] + (" " + o["call"] if "call" in o else "")
        assert r.get_attribute("data-option") == label
        assert float(r.locator('[data-k="ev"]').get_attribute("data-v")) == o["ev"]
        assert float(r.locator('[data-k="win"]').get_attribute("data-v")) == o["win"]
        assert ("chosen" in (r.get_attribute("class") or "")) == (label == c["chosen"])
    expect(pg.locator("#cur-options tr.best")).to_have_attribute("data-option", c["best"])
    expect(pg.locator("#cur-lost .large-badge")).to_have_text("large loss")
    shot(pg, "review-report-call", full=False)
    # The right arrow goes on to the discard after it.
    at = sum(1 for t in lines[: lines.index(c)] if t["kind"] == "discard")
    nxt = turns[min(at, len(turns) - 1)]
    pg.keyboard.press("ArrowRight")
    expect(pg.locator("#cur-where")).to_contain_text(f'{nxt["round"]}-{nxt["honba"]} · turn {nxt["turn"]} ·')
    assert pg.locator("#cur-options").count() == 0
    # The summary counts them.
    valued = [c for c in calls if c["loss"] is not None]
    agree = sum(c["agree"] for c in valued)
    expect(pg.locator("#sum-calls")).to_contain_text(f"{agree} of {len(valued)}")
    call_lost = sum(c["loss"] for c in valued)
    assert abs(float(pg.locator("#sum-call-lost").text_content()) - call_lost) <= 0.5
    ev = sum(t["ev_loss"] for t in turns if not t["forced"] and t["ev_loss"] is not None)
    riichi = sum(t["riichi_loss"] for t in turns if not t["forced"] and t["riichi_loss"] is not None)
    total = float(pg.locator("#sum-total").text_content().split()[0])
    assert abs(total - (ev + riichi + call_lost)) <= 0.5
    # The worst decisions list it first (it lost the most) and link to it.
    first = pg.locator("#worst li a").first
    assert first.get_attribute("data-call") == str(j)
    pg.locator("#turns tr.turn").first.click()
    first.click()
    expect(pg.locator("#cur-options")).to_be_visible()
    assert errors == []
    pg.close()


def test_review_view_loads_a_log_by_file_input(server, page):  # noqa: F811
    page.goto(server + "/")
    page.locator("#review summary").click()
    page.set_input_files("#review-file", str(FIXTURE))
    frame = page.frame_locator("#review-frame")
    expect(page.locator("#review-frame")).to_be_visible()
    expect(frame.locator("#players button")).to_have_count(4)
    turns = review_json(FIXTURE)
    expect(frame.locator("#turns tr.turn")).to_have_count(len(turns))
    expect(frame.locator("#rounds tr.round")).to_have_count(2)
    expect(page.locator("#review-save")).to_be_visible()
    # One seat.
    page.select_option("#review-seat", "1")
    expect(frame.locator("#summary h2")).to_contain_text("(seat 1)")
    expect(frame.locator("#turns tr.turn")).to_have_count(len(review_json(FIXTURE, "--seat", "1")))
    page.locator("#review-frame").scroll_into_view_if_needed()
    shot(page, "review-view", full=False)
    # A URL is not fetched: the page says so.
    page.fill("#review-paste", "https://tenhou.net/0/?log=2019081518gm-00a9-0000-cce9d00c&tw=0")
    page.locator("#review-go").click()
    expect(page.locator("#review-status")).to_contain_text("URL is not fetched")
    # Text that is not a log: the server's message.
    page.fill("#review-paste", "hello")
    page.locator("#review-go").click()
    expect(page.locator("#review-status")).to_contain_text("not a game log")
