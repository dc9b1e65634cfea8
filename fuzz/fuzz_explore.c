/*
** fuzz_explore.c — `tfrun explore` and `run --replay` as a fuzz target: an
** input that parses and verifies is loaded on the explorer's host
** (EXEC_EXPLORE, one single-threaded queue), and every function without
** arguments is explored under the spec model with a small budget
** (FUZZ_RUNS runs, FUZZ_STATES cached states, so that the full cache is
** exercised, FUZZ_EXPLORE_S seconds, call depth FUZZ_CALL_DEPTH). Then
** every witness is replayed: it must print its outcome's output, and the
** witness of each place of the `returned` line must put the line there.
** A program whose replays differ from each other (a benchmark's timings)
** is not held to it. Findings: crashes, sanitizer reports, leaks, and a
** witness that does not replay to what the search saw.
*/
#include <stdbool.h>
#include "analysis/explore.h"
#include "fuzz/fuzz.h"
#include "interp/display.h"
#include "interp/exec.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

#define FUZZ_RUNS 200
#define FUZZ_STATES 16
#define FUZZ_EXPLORE_S 0.2
#define FUZZ_CALL_DEPTH 2000

static void result_line(void *ud, FILE *out, const Func *fn, AsyncValue **res)
{
    (void)ud;
    Display d = display_driver(false);
    display_returned(out, &d, fn, res);
}

/* What replaying [witness] of [fn] prints (malloc'ed); NULL when the
** witness does not fit. */
static char *replay(Host *h, const Func *fn, const char *witness)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) abort();
    FILE *saved = h->out;
    DiagSink *saved_diag = h->diag;
    h->out = mem;
    h->diag = NULL;    /* as explore_function runs it */
    char *err = NULL;
    bool ok = explore_replay(h, fn, witness, result_line, NULL, &err);
    h->out = saved;
    h->diag = saved_diag;
    fclose(mem);
    free(err);
    if (!ok) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* [witness] must replay to [want]; a witness whose two replays differ
** from each other belongs to a program that is not deterministic. */
static void check_replay(Host *h, const Func *fn, const char *witness, const char *want)
{
    char *a = replay(h, fn, witness);
    if (!a) {
        fprintf(stderr, "witness %s of '%s' does not fit\n", witness, fn->name);
        abort();
    }
    if (strcmp(a, want)) {
        char *b = replay(h, fn, witness);
        bool deterministic = b && !strcmp(a, b);
        free(b);
        if (deterministic) {
            fprintf(stderr, "witness %s of '%s' replays to\n%s\nnot to\n%s\n", witness, fn->name, a, want);
            abort();
        }
    }
    free(a);
}

static void explore_module(const Module *m)
{
    char err[256];
    WorkQueue *q = wq_create("s", err, sizeof err);
    HostAllocator *alloc = ha_create("malloc", fuzz_null());
    DiagSink *d = diag_new(fuzz_null());
    if (!q || !alloc || !d) abort();
    Host *h = host_new(m, q, alloc, d, fuzz_null());
    h->schedule = EXEC_EXPLORE;
    h->split_updates = true;
    h->max_call_depth = FUZZ_CALL_DEPTH;
    if (exec_load(h)) {
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *fn = m->funcs[i];
            if (fn->nargs > 0 || !fn->body || fn->is_sync || !fn->name || !fn->name[0]) continue;
            ExploreOptions o = { EXPLORE_SPEC, EXPLORE_REDUCED, FUZZ_RUNS, FUZZ_EXPLORE_S, result_line, NULL,
                                 FUZZ_STATES };
            ExploreResult r;
            explore_function(h, fn, &o, &r);
            /* Replays are deterministic only where every effect was
            ** modelled and no run was cut by the deadline. */
            bool replayable = !r.note || strstr(r.note, "(--max-schedules)") || strstr(r.note, "(--timeout)");
            for (int k = 0; replayable && k < r.noutcomes; k++) {
                const ExploreOutcome *oc = &r.outcomes[k];
                check_replay(h, fn, oc->witness, oc->output);
                long sum = 0;
                for (int j = 0; j < oc->nreturned; j++) sum += oc->returned[j].schedules;
                if (oc->result && sum != oc->schedules) abort();
            }
            explore_result_free(&r);
        }
    }
    wq_destroy(q);
    host_free(h);
    diag_finish(d);
    diag_free(d);
    ha_destroy(alloc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    DiagSink *d = diag_new(fuzz_null());
    if (!d) abort();
    diag_add_source(d, "fuzz.mlir", text, size);
    Module *m = parse_module("fuzz.mlir", text, size, d);
    if (m) {
        VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
        if (verify_module(m, d, &vo) == 0) explore_module(m);
        ir_module_free(m);
    }
    diag_finish(d);
    diag_free(d);
    free(text);
    return 0;
}
