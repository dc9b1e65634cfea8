#!/usr/bin/env python3
"""Best-of-N CPU time of a command, for bench/peers.sh.

usage: cputime.py RUNS COMMAND [ARG ...]

Runs COMMAND RUNS times (output discarded) and prints the smallest user +
system time of one run in milliseconds, to 0.1 ms. The times come from
wait4(2), which reports a child's own clock to the microsecond; GNU time
rounds to 10 ms, too coarse for a run that takes 100 ms.
"""
import os
import subprocess
import sys


def once(argv):
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(argv, stdout=null, stderr=null)
        _, _, ru = os.wait4(p.pid, 0)
    return (ru.ru_utime + ru.ru_stime) * 1000.0


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    runs = int(sys.argv[1])
    print("%.1f" % min(once(sys.argv[2:]) for _ in range(max(runs, 1))))


if __name__ == "__main__":
    main()
