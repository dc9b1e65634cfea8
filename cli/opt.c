/*
** opt.c — `tfrun opt`: parse, verify, print (docs/tools.md §1, the job of
** TFRT's tfrt_opt / mlir-opt).
**
**   tfrun opt [--verify-diagnostics] [--split-input-file]
**             [-allow-unregistered-dialect] [--no-print] [-tfrt-print-stream]
**             [-o FILE] [FILE|-]
**
** Every option may be spelled with one dash or two. With
** --split-input-file the input is cut at lines starting with `// -----`;
** each chunk is parsed, verified and printed on its own (outputs separated
** by `// -----`), and its diagnostics carry line numbers of the whole file:
** a chunk is parsed, and its annotations read, starting at its own first
** line (ParseOptions.first_line, diag_add_source_borrowed_at).
**
** Exit status: 0 ok, 1 when any chunk failed (an error, an unexpected
** diagnostic, an expected one not produced), 2 for a usage error.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/cli.h"
#include "base/outfile.h"
#include "base/strbuf.h"
#include "analysis/seq.h"
#include "interp/stream.h"
#include "ir/diag.h"
#include "ir/print.h"
#include "ir/rewrite.h"
#include "ir/verify.h"
#include "parser/parser.h"

static const char opt_usage[] =
    "usage: tfrun opt [OPTIONS] [FILE|-]\n"
    "\n"
    "Parses and verifies an MLIR program and prints it in canonical form.\n"
    "\n"
    "  --verify-diagnostics          check the diagnostics against the file's\n"
    "                                expected-error/-warning/-note/-remark annotations\n"
    "  --split-input-file            treat each '// -----' separated chunk as its own module\n"
    "  -allow-unregistered-dialect   accept ops of dialects tfrun does not know\n"
    "  --no-print                    parse and verify only (for timing)\n"
    "  -mlir-print-op-generic        print every op, function and the module in generic\n"
    "                                form, exactly as mlir-opt --mlir-print-op-generic\n"
    "  -inline                       inline each tfrt.call of a private function that no\n"
    "                                other op names (not tfrt.sync or native ones)\n"
    "  -canonicalize                 simplify before printing: a tfrt.merge.chains of one\n"
    "                                chain is that chain, duplicate merge operands go, and\n"
    "                                unused ops without effects are removed\n"
    "                                (-inline and -canonicalize remark when they changed a\n"
    "                                program whose unordered effects the exact schedule may\n"
    "                                then run in another order)\n"
    "  --mlir-print-debuginfo        print the locations written in the source, inline as\n"
    "                                loc(...); without it no location is printed\n"
    "  -tfrt-print-stream            a remark at each function and each op of its body:\n"
    "                                its stream id, the stream's cost, the parent stream\n"
    "                                and the streams the op starts (TFRT's pass)\n"
    "  -o FILE                       write the output to FILE instead of stdout; FILE is\n"
    "                                replaced only when everything succeeded (a failure\n"
    "                                leaves it as it was, even when it is the input)\n"
    "  --help                        show this help\n"
    "\n"
    "Options may be written with one dash or two. Exit status: 0 ok, 1 errors, 2 usage.\n";

typedef struct OptOptions {
    bool verify_diags, split, allow_unreg, no_print, help, generic, debuginfo, canonicalize, inline_calls,
        print_stream;
    const char *input, *output;
} OptOptions;

/* Returns -1 when the options are fine, else the exit status. */
static int parse_options(OptOptions *o, int argc, char **argv)
{
    Args s = args_begin(argc, argv, "tfrun opt", "tfrun opt");
    int k;
    while ((k = args_next(&s)) > 0) {
        if (args_is(&s, "verify-diagnostics")) o->verify_diags = true;
        else if (args_is(&s, "split-input-file")) o->split = true;
        else if (args_is(&s, "allow-unregistered-dialect")) o->allow_unreg = true;
        else if (args_is(&s, "no-print")) o->no_print = true;
        else if (args_is(&s, "mlir-print-op-generic")) o->generic = true;
        else if (args_is(&s, "mlir-print-debuginfo")) o->debuginfo = true;
        else if (args_is(&s, "canonicalize")) o->canonicalize = true;
        else if (args_is(&s, "inline")) o->inline_calls = true;
        else if (args_is(&s, "tfrt-print-stream")) o->print_stream = true;
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

/* The remark TFRT's PrintStreamPass emits for op [x] of [t] (x = t->nops:
** the function itself, which stands for R) at [loc]. */
static void stream_remark(DiagSink *d, const StreamTree *t, int x, const Loc *loc)
{
    int s = t->stream[x];
    StrBuf msg = {0};
    sb_printf(&msg, "stream id: %d, stream cost: %lld, parent stream: %d", s, (long long)t->cost[s],
              stream_parent(t, s));
    const char *sep = ", child streams: [";
    for (int c = t->first_child[x]; c >= 0; c = t->next_child[c]) {
        sb_printf(&msg, "%s%d", sep, c);
        sep = ", ";
    }
    if (t->first_child[x] >= 0) sb_adds(&msg, "]");
    diag_emit_loc(d, DIAG_REMARK, loc, msg.p);
    sb_free(&msg);
}

/* -tfrt-print-stream (docs/tools.md §1.4): for every function with a body,
** in source order, a remark at the function (its stream is R's) and one at
** each op of the body, in order. Ops inside regions get none: TFRT's pass
** walks the body block only. Returns false when out of memory. */
static bool print_streams(const Module *m, DiagSink *d)
{
    for (int f = 0; f < m->nfuncs; f++) {
        const Func *fn = m->funcs[f];
        const Block *b = fn->body;
        if (!b) continue;
        StreamTree t;
        if (!stream_tree(m, b, &t)) {
            diag_emit_loc(d, DIAG_ERROR, fn->loc, "out of memory in the stream analysis");
            return false;
        }
        stream_remark(d, &t, b->nops, fn->loc);
        for (int i = 0; i < b->nops; i++) stream_remark(d, &t, i, b->ops[i]->loc);
        stream_tree_free(&t);
    }
    return true;
}

/* Parses, verifies, rewrites and (unless failed) prints one chunk ([text]
** has a NUL at [len]; the module and the sink borrow it, so it is never
** copied, and both are freed here before the caller frees [text]). The
** passes run in a fixed order: -inline, -canonicalize, -tfrt-print-stream.
** Returns true when the chunk failed. */
static bool process(const OptOptions *o, const char *fname, const char *text, size_t len, int first_line,
                    FILE *out)
{
    DiagSink *d = diag_new(stderr);
    if (!d) return true;
    if (o->verify_diags) diag_set_verify(d, DIAG_VERIFY_ALL);
    diag_add_source_borrowed_at(d, fname, text, len, first_line);
    ParseOptions po = { .first_line = first_line };
    Module *m = parse_module_borrowed_with(fname, text, len, d, &po);
    int errors = 0;
    if (m) {
        VerifyOptions vo = { .allow_unregistered_dialect = o->allow_unreg };
        errors = verify_module(m, d, &vo);
    }
    bool failed = !m || errors > 0 || diag_failed(d);
    if (!failed && (o->canonicalize || o->inline_calls)) {
        /* The passes keep every effect and every dependency, but they move
        ** and remove ops, which changes TFRT's stream analysis and so the
        ** order the exact schedule gives to effects that nothing orders.
        ** Where the program has such a pair, a changed program gets a
        ** remark naming the first one (docs/tools.md §1.3). */
        char *unordered = NULL;
        int line = 0, col = 0, npairs = 0;
        SeqAnalysis *sa = seq_analyze(m, NULL);
        if ((npairs = seq_npairs(sa)) > 0) {
            const SeqPair *p = seq_pair(sa, 0);
            const Op *at = p->second.n > 0 ? p->second.path[0] : p->first.path[0];
            line = at->line;
            col = at->col;
            unordered = seq_pair_describe(sa, 0);
        }
        seq_free(sa);
        int inlined = o->inline_calls ? ir_inline(m) : 0;
        int simplified = o->canonicalize ? ir_canonicalize(m) : 0;
        if ((inlined || simplified) && unordered) {
            StrBuf msg = {0};
            sb_printf(&msg, "%s may change the order in which the exact schedule runs effects that nothing "
                      "orders: %s", inlined && simplified ? "-inline and -canonicalize"
                                    : inlined ? "-inline" : "-canonicalize", unordered);
            if (npairs > 1) sb_printf(&msg, " (and %d more such %s)", npairs - 1, npairs == 2 ? "pair" : "pairs");
            diag_emit(d, DIAG_REMARK, fname, line, col, msg.p);
            sb_free(&msg);
        }
        free(unordered);
        /* The rewrites must leave a valid program; a failure here is a bug
        ** of tfrun's, reported rather than printed as if it were fine. */
        VerifyOptions vo = { .allow_unregistered_dialect = o->allow_unreg };
        if (verify_module(m, d, &vo) > 0) failed = true;
    }
    /* The remarks come before diag_finish, which checks the annotations. */
    if (!failed && o->print_stream && !print_streams(m, d)) failed = true;
    if (diag_finish(d)) failed = true;
    IrPrintOptions po_print = { .generic = o->generic, .debuginfo = o->debuginfo };
    if (m && !failed && !o->no_print) ir_print_module_with(out, m, &po_print);
    /* With --verify-diagnostics, errors that were all expected are success
    ** (nothing is printed for such a chunk). */
    if (o->verify_diags) failed = diag_failed(d);
    if (m) ir_module_free(m);
    diag_free(d);
    return failed;
}

/* Start of the next line at or after [p]. */
static const char *next_line(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl + 1 : end;
}

static bool is_split_line(const char *p, const char *end)
{
    static const char mark[] = "// -----";
    size_t n = sizeof mark - 1;
    return (size_t)(end - p) >= n && !memcmp(p, mark, n);
}

static bool process_split(const OptOptions *o, const char *fname, const char *text, size_t len, FILE *out)
{
    const char *end = text + len;
    const char *chunk = text;
    int chunk_line = 1;       /* line number of the chunk's first line */
    int line = 1;
    bool failed = false, first = true;
    const char *p = text;
    for (;;) {
        bool at_end = p >= end;
        if (at_end || is_split_line(p, end)) {
            /* [chunk, p) is one chunk, parsed at its own line numbers (a
            ** copy only for the NUL the lexer wants after the text). */
            size_t clen = (size_t)(p - chunk);
            char *buf = malloc(clen + 1);
            if (!buf) return true;
            memcpy(buf, chunk, clen);
            buf[clen] = '\0';
            if (!first && !o->no_print) fputs("// -----\n", out);
            first = false;
            if (process(o, fname, buf, clen, chunk_line, out)) failed = true;
            fflush(out);
            free(buf);
            if (at_end) break;
            p = next_line(p, end);
            line++;
            chunk = p;
            chunk_line = line;
            continue;
        }
        p = next_line(p, end);
        line++;
    }
    return failed;
}

int cli_opt(int argc, char **argv)
{
    OptOptions o;
    memset(&o, 0, sizeof o);
    int st = parse_options(&o, argc, argv);
    if (st >= 0) return st;
    if (o.help) {
        fputs(opt_usage, stdout);
        return 0;
    }
    StrBuf src = {0};
    const char *fname;
    if (!args_read_input("tfrun opt", o.input, &src, &fname)) return 1;
    char *text = src.p;
    size_t len = src.n;
    /* -o FILE is written to a temporary file and replaces FILE only when
    ** everything succeeded (base/outfile.h): a program that does not
    ** parse or verify, or a failed write, leaves FILE as it was, even when
    ** FILE is the input. */
    OutFile of;
    if (!outfile_open(&of, o.output)) {
        char msg[512];
        fprintf(stderr, "tfrun opt: %s\n", outfile_error(&of, msg, sizeof msg));
        free(text);
        return 1;
    }
    bool failed = o.split ? process_split(&o, fname, text, len, of.f)
                          : process(&o, fname, text, len, 1, of.f);
    free(text);
    if (failed && of.f != stdout) {
        outfile_discard(&of);
        if (!o.no_print) fprintf(stderr, "tfrun opt: '%s' not written (errors above)\n", o.output);
    } else if (!outfile_close(&of)) {
        char msg[512];
        fprintf(stderr, "tfrun opt: %s\n", outfile_error(&of, msg, sizeof msg));
        failed = true;
    }
    return failed ? 1 : 0;
}
