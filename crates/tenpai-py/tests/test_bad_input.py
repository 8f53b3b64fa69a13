"""Bad input from Python raises a clear exception, never crashes the interpreter."""
import pytest

import tenpai


@pytest.mark.parametrize("bad", [None, 123, 1.5, b"123m", ["123m"], object()])
def test_hand_wrong_type(bad):
    with pytest.raises(TypeError, match="must be a str"):
        tenpai.Hand(bad)


@pytest.mark.parametrize("text,pos", [("123x", 3), ("", 0), ("123m456p789s11111z", None),
                                      ("00m", None), ("123", None), ("8z", 0)])
def test_hand_invalid_text(text, pos):
    with pytest.raises(tenpai.ParseError) as e:
        tenpai.Hand(text)
    assert isinstance(e.value, ValueError) and isinstance(e.value, tenpai.TenpaiError)
    assert e.value.message and str(e.value) == e.value.message
    if pos is not None:
        assert e.value.position == pos


def test_huge_and_odd_strings():
    for text in ["1m" * 1_000_000, "\x00" * 1000, "🀄" * 10000, "(" * 100000, "1" * 10**6 + "m"]:
        with pytest.raises(tenpai.TenpaiError):
            tenpai.Hand(text)
        with pytest.raises(tenpai.TenpaiError):
            tenpai.score(text)
    with pytest.raises(UnicodeEncodeError):
        tenpai.Hand("\ud800")  # a lone surrogate cannot be read as UTF-8


def test_score_bad_options():
    h = "123m456p789s11777z"
    with pytest.raises(TypeError, match="unexpected keyword"):
        tenpai.score(h, tsumoo=True)
    with pytest.raises(TypeError, match="tsumo"):
        tenpai.score(h, tsumo=1)
    with pytest.raises(TypeError, match="honba must be an int"):
        tenpai.score(h, honba="1")
    with pytest.raises(TypeError, match="honba must be an int"):
        tenpai.score(h, honba=True)
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.score(h, honba=-1)
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.score(h, honba=2**80)
    with pytest.raises(TypeError):
        tenpai.score(h, dora=[1, 2])
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.score(h, dora=["1m"] * 100000)
    with pytest.raises(tenpai.TenpaiError):
        tenpai.score(h, seat_wind="X")
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.score(h, kazoe="sometimes")
    with pytest.raises(tenpai.TenpaiError):
        tenpai.score(h, rules="nope")
    with pytest.raises(tenpai.NoYakuError):
        tenpai.score("234m456p789s11z (789m)")
    with pytest.raises(TypeError):
        tenpai.score(None)
    with pytest.raises(TypeError):
        tenpai.score()


def test_batches_bad_input():
    with pytest.raises(TypeError):
        tenpai.shanten_many(None)
    with pytest.raises(TypeError):
        tenpai.shanten_many("123m456p789s1122z")
    with pytest.raises(TypeError, match=r"hands\[1\]"):
        tenpai.shanten_many(["123m456p789s1122z", 5])
    with pytest.raises(tenpai.ParseError) as e:
        tenpai.shanten_many(["123m456p789s1122z", "123x"])
    assert e.value.index == 1 and e.value.position == 3
    assert tenpai.shanten_many([]) == []
    big = tenpai.shanten_many(["123m456p789s1122z"] * 200_000)
    assert len(big) == 200_000 and set(big) == {0}
    with pytest.raises(TypeError):
        tenpai.score_many([{"hand": "123m456p789s11777z"}, 42])
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.score_many([{"tsumo": True}])
    with pytest.raises(TypeError):
        tenpai.score_many([{"hand": "123m456p789s11777z", "bogus": 1}])
    with pytest.raises(TypeError):
        tenpai.score_many({"hand": "123m456p789s11777z"})
    with pytest.raises(ValueError):
        tenpai.score_many([], errors="ignore")
    out = tenpai.score_many(["123m456p789s11777z", "123x", "234m456p789s11z (789m)"], errors="return")
    assert isinstance(out[0], tenpai.ScoreResult)
    assert isinstance(out[1], tenpai.ParseError) and isinstance(out[2], tenpai.NoYakuError)
    with pytest.raises(tenpai.NoYakuError, match="item 2"):
        tenpai.score_many(["123m456p789s11777z", "123m456p789s11777z", "234m456p789s11z (789m)"])


def test_generators_and_tuples():
    assert tenpai.shanten_many(h for h in ["123m456p789s1122z"]) == [0]
    assert len(tenpai.score_many(("123m456p789s11777z",))) == 1


def test_score_pickles():
    import pickle
    f = pickle.loads(pickle.dumps(tenpai.score))
    assert f("123m456p789s11777z", tsumo=True) == tenpai.score("123m456p789s11777z", tsumo=True)


def test_logs_bad_input(tmp_path):
    p = tmp_path / "x.mjlog"
    p.write_bytes(b"\x1f\x8b garbage")
    with pytest.raises(tenpai.LogError) as e:
        tenpai.read_log(p)
    assert isinstance(e.value, ValueError)
    rep = tenpai.replay([p])
    assert rep.wins == [] and len(rep.errors) == 1
    with pytest.raises(FileNotFoundError):
        tenpai.log_files(tmp_path / "missing")
    with pytest.raises(TypeError):
        tenpai.replay([1, 2])
    with pytest.raises(TypeError):
        tenpai.read_log(None)


def test_score_many_json_lines_bad_lines():
    good = b'{"hand": "123m456p789s11777z", "win": "7z"}'
    data = b"\n".join([good, b"", b'{"hand": "123m456p789s11777z", "riichii": true}',
                       b"\xff\xfe", b'{"hand": 5}', b"{", b"123m456p789s11777z", b"   ",
                       good + b"\r", b'{"hand": "123m456p789s11777z", "honba": 5000}'])
    out = tenpai.score_many(data, errors="return")
    assert len(out) == 8  # blank lines skipped
    assert [type(x).__name__ for x in out] == [
        "ScoreResult", "InvalidRequestError", "InvalidRequestError", "InvalidRequestError",
        "InvalidRequestError", "ScoreResult", "ScoreResult", "InvalidRequestError"]
    assert 'did you mean "riichi"' in str(out[1])
    assert "UTF-8" in str(out[2])
    assert "honba 5000 is out of range" in str(out[7])
    assert out[0] == out[5] == out[6]
    with pytest.raises(tenpai.InvalidRequestError) as e:
        tenpai.score_many(data)
    assert e.value.index == 1
    assert tenpai.score_many(b"") == [] and tenpai.score_many(b"\n\n") == []


def test_score_call_shapes():
    h = "123m456p789s11777z"
    with pytest.raises(TypeError, match="positional"):
        tenpai.score(h, "7z")
    with pytest.raises(TypeError, match="positional"):
        tenpai.score(hand=h)
    with pytest.raises(TypeError, match="positional"):
        tenpai.score(h, hand=h)
    with pytest.raises(TypeError, match="unexpected keyword"):
        tenpai.score(h, **{"ura dora": "1m"})
    with pytest.raises(TypeError, match="dora entries must be a str"):
        tenpai.score(h, dora=[None])
    with pytest.raises(TypeError):
        tenpai.score(h, win=7)
    with pytest.raises(TypeError):
        tenpai.score(h, tsumo="yes")
    # None keeps the default, as leaving the option out does.
    assert tenpai.score(h, tsumo=None, win=None, dora=None) == tenpai.score(h)
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.score(h, dora=("1m",) * 65)
    with pytest.raises(tenpai.InvalidRequestError, match="bad winning tile"):
        tenpai.score(h, win="\x00")
    with pytest.raises(TypeError, match="must be a bool"):
        tenpai.score_many([{"hand": h, "tsumo": None}])
    with pytest.raises(TypeError):
        tenpai.score_many([None])
    with pytest.raises(TypeError):
        tenpai.score_many(None)


def test_score_pickles():
    import pickle
    f = pickle.loads(pickle.dumps(tenpai.score))
    assert f("123m456p789s11777z", tsumo=True) == tenpai.score("123m456p789s11777z", tsumo=True)


def test_logs_bad_input(tmp_path):
    with pytest.raises(TypeError):
        tenpai.read_log(None)
    with pytest.raises(TypeError):
        tenpai.replay(None)
    with pytest.raises(TypeError):
        tenpai.replay([1, 2])
    with pytest.raises(FileNotFoundError):
        tenpai.log_files(tmp_path / "nope")
    junk = tmp_path / "junk.mjlog"
    junk.write_bytes(b"\x1f\x8b not gzip" * 100)
    with pytest.raises(tenpai.LogError):
        tenpai.read_log(junk)
    rep = tenpai.replay(tmp_path)
    assert rep.files_read == 0 and len(rep.errors) == 1 and rep.lines == []
    (tmp_path / "notes.txt").write_text("not a log")
    rep = tenpai.replay(tmp_path)
    assert rep.files_skipped == 1 and len(rep.errors) == 1


def test_numpy_bools_are_bools():
    np = pytest.importorskip("numpy")
    h = "123m456p789s11777z"
    assert tenpai.score(h, tsumo=np.bool_(True)) == tenpai.score(h, tsumo=True)
    assert tenpai.score_many([{"hand": h, "tsumo": np.bool_(True)}])[0] == tenpai.score(h, tsumo=True)
    with pytest.raises(TypeError, match="tsumo must be a bool"):
        tenpai.score(h, tsumo=np.int64(1))


# Issue 27, item 6: every advise option is checked by name, never PyO3's OverflowError
# or its "cannot be converted" message; bytes paths are paths.
@pytest.mark.parametrize("name,value,limit", [
    ("draws", 10**30, "between 0 and 30"), ("draws", -1, "between 0 and 30"),
    ("draws", 31, "between 0 and 30"), ("changes", 3, "between 0 and 2"),
    ("changes", -(10**30), "between 0 and 2"),
])
def test_advise_counts_out_of_range(name, value, limit):
    with pytest.raises(tenpai.InvalidRequestError, match=f"{name} must be {limit}"):
        tenpai.advise("123m456p789s11223z", **{name: value})


@pytest.mark.parametrize("name,value", [
    ("draws", "17"), ("draws", 1.5), ("draws", True), ("changes", [1]),
    ("riichi", 1), ("riichi", b"auto"), ("round_wind", 1), ("seat_wind", b"E"),
    ("rules", ["tenhou"]), ("sort", 3),
])
def test_advise_options_of_another_type(name, value):
    with pytest.raises(TypeError, match=f"^{name} must be an? (int|str), not "):
        tenpai.advise("123m456p789s11223z", **{name: value})


def test_advise_options_in_range_answer():
    h = "123m456p789s11223z"
    a = tenpai.advise(h, draws=6, changes=0, riichi="never")
    assert a.draws == 6
    assert tenpai.advise(h, draws=0).draws == 0
    # None keeps the default, as leaving the option out does (as in `score`).
    assert tenpai.advise(h, draws=6, riichi=None, sort=None) == tenpai.advise(h, draws=6)


def test_score_many_errors_option_is_checked():
    with pytest.raises(TypeError, match="errors must be a str, not int"):
        tenpai.score_many(["123m456p789s11777z"], errors=1)
    # None keeps the default ("raise"), as for every option.
    assert tenpai.score_many(["123m456p789s11777z"], errors=None) == tenpai.score_many(
        ["123m456p789s11777z"])


def test_bytes_paths_are_paths(tmp_path):
    import os
    import shutil
    src = os.path.join(os.path.dirname(__file__), "..", "..", "tenpai", "tests", "data",
                       "logs", "good.mjlog")
    p = tmp_path / "good.mjlog"
    shutil.copy(src, p)
    by_bytes = tenpai.read_log(os.fsencode(p))
    assert by_bytes.rounds == tenpai.read_log(str(p)).rounds == 1
    assert tenpai.log_files(os.fsencode(tmp_path)) == [str(p)]
    assert tenpai.replay([os.fsencode(p)]).files_read == 1


def test_every_tenpai_error_has_message_and_position():
    # Item 7: `.position` is None when the error has no place, on every TenpaiError.
    with pytest.raises(tenpai.InvalidRequestError) as e:
        tenpai.advise("123m456p789s11223z", draws=99)
    assert e.value.position is None and e.value.message == str(e.value)
    with pytest.raises(tenpai.ParseError) as e:
        tenpai.Hand("123x")
    assert e.value.position == 3
    with pytest.raises(tenpai.InvalidRequestError) as e:
        tenpai.score("123m456p789s11777z", rules="nope")
    assert e.value.position is None
