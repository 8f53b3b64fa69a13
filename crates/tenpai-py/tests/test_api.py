"""The Python API against the CLI's --json answers, and its typed objects."""
import json

import pytest

import tenpai
from conftest import BENCH_HANDS, run_cli

SUITS = "mpsz"


def corpus_hands(shared, per_file=2500):
    """Hands of the shanten corpus (34-kind indices) in mpsz, with the expected
    shanten per form from the corpus (regular, kokushi, chiitoitsu)."""
    out = []
    for f in sorted((shared / "corpus/shanten").glob("*.txt")):
        for line in f.read_text().splitlines()[:per_file]:
            nums = list(map(int, line.split()))
            kinds, expect = nums[:14], nums[14:]
            out.append((mpsz(kinds), expect))
    return out


def mpsz(kinds):
    return "".join(
        "".join(str(k % 9 + 1) for k in sorted(kinds) if k // 9 == s) + SUITS[s]
        for s in range(4) if any(k // 9 == s for k in kinds))


def test_shanten_matches_cli_and_corpus(shared, cli):
    hands = corpus_hands(shared)
    ours = [tenpai.Hand(h).shanten().to_dict() for h, _ in hands]
    theirs = run_cli(cli, ["shanten", "-", "--json"], "\n".join(h for h, _ in hands) + "\n")
    assert ours == theirs
    for (h, (reg, koku, chii)), d in zip(hands, ours):
        assert (d["regular"], d["kokushi"], d["chiitoitsu"]) == (reg, koku, chii), h
    many = tenpai.shanten_many([h for h, _ in hands])
    assert many == [d["shanten"] for d in ours]


def test_waits_ukeire_decompose_match_cli(shared, cli):
    hands = corpus_hands(shared, per_file=300)
    h14 = [h for h, _ in hands]
    # 13-tile hands: the 14-tile ones without their first tile.
    h13 = [h[1:] if h[1].isdigit() else h[2:] for h in h14]
    for args, hs, fn in (
        (["ukeire", "-", "--json"], h14, lambda h: tenpai.Hand(h).ukeire().to_dict()),
        (["ukeire", "-", "--json"], h13, lambda h: tenpai.Hand(h).ukeire().to_dict()),
        (["ukeire", "-", "--json", "--visible", "1m5p7z"], h13,
         lambda h: _or_err(lambda: tenpai.Hand(h).ukeire(visible="1m5p7z").to_dict())),
        (["waits", "-", "--json"], h13, lambda h: tenpai.Hand(h).waits().to_dict()),
        (["decompose", "-", "--json"], h14, lambda h: tenpai.Hand(h).decompose().to_dict()),
    ):
        theirs = run_cli(cli, args, "\n".join(hs) + "\n")
        ours = [fn(h) for h in hs]
        for o, t in zip(ours, theirs):
            if "error" in t:
                assert "error" in o, (o, t)
            else:
                assert o == t
    d = tenpai.Hand(h14[0]).discards()
    assert d.to_dict() == tenpai.Hand(h14[0]).ukeire().to_dict()


def _or_err(f):
    try:
        return f()
    except tenpai.TenpaiError as e:
        return {"error": str(e)}


def test_score_many_matches_cli(cli):
    reqs = [json.loads(l) for l in BENCH_HANDS.read_text().splitlines()]
    theirs = run_cli(cli, ["score", "-", "--json"], BENCH_HANDS.read_text())
    ours = tenpai.score_many(reqs)
    assert [r.to_dict() for r in ours] == theirs
    assert [r.to_json() for r in ours] == [json.dumps(t, separators=(",", ":"), ensure_ascii=False)
                                           for t in theirs]
    # JSON Lines bytes (read and scored without the GIL): the same, byte for byte.
    assert [r.to_json() for r in tenpai.score_many(BENCH_HANDS.read_bytes())] == [
        r.to_json() for r in ours]
    # One at a time with keywords: the same.
    for q, t in zip(reqs[:200], theirs):
        q = dict(q)
        r = tenpai.score(q.pop("hand"), **q)
        assert r.to_dict() == t
        assert (r.han, r.fu, r.points, r.limit, r.yaku) == (t["han"], t["fu"], t["points"], t["limit"], t["yaku"])


def test_replay_matches_cli(shared, cli):
    raw = shared / "corpus/tenhou/raw"
    lines = run_cli(cli, ["replay", str(raw), "--json"])
    # The CLI also writes the score track ("round" and "game" lines); the Python
    # replay's wins are its "win" lines.
    theirs = [v for v in lines if v["type"] == "win"]
    assert len(theirs) > 1000 and len(lines) > len(theirs)
    rep = tenpai.replay(raw)
    assert [w.to_dict() for w in rep.wins] == theirs
    s = rep.summary()
    assert s["wins"] == len(theirs) and s["disagreements"] == 0
    assert s["agreements"] + s["skipped_3_player"] == s["wins"]


def test_read_log_and_win_score(shared):
    files = tenpai.log_files(shared / "corpus/tenhou/raw")
    n = 0
    for f in files[:400]:
        try:
            g = tenpai.read_log(f)
        except tenpai.LogError as e:
            assert e.file is not None or e.message
            continue
        for w in g.wins:
            if g.players != 4:
                continue
            r = w.score()
            assert r.points == w.recorded["points"]
            n += 1
    assert n > 100


def test_typed_objects():
    h = tenpai.Hand("123m456p789s1122z")
    s = h.shanten()
    assert (s.shanten, s.regular, s.chiitoitsu, s.kokushi) == (0, 0, 4, 8)
    assert s.is_tenpai and not s.is_complete
    w = h.waits()
    assert w.tenpai and w.waits == ["1z", "2z"]
    u = h.ukeire(visible=["1z", "1z"])
    assert u.tiles == ["1z", "2z"] and u.left == [0, 2] and u.count == 2
    d = tenpai.Hand("1112345678999m1z").discards()
    assert d.best["discard"] == "1z" and d.best["ukeire_count"] == 23
    assert len(tenpai.Hand("11123450999s (678m)").decompose()) == 1
    r = tenpai.score("234567m34088p67s5s", riichi=True, tsumo=True, seat_wind="S", dora="1m",
                     ura=["7p"], honba=1, riichi_sticks=2)
    assert (r.han, r.fu, r.limit, r.points, r.total_received) == (8, 20, "baiman", 16000, 18300)
    assert r.payments == {"dealer": 8000, "non_dealer": 4000}
    assert r == tenpai.Hand("234567m34088p67s5s").score(win="5s", riichi=True, tsumo=True, seat_wind="S",
                                                          dora="1m", ura="7p", honba=1,
                                                          riichi_sticks=2)
    assert "score" in (tenpai.score.__doc__ or "").lower()
