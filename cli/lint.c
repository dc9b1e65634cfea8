/*
** lint.c — `tfrun lint [--fix] [-o FILE] [--verify-diagnostics] FILE`
** (docs/execution.md §8, docs/analysis.md §9): did I forget a chain?
**
** The sequencing analysis (analysis/seq.h) lists the links that fail: per
** resource, each conflicting op against the nearest one before it that
** nothing orders it after. The lint turns them into the fewest chain edges
** that order everything they can, and says so with one warning per edge:
** at the later op, a note at the earlier one, notes at the kernels
** themselves when the pair meets through a call or a region, and a note
** with the fix. A link that another planned edge already orders (through
** transitivity) gets no warning of its own; a pair that no chain edge can
** order (a print whose chain no result of its callee carries, a loop's
** iterations, a print no result of the run depends on) gets a warning
** that says so. Ops whose effects the analysis does not model get a
** remark: the lint cannot vouch for them.
**
** The plan (docs/analysis.md §9): for each pair of two ops x < y of a
** block whose effects an edge can order (SeqPair.first_chain,
** second_chain), taken in source order of y and, for one y, the nearest x
** first: the edge "x's chain to y", unless the edges planned so far order
** the pair already (seq_pair_ordered_with). An edge only ever adds: y
** takes the merge of the chain it had and the new ones, and of those only
** the ones no other implies (seq_value_after), so a chain that already
** comes after the old one replaces it, and nothing is merged twice. An edge
** inside a callee can order pairs of its callers (its result now carries
** a print), so the program with the edges is analysed again and what is
** left planned again, a few rounds at most; the ops of each round's
** program are mapped back to the input's. What is still unordered at the
** end is what no edge can order.
**
** --fix writes the input with the edges added (stdout, or -o FILE): an
** operand token replaced by a chain or by a `tfrt.merge.chains` inserted
** above the op under a name the input does not use, a trailing chain
** appended to an op that takes one (in generic form with its type), and,
** for a custom-syntax op whose regions name their arguments after its
** operands, the new name renamed through the regions. Everything else
** stays byte for byte as written. The result is parsed, verified and
** analysed before it is written: a fixed program that would not verify is
** never written (nothing is, with an error, and exit status 1).
**
** Exit status: 0 determinate (with --fix: the fixed program is), 1 a
** warning or an analysis that stopped at a limit (or, with
** --verify-diagnostics, an unexpected or missing diagnostic), 2 usage.
**
** Ownership: the plan (edges, warnings, groups) and each round's program
** are malloc'ed and freed by cli_lint; warnings point at the input's ops,
** which live until the end. Threads: one.
*/
#include "base/alloc.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/seq.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "base/outfile.h"
#include "base/strbuf.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "ops/optable.h"
#include "parser/parser.h"

static const char lint_usage[] =
    "usage: tfrun lint [--fix] [-o FILE] [--verify-diagnostics] [FILE|-]\n"
    "\n"
    "Reports the conflicting effects that no data or chain dependency orders, in\n"
    "the run `tfrun run FILE` would make: two prints off one chain, a tensor written\n"
    "and read from the same chain, two unordered kernels that may both report a\n"
    "runtime error, ... (docs/execution.md §8). One warning per missing chain edge,\n"
    "at the later op, with a note at the other op and a note with the fix; a pair\n"
    "that no chain edge can order is said to be so.\n"
    "\n"
    "  --fix                  print the program with the missing chain edges added\n"
    "                         (the later op of each pair takes the earlier op's\n"
    "                         chain as well as its own; nothing is removed)\n"
    "  -o FILE                write --fix's output to FILE instead of stdout; FILE\n"
    "                         is replaced only once it is written whole\n"
    "  --verify-diagnostics   check the warnings against expected-warning/-note\n"
    "                         annotations, as `tfrun opt --verify-diagnostics` does\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 when every conflicting pair is ordered (with --fix: when the\n"
    "fixed program's are), 1 when the lint warns or its analysis stopped at a\n"
    "limit (or a diagnostic was not as expected), 2 for a usage error.\n";

typedef struct LintOptions {
    bool fix, verify, help;
    const char *input, *output;
} LintOptions;

static int parse_options(LintOptions *o, int argc, char **argv)
{
    Args s = args_begin(argc, argv, "tfrun lint", "tfrun lint");
    int k;
    while ((k = args_next(&s)) > 0) {
        if (args_is(&s, "fix")) o->fix = true;
        else if (args_is(&s, "verify-diagnostics")) o->verify = true;
        else if (args_is(&s, "help") || args_is(&s, "h")) o->help = true;
        else if (args_is(&s, "o")) {
            if (!(o->output = args_value(&s))) return 2;
            continue;
        } else {
            return args_error(s.who, s.cmd, "unknown option '%s'", s.arg);
        }
        if (s.value) return args_error(s.who, s.cmd, "option '%s' takes no value", s.arg);
    }
    o->input = s.input;
    return k < 0 ? 2 : -1;
}

/* {=====================================================================
** Values and ops
** ====================================================================== */

static bool is_chain(const Value *v) { return v && v->type && v->type->is_chain; }

/* "%name" of [v] into [buf] ("a value" when it has no name). */
static const char *vname(const Value *v, char *buf, size_t cap)
{
    const char *n = v && v->name ? v->name : NULL;
    if (!n) snprintf(buf, cap, "a value");
    else snprintf(buf, cap, "%s%s", n[0] == '%' ? "" : "%", n);
    return buf;
}

static bool has_chain_result(const Op *op)
{
    for (int i = 0; i < op->nresults; i++)
        if (is_chain(op->results[i])) return true;
    return false;
}

static bool has_chain_operand(const Op *op)
{
    for (int i = 0; i < op->noperands; i++)
        if (is_chain(op->operands[i])) return true;
    return false;
}

/* Source order of two ops (line, column). */
static int pos_cmp(const Op *a, const Op *b)
{
    if (a == b) return 0;
    if (!a || !b) return a ? 1 : -1;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    return 0;
}

static int depth_of(const Op *op)
{
    int d = 0;
    for (const Block *b = op->parent; b && b->parent_op; b = b->parent_op->parent) d++;
    return d;
}

/* }===================================================================== */

/* {=====================================================================
** The source text: lines, tokens, the parts of an op
** ====================================================================== */

typedef struct Text {
    const char *s;
    size_t len;
    size_t *line;      /* offset of each line's start; [0] unused */
    int nlines;
} Text;

static void text_index(Text *t)
{
    int n = 1;
    for (size_t i = 0; i < t->len; i++) n += t->s[i] == '\n';
    t->line = xmalloc(sizeof *t->line * (size_t)(n + 2));
    t->nlines = n;
    t->line[0] = 0;
    t->line[1] = 0;
    int l = 1;
    for (size_t i = 0; i < t->len; i++)
        if (t->s[i] == '\n') t->line[++l] = i + 1;
}

/* The offset of line [line], column [col] (1-based), or (size_t)-1. */
static size_t text_at(const Text *t, int line, int col)
{
    if (line < 1 || line > t->nlines || col < 1) return (size_t)-1;
    size_t o = t->line[line] + (size_t)(col - 1);
    return o < t->len ? o : (size_t)-1;
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c == '.' || c == '-' || c == '#';
}

/* Past the string literal that starts at [i] (a '"'). */
static size_t skip_string(const Text *t, size_t i)
{
    for (i++; i < t->len && t->s[i] != '"'; i++)
        if (t->s[i] == '\\') i++;
    return i < t->len ? i + 1 : t->len;
}

/* The offset of the bracket that closes the one at [i], or (size_t)-1.
** Strings and comments are skipped. */
static size_t matching(const Text *t, size_t i)
{
    int depth = 0;
    while (i < t->len) {
        char c = t->s[i];
        if (c == '"') { i = skip_string(t, i); continue; }
        if (c == '/' && i + 1 < t->len && t->s[i + 1] == '/') {
            while (i < t->len && t->s[i] != '\n') i++;
            continue;
        }
        if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
        else if (c == ')' || c == ']' || c == '}' || (c == '>' && (i == 0 || t->s[i - 1] != '-'))) {
            if (--depth == 0) return i;
        }
        i++;
    }
    return (size_t)-1;
}

/* Where the parts of an op are in the text. */
typedef struct OpText {
    size_t name;             /* the op name */
    bool generic;            /* "op.name"(...) */
    size_t ops, ope;         /* the span that holds the operand list */
    size_t start;            /* the op's first character (its results) */
    size_t lstart;           /* its line's start */
    bool own_line;           /* nothing but blanks before [start] on its line */
    size_t rs, re;           /* its regions, custom form: [rs, re); re == 0: none */
} OpText;

/* The first '{' of a region of a custom-form op, searching from [i] (not
** an `attributes {...}` dictionary), or (size_t)-1. */
static size_t region_open(const Text *t, size_t i)
{
    while (i < t->len) {
        char c = t->s[i];
        if (c == '"') { i = skip_string(t, i); continue; }
        if (c == '(' || c == '[' || c == '<') {
            size_t m = matching(t, i);
            if (m == (size_t)-1) return m;
            i = m + 1;
            continue;
        }
        if (c == '{') {
            size_t j = i;
            while (j > 0 && (t->s[j - 1] == ' ' || t->s[j - 1] == '\t')) j--;
            if (j >= 10 && !memcmp(t->s + j - 10, "attributes", 10)) {
                size_t m = matching(t, i);
                if (m == (size_t)-1) return m;
                i = m + 1;
                continue;
            }
            return i;
        }
        if (c == '}') return (size_t)-1;
        i++;
    }
    return (size_t)-1;
}

/* The parts of [op]'s text; false when they are not where they should be. */
static bool op_text(const Text *t, const Op *op, OpText *ot)
{
    memset(ot, 0, sizeof *ot);
    size_t at = text_at(t, op->line, op->col);
    if (at == (size_t)-1) return false;
    ot->name = at;
    ot->generic = t->s[at] == '"';
    size_t nlen = strlen(op->name);
    if (ot->generic) {
        if (at + nlen + 2 > t->len || memcmp(t->s + at + 1, op->name, nlen) || t->s[at + 1 + nlen] != '"') return false;
        size_t i = at + nlen + 2;
        while (i < t->len && (t->s[i] == ' ' || t->s[i] == '\t')) i++;
        if (i >= t->len || t->s[i] != '(') return false;
        size_t m = matching(t, i);
        if (m == (size_t)-1) return false;
        ot->ops = i + 1;
        ot->ope = m;
    } else {
        if (at + nlen > t->len || memcmp(t->s + at, op->name, nlen)) return false;
        size_t i = at + nlen;
        ot->ops = i;
        /* Up to a ':' or '{' outside brackets, a comment or the line's end. */
        while (i < t->len) {
            char c = t->s[i];
            if (c == '"') { i = skip_string(t, i); continue; }
            if (c == '(' || c == '[' || c == '<') {
                size_t m = matching(t, i);
                if (m == (size_t)-1) return false;
                i = m + 1;
                continue;
            }
            if (c == ':' || c == '{' || c == '}' || c == '\n' || (c == '/' && i + 1 < t->len && t->s[i + 1] == '/'))
                break;
            i++;
        }
        ot->ope = i;
        if (op->nregions > 0) {
            size_t r = region_open(t, i);
            if (r == (size_t)-1) return false;
            ot->rs = r;
            /* Across `} else {` and `}, {`. */
            for (;;) {
                size_t m = matching(t, r);
                if (m == (size_t)-1) return false;
                ot->re = m + 1;
                size_t j = m + 1;
                while (j < t->len && (t->s[j] == ' ' || t->s[j] == '\t' || t->s[j] == ',' || t->s[j] == '\n')) j++;
                if (j + 4 <= t->len && !memcmp(t->s + j, "else", 4)) j += 4;
                while (j < t->len && (t->s[j] == ' ' || t->s[j] == '\t' || t->s[j] == '\n')) j++;
                if (j < t->len && t->s[j] == '{') { r = j; continue; }
                break;
            }
        }
    }
    /* The results before the name: `%a, %b:2 = `, token by token. */
    size_t i = at, j = at;
    while (j > 0 && (t->s[j - 1] == ' ' || t->s[j - 1] == '\t')) j--;
    if (j > 0 && t->s[j - 1] == '=') {
        j--;
        for (;;) {
            while (j > 0 && (t->s[j - 1] == ' ' || t->s[j - 1] == '\t')) j--;
            size_t k = j;
            while (k > 0 && (name_char(t->s[k - 1]) || t->s[k - 1] == ':')) k--;
            if (k == 0 || k == j || t->s[k - 1] != '%') break;
            i = j = k - 1;
            while (j > 0 && (t->s[j - 1] == ' ' || t->s[j - 1] == '\t')) j--;
            if (j == 0 || t->s[j - 1] != ',') break;
            j--;
        }
    }
    ot->start = i;
    ot->lstart = t->line[op->line];
    ot->own_line = true;
    for (size_t q = ot->lstart; q < ot->start; q++)
        if (t->s[q] != ' ' && t->s[q] != '\t') ot->own_line = false;
    return true;
}

/* The first whole token [name] in [from, end), strings skipped, or
** (size_t)-1. */
static size_t find_tok(const Text *t, size_t from, size_t end, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = from; i + n <= end; i++) {
        if (t->s[i] == '"') { i = skip_string(t, i) - 1; continue; }
        if (memcmp(t->s + i, name, n)) continue;
        if (i > 0 && name_char(t->s[i - 1])) continue;
        if (i + n < t->len && name_char(t->s[i + n])) continue;
        return i;
    }
    return (size_t)-1;
}

/* The token of each operand of [op], in order, in its operand span:
** at[k], end[k] for k < op->noperands. False when one is missing. */
static bool operand_toks(const Text *t, const Op *op, const OpText *ot, size_t *at, size_t *end)
{
    size_t from = ot->ops;
    char buf[160];
    for (int k = 0; k < op->noperands; k++) {
        vname(op->operands[k], buf, sizeof buf);
        size_t i = find_tok(t, from, ot->ope, buf);
        if (i == (size_t)-1) return false;
        at[k] = i;
        end[k] = from = i + strlen(buf);
    }
    return true;
}

/* }===================================================================== */

/* {=====================================================================
** Ops of a fixed program back to the input's
** ====================================================================== */

typedef struct OpMap {
    const Op **key, **val;
    int cap, n;
    const char *merge;      /* the prefix of inserted merges' names */
    long merge_base;        /* and the least number they take */
} OpMap;

static unsigned map_slot(const OpMap *mp, const Op *op)
{
    uintptr_t k = (uintptr_t)op;
    unsigned s = (unsigned)((k >> 4) ^ (k >> 19)) & (unsigned)(mp->cap - 1);
    while (mp->key[s] && mp->key[s] != op) s = (s + 1) & (unsigned)(mp->cap - 1);
    return s;
}

static void map_put(OpMap *mp, const Op *k, const Op *v)
{
    if (2 * (mp->n + 1) > mp->cap) {
        OpMap old = *mp;
        mp->cap = old.cap ? 2 * old.cap : 256;
        mp->key = xcalloc((size_t)mp->cap, sizeof *mp->key);
        mp->val = xcalloc((size_t)mp->cap, sizeof *mp->val);
        mp->n = 0;
        for (int i = 0; i < old.cap; i++)
            if (old.key[i]) map_put(mp, old.key[i], old.val[i]);
        free(old.key);
        free(old.val);
    }
    unsigned s = map_slot(mp, k);
    if (!mp->key[s]) mp->n++;
    mp->key[s] = k;
    mp->val[s] = v;
}

/* The input's op for [op] (itself when there is no map). */
static const Op *orig_op(const OpMap *mp, const Op *op)
{
    if (!mp || !op) return op;
    unsigned s = map_slot(mp, op);
    return mp->key[s] ? mp->val[s] : NULL;
}

static const Value *orig_value(const OpMap *mp, const Value *v)
{
    if (!mp || !v) return v;
    const Op *d = orig_op(mp, v->def);
    return d && v->result_index < d->nresults ? d->results[v->result_index] : NULL;
}

/* Is [op] a merge the fix inserted? */
static bool inserted(const OpMap *mp, const Op *op)
{
    if (op->nresults != 1 || !op->results[0]->name || strcmp(op->name, "tfrt.merge.chains")) return false;
    const char *n = op->results[0]->name;
    if (*n == '%') n++;
    size_t pl = strlen(mp->merge);
    if (strncmp(n, mp->merge, pl) || !n[pl]) return false;
    char *e;
    long k = strtol(n + pl, &e, 10);
    return !*e && k >= mp->merge_base;
}

static bool map_block(OpMap *mp, const Block *o, const Block *f)
{
    int j = 0;
    for (int i = 0; i < f->nops; i++) {
        const Op *fo = f->ops[i];
        if (inserted(mp, fo)) continue;
        if (j >= o->nops) return false;
        const Op *oo = o->ops[j++];
        if (strcmp(oo->name, fo->name) || oo->nregions != fo->nregions || oo->nresults != fo->nresults) return false;
        map_put(mp, fo, oo);
        for (int r = 0; r < fo->nregions; r++)
            if (!map_block(mp, oo->regions[r], fo->regions[r])) return false;
    }
    return j == o->nops;
}

static bool map_modules(OpMap *mp, const Module *o, const Module *f)
{
    if (o->nfuncs != f->nfuncs) return false;
    for (int i = 0; i < o->nfuncs; i++) {
        const Block *ob = o->funcs[i]->body, *fb = f->funcs[i]->body;
        if (!ob != !fb) return false;
        if (ob && !map_block(mp, ob, fb)) return false;
    }
    return true;
}

/* }===================================================================== */

/* {=====================================================================
** The plan: edges and warnings, over the input's ops
** ====================================================================== */

/* An edge: [y] takes [chain] (a result of [x]) at its chain operand
** [slot], or as a new trailing operand (slot == y->noperands). */
typedef struct Edge {
    const Op *x, *y;
    const Value *chain;
    int slot;
} Edge;

typedef enum WarnKind {
    W_EDGE,        /* one missing edge */
    W_NOEDGE,      /* two ops no chain edge can order */
    W_SELF,        /* an op against itself: loop iterations, parallel blocks, benchmark runs */
    W_RESULT       /* a print against the driver's result line */
} WarnKind;

typedef struct Warn {
    WarnKind kind;
    const Op *at, *other;          /* where it is; the other op (two-op kinds) */
    const Op *leaf1, *leaf2;       /* the ops whose own effects they are */
    bool in1, in2;                 /* reached through a call or region */
    SeqResKind res;
    unsigned acc1, acc2;
    char *object;                  /* "%t", or NULL */
    const char *func;              /* W_RESULT: the run function */
    bool report;                   /* W_SELF: against a benchmark's report */
    int edge;                      /* W_EDGE: its edge */
    char *why;                     /* W_NOEDGE, W_SELF, W_RESULT: the note */
} Warn;

typedef struct Group {
    const Op *y;
    int slot;
    const Value **chains; int nchains;    /* the minimal set it takes */
    char *note;                            /* the fix, the same in each warning */
} Group;

typedef struct Lint {
    const Module *m;
    DiagSink *d;
    Text t;
    Edge *edges; int nedges, capedges;
    Warn *warns; int nwarns, capwarns;
    Group *groups; int ngroups;
    long merge_base;
} Lint;

static Warn *new_warn(Lint *L, WarnKind k)
{
    if (L->nwarns == L->capwarns) {
        L->capwarns = L->capwarns ? 2 * L->capwarns : 16;
        L->warns = xrealloc(L->warns, sizeof *L->warns * (size_t)L->capwarns);
    }
    Warn *w = &L->warns[L->nwarns++];
    memset(w, 0, sizeof *w);
    w->kind = k;
    w->edge = -1;
    return w;
}

static int add_edge(Lint *L, const Op *x, const Value *chain, const Op *y, int slot)
{
    if (L->nedges == L->capedges) {
        L->capedges = L->capedges ? 2 * L->capedges : 16;
        L->edges = xrealloc(L->edges, sizeof *L->edges * (size_t)L->capedges);
    }
    L->edges[L->nedges] = (Edge){ x, y, chain, slot };
    return L->nedges++;
}

/* Fills in the sites, resource and object of [w] from pair [p] of an
** analysis whose ops [mp] maps to the input's. False when an op does not
** map (then [w] is dropped). */
static bool warn_sites(Warn *w, const SeqPair *p, const OpMap *mp)
{
    w->res = p->kind;
    w->acc1 = p->first_access;
    w->acc2 = p->second_access;
    if (p->object && p->object->name) {
        char buf[160];
        w->object = xstrdup(vname(p->object, buf, sizeof buf));
    }
    w->func = p->func ? p->func->name : "?";
    w->leaf1 = p->first.n ? orig_op(mp, p->first.path[p->first.n - 1]) : NULL;
    w->in1 = p->first.n > 1;
    w->leaf2 = p->second.n ? orig_op(mp, p->second.path[p->second.n - 1]) : NULL;
    w->in2 = p->second.n > 1;
    return (!p->first.n || w->leaf1) && (!p->second.n || w->leaf2);
}

/* Can [y]'s text take a chain at [slot]? (Its operand token is where it
** should be; a trailing operand goes into the generic form, or after the
** last operand of a plain custom form.) */
static bool editable(const Lint *L, const Op *y, int slot)
{
    OpText ot;
    if (!op_text(&L->t, y, &ot)) return false;
    size_t *at = xmalloc(sizeof *at * (size_t)(2 * y->noperands + 1)), *end = at + y->noperands;
    bool ok = operand_toks(&L->t, y, &ot, at, end);
    free(at);
    if (!ok) return false;
    if (slot < y->noperands) return true;
    if (ot.generic) return true;
    return y->info && y->info->family == SYN_OPERANDS && y->noperands > 0;
}

/* The reason no chain edge orders pair [p] (the note of W_NOEDGE). */
static char *noedge_why(const SeqPair *p, const Op *x, const Op *y, const Warn *w, bool editable_y)
{
    StrBuf b = {0};
    sb_adds(&b, "no chain edge can order them: ");
    if (!p->first_chain) {
        if (!has_chain_result(x))
            sb_printf(&b, "'%s' gives no chain", x->name);
        else if (w->in1 && w->leaf1 && w->leaf1->parent && w->leaf1->parent->func != x->parent->func)
            sb_printf(&b, "no chain that '%s' gives comes after '%s' in @%s (@%s would have to return one that does)",
                      x->name, w->leaf1->name, w->leaf1->parent->func->name, w->leaf1->parent->func->name);
        else if (w->in1)
            sb_printf(&b, "no chain that '%s' gives comes after '%s' inside it (its body would have to return one "
                      "that does)", x->name, w->leaf1 ? w->leaf1->name : "?");
        else
            sb_printf(&b, "no chain that '%s' gives comes after what it does", x->name);
    } else if (p->second_chain < 0) {
        if (!has_chain_operand(y))
            sb_printf(&b, "'%s' takes no chain (order it after '%s' through a value it needs)", y->name, x->name);
        else if (w->in2)
            sb_printf(&b, "'%s' does not wait for its chain before '%s' inside it (that op would have to take it)",
                      y->name, w->leaf2 ? w->leaf2->name : "?");
        else
            sb_printf(&b, "'%s' does not wait for its chain before what it does", y->name);
    } else if (!editable_y) {
        sb_printf(&b, "--fix cannot edit the text of '%s' here; pass %s to it by hand", y->name,
                  p->first_chain->name ? p->first_chain->name : "the other op's chain");
    } else {
        sb_adds(&b, "--fix stopped before it got to them");
    }
    return b.p;
}

/* A warning for pair [i] of [a] that no planned edge orders. */
static void warn_unfixed(Lint *L, const SeqAnalysis *a, int i, const OpMap *mp)
{
    const SeqPair *p = seq_pair(a, i);
    if (p->second_is_result_line) {
        Warn *w = new_warn(L, W_RESULT);
        if (!warn_sites(w, p, mp) || !(w->at = orig_op(mp, p->first.path[0]))) { L->nwarns--; return; }
        StrBuf b = {0};
        sb_printf(&b, "no chain edge can order it: make a result of @%s depend on it (return its chain)", w->func);
        w->why = b.p;
        return;
    }
    if (p->first.n && p->second.n && p->first.path[0] == p->second.path[0]) {
        Warn *w = new_warn(L, W_SELF);
        if (!warn_sites(w, p, mp) || !(w->at = orig_op(mp, p->first.path[0]))) { L->nwarns--; return; }
        w->report = p->second.n == 1;
        w->in1 = p->first.n > 1;
        w->in2 = p->second.n > 1;
        const Op *op = w->at;
        StrBuf b = {0};
        if (w->report)
            sb_printf(&b, "no chain edge can order it: make the result of the benchmark's body depend on it");
        else if (op->info && (op->info->family == SYN_PARALLEL_FOR || op->info->family == SYN_PARALLEL_CALL))
            sb_printf(&b, "no chain edge can order them: the blocks of '%s' run in parallel", op->name);
        else if (op->info && op->info->family == SYN_BENCHMARK)
            sb_printf(&b, "no chain edge can order them: make the result of the body depend on it");
        else
            sb_printf(&b, "no chain edge can order the iterations: pass the chain of one iteration to the next");
        w->why = b.p;
        return;
    }
    Warn *w = new_warn(L, W_NOEDGE);
    const Op *x = p->first.path[0], *y = p->second.path[0];
    if (!warn_sites(w, p, mp) || !(w->at = orig_op(mp, y)) || !(w->other = orig_op(mp, x))) { L->nwarns--; return; }
    bool ed = p->first_chain && p->second_chain >= 0 ? editable(L, w->at, p->second_chain) : true;
    w->why = noedge_why(p, w->other, w->at, w, ed);
}

typedef struct Ord { int i; const Op *x, *y; } Ord;

/* In source order of the later op, and for one op, the nearest earlier
** op first (its edge may order the others). */
static int ord_cmp(const void *pa, const void *pb)
{
    const Ord *a = pa, *b = pb;
    int c = pos_cmp(a->y, b->y);
    if (c) return c;
    c = pos_cmp(b->x, a->x);
    if (c) return c;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* One round of planning over analysis [a] (of the input when [mp] is
** NULL, else of a fixed program [mp] maps back): an edge for each pair
** that one orders and the edges so far do not. Returns how many. */
static int plan_round(Lint *L, const SeqAnalysis *a, const OpMap *mp)
{
    int n = seq_npairs(a), added = 0;
    Ord *ord = xmalloc(sizeof *ord * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < n; i++) {
        const SeqPair *p = seq_pair(a, i);
        if (p->second_is_result_line || !p->first_chain || p->second_chain < 0) continue;
        if (p->first.path[0] == p->second.path[0]) continue;
        ord[k++] = (Ord){ i, p->first.path[0], p->second.path[0] };
    }
    if (k > 1) qsort(ord, (size_t)k, sizeof *ord, ord_cmp);
    SeqEdges *eq = seq_edges_new(a);
    for (int j = 0; j < k; j++) {
        const SeqPair *p = seq_pair(a, ord[j].i);
        if (seq_pair_ordered_with(a, ord[j].i, eq)) continue;
        const Op *x0 = orig_op(mp, ord[j].x), *y0 = orig_op(mp, ord[j].y);
        const Value *c0 = orig_value(mp, p->first_chain);
        if (!x0 || !y0 || !c0) continue;
        /* An op the fix gave a trailing chain has it as one more operand. */
        int slot = p->second_chain > y0->noperands ? y0->noperands : p->second_chain;
        if (!editable(L, y0, slot)) continue;
        Warn *w = new_warn(L, W_EDGE);
        if (!warn_sites(w, p, mp)) { L->nwarns--; continue; }
        w->at = y0;
        w->other = x0;
        w->edge = add_edge(L, x0, c0, y0, slot);
        seq_edges_add(eq, p->first_chain, ord[j].y, p->second_chain);
        added++;
    }
    seq_edges_free(eq);
    free(ord);
    return added;
}

/* }===================================================================== */

/* {=====================================================================
** Applying the plan to the text
** ====================================================================== */

typedef struct Edit {
    size_t at, del;
    char *ins;
    int prio;          /* of two edits of one token, the higher wins */
    int seq;
} Edit;

typedef struct Edits { Edit *e; int n, cap; } Edits;

static void add_edit(Edits *es, size_t at, size_t del, char *ins, int prio)
{
    if (es->n == es->cap) {
        es->cap = es->cap ? 2 * es->cap : 16;
        es->e = xrealloc(es->e, sizeof *es->e * (size_t)es->cap);
    }
    es->e[es->n] = (Edit){ at, del, ins, prio, es->n };
    es->n++;
}

static int edit_cmp(const void *pa, const void *pb)
{
    const Edit *a = pa, *b = pb;
    if (a->at != b->at) return a->at < b->at ? -1 : 1;
    if ((a->del > 0) != (b->del > 0)) return a->del > 0 ? 1 : -1;   /* insertions first */
    if (a->prio != b->prio) return a->prio > b->prio ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* A rename through the regions of a custom-form op: the tokens [old] in
** [s, e) become [now]. */
typedef struct Rename { size_t s, e; char *old, *now; int prio; } Rename;
typedef struct Renames { Rename *r; int n, cap; } Renames;

/* The text [v] goes by at offset [pos], after the renames. */
static const char *text_name(const Renames *rn, const Value *v, size_t pos, char *buf, size_t cap)
{
    vname(v, buf, cap);
    const Rename *best = NULL;
    for (int i = 0; i < rn->n; i++) {
        const Rename *r = &rn->r[i];
        if (pos >= r->s && pos < r->e && !strcmp(r->old, buf) && (!best || r->prio > best->prio)) best = r;
    }
    if (best) snprintf(buf, cap, "%s", best->now);
    return buf;
}

static int group_cmp(const void *pa, const void *pb)
{
    const Edge *a = pa, *b = pb;
    int c = pos_cmp(a->y, b->y);
    if (c) return c;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return a->slot < b->slot ? -1 : a->slot > b->slot;
}

/* Source order of values of one block: arguments first. */
static int vpos(const Value *v) { return v->def ? v->block->nargs + v->def->index : v->result_index; }

static void free_groups(Lint *L)
{
    for (int i = 0; i < L->ngroups; i++) {
        free(L->groups[i].chains);
        free(L->groups[i].note);
    }
    free(L->groups);
    L->groups = NULL;
    L->ngroups = 0;
}

/* The groups of the plan (one per op and slot), each with the fewest
** chains: the old one and the new ones, less those another of them comes
** after, in the input's analysis [a0] with every planned edge. */
static void make_groups(Lint *L, const SeqAnalysis *a0)
{
    free_groups(L);
    if (!L->nedges) return;
    Edge *es = xmalloc(sizeof *es * (size_t)L->nedges);
    memcpy(es, L->edges, sizeof *es * (size_t)L->nedges);
    qsort(es, (size_t)L->nedges, sizeof *es, group_cmp);
    SeqEdges *all = seq_edges_new(a0);
    for (int i = 0; i < L->nedges; i++) seq_edges_add(all, es[i].chain, es[i].y, es[i].slot);
    L->groups = xcalloc((size_t)L->nedges, sizeof *L->groups);
    for (int i = 0; i < L->nedges; ) {
        int j = i;
        while (j < L->nedges && es[j].y == es[i].y && es[j].slot == es[i].slot) j++;
        const Op *y = es[i].y;
        int slot = es[i].slot;
        const Value **c = xmalloc(sizeof *c * (size_t)(j - i + 1));
        int nc = 0;
        if (slot < y->noperands) c[nc++] = y->operands[slot];
        for (int k = i; k < j; k++) {
            bool dup = false;
            for (int q = 0; q < nc; q++) dup |= c[q] == es[k].chain;
            if (!dup) c[nc++] = es[k].chain;
        }
        bool *drop = xcalloc((size_t)nc + 1, sizeof *drop);
        for (int p = 0; p < nc; p++)
            for (int q = 0; q < nc && !drop[p]; q++)
                if (q != p && seq_value_after(a0, c[p], c[q], all)) drop[p] = true;
        /* (The old chain alone would mean the new ones were no edge at
        ** all; should a search say so, keep them all.) */
        if (slot < y->noperands && nc > 1) {
            bool only_old = !drop[0];
            for (int p = 1; p < nc; p++) only_old &= drop[p];
            if (only_old) memset(drop, 0, sizeof *drop * (size_t)nc);
        }
        int nk = 0;
        for (int p = 0; p < nc; p++)
            if (!drop[p]) c[nk++] = c[p];
        free(drop);
        /* Source order. */
        for (int p = 1; p < nk; p++)
            for (int q = p; q > 0 && vpos(c[q]) < vpos(c[q - 1]); q--) {
                const Value *t = c[q]; c[q] = c[q - 1]; c[q - 1] = t;
            }
        Group *g = &L->groups[L->ngroups++];
        g->y = y;
        g->slot = slot;
        g->chains = c;
        g->nchains = nk;
        StrBuf b = {0};
        char buf[160], old[160];
        StrBuf what = {0};
        if (nk == 1) {
            sb_adds(&what, vname(c[0], buf, sizeof buf));
        } else {
            sb_adds(&what, "tfrt.merge.chains ");
            for (int p = 0; p < nk; p++) sb_printf(&what, "%s%s", p ? ", " : "", vname(c[p], buf, sizeof buf));
        }
        if (slot < y->noperands)
            sb_printf(&b, "pass %s instead of %s to order them as written", what.p,
                      vname(y->operands[slot], old, sizeof old));
        else
            sb_printf(&b, "'%s' takes an optional trailing chain: pass %s as its last operand to order them as written",
                      y->name, what.p);
        free(what.p);
        g->note = b.p;
        i = j;
    }
    seq_edges_free(all);
    free(es);
}

/* The group of [y] and [slot] (the groups are in group_cmp's order). */
static const Group *group_of(const Lint *L, const Op *y, int slot)
{
    Edge key = { NULL, y, NULL, slot };
    int lo = 0, hi = L->ngroups;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        Edge g = { NULL, L->groups[mid].y, NULL, L->groups[mid].slot };
        int c = group_cmp(&g, &key);
        if (c == 0) return &L->groups[mid];
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

/* The least number N such that no `lint_mergeN` or greater is in [t]. */
static long merge_base(const Text *t)
{
    long base = 0;
    const char *p = t->s, *end = t->s + t->len;
    while ((p = memmem(p, (size_t)(end - p), "lint_merge", 10))) {
        p += 10;
        long k = 0;
        bool digits = false;
        while (p < end && *p >= '0' && *p <= '9' && k < 100000000) { k = k * 10 + (*p++ - '0'); digits = true; }
        if (digits && k + 1 > base) base = k + 1;
    }
    return base;
}

/* The input with every group's edit applied. */
static char *apply_plan(Lint *L, size_t *outlen)
{
    const Text *t = &L->t;
    Edits es = { NULL, 0, 0 };
    Renames rn = { NULL, 0, 0 };
    long merges = L->merge_base;
    /* Groups are in source order: an op before the ops of its regions,
    ** whose names its renames decide. Names are decided first. */
    char **names = xcalloc((size_t)L->ngroups + 1, sizeof *names);
    OpText *ots = xcalloc((size_t)L->ngroups + 1, sizeof *ots);
    bool *merge = xcalloc((size_t)L->ngroups + 1, sizeof *merge);
    for (int i = 0; i < L->ngroups; i++) {
        const Group *g = &L->groups[i];
        op_text(t, g->y, &ots[i]);
        char buf[160];
        merge[i] = g->nchains > 1;
        if (!merge[i]) names[i] = xstrdup(text_name(&rn, g->chains[0], ots[i].start, buf, sizeof buf));
        bool rename = g->slot < g->y->noperands && !ots[i].generic && ots[i].re > 0;
        if (rename && !merge[i] && find_tok(t, ots[i].rs, ots[i].re, names[i]) != (size_t)-1) {
            /* The name is taken inside the regions: a merge of one. */
            free(names[i]);
            names[i] = NULL;
            merge[i] = true;
        }
        if (merge[i]) {
            snprintf(buf, sizeof buf, "%%lint_merge%ld", merges++);
            names[i] = xstrdup(buf);
        }
        if (rename) {
            if (rn.n == rn.cap) {
                rn.cap = rn.cap ? 2 * rn.cap : 8;
                rn.r = xrealloc(rn.r, sizeof *rn.r * (size_t)rn.cap);
            }
            /* Tokens as written: of two renames of one token, the one of the
            ** innermost op (whose region argument it names) wins. */
            char old[160];
            vname(g->y->operands[g->slot], old, sizeof old);
            rn.r[rn.n++] = (Rename){ ots[i].rs, ots[i].re, xstrdup(old), xstrdup(names[i]), 2 * depth_of(g->y) + 1 };
        }
    }
    for (int i = 0; i < L->ngroups; i++) {
        const Group *g = &L->groups[i];
        const Op *y = g->y;
        const OpText *ot = &ots[i];
        int prio = 2 * depth_of(y) + 2;
        char buf[160];
        if (merge[i]) {
            StrBuf line = {0};
            size_t at = ot->own_line ? ot->lstart : ot->start;
            size_t ind = ot->lstart;
            while (ind < t->len && (t->s[ind] == ' ' || t->s[ind] == '\t')) ind++;
            if (ot->own_line) sb_addn(&line, t->s + ot->lstart, ind - ot->lstart);
            sb_printf(&line, "%s = tfrt.merge.chains ", names[i]);
            for (int c = 0; c < g->nchains; c++)
                sb_printf(&line, "%s%s", c ? ", " : "", text_name(&rn, g->chains[c], ot->start, buf, sizeof buf));
            sb_adds(&line, " :");
            for (int c = 0; c < g->nchains; c++) sb_printf(&line, "%s !tfrt.chain", c ? "," : "");
            sb_addc(&line, '\n');
            if (!ot->own_line) sb_addn(&line, t->s + ot->lstart, ind - ot->lstart);
            add_edit(&es, at, 0, line.p, prio);
        }
        size_t *at = xmalloc(sizeof *at * (size_t)(2 * y->noperands + 1)), *end = at + y->noperands;
        operand_toks(t, y, ot, at, end);
        if (g->slot < y->noperands) {
            add_edit(&es, at[g->slot], end[g->slot] - at[g->slot], xstrdup(names[i]), prio);
        } else if (ot->generic) {
            StrBuf s = {0};
            bool empty = y->noperands == 0;
            sb_printf(&s, "%s%s", empty ? "" : ", ", names[i]);
            add_edit(&es, ot->ope, 0, s.p, prio);
            /* The function type's inputs: after the operand list, past
            ** regions, properties and attributes, the ':'. */
            size_t j = ot->ope + 1;
            while (j < t->len && t->s[j] != ':') {
                char c = t->s[j];
                if (c == '"') { j = skip_string(t, j); continue; }
                if (c == '(' || c == '[' || c == '{' || c == '<') {
                    size_t m = matching(t, j);
                    if (m == (size_t)-1) break;
                    j = m + 1;
                    continue;
                }
                j++;
            }
            while (j < t->len && t->s[j] != '(') j++;
            size_t m = j < t->len ? matching(t, j) : (size_t)-1;
            if (m != (size_t)-1) {
                bool none = true;
                for (size_t q = j + 1; q < m; q++) none &= t->s[q] == ' ' || t->s[q] == '\t' || t->s[q] == '\n';
                add_edit(&es, m, 0, xstrdup(none ? "!tfrt.chain" : ", !tfrt.chain"), prio);
            }
        } else {
            StrBuf s = {0};
            sb_printf(&s, ", %s", names[i]);
            add_edit(&es, end[y->noperands - 1], 0, s.p, prio);
        }
        free(at);
    }
    /* The renames, token by token. */
    for (int i = 0; i < rn.n; i++) {
        const Rename *r = &rn.r[i];
        size_t n = strlen(r->old);
        for (size_t q = r->s; q < r->e; ) {
            size_t k = find_tok(t, q, r->e, r->old);
            if (k == (size_t)-1) break;
            add_edit(&es, k, n, xstrdup(r->now), r->prio);
            q = k + n;
        }
    }
    if (es.n > 1) qsort(es.e, (size_t)es.n, sizeof *es.e, edit_cmp);
    StrBuf out = {0};
    size_t pos = 0;
    for (int i = 0; i < es.n; i++) {
        Edit *e = &es.e[i];
        if (e->at < pos || (e->del && i > 0 && es.e[i - 1].at == e->at && es.e[i - 1].del)) {
            free(e->ins);     /* the same token, edited by a higher priority */
            continue;
        }
        sb_addn(&out, t->s + pos, e->at - pos);
        sb_adds(&out, e->ins);
        pos = e->at + e->del;
        free(e->ins);
    }
    sb_addn(&out, t->s + pos, t->len - pos);
    free(es.e);
    for (int i = 0; i < rn.n; i++) {
        free(rn.r[i].old);
        free(rn.r[i].now);
    }
    free(rn.r);
    for (int i = 0; i < L->ngroups; i++) free(names[i]);
    free(names);
    free(ots);
    free(merge);
    *outlen = out.n;
    if (!out.p) out.p = xstrdup("");
    return out.p;
}

/* }===================================================================== */

/* {=====================================================================
** Rounds: the fixed program, analysed again
** ====================================================================== */

/* A program of one round: its text, module and analysis. */
typedef struct Round {
    char *text; size_t len;
    char *dtext; size_t dlen;     /* what parsing and verifying it said */
    Module *m;
    SeqAnalysis *a;
    OpMap map;
} Round;

static void round_free(Round *r)
{
    if (r->a) seq_free(r->a);
    if (r->m) ir_module_free(r->m);
    free(r->dtext);
    free(r->text);
    free(r->map.key);
    free(r->map.val);
    memset(r, 0, sizeof *r);
}

/* Parses, verifies and analyses [text] (taken); false, with the
** diagnostics in r->dtext, when it does not verify. */
static bool round_load(Round *r, const char *fname, char *text, size_t len, const Module *m0, long base)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->len = len;
    FILE *dout = open_memstream(&r->dtext, &r->dlen);
    if (!dout) tf_out_of_memory();
    DiagSink *d = diag_new(dout);
    if (!d) tf_out_of_memory();
    diag_set_color(d, false);
    diag_add_source_borrowed(d, fname, text, len);
    r->m = parse_module_borrowed(fname, text, len, d);
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    bool ok = r->m && verify_module(r->m, d, &vo) == 0 && !diag_failed(d);
    diag_finish(d);
    diag_free(d);
    fclose(dout);
    if (!ok) return false;
    r->a = seq_analyze(r->m, NULL);
    r->map.merge = "lint_merge";
    r->map.merge_base = base;
    if (!map_modules(&r->map, m0, r->m)) {
        seq_free(r->a);
        r->a = NULL;
        return false;
    }
    return true;
}

/* }===================================================================== */

/* {=====================================================================
** Warnings
** ====================================================================== */

static void emit_at(DiagSink *d, DiagKind k, const Module *m, const Op *op, const char *msg)
{
    diag_emit(d, k, m->filename, op->line, op->col, msg);
}

/* The sentence of a warning about two different ops. */
static char *sentence(const Warn *w)
{
    StrBuf b = {0};
    const char *a = w->leaf1 ? w->leaf1->name : "?", *c = w->leaf2 ? w->leaf2->name : "?";
    const char *obj = w->object ? w->object : "an object";
    switch (w->res) {
    case SEQ_RES_OUTPUT:
        sb_printf(&b, "'%s' and '%s' both print to the output, and nothing orders them", a, c);
        break;
    case SEQ_RES_DIAG:
        sb_printf(&b, "'%s' and '%s' may both report a runtime error, and nothing orders them", a, c);
        break;
    default:
        if ((w->acc1 & SEQ_WRITE) && (w->acc2 & SEQ_WRITE))
            sb_printf(&b, "'%s' and '%s' both write %s, and nothing orders them", a, c, obj);
        else if (w->acc1 & SEQ_WRITE)
            sb_printf(&b, "'%s' writes %s that '%s' reads, and nothing orders them", a, obj, c);
        else
            sb_printf(&b, "'%s' reads %s that '%s' writes, and nothing orders them", a, obj, c);
    }
    return b.p;
}

/* The sentence of a warning about one op against itself, or against the
** driver's result line. */
static char *self_sentence(const Warn *w)
{
    StrBuf b = {0};
    const char *a = w->leaf1 ? w->leaf1->name : "?";
    if (w->kind == W_RESULT) {
        sb_printf(&b, "'%s' prints to the output, and no result of '%s' depends on it, so it may come after "
                  "the line '%s' returned ...", a, w->func, w->func);
        return b.p;
    }
    const Op *op = w->at;
    if (w->report) {
        sb_printf(&b, "'%s' prints to the output, and nothing orders it before the report of '%s'", a, op->name);
        return b.p;
    }
    SyntaxFamily fam = op->info ? op->info->family : SYN_GENERIC;
    const char *where = fam == SYN_PARALLEL_FOR || fam == SYN_PARALLEL_CALL ? "two blocks"
                      : fam == SYN_BENCHMARK ? "two runs" : "two iterations";
    sb_printf(&b, "'%s'", a);
    if (w->leaf2 && w->leaf2 != w->leaf1) sb_printf(&b, " and '%s'", w->leaf2->name);
    sb_printf(&b, " in %s of '%s'", where, op->name);
    switch (w->res) {
    case SEQ_RES_OUTPUT: sb_adds(&b, " print to the output"); break;
    case SEQ_RES_DIAG: sb_adds(&b, " may report runtime errors"); break;
    default:
        sb_printf(&b, " %s %s", (w->acc1 | w->acc2) & SEQ_READ && !((w->acc1 & w->acc2) & SEQ_WRITE) ? "read and write" : "write",
                  w->object ? w->object : "an object");
    }
    sb_adds(&b, ", and nothing orders one before the other");
    return b.p;
}

/* Where a site's own effect is, when the pair meets above it. */
static void note_inside(DiagSink *d, const Module *m, const Op *l, bool inside)
{
    if (!inside || !l) return;
    const Block *b = l->parent;
    const char *fn = b && b->func ? b->func->name : NULL;
    char msg[256];
    if (fn) snprintf(msg, sizeof msg, "'%s' is here, in @%s", l->name, fn);
    else snprintf(msg, sizeof msg, "'%s' is here", l->name);
    emit_at(d, DIAG_NOTE, m, l, msg);
}

static int warn_cmp(const void *pa, const void *pb)
{
    const Warn *a = pa, *b = pb;
    int c = pos_cmp(a->at, b->at);
    if (c) return c;
    c = pos_cmp(a->other, b->other);
    if (c) return c;
    c = pos_cmp(a->leaf1, b->leaf1);
    if (c) return c;
    return pos_cmp(a->leaf2, b->leaf2);
}

static void emit_warn(Lint *L, const Warn *w)
{
    const Module *m = L->m;
    DiagSink *d = L->d;
    diag_lock(d);
    if (w->kind == W_SELF || w->kind == W_RESULT) {
        char *s = self_sentence(w);
        emit_at(d, DIAG_WARNING, m, w->at, s);
        free(s);
        note_inside(d, m, w->leaf1, w->in1);
        if (w->kind == W_SELF && w->leaf2 != w->leaf1) note_inside(d, m, w->leaf2, w->in2);
        emit_at(d, DIAG_NOTE, m, w->at, w->why);
        diag_unlock(d);
        return;
    }
    char *s = sentence(w);
    emit_at(d, DIAG_WARNING, m, w->at, s);
    free(s);
    char msg[512];
    snprintf(msg, sizeof msg, "the other op, '%s', is here", w->other->name);
    emit_at(d, DIAG_NOTE, m, w->other, msg);
    note_inside(d, m, w->leaf1, w->in1);
    if (w->leaf2 != w->leaf1) note_inside(d, m, w->leaf2, w->in2);
    if (w->kind == W_EDGE) {
        const Edge *e = &L->edges[w->edge];
        const Group *g = group_of(L, e->y, e->slot);
        if (g) emit_at(d, DIAG_NOTE, m, w->at, g->note);
    } else {
        emit_at(d, DIAG_NOTE, m, w->at, w->why);
    }
    diag_unlock(d);
}

/* }===================================================================== */

/* The whole lint of a verified module [m] (text [text]): the plan, the
** fixed text (when [fixed] is not NULL), the warnings. Returns true when
** the answer is "determinate" (with --fix: of the fixed program). */
static bool lint_module(Lint *L, const char *fname, const char *text, size_t len, char **fixed, size_t *fixedlen,
                        bool *fix_failed)
{
    const Module *m = L->m;
    DiagSink *d = L->d;
    SeqAnalysis *a0 = seq_analyze(m, NULL);
    for (int i = 0; i < seq_nopaque(a0); i++) {
        const char *why = NULL;
        const Op *op = seq_opaque(a0, i, &why);
        char msg[512];
        snprintf(msg, sizeof msg, "'%s' %s: the lint cannot check what it does", op->name,
                 why ? why : "has effects the analysis does not model");
        emit_at(d, DIAG_REMARK, m, op, msg);
    }
    /* What never runs has no effect to order (docs/syntax.md). */
    for (int i = 0; m->top && i < m->top->nops; i++) {
        const Op *op = m->top->ops[i];
        char msg[512];
        snprintf(msg, sizeof msg, "'%s' is at module level: it never runs (only functions do), "
                 "and the lint does not look at it", op->name);
        emit_at(d, DIAG_REMARK, m, op, msg);
    }
    L->t.s = text;
    L->t.len = len;
    text_index(&L->t);
    L->merge_base = merge_base(&L->t);

    /* Rounds: plan, apply, analyse the result; plan what is left. */
    bool clean0 = seq_npairs(a0) == 0 && !seq_limit(a0);
    Round cur;
    memset(&cur, 0, sizeof cur);
    const SeqAnalysis *last = a0;
    const OpMap *lastmap = NULL;
    bool broken = false;
    for (int round = 0; round < 4 && !broken; round++) {
        if (!plan_round(L, last, lastmap)) break;
        make_groups(L, a0);
        size_t n;
        char *t = apply_plan(L, &n);
        Round next;
        if (!round_load(&next, fname, t, n, m, L->merge_base)) {
            /* A fixed text that does not verify is never written (nor is
            ** anything else: the output stays as it was). */
            if (next.dtext && strstr(next.dtext, "out of memory"))
                fprintf(stderr, "%s: error: out of memory\n", fname);
            else
                fprintf(stderr, "tfrun lint: internal error: the program with the fix does not verify; "
                        "--fix writes nothing\n%.*s", (int)next.dlen, next.dtext ? next.dtext : "");
            round_free(&next);
            broken = true;
            break;
        }
        round_free(&cur);
        cur = next;
        last = cur.a;
        lastmap = &cur.map;
    }
    if (broken) {
        /* The warnings stand; the edges are not vouched for. */
        round_free(&cur);
        last = a0;
        lastmap = NULL;
        *fix_failed = true;
    }
    /* What the last program still has: no edge orders it. */
    for (int i = 0; i < seq_npairs(last); i++) {
        /* (Pairs of the input the plan has an edge for are not repeated.) */
        if (broken) {
            const SeqPair *p = seq_pair(last, i);
            bool planned = false;
            for (int k = 0; k < L->nwarns && !planned; k++)
                planned = p->second.n && p->first.n && L->warns[k].kind == W_EDGE &&
                      L->warns[k].at == p->second.path[0] && L->warns[k].other == p->first.path[0];
            if (planned) continue;
        }
        warn_unfixed(L, last, i, lastmap);
    }
    if (L->nwarns > 1) qsort(L->warns, (size_t)L->nwarns, sizeof *L->warns, warn_cmp);
    /* Edge warnings name their edge by index: the sort kept the edges. */
    for (int i = 0; i < L->nwarns; i++) emit_warn(L, &L->warns[i]);
    const char *lim0 = seq_limit(a0), *lim = seq_limit(last);
    if (lim0 || lim) {
        char msg[512];
        if (lim0 && !lim)
            snprintf(msg, sizeof msg, "%s; the lint found the rest in the program with the edges above", lim0);
        else if (lim0 && last == a0)
            snprintf(msg, sizeof msg, "%s; the lint has not checked everything", lim0);
        else
            snprintf(msg, sizeof msg, "%s%s; the lint has not checked everything", lim0 ? "" : "with the edges above, ",
                     lim0 ? lim0 : lim);
        diag_emit(d, DIAG_WARNING, m->filename, 0, 0, msg);
    }
    bool fixed_clean = !broken && seq_npairs(last) == 0 && !lim;
    if (fixed && !broken) {
        if (cur.text) {
            *fixed = cur.text;
            *fixedlen = cur.len;
            cur.text = NULL;
        } else {
            *fixed = xmalloc(len + 1);
            memcpy(*fixed, text, len);
            *fixedlen = len;
        }
    }
    round_free(&cur);
    seq_free(a0);
    return fixed ? fixed_clean : clean0;
}

int cli_lint(int argc, char **argv)
{
    LintOptions o;
    memset(&o, 0, sizeof o);
    int st = parse_options(&o, argc, argv);
    if (st >= 0) return st;
    if (o.help) {
        fputs(lint_usage, stdout);
        return 0;
    }
    if (o.output && !o.fix) return args_error("tfrun lint", "tfrun lint", "%s", "-o needs --fix");
    StrBuf src = {0};
    const char *fname;
    if (!args_read_input("tfrun lint", o.input, &src, &fname)) return 1;
    const char *text = src.p ? src.p : "";
    DiagSink *d = diag_new(stderr);
    if (!d) tf_out_of_memory();
    if (o.verify) diag_set_verify(d, DIAG_VERIFY_ALL);
    diag_add_source_borrowed(d, fname, text, src.n);
    Module *m = parse_module_borrowed(fname, text, src.n, d);
    bool failed = !m;
    if (m) {
        VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
        if (verify_module(m, d, &vo) > 0) failed = true;
    }
    Lint L;
    memset(&L, 0, sizeof L);
    L.m = m;
    L.d = d;
    bool clean = true, fix_failed = false;
    if (!failed) {
        char *fixed = NULL;
        size_t fixedlen = 0;
        clean = lint_module(&L, fname, text, src.n, o.fix ? &fixed : NULL, &fixedlen, &fix_failed);
        if (o.fix && fixed) {
            /* -o FILE: replaced only once all is written (base/outfile.h). */
            OutFile of;
            char msg[512];
            if (!outfile_open(&of, o.output)) {
                fprintf(stderr, "tfrun lint: %s\n", outfile_error(&of, msg, sizeof msg));
                failed = true;
            } else {
                fwrite(fixed, 1, fixedlen, of.f);
                if (!outfile_close(&of)) {
                    fprintf(stderr, "tfrun lint: %s\n", outfile_error(&of, msg, sizeof msg));
                    failed = true;
                }
            }
        }
        free(fixed);
    }
    if (diag_finish(d)) failed = true;
    if (o.verify) failed = failed || diag_failed(d);
    else if (!clean || fix_failed) failed = true;
    for (int i = 0; i < L.nwarns; i++) {
        free(L.warns[i].object);
        free(L.warns[i].why);
    }
    free(L.warns);
    free(L.edges);
    free_groups(&L);
    free(L.t.line);
    if (m) ir_module_free(m);
    diag_free(d);
    free(src.p);
    return failed ? 1 : 0;
}
