/*
** lint.c — `tfrun lint [--fix] [-o FILE] [--verify-diagnostics] FILE`
** (docs/execution.md §8, docs/analysis.md): did I forget a chain?
**
** Reports every pair of conflicting effects that nothing orders, as the
** sequencing analysis (analysis/seq.h) finds them for the run `tfrun run`
** would make: a warning at the later op, a note at the other one, notes at
** the kernels themselves when the pair meets through a call or a region,
** and a note with the fix (`pass %ch1 instead of %ch0`). Ops whose effects
** the analysis does not model get a remark: the lint cannot vouch for them.
**
** --fix writes the program with the missing chain edges added (stdout, or
** -o FILE): for each pair whose later op takes a chain and whose earlier op
** gives one, the later op's chain operand is replaced in the source text by
** the earlier op's chain (a `tfrt.merge.chains` inserted above it when it
** needs several). Everything else stays byte for byte as written.
**
** Exit status: 0 determinate (with --fix: every pair got its edge), 1 a
** warning (or, with --verify-diagnostics, an unexpected or missing
** diagnostic), 2 usage.
*/
#include "base/alloc.h"
#include <stdbool.h>
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
    "Reports every pair of conflicting effects that no data or chain dependency\n"
    "orders, in the run `tfrun run FILE` would make: two prints off one chain, a\n"
    "tensor written and read from the same chain, two unordered kernels that may\n"
    "both report a runtime error, ... (docs/execution.md §8). One warning per pair, at the\n"
    "later op, with notes at the other op and a note with the fix.\n"
    "\n"
    "  --fix                  print the program with the missing chain edges added\n"
    "                         (the later op of each pair takes the earlier op's chain)\n"
    "  -o FILE                write --fix's output to FILE instead of stdout; FILE\n"
    "                         is replaced only once it is written whole\n"
    "  --verify-diagnostics   check the warnings against expected-warning/-note\n"
    "                         annotations, as `tfrun opt --verify-diagnostics` does\n"
    "  --help                 this text\n"
    "\n"
    "Exit status: 0 when every conflicting pair is ordered (with --fix: when every\n"
    "pair could be fixed), 1 when the lint warns (or a diagnostic was not as\n"
    "expected), 2 for a usage error.\n";

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
** Chains of an op
** ====================================================================== */

static bool is_chain(const Value *v)
{
    return v && v->type && v->type->kind == TY_DIALECT && v->type->spelling &&
           !strcmp(v->type->spelling, "!tfrt.chain");
}

/* The index of [op]'s first chain operand, or -1. */
static int chain_operand(const Op *op)
{
    for (int i = 0; i < op->noperands; i++)
        if (is_chain(op->operands[i])) return i;
    return -1;
}

/* [op]'s first chain result, or NULL. */
static const Value *chain_result(const Op *op)
{
    for (int i = 0; i < op->nresults; i++)
        if (is_chain(op->results[i])) return op->results[i];
    return NULL;
}

/* "%name" of [v] into [buf] ("a value" when it has no name). */
static const char *vname(const Value *v, char *buf, size_t cap)
{
    const char *n = v && v->name ? v->name : NULL;
    if (!n) snprintf(buf, cap, "a value");
    else snprintf(buf, cap, "%s%s", n[0] == '%' ? "" : "%", n);
    return buf;
}

/* }===================================================================== */

/* {=====================================================================
** Warnings
** ====================================================================== */

static const Op *leaf(const SeqSite *s) { return s->n ? s->path[s->n - 1] : NULL; }

static void emit_at(DiagSink *d, DiagKind k, const Module *m, const Op *op, const char *msg)
{
    diag_emit(d, k, m->filename, op->line, op->col, msg);
}

/* The warning's sentence for a pair of two different ops. */
static char *sentence(const SeqPair *p)
{
    char obj[128];
    StrBuf b = {0};
    const char *a = leaf(&p->first)->name, *c = leaf(&p->second)->name;
    switch (p->kind) {
    case SEQ_RES_OUTPUT:
        sb_printf(&b, "'%s' and '%s' both print to the output, and nothing orders them", a, c);
        break;
    case SEQ_RES_DIAG:
        sb_printf(&b, "'%s' and '%s' may both report a runtime error, and nothing orders them", a, c);
        break;
    default:
        vname(p->object, obj, sizeof obj);
        if (!p->object) snprintf(obj, sizeof obj, "an object");
        if ((p->first_access & SEQ_WRITE) && (p->second_access & SEQ_WRITE))
            sb_printf(&b, "'%s' and '%s' both write %s, and nothing orders them", a, c, obj);
        else if (p->first_access & SEQ_WRITE)
            sb_printf(&b, "'%s' writes %s that '%s' reads, and nothing orders them", a, obj, c);
        else
            sb_printf(&b, "'%s' reads %s that '%s' writes, and nothing orders them", a, obj, c);
    }
    return b.p;
}

/* Where a site's own effect is, when the pair meets above it. */
static void note_inside(DiagSink *d, const Module *m, const SeqSite *s)
{
    if (s->n < 2) return;
    const Op *l = leaf(s);
    const Block *b = l->parent;
    const char *fn = b && b->func ? b->func->name : NULL;
    char msg[256];
    if (fn) snprintf(msg, sizeof msg, "'%s' is here, in @%s", l->name, fn);
    else snprintf(msg, sizeof msg, "'%s' is here", l->name);
    emit_at(d, DIAG_NOTE, m, l, msg);
}

/* One fix for the source: op [later] takes [chain] instead of its chain
** operand [operand]. */
typedef struct Fix {
    const Op *later;
    int operand;
    const Value *chain;
} Fix;

typedef struct Lint {
    const Module *m;
    DiagSink *d;
    Fix *fixes; int nfixes, capfixes;
    int warnings;
    int unfixed;       /* warnings --fix has no edit for */
} Lint;

static void add_fix(Lint *L, const Op *later, int operand, const Value *chain)
{
    for (int i = 0; i < L->nfixes; i++)
        if (L->fixes[i].later == later && L->fixes[i].chain == chain) return;
    if (L->nfixes == L->capfixes) {
        L->capfixes = L->capfixes ? 2 * L->capfixes : 16;
        Fix *f = realloc(L->fixes, sizeof *f * (size_t)L->capfixes);
        if (!f) tf_out_of_memory();
        L->fixes = f;
    }
    L->fixes[L->nfixes++] = (Fix){ later, operand, chain };
}

static void report_pair(Lint *L, const SeqAnalysis *a, int i)
{
    const SeqPair *p = seq_pair(a, i);
    const Module *m = L->m;
    L->warnings++;
    if (p->second_is_result_line || (p->first.n && p->second.n && p->first.path[0] == p->second.path[0])) {
        /* A print against the result line, or one op against itself (loop
        ** iterations, benchmark runs): no second op to point at or chain. */
        char *s = seq_pair_describe(a, i);
        const Op *at = p->first.path[0];
        diag_lock(L->d);
        emit_at(L->d, DIAG_WARNING, m, at, s ? s : "unordered effects");
        note_inside(L->d, m, &p->first);
        if (p->second_is_result_line)
            emit_at(L->d, DIAG_NOTE, m, at,
                    "to order it, make a result of the function depend on it (return its chain)");
        else
            emit_at(L->d, DIAG_NOTE, m, at,
                    "to order the iterations, pass the chain of one iteration to the next");
        diag_unlock(L->d);
        L->unfixed++;
        free(s);
        return;
    }
    const Op *x = p->first.path[0], *y = p->second.path[0];
    char *s = sentence(p);
    diag_lock(L->d);
    emit_at(L->d, DIAG_WARNING, m, y, s ? s : "unordered effects");
    char msg[512];
    snprintf(msg, sizeof msg, "the other op, '%s', is here", x->name);
    emit_at(L->d, DIAG_NOTE, m, x, msg);
    note_inside(L->d, m, &p->first);
    if (leaf(&p->second) != leaf(&p->first)) note_inside(L->d, m, &p->second);
    int k = chain_operand(y);
    const Value *c = chain_result(x);
    if (k >= 0 && c) {
        char now[128], want[128];
        vname(y->operands[k], now, sizeof now);
        vname(c, want, sizeof want);
        snprintf(msg, sizeof msg, "pass %s instead of %s to order them as written", want, now);
        emit_at(L->d, DIAG_NOTE, m, y, msg);
        add_fix(L, y, k, c);
    } else if (k < 0 && c && y->info && (y->info->flags & OPF_TRAILING_CHAIN)) {
        char want[128];
        snprintf(msg, sizeof msg, "'%s' takes an optional trailing chain: pass %s as its last operand",
                 y->name, vname(c, want, sizeof want));
        emit_at(L->d, DIAG_NOTE, m, y, msg);
    } else if (k < 0) {
        snprintf(msg, sizeof msg, "'%s' takes no chain: order it after '%s' through a value it needs",
                 y->name, x->name);
        emit_at(L->d, DIAG_NOTE, m, y, msg);
    } else {
        snprintf(msg, sizeof msg, "'%s' gives no chain to order '%s' after", x->name, y->name);
        emit_at(L->d, DIAG_NOTE, m, y, msg);
    }
    if (!(k >= 0 && c)) L->unfixed++;
    diag_unlock(L->d);
    free(s);
}

/* }===================================================================== */

/* {=====================================================================
** --fix: edits of the source text
** ====================================================================== */

/* Byte offset of line [line] (1-based), column [col] in [text]. */
static size_t offset_of(const char *text, size_t len, int line, int col)
{
    size_t i = 0;
    for (int l = 1; l < line && i < len; i++)
        if (text[i] == '\n') l++;
    return i + (size_t)(col > 0 ? col - 1 : 0) <= len ? i + (size_t)(col > 0 ? col - 1 : 0) : len;
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c == '.' || c == '-' || c == '#';
}

/* The offset of operand token [name] ("%ch0") of the op that starts at
** [from]: its first whole occurrence after the op name. */
static size_t find_token(const char *text, size_t len, size_t from, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = from; i + n <= len; i++) {
        if (text[i] == '}' && i > from) break;      /* into a region: give up */
        if (memcmp(text + i, name, n)) continue;
        if (i + n < len && name_char(text[i + n])) continue;
        return i;
    }
    return (size_t)-1;
}

typedef struct Edit { size_t at, del; char *ins; } Edit;
typedef struct Edits { Edit *e; int n, cap; } Edits;

static void add_edit(Edits *es, size_t at, size_t del, char *ins)
{
    if (es->n == es->cap) {
        es->cap = es->cap ? 2 * es->cap : 16;
        Edit *ne = realloc(es->e, sizeof *ne * (size_t)es->cap);
        if (!ne) tf_out_of_memory();
        es->e = ne;
    }
    es->e[es->n++] = (Edit){ at, del, ins };
}

/* The text of the regions of the op whose operands end before [from]:
** from its first '{' to the '}' that closes its last region, across
** `} else {` and `}, {`. Strings and comments are skipped. [*end] = 0 when
** there is none. */
static size_t region_span(const char *text, size_t len, size_t from, size_t *end)
{
    *end = 0;
    size_t i = from;
    while (i < len && text[i] != '{' && text[i] != '\n') i++;
    if (i >= len || text[i] != '{') return 0;
    size_t start = i;
    for (;;) {
        int depth = 0;
        for (; i < len; i++) {
            char ch = text[i];
            if (ch == '"') { for (i++; i < len && text[i] != '"'; i++) if (text[i] == '\\') i++; continue; }
            if (ch == '/' && i + 1 < len && text[i + 1] == '/') { while (i < len && text[i] != '\n') i++; continue; }
            if (ch == '{') depth++;
            else if (ch == '}' && --depth == 0) break;
        }
        if (i >= len) return 0;
        i++;
        *end = i;
        size_t j = i;
        while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == ',' || text[j] == '\n')) j++;
        if (j + 4 <= len && !memcmp(text + j, "else", 4)) j += 4;
        while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n')) j++;
        if (j < len && text[j] == '{') { i = j; continue; }
        return start;
    }
}

/* Renames the whole-token uses of [old] in [s, e) to [now] (edits); false,
** with nothing added, when [now] is already a name there. A region of a
** custom-syntax op names its arguments after the op's operands, so a
** changed operand renames the argument too. */
static bool rename_in(Edits *es, const char *text, size_t s, size_t e, const char *old, const char *now)
{
    size_t no = strlen(old), nn = strlen(now);
    for (size_t i = s; i + nn <= e; i++)
        if (!memcmp(text + i, now, nn) && (i + nn >= e || !name_char(text[i + nn])) && (i == 0 || !name_char(text[i - 1])))
            return false;
    for (size_t i = s; i + no <= e; i++) {
        if (memcmp(text + i, old, no) || (i + no < e && name_char(text[i + no]))) continue;
        char *ins = strdup(now);
        if (!ins) tf_out_of_memory();
        add_edit(es, i, no, ins);
        i += no - 1;
    }
    return true;
}

static int edit_cmp(const void *a, const void *b)
{
    const Edit *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at ? 1 : 0;
}

/* Writes [text] with the fixes applied to [out]. Returns the number of
** fixes applied. */
static int write_fixed(Lint *L, const char *text, size_t len, FILE *out)
{
    Edits es = { NULL, 0, 0 };
    int applied = 0, merges = 0;
    for (int i = 0; i < L->nfixes; i++) {
        const Op *y = L->fixes[i].later;
        bool seen = false;
        for (int j = 0; j < i; j++) seen |= L->fixes[j].later == y;
        if (seen) continue;
        /* Every chain this op must take. */
        const Value *chains[16];
        int nc = 0;
        for (int j = i; j < L->nfixes && nc < 16; j++)
            if (L->fixes[j].later == y) chains[nc++] = L->fixes[j].chain;
        char old[128], buf[256];
        vname(y->operands[L->fixes[i].operand], old, sizeof old);
        size_t start = offset_of(text, len, y->line, y->col);
        size_t at = find_token(text, len, start, old);
        if (at == (size_t)-1) continue;
        StrBuf ins = {0};
        size_t rend = 0, rstart = y->nregions ? region_span(text, len, at + strlen(old), &rend) : 0;
        char now[160];
        if (nc == 1) vname(chains[0], now, sizeof now);
        else snprintf(now, sizeof now, "%%lint_merge%d", merges);
        if (rend && !rename_in(&es, text, rstart, rend, old, now)) {
            L->unfixed++;         /* the new name is taken inside the region */
            continue;
        }
        if (nc == 1) {
            sb_adds(&ins, now);
        } else {
            /* A merge of the old chain and every new one, above the op. */
            size_t ls = offset_of(text, len, y->line, 1);
            size_t ind = ls;
            while (ind < len && (text[ind] == ' ' || text[ind] == '\t')) ind++;
            StrBuf line = {0};
            sb_addn(&line, text + ls, ind - ls);
            sb_printf(&line, "%%lint_merge%d = tfrt.merge.chains %s", merges, old);
            for (int c = 0; c < nc; c++) sb_printf(&line, ", %s", vname(chains[c], buf, sizeof buf));
            sb_adds(&line, " : !tfrt.chain");
            for (int c = 0; c < nc; c++) sb_adds(&line, ", !tfrt.chain");
            sb_addc(&line, '\n');
            add_edit(&es, ls, 0, line.p);
            sb_printf(&ins, "%%lint_merge%d", merges++);
        }
        add_edit(&es, at, strlen(old), ins.p);
        applied += nc;
    }
    Edit *e = es.e;
    int ne = es.n;
    if (ne) qsort(e, (size_t)ne, sizeof *e, edit_cmp);
    size_t pos = 0;
    for (int i = 0; i < ne; i++) {
        if (e[i].at < pos) { free(e[i].ins); continue; }
        fwrite(text + pos, 1, e[i].at - pos, out);
        fputs(e[i].ins, out);
        pos = e[i].at + e[i].del;
        free(e[i].ins);
    }
    fwrite(text + pos, 1, len - pos, out);
    free(e);
    return applied;
}

/* }===================================================================== */

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
    Lint L = { m, d, NULL, 0, 0, 0, 0 };
    if (!failed) {
        SeqAnalysis *a = seq_analyze(m, NULL);
        for (int i = 0; i < seq_nopaque(a); i++) {
            const char *why = NULL;
            const Op *op = seq_opaque(a, i, &why);
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
        for (int i = 0; i < seq_npairs(a); i++) report_pair(&L, a, i);
        if (o.fix) {
            /* -o FILE: replaced only once all is written (base/outfile.h). */
            OutFile of;
            char msg[512];
            if (!outfile_open(&of, o.output)) {
                fprintf(stderr, "tfrun lint: %s\n", outfile_error(&of, msg, sizeof msg));
                failed = true;
            } else {
                write_fixed(&L, text, src.n, of.f);
                if (!outfile_close(&of)) {
                    fprintf(stderr, "tfrun lint: %s\n", outfile_error(&of, msg, sizeof msg));
                    failed = true;
                }
            }
        }
        seq_free(a);
    }
    if (diag_finish(d)) failed = true;
    if (o.verify) failed = failed || diag_failed(d);
    else if (o.fix ? L.unfixed > 0 : L.warnings > 0) failed = true;
    free(L.fixes);
    if (m) ir_module_free(m);
    diag_free(d);
    free(src.p);
    return failed ? 1 : 0;
}
