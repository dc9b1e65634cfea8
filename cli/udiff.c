/*
** udiff.c — unified diffs of two texts, line by line, as `diff -u` writes
** them (see udiff.h).
**
** The edit script is Myers's O(ND) greedy algorithm ("An O(ND) Difference
** Algorithm and Its Variations", 1986) over the lines between the common
** prefix and suffix, keeping the furthest-reaching paths of every round so
** that the script can be read back. Its memory grows with D^2, so past
** UDIFF_MAX_EDITS differences the middle is shown as one replaced block:
** still a correct diff, only not the shortest.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/udiff.h"

/* Past this many inserted plus deleted lines the middle is one block
** (the trace of Myers's rounds would take D^2 / 2 ints, 8 MB at 2000). */
#define UDIFF_MAX_EDITS 2000

typedef struct Lines {
    const char *s;
    size_t *start;      /* start[i]: offset of line i; start[n]: the end */
    size_t n;
} Lines;

static bool split_lines(const char *s, size_t len, Lines *l)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) if (s[i] == '\n') n++;
    if (len && s[len - 1] != '\n') n++;
    l->s = s;
    l->n = n;
    l->start = malloc((n + 1) * sizeof *l->start);
    if (!l->start) return false;
    size_t k = 0;
    l->start[0] = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == '\n') l->start[++k] = i + 1;
    l->start[n] = len;
    return true;
}

static bool same(const Lines *a, size_t i, const Lines *b, size_t j)
{
    size_t na = a->start[i + 1] - a->start[i], nb = b->start[j + 1] - b->start[j];
    return na == nb && !memcmp(a->s + a->start[i], b->s + b->start[j], na);
}

/* One line of the diff: [tag] and the line, with a "\ No newline at end of
** file" after a last line that has none. */
static void put_line(StrBuf *out, const char *indent, char tag, const Lines *l, size_t i)
{
    size_t a = l->start[i], e = l->start[i + 1];
    bool nl = e > a && l->s[e - 1] == '\n';
    sb_printf(out, "%s%c%.*s\n", indent, tag, (int)(e - a - (nl ? 1 : 0)), l->s + a);
    if (!nl) sb_printf(out, "%s\\ No newline at end of file\n", indent);
}

/* The edit script as one op per line of a and b: 0 kept, 1 deleted from a,
** 2 inserted from b, in order; *[n] ops. */
typedef struct Ops { unsigned char *op; size_t n; } Ops;

static bool push(Ops *o, unsigned char v, size_t cap)
{
    if (o->n >= cap) return false;
    o->op[o->n++] = v;
    return true;
}

/* Myers over a[lo_a, hi_a) and b[lo_b, hi_b); false when it would take more
** than UDIFF_MAX_EDITS edits (or memory). Appends the ops, reversed. */
static bool myers(const Lines *a, size_t lo_a, size_t hi_a, const Lines *b, size_t lo_b, size_t hi_b,
                  Ops *rev, size_t cap)
{
    long N = (long)(hi_a - lo_a), M = (long)(hi_b - lo_b), max = N + M;
    if (max > UDIFF_MAX_EDITS) max = UDIFF_MAX_EDITS;
    long off = max + 1;
    long *v = calloc((size_t)(2 * max + 3), sizeof *v);
    long **trace = calloc((size_t)max + 1, sizeof *trace);
    if (!v || !trace) { free(v); free(trace); return false; }
    long found = -1;
    for (long d = 0; d <= max && found < 0; d++) {
        for (long k = -d; k <= d; k += 2) {
            long x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1] : v[off + k - 1] + 1;
            long y = x - k;
            while (x < N && y < M && same(a, lo_a + (size_t)x, b, lo_b + (size_t)y)) { x++; y++; }
            v[off + k] = x;
            if (x >= N && y >= M) { found = d; break; }
        }
        trace[d] = malloc((size_t)(2 * max + 3) * sizeof *v);
        if (!trace[d]) { found = -2; break; }
        memcpy(trace[d], v, (size_t)(2 * max + 3) * sizeof *v);
    }
    bool ok = found >= 0;
    if (ok) {
        long x = N, y = M;
        for (long d = found; d > 0 && ok; d--) {
            const long *pv = trace[d - 1];
            long k = x - y;
            long pk = (k == -d || (k != d && pv[off + k - 1] < pv[off + k + 1])) ? k + 1 : k - 1;
            long px = pv[off + pk], py = px - pk;
            while (x > px && y > py && ok) { ok = push(rev, 0, cap); x--; y--; }
            if (x == px) { ok = ok && push(rev, 2, cap); y--; }
            else { ok = ok && push(rev, 1, cap); x--; }
        }
        while (x > 0 && y > 0 && ok) { ok = push(rev, 0, cap); x--; y--; }
    }
    for (long d = 0; d <= max; d++) free(trace[d]);
    free(trace);
    free(v);
    return ok;
}

bool udiff_write(StrBuf *out, const char *indent, const char *name_a, const char *a, size_t an,
                 const char *name_b, const char *b, size_t bn)
{
    Lines la = {0}, lb = {0};
    if (!split_lines(a, an, &la) || !split_lines(b, bn, &lb)) {
        free(la.start);
        free(lb.start);
        return false;
    }
    size_t pre = 0;
    while (pre < la.n && pre < lb.n && same(&la, pre, &lb, pre)) pre++;
    size_t suf = 0;
    while (suf < la.n - pre && suf < lb.n - pre && same(&la, la.n - 1 - suf, &lb, lb.n - 1 - suf)) suf++;
    size_t cap = la.n + lb.n + 1;
    Ops rev = { malloc(cap), 0 }, ops = { malloc(cap), 0 };
    bool ok = rev.op && ops.op;
    if (ok) {
        for (size_t i = 0; i < suf; i++) rev.op[rev.n++] = 0;
        if (!myers(&la, pre, la.n - suf, &lb, pre, lb.n - suf, &rev, cap)) {
            /* Too different: the middle as one block, deleted then inserted. */
            rev.n = suf;
            for (size_t i = pre; i < lb.n - suf; i++) rev.op[rev.n++] = 2;
            for (size_t i = pre; i < la.n - suf; i++) rev.op[rev.n++] = 1;
        }
        for (size_t i = 0; i < pre; i++) rev.op[rev.n++] = 0;
        for (size_t i = 0; i < rev.n; i++) ops.op[i] = rev.op[rev.n - 1 - i];
        ops.n = rev.n;
    }
    if (ok) {
        sb_printf(out, "%s--- %s\n%s+++ %s\n", indent, name_a, indent, name_b);
        /* Hunks: runs of changes with up to 2*UDIFF_CONTEXT kept lines
        ** between them, and UDIFF_CONTEXT kept lines around. */
        size_t i = 0;
        while (i < ops.n) {
            while (i < ops.n && ops.op[i] == 0) i++;
            if (i == ops.n) break;
            size_t start = i >= UDIFF_CONTEXT ? i - UDIFF_CONTEXT : 0, end = i;
            for (;;) {
                while (end < ops.n && ops.op[end] != 0) end++;
                size_t k = end;
                while (k < ops.n && ops.op[k] == 0 && k - end < 2 * UDIFF_CONTEXT) k++;
                if (k < ops.n && ops.op[k] != 0) { end = k; continue; }
                end = end + UDIFF_CONTEXT < ops.n ? end + UDIFF_CONTEXT : ops.n;
                break;
            }
            /* Line numbers of the hunk's first line in a and in b. */
            size_t ai = 0, bi = 0;
            for (size_t k = 0; k < start; k++) {
                if (ops.op[k] != 2) ai++;
                if (ops.op[k] != 1) bi++;
            }
            size_t acount = 0, bcount = 0;
            for (size_t k = start; k < end; k++) {
                if (ops.op[k] != 2) acount++;
                if (ops.op[k] != 1) bcount++;
            }
            /* diff -u: "-L,N" with L the first line (1-based), or the line
            ** before an empty range; ",N" left out when N is 1. */
            sb_printf(out, "%s@@ -%zu", indent, acount ? ai + 1 : ai);
            if (acount != 1) sb_printf(out, ",%zu", acount);
            sb_printf(out, " +%zu", bcount ? bi + 1 : bi);
            if (bcount != 1) sb_printf(out, ",%zu", bcount);
            sb_adds(out, " @@\n");
            for (size_t k = start; k < end; k++) {
                if (ops.op[k] == 0) put_line(out, indent, ' ', &la, ai++), bi++;
                else if (ops.op[k] == 1) put_line(out, indent, '-', &la, ai++);
                else put_line(out, indent, '+', &lb, bi++);
            }
            i = end;
        }
    }
    free(rev.op);
    free(ops.op);
    free(la.start);
    free(lb.start);
    return ok;
}
