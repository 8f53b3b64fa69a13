#!/usr/bin/env python3
"""Score requests with the Python `mahjong` library (an independent implementation) and
write its answers as a test oracle for crates/tenpai/tests/it/score_python_oracle.rs.

usage: scripts/gen-score-hands.py 800 5 | scripts/make-python-oracle.py \\
           > crates/tenpai/tests/data/python_mahjong_oracle.jsonl

Each output line: {"req": <request>, "py": {"error": "..."} or {"han", "fu", "total",
"yakuman", "yaku": [names in tenpai's contract]}}; `total` includes honba and sticks.
Rules as on Tenhou (see bench-score-python.py). Python `mahjong` 2.1.0 was used.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import importlib.util

spec = importlib.util.spec_from_file_location(
    "bsp", os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-score-python.py")
)
bsp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bsp)

NAMES = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Daburu Riichi": "double_riichi",
    "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Pinfu": "pinfu",
    "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Yakuhai (haku)": "haku",
    "Yakuhai (hatsu)": "hatsu", "Yakuhai (chun)": "chun", "Chiitoitsu": "chiitoitsu",
    "Chantai": "chanta", "Ittsu": "ittsu", "Sanshoku Doujun": "sanshoku",
    "Sanshoku Doukou": "sanshoku_doukou", "San Kantsu": "sankantsu", "Toitoi": "toitoi",
    "San Ankou": "sanankou", "Shou Sangen": "shousangen", "Honroutou": "honroutou",
    "Ryanpeikou": "ryanpeikou", "Junchan": "junchan", "Honitsu": "honitsu",
    "Chinitsu": "chinitsu", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Daisangen": "daisangen", "Suu Ankou": "suuankou", "Suu Ankou Tanki": "suuankou_tanki",
    "Tsuu Iisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou",
    "Chuuren Poutou": "chuuren", "Daburu Chuuren Poutou": "junsei_chuuren",
    "Kokushi Musou": "kokushi", "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Dai Suushii": "daisuushii", "Shou Suushii": "shousuushii", "Suu Kantsu": "suukantsu",
}


def name(y):
    s = str(y)
    if s in NAMES:
        return NAMES[s]
    if re.fullmatch(r"Yakuhai \(seat wind \w+\)", s):
        return "seat_wind"
    if re.fullmatch(r"Yakuhai \(round wind \w+\)", s):
        return "round_wind"
    for prefix, ours in (("Aka Dora ", "aka_dora"), ("Ura Dora ", "ura_dora"), ("Dora ", "dora")):
        if s.startswith(prefix):
            return ours
    raise SystemExit(f"unknown yaku name {s!r}: extend NAMES")


def main():
    calc = bsp.HandCalculator()
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        t, w, m, d, c, u = bsp.convert(req)
        r = calc.estimate_hand_value(t, w, melds=m, dora_indicators=d, config=c, ura_dora_indicators=u)
        if r.error:
            py = {"error": r.error}
        else:
            py = {
                "han": r.han,
                "fu": r.fu,
                "total": r.cost["total"],
                "yakuman": any(y.is_yakuman for y in r.yaku),
                "yaku": sorted({name(y) for y in r.yaku}),
            }
        print(json.dumps({"req": req, "py": py}, separators=(",", ":")))


if __name__ == "__main__":
    main()
