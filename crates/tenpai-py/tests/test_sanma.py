"""Three-player scoring from Python: the `nukidora` and `sanma_tsumo` keywords give
the CLI's answer (`tenpai score --rules tenhou-sanma --nukidora N --json`)."""

import json
import subprocess

import pytest

import tenpai


CASES = [
    # (hand, options, CLI flags)
    ("111m999p123s66655z", {"tsumo": True, "nukidora": 2},
     ["--tsumo", "--nukidora", "2"]),
    ("111m99p123456789s", {"riichi": True, "nukidora": 1, "dora": ["3z"]},
     ["--riichi", "--nukidora", "1", "--dora", "3z"]),
    ("123p456p789p11z (999m)", {"win": "1z", "tsumo": True, "sanma_tsumo": "split",
                                "seat_wind": "S", "rules": "majsoul-sanma"},
     ["--win", "1z", "--tsumo", "--sanma-tsumo", "split", "--seat", "S"]),
]


@pytest.mark.parametrize("hand,options,flags", CASES)
def test_sanma_score_equals_cli(cli, hand, options, flags):
    rules = options.get("rules", "tenhou-sanma")
    opts = dict(options, rules=rules)
    got = tenpai.score(hand, **opts).to_dict()
    out = subprocess.run([str(cli), "score", hand, "--rules", rules, *flags, "--json"],
                         check=True, capture_output=True, text=True).stdout
    assert got == json.loads(out)


def test_nukidora_counts_and_mixed_rules_are_refused():
    base = tenpai.score("111m999p123s66655z", tsumo=True, rules="tenhou-sanma")
    two = tenpai.score("111m999p123s66655z", tsumo=True, rules="tenhou-sanma", nukidora=2)
    assert two.han == base.han + 2
    with pytest.raises(tenpai.TenpaiError):
        tenpai.score("111m999p123s66655z", tsumo=True, nukidora=1)  # four players
    with pytest.raises(tenpai.TenpaiError):
        tenpai.score("234m999p123s44455z", tsumo=True, rules="tenhou-sanma")  # 2m-4m
    with pytest.raises(ValueError):
        tenpai.score("111m999p123s66655z", tsumo=True, rules="tenhou-sanma",
                     sanma_tsumo="half")
