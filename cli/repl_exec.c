/*
** repl_exec.c — running code in a `tfrun repl` session (docs/tools.md §3):
** typed ops at the top level, and :run @f(ARGS).
**
** A typed op is run at once in the "top-level frame": the REPL wraps it in
** a hidden function
**
**     func.func @__repl_K(%x: i32, ...) -> (T...) {     <- line N-1
**       <the typed text, at its own line and column>     <- line N...
**       tfrt.return %results... : T...
**     }
**
** whose arguments are the earlier top-level values the text mentions and
** whose results are the values it defines; running it through the real
** executor gives the ops their exact semantics (strictness, errors,
** scheduling, debugging). Its results are kept in a table of named values
** that later lines use. When the typed text starts on line 1 there is no
** line above it for the header: the text is then parsed one line lower and
** the hidden function's locations are moved back up (repl_session.c,
** shift_lines).
**
** A run may be run again from its start: when the user goes back
** (:reverse-step ...), the debugger abandons the stopped run and run_func
** runs the same function with the same arguments again, its output
** silenced up to the kernel the debugger stops at (interp/debug.h). A
** run whose arguments hold objects it may change (a resource variable, a
** list, a tensor ...) would not repeat itself: the debugger is told so and
** refuses to go back in it.
**
** :replay WITNESS (or --replay) makes :run of a function without
** arguments follow the schedule of a `tfrun explore` witness, through the
** explorer's own replay (explore_replay, as `tfrun run --replay`), on a
** host of its own (EXEC_EXPLORE).
*/
#include "base/alloc.h"
#include <ctype.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <time.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/repl_int.h"
#include "analysis/explore.h"
#include "interp/display.h"
#include "interp/stuck.h"
#include "interp/trace.h"
#include "cli/cli.h"
#include "ops/optable.h"
#include "parser/parser.h"

/* The name of [v] as a later line refers to it: "x", or "r#1" for a
** result of a group (`%r:2 = ...`), whose results share one name. */
static void value_ref_name(const Value *v, char *buf, size_t cap)
{
    const char *n = v->name ? v->name : "";
    if (*n == '%') n++;
    bool group = false;
    for (int i = 0; v->def && i < v->def->nresults; i++) {
        const Value *o = v->def->results[i];
        if (o != v && o->name && !strcmp(o->name + (o->name[0] == '%'), n)) group = true;
    }
    if (strchr(n, '#') || !group) snprintf(buf, cap, "%s", n);
    else snprintf(buf, cap, "%s#%d", n, v->result_index);
}

/* The driver's result line, for :run; a value never produced is shown as
** <<unavailable>>, as `tfrun run` shows it. */
static const Display run_display = { DISPLAY_RESULT, false, "<<unavailable>>", NULL };

/* Why a run of [fn] with arguments [args] (named [names], NULL: by
** number) could not be gone back in: an argument holds an object of a
** mutable type (the op table's, ops/effects.def) that the run may
** change, so running it again would start from another state. NULL when
** it can; else the reason, in [buf]. */
static const char *why_not_back(const Func *fn, AsyncValue *const *args, int nargs, const char *const *names,
                                char *buf, size_t cap)
{
    for (int i = 0; i < nargs && i < fn->nargs; i++) {
        AsyncValue *a = args[i];
        if (!a || !av_is_available(a)) continue;
        const Any *v = av_get(a);
        if (v->type != ANY_OBJ || !v->v.obj) continue;
        if (optable_type_class(fn->arg_types[i]->spelling) != TYC_NONE) {
            if (names) snprintf(buf, cap, "this run cannot be run again to go back: its argument %%%s holds an "
                                          "object the run may change", names[i]);
            else snprintf(buf, cap, "this run cannot be run again to go back: its argument #%d holds an "
                                    "object the run may change", i);
            return buf;
        }
    }
    return NULL;
}

/* What the REPL says of results that were never produced, after the
** `'f' returned <<unavailable>>` line, when the never-ran report below did
** not say it: which result, and what the debugger's records of the run
** tell about it (dbg_explain_result: the kernel it comes from, whether it
** ran). */
static void explain_unproduced(Repl *r, const Func *fn, AsyncValue *const *res, int n)
{
    if (r->never_ran) {
        fflush(r->out);
        fputs(r->never_ran, stderr);
        fflush(stderr);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (!res[i] || av_is_resolved(res[i])) continue;
        fprintf(r->out, "note: result #%d of '%s' was never produced: ", i, fn->name);
        dbg_explain_result(r->dbg, fn, i, r->out);
    }
}

/* The program's output during a run, counted; the first [skip] bytes are
** not written (a run again prints what the first run printed already). */
typedef struct OutCount {
    FILE *to;
    size_t n, skip;
} OutCount;

static ssize_t oc_write(void *c, const char *buf, size_t size)
{
    OutCount *o = c;
    size_t k = o->n < o->skip ? o->skip - o->n : 0;
    if (k > size) k = size;
    o->n += size;
    if (size > k) fwrite(buf + k, 1, size - k, o->to);
    fflush(o->to);
    return (ssize_t)size;
}

static FILE *oc_open(OutCount *o, FILE *to, size_t skip)
{
    o->to = to;
    o->n = 0;
    o->skip = skip;
    FILE *f = fopencookie(o, "w", (cookie_io_functions_t){ NULL, oc_write, NULL, NULL });
    if (f) setvbuf(f, NULL, _IOLBF, 0);
    return f;
}

static bool all_resolved(AsyncValue *const *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!v[i] || !av_is_resolved(v[i])) return false;
    return true;
}

/* `tfrun run`'s report of work that never ran (interp/stuck.h; tools.md
** §5.4: each effect kernel that never ran and each result never produced,
** with the cause chain down to the critical section or the async value no
** kernel produces), for run [rq] of [fn] on [h] once it has quiesced, as
** text: the REPL prints it after the run and :pending repeats it. NULL:
** nothing was stuck. */
static char *never_ran_report(Repl *r, Host *h, const RequestContext *rq, const Func *fn, AsyncValue *const *res,
                             int n)
{
    if (stuck_nframes(h, rq) == 0 && all_resolved(res, n)) return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return NULL;
    FILE *old = diag_swap_out(r->diag, mem);
    int errors = stuck_report(h, rq, fn, res, n, r->diag);
    diag_swap_out(r->diag, old);
    fclose(mem);
    if (errors == 0) { free(text); return NULL; }
    return text;
}

/* The result line of a replayed run (explore_replay's ExploreResultFn):
** to the output it is given, which is silenced while going back. */
static void replay_result(void *ud, FILE *out, const Func *fn, AsyncValue **res)
{
    (void)ud;
    if (fn->nresults > 0) display_returned(out, &run_display, fn, res);
    fflush(out);
}

/* The host of replayed runs: the session's module under EXEC_EXPLORE,
** split updates as the witness's model says. */
static Host *replay_host(Repl *r, const char *witness)
{
    ExploreModel model = EXPLORE_SPEC;
    explore_witness_model(witness, &model);
    if (r->replay_host && r->replay_host->split_updates != (model == EXPLORE_SPEC)) repl_drop_replay_host(r);
    if (r->replay_host) return r->replay_host;
    if (!repl_make_host(r)) return NULL;     /* the loader's diagnostics, once */
    Host *h = host_new(r->m, r->q, r->alloc, r->diag, r->out);
    h->debug = dbg_hooks(r->dbg);
    h->schedule = EXEC_EXPLORE;
    h->split_updates = model == EXPLORE_SPEC;
    if (r->max_call_depth > 0) h->max_call_depth = r->max_call_depth;
    if (!exec_load(h)) { host_free(h); return NULL; }
    r->replay_host = h;
    return h;
}

/* {=====================================================================
** Runs the debugger does not watch
**
** With nothing armed a run has no hooks (Host.debug is NULL): it costs what
** `tfrun run` costs, and under the fast schedule it runs compiled code,
** where nothing can stop. Ctrl-C there is seen by a watcher thread (the
** SIGINT handler posts repl_sigsem), which stops the run's request; the
** run is then run again from its start with the debugger attached (exact
** under auto), its output up to where the first run had printed silenced,
** and stopped as Ctrl-C stops a watched run, once it has got about as far
** (as much output, as much time, within a few seconds). A second Ctrl-C
** cancels instead. A run whose arguments hold objects it may change is
** always watched: running it again would not repeat it.
** ====================================================================== */

typedef struct Watcher {
    pthread_t th;
    pthread_mutex_t mu;
    bool stop;
    int fired;                 /* SIGINTs during the run */
    double at;                 /* when the first came (seconds since the run began) */
    double t0;
    RequestContext *rq;
} Watcher;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *watcher_main(void *a)
{
    Watcher *w = a;
    for (;;) {
        while (sem_wait(&repl_sigsem) != 0) {}
        pthread_mutex_lock(&w->mu);
        bool stop = w->stop;
        if (!stop && w->fired++ == 0) {
            w->at = now_s() - w->t0;
            rq_stop_msg(w->rq, "Cancelled");
        }
        pthread_mutex_unlock(&w->mu);
        if (stop) return NULL;
    }
}

static void watcher_start(Watcher *w, RequestContext *rq)
{
    while (sem_trywait(&repl_sigsem) == 0) {}
    memset(w, 0, sizeof *w);
    pthread_mutex_init(&w->mu, NULL);
    w->rq = rq;
    w->t0 = now_s();
    /* SIGINT stays with the threads that had it: the watcher is woken
    ** through the semaphore, never by the signal itself. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    if (pthread_create(&w->th, NULL, watcher_main, w) != 0) w->rq = NULL;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static int watcher_fired(Watcher *w)
{
    pthread_mutex_lock(&w->mu);
    int n = w->fired;
    pthread_mutex_unlock(&w->mu);
    return n;
}

static void watcher_stop(Watcher *w)
{
    if (w->rq) {
        pthread_mutex_lock(&w->mu);
        w->stop = true;
        pthread_mutex_unlock(&w->mu);
        sem_post(&repl_sigsem);
        pthread_join(w->th, NULL);
    }
    pthread_mutex_destroy(&w->mu);
    while (sem_trywait(&repl_sigsem) == 0) {}
    repl_interrupted = 0;
}


/* When the run again is far enough (dbg_stop_when). */
typedef struct Rerun {
    Repl *r;
    OutCount *oc;
    size_t bytes;              /* what the first run printed */
    double want;               /* seconds to run at least */
    double t0;
} Rerun;

#define RERUN_MAX_S 5.0

static bool rerun_ready(void *ud)
{
    Rerun *x = ud;
    double t = now_s() - x->t0;
    if (!((x->oc->n >= x->bytes && t >= x->want) || t >= RERUN_MAX_S)) return false;
    Repl *r = x->r;
    fflush(r->run_host->out);
    r->run_host->diag = r->diag;
    if (!r->said_rerun) {
        fprintf(r->out, "note: with nothing armed the run was not watched, so it ran again, watched, to stop "
                        "about where Ctrl-C came (its output so far is not printed again)\n");
        r->said_rerun = true;
    }
    return true;
}

/* Runs [fn] with [args] (+0, named [names] or NULL) to completion: invoke,
** await, print (by [show], to the run's output), quiesce; again from the
** start while the user goes back, or to stop a run that Ctrl-C interrupted
** unwatched. [witness]: follow that schedule (explore_replay). Results are
** returned +1 in [res] (NULL: released). Returns the number of kernels
** left waiting (-1: nothing ran). */
static int run_func(Repl *r, const Func *fn, AsyncValue **args, int nargs, const char *const *names,
                    AsyncValue **res, void (*show)(Repl *, FILE *, const Func *, AsyncValue **),
                    const char *witness)
{
    int n = fn->nresults;
    AsyncValue *tmp[16];
    AsyncValue **out = res ? res : n <= 16 ? tmp : malloc(sizeof *out * (size_t)n);
    if (!out) tf_out_of_memory();
    char nb[300];
    const char *no_back = why_not_back(fn, args, nargs, names, nb, sizeof nb);
    repl_sync_src(r);
    free(r->never_ran);
    r->never_ran = NULL;
    int waiting = -1;
    bool failed_sync = false, ran = false;
    OutCount oc;
    Rerun rerun = { r, &oc, 0, 0, 0 };
    bool quiet = false;        /* a run again only for the debugger's records */
    Trace *tr = NULL;          /* :run --trace: the last pass's trace */
    DebugHooks *pair = NULL;   /* the debugger's hooks and the trace's */
    Host *traced = NULL;
    for (;;) {
        /* Watched when something is armed, when going back or running
        ** again, and when running again could not repeat it. */
        bool watched = witness || dbg_armed(r->dbg) || dbg_restart_pending(r->dbg) || r->rerun || quiet || no_back ||
                       r->trace_path;
        long frames_before = exec_live_frames();
        Host *h = witness ? replay_host(r, witness) : repl_make_host(r) ? r->host : NULL;
        if (!h) break;
        ran = true;
        h->debug = watched ? dbg_hooks(r->dbg) : NULL;
        if (r->trace_path && watched && !quiet) {
            /* A traced run is watched (repl_session.c: watching): the
            ** trace's hooks beside the debugger's, on the dataflow engine. */
            trace_free(tr);
            hooks_pair_free(pair);
            tr = trace_new(TRACE_EVENTS);
            pair = hooks_pair(dbg_hooks(r->dbg), trace_hooks(tr));
            h->debug = pair;
            traced = h;
            trace_function_begin(tr, fn->name);
        }
        r->run_host = h;
        FILE *po = oc_open(&oc, r->out, quiet ? SIZE_MAX : rerun.bytes);
        if (!po) po = r->out;
        h->out = po;
        r->prog_out = po;
        if (quiet) h->diag = NULL;
        r->rq = rq_new(r->q);
        ExecCtx c = { h, r->rq, 0, NULL, NULL, NULL };
        if (r->rerun) {
            rerun.t0 = now_s();
            h->diag = NULL;
            dbg_stop_when(r->dbg, rerun_ready, &rerun);
        }
        dbg_run_begin(r->dbg, no_back);
        if (dbg_silent(r->dbg)) repl_silence(r, true);
        repl_interrupted = 0;
        Watcher w;
        if (!watched) watcher_start(&w, r->rq);
        for (int i = 0; i < n; i++) out[i] = NULL;
        if (witness) {
            char *err = NULL;
            r->killed = false;
            if (!explore_replay(h, fn, witness, replay_result, r, &err) && !dbg_silent(r->dbg) && !r->killed) {
                fflush(po);
                repl_diag_at(r, DIAG_ERROR, REPL_FILE, r->cmd_line, 1, "the witness '%s' does not fit '@%s': %s",
                             witness, fn->name, err);
            }
            free(err);
            for (int i = 0; i < n; i++) out[i] = av_new_error(ERR_INTERNAL, "replayed");
        } else if (fn->is_sync) {
            char *err = NULL;
            if (!exec_run_sync(&c, fn, args, nargs, out, &err)) {
                display_failed(po, fn, err);
                free(err);
                failed_sync = true;
                for (int i = 0; i < n; i++) out[i] = av_new_error(ERR_INTERNAL, "sync function failed");
            }
        } else {
            exec_invoke_func(&c, fn, args, nargs, out);
            if (n > 0) wq_await(r->q, out, n);
        }
        dbg_results_ready(r->dbg);
        bool interrupted = !watched && watcher_fired(&w) > 0;
        if (show && !failed_sync && !witness && !dbg_silent(r->dbg) && !interrupted && !quiet) show(r, po, fn, out);
        fflush(po);
        wq_quiesce(r->q);
        if (tr && h->debug == pair) trace_function_end(tr);
        if (!watched) {
            watcher_stop(&w);
            interrupted = w.fired > 0;
        }
        waiting = dbg_run_end(r->dbg);
        /* The last pass of the run (watched, not going back): what never
        ** ran, with its causes. */
        if (watched && !witness && !interrupted && !failed_sync && !fn->is_sync && !dbg_restart_pending(r->dbg)) {
            free(r->never_ran);
            r->never_ran = never_ran_report(r, h, r->rq, fn, out, n);
        }
        rq_release(r->rq);
        r->rq = NULL;
        fflush(po);
        size_t printed = oc.n;
        h->out = r->out;
        r->prog_out = r->out;
        if (po != r->out) fclose(po);
        h->diag = r->diag;
        r->rerun = false;
        if (interrupted && w.fired >= 2) {
            /* Two Ctrl-C: cancelled, as in a watched run. */
            fprintf(r->out, "interrupted: run cancelled\n");
            if (show && !failed_sync && !witness) show(r, r->out, fn, out);
        } else if (interrupted && !fn->is_sync) {
            /* Again, watched, to stop about where it was. */
            rerun.bytes = printed;
            rerun.want = w.at < 1.0 ? w.at : 1.0;
            r->rerun = true;
            for (int i = 0; i < n; i++) av_release(out[i]);
            continue;
        } else if (!watched && !fn->is_sync && (exec_live_frames() > frames_before || !all_resolved(out, n))) {
            /* Something never ran: only the debugger's records say what
            ** (:pending, the never-produced note). Once more, watched and
            ** silent; the results are that run's. */
            quiet = true;
            for (int i = 0; i < n; i++) av_release(out[i]);
            continue;
        }
        quiet = false;
        if (!dbg_restart_pending(r->dbg)) break;
        /* Going back: the same run again, from its start. */
        rerun.bytes = 0;
        for (int i = 0; i < n; i++) av_release(out[i]);
        failed_sync = false;
    }
    r->rerun = false;
    repl_silence(r, false);
    r->run_host = NULL;
    if (tr) {
        if (traced->debug == pair) traced->debug = dbg_hooks(r->dbg);
        hooks_pair_free(pair);
        fflush(r->out);
        if (cli_trace_write(tr, r->trace_path, r->loaded ? r->loaded : REPL_FILE))
            fprintf(r->out, "trace of @%s written to %s (open it in https://ui.perfetto.dev)\n", fn->name,
                    r->trace_path);
        trace_free(tr);
    }
    if (!ran) {
        if (res) for (int i = 0; i < n; i++) out[i] = NULL;
        else if (out != tmp) free(out);
        return -1;
    }
    if (show && !witness && !failed_sync) explain_unproduced(r, fn, out, n);
    if (waiting > 0)
        fprintf(r->out, "note: %d kernel%s never ran; :pending shows what %s waiting for\n", waiting,
                waiting == 1 ? "" : "s", waiting == 1 ? "it is" : "they are");
    fflush(r->out);
    if (!res) {
        for (int i = 0; i < n; i++) av_release(out[i]);
        if (out != tmp) free(out);
    }
    return waiting;
}

/* }===================================================================== */

/* Takes the hidden function [fn], which has run and left nothing waiting,
** out of the module, so that the module (and the work of compiling it on
** the next change) does not grow with every typed line. Its IR stays in
** the arena; the Host, which holds its plan, goes first. */
static void forget_hidden(Repl *r, const Func *fn)
{
    repl_drop_host(r);
    Module *m = r->m;
    for (int i = 0; i < m->nfuncs; i++) {
        if (m->funcs[i] != fn) continue;
        memmove(&m->funcs[i], &m->funcs[i + 1], sizeof *m->funcs * (size_t)(m->nfuncs - i - 1));
        m->nfuncs--;
        for (int j = i; j < m->nfuncs; j++) m->funcs[j]->index = j;
        break;
    }
}

static void show_run(Repl *r, FILE *out, const Func *fn, AsyncValue **res)
{
    (void)r;
    if (fn->nresults > 0) display_returned(out, &run_display, fn, res);
}

/* Is [name] ("x" or "r#1") defined by the scanned text? */
static bool defined_by(const NameRef *refs, int n, const char *name)
{
    const char *hash = strchr(name, '#');
    size_t bn = hash ? (size_t)(hash - name) : strlen(name);
    for (int i = 0; i < n; i++) {
        if (!refs[i].def) continue;
        const char *rn = refs[i].name;
        const char *rh = strchr(rn, '#');
        size_t rbn = rh ? (size_t)(rh - rn) : strlen(rn);
        if (rbn == bn && !strncmp(rn, name, bn)) return true;
    }
    return false;
}

/* Checks the syntax and names of typed ops [padded] (the text at its <repl>
** lines) with the parser's incremental mode, in a scratch scope that knows
** every top-level value the text does not define again (so the check does
** not depend on the scope's shadowing). Reports the first error; false
** then. */
static bool check_ops(Repl *r, const char *padded, size_t len, const NameRef *refs, int nrefs)
{
    Module *sm = parse_module("<seed>", "", 0, NULL);
    if (!sm) return false;
    ParseScope *sc = parse_scope_new(sm);
    StrBuf seed = { 0 };
    for (int i = 0; i < r->nvals; i++) {
        const char *nm = r->vals[i].name;
        if (defined_by(refs, nrefs, nm)) continue;
        /* Only names the text mentions (by their base: %r for %r#1). */
        size_t bn = strcspn(nm, "#");
        bool used = false;
        for (int k = 0; k < nrefs && !used; k++)
            used = !refs[k].def && strcspn(refs[k].name, "#") == bn && !strncmp(refs[k].name, nm, bn);
        if (!used) continue;
        const char *h = strchr(nm, '#');
        if (!h) {
            sb_printf(&seed, "%%%s = \"repl.value\"() : () -> %s\n", nm, r->vals[i].type->spelling);
            continue;
        }
        /* %r#0, %r#1 ...: one %r:N group, the first time the base is seen. */
        bool seen = false;
        for (int j = 0; j < i; j++)
            if (!strncmp(r->vals[j].name, nm, bn) && r->vals[j].name[bn] == '#') seen = true;
        if (seen) continue;
        int count = 0;
        for (int j = 0; j < r->nvals; j++)
            if (!strncmp(r->vals[j].name, nm, bn) && r->vals[j].name[bn] == '#') {
                int k = atoi(r->vals[j].name + bn + 1);
                if (k + 1 > count) count = k + 1;
            }
        sb_printf(&seed, "%%%.*s:%d = \"repl.value\"() : () -> (", (int)bn, nm, count);
        for (int k = 0; k < count; k++) {
            char want[160];
            snprintf(want, sizeof want, "%.*s#%d", (int)bn, nm, k);
            TopVal *t = repl_find_val(r, want, strlen(want));
            sb_printf(&seed, "%s%s", k ? ", " : "", t ? t->type->spelling : "i32");
        }
        sb_adds(&seed, ")\n");
    }
    bool ok = sc && (!seed.n || parse_ops_into(sc, "<seed>", seed.p, seed.n, NULL, NULL) >= 0);
    if (ok) {
        ok = parse_ops_into(sc, REPL_FILE, padded, len, r->diag, NULL) >= 0;
        r->src_dirty = true;
    }
    free(seed.p);
    ir_module_free(sm);
    return ok;
}

/* Typed ops: check on a scratch module, then define the hidden function,
** run it, keep its results. [text] starts at <repl> line [line]. */
void repl_exec_ops(Repl *r, const char *text, int line)
{
    NameRef *refs;
    int nrefs = repl_scan_names(text, &refs);
    /* Arguments: earlier values the text uses and does not redefine. */
    TopVal **argv = malloc(sizeof *argv * (size_t)(nrefs + 1));
    if (!argv) tf_out_of_memory();
    int nargs = 0;
    for (int i = 0; i < nrefs; i++) {
        if (refs[i].def) continue;
        TopVal *t = repl_find_val(r, refs[i].name, strlen(refs[i].name));
        if (!t || defined_by(refs, nrefs, t->name)) continue;
        bool dup = false;
        for (int j = 0; j < nargs; j++) if (argv[j] == t) dup = true;
        if (!dup) argv[nargs++] = t;
    }
    /* The text as the hidden function sees it: `%r#1` of an argument is
    ** spelled `%r$1` (same length, so columns stay right). */
    char *body = xstrdup(text);
    for (int i = 0; i < nrefs; i++) {
        if (refs[i].def) continue;
        char *h = memchr(body + refs[i].at, '#', refs[i].len);
        if (h) *h = '$';
    }
    size_t blen = strlen(body);
    while (blen && (body[blen - 1] == '\n' || body[blen - 1] == ' ')) body[--blen] = 0;
    /* The synthetic return goes on the text's last line (so errors at the
    ** end of the input point there) unless that line ends in a comment. */
    const char *last = strrchr(body, '\n');
    last = last ? last + 1 : body;
    bool comment = strstr(last, "//") != NULL;
    const char *sep = comment ? "\n" : " ";

    char fname[64];
    snprintf(fname, sizeof fname, "%s%d", HIDDEN, r->nhidden + 1);
    StrBuf head = { 0 };
    /* The header goes on the line above the text; on line 1 when the text
    ** starts there, with the text one line lower (r->shift). */
    r->shift = line == 1;
    for (int i = 0; i < line - 2; i++) sb_adds(&head, "\n");
    sb_printf(&head, "func.func @%s(", fname);
    for (int i = 0; i < nargs; i++) {
        char an[160];
        snprintf(an, sizeof an, "%s", argv[i]->name);
        char *h = strchr(an, '#');
        if (h) *h = '$';
        sb_printf(&head, "%s%%%s: %s", i ? ", " : "", an, argv[i]->type->spelling);
    }
    sb_adds(&head, ")");

    /* 0. Syntax and names, with the parser's own end-of-input messages. */
    StrBuf pad = { 0 };
    for (int i = 1; i < line; i++) sb_adds(&pad, "\n");
    sb_adds(&pad, text);
    /* End of input is then reported at the end of the last typed line. */
    while (pad.n && (pad.p[pad.n - 1] == '\n' || pad.p[pad.n - 1] == ' ')) pad.p[--pad.n] = 0;
    bool syntax_ok = check_ops(r, pad.p, pad.n, refs, nrefs);
    free(pad.p);
    if (!syntax_ok) {
        free(head.p); free(body); free(argv); free(refs);
        return;
    }
    /* 1. Scratch: no results; types and the other static checks. */
    StrBuf t1 = { 0 };
    sb_addn(&t1, head.p, head.n);
    sb_adds(&t1, " {\n");
    sb_addn(&t1, body, blen);
    sb_printf(&t1, "%stfrt.return }\n", sep);
    Module *m1 = parse_module(REPL_FILE, t1.p, t1.n, NULL);
    StrBuf t2 = { 0 };
    if (!m1) cmd_error(r, 1, "this input cannot be run as top-level ops");
    bool ok = m1 && repl_verify_scratch(r, REPL_FILE, t1.p, t1.n, m1, 1) == 0;
    /* 2. The real function, returning every top-level result. */
    int nres = 0;
    char (*resnames)[160] = NULL;
    if (ok) {
        const Block *b = m1->funcs[0]->body;
        for (int k = 0; k < b->nops; k++) nres += b->ops[k]->nresults;
        resnames = malloc(sizeof *resnames * (size_t)(nres + 1));
        if (!resnames) tf_out_of_memory();
        StrBuf rt = { 0 }, rv = { 0 };
        int i = 0;
        for (int k = 0; k < b->nops; k++) {
            const Op *op = b->ops[k];
            for (int j = 0; j < op->nresults; j++, i++) {
                value_ref_name(op->results[j], resnames[i], sizeof resnames[i]);
                sb_printf(&rt, "%s%s", i ? ", " : "", op->results[j]->type->spelling);
                sb_printf(&rv, "%s%%%s", i ? ", " : "", resnames[i]);
            }
        }
        sb_addn(&t2, head.p, head.n);
        sb_printf(&t2, " -> (%s) {\n", rt.p ? rt.p : "");
        sb_addn(&t2, body, blen);
        if (nres) sb_printf(&t2, "%stfrt.return %s : %s }\n", sep, rv.p, rt.p);
        else sb_printf(&t2, "%stfrt.return }\n", sep);
        free(rt.p); free(rv.p);
        ok = repl_define(r, REPL_FILE, t2.p, t2.n, true);
    }
    if (m1) ir_module_free(m1);
    if (ok) {
        r->nhidden++;
        const Func *fn = ir_module_func(r->m, fname);
        AsyncValue **args = malloc(sizeof *args * (size_t)(nargs + 1));
        AsyncValue **res = malloc(sizeof *res * (size_t)(nres + 1));
        const char **names = malloc(sizeof *names * (size_t)(nargs + 1));
        if (!args || !res || !names) tf_out_of_memory();
        for (int i = 0; i < nargs; i++) { args[i] = argv[i]->v; names[i] = argv[i]->name; }
        if (fn) {
            int waiting = run_func(r, fn, args, nargs, names, res, NULL, NULL);
            if (waiting < 0)
                for (int i = 0; i < nres; i++) res[i] = av_new_error(ERR_INTERNAL, "not run");
            /* Replace shadowed names, then show the new values. */
            for (int i = 0; i < nres; i++) {
                char base[160];
                snprintf(base, sizeof base, "%s", resnames[i]);
                char *h = strchr(base, '#');
                if (h) *h = 0;
                repl_drop_vals(r, base);
            }
            for (int i = 0; i < nres; i++) {
                repl_add_val(r, resnames[i], fn->result_types[i], res[i]);
                repl_print_short(r->out, resnames[i], res[i], fn->result_types[i]);
            }
            fflush(r->out);
            /* A run that left kernels waiting keeps its function (their
            ** frames still point into its compiled plan). */
            if (waiting == 0) forget_hidden(r, fn);
        }
        free(args);
        free(res);
        free(names);
    }
    free(resnames);
    free(t1.p); free(t2.p); free(head.p);
    free(body);
    free(argv);
    free(refs);
}

/* :run @f(ARGS), and `%a, %b = :run @f(ARGS)` ([names], [nnames] > 0):
** the arguments are read by cli/repl_lex.c. */
/* `:run --trace=FILE @f(...)`: [arg] past the option, the path in
** r->trace_path. False (after the error) when the option is malformed. */
static bool run_options(Repl *r, const char **arg, int *col)
{
    const char *a = *arg;
    while (*a == ' ' || *a == '\t') a++;
    if (strncmp(a, "--", 2)) return true;
    const char *e = a;
    while (*e && !isspace((unsigned char)*e)) e++;
    int at = *col + (int)(a - *arg);
    if (strncmp(a, "--trace=", 8) || e == a + 8) {
        cmd_error(r, at, "':run' takes one option, --trace=FILE (the run's trace, for https://ui.perfetto.dev)");
        return false;
    }
    free(r->trace_path);
    r->trace_path = xstrndup(a + 8, (size_t)(e - a - 8));
    while (*e == ' ' || *e == '\t') e++;
    *col += (int)(e - *arg);
    *arg = e;
    return true;
}

void repl_run_bound(Repl *r, const char *arg, int col, char (*names)[128], int nnames)
{
    const char *p;
    free(r->trace_path);
    r->trace_path = NULL;
    if (!run_options(r, &arg, &col)) return;
    const Func *f = repl_func_arg(r, arg, col, &p);
    if (!f) { free(r->trace_path); r->trace_path = NULL; return; }
    if (nnames && nnames != f->nresults) {
        cmd_error(r, col, "'@%s' returns %d result%s; %d name%s given to bind them", f->name, f->nresults,
                  f->nresults == 1 ? "" : "s", nnames, nnames == 1 ? " was" : "s were");
        return;
    }
    const char *witness = r->witness;
    char *wf = witness ? explore_witness_function(witness) : NULL;
    if (witness && (f->nargs > 0 || nnames || (wf && strcmp(wf, f->name)))) {
        /* Witnesses are schedules of functions without arguments (of the
        ** one they name, if they name one), and a replayed run's results
        ** are only printed. */
        witness = NULL;
    }
    free(wf);
    AsyncValue **args = repl_run_args(r, f, arg, col, skip_ws(p));
    if (!args) { free(r->trace_path); r->trace_path = NULL; return; }
    if (witness) fprintf(r->out, "replaying witness %s\n", witness);
    if (!nnames) {
        run_func(r, f, args, f->nargs, NULL, NULL, show_run, witness);
    } else {
        AsyncValue **res = xcalloc((size_t)f->nresults + 1, sizeof *res);
        int waiting = run_func(r, f, args, f->nargs, NULL, res, NULL, NULL);
        if (waiting < 0)
            for (int i = 0; i < f->nresults; i++) res[i] = av_new_error(ERR_INTERNAL, "not run");
        for (int i = 0; i < nnames; i++) repl_drop_vals(r, names[i]);
        for (int i = 0; i < nnames; i++) {
            repl_add_val(r, names[i], f->result_types[i], res[i]);
            repl_print_short(r->out, names[i], res[i], f->result_types[i]);
        }
        explain_unproduced(r, f, res, f->nresults);
        free(res);
    }
    for (int i = 0; i < f->nargs; i++) av_release(args[i]);
    free(args);
    free(r->trace_path);
    r->trace_path = NULL;
}

void repl_cmd_run(Repl *r, const char *arg, int col)
{
    repl_run_bound(r, arg, col, NULL, 0);
}
