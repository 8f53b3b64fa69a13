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
        wins = td.replay_bag(raw).compute()
        assert wins == [w.to_dict() for w in single.wins]
        summary = td.verify(raw)
        assert summary == single.summary()
        rep = td.replay(raw)
        assert [w.to_dict() for w in rep.wins] == wins and rep.errors == single.errors
        df = td.wins_dataframe(raw).compute()
        assert len(df) == len(single.wins) and int(df.agree.sum()) == summary["agreements"]
        st = td.stats(raw)
    assert st["wins"] == summary["agreements"]  # every 4-player win scored and agrees
    assert st["points"] == sum(w.computed["points"] for w in single.wins if w.computed)
    assert sum(st["by_limit"].values()) == st["wins"]
