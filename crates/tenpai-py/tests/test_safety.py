"""tenpai.safety against `tenpai safety --json` (needs the CLI built from the same tree)."""
import pytest

import tenpai
from conftest import run_cli

HAND = "23467m3055p1788s3z"


def test_safety_matches_cli(cli):
    theirs = run_cli(cli, ["safety", HAND, "--river", "19m4z7p2s6z3m8p", "--riichi-at", "5",
                           "--after", "5z", "--visible", "1z2z", "--dora", "4p", "--json"])
    ours = tenpai.safety(HAND, river="19m4z7p2s6z3m8p", riichi_at=5, after=["5z"],
                         visible="1z2z", dora="4p")
    assert ours.to_dict() == theirs[0]
    assert ours.tiles[0]["tile"] == "3m" and ours.tiles[0]["deal_in"] == 0.0
    two = tenpai.safety("123m456p789s1122z5z",
                        opponents=[{"river": "5z19m"}, {"river": "3p", "calls": "[7777z]"}])
    for t in two.tiles:
        a, b = (o["deal_in"] for o in t["per_opponent"])
        assert abs(t["deal_in"] - (1 - (1 - a) * (1 - b))) < 1e-12


def test_safety_expected_loss(cli):
    theirs = run_cli(cli, ["safety", HAND, "--river", "19m4z7p2s6z3m8p", "--after", "5z",
                           "--dora", "4p", "--seat", "E", "--round", "S", "--rules", "majsoul",
                           "--json"])
    ours = tenpai.safety(HAND, river="19m4z7p2s6z3m8p", after="5z", dora="4p", seat="E",
                         round="S", rules="majsoul")
    assert ours.to_dict() == theirs[0]
    for t in ours.tiles:
        assert t["expected_loss"] >= 1000 * t["deal_in"]
        assert t["expected_loss"] == t["per_opponent"][0]["expected_loss"]
    dealer = tenpai.safety("123m456p789s1122z5z", opponents=[{"river": "5z19m", "seat": "E"}])
    other = tenpai.safety("123m456p789s1122z5z", opponents=[{"river": "5z19m"}])
    for a, b in zip(dealer.tiles, other.tiles):
        assert a["deal_in"] == b["deal_in"]
        assert a["expected_loss"] >= b["expected_loss"]
    with pytest.raises(tenpai.InvalidRequestError, match="no preset"):
        tenpai.safety(HAND, river="1z", rules="house")


def test_safety_bad_input():
    with pytest.raises(TypeError):
        tenpai.safety(None, river="1z")
    with pytest.raises(tenpai.TenpaiError, match="river"):
        tenpai.safety(HAND, river="1x")
    with pytest.raises(tenpai.InvalidRequestError, match="riichi index 9 is past the river"):
        tenpai.safety(HAND, river="19m", riichi_at=9)
    with pytest.raises(tenpai.InvalidRequestError, match="no riichi opponent"):
        tenpai.safety(HAND)
    with pytest.raises(tenpai.InvalidRequestError, match="unknown key"):
        tenpai.safety(HAND, opponents=[{"rivr": "1z"}])
    with pytest.raises(tenpai.TenpaiError, match="5 copies of 5p"):
        tenpai.safety(HAND, river="1z", visible="55p")


def test_safety_open_tenpai(cli):
    theirs = run_cli(cli, ["safety", HAND, "--river", "19m4z7p2s6z3m8p", "--open-tenpai",
                           "--calls", "(234s)(678m)", "--visible", "1z2z", "--json"])
    ours = tenpai.safety(HAND, river="19m4z7p2s6z3m8p", calls="(234s)(678m)", visible="1z2z",
                         tenpai=True)
    assert ours.to_dict() == theirs[0]
    # The expected loss: at least the cheapest ron (1000) times the chance.
    assert all(t["expected_loss"] >= 1000 * t["deal_in"] - 1e-9 for t in ours.tiles)
    assert any(t["expected_loss"] > 0 for t in ours.tiles)
    listed = tenpai.safety(HAND, visible="1z2z", opponents=[
        {"river": "19m4z7p2s6z3m8p", "calls": "(234s)(678m)", "tenpai": True}])
    assert listed.to_dict() == ours.to_dict()
    with pytest.raises(tenpai.InvalidRequestError, match="not in riichi"):
        tenpai.safety(HAND, river="19m", riichi_at=0, calls="(555z)", tenpai=True)
