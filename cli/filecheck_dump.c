/*
** filecheck_dump.c — FileCheck 14's annotated input dump (-dump-input): the
** input, its lines numbered, with an annotation line under each line where
** a directive matched, failed to match or searched, as the matcher
** (cli/filecheck.c) recorded them (cli/filecheck_int.h):
**
**     Input was:
**     <<<<<<
**              1: a
**     check:2      X error: no match found
**              2: b
**     check:2     ~~
**     >>>>>>
**
** A label is the directive's type and check-file line ("check:2"; "not:imp1"
** for the first --implicit-check-not), with 'N appended when the directive
** has several annotations. A marker spans the input range: '^' a good match,
** '!' a bad one, 'X' a search range that found nothing, '?' the fuzzy
** match, ' ' a note with no range; ranges over several lines continue with
** '~' on the lines below. Lines are kept by the filter (-dump-input-filter)
** with [context] lines around them; longer elided runs print as "...".
** The layout (column widths, where notes go) is FileCheck's, so that the
** two dumps compare byte for byte (tests/test_filecheck.c, agree suite);
** FileCheck's colours are never used.
**
** Ownership: everything is borrowed; the annotations are freed before
** returning. Threads: no global state.
**
** Module prefix: fcd_ (and fc_dump_help from cli/filecheck.h).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/filecheck.h"
#include "cli/filecheck_int.h"
#include "base/strbuf.h"

void fc_dump_help(FILE *out)
{
    fputs("The following description was requested by -dump-input=help to\n"
          "explain the input dump printed by FileCheck.\n"
          "\n"
          "Related command-line options:\n"
          "\n"
          "  - -dump-input=<value> enables or disables the input dump\n"
          "  - -dump-input-filter=<value> filters the input lines\n"
          "  - -dump-input-context=<N> adjusts the context of filtered lines\n"
          "  - -v and -vv add more annotations\n"
          "  - -color forces colors to be enabled both in the dump and below\n"
          "  - -help documents the above options in more detail\n"
          "\n"
          "These options can also be set via FILECHECK_OPTS.  For example, for\n"
          "maximum debugging output on failures:\n"
          "\n"
          "  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check\n"
          "\n"
          "Input dump annotation format:\n"
          "\n"
          "  - L:     labels line number L of the input file\n"
          "           An extra space is added after each input line to represent the\n"
          "           newline character\n"
          "  - T:L    labels the only match result for either (1) a pattern of type T from\n"
          "           line L of the check file if L is an integer or (2) the I-th implicit\n"
          "           pattern if L is \"imp\" followed by an integer I (index origin one)\n"
          "  - T:L'N  labels the Nth match result for such a pattern\n"
          "  - ^~~    marks good match (reported if -v)\n"
          "  - !~~    marks bad match, such as:\n"
          "           - CHECK-NEXT on same line as previous match (error)\n"
          "           - CHECK-NOT found (error)\n"
          "           - CHECK-DAG overlapping match (discarded, reported if -vv)\n"
          "  - X~~    marks search range when no match is found, such as:\n"
          "           - CHECK-NEXT not found (error)\n"
          "           - CHECK-NOT not found (success, reported if -vv)\n"
          "           - CHECK-DAG not found after discarded matches (error)\n"
          "  - ?      marks fuzzy match when no match is found\n"
          "  - ...    indicates elided input lines and annotations, as specified by\n"
          "           -dump-input-filter and -dump-input-context\n"
          "  - colors success, error, fuzzy match, discarded match, unmatched input\n",
          out);
}

/* One annotation line: a result's marker on one input line. */
typedef struct ann {
    int index;               /* the result's place in the list (the sort's tie-break) */
    char label[56];
    int first;               /* the first line of the result's range */
    size_t line;             /* input line, from 1 */
    size_t scol, ecol;       /* marked columns [scol, ecol), from 1; ecol
                                SIZE_MAX: to the end of the line */
    char lead;               /* the marker's first character */
    const char *note;        /* after the line's end, or NULL */
    int error;               /* kept by the 'error' filter */
} ann;

/* The marker of each result type: lead, note, whether it counts as an error. */
static const struct { char lead; const char *note; int error; } styles[] = {
    [FCD_FOUND_EXPECTED] = {'^', NULL, 0},
    [FCD_FOUND_EXCLUDED] = {'!', "error: no match expected", 1},
    [FCD_FOUND_WRONG_LINE] = {'!', "error: match on wrong line", 1},
    [FCD_FOUND_DISCARDED] = {'!', "discard: overlaps earlier match", 0},
    [FCD_NONE_EXCLUDED] = {'X', NULL, 0},
    [FCD_NONE_EXPECTED] = {'X', "error: no match found", 1},
    [FCD_NONE_INVALID] = {'X', "error: match failed for invalid pattern", 1},
    [FCD_FUZZY] = {'?', "possible intended match", 1},
};

/* Line and column of offset [off], as LLVM's SourceMgr counts them: lines
** by '\n', the column from the last '\n' or '\r'. [nl] holds the offsets
** of the input's '\n's, [nnl] of them. */
static void line_col(const char *s, const size_t *nl, size_t nnl, size_t off, size_t *line, size_t *col)
{
    size_t lo = 0, hi = nnl;   /* the number of '\n's before off */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (nl[mid] < off) lo = mid + 1;
        else hi = mid;
    }
    *line = lo + 1;
    size_t start = lo ? nl[lo - 1] + 1 : 0, k = off;
    while (k > start && s[k - 1] != '\r') k--;
    *col = off - k + 1;
}

static int cmp_ann(const void *a, const void *b)
{
    const ann *x = a, *y = b;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* The first line at or after annotation [a] that [filter] keeps; SIZE_MAX if none. */
static size_t next_in_filter(int filter, size_t line, const ann *a, const ann *end)
{
    if (filter == FC_FILTER_ALL) return line;
    for (; a < end; a++) {
        if (filter == FC_FILTER_ANNOTATION_FULL) return a->line;
        if (a->first && (filter == FC_FILTER_ANNOTATION || a->error)) return a->line;
    }
    return SIZE_MAX;
}

/* Prints the elided lines in [held], or "..." when they take more than three lines. */
static void flush_elided(FILE *out, StrBuf *held, int width)
{
    if (!held->n) return;
    size_t lines = 0;
    for (size_t i = 0; i < held->n; i++) lines += held->p[i] == '\n';
    if (lines > 3) {
        for (int i = 0; i < 3; i++) fprintf(out, "%*s\n", width, ".");
    } else {
        fwrite(held->p, 1, held->n, out);
    }
    held->n = 0;
}

static int push_ann(ann **as, size_t *na, size_t *cap, const ann *a)
{
    if (*na == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        ann *n = realloc(*as, sizeof *n * nc);
        if (!n) return 0;
        *as = n;
        *cap = nc;
    }
    (*as)[(*na)++] = *a;
    return 1;
}

void fcd_dump(FILE *out, const char *input, size_t n, const fcd_diag *d, int nd, int filter,
              int context)
{
    size_t nnl = 0, *nl = NULL, na = 0, cap = 0;
    ann *as = NULL;
    int maxkey = 0;
    for (int i = 0; i < nd; i++)
        if (d[i].key > maxkey) maxkey = d[i].key;
    int *count = calloc((size_t)maxkey + 1, sizeof *count), *seen = calloc((size_t)maxkey + 1, sizeof *seen);
    for (size_t i = 0; i < n; i++) nnl += input[i] == '\n';
    nl = malloc(sizeof *nl * (nnl + 1));
    if (!count || !seen || !nl) goto out;
    for (size_t i = 0, k = 0; i < n; i++)
        if (input[i] == '\n') nl[k++] = i;

    /* Annotations, in result order; a result's label is numbered ('N)
    ** when its pattern (its key) has several results. */
    int labelw = 0;
    for (int i = 0; i < nd; i++) count[d[i].key]++;
    for (int i = 0; i < nd; i++) {
        int j = d[i].key;
        ann a;
        memset(&a, 0, sizeof a);
        a.index = i;
        if (count[j] > 1) snprintf(a.label, sizeof a.label, "%s'%d", d[i].label, seen[j]++);
        else snprintf(a.label, sizeof a.label, "%s", d[i].label);
        if ((int)strlen(a.label) > labelw) labelw = (int)strlen(a.label);
        a.lead = styles[d[i].type].lead;
        a.note = styles[d[i].type].note;
        a.error = styles[d[i].type].error;
        size_t sl, sc, el, ec;
        line_col(input, nl, nnl, d[i].from, &sl, &sc);
        line_col(input, nl, nnl, d[i].to, &el, &ec);
        if (d[i].note) {
            a.note = d[i].note;
            /* A note with no range of its own has no marker. */
            if (sl == el && sc == ec) a.lead = ' ';
        }
        a.first = 1;
        a.line = sl;
        a.scol = sc;
        if (sl == el) {
            /* An empty range still marks one character. */
            a.ecol = ec > sc + 1 ? ec : sc + 1;
            if (!push_ann(&as, &na, &cap, &a)) goto out;
            continue;
        }
        a.ecol = SIZE_MAX;
        if (!push_ann(&as, &na, &cap, &a)) goto out;
        for (size_t l = sl + 1; l <= el; l++) {
            if (ec == 1 && l == el) break;   /* nothing of the range on that line */
            ann b = a;
            b.first = 0;
            b.line = l;
            b.lead = '~';
            b.note = NULL;
            b.scol = 1;
            b.ecol = l == el ? ec : SIZE_MAX;
            if (!push_ann(&as, &na, &cap, &b)) goto out;
        }
    }
    if (na) qsort(as, na, sizeof *as, cmp_ann);

    /* The label column: the widest label or line number, and three spaces. */
    size_t lines = nnl + (n == 0 || input[n - 1] != '\n'), digits = 1;
    for (size_t v = lines; v >= 10; v /= 10) digits++;
    int width = (labelw > (int)digits ? labelw : (int)digits) + 3;
    if (context < 0) context = 5;

    fputs("Input was:\n<<<<<<\n", out);
    StrBuf held = {0};
    size_t pos = 0, ai = 0, prev = 0, next = 0;
    for (size_t line = 1; pos < n || ai < na; line++) {
        if (next < line) next = next_in_filter(filter, line, as + ai, as + na);
        if (next == line) prev = line;
        int elide = (!prev || prev + (size_t)context < line) &&
                    (next == SIZE_MAX || line + (size_t)context < next);
        StrBuf text = {0};
        sb_printf(&text, "%*zu: ", width, line);
        size_t start = pos;
        while (pos < n) {
            char ch = input[pos++];
            if (ch == '\n') { sb_addc(&text, ' '); break; }
            sb_addc(&text, ch);
        }
        sb_addc(&text, '\n');
        size_t linew = pos - start;
        for (; ai < na && as[ai].line == line; ai++) {
            const ann *a = &as[ai];
            sb_printf(&text, "%-*s  ", width, a->label);
            size_t col;
            for (col = 1; col < a->scol; col++) sb_addc(&text, ' ');
            sb_addc(&text, a->lead);
            for (col++; col < a->ecol && col <= linew; col++) sb_addc(&text, '~');
            if (a->note) {
                for (; col <= linew; col++) sb_addc(&text, ' ');
                sb_addc(&text, ' ');
                sb_adds(&text, a->note);
            }
            sb_addc(&text, '\n');
        }
        if (elide) {
            sb_addn(&held, text.p, text.n);
        } else {
            flush_elided(out, &held, width);
            fwrite(text.p, 1, text.n, out);
        }
        sb_free(&text);
    }
    flush_elided(out, &held, width);
    sb_free(&held);
    fputs(">>>>>>\n", out);
out:
    free(as);
    free(nl);
    free(count);
    free(seen);
}
