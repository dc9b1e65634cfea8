#!/usr/bin/env python3
"""The share of golden programs `auto` runs on the fast engine (issue 23's
"goes up" target): runs every plain `run` program under testdata/ (no RUN:
lines, no MODE other than run, no --schedule or --work-queue in its ARGS,
no SKIP) once with --verbose and reads what it says it chose.

usage: bench/auto_share.py TFRUN [TFRUN...] [--testdata=DIR]

With several tfruns (an older build beside the current one), only the
programs every one of them runs, the same functions each, are counted.

A program counts as *fully fast* when auto runs all of it on the fast
engine: the whole file ("Choosing fast schedule"), or every function it
runs ("'f': fast: ..." under "Choosing the schedule per function"). The
functions it runs are counted too, by kind: fast, exact then fast (the mixed
schedule), exact. A tfrun from before the schedule per function says one
thing for the whole file; each function it runs counts as that.
"""
import os
import re
import shlex
import subprocess
import sys


def header(path):
    args, mode, skip, run = [], "run", False, False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"\s*//\s*(ARGS|MODE|SKIP|RUN):\s*(.*)", line)
            if not m:
                continue
            key, val = m.group(1), m.group(2).strip()
            if key == "ARGS":
                args = shlex.split(val)
            elif key == "MODE":
                mode = val.split()[0] if val else "run"
            elif key == "SKIP":
                skip = True
            elif key == "RUN":
                run = True
    return args, mode, skip, run


def classify(out):
    """(fully_fast, {kind: functions}) from a run's --verbose output."""
    kinds = {"fast": 0, "mixed": 0, "exact": 0}
    ran = set(re.findall(r"^--- Running '([^']*)'", out, re.M))
    if re.search(r"^Choosing fast schedule", out, re.M):
        kinds["fast"] = len(ran)
        return True, kinds
    if re.search(r"^Choosing exact schedule", out, re.M):
        kinds["exact"] = len(ran)
        return False, kinds
    per = [p for name, p in re.findall(r"^  '([^']*)': (fast|exact until|exact)", out, re.M)
           if name in ran]
    for p in per:
        kinds["fast" if p == "fast" else "mixed" if p == "exact until" else "exact"] += 1
    return bool(per) and all(p == "fast" for p in per), kinds


def measure(exe, path, args):
    """(functions run, fully fast, kinds) of one program, or None."""
    try:
        p = subprocess.run([exe, "run", "--verbose"] + args + [path], capture_output=True,
                           text=True, errors="replace", timeout=60)
    except subprocess.TimeoutExpired:
        return None
    out = p.stdout + p.stderr
    if "Choosing" not in out:
        return None
    ran = frozenset(re.findall(r"^--- Running '([^']*)'", out, re.M))
    ff, kinds = classify(out)
    return ran, ff, kinds


def main():
    exes = [a for a in sys.argv[1:] if not a.startswith("--testdata=")]
    roots = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--testdata=")]
    root = roots[0] if roots else "testdata"
    if not exes:
        sys.stderr.write(__doc__)
        return 2
    files = []
    for d, _, names in os.walk(root):
        files += [os.path.join(d, n) for n in names if n.endswith(".mlir")]
    files.sort()
    total = 0
    fully = [0] * len(exes)
    kinds = [{"fast": 0, "mixed": 0, "exact": 0} for _ in exes]
    for path in files:
        args, mode, skip, run = header(path)
        if skip or run or mode != "run":
            continue
        if any(a.startswith(("--schedule", "-schedule", "--work-queue", "-work-queue",
                             "--replay", "--trace", "--profile")) for a in args):
            continue
        got = [measure(e, path, args) for e in exes]
        # Only programs every tfrun given runs, the same functions each.
        if any(g is None for g in got) or len({g[0] for g in got}) != 1:
            continue
        total += 1
        for i, (_, ff, k) in enumerate(got):
            fully[i] += ff
            for key in k:
                kinds[i][key] += k[key]
    for i, exe in enumerate(exes):
        k = kinds[i]
        nf = sum(k.values())
        print("%s: auto on %d golden programs: %d fully fast (%.0f%%); functions run: %d fast, "
              "%d exact then fast, %d exact (%.0f%% at least partly fast)"
              % (exe, total, fully[i], 100.0 * fully[i] / max(total, 1), k["fast"], k["mixed"],
                 k["exact"], 100.0 * (k["fast"] + k["mixed"]) / max(nf, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
