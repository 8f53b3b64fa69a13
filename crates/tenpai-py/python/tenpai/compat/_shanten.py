"""``mahjong.shanten.Shanten`` backed by tenpai (re-exported by
:mod:`tenpai.compat.mahjong`, where users import it from)."""

from __future__ import annotations

from typing import Sequence

import tenpai

# ---- mahjong.shanten.Shanten ------------------------------------------------------

_TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _check_counts(tiles_34: Sequence[int], is_three_player: bool) -> int:
    """The library's checks of a hand for its regular shanten, with its messages."""
    if len(tiles_34) != 34:
        raise ValueError(f"tiles_34 must have 34 counts, not {len(tiles_34)}")
    count = sum(tiles_34)
    if is_three_player and any(tiles_34[1:8]):
        raise ValueError("Invalid tile for three player")
    if count > 14:
        raise ValueError(f"Too many tiles = {count}")
    if count % 3 == 0:
        raise ValueError(f"Invalid tile count = {count}. Valid counts: 1, 2, 4, 5, 7, 8, 10, 11, 13, 14.")
    if any(n < 0 or n > 4 for n in tiles_34):
        raise ValueError("each kind is held 0 to 4 times")
    return count


class Shanten:
    """``mahjong.shanten.Shanten`` backed by tenpai: the same methods, arguments,
    answers and errors. Hands are 34-kind counts (``TilesConverter.to_34_array``); a
    hand of fewer than 13 tiles counts its missing melds as called, as the library
    does. The regular form is tenpai's exact shanten (the four-copy limit honoured);
    seven pairs and thirteen orphans count pairs and kinds as the library does."""

    TENPAI_STATE = 0
    """Hand is tenpai: one tile away from winning."""

    AGARI_STATE = -1
    """Hand is complete (agari)."""

    @staticmethod
    def calculate_shanten(tiles_34: Sequence[int], use_chiitoitsu: bool = True,
                          use_kokushi: bool = True, is_three_player: bool = False) -> int:
        """The least shanten over the regular form, seven pairs and thirteen orphans
        (these two only for 13 or 14 tiles, and when asked for)."""
        count = _check_counts(tiles_34, is_three_player)
        results = [Shanten.calculate_shanten_for_regular_hand(tiles_34, is_three_player)]
        if count >= 13:
            if use_chiitoitsu:
                results.append(Shanten.calculate_shanten_for_chiitoitsu_hand(tiles_34))
            if use_kokushi:
                results.append(Shanten.calculate_shanten_for_kokushi_hand(tiles_34))
        return min(results)

    @staticmethod
    def calculate_shanten_for_chiitoitsu_hand(tiles_34: Sequence[int]) -> int:
        """Seven pairs: 6 - pairs (+ the kinds missing below seven); four of a kind is
        one pair."""
        pairs = sum(1 for x in tiles_34 if x >= 2)
        if pairs == 7:
            return Shanten.AGARI_STATE
        kinds = sum(1 for x in tiles_34 if x >= 1)
        return 6 - pairs + (7 - kinds if kinds < 7 else 0)

    @staticmethod
    def calculate_shanten_for_kokushi_hand(tiles_34: Sequence[int]) -> int:
        """Thirteen orphans: 13 - the terminal and honor kinds held - 1 with a pair of
        one."""
        kinds = sum(1 for i in _TERMINALS_AND_HONORS if tiles_34[i])
        pair = any(tiles_34[i] >= 2 for i in _TERMINALS_AND_HONORS)
        return 13 - kinds - (1 if pair else 0)

    @staticmethod
    def calculate_shanten_for_regular_hand(tiles_34: Sequence[int],
                                           is_three_player: bool = False) -> int:
        """Four melds and a pair (fewer melds for fewer tiles: the others as called),
        by tenpai's engine; ``is_three_player``: 2m-8m are not in the game."""
        _check_counts(tiles_34, is_three_player)
        return tenpai._tenpai.shanten_counts([int(n) for n in tiles_34], bool(is_three_player))[0]
