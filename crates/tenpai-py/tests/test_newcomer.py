"""What a new user of the Python package meets first (issue 23): the hint for a
misspelt keyword, the version, the text of a score, the log commands the CLI has
(review, per-player stats, mjai convert), and the replay summary's keys."""
import importlib.metadata
import json
import pathlib
import subprocess

import pytest

import tenpai
from conftest import ROOT, run_cli

DATA = ROOT / "crates/tenpai/tests/data"


def test_misspelt_keywords_name_the_field(cli):
    # The CLI's and the API's hint (`seat` -> `seat_wind`), as a TypeError.
    with pytest.raises(TypeError, match="unexpected keyword argument 'seat' \\(did you mean 'seat_wind'\\?\\)"):
        tenpai.score("123m456p789s11222z", seat="S")
    with pytest.raises(TypeError, match="did you mean 'riichi'"):
        tenpai.ScoreRequest("123m456p789s11222z", riichii=True)
    with pytest.raises(TypeError, match='did you mean "seat_wind"'):
        tenpai.score_many([{"hand": "123m456p789s11222z", "seat": "S"}])
    # A keyword nothing is close to: Python's own message, without a hint.
    with pytest.raises(TypeError) as e:
        tenpai.score("123m456p789s11222z", xyzzy=1)
    assert "did you mean" not in str(e.value)
    # The other functions too (advise's winds are seat_wind and round_wind, as score's).
    with pytest.raises(TypeError, match="did you mean 'seat_wind'"):
        tenpai.advise("123m456p789s11223z", seat="S")
    with pytest.raises(TypeError, match="did you mean 'draws'"):
        tenpai.advise("123m456p789s11223z", draw=6)
    with pytest.raises(TypeError, match="did you mean 'visible'"):
        tenpai.Hand("123m456p789s11223z").ukeire(visble="1z")
    with pytest.raises(TypeError, match="did you mean 'seat'"):
        tenpai.review(DATA / "logs/good.mjlog", sat=1)
    # The CLI says the same of the same request.
    out = subprocess.run([cli, "score", "-", "--json"], input='{"hand": "123m456p789s11222z", "seat": "S"}\n',
                         capture_output=True, text=True)
    assert 'did you mean \\"seat_wind\\"' in out.stdout


def test_version(cli):
    assert tenpai.__version__ == importlib.metadata.version("tenpai")
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["tenpai", tenpai.__version__]


def test_str_of_a_score_is_the_cli_text(cli):
    args = ["234567m34088p67s5s", "--riichi", "--tsumo", "--seat", "S", "--dora", "1m", "--ura", "7p"]
    text = subprocess.run([cli, "score", *args], capture_output=True, text=True, check=True).stdout
    r = tenpai.score("234567m34088p67s5s", riichi=True, tsumo=True, seat_wind="S", dora="1m", ura=["7p"])
    assert str(r) == text.rstrip("\n")
    assert repr(r).startswith("ScoreResult(")


def test_review_equals_the_cli(cli):
    log = DATA / "review/two_e1_rounds.mjlog"
    for args, kw in ((["--seat", "0"], {"seat": 0}), (["--player", "Bob"], {"player": "Bob"}),
                     (["--advise"], {"advise": True})):
        want = run_cli(cli, ["review", str(log), "--json", *args])
        got = tenpai.review(log, **kw)
        assert [t.to_dict() for t in got] == want
        assert len(got) > 0
    turns = tenpai.review(log)
    assert [t.round_name for t in turns][:1] == ["E1-0"] and turns[-1].round_name == "E1-1"
    assert [t.turn for t in turns if t.is_mistake] == [1, 2]
    with pytest.raises(tenpai.InvalidRequestError, match="no player"):
        tenpai.review(log, player="nobody")
    with pytest.raises(tenpai.LogError):
        tenpai.review(DATA / "logs/not_a_log.txt")


def test_stats_per_player_equal_the_cli(cli):
    for paths in ([DATA / "sanma"], [DATA / "sanma/double_nukidora.json", DATA / "logs/good.mjlog"]):
        want = run_cli(cli, ["stats", *map(str, paths), "--json"])
        got = tenpai.stats(paths)
        assert [p.to_dict() for p in got] == want
        assert got.errors == []
    only = tenpai.stats(DATA / "sanma", player="TiccyWu")
    assert [p.player for p in only] == ["TiccyWu"]
    assert only.player("TiccyWu").to_dict() == run_cli(
        cli, ["stats", str(DATA / "sanma"), "--player", "TiccyWu", "--json"])[0]
    bad = tenpai.stats([DATA / "logs/good.mjlog", DATA / "logs/truncated.json"])
    assert len(bad.errors) == 1 and "truncated.json" in bad.errors[0] and bad.games == 1


def test_convert_to_mjai_equals_the_cli(cli):
    for log in (DATA / "logs/good.mjlog", DATA / "sanma/double_nukidora.json"):
        want = subprocess.run([cli, "convert", "--to", "mjai", str(log)], capture_output=True,
                              text=True, check=True).stdout
        got = tenpai.convert(log)
        assert got == want
        assert json.loads(got.splitlines()[0])["type"] == "start_game"
    with pytest.raises(tenpai.InvalidRequestError, match="mjai"):
        tenpai.convert(DATA / "logs/good.mjlog", to="tenhou")


def test_replay_summary_counts_as_the_cli(cli):
    rep = tenpai.replay(DATA / "sanma")
    s = rep.summary()
    text = subprocess.run([cli, "replay", str(DATA / "sanma")], capture_output=True, text=True).stdout
    assert f'files: {s["files_read"]} read, {s["files_not_read"]} not read, {s["files_skipped"]} skipped (not logs)' in text
    assert f'games: {s["games"]}, rounds: {s["rounds"]}, wins: {s["wins"]}' in text
    # Three-player wins are scored, not skipped.
    assert s["wins"] == s["agreements"] == 16 and s["skipped_3_player"] == 0
    doc = tenpai.summarize.__doc__ + tenpai.replay.__doc__ + (tenpai.__doc__ or "")
    assert "3-player skipped" not in doc
