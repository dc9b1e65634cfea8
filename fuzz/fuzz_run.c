/*
** fuzz_run.c — `tfrun run` as a fuzz target: an input that parses and
** verifies is loaded and every function without arguments is run, once on
** the exact schedule and once on the fast one (compiled code), on the
** single-threaded queue, as cli/run.c runs them, then once more on the
** fast one with the trace and profile attached (interp/trace.h: the
** compiled engine's reporting loop), and, when `auto` would run its
** functions both ways, on the mixed schedule with auto's choice per
** function (analysis/mixed.h); after each function, the report of
** work that never ran (interp/stuck.h), as cli/run.c makes it. Each function has a time
** budget (FUZZ_RUN_MS): a watchdog thread stops its request the way
** --timeout does (rq_stop_msg), and the call depth is limited to
** FUZZ_CALL_DEPTH, so loops and recursion end. Output and diagnostics are
** discarded; crashes, sanitizer reports and leaks are the findings.
*/
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <time.h>
#include "analysis/mixed.h"
#include "analysis/seq.h"
#include "fuzz/fuzz.h"
#include "interp/exec.h"
#include "interp/stuck.h"
#include "interp/trace.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

#define FUZZ_RUN_MS 100
#define FUZZ_CALL_DEPTH 2000

/* The watchdog: stops [current] once [deadline] passes. [gen] counts the
** calls of watch(), so that a wakeup for an earlier request (or a spurious
** one) is never taken for the end of this one's budget. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static RequestContext *current;
static unsigned long gen;
static struct timespec deadline;

static void *watchdog(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&mu);
    for (;;) {
        while (!current) pthread_cond_wait(&cv, &mu);
        unsigned long mine = gen;
        int r = 0;
        while (gen == mine && r != ETIMEDOUT) r = pthread_cond_timedwait(&cv, &mu, &deadline);
        if (gen == mine) {
            rq_stop_msg(current, "Cancelled: timeout");
            while (gen == mine) pthread_cond_wait(&cv, &mu);
        }
    }
    return NULL;
}

static void watch(RequestContext *rq)
{
    pthread_mutex_lock(&mu);
    current = rq;
    gen++;
    if (rq) {
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_nsec += FUZZ_RUN_MS * 1000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000L;
        }
    }
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    pthread_t t;
    if (pthread_create(&t, NULL, watchdog, NULL) != 0) abort();
    pthread_detach(t);
    return 0;
}

/* [mix]: under EXEC_MIXED, auto's choice per function (docs/analysis.md
** §8), applied to each run as cli/run.c does: fast, exact, or exact with a
** watch until its pairs are decided. */
static void run_module(const Module *m, ExecSchedule sched, bool traced, const MixPlan *mix)
{
    char err[256];
    WorkQueue *q = wq_create("s", err, sizeof err);
    HostAllocator *alloc = ha_create("malloc", fuzz_null());
    DiagSink *d = diag_new(fuzz_null());
    if (!q || !alloc || !d) abort();
    Host *h = host_new(m, q, alloc, d, fuzz_null());
    h->schedule = sched;
    h->max_call_depth = FUZZ_CALL_DEPTH;
    Trace *t = traced ? trace_new(TRACE_EVENTS | TRACE_PROFILE) : NULL;
    if (t) h->debug = trace_hooks(t);
    if (exec_load(h)) {
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *fn = m->funcs[i];
            if (fn->nargs > 0 || !(fn->body || fn->is_native) || !fn->name || !fn->name[0]) continue;
            RequestContext *rq = rq_new(q);
            ExecCtx c = { h, rq, 0, NULL, NULL, NULL };
            int n = fn->nresults;
            AsyncValue **res = calloc((size_t)n + 1, sizeof *res);
            if (!res) abort();
            const MixChoice *mc = mix ? mix_choice(mix, fn) : NULL;
            ExecWatch *w = NULL;
            if (mc && mc->kind == MIX_FAST) rq_set_fast(rq, true);
            if (mc && mc->kind == MIX_SWITCH) {
                w = exec_watch_new(mc->sw);
                rq_set_watch(rq, w);
            }
            watch(rq);
            if (fn->is_sync) {
                char *e = NULL;
                if (!exec_run_sync(&c, fn, NULL, 0, res, &e)) n = 0;
                free(e);
            } else {
                exec_invoke_func(&c, fn, NULL, 0, res);
                if (n > 0) wq_await(q, res, n);
            }
            wq_quiesce(q);
            watch(NULL);
            stuck_report(h, rq, fn, res, n, NULL);
            if (w) {
                rq_set_watch(rq, NULL);
                exec_watch_free(w);
            }
            for (int k = 0; k < n; k++)
                if (res[k]) av_release(res[k]);
            free(res);
            rq_release(rq);
        }
    }
    wq_destroy(q);
    if (t) {
        trace_function_begin(t, "fuzz");
        trace_function_end(t);
        trace_write_json(t, fuzz_null(), "fuzz.mlir");
        trace_print_profile(t, fuzz_null(), false);
        trace_free(t);
    }
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
        if (verify_module(m, d, &vo) == 0) {
            run_module(m, EXEC_EXACT, false, NULL);
            run_module(m, EXEC_FAST, false, NULL);
            run_module(m, EXEC_FAST, true, NULL);
            /* auto's mixed schedule, when it runs functions both ways. */
            SeqOptions so = { NULL, 0, 0 };
            SeqAnalysis *a = seq_analyze(m, &so);
            MixPlan *mp = mix_plan(a);
            seq_free(a);
            if (mp->nfast != mp->n && mp->nexact != mp->n) run_module(m, EXEC_MIXED, false, mp);
            mix_plan_free(mp);
        }
        ir_module_free(m);
    }
    diag_finish(d);
    diag_free(d);
    free(text);
    return 0;
}
