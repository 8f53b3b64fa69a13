"""The fast path of score()/score_many() (Python values read straight into the typed
situation) against the request path (the request as `tenpai score -` reads it, the
library's score_request): the same answer, or the same error, on the benchmark hands
and variants of them (winds spelled several ways, indicators as str/list/tuple, rule
presets and switches, win tile left out, a tenpai.Hand, invalid values)."""
import json
import random

import tenpai
from conftest import BENCH_HANDS

WINDS = ["E", "S", "W", "N", "e", "s", "south", "West", "1z", "2z", "3z", "4z", "X", "5z"]


def outcome(f):
    try:
        r = f()
    except Exception as e:  # the error, compared by type and message
        return (type(e).__name__, str(e))
    return r.to_json()


def reference(hand, kw):
    """The request path: a None in a request dict sends score_many to it (the fast
    path gives up on anything unusual)."""
    req = dict(kw, hand=hand, kazoe=kw.get("kazoe"))
    r = tenpai.score_many([req], errors="return")[0]
    return (type(r).__name__, str(r)) if isinstance(r, Exception) else r.to_json()


def variants(reqs, n, seed=12):
    rng = random.Random(seed)
    for _ in range(n):
        kw = dict(rng.choice(reqs))
        hand = kw.pop("hand")
        for k in ("tsumo", "riichi", "ippatsu", "double_riichi", "haitei", "rinshan"):
            if rng.random() < 0.15:
                kw[k] = not kw.get(k, False)
        if rng.random() < 0.3:
            kw["seat_wind"] = rng.choice(WINDS)
        if rng.random() < 0.3:
            kw["round_wind"] = rng.choice(WINDS)
        if rng.random() < 0.3 and kw.get("dora"):
            kw["dora"] = rng.choice(["".join(kw["dora"]), tuple(kw["dora"]), kw["dora"] + ["9x"]])
        if rng.random() < 0.2:
            kw.pop("win", None)
        if rng.random() < 0.2:
            kw["rules"] = rng.choice(["majsoul", "tenhou", "nope", "tenhou-sanma", "ema"])
        if rng.random() < 0.1:
            kw["kiriage"] = True
        if rng.random() < 0.1:
            kw["double_wind_fu"] = rng.choice([2, 4, 3])
        if rng.random() < 0.1:
            kw["honba"] = rng.choice([0, 3, 1000, 1001])
        if rng.random() < 0.05:
            kw["win"] = rng.choice(["5m", "0p", "9z", "1s"])
        if rng.random() < 0.1:
            hand = tenpai.Hand(hand)
        yield hand, kw


def test_fast_path_equals_request_path():
    reqs = [json.loads(line) for line in BENCH_HANDS.read_text().splitlines()]
    cases = list(variants(reqs, 3000))
    errors = 0
    fast_many = tenpai.score_many([dict(kw, hand=h) for h, kw in cases if isinstance(h, str)],
                                  errors="return")
    i = 0
    for hand, kw in cases:
        ref = reference(str(hand), kw)
        assert outcome(lambda: tenpai.score(hand, **kw)) == ref, (str(hand), kw)
        if isinstance(hand, str):
            r = fast_many[i]
            i += 1
            got = (type(r).__name__, str(r)) if isinstance(r, Exception) else r.to_json()
            assert got == ref, (hand, kw)
        errors += isinstance(ref, tuple)
    # Both answers and errors were compared.
    assert 100 < errors < len(cases) - 1000


def test_red_fives_count_on_both_paths():
    # Two red 5p: 4-aka scores them (tanyao + 2 aka dora, 3 han 30 fu, 3900 as a
    # non-dealer ron); the usual set refuses the second with the parser's error; both
    # paths agree, keyword or request dict.
    hand = "234m456p00p(345s)(678s)"
    kw = dict(win="6p", seat_wind="S")
    four = tenpai.score(hand, red_fives_count=4, **kw)
    assert (four.han, four.fu, four.points) == (3, 30, 3900)
    assert outcome(lambda: tenpai.score(hand, red_fives_count=4, **kw)) == reference(
        hand, dict(kw, red_fives_count=4)
    )
    three = outcome(lambda: tenpai.score(hand, **kw))
    assert "a second red five 0p" in three[1], three
    assert three == reference(hand, kw)
    clash = outcome(lambda: tenpai.score(hand, red_fives=False, red_fives_count=4, **kw))
    assert "disagree" in clash[1], clash
    assert "red_fives_count" in tenpai.REQUEST_FIELDS


class Text(str):
    """A str subclass: score() reads it through its checked signature."""


def test_unusual_keywords_and_values_equal_request_path():
    """score() reads its keyword dict itself; keys and values that are no plain str
    (subclasses), every tile and wind spelling of its lookup table and beyond it, and
    wrong calls give what the checked signature / the request path give."""
    reqs = [json.loads(line) for line in BENCH_HANDS.read_text().splitlines()]
    texts = [f"{d}{s}" for d in range(10) for s in "mpsz"] + [
        "E", "S", "W", "N", "e", "1z ", "5mr", "", "55m", "3m7z", "x", "EE"]
    rng = random.Random(5)
    for i in range(600):
        kw = dict(rng.choice(reqs))
        hand = kw.pop("hand")
        key = rng.choice(["win", "round_wind", "seat_wind", "dora", "ura"])
        text = rng.choice(texts)
        value = Text(text) if i % 3 == 0 else text
        kw[key] = [value] if key in ("dora", "ura") and i % 2 else value
        if i % 5 == 0:
            kw = {Text(k): v for k, v in kw.items()}
        ref = reference(hand, {str(k): v for k, v in kw.items()})
        assert outcome(lambda: tenpai.score(hand, **kw)) == ref, (hand, kw)
    hand = "123m456p789s11222z"
    for call in (lambda: tenpai.score(), lambda: tenpai.score(hand, "x"),
                 lambda: tenpai.score(hand, bogus=1), lambda: tenpai.score(hand=hand),
                 lambda: tenpai.score(hand, **{"tsumo": True, "Tsumo": True})):
        kind, message = outcome(call)
        assert kind == "TypeError" and message.startswith("score() "), message
    assert tenpai.score(hand, tsumo=True, riichi=None) == tenpai.score(hand, tsumo=True)
