#!/usr/bin/env python3
"""Generate random complete hands as `tenpai score -` requests (JSON Lines).

Deterministic (seeded). Each hand: a pair and four melds, some of them calls (chi, pon,
open or closed kan), sometimes seven pairs; a random winning tile among the concealed
tiles, red fives, tsumo or ron, riichi when closed, winds, one or two dora indicators
(and ura with riichi). Hands without yaku are kept here; the benchmark wrapper keeps
only those `tenpai score` can score (see scripts/bench-score.sh).

usage: scripts/gen-score-hands.py [N] [SEED] > hands.jsonl
"""
import json
import random
import sys

SUITS = "mpsz"


def name(k):
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def gen(rng):
    counts = [0] * 34
    groups = []  # (kind, 'seq'|'trip'|'quad'|'pair')

    def take(ks):
        if any(counts[k] + ks.count(k) > 4 for k in set(ks)):
            return False
        for k in ks:
            counts[k] += 1
        return True

    if rng.random() < 0.06:  # seven pairs
        kinds = rng.sample(range(34), 7)
        tiles = [k for k in kinds for _ in range(2)]
        return tiles, [], None
    while True:
        p = rng.randrange(34)
        if take([p, p]):
            groups.append((p, "pair"))
            break
    while len(groups) < 5:
        r = rng.random()
        if r < 0.6:
            s = rng.randrange(3)
            n = rng.randrange(7)
            k = s * 9 + n
            if take([k, k + 1, k + 2]):
                groups.append((k, "seq"))
        elif r < 0.95:
            k = rng.randrange(34)
            if take([k] * 3):
                groups.append((k, "trip"))
        else:
            k = rng.randrange(34)
            if take([k] * 4):
                groups.append((k, "quad"))
    melds = groups[1:]
    n_calls = rng.choice([0, 0, 0, 1, 1, 2, 3])
    calls = []
    concealed = [groups[0][0]] * 2
    order = list(range(4))
    rng.shuffle(order)
    called = set(order[:n_calls])
    for i, (k, shape) in enumerate(melds):
        tiles = [k, k + 1, k + 2] if shape == "seq" else [k] * (4 if shape == "quad" else 3)
        if shape == "quad":
            calls.append(("[" if (i not in called) else "(", tiles))
        elif i in called:
            calls.append(("(", tiles))
        else:
            concealed += tiles
    return concealed, calls, None


def fmt(tiles, reds):
    out = ""
    for s in range(4):
        ds = sorted(t % 9 + 1 for t in tiles if t // 9 == s)
        if not ds:
            continue
        digits = []
        red_used = False
        for d in ds:
            if d == 5 and s < 3 and reds[s] and not red_used:
                digits.append("0")
                red_used = True
            else:
                digits.append(str(d))
        out += "".join(digits) + SUITS[s]
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 4)
    for _ in range(n):
        concealed, calls, _ = gen(rng)
        reds = [rng.random() < 0.5 for _ in range(3)]
        every = concealed + [t for _, ts in calls for t in ts]
        for s in range(3):
            if every.count(s * 9 + 4) == 4:
                reds[s] = True  # all four fives held: one of them is the red one
        used_red = [False] * 3
        parts = []
        # red five goes to the concealed part when it has a five of that suit
        creds = [reds[s] and any(t == s * 9 + 4 for t in concealed) for s in range(3)]
        parts.append(fmt(concealed, creds))
        for s in range(3):
            used_red[s] = creds[s]
        for br, tiles in calls:
            s = tiles[0] // 9
            red = s < 3 and reds[s] and not used_red[s] and (s * 9 + 4) in tiles
            if red:
                used_red[s] = True
            close = ")" if br == "(" else "]"
            parts.append(br + fmt(tiles, [red if i == s else False for i in range(3)]) + close)
        # Indicators are tiles of the same 136: never a fifth copy with the hand and
        # each other (the scorer refuses that as impossible).
        seen = [every.count(k) for k in range(34)]

        def indicator():
            while True:
                k = rng.randrange(34)
                if seen[k] < 4:
                    seen[k] += 1
                    return name(k)

        win = name(rng.choice(concealed))
        closed = all(br == "[" for br, _ in calls)
        riichi = closed and rng.random() < 0.5
        req = {
            "hand": " ".join(parts),
            "win": win,
            "tsumo": rng.random() < 0.45,
            "riichi": riichi,
            "round_wind": rng.choice("EEES"),
            "seat_wind": rng.choice("ESWN"),
            "dora": [indicator() for _ in range(rng.choice([1, 1, 2]))],
            "ura": [indicator()] if riichi else [],
            "honba": rng.choice([0, 0, 1, 2]),
            "riichi_sticks": rng.choice([0, 0, 1]),
        }
        print(json.dumps(req, separators=(",", ":")))


if __name__ == "__main__":
    main()
