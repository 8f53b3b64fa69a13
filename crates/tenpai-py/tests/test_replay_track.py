"""The score track ("round" and "game" lines) from Python equals the CLI's
`tenpai replay --json` lines on the shared corpus."""
import tenpai
from conftest import run_cli


def test_replay_lines_match_cli(shared, cli):
    raw = shared / "corpus/tenhou/raw"
    theirs = run_cli(cli, ["replay", str(raw), "--json"])
    kinds = {v["type"] for v in theirs}
    assert kinds == {"win", "round", "game"}
    rep = tenpai.replay(raw)
    # Every line, in the CLI's order (wins, each round after its last win, the game).
    assert [x.to_dict() for x in rep.lines] == theirs
    assert [x.to_dict() for x in rep.round_lines] == [v for v in theirs if v["type"] == "round"]
    assert [x.to_dict() for x in rep.game_lines] == [v for v in theirs if v["type"] == "game"]
    assert all(isinstance(x, tenpai.ReplayRound) for x in rep.round_lines)
    assert all(isinstance(x, tenpai.ReplayGame) for x in rep.game_lines)
    # Typed attributes read the same values; each game line counts its round lines.
    first = next(v for v in theirs if v["type"] == "game")
    g = rep.game_lines[0]
    assert (g.type, g.file, g.final_scores, g.balanced) == (
        "game", first["file"], first["final_scores"], first["balanced"])
    for g in rep.game_lines:
        assert g.rounds == sum(1 for r in rep.round_lines if r.file == g.file)


def test_read_log_track_matches_cli(shared, cli):
    files = tenpai.log_files(shared / "corpus/tenhou/raw")
    checked = 0
    for f in files[::9]:
        theirs = [v for v in run_cli(cli, ["replay", f, "--json"]) if v["type"] != "win"]
        try:
            g = tenpai.read_log(f)
        except tenpai.LogError:
            assert theirs == []
            continue
        assert [x.to_dict() for x in g.track] == theirs
        assert g.to_dict()["track"] == theirs
        if g.players == 4:
            assert [x.type for x in g.track] == ["round"] * len(g.track[:-1]) + ["game"]
            assert len(g.track) - 1 == g.track[-1].rounds
            checked += 1
    assert checked > 10
