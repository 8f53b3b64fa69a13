"""Prepared requests (tenpai.ScoreRequest) and lazy answers.

A prepared request scores to the answer of score() with the same arguments, which is
the CLI's (`tenpai score -`); its construction raises the reading errors score()
raises (class and message), the hand's own errors come when it is scored; the lazily
given fields of an answer (han, fu, points... read from the engine's evaluation)
equal those of the full answer built on demand; score_many takes prepared requests
mixed with dicts and strings."""
import json
import pickle

import pytest

import tenpai
from conftest import BENCH_HANDS, run_cli
from test_score_paths import outcome, variants

# The fields a ScoreResult gives without building the full answer.
LAZY = ("han", "fu", "limit", "points", "payments", "total_received", "wait", "dealer",
        "tsumo", "rules", "pao")


def bench_requests():
    return [json.loads(line) for line in BENCH_HANDS.read_text().splitlines()]


def corpus_requests(shared, files=200):
    """The scoring requests of the wins in the corpus logs (pao, three-player rules,
    red fives, honba... as the logs have them)."""
    out = []
    for f in tenpai.log_files(shared / "corpus/tenhou/raw")[:files]:
        try:
            g = tenpai.read_log(f)
        except tenpai.LogError:
            continue
        out.extend(w.request for w in g.wins)
    return out


def split(req):
    kw = dict(req)
    return kw.pop("hand"), kw


def cli_outcome(line):
    """The CLI's answer line as outcome() gives ours: the answer's JSON, or the error
    message (the class is not in the CLI's line)."""
    if "error" in line:
        return ("error", line["error"])
    return json.dumps(line, separators=(",", ":"), ensure_ascii=False)


def loose(o):
    return ("error", o[1]) if isinstance(o, tuple) else o


def test_prepared_answers_equal_keywords_and_cli(shared, cli):
    reqs = bench_requests() + corpus_requests(shared)
    assert any("pao" in r for r in reqs) and any(r.get("rules", "").endswith("sanma")
                                                 for r in reqs)
    theirs = run_cli(cli, ["score", "-", "--json"], "".join(json.dumps(r) + "\n" for r in reqs))
    assert len(theirs) == len(reqs)
    prepared = []
    for req, line in zip(reqs, theirs):
        hand, kw = split(req)
        kw_out = outcome(lambda: tenpai.score(hand, **kw))
        try:
            q = tenpai.ScoreRequest(hand, **kw)
        except Exception as e:  # a reading error: exactly score()'s
            assert (type(e).__name__, str(e)) == kw_out, req
            assert loose(kw_out) == cli_outcome(line), req
            continue
        prepared.append((q, kw_out))
        assert outcome(q.score) == kw_out, req
        assert outcome(lambda: tenpai.score(q)) == kw_out, req
        assert loose(kw_out) == cli_outcome(line), req
    assert len(prepared) > 1800
    many = tenpai.score_many([q for q, _ in prepared], errors="return")
    got = [(type(r).__name__, str(r)) if isinstance(r, Exception) else r.to_json() for r in many]
    assert got == [o for _, o in prepared]
    # Scored again, the same: a prepared request is reusable.
    assert [r.to_json() for r in tenpai.score_many([q for q, o in prepared[:300]
                                                   if not isinstance(o, tuple)])] == [
        o for _, o in prepared[:300] if not isinstance(o, tuple)]


def prepare(req):
    """The prepared request, or None when reading it fails."""
    hand, kw = split(req)
    try:
        return tenpai.ScoreRequest(hand, **kw)
    except tenpai.TenpaiError:
        return None


def test_lazy_fields_equal_full_answer(shared):
    reqs = bench_requests() + corpus_requests(shared)
    n = 0
    for batch in (tenpai.score_many(reqs, errors="return"),
                  tenpai.score_many(b"".join(json.dumps(r).encode() + b"\n" for r in reqs),
                                    errors="return"),
                  [tenpai.ScoreRequest(h, **kw).score() for h, kw in map(split, reqs[:1500])
                   if not isinstance(outcome(lambda: tenpai.score(h, **kw)), tuple)],
                  # A batch of prepared requests alone (answers left in shared blocks).
                  tenpai.score_many([q for q in map(prepare, reqs) if q is not None],
                                    errors="return")):
        for r in batch:
            if isinstance(r, Exception):
                continue
            # Read before anything builds the full answer, then compared with it.
            lazy = tuple(getattr(r, k) for k in LAZY)
            d = r.to_dict()
            assert lazy == tuple(d.get(k) for k in LAZY), d
            assert lazy == tuple(getattr(r, k) for k in LAZY)
            n += 1
    assert n > 4000
    # Keyword calls (lazy too).
    for req in reqs[:500]:
        hand, kw = split(req)
        try:
            r = tenpai.score(hand, **kw)
        except tenpai.TenpaiError:
            continue
        lazy = tuple(getattr(r, k) for k in LAZY)
        assert lazy == tuple(r.to_dict().get(k) for k in LAZY)


def test_prepared_errors_equal_score_errors():
    """Every variant (winds spelled several ways, bad tiles, bad rules, counters out of
    range, ...): construction then score() gives what score() gives, the reading
    errors at construction."""
    cases = list(variants(bench_requests(), 2000, seed=31))
    at_construction = at_scoring = 0
    for hand, kw in cases:
        ref = outcome(lambda: tenpai.score(hand, **kw))
        try:
            q = tenpai.ScoreRequest(hand, **kw)
        except Exception as e:
            assert (type(e).__name__, str(e)) == ref, (str(hand), kw)
            at_construction += 1
            continue
        got = outcome(q.score)
        assert got == ref, (str(hand), kw)
        at_scoring += isinstance(got, tuple)
    assert at_construction > 50 and at_scoring > 50
    h = "123m456p789s11777z"
    reading = [
        dict(tsumoo=True), dict(tsumo=1), dict(honba="1"), dict(honba=-1), dict(honba=2**80),
        dict(dora=[1, 2]), dict(dora=["1m"] * 100000), dict(dora=("1m",) * 65),
        dict(seat_wind="X"), dict(kazoe="sometimes"), dict(rules="nope"), dict(win="\x00"),
        dict(win="9x"), dict(win=7), dict(red_fives_count=2), dict(pao=7), dict(discarder=1, tsumo=True),
        {"ura dora": "1m"}, dict(dora=[None]),
    ]
    for kw in reading:
        ref = outcome(lambda: tenpai.score(h, **kw))
        assert isinstance(ref, tuple), kw
        with pytest.raises(Exception) as e:
            tenpai.ScoreRequest(h, **kw)
        assert (type(e.value).__name__, str(e.value)) == ref, kw
    for hand in ["123x", "", "1m" * 1_000_000, "(" * 100000, "123m456p789s11111z"]:
        with pytest.raises(tenpai.TenpaiError) as e:
            tenpai.ScoreRequest(hand)
        assert (type(e.value), str(e.value)) == (type(ref_err(hand)), str(ref_err(hand)))
    # The hand's own errors come when it is scored, as score() raises them.
    for hand, kw, kind in [("234m456p789s11z (789m)", {}, tenpai.NoYakuError),
                           ("123m456p789s1177z", {}, tenpai.InvalidRequestError),
                           (h, dict(ippatsu=True), tenpai.InvalidRequestError),
                           (h, dict(nukidora=1), tenpai.InvalidRequestError),
                           (h, dict(win="1m", tsumo=True, houtei=True), tenpai.InvalidRequestError)]:
        q = tenpai.ScoreRequest(hand, **kw)
        with pytest.raises(kind) as e:
            q.score()
        assert str(e.value) == str(ref_err(hand, **kw))


def ref_err(hand, **kw):
    try:
        tenpai.score(hand, **kw)
    except Exception as e:
        return e
    raise AssertionError("no error")


def test_prepared_bad_input_raises():
    h = "123m456p789s11777z"
    for bad in [None, 123, 1.5, b"123m", ["123m"], object(), {"hand": h}]:
        with pytest.raises(TypeError):
            tenpai.ScoreRequest(bad)
    with pytest.raises(TypeError):
        tenpai.ScoreRequest()
    with pytest.raises(TypeError, match="positional"):
        tenpai.ScoreRequest(h, "7z")
    q = tenpai.ScoreRequest(h, win="7z", riichi=True, dora="2m", ura=["3m"])
    with pytest.raises(TypeError, match="takes no options"):
        tenpai.score(q, tsumo=True)
    with pytest.raises(TypeError, match="takes no options"):
        tenpai.ScoreRequest(q, tsumo=True)
    assert tenpai.ScoreRequest(q) == q and tenpai.ScoreRequest(q).score() == q.score()
    with pytest.raises(AttributeError):
        q.hand = "123m456p789s11z222z"
    with pytest.raises(TypeError):
        tenpai.score_many([q, None])
    with pytest.raises(TypeError):
        q.score(1)
    big = tenpai.score_many([q] * 100_000)
    assert len(big) == 100_000 and big[0] == big[-1] == q.score()
    assert big[0].yaku == q.score().yaku


def test_score_many_mixes_prepared_dicts_and_strings():
    h = "123m456p789s11777z"
    items = [
        tenpai.ScoreRequest(h, tsumo=True),
        {"hand": h, "riichi": True, "dora": "6z"},
        "234m456p789s11z (789m)",                 # no yaku
        tenpai.ScoreRequest("234m456p789s11z (789m)"),  # no yaku, prepared
        {"hand": "123x"},                          # parse error
        h,
        tenpai.ScoreRequest("123m99p(555z)(666z)(777z)", win="9p", seat_wind="S", pao=2,
                            discarder=1),
        tenpai.ScoreRequest("111m456p789s11777z", rules="tenhou-sanma", nukidora=1,
                            tsumo=True),
    ]
    refs = [outcome(lambda: tenpai.score(x)) if isinstance(x, tenpai.ScoreRequest)
            else outcome(lambda: tenpai.score(x)) if isinstance(x, str)
            else outcome(lambda: tenpai.score(x["hand"], **{k: v for k, v in x.items()
                                                           if k != "hand"}))
            for x in items]
    out = tenpai.score_many(items * 40, errors="return")
    got = [(type(r).__name__, str(r)) if isinstance(r, Exception) else r.to_json() for r in out]
    assert got == refs * 40
    assert [type(r).__name__ for r in out[:5]] == [
        "ScoreResult", "ScoreResult", "NoYakuError", "NoYakuError", "ParseError"]
    assert out[6].pao is not None and out[6].pao == json.loads(refs[6])["pao"]
    with pytest.raises(tenpai.NoYakuError) as e:
        tenpai.score_many(items)
    assert e.value.index == 2
    # Prepared requests alone (the block path): the same answers, errors and index.
    prepared = [x for x in items if isinstance(x, tenpai.ScoreRequest)] * 40
    prefs = [r for x, r in zip(items, refs) if isinstance(x, tenpai.ScoreRequest)] * 40
    out = tenpai.score_many(prepared, errors="return")
    assert [(type(r).__name__, str(r)) if isinstance(r, Exception) else r.to_json()
            for r in out] == prefs
    with pytest.raises(tenpai.NoYakuError) as e:
        tenpai.score_many(prepared)
    assert e.value.index == 1


def test_pickle_equality_and_json():
    reqs = bench_requests()[:300]
    qs = [tenpai.ScoreRequest(h, **kw) for h, kw in map(split, reqs)]
    qs.append(tenpai.ScoreRequest("123m99p(555z)(666z)(777z)", win="9p", seat_wind="S", pao=2,
                                  discarder=1))
    qs.append(tenpai.ScoreRequest("111m456p789s11777z", rules="tenhou-sanma", nukidora=1,
                                  tsumo=True))
    back = pickle.loads(pickle.dumps(qs))
    assert back == qs and [hash(q) for q in back] == [hash(q) for q in qs]
    assert [q.score() for q in back] == [q.score() for q in qs]
    assert qs[0] != qs[1] and qs[0] != "x"
    # to_dict() is a request: read back from it, the same request.
    for q in qs:
        d = q.to_dict()
        hand = d.pop("hand")
        assert tenpai.ScoreRequest(hand, **d) == q
        assert repr(q).startswith(f"ScoreRequest({json.dumps(q.hand)}, win=")
    assert "win=" in repr(qs[0]) and qs[0].hand and qs[0].win


def test_prepared_to_json_is_read_by_the_cli(cli):
    qs = [tenpai.ScoreRequest(h, **kw) for h, kw in map(split, bench_requests()[:300])]
    theirs = run_cli(cli, ["score", "-", "--json"], "".join(q.to_json() + "\n" for q in qs))
    assert [q.score().to_dict() for q in qs] == theirs


def test_help_is_useful():
    import inspect

    sig = inspect.signature(tenpai.ScoreRequest)
    assert list(sig.parameters)[:3] == ["hand", "win", "tsumo"]
    doc = tenpai.ScoreRequest.__doc__
    assert "score_many" in doc and "raises" in doc
    assert "prepared ScoreRequest" in tenpai.score.__doc__
    assert "ScoreRequest" in tenpai.score_many.__doc__


def test_docstring_examples_run():
    import doctest

    for name, doc in [("ScoreRequest", tenpai.ScoreRequest.__doc__), ("tenpai", tenpai.__doc__)]:
        test = doctest.DocTestParser().get_doctest(doc, {"tenpai": tenpai}, name, None, 0)
        result = doctest.DocTestRunner(verbose=False).run(test)
        assert result.failed == 0 and result.attempted >= 3, name


def test_every_request_field_is_a_keyword_everywhere():
    """The request's fields come from one table in the library (`REQUEST_FIELDS`); the
    keywords the checked signature takes are built from it. Two copies are text and
    checked here: the text signatures of `score` and `ScoreRequest` (what `help()` and
    `inspect` show) and the type stub `_tenpai.pyi`: each lists exactly the fields, in
    their order."""
    import ast
    import inspect
    import pathlib

    fields = list(tenpai.REQUEST_FIELDS)
    assert fields[0] == "hand" and len(fields) == len(set(fields))
    for f in (tenpai.score, tenpai.ScoreRequest):
        assert list(inspect.signature(f).parameters) == fields, f
    for name in fields[1:]:  # each keyword is taken (a None keeps the default)
        tenpai.ScoreRequest("123m456p789s11222z", **{name: None})
    stub = ast.parse((pathlib.Path(tenpai.__file__).parent / "_tenpai.pyi").read_text())
    seen = 0
    for node in ast.walk(stub):
        if isinstance(node, ast.FunctionDef) and node.name in ("score", "__init__"):
            a = node.args
            params = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg != "self"]
            if params[:1] != ["hand"]:  # `ScoreRequest.score`, the overload of a prepared request
                continue
            assert params == fields, node.name
            seen += 1
    assert seen == 2
