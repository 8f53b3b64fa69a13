"""pytest plugin: the `mahjong` package's HandCalculator replaced by tenpai's drop-in,
so that the package's own calculator tests run against tenpai.compat.mahjong."""
import mahjong.hand_calculating.hand as _hand

from tenpai.compat.mahjong import HandCalculator as _Compat

_hand.HandCalculator = _Compat
