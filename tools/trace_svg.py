#!/usr/bin/env python3
"""Draws a trace written by `tfrun --trace=FILE` as an SVG timeline, the way
Perfetto's UI (ui.perfetto.dev) shows it: one track per thread, the slices of
a thread stacked by nesting, the flows as arrows between slices. It makes the
picture of docs/trace-perfetto.svg for the README (docs/tools.md §5.1); it is
documentation, not a test.

    tools/trace_svg.py TRACE.json OUT.svg [--from US] [--to US] [--width PX]

--from/--to (microseconds) show a window of the run; the default is all of it.
"""
import colorsys
import json
import sys
import zlib
from collections import defaultdict
from xml.sax.saxutils import escape

ROW = 18          # height of one nesting level
TRACK_GAP = 14
LEFT = 170        # the column of track names
TOP = 52


def colour(name):
    # A stable pastel per name, as Perfetto picks one per slice name.
    h = (zlib.crc32(name.encode()) % 360) / 360.0
    r, g, b = colorsys.hls_to_rgb(h, 0.72, 0.55)
    return '#%02x%02x%02x' % (int(r * 255), int(g * 255), int(b * 255))


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    src, dst = argv[1], argv[2]
    lo = hi = None
    width = 1400
    i = 3
    while i < len(argv):
        if argv[i] == '--from':
            lo = float(argv[i + 1])
        elif argv[i] == '--to':
            hi = float(argv[i + 1])
        elif argv[i] == '--width':
            width = int(argv[i + 1])
        i += 2
    doc = json.load(open(src))
    evs = doc['traceEvents']
    names, process = {}, 'tfrun'
    slices = defaultdict(list)
    flows = defaultdict(dict)
    for e in evs:
        if e['ph'] == 'M':
            if e.get('name') == 'thread_name':
                names[e['tid']] = e['args']['name']
            elif e.get('name') == 'process_name':
                process = e['args']['name']
        elif e['ph'] == 'X':
            slices[e['tid']].append(e)
        elif e['ph'] in 's':
            flows[e['id']]['s'] = e
        elif e['ph'] == 'f':
            flows[e['id']]['f'] = e
    t0 = min(e['ts'] for ss in slices.values() for e in ss)
    t1 = max(e['ts'] + e['dur'] for ss in slices.values() for e in ss)
    lo = t0 if lo is None else lo
    hi = t1 if hi is None else hi
    span = max(hi - lo, 1e-9)
    plot = width - LEFT - 20

    def x(t):
        return LEFT + (t - lo) / span * plot

    # Depth of every slice on its thread (they nest properly).
    depth = {}
    tracks = []
    y = TOP
    for tid in sorted(slices):
        ss = sorted(slices[tid], key=lambda e: (e['ts'], -e['dur']))
        stack, maxd = [], 0
        for e in ss:
            while stack and e['ts'] >= stack[-1]['ts'] + stack[-1]['dur'] - 1e-6:
                stack.pop()
            depth[id(e)] = len(stack)
            maxd = max(maxd, len(stack) + 1)
            stack.append(e)
        tracks.append((tid, y, maxd, ss))
        y += maxd * ROW + TRACK_GAP
    height = y + 30

    out = []
    out.append('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
               'font-family="Roboto, Helvetica, Arial, sans-serif" font-size="11">' % (width, height))
    out.append('<rect width="100%" height="100%" fill="#ffffff"/>')
    out.append('<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
               'markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
               'fill="#444"/></marker></defs>')
    # The time ruler.
    out.append('<rect x="0" y="0" width="%d" height="28" fill="#f1f3f4"/>' % width)
    step = 10 ** max(0, len(str(int(span))) - 1)
    while span / step > 12:
        step *= 2
    while span / step < 4:
        step /= 2
    # Ticks at round times since the start of the trace.
    k = int((lo - t0) / step) + 1
    while t0 + k * step < hi:
        t = t0 + k * step
        out.append('<line x1="%.1f" y1="20" x2="%.1f" y2="%d" stroke="#dadce0"/>' % (x(t), x(t), height))
        out.append('<text x="%.1f" y="16" fill="#5f6368">%g us</text>' % (x(t) + 3, round(k * step, 3)))
        k += 1
    out.append('<text x="8" y="46" font-weight="bold" fill="#202124">%s</text>' % escape(process))
    for tid, ty, maxd, ss in tracks:
        out.append('<rect x="0" y="%d" width="%d" height="%d" fill="#f8f9fa"/>' % (ty, LEFT - 6, maxd * ROW))
        out.append('<text x="14" y="%d" fill="#202124">%s</text>'
                   % (ty + 13, escape(names.get(tid, 'thread %d' % tid))))
        out.append('<line x1="0" y1="%d" x2="%d" y2="%d" stroke="#e8eaed"/>'
                   % (ty + maxd * ROW + TRACK_GAP / 2, width, ty + maxd * ROW + TRACK_GAP / 2))
        for e in ss:
            a, b = max(e['ts'], lo), min(e['ts'] + e['dur'], hi)
            if b <= a and not (lo <= e['ts'] <= hi):
                continue
            x0, x1 = x(a), max(x(b), x(a) + 0.7)
            yy = ty + depth[id(e)] * ROW
            # A tooltip (the slice's name, duration and args) where there is
            # room to point at it, as in Perfetto.
            tip = ''
            if x1 - x0 >= 3:
                tip = '<title>%s</title>' % escape('%s  %.3f us  %s' % (e['name'], e['dur'],
                                                                       json.dumps(e.get('args', {}))))
            out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s">%s</rect>'
                       % (x0, yy, x1 - x0, ROW - 1, colour(e['name']), tip))
            label = e['name']
            room = int((x1 - x0 - 4) / 6.2)
            if room >= 3:
                if len(label) > room:
                    label = label[:max(room - 1, 1)] + '…'
                out.append('<text x="%.2f" y="%d" fill="#202124">%s</text>' % (x0 + 2, yy + 13, escape(label)))
    # Flows, from the slice that made a value to the one that used it.
    rows = {tid: (ty, ss) for tid, ty, _, ss in tracks}

    def at(ev):
        ty, ss = rows[ev['tid']]
        best = None
        for e in ss:
            if e['ts'] - 1e-6 <= ev['ts'] <= e['ts'] + e['dur'] + 1e-6:
                if best is None or depth[id(e)] > depth[id(best)]:
                    best = e
        return ty + (depth[id(best)] if best else 0) * ROW + ROW / 2

    for fl in flows.values():
        if 's' not in fl or 'f' not in fl:
            continue
        s, f = fl['s'], fl['f']
        if not (lo <= s['ts'] <= hi and lo <= f['ts'] <= hi):
            continue
        x0, y0, x1, y1 = x(s['ts']), at(s), x(f['ts']), at(f)
        mx = (x0 + x1) / 2
        out.append('<path d="M %.1f %.1f C %.1f %.1f, %.1f %.1f, %.1f %.1f" fill="none" stroke="#444" '
                   'stroke-width="1" marker-end="url(#arrow)"/>' % (x0, y0, mx, y0, mx, y1, x1, y1))
    out.append('</svg>')
    with open(dst, 'w') as fo:
        fo.write('\n'.join(out) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
