"""tenpai.dask on a real LocalCluster (2 workers) equals the single-process replay."""
import pytest

import tenpai

pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")


def test_dask_cluster_equals_single_process(shared):
    from dask.distributed import Client, LocalCluster

    import tenpai.dask as td

    raw = shared / "corpus/tenhou/raw"
    single = tenpai.replay(raw)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster):
        wins = td.replay_bag(raw, npartitions=8).compute()
        lines = td.lines_bag(raw, npartitions=8).compute()
        track = td.track_bag(raw, npartitions=8).compute()
        summary = td.verify(raw, npartitions=8)
        st = td.stats(raw, npartitions=8)
    assert wins == [w.to_dict() for w in single.wins]
    # Every replay line (win, round, game), and the score track alone, as the single
    # process gives them (which test_replay_track compares with the CLI).
    assert lines == [x.to_dict() for x in single.lines]
    assert track == [x.to_dict() for x in single.lines if x.type != "win"]
    assert len(track) > len(single.game_lines) > 100
    assert summary == single.summary()
    assert st["wins"] == summary["agreements"]  # every 4-player win scored and agrees
    assert st["points"] == sum(w.computed["points"] for w in single.wins if w.computed)
    assert sum(st["by_limit"].values()) == st["wins"]


def test_dask_replay_and_dataframe_local(shared):
    import dask

    import tenpai.dask as td

    files = tenpai.log_files(shared / "corpus/tenhou/raw")[:300]
    single = tenpai.replay(files)
    with dask.config.set(scheduler="synchronous"):
        rep = td.replay(files, npartitions=4)
        df = td.wins_dataframe(files, npartitions=4).compute()
    assert [w.to_dict() for w in rep.wins] == [w.to_dict() for w in single.wins]
    assert rep.errors == single.errors and rep.summary() == single.summary()
    assert len(df) == len(single.wins)
    assert int(df.agree.sum()) == single.summary()["agreements"]
    assert list(df.points.fillna(-1)) == [w.computed["points"] if w.computed else -1
                                          for w in single.wins]
