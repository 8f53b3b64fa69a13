"""``tenpai.review(path, seat=..., html=...)``: the turns equal ``tenpai review
--json``'s, ``seat="all"`` every player's, ``html=`` writes the very page
``tenpai review --html`` writes (nothing when it fails), and ``.to_pandas()`` is a
DataFrame of the turns."""

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
    want = run_cli(cli, ["review", str(LOG), "--json", "--advise"])
    df = tenpai.review(LOG, advise=True).to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert len(df) == len(want)
    assert list(df["discard"]) == [t["discard"] for t in want]
    assert list(df["ev"]) == [t["ev"] for t in want]
    assert list(df["round_name"]) == [f'{t["round"]}-{t["honba"]}' for t in want]
    free = df[~df["forced"]]
    assert free["agree"].mean() == sum(t["agree"] for t in want if not t["forced"]) / len(free)
    assert list(df.loc[df["mistake"], "turn"]) == [1, 2]
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
