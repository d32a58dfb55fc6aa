#!/usr/bin/env python3
"""Run the README's checked shell blocks, so that they cannot rot.

A block is checked when the line just before its fence is the marker
`<!-- checked -->` and the fence is ```sh. Such blocks need nothing but
`weiqi` (and a POSIX shell): the ones that name GNU Go, Java, Node or a
GUI are not marked. Each checked block runs verbatim under `bash -e -o
pipefail`, with the directory of the engine given by --bin first on PATH
(so `weiqi` is the binary under test, as after `cargo install --path .`),
in a fresh temporary directory that holds symbolic links to the
repository's files (so `gtp-tests/...` resolves, and whatever a block
writes stays out of the repository), which is also its HOME. A block fails when it exits non-zero
or runs longer than --timeout seconds; the script then prints its output
and exits 1.

    python3 scripts/readme_blocks.py --bin target/release
    python3 scripts/readme_blocks.py --list

Standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

MARKER = "<!-- checked -->"
FENCE = re.compile(r"^(\s*)(`{3,})\s*([\w-]*)\s*$")


def blocks(path):
    """Every fenced block of the file: (line of the fence, language,
    whether the marker precedes it, text)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, ticks, lang = m.group(1), m.group(2), m.group(3)
        prev = lines[i - 1].strip() if i > 0 else ""
        start = i
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != ticks:
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            i += 1
        if i == len(lines):
            sys.exit(f"{path}:{start + 1}: unclosed code fence")
        out.append((start + 1, lang, prev == MARKER, "\n".join(body) + "\n"))
        i += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--readme", default="README.md")
    ap.add_argument("--bin", default="target/release",
                    help="directory holding the weiqi binary to test (default target/release)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per block")
    ap.add_argument("--list", action="store_true", help="print the checked blocks, run nothing")
    args = ap.parse_args()

    repo = os.path.dirname(os.path.abspath(args.readme))
    found = blocks(args.readme)
    for line, lang, marked, _ in found:
        if marked and lang != "sh":
            sys.exit(f"{args.readme}:{line}: {MARKER} before a ```{lang} block (only ```sh is run)")
    checked = [(line, text) for line, lang, marked, text in found if marked]
    shell = sum(1 for _, lang, _, _ in found if lang == "sh")
    if not checked:
        sys.exit(f"{args.readme}: no block is marked {MARKER}")
    if args.list:
        for line, text in checked:
            print(f"--- {args.readme}:{line}")
            print(text, end="")
        print(f"{len(checked)} of {shell} sh blocks checked")
        return

    bindir = os.path.abspath(args.bin)
    if not os.access(os.path.join(bindir, "weiqi"), os.X_OK):
        sys.exit(f"{bindir}/weiqi is missing: build it first (cargo build --release)")
    env = dict(os.environ)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    env.pop("RUST_LOG", None)

    failed = 0
    for line, text in checked:
        work = tempfile.mkdtemp(prefix="readme-block-")
        try:
            for name in os.listdir(repo):
                if name not in (".git", "target"):
                    os.symlink(os.path.join(repo, name), os.path.join(work, name))
            env["HOME"] = work  # blocks that write under ~ write here
            t0 = time.monotonic()
            try:
                r = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=work,
                                   env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                   text=True, errors="replace", timeout=args.timeout)
                status = "ok" if r.returncode == 0 else f"exit {r.returncode}"
                output = r.stdout + r.stderr
            except subprocess.TimeoutExpired as e:
                status = f"timeout after {args.timeout:.0f} s"
                output = (e.stdout or b"").decode(errors="replace") + \
                    (e.stderr or b"").decode(errors="replace")
            took = time.monotonic() - t0
            first = text.strip().split("\n")[0]
            print(f"{args.readme}:{line}: {status} ({took:.1f} s): {first}")
            if status != "ok":
                failed += 1
                print(text, end="")
                print("--- output:")
                print(output[-4000:], end="" if output.endswith("\n") else "\n")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"readme_blocks: {len(checked) - failed} passed, {failed} failed "
          f"({len(checked)} of {shell} sh blocks are checked)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
