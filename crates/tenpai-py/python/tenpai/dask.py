"""Log analytics on a Dask cluster (the ``tenpai[dask]`` extra).

Replay, verify and stats over a directory or a list of paths of Tenhou logs, as a
Dask bag or dataframe, on whatever cluster is connected (``dask.distributed.Client``)
or Dask's default scheduler. Each task reads, rebuilds and scores whole files with the
native engine; the results equal the single-process ones (:func:`tenpai.replay`)::

    from dask.distributed import Client
    import tenpai.dask as td
    client = Client("tcp://scheduler:8786")       # or Client() for this machine
    print(td.verify("logs/"))                      # the summary of `tenpai replay`
    wins = td.replay_bag("logs/").filter(lambda w: not w["agree"]).compute()
    df = td.wins_dataframe("logs/")                # one row per win
    print(df.groupby("limit").points.mean().compute())

The paths must be readable by the workers (a shared file system, or the same
directory on each machine).
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Union

import dask.bag as db

import tenpai
from tenpai import _tenpai

__all__ = ["files_bag", "replay_bag", "lines_bag", "track_bag", "replay", "verify", "stats",
           "wins_dataframe"]

Paths = Union[str, "tenpai.PathLike", Iterable[Any]]


def _replay_partition(files: List[Any]) -> List[Dict[str, Any]]:
    return _tenpai.replay_files([tuple(f) for f in files])


def files_bag(paths: Paths, npartitions: Optional[int] = None) -> db.Bag:
    """A bag of per-file results, in ``tenpai replay``'s file order: ``{"file",
    "rounds", "lines": [the replay --json lines: win, round and game]}``, ``{"file",
    "error"}``, or ``{"file", "skipped": True}`` for a file met in a directory walk
    that is not a log."""
    files = tenpai._collect(paths)
    n = npartitions or max(1, min(len(files), 64))
    return db.from_sequence(files, npartitions=n).map_partitions(_replay_partition)


def _lines(part: List[Dict[str, Any]], kinds: Iterable[str]) -> List[Dict[str, Any]]:
    return [x for f in part for x in f.get("lines", []) if x["type"] in kinds]


def replay_bag(paths: Paths, npartitions: Optional[int] = None) -> db.Bag:
    """A bag of every win replayed: exactly the ``"win"`` lines of ``tenpai replay
    --json`` (dicts), in order."""
    return files_bag(paths, npartitions).map_partitions(_lines, ("win",))


def lines_bag(paths: Paths, npartitions: Optional[int] = None) -> db.Bag:
    """A bag of every ``tenpai replay --json`` line (dicts: ``"win"``, ``"round"``
    and ``"game"`` lines), in order."""
    return files_bag(paths, npartitions).map_partitions(_lines, ("win", "round", "game"))


def track_bag(paths: Paths, npartitions: Optional[int] = None) -> db.Bag:
    """A bag of the score track: the ``"round"`` and ``"game"`` lines of ``tenpai
    replay --json`` (dicts), in order."""
    return files_bag(paths, npartitions).map_partitions(_lines, ("round", "game"))


def replay(paths: Paths, npartitions: Optional[int] = None) -> tenpai.Replay:
    """:func:`tenpai.replay` computed on the cluster (same result)."""
    if not tenpai._collect(paths):
        return tenpai.Replay([], [])
    return tenpai.Replay(files_bag(paths, npartitions).compute(), [])


def verify(paths: Paths, npartitions: Optional[int] = None) -> Dict[str, Any]:
    """The counts of ``tenpai replay``'s summary (:func:`tenpai.summarize`: files read,
    not read and skipped as not logs, games, rounds, wins, agreements, disagreements
    by kind; three-player wins are scored and counted like the others), computed on
    the cluster: per-partition counts reduced, not every win brought back."""

    def part_counts(part: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        read = sum(1 for f in part if "lines" in f)
        failed = sum(1 for f in part if "error" in f)
        skipped = sum(1 for f in part if f.get("skipped"))
        wins = _lines(part, ("win",))
        rounds = sum(f.get("rounds", 0) for f in part)
        return [tenpai.summarize(read, failed, read, rounds, wins, files_skipped=skipped)]

    def add(a: Dict[str, Any], b: Dict[str, Any]) -> Dict[str, Any]:
        out = {k: a[k] + b[k] for k in a if k != "by_kind"}
        kinds = dict(a["by_kind"])
        for k, n in b["by_kind"].items():
            kinds[k] = kinds.get(k, 0) + n
        out["by_kind"] = dict(sorted(kinds.items()))
        return {k: out[k] for k in a}

    if not tenpai._collect(paths):
        return tenpai.summarize(0, 0, 0, 0, [])
    parts = files_bag(paths, npartitions).map_partitions(part_counts)
    return parts.fold(add).compute()


def _row(w: Dict[str, Any]) -> Dict[str, Any]:
    c = w.get("computed") or {}
    r = w["recorded"]
    return {
        "file": w["file"], "round": w["round"], "honba": w["honba"],
        "winner": w["winner"], "from": w["from"], "tsumo": w["tsumo"], "hand": w["hand"],
        "han": c.get("han"), "fu": c.get("fu"), "points": c.get("points"),
        "limit": c.get("limit"), "wait": c.get("wait"),
        "recorded_han": r["han"], "recorded_points": r["points"],
        "agree": w["agree"], "skipped": w.get("skipped"),
    }


def wins_dataframe(paths: Paths, npartitions: Optional[int] = None):
    """A Dask dataframe, one row per win: file, round, honba, winner, from, tsumo,
    hand, han, fu, points, limit, wait (computed; None for a win that could not be
    scored), recorded_han, recorded_points, agree, and skipped (kept for code written
    when three-player wins were skipped: None, as they are scored now)."""
    import pandas as pd

    meta = pd.DataFrame({
        "file": pd.Series(dtype=object), "round": pd.Series(dtype=object),
        "honba": pd.Series(dtype="int64"), "winner": pd.Series(dtype="int64"),
        "from": pd.Series(dtype="int64"), "tsumo": pd.Series(dtype=bool),
        "hand": pd.Series(dtype=object), "han": pd.Series(dtype="float64"),
        "fu": pd.Series(dtype="float64"), "points": pd.Series(dtype="float64"),
        "limit": pd.Series(dtype=object), "wait": pd.Series(dtype=object),
        "recorded_han": pd.Series(dtype="int64"), "recorded_points": pd.Series(dtype="int64"),
        "agree": pd.Series(dtype=bool), "skipped": pd.Series(dtype=object),
    })
    return replay_bag(paths, npartitions).map(_row).to_dataframe(meta=meta)


def stats(paths: Paths, npartitions: Optional[int] = None) -> Dict[str, Any]:
    """Counts over every replayed win (three-player ones included), on the cluster: ``wins``, ``tsumo``,
    ``by_limit`` (wins per limit), ``yaku`` (wins with each yaku, by our names),
    ``yakuman`` (likewise), ``points`` (sum of computed points)."""

    def part(ws: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        out: Dict[str, Any] = {"wins": 0, "tsumo": 0, "points": 0, "by_limit": {}, "yaku": {},
                               "yakuman": {}}
        for w in ws:
            c = w.get("computed")
            if not c or "error" in c:
                continue
            out["wins"] += 1
            out["tsumo"] += bool(w["tsumo"])
            out["points"] += c["points"]
            out["by_limit"][c["limit"]] = out["by_limit"].get(c["limit"], 0) + 1
            for key in ("yaku", "yakuman"):
                for y in c[key]:
                    out[key][y["name"]] = out[key].get(y["name"], 0) + 1
        return [out]

    def add(a: Dict[str, Any], b: Dict[str, Any]) -> Dict[str, Any]:
        out = {k: a[k] + b[k] for k in ("wins", "tsumo", "points")}
        for k in ("by_limit", "yaku", "yakuman"):
            m = dict(a[k])
            for name, n in b[k].items():
                m[name] = m.get(name, 0) + n
            out[k] = dict(sorted(m.items()))
        return out

    return replay_bag(paths, npartitions).map_partitions(part).fold(add).compute()
