"""A drop-in for the ``mahjong`` package's hand calculator, backed by tenpai.

Change ``from mahjong.hand_calculating.hand import HandCalculator`` to
``from tenpai.compat.mahjong import HandCalculator`` (likewise ``HandConfig``,
``OptionalRules``, ``Meld``, ``TilesConverter``)::

    from tenpai.compat.mahjong import HandCalculator, HandConfig, TilesConverter
    tiles = TilesConverter.string_to_136_array(man="22444", pin="333567", sou="444")
    win = TilesConverter.string_to_136_array(sou="4")[0]
    r = HandCalculator().estimate_hand_value(tiles, win)
    r.han, r.fu, r.cost["main"], [y.name for y in r.yaku]   # 1, 40, 1300, ['Tanyao']

Inputs are duck-typed: the ``mahjong`` package's own ``HandConfig``, ``OptionalRules``
and ``Meld`` objects work as well as the classes here. The answer is a
:class:`HandResponse` with the library's fields: ``han``, ``fu``, ``cost`` (``main``,
``additional``, ``main_bonus``, ``additional_bonus``, ``kyoutaku_bonus``, ``total``,
``yaku_level``), ``yaku`` (objects with the library's ``name``, ``yaku_id``,
``han_open``, ``han_closed``, ``is_yakuman``, sorted by id), ``fu_details``
(``{"fu", "reason"}`` with the library's reasons, largest first), ``error`` (the
library's error strings, e.g. ``"no_yaku"``, ``"hand_not_winning"``) and
``is_open_hand``.

Every other option maps onto a tenpai rule switch: ``has_open_tanyao``
(``open_tanyao``), ``has_aka_dora`` (``red_fives``), ``has_double_yakuman``
(``double_yakuman``), ``kazoe_limit`` (``kazoe``: ``yakuman``, ``sanbaiman``,
``unlimited``), ``kiriage``, ``fu_for_open_pinfu``, ``fu_for_pinfu_tsumo``,
``renhou_as_yakuman`` (``renhou_rule``), ``is_three_player`` (the ``tenhou-sanma``
preset: tsumo loss, 200 per honba on a ron) with ``num_nuki_dora`` (``nukidora``,
folded into the "Dora" entry as the library shows it), ``is_open_riichi``
(``open_riichi``, with riichi or double riichi) and ``has_sashikomi_yakuman``
(``sashikomi_yakuman``), ``is_nagashi_mangan`` (``nagashi_mangan``: the hand is not
read; paid as a ron unless ``is_tsumo``, as the library pays it), ``paarenchan``
(``paarenchan``: the library's 1 is the yakuman once, tenpai's ``paarenchan: 8``; the
seat, when not given, is the dealer's) with ``paarenchan_needs_yaku``,
``has_daisharin`` / ``has_daisharin_other_suits`` (``daisharin`` /
``daisharin_other_suits``), ``has_daichisei`` (``daichisei``),
``limit_to_sextuple_yakuman``, and ``scores_calculator_factory=Aotenjou`` (the
library's class, or this module's ``Aotenjou``: tenpai's ``aotenjou``, with the
library's payments: no honba or riichi sticks, the total as main plus two additional
payments).

Not supported (the answer then has ``error = "unsupported_option: <name>"``, never a
silently different score): ``paarenchan`` above 1 (the library counts the yakuman
that many times; a game has one paarenchan) or with a seat wind other than East,
``has_daisharin`` on an open hand of its tiles (the library awards it; the rules, and
tenpai, only to a closed hand), ``nuki`` melds, ``num_nuki_dora`` without
``is_three_player``, with
``is_three_player`` a hand holding 2m-8m or a 1m dora/ura indicator (not tiles of a
three-player game; the library keeps 1m -> 2m there), and another scores calculator.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

import tenpai
from tenpai.compat._shanten import Shanten

__all__ = [
    "HandCalculator",
    "HandConfig",
    "HandConstants",
    "ScoresCalculator",
    "Aotenjou",
    "HandResponse",
    "OptionalRules",
    "Meld",
    "TilesConverter",
    "Shanten",
    "Yaku",
    "EAST",
    "SOUTH",
    "WEST",
    "NORTH",
]

# Wind tiles as 34-kind indices, as the library numbers them.
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
_WIND_LETTER = {EAST: "E", SOUTH: "S", WEST: "W", NORTH: "N"}
# 136-tile ids of the red fives (one per suit).
_RED = {16, 52, 88}


class ScoresCalculator:
    """The library's standard scores calculator, as a name to pass as
    ``scores_calculator_factory`` (the default)."""


class Aotenjou(ScoresCalculator):
    """The library's aotenjou scores calculator, as a name to pass as
    ``scores_calculator_factory``: no limits (tenpai's ``aotenjou`` rule)."""


class HandConstants:
    """Kazoe (13+ counted han) limit modes."""

    KAZOE_LIMITED = 0
    KAZOE_SANBAIMAN = 1
    KAZOE_NO_LIMIT = 2


class OptionalRules:
    """Optional rules, with the library's names and defaults."""

    def __init__(
        self,
        has_open_tanyao: bool = False,
        has_aka_dora: bool = False,
        has_double_yakuman: bool = True,
        kazoe_limit: int = HandConstants.KAZOE_LIMITED,
        kiriage: bool = False,
        fu_for_open_pinfu: bool = True,
        fu_for_pinfu_tsumo: bool = False,
        renhou_as_yakuman: bool = False,
        has_daisharin: bool = False,
        has_daisharin_other_suits: bool = False,
        has_sashikomi_yakuman: bool = False,
        limit_to_sextuple_yakuman: bool = True,
        paarenchan_needs_yaku: bool = True,
        has_daichisei: bool = False,
        is_three_player: bool = False,
    ) -> None:
        self.has_open_tanyao = has_open_tanyao
        self.has_aka_dora = has_aka_dora
        self.has_double_yakuman = has_double_yakuman
        self.kazoe_limit = kazoe_limit
        self.kiriage = kiriage
        self.fu_for_open_pinfu = fu_for_open_pinfu
        self.fu_for_pinfu_tsumo = fu_for_pinfu_tsumo
        self.renhou_as_yakuman = renhou_as_yakuman
        self.has_daisharin = has_daisharin or has_daisharin_other_suits
        self.has_daisharin_other_suits = has_daisharin_other_suits
        self.has_sashikomi_yakuman = has_sashikomi_yakuman
        self.limit_to_sextuple_yakuman = limit_to_sextuple_yakuman
        self.paarenchan_needs_yaku = paarenchan_needs_yaku
        self.has_daichisei = has_daichisei
        self.is_three_player = is_three_player


class HandConfig(HandConstants):
    """The situation of a win, with the library's names and defaults."""

    def __init__(
        self,
        is_tsumo: bool = False,
        is_riichi: bool = False,
        is_ippatsu: bool = False,
        is_rinshan: bool = False,
        is_chankan: bool = False,
        is_haitei: bool = False,
        is_houtei: bool = False,
        is_daburu_riichi: bool = False,
        is_nagashi_mangan: bool = False,
        is_tenhou: bool = False,
        is_renhou: bool = False,
        is_chiihou: bool = False,
        is_open_riichi: bool = False,
        player_wind: Optional[int] = None,
        round_wind: Optional[int] = None,
        kyoutaku_number: int = 0,
        tsumi_number: int = 0,
        paarenchan: int = 0,
        num_nuki_dora: int = 0,
        options: Optional[OptionalRules] = None,
    ) -> None:
        self.is_tsumo = is_tsumo
        self.is_riichi = is_riichi
        self.is_ippatsu = is_ippatsu
        self.is_rinshan = is_rinshan
        self.is_chankan = is_chankan
        self.is_haitei = is_haitei
        self.is_houtei = is_houtei
        self.is_daburu_riichi = is_daburu_riichi
        self.is_nagashi_mangan = is_nagashi_mangan
        self.is_tenhou = is_tenhou
        self.is_renhou = is_renhou
        self.is_chiihou = is_chiihou
        self.is_open_riichi = is_open_riichi
        self.player_wind = player_wind
        self.round_wind = round_wind
        self.is_dealer = player_wind == EAST
        self.kyoutaku_number = kyoutaku_number
        self.tsumi_number = tsumi_number
        self.paarenchan = paarenchan
        self.num_nuki_dora = num_nuki_dora
        self.options = options or OptionalRules()


class Meld:
    """A call: ``Meld(Meld.PON, tiles=[...136 ids], opened=True)``."""

    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    SHOUMINKAN = "shouminkan"
    NUKI = "nuki"

    def __init__(self, meld_type: Optional[str] = None, tiles: Optional[Sequence[int]] = None,
                 opened: bool = True, called_tile: Optional[int] = None,
                 who: Optional[int] = None, from_who: Optional[int] = None) -> None:
        self.type = meld_type
        self.tiles = list(tiles or [])
        self.opened = opened
        self.called_tile = called_tile
        self.who = who
        self.from_who = from_who

    @property
    def tiles_34(self) -> List[int]:
        return [t // 4 for t in self.tiles]


class TilesConverter:
    """Conversions between strings, 136-tile ids and 34-kind counts."""

    @staticmethod
    def string_to_136_array(sou: Optional[str] = None, pin: Optional[str] = None,
                            man: Optional[str] = None, honors: Optional[str] = None,
                            has_aka_dora: bool = False) -> List[int]:
        """Digits per suit to 136 ids, each copy taking the next free id of its kind
        (``r`` or ``0`` is the red five when ``has_aka_dora``)."""
        out: List[int] = []
        for base, digits in ((0, man), (36, pin), (72, sou), (108, honors)):
            if not digits:
                continue
            used: Dict[int, int] = {}
            for ch in digits:
                if ch in "r0":
                    if base == 108:
                        raise ValueError("no red honor tiles")
                    out.append(base + 16)
                    continue
                kind = int(ch) - 1
                n = used.get(kind, 0)
                used[kind] = n + 1
                tid = base + kind * 4 + n
                if has_aka_dora and kind == 4 and base != 108 and n == 0:
                    tid += 1
                    used[kind] = n + 2
                out.append(tid)
        return out

    @staticmethod
    def to_34_array(tiles: Sequence[int]) -> List[int]:
        counts = [0] * 34
        for t in tiles:
            counts[t // 4] += 1
        return counts

    @staticmethod
    def to_136_array(tiles: Sequence[int]) -> List[int]:
        out = []
        for kind, n in enumerate(tiles):
            out.extend(kind * 4 + i for i in range(n))
        return out

    @staticmethod
    def to_one_line_string(tiles: Sequence[int], print_aka_dora: bool = False) -> str:
        return _mpsz(sorted(tiles), red=print_aka_dora)


class Yaku:
    """A yaku as the library names it: ``name``, ``yaku_id``, ``han_open``,
    ``han_closed``, ``is_yakuman``. ``str()`` is the name, with the count for the dora
    entries (``Dora 2``, ``Aka Dora 1``, ``Ura Dora 1``), as the library prints them."""

    __slots__ = ("yaku_id", "name", "han_open", "han_closed", "is_yakuman", "_text")

    def __init__(self, yaku_id: int, name: str, han_open: int, han_closed: int,
                 is_yakuman: bool, text: Optional[str] = None) -> None:
        self.yaku_id = yaku_id
        self.name = name
        self.han_open = han_open
        self.han_closed = han_closed
        self.is_yakuman = is_yakuman
        # What str() gives when the library's differs from the name ("Paarenchan 1").
        self._text = text or name

    def __str__(self) -> str:
        # The dora entries carry their count, as the library prints them ("Dora 2").
        if self.yaku_id in (120, 121, 122):
            return f"{self.name} {self.han_closed}"
        return self._text

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        # By name: the library's paarenchan writes its count in str() only.
        return getattr(other, "yaku_id", None) == self.yaku_id and \
            getattr(other, "name", str(other)) == self.name

    def __hash__(self) -> int:
        return hash(self.yaku_id)


# Our yaku names -> (the library's id, its name, han open, han closed).
_YAKU = {
    "menzen_tsumo": (0, "Menzen Tsumo", 0, 1),
    "riichi": (1, "Riichi", 0, 1),
    "ippatsu": (3, "Ippatsu", 0, 1),
    "chankan": (4, "Chankan", 1, 1),
    "rinshan": (5, "Rinshan Kaihou", 1, 1),
    "haitei": (6, "Haitei Raoyue", 1, 1),
    "houtei": (7, "Houtei Raoyui", 1, 1),
    "double_riichi": (8, "Double Riichi", 0, 2),
    "renhou": (11, "Renhou", 0, 5),
    "open_riichi": (2, "Open Riichi", 0, 2),
    "double_open_riichi": (9, "Double Open Riichi", 0, 3),
    "nagashi_mangan": (10, "Nagashi Mangan", 5, 5),
    "pinfu": (12, "Pinfu", 0, 1),
    "tanyao": (13, "Tanyao", 1, 1),
    "iipeikou": (14, "Iipeiko", 0, 1),
    "haku": (15, "Yakuhai (haku)", 1, 1),
    "hatsu": (16, "Yakuhai (hatsu)", 1, 1),
    "chun": (17, "Yakuhai (chun)", 1, 1),
    "sanshoku": (26, "Sanshoku Doujun", 1, 2),
    "ittsu": (27, "Ittsu", 1, 2),
    "chanta": (28, "Chantai", 1, 2),
    "honroutou": (29, "Honroutou", 2, 2),
    "toitoi": (30, "Toitoi", 2, 2),
    "sanankou": (31, "San Ankou", 2, 2),
    "sankantsu": (32, "San Kantsu", 2, 2),
    "sanshoku_doukou": (33, "Sanshoku Doukou", 2, 2),
    "chiitoitsu": (34, "Chiitoitsu", 0, 2),
    "shousangen": (35, "Shou Sangen", 2, 2),
    "honitsu": (36, "Honitsu", 2, 3),
    "junchan": (37, "Junchan", 2, 3),
    "ryanpeikou": (38, "Ryanpeikou", 0, 3),
    "chinitsu": (39, "Chinitsu", 5, 6),
    "dora": (120, "Dora", 1, 1),
    "aka_dora": (121, "Aka Dora", 1, 1),
    "ura_dora": (122, "Ura Dora", 0, 1),
}
_WIND_YAKU = {
    "E": ((18, "Yakuhai (seat wind east)"), (22, "Yakuhai (round wind east)")),
    "S": ((19, "Yakuhai (seat wind south)"), (23, "Yakuhai (round wind south)")),
    "W": ((20, "Yakuhai (seat wind west)"), (24, "Yakuhai (round wind west)")),
    "N": ((21, "Yakuhai (seat wind north)"), (25, "Yakuhai (round wind north)")),
}
# Our yakuman names -> (id, name, han open, han closed as a single yakuman).
_YAKUMAN = {
    "kokushi": (100, "Kokushi Musou", 0, 13),
    "chuuren": (101, "Chuuren Poutou", 0, 13),
    "suuankou": (102, "Suu Ankou", 0, 13),
    "daisangen": (103, "Daisangen", 13, 13),
    "shousuushii": (104, "Shousuushii", 13, 13),
    "ryuuiisou": (105, "Ryuuiisou", 13, 13),
    "suukantsu": (106, "Suu Kantsu", 13, 13),
    "tsuuiisou": (107, "Tsuu Iisou", 13, 13),
    "chinroutou": (108, "Chinroutou", 13, 13),
    "daisuushii": (111, "Dai Suushii", 13, 13),
    "kokushi_13": (112, "Kokushi Musou Juusanmen Matchi", 0, 13),
    "suuankou_tanki": (113, "Suu Ankou Tanki", 0, 13),
    "junsei_chuuren": (114, "Daburu Chuuren Poutou", 0, 13),
    "tenhou": (115, "Tenhou", 0, 13),
    "chiihou": (116, "Chiihou", 0, 13),
    "renhou": (117, "Renhou (yakuman)", 0, 13),
    "sashikomi": (118, "Sashikomi", 0, 13),
    "paarenchan": (119, "Paarenchan", 13, 13),
    "daisharin": (109, "Daisharin", 0, 13),
    "daisuurin": (109, "Daisuurin", 0, 13),
    "daichikurin": (109, "Daichikurin", 0, 13),
    "daichisei": (110, "Daichisei", 0, 13),
}
# Our fu reasons -> the library's.
_FU = {
    "open_pinfu": "hand_without_fu",
    "tsumo": "tsumo",
    "wait_kanchan": "kanchan",
    "wait_penchan": "penchan",
    "wait_tanki": "pair_wait",
    "pair_dragon": "valued_pair",
    "pair_seat_wind": "valued_pair",
    "pair_round_wind": "valued_pair",
    "pair_double_wind": "double_valued_pair",
    "open_triplet_simple": "open_pon",
    "open_triplet_terminal": "open_terminal_pon",
    "closed_triplet_simple": "closed_pon",
    "closed_triplet_terminal": "closed_terminal_pon",
    "open_quad_simple": "open_kan",
    "open_quad_terminal": "open_terminal_kan",
    "closed_quad_simple": "closed_kan",
    "closed_quad_terminal": "closed_terminal_kan",
}


class HandResponse:
    """The answer: ``cost``, ``han``, ``fu``, ``fu_details``, ``yaku``, ``error``,
    ``is_open_hand`` (every field but ``error`` is None for an error)."""

    def __init__(self, cost: Optional[Dict[str, Any]] = None, han: Optional[int] = None,
                 fu: Optional[int] = None, yaku: Optional[List[Yaku]] = None,
                 error: Optional[str] = None, fu_details: Optional[List[Dict[str, Any]]] = None,
                 is_open_hand: bool = False) -> None:
        self.cost = cost
        self.han = han
        self.fu = fu
        self.error = error
        self.is_open_hand = is_open_hand
        self.fu_details = sorted(fu_details, key=lambda x: x["fu"], reverse=True) if fu_details else None
        self.yaku = sorted(yaku, key=lambda y: y.yaku_id) if yaku else None

    def __str__(self) -> str:
        if self.error:
            return self.error
        return f"{self.han} han, {self.fu} fu"

    def __repr__(self) -> str:
        return f"HandResponse({self})"


def _mpsz(ids: Sequence[int], red: bool) -> str:
    """136 ids written in mpsz (red fives as ``0`` when ``red``)."""
    out = []
    for s, letter in enumerate("mpsz"):
        digits = sorted(
            ("0" if red and t in _RED else str(t // 4 - 9 * s + 1))
            for t in ids if t // 36 == s
        )
        digits.sort(key=lambda d: 5 if d == "0" else int(d))
        if digits:
            out.append("".join(digits) + letter)
    return "".join(out)


def _tile(tid: int, red: bool) -> str:
    k = tid // 4
    if red and tid in _RED:
        return "0" + "mps"[k // 9]
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def _unsupported(name: str) -> HandResponse:
    return HandResponse(error=f"unsupported_option: {name}")


class HandCalculator:
    """``estimate_hand_value`` as the ``mahjong`` package has it, backed by tenpai."""

    ERR_NO_WINNING_TILE = "winning_tile_not_in_hand"
    ERR_HAND_NOT_WINNING = "hand_not_winning"
    ERR_NO_YAKU = "no_yaku"
    ERR_OPEN_HAND_RIICHI = "open_hand_riichi_not_allowed"
    ERR_OPEN_HAND_DABURI = "open_hand_daburi_not_allowed"
    ERR_IPPATSU_WITHOUT_RIICHI = "ippatsu_without_riichi_not_allowed"
    ERR_CHANKAN_WITH_TSUMO = "chankan_with_tsumo_not_allowed"
    ERR_RINSHAN_WITHOUT_TSUMO = "rinshan_without_tsumo_not_allowed"
    ERR_HAITEI_WITHOUT_TSUMO = "haitei_without_tsumo_not_allowed"
    ERR_HOUTEI_WITH_TSUMO = "houtei_with_tsumo_not_allowed"
    ERR_HAITEI_WITH_RINSHAN = "haitei_with_rinshan_not_allowed"
    ERR_HOUTEI_WITH_CHANKAN = "houtei_with_chankan_not_allowed"
    ERR_TENHOU_NOT_AS_DEALER = "tenhou_not_as_dealer_not_allowed"
    ERR_TENHOU_WITHOUT_TSUMO = "tenhou_without_tsumo_not_allowed"
    ERR_TENHOU_WITH_MELD = "tenhou_with_meld_not_allowed"
    ERR_CHIIHOU_AS_DEALER = "chiihou_as_dealer_not_allowed"
    ERR_CHIIHOU_WITHOUT_TSUMO = "chiihou_without_tsumo_not_allowed"
    ERR_CHIIHOU_WITH_MELD = "chiihou_with_meld_not_allowed"
    ERR_RENHOU_AS_DEALER = "renhou_as_dealer_not_allowed"
    ERR_RENHOU_WITH_TSUMO = "renhou_with_tsumo_not_allowed"
    ERR_RENHOU_WITH_MELD = "renhou_with_meld_not_allowed"

    @staticmethod
    def estimate_hand_value(tiles: Sequence[int], win_tile: int,
                            melds: Optional[Sequence[Any]] = None,
                            dora_indicators: Optional[Sequence[int]] = None,
                            config: Optional[Any] = None,
                            scores_calculator_factory: Optional[Any] = None,
                            ura_dora_indicators: Optional[Sequence[int]] = None) -> HandResponse:
        """The value of a winning hand: ``tiles`` (136 ids, all tiles of the hand
        including the calls'), ``win_tile`` (136 id), ``melds``, dora and ura
        indicators (136 ids), ``config`` (a ``HandConfig``)."""
        c = config if config is not None else HandConfig()
        o = c.options
        melds = list(melds or [])
        factory = getattr(scores_calculator_factory, "__name__", "ScoresCalculator")
        if factory not in ("ScoresCalculator", "Aotenjou"):
            return _unsupported("scores_calculator_factory")
        # The library's Aotenjou scores calculator: tenpai's `aotenjou` rule.
        aotenjou = factory == "Aotenjou"
        three = bool(getattr(o, "is_three_player", False))
        if getattr(c, "is_nagashi_mangan", False):
            # Before anything else, the hand unread, as the library does.
            return _nagashi(c, three, aotenjou)
        paarenchan = int(getattr(c, "paarenchan", 0) or 0)
        if paarenchan > 1 or (paarenchan and c.player_wind not in (None, EAST)):
            return _unsupported("paarenchan")
        nuki = int(getattr(c, "num_nuki_dora", 0) or 0)
        if nuki and not three:
            # The library counts them under four-player rules too; we refuse that mix.
            return _unsupported("num_nuki_dora")
        if any(m.type == Meld.NUKI for m in melds):
            return _unsupported("nuki")
        if three and (
                any(1 <= t // 4 <= 7 for t in tiles)
                or any(t // 4 == 0 for t in list(dora_indicators or []) + list(ura_dora_indicators or []))):
            # Tiles 2m-8m are not in a three-player game, and a 1m indicator points to
            # 9m there (the library, which keeps the 1m -> 2m order, would differ).
            return _unsupported("is_three_player")

        is_open = any(m.opened for m in melds)
        if is_open and getattr(o, "has_daisharin", False):
            # The library awards daisharin to an open hand of its tiles too; the rules
            # (and tenpai) to a closed one only.
            kinds = TilesConverter.to_34_array(tiles)
            other = getattr(o, "has_daisharin_other_suits", False)
            for q in (0, 1, 2) if other else (1,):
                if all(kinds[9 * q + n] == 2 for n in range(1, 8)) and sum(kinds) == 14:
                    return _unsupported("has_daisharin")
        dealer = c.player_wind == EAST
        riichi = c.is_riichi or c.is_daburu_riichi
        tiles = list(tiles)
        # The library's checks, in its order, with its messages.
        if win_tile not in tiles:
            return HandResponse(error=HandCalculator.ERR_NO_WINNING_TILE)
        checks = [
            (c.is_riichi and not c.is_daburu_riichi and is_open, HandCalculator.ERR_OPEN_HAND_RIICHI),
            (c.is_daburu_riichi and is_open, HandCalculator.ERR_OPEN_HAND_DABURI),
            (c.is_ippatsu and not riichi, HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI),
            (c.is_chankan and c.is_tsumo, HandCalculator.ERR_CHANKAN_WITH_TSUMO),
            (c.is_rinshan and not c.is_tsumo, HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO),
            (c.is_haitei and not c.is_tsumo, HandCalculator.ERR_HAITEI_WITHOUT_TSUMO),
            (c.is_houtei and c.is_tsumo, HandCalculator.ERR_HOUTEI_WITH_TSUMO),
            (c.is_haitei and c.is_rinshan, HandCalculator.ERR_HAITEI_WITH_RINSHAN),
            (c.is_houtei and c.is_chankan, HandCalculator.ERR_HOUTEI_WITH_CHANKAN),
            (c.is_tenhou and c.player_wind and not dealer, HandCalculator.ERR_TENHOU_NOT_AS_DEALER),
            (c.is_tenhou and not c.is_tsumo, HandCalculator.ERR_TENHOU_WITHOUT_TSUMO),
            (c.is_tenhou and melds, HandCalculator.ERR_TENHOU_WITH_MELD),
            (c.is_chiihou and c.player_wind and dealer, HandCalculator.ERR_CHIIHOU_AS_DEALER),
            (c.is_chiihou and not c.is_tsumo, HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO),
            (c.is_chiihou and melds, HandCalculator.ERR_CHIIHOU_WITH_MELD),
            (c.is_renhou and c.player_wind and dealer, HandCalculator.ERR_RENHOU_AS_DEALER),
            (c.is_renhou and c.is_tsumo, HandCalculator.ERR_RENHOU_WITH_TSUMO),
            (c.is_renhou and melds, HandCalculator.ERR_RENHOU_WITH_MELD),
        ]
        for bad, message in checks:
            if bad:
                return HandResponse(error=message)

        red = bool(o.has_aka_dora)
        # The concealed part: every tile minus the calls' (by kind; the red five by id).
        counts = [0] * 34
        for t in tiles:
            counts[t // 4] += 1
        calls = []
        meld_reds = set()
        for m in melds:
            mt = list(m.tiles)
            for t in mt:
                counts[t // 4] -= 1
            meld_reds |= {t for t in mt if t in _RED}
            text = _mpsz(mt, red)
            closed_kan = len(mt) == 4 and not m.opened
            calls.append(f"[{text}]" if closed_kan else f"({text})")
        if min(counts) < 0:
            return HandResponse(error=HandCalculator.ERR_HAND_NOT_WINNING)
        concealed_ids = []
        reds_left = {t for t in tiles if t in _RED} - meld_reds
        for kind, n in enumerate(counts):
            for i in range(n):
                rid = kind * 4
                if rid in reds_left:
                    reds_left.discard(rid)
                    concealed_ids.append(rid)
                else:
                    concealed_ids.append(kind * 4 + 1 + i % 3 if rid in _RED else kind * 4 + i % 4)
        hand = " ".join([_mpsz(concealed_ids, red)] + calls)

        winds_held = [sum(1 for t in tiles if t // 4 == w) for w in (EAST, SOUTH, WEST, NORTH)]
        seat = _WIND_LETTER.get(c.player_wind)
        if seat is None:
            # The library has no seat wind then: a non-dealer with no wind yakuhai
            # (tenhou: the dealer). Pick the non-East wind the hand holds least.
            # (Three players: no North seat.)
            others = "SW" if three else "SWN"
            seat = "E" if c.is_tenhou or paarenchan else \
                others[min(range(len(others)), key=lambda i: winds_held[i + 1])]
        rnd = _WIND_LETTER.get(c.round_wind)
        if rnd is None:
            rounds = "ESW" if three else "ESWN"
            rnd = rounds[min(range(len(rounds)), key=lambda i: winds_held[i])]
        kazoe = {HandConstants.KAZOE_LIMITED: "yakuman", HandConstants.KAZOE_SANBAIMAN: "sanbaiman",
                 HandConstants.KAZOE_NO_LIMIT: "unlimited"}.get(o.kazoe_limit, "yakuman")
        req = dict(
            win=_tile(win_tile, red),
            tsumo=bool(c.is_tsumo), riichi=bool(riichi), double_riichi=bool(c.is_daburu_riichi),
            ippatsu=bool(c.is_ippatsu), haitei=bool(c.is_haitei), houtei=bool(c.is_houtei),
            rinshan=bool(c.is_rinshan), chankan=bool(c.is_chankan), tenhou=bool(c.is_tenhou),
            chiihou=bool(c.is_chiihou), renhou=bool(c.is_renhou),
            seat_wind=seat, round_wind=rnd,
            dora=[_tile(t, False) for t in (dora_indicators or [])],
            ura=[_tile(t, False) for t in (ura_dora_indicators or [])] if riichi else [],
            honba=int(c.tsumi_number), riichi_sticks=int(c.kyoutaku_number),
            red_fives=red, open_tanyao=bool(o.has_open_tanyao),
            double_yakuman=bool(o.has_double_yakuman), yakuman_stack=True,
            kazoe=kazoe, kiriage=bool(o.kiriage), double_wind_fu=4,
            renhou_rule="yakuman" if o.renhou_as_yakuman else "mangan",
            fu_for_open_pinfu=bool(getattr(o, "fu_for_open_pinfu", True)),
            fu_for_pinfu_tsumo=bool(getattr(o, "fu_for_pinfu_tsumo", False)),
            open_riichi=bool(getattr(c, "is_open_riichi", False)) and riichi,
            sashikomi_yakuman=bool(getattr(o, "has_sashikomi_yakuman", False)),
            paarenchan=8 if paarenchan else 0,
            paarenchan_needs_yaku=bool(getattr(o, "paarenchan_needs_yaku", True)),
            daisharin=bool(getattr(o, "has_daisharin", False)),
            daisharin_other_suits=bool(getattr(o, "has_daisharin_other_suits", False)),
            daichisei=bool(getattr(o, "has_daichisei", False)),
            limit_to_sextuple_yakuman=bool(getattr(o, "limit_to_sextuple_yakuman", True)),
        )
        if aotenjou:
            # The library's Aotenjou pays no honba and no riichi sticks.
            req.update(aotenjou=True, honba=0, riichi_sticks=0)
        if three:
            # Three players: tsumo loss and 200 per honba on a ron, as the library pays.
            req.update(rules="tenhou-sanma", nukidora=nuki)
        # The rinshan check of our scorer needs a kan in the hand; the library allows
        # the flag on any tsumo.
        try:
            r = tenpai.score(hand, **req)
        except tenpai.NoYakuError:
            return HandResponse(error=HandCalculator.ERR_NO_YAKU)
        except tenpai.TenpaiError as e:
            msg = str(e)
            if msg.startswith("no yaku"):
                # "no yaku (dora alone is not a yaku)": the library's no_yaku too.
                return HandResponse(error=HandCalculator.ERR_NO_YAKU)
            if msg.startswith("not a complete hand") or isinstance(e, tenpai.ParseError):
                return HandResponse(error=HandCalculator.ERR_HAND_NOT_WINNING)
            if "winning tile" in msg:
                # In the hand's tiles (checked above) but only in a call.
                return HandResponse(error=HandCalculator.ERR_HAND_NOT_WINNING)
            return HandResponse(error=msg)
        return _response(r, c, o, is_open, seat, rnd, three, aotenjou)


def _nagashi(c: Any, three: bool, aotenjou: bool = False) -> HandResponse:
    """Nagashi mangan as the library answers it: 5 han 30 fu, a mangan paid as a tsumo
    when ``is_tsumo``, else as a ron from one player (the library's choice); under
    aotenjou 5 han 30 fu by the formula, without honba and sticks."""
    seat = _WIND_LETTER.get(c.player_wind) or "S"
    honba, sticks = int(c.tsumi_number), int(c.kyoutaku_number)
    if aotenjou:
        r = tenpai.score("", nagashi_mangan=True, seat_wind=seat, aotenjou=True)
        if c.is_tsumo:
            p = r.aotenjou["payments"]
            main = p["dealer"] if "dealer" in p else p["non_dealer"]
            additional = p["non_dealer"]
        else:
            # A ron from one player, as the library pays it: 4 (6 for the dealer) times
            # the basic points 30 x 2^7, rounded up to 100.
            main, additional = -(-(6 if r.dealer else 4) * 3840 // 100) * 100, 0
        cost = {"main": main, "main_bonus": 0, "additional": additional,
                "additional_bonus": 0, "kyoutaku_bonus": 0,
                "total": main + 2 * additional, "yaku_level": ""}
        return HandResponse(cost, 5, 30, [Yaku(10, "Nagashi Mangan", 5, 5, False)])
    r = tenpai.score("", nagashi_mangan=True, seat_wind=seat, honba=honba,
                     riichi_sticks=sticks, rules="tenhou-sanma" if three else None)
    p = r.payments
    if c.is_tsumo:
        main = p["dealer"] if "dealer" in p else p["non_dealer"]
        additional, main_bonus, additional_bonus = p["non_dealer"], 100 * honba, 100 * honba
        total = r.total_received
    else:
        # A mangan ron: 12000 from the dealer's, 8000 from a non-dealer's (three players
        # too: no tsumo loss on a ron).
        main, additional, additional_bonus = 12000 if r.dealer else 8000, 0, 0
        main_bonus = (200 if three else 300) * honba
        total = main + main_bonus + 1000 * sticks
    cost = {"main": main, "main_bonus": main_bonus, "additional": additional,
            "additional_bonus": additional_bonus, "kyoutaku_bonus": 1000 * sticks,
            "total": total, "yaku_level": "nagashi mangan"}
    return HandResponse(cost, 5, 30, [Yaku(10, "Nagashi Mangan", 5, 5, False)])


def _response(r: Any, c: Any, o: Any, is_open: bool, seat: str, rnd: str,
              three: bool = False, aotenjou: bool = False) -> HandResponse:
    yaku: List[Yaku] = []
    if r.yakuman:
        multiple = 0
        for y in r.yakuman:
            yid, name, hopen, hclosed = _YAKUMAN[y["name"]]
            han = 13 * y["multiplier"]
            multiple += y["multiplier"]
            text = "Paarenchan 1" if y["name"] == "paarenchan" else None
            yaku.append(Yaku(yid, name, han if hopen else 0, han, True, text))
        han = 13 * multiple
        if getattr(o, "limit_to_sextuple_yakuman", True):
            # The library caps the han at six yakuman (the points are capped by ours).
            han = min(han, 78)
        level = "yakuman" if multiple == 1 else f"{min(multiple, 6)}x yakuman"
    if not r.yakuman or aotenjou:
        # (Under aotenjou a yakuman keeps the hand's other yaku and dora.)
        # Nukidora: the library adds extracted Norths to its "Dora" entry.
        nukidora = sum(y["han"] for y in r.yaku if y["name"] == "nukidora")
        for y in r.yaku:
            n = y["name"]
            if n == "nukidora":
                continue
            if n in ("seat_wind", "round_wind"):
                yid, name = _WIND_YAKU[seat if n == "seat_wind" else rnd][n == "round_wind"]
                yaku.append(Yaku(yid, name, 1, 1, False))
                continue
            yid, name, hopen, hclosed = _YAKU[n]
            if n in ("dora", "aka_dora", "ura_dora"):
                hopen = hclosed = y["han"]
                if n == "ura_dora":
                    hopen = 0
            elif n == "renhou" and y["han"] != hclosed:
                hopen, hclosed = 0, y["han"]
            if n == "dora":
                hopen += nukidora
                hclosed += nukidora
                nukidora = 0
            if nukidora and n in ("aka_dora", "ura_dora"):
                yaku.append(Yaku(120, "Dora", nukidora, nukidora, False))
                nukidora = 0
            yaku.append(Yaku(yid, name, hopen, hclosed, False))
        if nukidora:
            yaku.append(Yaku(120, "Dora", nukidora, nukidora, False))
        han = r.han
        # (Under aotenjou the limit is always "none": the level "", as the library's.)
        level = {
            "none": "", "mangan": "mangan", "haneman": "haneman", "baiman": "baiman",
            "sanbaiman": "sanbaiman", "kazoe_yakuman": "yakuman", "yakuman": "yakuman",
        }[r.limit]
        if r.limit == "mangan" and o.kiriage and (han, r.fu) in ((4, 30), (3, 60)):
            level = "kiriage mangan"
        elif r.limit == "mangan" and o.kiriage and han < 5:
            # The library leaves the level empty for a mangan reached by fu when
            # kiriage is on.
            level = ""
        if r.limit == "kazoe_yakuman" and han >= 26 and o.kazoe_limit == HandConstants.KAZOE_NO_LIMIT:
            level = f"{han // 13}x yakuman"
    p = r.payments
    honba, sticks = int(c.tsumi_number), int(c.kyoutaku_number)
    if aotenjou:
        # The exact payments (Python ints), no honba or sticks, the total as the
        # library adds it (main and two additional payments, three players too).
        p = r.aotenjou["payments"]
        honba = sticks = 0
    if r.tsumo:
        main = p["dealer"] if "dealer" in p else p["non_dealer"]
        additional = p["non_dealer"]
        main_bonus = additional_bonus = 100 * honba
    else:
        main, additional = p["ron"], 0
        main_bonus, additional_bonus = (200 if three else 300) * honba, 0
    cost = {
        "main": main, "main_bonus": main_bonus, "additional": additional,
        "additional_bonus": additional_bonus, "kyoutaku_bonus": 1000 * sticks,
        "total": main + 2 * additional if aotenjou else r.total_received, "yaku_level": level,
    }
    fu_details: List[Dict[str, Any]] = []
    base = 0
    for f in r.fu_breakdown:
        reason = f["reason"]
        if reason in ("base", "closed_ron", "chiitoitsu"):
            base += f["fu"]
            continue
        if reason == "open_pinfu":
            fu_details.append({"fu": 2, "reason": "hand_without_fu"})
            continue
        key = reason.split(" ")[0]
        fu_details.append({"fu": f["fu"], "reason": _FU.get(key, key)})
    if r.fu_breakdown:
        fu_details.insert(0, {"fu": base, "reason": "base"})
    return HandResponse(cost, han, r.fu, yaku, None, fu_details, is_open)
