"""The Python examples of the README and docs/python.md run as written, and answer
what their comments show: each statement is run in order (in a folder holding the
files they name), and a statement whose comment starts with a value (`# 0`,
`# ['1z', '2z']`, `# 8 20 baiman 16000`) must give that value. The Dask example runs
as a plain script (`python example.py`), as a user would save and run it."""
import ast
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

DATA = ROOT / "crates/tenpai/tests/data"


def blocks(path, after=None):
    """The ```python blocks of a Markdown file (those after the heading `after`)."""
    text = path.read_text()
    if after:
        text = text[text.index(after):]
    return re.findall(r"```python\n(.*?)```", text, re.S)


def workdir(tmp_path):
    """A folder with the files the examples name: game.mjlog, requests.jsonl, logs/."""
    shutil.copy(DATA / "logs/good.mjlog", tmp_path / "game.mjlog")
    (tmp_path / "logs").mkdir()
    for f in ("logs/good.mjlog", "sanma/double_nukidora.json", "sanma/chankan.json"):
        shutil.copy(DATA / f, tmp_path / "logs" / pathlib.Path(f).name)
    (tmp_path / "requests.jsonl").write_text(
        json.dumps({"hand": "123m456p789s11777z", "tsumo": True}) + "\n19m19p19s1234567z1m\n")
    return tmp_path


def shown(value):
    """The ways a comment may show a value: its repr, or a tuple's items spaced."""
    out = {repr(value), str(value)}
    if isinstance(value, tuple):
        out.add(" ".join(str(v) for v in value))
    return out


def run_block(code, where):
    """Run `code` statement by statement in `where`; check each value comment. Returns
    the number of values checked."""
    tree = ast.parse(code)
    lines = code.splitlines()
    ns = {}
    checked = 0
    old = os.getcwd()
    os.chdir(where)
    try:
        for node in tree.body:
            src = ast.get_source_segment(code, node)
            last = lines[node.end_lineno - 1]
            comment = last.split("#", 1)[1].strip() if "#" in last[len(last.split("#", 1)[0]):] else ""
            if isinstance(node, ast.Expr):
                value = eval(compile(ast.Expression(node.value), "<example>", "eval"), ns)
                # The value a comment shows: the whole comment when it is a literal,
                # else up to a `;` or a ` (` that starts prose.
                try:
                    want = repr(ast.literal_eval(comment))
                except (ValueError, SyntaxError):
                    want = re.split(r";| \(", comment)[0].strip()
                if want and re.match(r"[-\d'\"\[{(]|True|False|None", want):
                    assert want in shown(value), f"{src}\n  shows {want!r}, gives {shown(value)}"
                    checked += 1
            else:
                exec(compile(ast.Module([node], []), "<example>", "exec"), ns)
    finally:
        os.chdir(old)
    return checked


def test_readme_python_example(tmp_path):
    (code,) = blocks(ROOT / "README.md")
    assert run_block(code, workdir(tmp_path)) >= 2


def test_python_doc_examples(tmp_path):
    first = blocks(ROOT / "docs/python.md")[0]
    assert run_block(first, workdir(tmp_path)) >= 6


def test_the_dask_example_runs_as_a_script(tmp_path):
    pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    (code,) = blocks(ROOT / "docs/python.md", after="## Log analytics on a Dask cluster")
    where = workdir(tmp_path)
    (where / "example.py").write_text(code)
    p = subprocess.run([sys.executable, "example.py"], cwd=where, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    # Its first print: the replay summary of the three logs, every win agreeing.
    summary = ast.literal_eval(p.stdout.splitlines()[0])
    assert summary["files_read"] == 3 and summary["wins"] == summary["agreements"] > 0
    assert "0 wins disagree" in p.stdout
