#!/usr/bin/env python3
"""Random programs against `auto` (issue 23; docs/analysis.md §8).

usage: gen_programs.py TFRUN [--count N] [--seed S] [--explore N] [--keep DIR]
                             [--ref OTHER_TFRUN] [--engines]
       gen_programs.py --print SEED

Each program is made from one seed: a few helper functions (calls, some
recursive, a while body), then run functions that mix constants,
arithmetic, divisions that may divide by zero, kernels that fail, prints
from fresh and shared chains, merges, tfrt.if / tfrt.repeat.i32 regions,
tfrt.call / tfrt.cond / tfrt.while, tfrt_test.do.async bodies, an
asynchronous kernel, and resource variables (rv.create, rv.read,
rv.assign, rv.assign_add) read and written off fresh or shared chains.

Every program runs under --schedule=exact and --schedule=auto on the
single-threaded queue: stdout, stderr and the exit status must be
identical (the contract of `auto`, docs/execution.md §7, with the
per-function choice and the switch of docs/analysis.md §8). A program that
auto runs fast as a whole also runs under auto on --work-queue=mstd:2 and
must print what exact prints on one thread. With --explore N, the first N
programs' functions that auto calls fast (ordered) are explored
(`tfrun explore --json`): each must have exactly one outcome.

With --ref, each program also runs under --schedule=exact with OTHER_TFRUN
(another build of tfrun, e.g. before a change to the exact engine): the
two exact runs must print the same (the engine keeps TFRT's order kernel
for kernel).

With --engines, each program also runs under --schedule=exact with
TFRUN_EXACT_ENGINE=reference (interp/exec.c instead of the cheaper exact
engine, interp/xe.c): the two runs must print the same.

A failure prints the seed and the differences and keeps the program (in
--keep DIR, default build/gen-fail); `gen_programs.py --print SEED` prints
the program again. Exit status 1 when anything failed.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile


class Gen:
    """One program, from one seed."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.thread = 0.9      # how often a chain operand is the latest chain
        self.n = 0
        self.helpers = []      # (name, [arg types], [result types])
        self.lines = []

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def pick(self, env, ty):
        c = [v for v, t in env if t == ty]
        return self.r.choice(c) if c else None

    # -- statements -------------------------------------------------------
    def const(self, out, env, ind, value=None):
        v = self.fresh()
        if value is None:
            value = self.r.choice([0, 1, 2, 3, 5, 7, -1])
        out.append("%s%s = tfrt.constant.i32 %d" % (ind, v, value))
        env.append((v, "i32"))
        return v

    def i32(self, out, env, ind):
        v = self.pick(env, "i32")
        return v if v and self.r.random() < 0.8 else self.const(out, env, ind)

    def small(self, out, env, ind, k=8):
        """An i32 in (-k, k): the remainder of one by k (a count for a
        recursion or a loop must stay small)."""
        x = self.i32(out, env, ind)
        kk = self.const(out, env, ind, k)
        q, m = self.fresh(), self.fresh()
        out.append("%s%s, %s = tfrt.div.i32 %s, %s" % (ind, q, m, x, kk))
        env += [(q, "i32"), (m, "i32")]
        return m

    def chain(self, out, env, ind):
        cs = [v for v, t in env if t == "!tfrt.chain"]
        if cs and self.r.random() < self.thread:
            return cs[-1]          # the latest: effects in a row
        v = self.r.choice(cs) if cs else None
        if v and self.r.random() < 0.7:
            return v
        v = self.fresh()
        out.append("%s%s = tfrt.new.chain" % (ind, v))
        env.append((v, "!tfrt.chain"))
        return v

    def stmt(self, out, env, ind, depth):
        r = self.r
        k = r.choice(["const", "arith", "arith", "div", "cmp", "print", "print", "print",
                      "merge", "if", "repeat", "call", "call", "async", "async_kernel",
                      "rv", "fail", "cond", "while"])
        if k == "const":
            self.const(out, env, ind)
        elif k == "arith":
            a, b = self.i32(out, env, ind), self.i32(out, env, ind)
            op = r.choice(["tfrt.add.i32 %s, %s", "\"tfrt.minus.i32\"(%s, %s) : (i32, i32) -> i32",
                           "tfrt.mul.i32 %s, %s"])
            v = self.fresh()
            out.append("%s%s = %s" % (ind, v, op % (a, b)))
            env.append((v, "i32"))
        elif k == "div":
            a, b = self.i32(out, env, ind), self.i32(out, env, ind)
            q, m = "%q" + self.fresh()[1:], self.fresh()
            out.append("%s%s, %s = tfrt.div.i32 %s, %s" % (ind, q, m, a, b))
            env += [(q, "i32"), (m, "i32")]
        elif k == "cmp":
            q = [v for v, t in env if t == "i32" and v.startswith("%q")]
            a = r.choice(q) if q and r.random() < 0.5 else self.i32(out, env, ind)
            b = self.i32(out, env, ind)
            v = self.fresh()
            op = r.choice(["lessequal", "equal"])
            if op == "equal":
                out.append("%s%s = tfrt.equal.i32 %s, %s" % (ind, v, a, b))
            else:
                out.append("%s%s = \"tfrt.lessequal.i32\"(%s, %s) : (i32, i32) -> i1" % (ind, v, a, b))
            env.append((v, "i1"))
        elif k == "print":
            x, c = self.i32(out, env, ind), self.chain(out, env, ind)
            v = self.fresh()
            out.append("%s%s = tfrt.print.i32 %s, %s" % (ind, v, x, c))
            env.append((v, "!tfrt.chain"))
        elif k == "merge":
            cs = [v for v, t in env if t == "!tfrt.chain"]
            if len(cs) >= 2:
                a, b = r.sample(cs, 2)
                v = self.fresh()
                out.append("%s%s = tfrt.merge.chains %s, %s : !tfrt.chain, !tfrt.chain" % (ind, v, a, b))
                env.append((v, "!tfrt.chain"))
        elif k == "if" and depth < 3:
            self.if_(out, env, ind, depth)
        elif k == "repeat" and depth < 3:
            self.repeat(out, env, ind, depth)
        elif k == "call" and self.helpers:
            self.call(out, env, ind)
        elif k == "async" and depth < 3:
            self.async_(out, env, ind, depth)
        elif k == "async_kernel":
            a, b = self.i32(out, env, ind), self.i32(out, env, ind)
            v = self.fresh()
            out.append("%s%s = \"tfrt_test.async_add.i32\"(%s, %s) : (i32, i32) -> i32" % (ind, v, a, b))
            env.append((v, "i32"))
        elif k == "rv":
            self.rv(out, env, ind)
        elif k == "fail" and r.random() < 0.3:
            v = self.fresh()
            out.append("%s%s = \"tfrt_test.fail\"() : () -> i32" % (ind, v))
            env.append((v, "i32"))
        elif k == "cond" and self.helpers:
            self.cond(out, env, ind)
        elif k == "while" and any(h[0] == "wbody" for h in self.helpers):
            self.while_(out, env, ind)

    def body(self, env, ind, depth, nmin, nmax):
        out = []
        for _ in range(self.r.randint(nmin, nmax)):
            self.stmt(out, env, ind, depth)
        return out

    def region_args(self, out, env, ind, extra=True):
        """Operands passed into a region: an i32 and a chain, sometimes
        more, all distinct (a region argument takes each one's name)."""
        ops = [(self.i32(out, env, ind), "i32"), (self.chain(out, env, ind), "!tfrt.chain")]
        if extra and self.r.random() < 0.3:
            x = self.i32(out, env, ind)
            if x != ops[0][0]:
                ops.append((x, "i32"))
        rv = self.pick(env, "!rv.var")
        if extra and rv and self.r.random() < 0.4:
            ops.append((rv, "!rv.var"))
        return ops

    def region(self, ops, ind, depth, rtypes):
        """A region body: its arguments are named after the operands [ops]
        (docs/language.md §2.7); statements, then a return of [rtypes]."""
        env = [(o, t) for o, t in ops]
        out = self.body(env, ind + "  ", depth + 1, 1, 5)
        rets = []
        for t in rtypes:
            v = self.pick(env, t) if t != "i32" else self.i32(out, env, ind + "  ")
            if v is None:
                v = self.chain(out, env, ind + "  ") if t == "!tfrt.chain" else self.const(out, env, ind + "  ")
            rets.append(v)
        out.append("%s  tfrt.return %s : %s" % (ind, ", ".join(rets), ", ".join(rtypes)))
        return out

    def if_(self, out, env, ind, depth):
        cond = self.pick(env, "i1")
        if not cond:
            a, b = self.i32(out, env, ind), self.i32(out, env, ind)
            cond = self.fresh()
            out.append("%s%s = \"tfrt.lessequal.i32\"(%s, %s) : (i32, i32) -> i1" % (ind, cond, a, b))
            env.append((cond, "i1"))
        ops = self.region_args(out, env, ind)
        rtypes = ["i32", "!tfrt.chain"]
        then = self.region(ops, ind, depth, rtypes)
        els = self.region(ops, ind, depth, rtypes)
        res = [self.fresh(), self.fresh()]
        out.append("%s%s, %s = tfrt.if %s, %s : (%s) -> (%s) {" % (
            ind, res[0], res[1], cond, ", ".join(o for o, _ in ops), ", ".join(t for _, t in ops),
            ", ".join(rtypes)))
        out += then
        out.append("%s} else {" % ind)
        out += els
        out.append("%s}" % ind)
        env += [(res[0], "i32"), (res[1], "!tfrt.chain")]

    def repeat(self, out, env, ind, depth):
        r = self.r
        if r.random() < 0.8:
            n = self.const(out, env, ind, r.choice([0, 1, 2, 3]))
        else:
            n = self.i32(out, env, ind)    # may be an error, negative, large
            # Keep loops short: a count that is not a constant is taken mod 4.
            four = self.const(out, env, ind, 4)
            q, m = self.fresh(), self.fresh()
            out.append("%s%s, %s = tfrt.div.i32 %s, %s" % (ind, q, m, n, four))
            env += [(q, "i32"), (m, "i32")]
            n = m
        ops = self.region_args(out, env, ind, extra=False)
        body = self.region(ops, ind, depth, ["i32", "!tfrt.chain"])
        res = [self.fresh(), self.fresh()]
        out.append("%s%s, %s = tfrt.repeat.i32 %s, %s : i32, !tfrt.chain {" % (
            ind, res[0], res[1], n, ", ".join(o for o, _ in ops)))
        out += body
        out.append("%s}" % ind)
        env += [(res[0], "i32"), (res[1], "!tfrt.chain")]

    def async_(self, out, env, ind, depth):
        ops = self.region_args(out, env, ind, extra=False)
        body = self.region(ops, ind, depth, ["i32", "!tfrt.chain"])
        res = [self.fresh(), self.fresh()]
        out.append("%s%s, %s = tfrt_test.do.async %s : (i32, !tfrt.chain) -> (i32, !tfrt.chain) {" % (
            ind, res[0], res[1], ", ".join(o for o, _ in ops)))
        out += body
        out.append("%s}" % ind)
        env += [(res[0], "i32"), (res[1], "!tfrt.chain")]

    def call(self, out, env, ind):
        cands = [h for h in self.helpers if h[0] != "wbody"]
        if not cands:
            return
        name, ats, rts = self.r.choice(cands)
        args = []
        for t in ats:
            if t == "i32":
                args.append(self.small(out, env, ind))
            elif t == "!tfrt.chain":
                args.append(self.chain(out, env, ind))
            else:
                v = self.pick(env, t)
                if v is None:
                    return
                args.append(v)
        res = [self.fresh() for _ in rts]
        out.append("%s%s = tfrt.call @%s(%s) : (%s) -> (%s)" % (
            ind, ", ".join(res), name, ", ".join(args), ", ".join(ats), ", ".join(rts)))
        env += list(zip(res, rts))

    def cond(self, out, env, ind):
        cands = [h for h in self.helpers if h[1] == ["i32", "!tfrt.chain"] and h[2] == ["i32", "!tfrt.chain"]]
        if len(cands) < 1:
            return
        a, b = self.r.choice(cands)[0], self.r.choice(cands)[0]
        c = self.pick(env, "i1")
        if not c:
            return
        x, ch = self.small(out, env, ind), self.chain(out, env, ind)
        res = [self.fresh(), self.fresh()]
        out.append("%s%s, %s = tfrt.cond %s @%s @%s (%s, %s) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)" % (
            ind, res[0], res[1], c, a, b, x, ch))
        env += [(res[0], "i32"), (res[1], "!tfrt.chain")]

    def while_(self, out, env, ind):
        x, ch = self.small(out, env, ind), self.chain(out, env, ind)
        limit = self.const(out, env, ind, 3)
        go = self.fresh()
        out.append("%s%s = \"tfrt.lessequal.i32\"(%s, %s) : (i32, i32) -> i1" % (ind, go, x, limit))
        res = [self.fresh(), self.fresh()]
        out.append("%s%s, %s = tfrt.while %s @wbody(%s, %s) parallel_iterations(1) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)" % (
            ind, res[0], res[1], go, x, ch))
        env += [(go, "i1"), (res[0], "i32"), (res[1], "!tfrt.chain")]

    def rv(self, out, env, ind):
        r = self.r
        var = self.pick(env, "!rv.var")
        if var is None or r.random() < 0.3:
            x, c = self.i32(out, env, ind), self.chain(out, env, ind)
            v, c2 = self.fresh(), self.fresh()
            out.append("%s%s, %s = \"rv.create\"(%s, %s) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)" % (
                ind, v, c2, x, c))
            env += [(v, "!rv.var"), (c2, "!tfrt.chain")]
            return
        c = self.chain(out, env, ind)
        k = r.choice(["read", "assign", "assign_add"])
        if k == "read":
            x, c2 = self.fresh(), self.fresh()
            out.append("%s%s, %s = \"rv.read\"(%s, %s) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)" % (
                ind, x, c2, var, c))
            env += [(x, "i32"), (c2, "!tfrt.chain")]
        else:
            x = self.i32(out, env, ind)
            c2 = self.fresh()
            out.append("%s%s = \"rv.%s\"(%s, %s, %s) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain" % (
                ind, c2, k, var, x, c))
            env.append((c2, "!tfrt.chain"))

    # -- functions --------------------------------------------------------
    def function(self, name, ats, rts, nmin, nmax):
        # Most functions order their effects with chains (so that auto has
        # something to run fast); some are loose.
        self.thread = self.r.choice([1.0, 0.97, 0.9, 0.6])
        env = []
        args = []
        for t in ats:
            a = self.fresh()
            args.append("%s: %s" % (a, t))
            env.append((a, t))
        out = self.body(env, "  ", 0, nmin, nmax)
        rets = []
        for t in rts:
            if t == "!tfrt.chain":
                cs = [v for v, tt in env if tt == t]
                if cs and self.r.random() < self.thread:
                    rets.append(cs[-1])
                    continue
                # Often return every chain merged (the prints ordered before
                # the result), sometimes one, sometimes a fresh one.
                if len(cs) >= 2 and self.r.random() < 0.6:
                    m = self.fresh()
                    out.append("  %s = tfrt.merge.chains %s : %s" % (m, ", ".join(cs), ", ".join([t] * len(cs))))
                    rets.append(m)
                    continue
                rets.append(self.chain(out, env, "  "))
            else:
                rets.append(self.i32(out, env, "  "))
        out.append("  tfrt.return %s%s" % (", ".join(rets), (" : " + ", ".join(rts)) if rts else ""))
        self.lines.append("func.func @%s(%s)%s {" % (
            name, ", ".join(args), (" -> (" + ", ".join(rts) + ")") if rts else ""))
        self.lines += out
        self.lines.append("}")
        self.lines.append("")

    def program(self):
        r = self.r
        # A while body: (i, c) -> (i + 1, print i, i + 1 <= 3).
        self.lines += [
            "func.func @wbody(%i: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain, i1) {",
            "  %one = tfrt.constant.i32 1",
            "  %three = tfrt.constant.i32 3",
            "  %p = tfrt.print.i32 %i, %c",
            "  %j = tfrt.add.i32 %i, %one",
            "  %go = \"tfrt.lessequal.i32\"(%j, %three) : (i32, i32) -> i1",
            "  tfrt.return %j, %p, %go : i32, !tfrt.chain, i1",
            "}",
            ""]
        self.helpers.append(("wbody", ["i32", "!tfrt.chain"], ["i32", "!tfrt.chain", "i1"]))
        # A recursive helper: prints n, n-1, ..., 1 along its chain.
        if r.random() < 0.5:
            self.lines += [
                "func.func @countdown(%n: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {",
                "  %zero = tfrt.constant.i32 0",
                "  %done = \"tfrt.lessequal.i32\"(%n, %zero) : (i32, i32) -> i1",
                "  %r0, %r1 = tfrt.if %done, %n, %c : (i32, !tfrt.chain) -> (i32, !tfrt.chain) {",
                "    tfrt.return %n, %c : i32, !tfrt.chain",
                "  } else {",
                "    %p = tfrt.print.i32 %n, %c",
                "    %one = tfrt.constant.i32 1",
                "    %m = \"tfrt.minus.i32\"(%n, %one) : (i32, i32) -> i32",
                "    %s0, %s1 = tfrt.call @countdown(%m, %p) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)",
                "    tfrt.return %s0, %s1 : i32, !tfrt.chain",
                "  }",
                "  tfrt.return %r0, %r1 : i32, !tfrt.chain",
                "}",
                ""]
            self.helpers.append(("countdown", ["i32", "!tfrt.chain"], ["i32", "!tfrt.chain"]))
        for i in range(r.randint(1, 3)):
            name = "h%d" % i
            ats = ["i32", "!tfrt.chain"] + (["!rv.var"] if r.random() < 0.2 else [])
            self.function(name, ats, ["i32", "!tfrt.chain"], 1, 6)
            if ats == ["i32", "!tfrt.chain"] or r.random() < 0.5:
                self.helpers.append((name, ats, ["i32", "!tfrt.chain"]))
        for i in range(r.randint(1, 3)):
            rts = r.choice([[], ["i32"], ["!tfrt.chain"], ["i32", "!tfrt.chain"]])
            self.function("main%d" % i, [], rts, 2, 9)
        return "\n".join(self.lines) + "\n"


def generate(seed):
    return Gen(seed).program()


MASK = [
    (re.compile(r"^([IWEF]) \d{4}-\d\d-\d\d [0-9:.]+ \d+ ", re.M), r"\1 TIME TID "),
]


def mask(s):
    for rx, rep in MASK:
        s = rx.sub(rep, s)
    keep = []
    for line in s.split("\n"):
        if re.match(r"^Choosing (exact|fast) schedule", line) or line.startswith("Choosing the schedule per function"):
            continue
        if re.match(r"^  '[^']*': (fast|exact)", line) or re.match(r"^'[^']*' (went on fast|ran exact to the end)", line):
            continue
        keep.append(line)
    return "\n".join(keep)


def run(tfrun, path, *args, env=None):
    try:
        p = subprocess.run([tfrun, "run", *args, path], capture_output=True, text=True, timeout=60,
                           env=None if env is None else dict(os.environ, **env))
        return p.returncode, mask(p.stdout), mask(p.stderr)
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def verbose_choice(tfrun, path):
    p = subprocess.run([tfrun, "run", "--verbose", path], capture_output=True, text=True, timeout=60)
    err = p.stderr
    if re.search(r"^Choosing fast schedule", err, re.M):
        return "fast", []
    fast = re.findall(r"^  '([^']*)': fast", err, re.M)
    return ("mixed" if re.search(r"^Choosing the schedule per function", err, re.M) else "exact"), fast


def main():
    args = sys.argv[1:]
    if args and args[0] == "--print":
        sys.stdout.write(generate(int(args[1])))
        return 0
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not args or args[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    tfrun = args[0]
    if not (os.path.isfile(tfrun) and os.access(tfrun, os.X_OK)):
        print("gen_programs: %s is not an executable tfrun" % tfrun, file=sys.stderr)
        return 2
    count, seed, nexplore, keep, ref, engines = 100, 1, 0, "build/gen-fail", None, False
    i = 1
    while i < len(args):
        if args[i] == "--count":
            count = int(args[i + 1]); i += 2
        elif args[i] == "--seed":
            seed = int(args[i + 1]); i += 2
        elif args[i] == "--explore":
            nexplore = int(args[i + 1]); i += 2
        elif args[i] == "--keep":
            keep = args[i + 1]; i += 2
        elif args[i] == "--ref":
            ref = args[i + 1]; i += 2
        elif args[i] == "--engines":
            engines = True; i += 1
        else:
            print("gen_programs: unknown option %s" % args[i], file=sys.stderr)
            return 2
    bad = 0
    stats = {"fast": 0, "mixed": 0, "exact": 0, "invalid": 0, "explored": 0, "mstd": 0}
    tmp = tempfile.mkdtemp(prefix="gen-")
    for k in range(count):
        s = seed + k
        text = generate(s)
        path = os.path.join(tmp, "g%d.mlir" % s)
        with open(path, "w") as f:
            f.write(text)
        # Programs the verifier rejects are the generator's fault: count them.
        chk = subprocess.run([tfrun, "opt", "--no-print", path], capture_output=True, text=True)
        if chk.returncode != 0:
            stats["invalid"] += 1
            print("gen_programs: seed %d: the generated program does not verify:\n%s" % (s, chk.stderr[:2000]))
            bad += 1
            keep_file(keep, s, text)
            continue
        kind, fastfns = verbose_choice(tfrun, path)
        stats[kind] += 1
        ex = run(tfrun, path, "--schedule=exact")
        au = run(tfrun, path, "--schedule=auto")
        fails = []
        if ex != au:
            fails.append(("auto", au))
        if kind == "fast":
            stats["mstd"] += 1
            m = run(tfrun, path, "--schedule=auto", "--work-queue=mstd:2")
            if ex != m:
                fails.append(("auto on mstd:2", m))
        if ex[0] == "timeout":
            fails.append(("exact timed out", ex))
        if ref:
            rx = run(ref, path, "--schedule=exact")
            if rx != ex:
                fails.append(("exact of " + ref, rx))
        if engines:
            rx = run(tfrun, path, "--schedule=exact", env={"TFRUN_EXACT_ENGINE": "reference"})
            if rx != ex:
                fails.append(("exact on the reference engine", rx))
        if fails:
            bad += 1
            keep_file(keep, s, text)
            for what, got in fails:
                print("gen_programs: seed %d: %s differs from exact (kept in %s/g%d.mlir)" % (s, what, keep, s))
                show(ex, got)
            continue
        if k < nexplore:
            fns = fastfns if kind == "mixed" else (re.findall(r"^func\.func @(main\d+)\(\)", text, re.M) if kind == "fast" else [])
            for fn in fns:
                p = subprocess.run([tfrun, "explore", "--json", "--max-schedules=20000", "--function=" + fn, path],
                                   capture_output=True, text=True, timeout=120)
                try:
                    j = json.loads(p.stdout)
                except ValueError:
                    print("gen_programs: seed %d: explore --function=%s printed no JSON: %s" % (s, fn, p.stderr[:500]))
                    bad += 1
                    keep_file(keep, s, text)
                    continue
                for fj in j.get("functions", []):
                    stats["explored"] += 1
                    if len(fj["outcomes"]) != 1:
                        bad += 1
                        keep_file(keep, s, text)
                        print("gen_programs: seed %d: '%s' is ordered for auto but explore finds %d outcomes:"
                              % (s, fn, len(fj["outcomes"])))
                        for o in fj["outcomes"][:3]:
                            print("  ---\n  " + o["output"].replace("\n", "\n  "))
    print("gen_programs: %d programs (seeds %d-%d): %d fast, %d per function, %d exact; "
          "%d also on mstd:2; %d ordered functions explored; %d failed"
          % (count, seed, seed + count - 1, stats["fast"], stats["mixed"], stats["exact"],
             stats["mstd"], stats["explored"], bad))
    return 1 if bad else 0


def keep_file(d, s, text):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "g%d.mlir" % s), "w") as f:
        f.write(text)


def show(a, b):
    print("  exact: exit %s | other: exit %s" % (a[0], b[0]))
    import difflib
    for name, x, y in (("out", a[1], b[1]), ("err", a[2], b[2])):
        d = list(difflib.unified_diff(x.split("\n"), y.split("\n"), lineterm="", n=1))
        for line in d[2:14]:
            print("  %s %s" % (name, line))


if __name__ == "__main__":
    sys.exit(main())
