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
    with pytest.raises(tenpai.InvalidRequestError, match="draws must be between 0 and 30"):
        tenpai.advise(HANDS[0], draws=-1)
    with pytest.raises(tenpai.TenpaiError):
        tenpai.advise(HANDS[0], changes=3)  # above the limit of 2 changes
    with pytest.raises(tenpai.TenpaiError):
        tenpai.advise(HANDS[0], draws=31)  # more draws than a game has
    with pytest.raises(tenpai.TenpaiError):
        tenpai.advise(HANDS[0], visible="3333z")  # a fifth 3z with the hand's


def test_advise_rows_say_their_budget():
    # K = 0: the discards that raise the shanten are valued with one change.
    a = tenpai.advise("123m456p789s1134z5z", draws=3, changes=0).to_dict()
    assert (a["changes"], a["changes_requested"]) == (0, 0)
    raising = [d for d in a["discards"] if d["shanten"] > a["shanten"]]
    assert raising and all(d["changes"] == 1 for d in raising)
    assert all(d["changes"] == 0 for d in a["discards"] if d["shanten"] == a["shanten"])
