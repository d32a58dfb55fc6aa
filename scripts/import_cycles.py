#!/usr/bin/env python3
"""Fails when the modules under src/ import each other in a circle.

A module is one file: src/gtp/engine.rs is crate::gtp::engine, src/gtp/mod.rs
and src/gtp.rs are crate::gtp. Module A imports module B when A's code (test
modules left out) names a path into B: a `use` item (`use crate::b::X`,
`use super::b::{X, y::Z}`, `use b::X` for a child module b), or a path in the
code (`crate::b::f()`, `super::b::X`, `b::f()` for a child b). A path is
charged to the longest module it names a prefix of: `crate::gtp::Engine`
(a re-export) is an edge to crate::gtp, not to crate::gtp::engine. A `mod b;`
declaration is not an import (a parent declares its children), and test code
is left out: `#[cfg(test)]` items and the files of test modules (tests.rs,
*_tests.rs, testutil.rs), which nothing imports.

Prints each circle found (one strongly connected component, with one cycle
through it spelled out) and exits 1; prints the module and edge counts and
exits 0 when there is none.

Usage: python3 scripts/import_cycles.py [--src src] [--edges]
"""

import argparse
import re
import sys
from pathlib import Path

# Edges left out of the check, each with its reason. Keep this short: an
# entry is a circle the check cannot see.
# Imports let through by name, each with its reason (none today).
ALLOWED: dict = {}

TEST_FILE = re.compile(r"(^|_)tests?\.rs$|^testutil\.rs$")


def module_of(path, src):
    rel = path.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip_comments_and_strings(text):
    """Blanks out comments, string and char literals (keeping line breaks)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (
            i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        ):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x..'", text[i:i + 12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x..'", text[i:i + 12])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_test_items(text):
    """Removes `#[cfg(test)]` items (a module block or a single item)."""
    out = []
    pos = 0
    for m in re.finditer(r"#\[cfg\(test\)\]", text):
        if m.start() < pos:
            continue
        out.append(text[pos:m.start()])
        j = m.end()
        # The item ends at its matching closing brace, or at `;` if the
        # item has no body (e.g. `mod tests;`, `use ...;`).
        depth = 0
        while j < len(text):
            ch = text[j]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    j += 1
                    break
            elif ch == ";" and depth == 0:
                j += 1
                break
            j += 1
        pos = j
    out.append(text[pos:])
    return "".join(out)


def expand_use_tree(tree):
    """`a::{b, c::{d, e}}` -> [['a','b'], ['a','c','d'], ['a','c','e']]."""
    tokens = re.findall(r"::|\{|\}|,|\*|[A-Za-z_][A-Za-z0-9_]*", tree)
    pos = 0

    def parse(prefix):
        nonlocal pos
        paths = []
        cur = list(prefix)
        while pos < len(tokens):
            t = tokens[pos]
            if t == "{":
                pos += 1
                while pos < len(tokens) and tokens[pos] != "}":
                    if tokens[pos] == ",":
                        pos += 1
                        continue
                    paths.extend(parse(cur))
                pos += 1
                return paths
            if t in (",", "}"):
                break
            if t == "::":
                pos += 1
                continue
            if t == "as":
                pos += 2
                continue
            if t == "*":
                pos += 1
                continue
            cur.append(t)
            pos += 1
        paths.append(cur)
        return paths

    return parse([])


def resolve(segments, here, is_dir_module, modules, children):
    """The module a path names (as a tuple), or None if outside the crate."""
    if not segments:
        return None
    segs = list(segments)
    # The module a `super` in this file refers to: a file's parent module.
    base = list(here)
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                if not base:
                    return None
                base = base[:-1]
            segs = segs[1:]
    elif segs[0] in children.get(here, ()):
        pass  # a child module, relative to here
    else:
        return None
    full = base + segs
    best = None
    for k in range(len(full), -1, -1):
        if tuple(full[:k]) in modules:
            best = tuple(full[:k])
            break
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default="src")
    ap.add_argument("--edges", action="store_true", help="print every edge")
    args = ap.parse_args()
    src = Path(args.src)

    files = {}
    for p in sorted(src.rglob("*.rs")):
        if TEST_FILE.search(p.name) or p.name == "main.rs" and p.parent == src:
            continue
        files[module_of(p, src)] = p
    modules = set(files)
    # Test files still count as modules (a path into them must resolve),
    # but their code is never read.
    for p in src.rglob("*.rs"):
        modules.add(module_of(p, src))
    children = {}
    for m in modules:
        if m:
            children.setdefault(m[:-1], set()).add(m[-1])

    edges = {m: set() for m in files}
    for here, path in files.items():
        text = strip_test_items(strip_comments_and_strings(path.read_text()))
        is_dir = path.name == "mod.rs"
        paths = []
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            paths.extend(expand_use_tree(m.group(1)))
        kids = children.get(here, set())
        head = r"(?:crate|super|self" + "".join("|" + re.escape(k) for k in kids) + r")"
        for m in re.finditer(r"(?<![A-Za-z0-9_:])(" + head + r"(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+)", text):
            paths.append(re.split(r"\s*::\s*", m.group(1)))
        for segs in paths:
            target = resolve(segs, here, is_dir, modules, children)
            if target is not None and target != here and target in files:
                if (name(here), name(target)) not in ALLOWED:
                    edges[here].add(target)

    if args.edges:
        for m in sorted(edges):
            for t in sorted(edges[m]):
                print(f"{name(m)} -> {name(t)}")

    sccs = tarjan(edges)
    circles = [c for c in sccs if len(c) > 1]
    if circles:
        for c in circles:
            print(f"import circle among {len(c)} modules: " + ", ".join(sorted(name(m) for m in c)))
            print("  for example: " + " -> ".join(name(m) for m in one_cycle(c, edges)))
        sys.exit(1)
    n_edges = sum(len(v) for v in edges.values())
    print(f"import_cycles: {len(files)} modules, {n_edges} imports, no circle"
          f" ({len(ALLOWED)} import allowed by name)")


def name(m):
    return "crate" if not m else "crate::" + "::".join(m)


def tarjan(edges):
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def one_cycle(comp, edges):
    """A shortest cycle through the first module of the component."""
    members = set(comp)
    start = min(comp)
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(edges[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return [start]


if __name__ == "__main__":
    main()
