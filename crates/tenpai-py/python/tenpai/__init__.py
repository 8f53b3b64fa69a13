"""tenpai: riichi mahjong hand analysis with a Rust core.

>>> import tenpai
>>> h = tenpai.Hand("123m456p789s1122z")
>>> h.shanten().shanten
0
>>> h.waits().waits
['1z', '2z']
>>> r = tenpai.score("123m456p789s11222z", tsumo=True, seat_wind="S")
>>> (r.han, r.fu, r.points)
(2, 40, 2700)
>>> req = tenpai.ScoreRequest("123m456p789s11222z", tsumo=True, seat_wind="S")
>>> req.score() == r == tenpai.score_many([req])[0]
True

Every answer the ``tenpai`` command line also gives has ``to_dict()`` equal to its
``--json`` output for the same input. Errors are :class:`TenpaiError` (a
``ValueError``) subclasses carrying ``message`` and ``position``.

Game logs: :func:`read_log`, :func:`replay` (``tenpai replay``), :func:`review`
(``tenpai review``), :func:`stats` (``tenpai stats``), :func:`convert` (``tenpai convert
--to mjai``).

Modules: :mod:`tenpai.compat.mahjong` (a drop-in for the ``mahjong`` package's
``HandCalculator`` and ``Shanten``), :mod:`tenpai.dask` (log analytics on a Dask
cluster; needs the ``tenpai[dask]`` extra).
"""

from __future__ import annotations

import copy
import difflib
import functools
import inspect
import os
import re
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _tenpai
from ._tenpai import (
    InvalidRequestError,
    LogError,
    NoYakuError,
    ParseError,
    ScoreRequest,
    ScoreResult,
    TenpaiError,
    score,
    score_many,
    shanten_many,
)

#: The package's version (the tenpai crates' version, as ``tenpai --version`` gives).
__version__: str = _tenpai.__version__

__all__ = [
    "__version__",
    "Hand",
    "Shanten",
    "Waits",
    "Ukeire",
    "Discards",
    "Decomposition",
    "ScoreRequest",
    "ScoreResult",
    "score",
    "score_many",
    "shanten_many",
    "advise",
    "safety",
    "Safety",
    "Advice",
    "read_log",
    "replay",
    "log_files",
    "Game",
    "Win",
    "ReplayWin",
    "ReplayRound",
    "ReplayGame",
    "Replay",
    "review",
    "Review",
    "ReviewTurn",
    "CallDecision",
    "stats",
    "Stats",
    "PlayerStats",
    "convert",
    "TenpaiError",
    "ParseError",
    "InvalidRequestError",
    "NoYakuError",
    "LogError",
    "REQUEST_FIELDS",
]

#: The fields of a scoring request (``tenpai score -``), accepted by :func:`score`
#: as keywords and by :func:`score_many` as dict keys.
REQUEST_FIELDS = tuple(_tenpai.FIELDS)

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def _closest(name: str, known: Iterable[str]) -> Optional[str]:
    """The known name a misspelt one means: one it starts (``seat`` ->
    ``seat_wind``), or the closest spelling."""
    known = list(known)
    starts = [k for k in known if k.startswith(name) or name.startswith(k)]
    if starts:
        return min(starts, key=len)
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return close[0] if close else None


def _hinted(func):
    """A function whose unknown keyword argument raises Python's TypeError with the
    name meant, as the CLI and ``tenpai.score`` say it (``did you mean ...?``)."""
    params = [p.name for p in inspect.signature(func).parameters.values()
              if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except TypeError as e:
            m = re.search(r"unexpected keyword argument '(\w+)'", str(e))
            hint = _closest(m.group(1), params) if m and m.group(1) in kwargs else None
            if hint is None:
                raise
            raise TypeError(f"{e} (did you mean {hint!r}?)") from None

    return wrapper


class _Record:
    """An answer: attributes for its fields, ``to_dict()`` for the CLI's JSON."""

    __slots__ = ("_d",)

    def __init__(self, d: Dict[str, Any]):
        object.__setattr__(self, "_d", d)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._d[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no attribute {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._d == self._d  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(repr(self._d))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._d.items())
        return f"{type(self).__name__}({inner})"

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._d))

    def to_dict(self) -> Dict[str, Any]:
        """The answer as the CLI's ``--json`` output (a fresh copy)."""
        return copy.deepcopy(self._d)


class Shanten(_Record):
    """``tenpai shanten --json``: ``hand``, ``shanten`` (overall), ``regular``,
    ``chiitoitsu``, ``kokushi`` (None where the form does not apply)."""

    @property
    def is_tenpai(self) -> bool:
        return self._d["shanten"] == 0

    @property
    def is_complete(self) -> bool:
        return self._d["shanten"] == -1


class Waits(_Record):
    """``tenpai waits --json``: ``hand``, ``shanten``, ``tenpai``, ``waits``."""


class Ukeire(_Record):
    """``tenpai ukeire --json`` on a 3k+1 hand: ``hand``, ``shanten``, ``ukeire``
    (``{"tiles", "count", "left"}``); also ``tiles``, ``count``, ``left`` directly."""

    @property
    def tiles(self) -> List[str]:
        return list(self._d["ukeire"]["tiles"])

    @property
    def count(self) -> int:
        return self._d["ukeire"]["count"]

    @property
    def left(self) -> List[int]:
        return list(self._d["ukeire"]["left"])


class Discards(_Record):
    """``tenpai ukeire --json`` on a 3k+2 hand: ``hand``, ``shanten``, ``discards``
    (ranked: ``discard``, ``shanten``, ``ukeire_tiles``, ``ukeire_count``,
    ``ukeire_left`` and ``waits`` when the discard leaves the hand tenpai)."""

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return iter(copy.deepcopy(self._d["discards"]))

    def __len__(self) -> int:
        return len(self._d["discards"])

    @property
    def best(self) -> Optional[Dict[str, Any]]:
        """The first-ranked discard."""
        d = self._d["discards"]
        return copy.deepcopy(d[0]) if d else None


class Decomposition(_Record):
    """``tenpai decompose --json``: ``hand``, ``complete``, ``decompositions``
    (``[{"kind", "groups"}]``)."""

    def __len__(self) -> int:
        return len(self._d["decompositions"])


class Hand:
    """A hand in mpsz notation (Unicode glyphs allowed), calls after the concealed
    tiles: ``Hand("234m406p789s11z (555z)")``. Raises :class:`ParseError` (with
    ``.position``) for text that is not a hand, ``TypeError`` for a non-str."""

    __slots__ = ("_native",)

    def __init__(self, text: str):
        self._native = _tenpai.NativeHand(text)

    def __str__(self) -> str:
        return str(self._native)

    def __repr__(self) -> str:
        return f"Hand({str(self._native)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))

    @property
    def concealed(self) -> List[str]:
        """The concealed tiles (red fives written ``0``)."""
        return self._native.concealed()

    @property
    def calls(self) -> List[str]:
        """The calls as written: ``(123m)`` chi, ``(555z)`` pon, ``[5555z]`` closed kan."""
        return self._native.calls()

    @property
    def is_closed(self) -> bool:
        """No calls other than closed kans."""
        return self._native.is_closed()

    def shanten(self) -> Shanten:
        """Shanten overall and per form (``tenpai shanten --json``)."""
        return Shanten(self._native.shanten())

    def waits(self) -> Waits:
        """The waits of a 3k+1 hand (``tenpai waits --json``); empty unless tenpai."""
        return Waits(self._native.waits())

    @_hinted
    def ukeire(self, visible: Union[str, Sequence[str], None] = None) -> Union[Ukeire, Discards]:
        """``tenpai ukeire --json [--visible]``: the improving draws of a 3k+1 hand
        (:class:`Ukeire`), or every discard of a 3k+2 hand ranked (:class:`Discards`).
        ``visible``: tiles seen elsewhere, ``"1m55p"`` or ``["1m", "5p", "5p"]``."""
        d = self._native.ukeire(visible)
        return Discards(d) if "discards" in d else Ukeire(d)

    @_hinted
    def discards(self, visible: Union[str, Sequence[str], None] = None) -> Discards:
        """Every discard of a 3k+2 hand, ranked (``tenpai ukeire --json`` on it)."""
        return Discards(self._native.discards(visible))

    def decompose(self) -> Decomposition:
        """Every reading of a complete hand (``tenpai decompose --json``)."""
        return Decomposition(self._native.decompose())

    def score(self, **options: Any) -> ScoreResult:
        """:func:`score` on this hand."""
        return score(self._native, **options)


class Safety(_Record):
    """``tenpai safety --json``: ``hand`` and ``tiles``, safest first (each: ``tile``,
    ``deal_in``, ``expected_loss`` (the expected ron payment in points), ``labels``,
    ``per_opponent``: ``deal_in``, ``expected_loss`` and ``labels`` per riichi
    opponent)."""


@_hinted
def safety(hand: Union[str, Hand], *, river: Union[str, Sequence[str], None] = None,
           riichi_at: Optional[int] = None, after: Union[str, Sequence[str], None] = None,
           calls: Optional[str] = None, opponents: Optional[List[Dict[str, Any]]] = None,
           visible: Union[str, Sequence[str], None] = None,
           dora: Union[str, Sequence[str], None] = None, seat: Optional[str] = None,
           round: Optional[str] = None, rules: Optional[str] = None,
           tenpai: bool = False) -> Safety:
    """The exact chance that each tile of ``hand`` deals into a riichi (``tenpai safety
    --json``; the model in docs/safety.md): one riichi opponent by ``river`` (its
    discards, the riichi tile included), ``riichi_at`` (the riichi tile's index),
    ``after`` (tiles others discarded after the riichi) and ``calls`` (its closed kans,
    like ``"[1111z]"``); several by ``opponents``, a list of dicts with those keys;
    ``visible`` every other visible tile, ``dora`` the indicators. Each tile's
    ``expected_loss`` (the expected ron payment) uses ``seat`` (the riichi player's seat
    wind, ``"E"`` the dealer; default ``"S"``; a ``seat`` key per opponent), ``round``
    (default ``"E"``) and ``rules`` (a preset, default ``"tenhou"``). ``tenpai=True``
    marks the opponent open and tenpai instead of in riichi (``calls`` its open melds
    like ``"(555z)(123m)"``, no ``riichi_at``; a ``tenpai`` key per opponent): only
    its waits with a yaku count, and its ``expected_loss`` values each win by its best
    reading's han, dora and red fives at 30 fu (docs/safety.md). Raises
    :class:`TenpaiError` subclasses (a fifth copy, a riichi index past the river...)."""
    return Safety(_tenpai.safety(hand, river=river, riichi_at=riichi_at, after=after,
                                 calls=calls, opponents=opponents, visible=visible, dora=dora,
                                 seat=seat, round=round, rules=rules, tenpai=tenpai))


class Advice(_Record):
    """``tenpai advise --json``: ``hand``, ``shanten``, ``draws``, ``changes``,
    ``riichi``, ``pool``, ``discards`` (each: ``discard``, ``shanten``,
    ``ukeire_count``, ``ukeire_tiles``, ``tenpai``, ``win``, ``ev``, ``per_draw``),
    ``states``; a 3k+1 hand has ``value`` instead of discards. A closed hand's tenpai
    rows carry ``riichi`` and ``dama`` (``tenpai``, ``win``, ``ev`` each) and
    ``declare``. With ``offer``: ``hand``, ``offer``, ``from``, ``options`` (each:
    ``option`` pass/ron/chi/pon/kan, ``call``, ``discard``, ``shanten``, ``tenpai``,
    ``win``, ``ev``, ``points`` for ron, ``discards`` for chi and pon), ``best``."""


@_hinted
def advise(hand: Union[str, Hand], *, draws: int = 17, changes: int = 1, riichi: str = "auto",
           visible: Union[str, Sequence[str], None] = None,
           dora: Union[str, Sequence[str], None] = None, round_wind: str = "E",
           seat_wind: str = "E", rules: str = "tenhou", sort: str = "ev",
           offer: Optional[str] = None, from_: str = "left", furiten: bool = False,
           kuikae: bool = False, call: Optional[str] = None,
           discard: Optional[str] = None) -> Advice:
    """Discard advice (``tenpai advise --json``): for each discard of a drawn hand, the
    exact chance of tenpai and of a win within ``draws`` draws and the expected points,
    allowing ``changes`` changes of plan (``draws`` 0..30, ``changes`` 0..2: an
    :class:`InvalidRequestError` naming the argument outside, a ``TypeError`` for
    another type); ``riichi`` ``"auto"`` or ``"never"``;
    ``visible`` and ``dora`` (indicators) as tiles; ``sort`` ``"ev"``, ``"win"``,
    ``"tenpai"`` or ``"ukeire"``. ``offer`` (a tile another player discards, for a
    13-tile hand) answers the options on it instead (``tenpai advise HAND --offer
    TILE``: pass, ron, chi, pon, kan, best first), with ``from_`` (``"left"``,
    ``"across"``, ``"right"``), ``furiten``, ``kuikae`` (allowed), ``call`` (only that
    option) and ``discard`` (the discard after a chi or pon). The search releases the
    GIL. Raises :class:`TenpaiError` subclasses (a hand beyond the search's limits
    included)."""
    return Advice(_tenpai.advise(hand, draws=draws, changes=changes, riichi=riichi,
                                 visible=visible, dora=dora, round_wind=round_wind,
                                 seat_wind=seat_wind, rules=rules, sort=sort, offer=offer,
                                 from_=from_, furiten=furiten, kuikae=kuikae, call=call,
                                 discard=discard))


# ---- Game logs --------------------------------------------------------------------


class Win(_Record):
    """A win rebuilt from a log: ``round`` (``E1``..), ``honba``, ``dealer``,
    ``winner``, ``from``, ``tsumo``, ``hand``, ``win``, ``seat_wind``,
    ``round_wind``, ``dora``, ``ura``, ``riichi_sticks``, ``request`` (the scoring
    request, the fields of ``tenpai score -``) and ``recorded`` (what the server
    recorded: ``yaku``, ``yakuman``, ``han``, ``fu``, ``points``, ``limit``)."""

    def score(self) -> ScoreResult:
        """Score the rebuilt win (its ``request``)."""
        req = dict(self._d["request"])
        return score(req.pop("hand"), **req)


class Game(_Record):
    """A game log read: ``file``, ``format`` (``mjlog`` or ``tenhou6``),
    ``players``, ``red_fives``, ``open_tanyao``, ``rounds``, ``wins``, and ``track``:
    the score track, exactly the ``"round"`` lines then the ``"game"`` line that
    ``tenpai replay --json`` writes for this file."""

    @property
    def wins(self) -> List[Win]:
        return [Win(w) for w in self._d["wins"]]

    @property
    def track(self) -> List[Union["ReplayRound", "ReplayGame"]]:
        return [_line(x) for x in self._d["track"]]

    def __iter__(self) -> Iterator[Win]:
        return iter(self.wins)


@_hinted
def read_log(path: PathLike) -> Game:
    """Read one Tenhou log (mjlog XML plain or gzip, tenhou.net/6 JSON; ``path`` a
    ``str``, ``bytes`` or ``os.PathLike``); every win is
    scored for the score track. Raises :class:`LogError` (with ``.file`` and
    ``.position``) for a file that is not a log."""
    return Game(_tenpai.read_log(os.fsdecode(path)))


@_hinted
def log_files(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    """The files under ``paths`` (files, or directories walked in sorted order) that
    ``tenpai replay`` reads: in a walk, files not named ``.mjlog .xml .gz .json`` are
    read too and skipped when their content is not a log. Paths that do not exist
    raise ``FileNotFoundError``."""
    return [f for f, _ in _collect(paths)]


def _collect(paths: Union[PathLike, Iterable[PathLike]]) -> List[Tuple[str, bool]]:
    """The files to read with whether each must be a log; FileNotFoundError for paths
    that cannot be read."""
    files, errors = _tenpai.collect_files(_paths(paths))
    if errors:
        raise FileNotFoundError("; ".join(errors))
    return files


def _paths(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
        return [os.fsdecode(paths)]  # type: ignore[arg-type]
    out = []
    for p in paths:  # type: ignore[union-attr]
        if not isinstance(p, (str, bytes)) and not hasattr(p, "__fspath__"):
            raise TypeError(
                f"paths must be str, bytes or os.PathLike, not {type(p).__name__}")
        out.append(os.fsdecode(p))
    return out


class ReplayWin(_Record):
    """One win replayed: exactly a ``tenpai replay --json`` ``"win"`` line (``type``,
    ``file``, ``round``, ``honba``, ``winner``, ``from``, ``tsumo``, ``hand``,
    ``computed``, ``recorded``, ``agree``, and ``disagree`` or ``skipped`` when
    present)."""


class ReplayRound(_Record):
    """One round of the score track: exactly a ``tenpai replay --json`` ``"round"``
    line (``type``, ``file``, ``round``, ``honba``, ``result``, ``deltas``,
    ``recorded_deltas``, ``balanced``, ``deposits``, ``scores_after``,
    ``sticks_after``, and ``tenpai`` / ``mismatch`` when present)."""


class ReplayGame(_Record):
    """One game of the score track: exactly a ``tenpai replay --json`` ``"game"``
    line (``type``, ``file``, ``final_scores``, ``recorded_final_scores``,
    ``balanced``, ``rounds``, ``rounds_balanced``, and ``mismatch`` when present)."""


_LINES = {"win": ReplayWin, "round": ReplayRound, "game": ReplayGame}


def _line(d: Dict[str, Any]) -> Union[ReplayWin, ReplayRound, ReplayGame]:
    return _LINES[d["type"]](d)


class Replay:
    """The replay of many logs: ``lines`` (every ``tenpai replay --json`` line in its
    order, as :class:`ReplayWin`, :class:`ReplayRound` and :class:`ReplayGame`),
    ``wins``, ``round_lines`` and ``game_lines`` (the lines of each type), ``errors``
    (files not read, as messages), ``files_read``, ``files_skipped`` (files met in a
    directory walk that are not logs), ``games``, ``rounds``, and :meth:`summary`."""

    def __init__(self, files: List[Dict[str, Any]], errors: List[str]):
        self.files_read = 0
        self.files_skipped = 0
        self.games = 0
        self.rounds = 0
        self.lines: List[Union[ReplayWin, ReplayRound, ReplayGame]] = []
        self.errors: List[str] = list(errors)
        for f in files:
            if "error" in f:
                self.errors.append(f["error"])
                continue
            if f.get("skipped"):
                self.files_skipped += 1
                continue
            self.files_read += 1
            self.games += 1
            self.rounds += f["rounds"]
            self.lines.extend(_line(x) for x in f["lines"])
        self.wins: List[ReplayWin] = [x for x in self.lines if isinstance(x, ReplayWin)]
        self.round_lines: List[ReplayRound] = [x for x in self.lines if isinstance(x, ReplayRound)]
        self.game_lines: List[ReplayGame] = [x for x in self.lines if isinstance(x, ReplayGame)]

    def summary(self) -> Dict[str, Any]:
        """The counts of ``tenpai replay``'s text summary."""
        return summarize(self.files_read, len(self.errors), self.games, self.rounds,
                         [w._d for w in self.wins], files_skipped=self.files_skipped)

    def __repr__(self) -> str:
        return f"Replay({self.summary()!r})"


def summarize(read: int, not_read: int, games: int, rounds: int,
              wins: Iterable[Dict[str, Any]], files_skipped: int = 0) -> Dict[str, Any]:
    """The counts of ``tenpai replay``'s text summary over replayed wins (``tenpai
    replay --json`` win lines): ``files_read``, ``files_not_read``, ``files_skipped``
    (files met in a directory walk that are not logs), ``games``, ``rounds``,
    ``wins``, ``agreements``, ``disagreements``, ``by_kind``. Three-player wins are
    scored (under ``tenhou-sanma``) and counted like the others; ``skipped_3_player``
    is kept for code written when they were not, and counts wins marked ``skipped``
    (none are now)."""
    n = agree = skipped = disagreeing = 0
    kinds: Dict[str, int] = {}
    for w in wins:
        n += 1
        if w.get("skipped"):
            skipped += 1
        elif w["agree"]:
            agree += 1
        else:
            disagreeing += 1
            for k in w.get("disagree", []):
                kinds[k] = kinds.get(k, 0) + 1
    return {
        "files_read": read, "files_not_read": not_read, "files_skipped": files_skipped,
        "games": games, "rounds": rounds, "wins": n, "agreements": agree,
        "disagreements": disagreeing, "by_kind": dict(sorted(kinds.items())),
        "skipped_3_player": skipped,
    }


@_hinted
def replay(paths: Union[PathLike, Iterable[PathLike]]) -> Replay:
    """``tenpai replay PATH...``: read every log under ``paths``, rebuild, score and
    check every win against the record and run the score track, on every core;
    ``.lines`` are the ``tenpai replay --json`` lines. Files that cannot be read are
    listed in ``.errors`` (as ``tenpai replay`` prints them), never raised."""
    files, errors = _tenpai.collect_files(_paths(paths))
    return Replay(_tenpai.replay_files(files), errors)


class ReviewTurn(_Record):
    """One discard reviewed: exactly a ``tenpai review --json`` line (``kind`` is
    ``"discard"``; ``round``,
    ``honba``, ``seat``, ``turn``, ``hand``, ``discard``, ``best``, ``shanten``,
    ``best_shanten``, ``ukeire``, ``best_ukeire``, ``win``, ``best_win``, ``ev``,
    ``best_ev``, ``draws_left``, ``visible``, ``forced``, ``riichi``, ``agree``,
    ``own_draws``, ``shanten_loss``, ``ukeire_loss``, and the engine's best discard by
    expected points ``ev_best``, ``ev_best_win``, ``ev_best_ev`` with ``ev_loss``; at a
    riichi decision ``dama_win``, ``dama_ev`` and ``riichi_loss``;
    ``opponents_riichi``: the other seats in riichi; against a riichi ``deal_in``,
    ``safest``, ``safest_deal_in``, ``dealt_in``)."""

    @property
    def round_name(self) -> str:
        """The round with its honba, unique in the game: ``E1-0``, ``S1-1``."""
        return f"{self._d['round']}-{self._d['honba']}"

    @property
    def is_mistake(self) -> bool:
        """It lost something by efficiency (``tenpai review``'s text lists it)."""
        return not self._d["forced"] and (self._d["shanten_loss"] > 0 or self._d["ukeire_loss"] > 0)


class CallDecision(_Record):
    """One call decision reviewed (``review(..., advise=True)``): exactly a ``tenpai
    review --advise --json`` line with ``kind`` ``"call"``: ``round``, ``honba``,
    ``seat``, ``turn`` (the player's discards in the round before it), ``offer``,
    ``from`` (``left``, ``across``, ``right``), ``from_seat``, ``hand``, ``draws_left``,
    ``own_draws``, ``furiten``, ``options`` (each ``option``, ``call``, ``discard``,
    ``shanten``, ``tenpai``, ``win``, ``ev``, ``points`` as ``tenpai advise HAND
    --offer TILE --json`` writes them, best first), ``best``, ``chosen`` (labels such as
    ``pass``, ``ron``, ``pon (555z)``), ``best_ev``, ``chosen_ev``, ``loss``, ``agree``,
    ``large``."""

    @property
    def round_name(self) -> str:
        """The round with its honba, unique in the game: ``E1-0``, ``S1-1``."""
        return f"{self._d['round']}-{self._d['honba']}"

    @property
    def is_mistake(self) -> bool:
        """The choice lost half an expected point or more against the engine's best."""
        return self._d["loss"] is not None and not self._d["agree"]


class Review(list):
    """The decisions of a review in game order, the reviewed players one after the
    other: a :class:`ReviewTurn` per discard and, with ``advise=True``, a
    :class:`CallDecision` per call decision (each record's ``kind`` tells which);
    :meth:`to_pandas` makes a DataFrame of them."""

    @property
    def turns(self) -> list:
        """The discards alone (the :class:`ReviewTurn` records)."""
        return [t for t in self if isinstance(t, ReviewTurn)]

    @property
    def calls(self) -> list:
        """The call decisions alone (the :class:`CallDecision` records)."""
        return [t for t in self if isinstance(t, CallDecision)]

    def to_pandas(self):
        """A pandas DataFrame with one row per decision and one column per field of
        ``tenpai review --json`` (``kind``: ``discard`` or ``call``; ``round``,
        ``honba``, ``seat``, ``turn``, ``hand``, ``discard``, ``best``, ...,
        ``ev_loss``; the call rows' own fields ``offer``, ``from``, ``options``,
        ``chosen``, ``loss``..., missing values NaN), plus ``round_name`` (``E1-0``) and
        ``mistake`` (:attr:`ReviewTurn.is_mistake`, :attr:`CallDecision.is_mistake`).
        Select ``df[df.kind == "discard"]`` for the discards. Needs pandas."""
        import pandas as pd

        rows = []
        columns = []
        for t in self:
            d = t.to_dict()
            d["round_name"] = t.round_name
            d["mistake"] = t.is_mistake
            rows.append(d)
            for k in d:
                if k not in columns:
                    columns.append(k)
        if not rows:
            columns = ["kind", "round", "honba", "seat", "turn", "round_name", "mistake"]
        return pd.DataFrame(rows, columns=columns)


@_hinted
def review(path: PathLike, *, seat: Union[int, str, None] = None, player: Optional[str] = None,
           advise: bool = False, html: Optional[PathLike] = None) -> Review:
    """``tenpai review LOG --json``: every discard of one player (``seat``, or by name
    ``player``; seat 0 by default; ``seat="all"``: every player, one after the other)
    against the best efficiency discard, as :class:`ReviewTurn` records in a
    :class:`Review` (``.to_pandas()`` for a DataFrame); ``advise=True`` adds the win
    chances and expected points, and the call decisions (:class:`CallDecision`: every
    tile the player could chi, pon, kan or ron, valued; slower: a search per decision,
    without the GIL).
    ``html="report.html"`` also writes the report ``tenpai review LOG --html`` writes
    (the same bytes), whole or not at all. Raises :class:`LogError` for a file that is
    not a log, :class:`InvalidRequestError` for an unknown player or seat or an output
    path that cannot be written."""
    all_seats = isinstance(seat, str) and seat.strip().lower() == "all"
    if isinstance(seat, str) and not all_seats:
        raise InvalidRequestError(f"seat: {seat!r} is not a seat number (0-3) or 'all'")
    turns = _tenpai.review_log(os.fspath(path), None if all_seats else seat, player, advise,
                               all_seats, None if html is None else os.fspath(html))
    return Review(CallDecision(t) if t.get("kind") == "call" else ReviewTurn(t) for t in turns)


class PlayerStats(_Record):
    """One player's statistics: exactly a ``tenpai stats --json`` line (``player``,
    ``games``, ``complete_games``, ``rounds``, ``wins``, ``tsumo_wins``, ``deal_ins``,
    ``riichi``, ``calls``, the rates ``win_rate`` ``deal_in_rate`` ``tsumo_rate``
    ``riichi_rate`` ``call_rate``, ``average_win``, ``average_deal_in``,
    ``placements``, ``average_placement``, ``average_final_score``,
    ``exhaustive_draws``, ``tenpai_at_draw``, ``tenpai_at_draw_rate``, ``yaku``)."""


class Stats:
    """``tenpai stats`` over many logs: ``players`` (:class:`PlayerStats`, most rounds
    first; iterate the object for them), ``games`` (games read), ``errors`` (files not
    read, as messages; never raised), and :meth:`player` by name."""

    def __init__(self, players: List[Dict[str, Any]], games: int, errors: List[str]):
        self.players: List[PlayerStats] = [PlayerStats(p) for p in players]
        self.games = games
        self.errors: List[str] = list(errors)

    def __iter__(self) -> Iterator[PlayerStats]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def player(self, name: str) -> Optional[PlayerStats]:
        """The statistics of the player named ``name``, if any game of theirs was read."""
        return next((p for p in self.players if p.player == name), None)

    def __repr__(self) -> str:
        return f"Stats(games={self.games}, players={len(self.players)}, errors={len(self.errors)})"


@_hinted
def stats(paths: Union[PathLike, Iterable[PathLike]], *,
          player: Optional[str] = None) -> Stats:
    """``tenpai stats PATH... --json``: per-player statistics over the logs under
    ``paths`` (files, or directories walked as ``tenpai replay`` walks them), every
    file read on every core; ``.players`` are the CLI's ``--json`` lines (only
    ``player`` when given). Files that cannot be read are listed in ``.errors``, as
    the CLI prints them, never raised."""
    files, errors = _tenpai.collect_files(_paths(paths))
    players, games, not_read = _tenpai.stats_files(files, player)
    return Stats(players, games, list(errors) + list(not_read))


@_hinted
def convert(path: PathLike, to: str = "mjai") -> str:
    """``tenpai convert --to mjai LOG``: the game as mjai JSON Lines text (one event a
    line, each line ending with a newline). Raises :class:`LogError` for a file that is
    not a log."""
    return _tenpai.convert_log(os.fspath(path), to)
