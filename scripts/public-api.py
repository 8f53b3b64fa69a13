#!/usr/bin/env python3
"""List the public API of the `tenpai` library crate, one line per item and member,
from its rustdoc HTML (stable toolchain; `cargo public-api` needs a nightly one).

usage: scripts/public-api.py [--no-build] > api.txt
       diff before.txt after.txt

Builds `cargo doc --no-deps -p tenpai` (in $CARGO_TARGET_DIR, default target/) unless
--no-build, then reads every item page under doc/tenpai/: for each item its path and
declaration (a struct's public fields, an enum's variants, a function's signature),
then the code header of each member (methods, associated constants, trait impls, with
their signatures). Tags are stripped and whitespace collapsed, impl blocks are not
numbered, lines are sorted: two listings differ exactly where the API does. Items
marked `#[doc(hidden)]` (such as a macro the other crates of the workspace use) are
not in rustdoc's pages and so not listed.
"""
import html
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def text(fragment: str) -> str:
    """An HTML fragment as plain text, on one line."""
    fragment = re.sub(r"<details.*?<summary.*?</summary>", "", fragment, flags=re.S)
    fragment = re.sub(r"<[^>]+>", "", fragment)
    return re.sub(r"\s+", " ", html.unescape(fragment)).strip()


def main() -> None:
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if "--no-build" not in sys.argv:
        subprocess.run(["cargo", "doc", "--no-deps", "-p", "tenpai", "-q"], cwd=ROOT, check=True)
    doc = target / "doc" / "tenpai"
    lines = set()
    for page in sorted(doc.rglob("*.html")):
        rel = page.relative_to(doc)
        m = re.fullmatch(r"(\w+)\.(\w+)\.html", rel.name)
        if not m or rel.parts[0] == "src":
            continue
        kind, name = m.groups()
        path = "::".join(["tenpai", *rel.parts[:-1], name])
        page_text = page.read_text()
        decl = re.search(r'<pre class="rust item-decl">(.*?)</pre>', page_text, re.S)
        head = f"{kind} {path}"
        lines.add(f"{head}: {text(decl.group(1))}" if decl else head)
        for member in re.findall(r'<h4 class="code-header">(.*?)</h4>', page_text, re.S):
            lines.add(f"{head} | {text(member)}")
        for field in re.findall(r'id="(?:structfield|variant)\.(\w+)"', page_text):
            lines.add(f"{head} . {field}")
    sys.stdout.write("".join(f"{line}\n" for line in sorted(lines)))


if __name__ == "__main__":
    main()
