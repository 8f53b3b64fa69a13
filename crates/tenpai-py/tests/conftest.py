"""Shared fixtures: the corpus in ../shared and the `tenpai` CLI binary.

A test needing ../shared fails when it is absent under CI=true and is skipped with
the reason elsewhere (the repository's convention)."""
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
CI = os.environ.get("CI") == "true"


def _need(what: str) -> None:
    if CI:
        pytest.fail(f"{what} is absent (required under CI=true)")
    pytest.skip(f"needs {what}, which is absent")


@pytest.fixture(scope="session")
def shared() -> pathlib.Path:
    d = pathlib.Path(os.environ.get("TENPAI_SHARED", ROOT.parent / "shared"))
    if not d.is_dir():
        _need(f"../shared ({d})")
    return d


@pytest.fixture(scope="session")
def cli() -> str:
    """The tenpai binary: $TENPAI_BIN, else target/release or target/debug."""
    for p in (os.environ.get("TENPAI_BIN"), ROOT / "target/release/tenpai",
              ROOT / "target/debug/tenpai", shutil.which("tenpai")):
        if p and pathlib.Path(p).is_file():
            return str(p)
    _need("the tenpai CLI binary (cargo build -p tenpai-cli)")


def run_cli(cli: str, args, stdin: str = "") -> list:
    """JSON Lines answered by the CLI (exit codes 0/1/2 accepted: batches report
    bad lines in the output)."""
    import json

    p = subprocess.run([cli, *args], input=stdin, capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 1, 2), p.stderr
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


BENCH_HANDS = ROOT / "crates/tenpai/benches/data/score_hands.jsonl"
