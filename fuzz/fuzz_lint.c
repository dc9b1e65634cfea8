/*
** fuzz_lint.c — `tfrun lint --fix` as a fuzz target (docs/analysis.md §9,
** tfrun.md §9): for an input that parses and verifies as `tfrun lint`
** reads it, the fix is made as the command makes it (cli_lint, with -o),
** and held to its contract. A violation aborts (a finding):
**   - the exit status is 0 or 1, and the fixed program parses and verifies;
**   - exit status 0 means the fixed program is determinate: no unordered
**     pair, no limit reached (checked here with the analysis itself);
**   - the fix is its own fix: --fix on it writes it again, with the same
**     exit status;
**   - it only adds order: every two ops of a block that the input orders
**     (seq_ordered) are ordered in the fixed program too (its ops mapped
**     back to the input's, skipping the merges the fix inserted).
** Diagnostics are discarded. Test code: not part of tfrun.
*/
#include <stdbool.h>
#include <stdint.h>
#include "analysis/seq.h"
#include "base/strbuf.h"
#include "cli/cli.h"
#include "fuzz/fuzz.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

/* Blocks larger than this are not checked pair by pair (quadratic). */
#define FUZZ_MAX_PAIR_OPS 48

static Module *load(const char *text, size_t len, DiagSink *d)
{
    Module *m = parse_module("fuzz.mlir", text, len, d);
    if (!m) return NULL;
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    if (verify_module(m, d, &vo) > 0 || diag_failed(d)) {
        ir_module_free(m);
        return NULL;
    }
    return m;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf b = {0};
    bool ok = sb_read(&b, f);
    fclose(f);
    if (!ok) { free(b.p); return NULL; }
    *len = b.n;
    return b.p ? b.p : calloc(1, 1);
}

/* Runs `tfrun lint --fix IN -o OUT` and returns its exit status. */
static int lint_fix(const char *in, const char *out)
{
    char a1[] = "lint", a2[] = "--fix", a4[] = "-o";
    char *argv[] = { a1, a2, (char *)in, a4, (char *)out, NULL };
    return cli_lint(5, argv);
}

/* The least N such that no `lint_mergeN` or greater is in [t]. */
static long merge_base(const char *t, size_t len)
{
    long base = 0;
    const char *p = t, *end = t + len;
    while ((p = memmem(p, (size_t)(end - p), "lint_merge", 10))) {
        p += 10;
        long k = 0;
        bool digits = false;
        while (p < end && *p >= '0' && *p <= '9' && k < 100000000) { k = k * 10 + (*p++ - '0'); digits = true; }
        if (digits && k + 1 > base) base = k + 1;
    }
    return base;
}

static bool inserted(const Op *op, long base)
{
    if (op->nresults != 1 || !op->results[0]->name || strcmp(op->name, "tfrt.merge.chains")) return false;
    const char *n = op->results[0]->name;
    if (*n == '%') n++;
    if (strncmp(n, "lint_merge", 10) || !n[10]) return false;
    char *e;
    long k = strtol(n + 10, &e, 10);
    return !*e && k >= base;
}

/* Every two ops of [o] that [ao] orders are ordered by [af] in [f] (the
** fixed block, whose inserted merges are skipped). */
static void check_block(const SeqAnalysis *ao, const Block *o, const SeqAnalysis *af, const Block *f, long base)
{
    const Op **map = calloc((size_t)o->nops + 1, sizeof *map);
    if (!map) abort();
    int j = 0;
    for (int i = 0; i < f->nops; i++) {
        if (inserted(f->ops[i], base)) continue;
        if (j >= o->nops || strcmp(o->ops[j]->name, f->ops[i]->name) ||
            o->ops[j]->nregions != f->ops[i]->nregions) {
            fprintf(stderr, "fuzz_lint: the fixed program's ops are not the input's\n");
            abort();
        }
        map[j++] = f->ops[i];
    }
    if (j != o->nops) {
        fprintf(stderr, "fuzz_lint: the fixed program lost ops\n");
        abort();
    }
    if (o->nops <= FUZZ_MAX_PAIR_OPS)
        for (int x = 0; x < o->nops; x++)
            for (int y = x + 1; y < o->nops; y++)
                if (seq_ordered(ao, o->ops[x], o->ops[y]) && !seq_ordered(af, map[x], map[y])) {
                    fprintf(stderr, "fuzz_lint: the fix lost the order of '%s' (line %d) before '%s' (line %d)\n",
                            o->ops[x]->name, o->ops[x]->line, o->ops[y]->name, o->ops[y]->line);
                    abort();
                }
    for (int i = 0; i < o->nops; i++)
        for (int r = 0; r < o->ops[i]->nregions; r++)
            check_block(ao, o->ops[i]->regions[r], af, map[i]->regions[r], base);
    free(map);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    DiagSink *d = diag_new(fuzz_null());
    if (!d) abort();
    diag_add_source(d, "fuzz.mlir", text, size);
    Module *m = load(text, size, d);
    diag_free(d);
    if (!m) {
        free(text);
        return 0;
    }
    const char *in = fuzz_file(data, size, "lint");
    static char out[300], out2[300];
    if (!out[0]) {
        snprintf(out, sizeof out, "%s.fixed", in);
        snprintf(out2, sizeof out2, "%s.fixed2", in);
    }
    int st = lint_fix(in, out);
    if (st != 0 && st != 1) {
        fprintf(stderr, "fuzz_lint: lint --fix exited %d\n", st);
        abort();
    }
    size_t flen = 0;
    char *fixed = slurp(out, &flen);
    if (!fixed) {
        fprintf(stderr, "fuzz_lint: lint --fix wrote nothing\n");
        abort();
    }
    DiagSink *d2 = diag_new(fuzz_null());
    if (!d2) abort();
    diag_add_source(d2, "fixed.mlir", fixed, flen);
    Module *fm = load(fixed, flen, d2);
    diag_free(d2);
    if (!fm) {
        fprintf(stderr, "fuzz_lint: the fixed program does not verify:\n%.*s\n", (int)flen, fixed);
        abort();
    }
    SeqAnalysis *ao = seq_analyze(m, NULL), *af = seq_analyze(fm, NULL);
    if (st == 0 && (seq_npairs(af) > 0 || seq_limit(af))) {
        fprintf(stderr, "fuzz_lint: exit status 0, but the fixed program has unordered pairs\n");
        abort();
    }
    long base = merge_base(text, size);
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->body) check_block(ao, m->funcs[i]->body, af, fm->funcs[i]->body, base);
    int st2 = lint_fix(out, out2);
    size_t flen2 = 0;
    char *fixed2 = slurp(out2, &flen2);
    if (st2 != st || !fixed2 || flen2 != flen || memcmp(fixed, fixed2, flen)) {
        fprintf(stderr, "fuzz_lint: the fix is not its own fix (status %d, then %d)\n", st, st2);
        abort();
    }
    seq_free(ao);
    seq_free(af);
    ir_module_free(fm);
    ir_module_free(m);
    free(fixed);
    free(fixed2);
    free(text);
    return 0;
}
