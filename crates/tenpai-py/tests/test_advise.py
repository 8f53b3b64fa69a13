"""tenpai.advise against `tenpai advise --json` (needs the CLI built from the same tree)."""
import pytest

import tenpai
from conftest import run_cli

HANDS = ["123m456p789s11223z", "123m456p789s1122z", "234m567p11s456789s"]


def test_advise_matches_cli(cli):
    for h in HANDS:
        theirs = run_cli(cli, ["advise", h, "--draws", "6", "--json"])
        ours = tenpai.advise(h, draws=6)
        assert ours.to_dict() == theirs[0]
    theirs = run_cli(cli, ["advise", HANDS[0], "--draws", "4", "--changes", "0", "--riichi",
                           "never", "--dora", "1z", "--seat", "S", "--sort", "win", "--json"])
    ours = tenpai.advise(HANDS[0], draws=4, changes=0, riichi="never", dora="1z", seat_wind="S",
                         sort="win")
    assert ours.to_dict() == theirs[0]
    assert ours.discards[0]["discard"] == theirs[0]["discards"][0]["discard"]


def test_advise_bad_input():
    with pytest.raises(TypeError):
        tenpai.advise(None)
    with pytest.raises(tenpai.ParseError):
        tenpai.advise("123x")
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.advise(HANDS[0], riichi="sometimes")
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.advise(HANDS[0], seat_wind="X")
    with pytest.raises(OverflowError):
        tenpai.advise(HANDS[0], draws=-1)
    with pytest.raises(tenpai.TenpaiError):
        tenpai.advise("19m19p19s1234z5566z", changes=2)  # beyond the search's limits
