#!/usr/bin/env python3
"""CPU time, wall time and peak memory of commands, for bench/peers.sh.

usage: cputime.py RUNS COMMAND [ARG ...]
       cputime.py --rounds RUNS [--timeout S] [--slow S] 'COMMAND' ['COMMAND' ...]

The first form runs COMMAND RUNS times (output discarded) and prints the
smallest user + system time of one run in milliseconds, to 0.1 ms.

The second form takes each COMMAND as one string (split like a shell would,
without expansions) and runs them interleaved, round by round (1, 2, 3, 1,
2, 3, ...), so that a noisy machine slows all of them alike. A run still
going after --timeout seconds is killed, and that command is not run again.
A command whose run took more than --slow seconds of wall time is not run in
later rounds either (its best is then of fewer runs). One line per command:

  INDEX CPU_MS WALL_MS RSS_KB RUNS STATUS RATIO_MIN RATIO_MAX

CPU_MS and WALL_MS are the best (smallest) of its runs, RSS_KB the largest
peak resident set size (ru_maxrss) of any run, RUNS the number of runs that
completed, STATUS `ok`, `timeout` or `exit=N` (the last failure). RATIO_MIN
and RATIO_MAX bound, over the rounds in which both completed, the first
command's CPU time divided by this command's (`-` for the first command, or
when there is no such round). Fields that have no value are `-`; CPU_MS is
`timeout` if no run of the command completed because of the time limit.

The times come from wait4(2), which reports a child's own clock to the
microsecond; GNU time rounds to 10 ms, too coarse for a run that takes
100 ms.
"""
import os
import shlex
import signal
import subprocess
import sys
import threading
import time


def once(argv, timeout=None):
    """Runs [argv] once. Returns (cpu_ms, wall_ms, maxrss_kb, status) where
    status is 0 for success, 'timeout', or the exit status / -signal."""
    lock = threading.Lock()
    state = {"done": False, "killed": False}
    t0 = time.monotonic()
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(argv, stdout=null, stderr=null)

    def kill():
        # The child is only reaped (below) after `done` is set, so this never
        # signals a process id that has been reused.
        with lock:
            if not state["done"]:
                state["killed"] = True
                os.kill(p.pid, signal.SIGKILL)

    timer = threading.Timer(timeout, kill) if timeout else None
    if timer:
        timer.start()
    os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
    wall = (time.monotonic() - t0) * 1000.0
    with lock:
        state["done"] = True
    if timer:
        timer.cancel()
    _, st, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(st)  # Popen must not wait again
    cpu = (ru.ru_utime + ru.ru_stime) * 1000.0
    status = "timeout" if state["killed"] else p.returncode
    return cpu, wall, ru.ru_maxrss, status


def best_cpu(runs, argv):
    print("%.1f" % min(once(argv)[0] for _ in range(max(runs, 1))))


def rounds(runs, timeout, slow, commands):
    argvs = [shlex.split(c) for c in commands]
    n = len(argvs)
    res = [[] for _ in range(n)]     # per command: (round, cpu, wall, rss)
    status = ["ok"] * n
    timed_out = [False] * n
    active = [True] * n
    for r in range(max(runs, 1)):
        for i, argv in enumerate(argvs):
            if not active[i]:
                continue
            cpu, wall, rss, st = once(argv, timeout)
            if st == "timeout":
                status[i], timed_out[i], active[i] = "timeout", True, False
                continue
            if st != 0:
                status[i] = "exit=%d" % st
            else:
                res[i].append((r, cpu, wall, rss))
            if slow and wall > slow * 1000.0:
                active[i] = False
        if not any(active):
            break
    first = {r: cpu for r, cpu, _, _ in res[0]}
    for i in range(n):
        if res[i]:
            cpu = "%.1f" % min(x[1] for x in res[i])
            wall = "%.1f" % min(x[2] for x in res[i])
            rss = "%d" % max(x[3] for x in res[i])
        else:
            cpu = "timeout" if timed_out[i] else "-"
            wall = rss = "-"
        ratios = [first[r] / max(c, 0.1) for r, c, _, _ in res[i] if r in first]
        if i == 0 or not ratios:
            rmin = rmax = "-"
        else:
            rmin, rmax = "%.2f" % min(ratios), "%.2f" % max(ratios)
        print(i, cpu, wall, rss, len(res[i]), status[i], rmin, rmax)


def main():
    args = sys.argv[1:]
    if args[:1] != ["--rounds"]:
        if len(args) < 2:
            sys.exit("usage: " + __doc__.split("usage: ")[1].splitlines()[0])
        best_cpu(int(args[0]), args[1:])
        return
    runs, args = int(args[1]), args[2:]
    timeout = slow = None
    while args and args[0] in ("--timeout", "--slow"):
        if args[0] == "--timeout":
            timeout = float(args[1])
        else:
            slow = float(args[1])
        args = args[2:]
    if not args:
        sys.exit("cputime.py --rounds: no command")
    rounds(runs, timeout, slow, args)


if __name__ == "__main__":
    main()
