#!/usr/bin/env python3
"""Checks a trace written by `tfrun --trace=FILE` by its structure, never by
its timestamps (docs/tools.md §5.1). Run by golden tests' RUN lines
(testdata/seeing/trace_*.mlir).

    trace_check.py TRACE.json [--kernel NAME=COUNT]... [--invocations NAME=COUNT]...
                   [--driver NAME=COUNT]...
                   [--min-threads N] [--min-cross-thread-flows N] [--min-flows N]
                   [--results NAME=TEXT]

Always checked: the file is JSON with a traceEvents list; every event has
ph and pid; every thread that has an event has a thread_name; complete
events ("X") have a name, a category (kernel, invocation or driver), ts and
dur >= 0, and nest properly on their thread (a slice that starts inside
another ends inside it); every kernel event names its location
(FILE:LINE:COL) in args.at; every flow id has one start ("s") and one end
("f", bound to its enclosing slice), each inside a slice on its thread, and
the end no earlier than the start. Then the counts asked for. Exit status 0
when everything holds, 1 otherwise (with one line per failure on stderr).
"""
import json
import re
import sys
from collections import Counter, defaultdict

EPS = 0.0015   # microseconds: the file has nanosecond digits


def fail(msgs, m):
    msgs.append(m)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = argv[1]
    want_kernels, want_inv, want_driver, want_results = {}, {}, {}, {}
    min_threads = min_cross = min_flows = 0
    i = 2
    while i < len(argv):
        a = argv[i]
        v = argv[i + 1] if i + 1 < len(argv) else None
        if a == '--kernel':
            n, c = v.rsplit('=', 1); want_kernels[n] = int(c)
        elif a == '--invocations':
            n, c = v.rsplit('=', 1); want_inv[n] = int(c)
        elif a == '--driver':
            n, c = v.rsplit('=', 1); want_driver[n] = int(c)
        elif a == '--results':
            n, t = v.split('=', 1); want_results[n] = t
        elif a == '--min-threads':
            min_threads = int(v)
        elif a == '--min-cross-thread-flows':
            min_cross = int(v)
        elif a == '--min-flows':
            min_flows = int(v)
        else:
            print('trace_check: unknown option ' + a, file=sys.stderr)
            return 2
        i += 2

    errs = []
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print('trace_check: %s: %s' % (path, e), file=sys.stderr)
        return 1
    evs = doc.get('traceEvents') if isinstance(doc, dict) else None
    if not isinstance(evs, list):
        print('trace_check: %s: no traceEvents list' % path, file=sys.stderr)
        return 1

    names = {}
    slices = defaultdict(list)          # tid -> [(ts, end, ev)]
    flows = defaultdict(dict)           # id -> {'s': ev, 'f': ev}
    kernels = Counter()
    invocations = Counter()
    driver = Counter()
    results = defaultdict(set)
    tids = set()
    for e in evs:
        if 'ph' not in e or 'pid' not in e:
            fail(errs, 'event without ph or pid: %r' % e)
            continue
        ph = e['ph']
        if ph == 'M':
            if e.get('name') == 'thread_name':
                names[e.get('tid')] = e.get('args', {}).get('name')
            continue
        tid = e.get('tid')
        tids.add(tid)
        if ph == 'X':
            ts, dur = e.get('ts'), e.get('dur')
            if not isinstance(ts, (int, float)) or not isinstance(dur, (int, float)) or ts < 0 or dur < 0:
                fail(errs, 'complete event with a bad ts or dur: %r' % e)
                continue
            cat, name = e.get('cat'), e.get('name')
            if cat not in ('kernel', 'invocation', 'driver') or not name:
                fail(errs, 'complete event with a bad cat or name: %r' % e)
            if cat == 'kernel':
                kernels[name] += 1
                at = e.get('args', {}).get('at', '')
                if not re.match(r'.+:\d+:\d+$', at):
                    fail(errs, 'kernel event without FILE:LINE:COL: %r' % e)
                if 'results' in e.get('args', {}):
                    results[name].add(e['args']['results'])
            elif cat == 'invocation':
                invocations[name] += 1
            elif cat == 'driver':
                driver[name] += 1
            slices[tid].append((ts, ts + dur, e))
        elif ph in ('s', 'f'):
            fid = e.get('id')
            if ph in flows[fid]:
                fail(errs, 'flow %r has two %r events' % (fid, ph))
            flows[fid][ph] = e
            if ph == 'f' and e.get('bp') != 'e':
                fail(errs, 'flow end without "bp": "e": %r' % e)
        elif ph == 'i':
            pass
        else:
            fail(errs, 'unexpected phase %r' % ph)

    for tid in tids:
        if tid not in names:
            fail(errs, 'thread %r has events but no thread_name' % tid)

    # Proper nesting per thread: sort by start, longest first.
    for tid, ss in slices.items():
        ss.sort(key=lambda s: (s[0], -(s[1] - s[0])))
        stack = []
        for ts, end, e in ss:
            while stack and ts >= stack[-1][1] - EPS:
                stack.pop()
            if stack and end > stack[-1][1] + EPS:
                fail(errs, 'slices overlap on thread %r: %r and %r' % (tid, stack[-1][2].get('name'), e.get('name')))
            stack.append((ts, end, e))

    def inside(tid, ts):
        return any(s <= ts + EPS and ts <= e + EPS for s, e, _ in slices.get(tid, []))

    cross = 0
    for fid, pair in flows.items():
        if set(pair) != {'s', 'f'}:
            fail(errs, 'flow %r is not one start and one end' % fid)
            continue
        s, f = pair['s'], pair['f']
        if not inside(s['tid'], s['ts']):
            fail(errs, 'flow %r starts outside every slice of thread %r' % (fid, s['tid']))
        if not inside(f['tid'], f['ts']):
            fail(errs, 'flow %r ends outside every slice of thread %r' % (fid, f['tid']))
        if f['ts'] + EPS < s['ts']:
            fail(errs, 'flow %r ends before it starts' % fid)
        if s['tid'] != f['tid']:
            cross += 1

    for n, c in want_kernels.items():
        if kernels[n] != c:
            fail(errs, 'kernel %s: %d events, want %d' % (n, kernels[n], c))
    for n, c in want_inv.items():
        if invocations[n] != c:
            fail(errs, 'invocation %s: %d stretches, want %d' % (n, invocations[n], c))
    for n, c in want_driver.items():
        if driver[n] != c:
            fail(errs, 'driver slice %s: %d, want %d' % (n, driver[n], c))
    for n, t in want_results.items():
        if t not in results[n]:
            fail(errs, 'no %s event with results %r (saw %s)' % (n, t, sorted(results[n])[:5]))
    if len(tids) < min_threads:
        fail(errs, '%d threads, want at least %d' % (len(tids), min_threads))
    if cross < min_cross:
        fail(errs, '%d flows between threads, want at least %d' % (cross, min_cross))
    if len(flows) < min_flows:
        fail(errs, '%d flows, want at least %d' % (len(flows), min_flows))

    for m in errs:
        print('trace_check: ' + m, file=sys.stderr)
    if not errs:
        def n(k, word):
            return '%d %s%s' % (k, word, '' if k == 1 else 's')
        print('trace ok: %s, %s, %s, %s (%d between threads)'
              % (n(len(evs), 'event'), n(len(tids), 'thread'), n(sum(kernels.values()), 'kernel'),
                 n(len(flows), 'flow'), cross))
    return 1 if errs else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
