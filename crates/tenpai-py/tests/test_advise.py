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


def test_advise_offer_matches_cli(cli):
    for hand, offer, extra, kw in [
        ("123m456p789s1122z", "1z", [], {}),
        ("234m66p678s689s77z", "7z", ["--from", "across"], {"from_": "across"}),
        ("678m67m123p456s11z", "5m", ["--kuikae"], {"kuikae": True}),
    ]:
        theirs = run_cli(cli, ["advise", hand, "--offer", offer, "--draws", "3", "--json"] + extra)
        ours = tenpai.advise(hand, draws=3, offer=offer, **kw)
        assert ours.to_dict() == theirs[0]
        assert ours.best == ours.options[0]["option"] or ours.best.startswith(
            ours.options[0]["option"])


def test_advise_riichi_or_dama(cli):
    theirs = run_cli(cli, ["advise", "123m456m789s13p9p11z", "--draws", "4", "--json"])
    ours = tenpai.advise("123m456m789s13p9p11z", draws=4)
    assert ours.to_dict() == theirs[0]
    rows = [d for d in ours.discards if d["shanten"] == 0]
    assert rows and all(isinstance(d["declare"], bool) for d in rows)


def test_advise_offer_bad_input():
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.advise("234m66p678s689s77z", offer="7s", from_="across", call="chi")
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.advise("234m66p678s689s77z", from_="across")
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.advise("1111m234p567s889s", offer="1m")
    with pytest.raises(tenpai.InvalidRequestError):
        tenpai.advise("678m67m123p456s11z", offer="5m", call="chi", discard="8m")
