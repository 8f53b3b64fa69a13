"""``tenpai.review(path, seat=..., html=...)``: the turns equal ``tenpai review
--json``'s, ``seat="all"`` every player's, ``html=`` writes the very page
``tenpai review --html`` writes (nothing when it fails), and ``.to_pandas()`` is a
DataFrame of the turns (and with ``advise=True`` of the call decisions)."""

import json
import subprocess

import pytest

import tenpai
from conftest import ROOT, run_cli

DATA = ROOT / "crates/tenpai/tests/data"
LOG = DATA / "review/two_e1_rounds.mjlog"


def test_every_seat_and_the_html_equal_the_cli(cli, tmp_path):
    want = run_cli(cli, ["review", str(LOG), "--json", "--seat", "all"])
    out = tmp_path / "py.html"
    got = tenpai.review(LOG, seat="all", html=out)
    assert [t.to_dict() for t in got] == want
    assert {t.seat for t in got} == {0, 1, 2, 3}
    cli_out = tmp_path / "cli.html"
    subprocess.run([cli, "review", str(LOG), "--seat", "all", "--html", str(cli_out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == cli_out.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cli.html", "py.html"]


def test_a_dataframe_of_the_turns(cli):
    pd = pytest.importorskip("pandas")
    lines = run_cli(cli, ["review", str(LOG), "--json", "--advise"])
    want = [t for t in lines if t["kind"] == "discard"]
    review = tenpai.review(LOG, advise=True)
    # The records are the CLI's lines, in its order: discards and call decisions.
    assert [t.to_dict() for t in review] == lines
    assert [type(t).__name__ for t in review] == [
        "CallDecision" if t["kind"] == "call" else "ReviewTurn" for t in lines]
    df = review.to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert list(df["kind"]) == [t["kind"] for t in lines]
    d = df[df["kind"] == "discard"]
    assert len(d) == len(want) == len(review.turns)
    assert list(d["discard"]) == [t["discard"] for t in want]
    assert list(d["ev"]) == [t["ev"] for t in want]
    assert list(d["round_name"]) == [f'{t["round"]}-{t["honba"]}' for t in want]
    free = d[~d["forced"].astype(bool)]
    assert free["agree"].mean() == sum(t["agree"] for t in want if not t["forced"]) / len(free)
    assert list(d.loc[d["mistake"], "turn"]) == [1, 2]
    # The call rows: offered tile, choice, loss; a mistake when the choice lost.
    calls = [t for t in lines if t["kind"] == "call"]
    c = df[df["kind"] == "call"]
    assert len(calls) > 0 and len(c) == len(calls) == len(review.calls)
    assert list(c["offer"]) == [t["offer"] for t in calls]
    assert list(c["chosen"]) == [t["chosen"] for t in calls]
    assert list(c["loss"]) == [t["loss"] for t in calls]
    assert list(c["mistake"]) == [t["loss"] is not None and not t["agree"] for t in calls]
    assert tenpai.review(DATA / "logs/good.mjlog", seat=1).to_pandas().shape[0] == 1


def test_bad_input_writes_nothing(tmp_path):
    out = tmp_path / "r.html"
    with pytest.raises(tenpai.LogError):
        tenpai.review(DATA / "logs/not_a_log.txt", html=out)
    with pytest.raises(tenpai.InvalidRequestError, match="seat 4"):
        tenpai.review(LOG, seat=4, html=out)
    with pytest.raises(tenpai.InvalidRequestError, match="'every'"):
        tenpai.review(LOG, seat="every", html=out)
    with pytest.raises(tenpai.InvalidRequestError, match="cannot be written"):
        tenpai.review(LOG, html=tmp_path / "no" / "such" / "r.html")
    with pytest.raises(tenpai.InvalidRequestError, match="is a directory"):
        tenpai.review(LOG, html=tmp_path)
    assert list(tmp_path.iterdir()) == []
