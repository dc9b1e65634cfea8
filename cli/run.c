/*
** run.c — `tfrun [run] [OPTIONS] [FILE|-]`: the bef_executor driver
** (docs/execution.md §1 with the differences of docs/execution.md §1, docs/tools.md §1).
**
** Steps (cli_run calls one function for each): step_options; step_load
** reads the program, makes the work queue and host allocator, parses and
** verifies; step_schedule picks the functions and the schedule and loads
** every kernel before anything runs; step_run runs the requested functions
** in order, each with a fresh request context, printing `--- Running
** 'NAME':`, the result line, and quiescing; finish frees it all. The
** expected-diagnostic verification and the leak check decide the exit
** status (0 ok, 1 failure, 2 usage error).
**
** Output: stdout is fully buffered and flushed after every driver line (the
** kernels flush after each print), so that stdout and stderr interleave in
** order when both go to one file.
*/
#include "base/alloc.h"
#include "base/outfile.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "analysis/explore.h"
#include "analysis/mixed.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "interp/display.h"
#include "interp/exec.h"
#include "interp/stuck.h"
#include "interp/trace.h"
#include "interp/tsink.h"
#include "base/strbuf.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

static const char run_usage[] =
    "usage: tfrun [run] [OPTIONS] [FILE|-]\n"
    "\n"
    "Runs the zero-argument functions of FILE (standard input when FILE is\n"
    "missing or '-') in source order.\n"
    "\n"
    "options (TFRT's spelling in parentheses; '-' or '--', '=VALUE' or ' VALUE'):\n"
    "  --work-queue=s|mstd[:N[,M]]   work queue (work_queue_type); default s\n"
    "  --functions=a,b,...           run only these functions, in this order\n"
    "                                (functions; may be repeated; also --function)\n"
    "  --init-function=NAME          run NAME first (test_init_function)\n"
    "  --print-error-code            add the error code to error results\n"
    "                                (print_error_code)\n"
    "  --host-allocator=KIND         malloc, test_fixed_size_1k, profiled_allocator,\n"
    "                                leak_check_allocator (host_allocator_type; default)\n"
    "  --schedule=auto|exact|fast    exact: TFRT's single-threaded order; fast: any order\n"
    "                                the data and chain dependencies allow, compiled where\n"
    "                                possible; auto (default): per function, fast when the\n"
    "                                sequencing analysis proves its output cannot depend on\n"
    "                                the order, else exact (then fast once the ops of its\n"
    "                                unordered pairs are done, when they all meet in its body)\n"
    "  --verbose                     print the allocator, work queue, memory ceiling (when\n"
    "                                one was asked for) and schedule choice to stderr\n"
    "  --timeout=SECONDS             cancel the run after SECONDS: no kernel and no call\n"
    "                                starts after that, and a sleeping kernel wakes\n"
    "                                (SIGINT, SIGTERM and SIGHUP cancel it the same way;\n"
    "                                the exit status is then 128 + the signal's number)\n"
    "  --max-call-depth=N            the deepest call chain (default 1000000); a call\n"
    "                                deeper is an error that stops the run\n"
    "  --max-memory=SIZE             the most memory the run may take (512M, 8G, ...; none:\n"
    "                                no ceiling); beyond it the run stops with 'tfrun: out\n"
    "                                of memory', exit status 1. Default: TFRUN_MAX_MEMORY,\n"
    "                                else three quarters of the machine's memory\n"
    "  --replay=WITNESS              run in the schedule WITNESS names (a witness of\n"
    "                                `tfrun explore`, e.g. spec@main:0.1.0: only the\n"
    "                                function it names runs, unless --functions says\n"
    "                                which; others run in queue order; --init-function\n"
    "                                runs first, in the first schedule); one queue (s)\n"
    "  --trace=FILE                  write a Chrome trace-event JSON file of the run\n"
    "                                (open it in https://ui.perfetto.dev or chrome://tracing)\n"
    "  --enable_tracing              TFRT's spelling: the trace, to trace.json (in\n"
    "                                $TEST_UNDECLARED_OUTPUTS_DIR when that is set), or\n"
    "                                with --tracing-sink=debug TFRT's debug tracing lines\n"
    "  --tracing-sink=chrome|debug   where --enable_tracing goes: chrome (default), the\n"
    "                                trace file; debug, TFRT's bef_executor_debug_tracing:\n"
    "                                'Scope:NAME' and 'End Scope' lines on stdout (the run,\n"
    "                                each function, each CoreRT op), buffered as TFRT's are;\n"
    "                                under auto the run is exact\n"
    "  --tracing_level=default|verbose|debug   the debug sink's level (default: default;\n"
    "                                debug is clamped to verbose, as in TFRT's build); the\n"
    "                                trace file has the same events at every level\n"
    "  --profile[=time|count]        at exit, a table per op and per function on stderr:\n"
    "                                executions, time, mean, share of the run; sorted\n"
    "                                by time (default) or by count\n"
    "  --shared_libs=...             accepted, ignored\n"
    "  --help                        this text\n"
    "\n"
    "A write of the output that fails (a full disk, a closed pipe) stops the run:\n"
    "'tfrun: write error: REASON', exit status 1.\n";

typedef struct Options {
    const char *work_queue;
    char **functions;
    int nfunctions, capfunctions;
    const char *init_function;
    bool print_error_code;
    const char *allocator;
    bool verbose;
    double timeout;
    int max_call_depth;          /* 0: the default */
    bool max_memory_set;         /* --max-memory: max_memory (0: none) */
    uint64_t max_memory;
    const char *input;
    CliSchedule schedule;
    const char *replay;
    char *replay_fn;             /* the function the witness names (malloc'ed), or NULL */
    const char *trace;           /* --trace=FILE (or --enable_tracing's file) */
    bool enable_tracing;
    bool debug_sink;             /* --tracing-sink=debug */
    TSinkLevel tracing_level;    /* --tracing_level (0: not given) */
    bool profile;
    bool profile_by_count;       /* --profile=count */
    bool help;
} Options;

/* {=====================================================================
** Option parsing
** ====================================================================== */

/* OPT_VALUE_OPTIONAL: a value only after '=' (--profile, --profile=count). */
typedef enum { OPT_VALUE, OPT_BOOL, OPT_VALUE_OPTIONAL } OptKind;
typedef enum {
    O_WORK_QUEUE, O_FUNCTIONS, O_INIT, O_PRINT_CODE, O_ALLOCATOR, O_VERBOSE, O_TIMEOUT, O_MAX_CALL_DEPTH, O_MAX_MEMORY, O_SCHEDULE,
    O_REPLAY, O_TRACE, O_ENABLE_TRACING, O_TRACING_LEVEL, O_TRACING_SINK, O_PROFILE, O_IGNORED_VALUE, O_HELP
} OptId;

static const struct { const char *name; OptId id; OptKind kind; } option_table[] = {
    { "work_queue", O_WORK_QUEUE, OPT_VALUE },
    { "work_queue_type", O_WORK_QUEUE, OPT_VALUE },
    { "functions", O_FUNCTIONS, OPT_VALUE },
    { "function", O_FUNCTIONS, OPT_VALUE },
    { "init_function", O_INIT, OPT_VALUE },
    { "test_init_function", O_INIT, OPT_VALUE },
    { "print_error_code", O_PRINT_CODE, OPT_BOOL },
    { "host_allocator", O_ALLOCATOR, OPT_VALUE },
    { "host_allocator_type", O_ALLOCATOR, OPT_VALUE },
    { "verbose", O_VERBOSE, OPT_BOOL },
    { "timeout", O_TIMEOUT, OPT_VALUE },
    { "max_call_depth", O_MAX_CALL_DEPTH, OPT_VALUE },
    { "max_memory", O_MAX_MEMORY, OPT_VALUE },
    { "schedule", O_SCHEDULE, OPT_VALUE },
    { "replay", O_REPLAY, OPT_VALUE },
    { "shared_libs", O_IGNORED_VALUE, OPT_VALUE },
    { "trace", O_TRACE, OPT_VALUE },
    { "enable_tracing", O_ENABLE_TRACING, OPT_BOOL },
    { "tracing_level", O_TRACING_LEVEL, OPT_VALUE },
    { "tracing_sink", O_TRACING_SINK, OPT_VALUE },
    { "profile", O_PROFILE, OPT_VALUE_OPTIONAL },
    { "help", O_HELP, OPT_BOOL },
    { "h", O_HELP, OPT_BOOL },
};

static int usage_error(const char *fmt, const char *arg)
{
    return args_error("tfrun", "tfrun run", fmt, arg);
}

static void add_functions(Options *o, const char *list)
{
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n > 0) {
            if (o->nfunctions == o->capfunctions) {
                o->capfunctions = o->capfunctions ? o->capfunctions * 2 : 8;
                o->functions = realloc(o->functions, sizeof(char *) * (size_t)o->capfunctions);
                if (!o->functions) tf_out_of_memory();
            }
            o->functions[o->nfunctions++] = strndup(p, n);
        }
        if (!comma) break;
        p = comma + 1;
    }
}

static bool parse_bool(const char *v, bool *out)
{
    if (!v || !strcmp(v, "true") || !strcmp(v, "1") || !strcmp(v, "TRUE") || !strcmp(v, "True")) {
        *out = true;
        return true;
    }
    if (!strcmp(v, "false") || !strcmp(v, "0") || !strcmp(v, "FALSE") || !strcmp(v, "False")) {
        *out = false;
        return true;
    }
    return false;
}

/* Returns -1 on success, else the exit status of a usage error. */
static int parse_options(Options *o, int argc, char **argv)
{
    Args s = args_begin(argc, argv, "tfrun", "tfrun run");
    int k;
    while ((k = args_next(&s)) > 0) {
        const char *a = s.arg;
        char name[64];
        if (s.nlen == 0 || s.nlen >= sizeof name) return usage_error("unknown option '%s'", a);
        for (size_t j = 0; j < s.nlen; j++) name[j] = s.name[j] == '-' ? '_' : s.name[j];
        name[s.nlen] = 0;
        int found = -1;
        for (size_t j = 0; j < sizeof option_table / sizeof option_table[0]; j++)
            if (!strcmp(option_table[j].name, name)) found = (int)j;
        if (found < 0) return usage_error("unknown option '%s'", a);
        const char *val = s.value;
        if (option_table[found].kind == OPT_VALUE && !(val = args_value(&s))) return 2;
        bool b = true;
        if (option_table[found].kind == OPT_BOOL && !parse_bool(val, &b))
            return usage_error("option '%s' takes no value other than true or false", a);
        switch (option_table[found].id) {
        case O_WORK_QUEUE: o->work_queue = val; break;
        case O_FUNCTIONS: add_functions(o, val); break;
        case O_INIT: o->init_function = val; break;
        case O_PRINT_CODE: o->print_error_code = b; break;
        case O_ALLOCATOR: o->allocator = val; break;
        case O_VERBOSE: o->verbose = b; break;
        case O_TIMEOUT: {
            char *end;
            errno = 0;
            double t = strtod(val, &end);
            if (errno || end == val || *end || !(t > 0) || t > 1e9)
                return usage_error("invalid timeout '%s' (want a positive number of seconds)", val);
            o->timeout = t;
            break;
        }
        case O_MAX_CALL_DEPTH:
            if (!cli_parse_call_depth(val, &o->max_call_depth))
                return usage_error("invalid call depth '%s' (want a number from 1 to 1000000000)", val);
            break;
        case O_MAX_MEMORY:
            if (!cli_parse_size(val, &o->max_memory))
                return usage_error("invalid memory size '%s' (want at least 64M, such as 512M or 8G, or none)", val);
            o->max_memory_set = true;
            break;
        case O_SCHEDULE:
            if (!cli_schedule_parse(val, &o->schedule))
                return usage_error("invalid schedule '%s' (want auto, exact or fast)", val);
            break;
        case O_REPLAY: {
            ExploreModel m;
            if (!explore_witness_model(val, &m))
                return usage_error("invalid witness '%s' (want spec@NAME:I.J... or executor@NAME:I.J..., "
                                   "as tfrun explore prints it)", val);
            o->replay = val;
            free(o->replay_fn);
            o->replay_fn = explore_witness_function(val);
            break;
        }
        case O_TRACE:
            if (!*val) return usage_error("option '%s' needs a file name", a);
            o->trace = val;
            break;
        case O_ENABLE_TRACING: o->enable_tracing = b; break;
        case O_TRACING_LEVEL:
            /* TFRT's levels: the debug sink's; tfrun's trace has the same
            ** events at each. */
            if (!strcmp(val, "default")) o->tracing_level = TSINK_DEFAULT;
            else if (!strcmp(val, "verbose")) o->tracing_level = TSINK_VERBOSE;
            else if (!strcmp(val, "debug")) o->tracing_level = TSINK_DEBUG;
            else return usage_error("invalid tracing level '%s' (want default, verbose or debug)", val);
            break;
        case O_TRACING_SINK:
            if (!strcmp(val, "debug")) o->debug_sink = true;
            else if (!strcmp(val, "chrome")) o->debug_sink = false;
            else return usage_error("invalid tracing sink '%s' (want chrome or debug)", val);
            break;
        case O_PROFILE:
            o->profile = true;
            if (val && !strcmp(val, "count")) o->profile_by_count = true;
            else if (val && strcmp(val, "time"))
                return usage_error("invalid profile order '%s' (want time or count)", val);
            break;
        case O_IGNORED_VALUE: break;
        case O_HELP: o->help = b; break;
        }
    }
    o->input = s.input;
    return k < 0 ? 2 : -1;
}

/* {=====================================================================
** The watchdog: --timeout, and the signals that stop a run
** ====================================================================== */

/* One thread stops the run when --timeout's time is up or when SIGINT,
** SIGTERM or SIGHUP comes (docs/tools.md §1.1): the request is stopped as
** the REPL's Ctrl-C stops it (no kernel or call starts after it, a
** sleeping kernel wakes), the function's results show the cancellation,
** and the run ends with what it printed flushed, `tfrun: Cancelled:
** interrupted` (terminated, hangup) on stderr and the status of a death by
** that signal (128 + its number). Without it a signal killed the process:
** no result line, no profile, no trace file. The signals are blocked
** in every thread (before any other is made: threads inherit the mask) and
** taken by this one with sigtimedwait, so no handler and no variable a
** handler would write; WD_WAKE tells it that the deadline changed. A
** second such signal, or a run that has not ended 2 s after the
** first (stuck outside the kernels), ends the process at once, after
** flushing stdout. */
#define WD_WAKE SIGUSR2

typedef struct Watchdog {
    pthread_t thread;
    pthread_mutex_t mu;
    sigset_t set;                /* what it takes (watchdog_sigset) */
    sigset_t old;                /* the mask before (restored by watchdog_stop) */
    struct timespec deadline;    /* CLOCK_MONOTONIC; tv_sec == 0: none */
    bool done, fired;
    bool running;                /* watchdog_arm: the functions have started */
    int signo;                   /* what fired it: 0 for the timeout */
    RequestContext *current;     /* the request running now (retained) */
} Watchdog;

static void add_seconds(struct timespec *t, double s)
{
    long long ns = (long long)(s * 1e9);
    t->tv_sec += (time_t)(ns / 1000000000LL);
    t->tv_nsec += (long)(ns % 1000000000LL);
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000L;
    }
}

static const char *watchdog_msg(int signo)
{
    switch (signo) {
    case SIGINT: return "Cancelled: interrupted";
    case SIGTERM: return "Cancelled: terminated";
    case SIGHUP: return "Cancelled: hangup";
    default: return "Cancelled: timeout";
    }
}

/* The signals the watchdog takes: those of SIGINT, SIGTERM and SIGHUP
** that tfrun was not told to ignore (`nohup` ignores SIGHUP, a shell
** ignores SIGINT in what it starts in the background: they stay ignored),
** and its own WD_WAKE. */
static void watchdog_sigset(sigset_t *set)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    sigemptyset(set);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        if (sigaction(sigs[i], NULL, &sa) == 0 && sa.sa_handler == SIG_IGN) continue;
        sigaddset(set, sigs[i]);
    }
    sigaddset(set, WD_WAKE);
}

/* Waits for a signal of [set] until [deadline] (tv_sec 0: for ever): the
** signal, or 0 when the time is up. */
static int wait_signal(const sigset_t *set, const struct timespec *deadline)
{
    for (;;) {
        struct timespec rel, *left = NULL;    /* NULL: no time limit */
        if (deadline->tv_sec) {
            clock_gettime(CLOCK_MONOTONIC, &rel);
            rel.tv_sec = deadline->tv_sec - rel.tv_sec;
            rel.tv_nsec = deadline->tv_nsec - rel.tv_nsec;
            if (rel.tv_nsec < 0) {
                rel.tv_sec--;
                rel.tv_nsec += 1000000000L;
            }
            if (rel.tv_sec < 0) return 0;
            left = &rel;
        }
        int sig = sigtimedwait(set, NULL, left);
        if (sig > 0) return sig;
        if (errno == EAGAIN) return 0;    /* else EINTR: again */
    }
}

static _Noreturn void watchdog_exit(int signo)
{
    fflush(stdout);
    fprintf(stderr, "tfrun: %s\n", watchdog_msg(signo));
    fflush(stderr);
    _exit(signo ? 128 + signo : 1);
}

static void *watchdog_main(void *p)
{
    Watchdog *w = p;
    const sigset_t set = w->set;
    int late = 0;    /* a signal after the run: it acts as it would have without us */
    pthread_mutex_lock(&w->mu);
    for (;;) {
        struct timespec dl = w->deadline;
        pthread_mutex_unlock(&w->mu);
        int sig = wait_signal(&set, &dl);
        pthread_mutex_lock(&w->mu);
        if (w->done) {
            if (sig > 0 && sig != WD_WAKE) late = sig;
            break;
        }
        /* The deadline changed (watchdog_arm, once, from none: a wait
        ** that timed out waited for the deadline still in force). */
        if (sig == WD_WAKE) continue;
        if (!w->running && sig) watchdog_exit(sig);    /* still loading: nothing to stop */
        if (!w->fired) {
            w->fired = true;
            w->signo = sig;
            if (w->current) rq_stop_msg(w->current, watchdog_msg(sig));
            /* Grace period: a program stuck outside the kernels (a value
            ** that never resolves, a long parse) cannot observe the
            ** cancellation. */
            clock_gettime(CLOCK_MONOTONIC, &w->deadline);
            add_seconds(&w->deadline, 2.0);
            continue;
        }
        watchdog_exit(sig ? sig : w->signo);    /* asked twice, or the grace is over */
    }
    pthread_mutex_unlock(&w->mu);
    pthread_mutex_destroy(&w->mu);
    free(w);
    if (late) kill(getpid(), late);
    return NULL;
}

static void watchdog_set(Watchdog *w, RequestContext *rq)
{
    if (!w) return;
    pthread_mutex_lock(&w->mu);
    if (w->current) rq_release(w->current);
    w->current = rq;
    if (rq) {
        rq_retain(rq);
        if (w->fired) rq_stop_msg(rq, watchdog_msg(w->signo));
    }
    pthread_mutex_unlock(&w->mu);
}

static bool watchdog_fired(Watchdog *w)
{
    if (!w) return false;
    pthread_mutex_lock(&w->mu);
    bool f = w->fired;
    pthread_mutex_unlock(&w->mu);
    return f;
}

/* Starts a watchdog, with the signals blocked in the calling thread (and
** so in every thread made after); NULL when there is no thread for it
** (then the signals act as they did before). The thread is detached and
** frees the watchdog itself once it sees that the run is done: stopping
** it costs no wait (a join waited for the thread to be scheduled, 0.3 ms
** of every run's wall time). */
static Watchdog *watchdog_start(void)
{
    Watchdog *w = xcalloc(1, sizeof *w);
    watchdog_sigset(&w->set);
    pthread_sigmask(SIG_BLOCK, &w->set, &w->old);
    pthread_mutex_init(&w->mu, NULL);
    /* A small stack: it waits, and at most formats a line. */
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, (size_t)128 << 10);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&w->thread, &at, watchdog_main, w);
    pthread_attr_destroy(&at);
    if (rc != 0) {
        pthread_mutex_destroy(&w->mu);
        pthread_sigmask(SIG_SETMASK, &w->old, NULL);
        free(w);
        return NULL;
    }
    return w;
}

/* The functions start: a signal now stops the run rather than the
** process; --timeout=[seconds] counts from now (not once the watchdog
** fired). */
static void watchdog_arm(Watchdog *w, double seconds)
{
    if (!w) return;
    pthread_mutex_lock(&w->mu);
    w->running = true;
    if (!w->fired && seconds > 0) {
        clock_gettime(CLOCK_MONOTONIC, &w->deadline);
        add_seconds(&w->deadline, seconds);
        pthread_kill(w->thread, WD_WAKE);
    }
    pthread_mutex_unlock(&w->mu);
}

/* Stops the watchdog [w] (NULL: none), which the caller no longer touches:
** the signal that fired it (0: the timeout), or -1 when nothing did. The
** signals it took are no longer blocked here: one that comes now acts as it
** would without the watchdog. */
static int watchdog_stop(Watchdog *w)
{
    if (!w) return -1;
    pthread_mutex_lock(&w->mu);
    w->done = true;
    int fired = w->fired ? w->signo : -1;
    if (w->current) rq_release(w->current);
    w->current = NULL;
    sigset_t old = w->old;
    /* Woken to free itself now, not at the process's exit (which would
    ** wait for it). Under the lock, which it takes before it can see
    ** `done` and end: the thread is still there to be signalled. */
    pthread_kill(w->thread, WD_WAKE);
    pthread_mutex_unlock(&w->mu);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return fired;
}

/* {=====================================================================
** The trace file (docs/tools.md §5.1)
** ====================================================================== */

bool cli_trace_write(Trace *t, const char *path, const char *title)
{
    /* The one way of writing a file (base/outfile.h, docs/tools.md §6): a
    ** failed write never leaves half a trace, nor destroys an older one. */
    OutFile o;
    char why[1024];
    bool ok = outfile_open(&o, path);
    if (ok) {
        trace_write_json(t, o.f, title);
        ok = outfile_close(&o);
    }
    if (!ok) {
        fprintf(stderr, "tfrun: --trace: %s\n", outfile_error(&o, why, sizeof why));
    } else if (trace_dropped(t)) {
        fprintf(stderr, "tfrun: --trace: kept the first %d events of the run; %zu more were not "
                "written (--profile counts them all)\n", TRACE_MAX_EVENTS, trace_dropped(t));
    }
    return ok;
}

/* {=====================================================================
** Running functions (docs/execution.md §1.3, §1.6)
** ====================================================================== */

typedef struct Run {
    Options *o;
    const CliRunSchedule *sched;
    Host *host;
    WorkQueue *q;
    Watchdog *wd;
    FILE *out;
    int stuck;          /* kernels that never ran, results never produced */
    int bad_replay;     /* --replay witnesses that did not fit */
    Trace *trace;       /* --trace / --profile, or NULL */
    const Func *init;   /* --init-function: under --replay, the first schedule */
} Run;

static void replay_result(void *ud, FILE *out, const Func *fn, AsyncValue **res)
{
    const Run *r = ud;
    Display d = display_driver(r->o->print_error_code);
    display_returned(out, &d, fn, res);
    fflush(out);
}

static void run_function(Run *r, const Func *fn)
{
    FILE *out = r->out;
    if (fn->nargs > 0) {
        fprintf(out, "--- Not running '%s' because it has arguments.\n", fn->name);
        fflush(out);
        return;
    }
    if (!fn->name || !fn->name[0]) return;
    fprintf(out, "--- Running '%s':\n", fn->name);
    if (!host_out_flush(r->host)) return;    /* nowhere to print: stop (step_run) */
    if (r->trace) trace_function_begin(r->trace, fn->name);
    /* TFRT's scope of a function: its run, its results, its quiescence. */
    TSink *ts = tsink_on(r->host->tsink, TSINK_DEFAULT) ? r->host->tsink : NULL;
    if (ts) tsink_push(ts, "Function: %s", fn->name);
    RequestContext *rq = rq_new(r->q);
    /* The mixed schedule: this function's own (docs/analysis.md §8). */
    const MixChoice *mc = r->sched->mix ? mix_choice(r->sched->mix, fn) : NULL;
    ExecWatch *watch = NULL;
    if (mc && mc->kind == MIX_FAST) rq_set_fast(rq, true);
    if (mc && mc->kind == MIX_SWITCH) {
        watch = exec_watch_new(mc->sw);
        rq_set_watch(rq, watch);
    }
    watchdog_set(r->wd, rq);
    host_set_request(r->host, rq);
    ExecCtx c = { r->host, rq, 0, NULL, NULL, NULL };
    int n = fn->nresults;
    AsyncValue **res = calloc((size_t)n + 1, sizeof(AsyncValue *));
    if (!res) tf_out_of_memory();
    Display d = display_driver(r->o->print_error_code);
    if (fn->is_sync) {
        char *err = NULL;
        if (exec_run_sync(&c, fn, NULL, 0, res, &err)) {
            if (n > 0) display_returned(out, &d, fn, res);
        } else {
            display_failed(out, fn, err);
            free(err);
            n = 0;
        }
        fflush(out);
        wq_quiesce(r->q);
    } else if (r->o->replay && fn == r->init) {
        /* The witness is another function's; the init function runs as
        ** `tfrun explore --init-function` ran it. */
        explore_run_first(r->host, fn, replay_result, r);
        n = 0;
    } else if (r->o->replay) {
        /* The explorer's scheduler drives the run (analysis/explore.h). */
        char *err = NULL;
        /* Another function than the witness's runs in queue order. */
        const char *w = r->o->replay_fn && strcmp(fn->name, r->o->replay_fn) ? NULL : r->o->replay;
        if (!explore_replay(r->host, fn, w, replay_result, r, &err)) {
            fflush(out);
            fprintf(stderr, "tfrun: --replay: '%s': %s\n", fn->name, err);
            fflush(stderr);
            r->bad_replay++;
        }
        free(err);
        n = 0;
        /* The explorer's request: every one not reported on yet. */
        diag_set_verify(r->host->diag, DIAG_VERIFY_LAZY_STATIC);
        r->stuck += stuck_report(r->host, NULL, fn, NULL, 0, NULL);
        diag_set_verify(r->host->diag, DIAG_VERIFY_LAZY);
    } else {
        exec_invoke_func(&c, fn, NULL, 0, res);
        if (n > 0) {
            wq_await(r->q, res, n);
            flockfile(out);    /* workers may still print (mstd) */
            display_returned(out, &d, fn, res);
            fflush(out);
            funlockfile(out);
        }
        wq_quiesce(r->q);
        /* Nothing runs any more: kernels still waiting never will, and
        ** results not available never will be (interp/stuck.h). Reported
        ** as static errors are (no `unexpected error:` prefix), still
        ** checked against expected-error annotations. */
        DiagSink *ds = r->host->diag;
        diag_set_verify(ds, DIAG_VERIFY_LAZY_STATIC);
        r->stuck += stuck_report(r->host, rq, fn, res, n, NULL);
        diag_set_verify(ds, DIAG_VERIFY_LAZY);
    }
    fflush(out);
    if (watch) {
        /* Quiesced: nothing of the run can resolve any more. */
        const Op *at = NULL;
        bool sw = exec_watch_switched(watch, &at);
        if (r->o->verbose) {
            if (sw && at)
                fprintf(stderr, "'%s' went on fast once %s:%d:%d: '%s' was done.\n", fn->name,
                        host_module(r->host)->filename, at->line, at->col, at->name);
            else if (sw)
                fprintf(stderr, "'%s' went on fast.\n", fn->name);
            else
                fprintf(stderr, "'%s' ran exact to the end.\n", fn->name);
            fflush(stderr);
        }
        rq_set_watch(rq, NULL);
        exec_watch_free(watch);
    }
    /* The driver holds the results until after the quiesce (docs/execution.md §6.6). */
    for (int i = 0; i < n; i++)
        if (res[i]) av_release(res[i]);
    free(res);
    host_out_flush(r->host);
    host_set_request(r->host, NULL);
    watchdog_set(r->wd, NULL);
    rq_release(rq);
    if (ts) tsink_pop(ts);
    if (r->trace) trace_function_end(r->trace);
}

/* Named functions in the order of docs/execution.md §1.4 restricted to named ones
** (docs/execution.md §1.4): source order. */
static const Func *find_func(const Module *m, const char *name)
{
    const Func *f = ir_module_func(m, name);
    if (f && (f->body || f->is_native)) return f;
    return NULL;
}

/* {=====================================================================
** The driver's steps: options, load, choose the schedule, run, finish
** ====================================================================== */

/* What the steps of one `tfrun run` share. Each step returns -1 to go on,
** or the exit status; finish() frees whatever the steps made. */
typedef struct Driver {
    Options o;
    FILE *out;
    char *text;                  /* the program (the module and sink borrow it) */
    size_t len;
    const char *fname;
    WorkQueue *q;
    HostAllocator *alloc;
    DiagSink *d;                 /* made with alloc: the load step ran */
    Module *m;
    Host *host;
    CliRunSchedule sched;        /* the schedule of each function */
    const Func **list;           /* the functions to run, in order */
    int nlist;
    const Func *init;            /* --init-function, run first */
    const char *missing;         /* the first --functions name not found */
    bool out_reported;           /* a write error of the output was reported */
    Watchdog *wd;                /* from the options on (NULL: none, or stopped) */
    Trace *trace;                /* --trace / --profile, or NULL */
    char *trace_path;            /* where the trace goes (NULL: none) */
    TSink *tsink;                /* --enable_tracing --tracing-sink=debug, or NULL */
} Driver;

/* llvm::errs() is tied to llvm::outs(), where TFRT's debug sink writes: a
** diagnostic writes the sink's buffer first (interp/tsink.h). */
static void tie_tsink(void *s)
{
    tsink_flush(s);
}

/* Options, and --help. */
static int step_options(Driver *dr, int argc, char **argv)
{
    int st = parse_options(&dr->o, argc, argv);
    if (st >= 0) return st;
    if (dr->o.help) {
        fputs(run_usage, stdout);
        return 0;
    }
    /* A witness that names its function runs that function (docs/explore.md). */
    Options *o = &dr->o;
    if (o->replay_fn) {
        bool named = o->nfunctions == 0;
        for (int i = 0; i < o->nfunctions; i++) named |= !strcmp(o->functions[i], o->replay_fn);
        if (!named)
            return usage_error("the witness is a schedule of '%s', which --functions does not name",
                               o->replay_fn);
        if (o->nfunctions == 0) add_functions(o, o->replay_fn);
    }
    if (o->max_memory_set) tf_set_memory_limit(o->max_memory);
    return -1;
}

/* The input, the work queue and the host allocator, then parse and verify. */
static int step_load(Driver *dr)
{
    const Options *o = &dr->o;
    dr->out = stdout;
    setvbuf(dr->out, NULL, _IOFBF, 1 << 16);
    if (o->debug_sink) {
        /* TFRT's SetTracingLevel, in a build whose TFRT_MAX_TRACING_LEVEL
        ** is the default (verbose); then its scope of the whole run. */
        TSinkLevel level = o->tracing_level ? o->tracing_level : TSINK_DEFAULT;
        if (level > TSINK_MAX_LEVEL) {
            tfrt_log(stderr, 'W', "tracing.cc", 101,
                     "Tracing level 'debug' clamped to TFRT_MAX_TRACING_LEVEL ('verbose')");
            level = TSINK_MAX_LEVEL;
        }
        if (o->enable_tracing) {
            dr->tsink = tsink_new(dr->out, level);
            tsink_push(dr->tsink, "Bef Executor");
        }
    }

    /* The input first: an unreadable file prints nothing else (docs/execution.md §1.2). */
    StrBuf src = {0};
    if (!args_read_input("tfrun", o->input, &src, &dr->fname)) return 1;
    dr->text = src.p;
    dr->len = src.n;

    const char *wqspec = o->work_queue ? o->work_queue : "s";
    if (o->replay && strcmp(wqspec, "s"))
        return usage_error("--replay runs on the single-threaded queue, not '%s'", wqspec);
    char err[256] = "";
    dr->q = wq_create(wqspec, err, sizeof err);
    if (!dr->q) {
        if (!strncmp(err, "Invalid argument", 16)) tfrt_log(stderr, 'E', "run.c", __LINE__, "%s", err);
        else if (err[0]) fprintf(stderr, "tfrun: %s\n", err);
        fprintf(stderr, "tfrun: couldn't create work queue type %s\n", wqspec);
        return 1;
    }
    const char *aname = o->allocator ? o->allocator : "leak_check_allocator";
    dr->alloc = ha_create(aname, stderr);
    if (!dr->alloc)
        return usage_error("unknown host allocator type '%s' (want malloc, test_fixed_size_1k, "
                           "profiled_allocator or leak_check_allocator)", aname);
    if (o->verbose) {
        fprintf(stderr, "%s\n", ha_banner(dr->alloc));
        fprintf(stderr, "Choosing %s work queue.\n", wq_name(dr->q));
        /* The ceiling when one was asked for (the default depends on the
        ** machine: three quarters of its memory). */
        if (o->max_memory_set || getenv("TFRUN_MAX_MEMORY")) {
            uint64_t ceiling = tf_memory_limit();
            if (ceiling) fprintf(stderr, "Choosing a memory ceiling of %llu MiB.\n", (unsigned long long)(ceiling >> 20));
            else fprintf(stderr, "Choosing no memory ceiling.\n");
        }
    }

    dr->d = diag_new(stderr);
    if (dr->tsink) diag_set_tie(dr->d, tie_tsink, dr->tsink);
    /* Static errors print as `opt` prints them, whatever the annotations
    ** say: a program that does not verify cannot run, and saying nothing
    ** would hide why (docs/language.md §4). Runtime diagnostics are checked
    ** against the annotations, as TFRT's driver does (docs/execution.md §1.6). */
    diag_set_verify(dr->d, DIAG_VERIFY_OFF);
    /* The module and the sink borrow [text] (read once, never copied): it
    ** is freed after both, in finish(). */
    diag_add_source_borrowed(dr->d, dr->fname, dr->text, dr->len);
    dr->m = parse_module_borrowed(dr->fname, dr->text, dr->len, dr->d);
    bool failed = !dr->m;
    if (!failed) {
        VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
        if (verify_module(dr->m, dr->d, &vo) > 0) failed = true;
    }
    if (failed) {
        diag_finish(dr->d);
        return 1;
    }
    diag_set_verify(dr->d, DIAG_VERIFY_LAZY);
    return -1;
}

/* The functions to run, the host and its schedule, and the load of every
** kernel (nothing runs unless all resolve). */
static int step_schedule(Driver *dr)
{
    const Options *o = &dr->o;
    const Module *m = dr->m;
    /* The functions to run (docs/execution.md §1.3), in the order they run: the init
    ** function first. An unknown name is reported after loading (as TFRT's
    ** driver does), but the schedule is chosen before it. */
    int cap = o->nfunctions > m->nfuncs ? o->nfunctions : m->nfuncs;
    dr->list = calloc((size_t)cap + 1, sizeof *dr->list);
    const Func **order = calloc((size_t)cap + 2, sizeof *order);
    if (!dr->list || !order) tf_out_of_memory();
    int norder = 0;
    if (o->nfunctions > 0) {
        for (int i = 0; i < o->nfunctions; i++) {
            const Func *f = find_func(m, o->functions[i]);
            if (f) dr->list[dr->nlist++] = f;
            else if (!dr->missing) dr->missing = o->functions[i];
        }
    } else {
        for (int i = 0; i < m->nfuncs; i++)
            if (m->funcs[i]->body || m->funcs[i]->is_native) dr->list[dr->nlist++] = m->funcs[i];
    }
    dr->init = o->init_function && o->init_function[0] ? find_func(m, o->init_function) : NULL;
    if (dr->init) order[norder++] = dr->init;
    for (int i = 0; i < dr->nlist; i++)
        if (dr->list[i] != dr->init && dr->list[i]->nargs == 0) order[norder++] = dr->list[i];

    Host *host = dr->host = host_new(dr->m, dr->q, dr->alloc, dr->d, dr->out);
    if (o->replay) {
        ExploreModel model = EXPLORE_SPEC;
        explore_witness_model(o->replay, &model);
        host->schedule = EXEC_EXPLORE;
        host->split_updates = model == EXPLORE_SPEC;
        if (o->verbose) fprintf(stderr, "Choosing the schedule of witness %s.\n", o->replay);
    } else {
        /* The debug sink's lines are output whose order is the kernels':
        ** auto runs them exact (docs/tools.md §5.6). */
        bool forced = dr->tsink && o->schedule == CLI_SCHED_AUTO;
        cli_schedule_run(forced ? CLI_SCHED_EXACT : o->schedule, m, order, norder, dr->alloc, &dr->sched);
        host->schedule = dr->sched.host;
        if (o->verbose && forced)
            fputs("Choosing exact schedule: the debug tracing sink's lines follow the kernels' order.\n", stderr);
        else if (o->verbose)
            fputs(dr->sched.verbose, stderr);
    }
    if (o->max_call_depth > 0) host->max_call_depth = o->max_call_depth;
    free(order);
    /* The trace and the profile watch the run through the executor's
    ** hooks, attached before the load so that compiled code reports too
    ** (interp/hooks.h). */
    host->tsink = dr->tsink;
    bool chrome = o->enable_tracing && !o->debug_sink;
    if (o->trace || chrome || o->profile) {
        if (o->trace) {
            dr->trace_path = xstrdup(o->trace);
        } else if (chrome) {
            /* Where TFRT's Chrome tracing sink writes it under a test. */
            const char *dir = getenv("TEST_UNDECLARED_OUTPUTS_DIR");
            StrBuf p = {0};
            if (dir && *dir) sb_printf(&p, "%s/trace.json", dir);
            else sb_adds(&p, "trace.json");
            dr->trace_path = p.p;
        }
        dr->trace = trace_new((dr->trace_path ? TRACE_EVENTS : 0) | (o->profile ? TRACE_PROFILE : 0));
        host->debug = trace_hooks(dr->trace);
    }
    /* An unknown kernel is a static error (docs/execution.md §1.8). */
    diag_set_verify(dr->d, DIAG_VERIFY_LAZY_STATIC);
    bool loaded = exec_load(host);
    diag_set_verify(dr->d, DIAG_VERIFY_LAZY);
    if (!loaded) {
        /* Nothing runs; the status is the verification's (docs/execution.md §1.8). */
        return diag_finish(dr->d) ? 1 : 0;
    }
    if (dr->missing) {
        fflush(dr->out);
        fprintf(stderr, "tfrun: couldn't find function %s\n", dr->missing);
        return 1;
    }
    return -1;
}

/* Runs the functions in order under the watchdog. Returns the exit
** status: diagnostics, results never produced, bad witnesses and a
** timeout fail the run (1); a signal that stopped it gives 128 + its
** number. */
static int step_run(Driver *dr)
{
    Watchdog *wd = dr->wd;
    watchdog_arm(wd, dr->o.timeout);
    Run run = { &dr->o, &dr->sched, dr->host, dr->q, wd, dr->out, 0, 0, dr->trace, dr->init };
    if (dr->init && !watchdog_fired(wd)) run_function(&run, dr->init);
    for (int i = 0; i < dr->nlist && !watchdog_fired(wd) && !host_out_error(dr->host); i++) {
        if (dr->list[i] == dr->init) continue;
        run_function(&run, dr->list[i]);
    }
    host_out_flush(dr->host);

    int fired = watchdog_stop(wd);
    dr->wd = NULL;
    int st = diag_finish(dr->d) || run.stuck || run.bad_replay ? 1 : 0;
    if (dr->trace) {
        wq_quiesce(dr->q);
        if (dr->o.profile) {
            host_out_flush(dr->host);
            trace_print_profile(dr->trace, stderr, dr->o.profile_by_count);
            fflush(stderr);
        }
        if (dr->trace_path && !cli_trace_write(dr->trace, dr->trace_path, dr->fname)) st = 1;
    }
    if (host_out_error(dr->host)) {
        /* The first failed write stopped the run (host_out_flush): said
        ** once, here, and not again at exit (finish). */
        fprintf(stderr, "tfrun: write error: %s\n", strerror(host_out_error(dr->host)));
        dr->out_reported = true;
        st = 1;
    } else if (fired >= 0) {
        fflush(dr->out);
        fprintf(stderr, "tfrun: %s\n", watchdog_msg(fired));
        st = fired ? 128 + fired : 1;
    }
    return st;
}

/* Frees what the steps made, with the leak check once the program was
** loaded; returns the exit status [st] (1 when the leak check fails). */
static int finish(Driver *dr, int st)
{
    if (dr->wd) watchdog_stop(dr->wd);    /* the run did not start: nothing to cancel */
    free(dr->list);
    cli_schedule_run_free(&dr->sched);
    if (dr->d) {
        FILE *out = dr->out;
        fflush(out);
        wq_destroy(dr->q);        /* quiesces: no task may outlive the plans */
        if (dr->host) host_free(dr->host);
        /* The leak check comes last and overrides a 0 status (docs/execution.md §1.10). Its
        ** report names the ops that made what is still alive, so the module
        ** is freed after it. */
        if (ha_report_at_exit(dr->alloc, out) && st <= 1) st = 1;
        if (dr->m) ir_module_free(dr->m);
        fflush(out);
        ha_destroy(dr->alloc);
        diag_free(dr->d);
    } else if (dr->q) {
        wq_destroy(dr->q);
    }
    if (dr->tsink) {
        /* The run's scope ends last, after the leak check (TFRT's is the
        ** first object of its driver); then what the buffer holds. */
        tsink_pop(dr->tsink);
        if (!tsink_finish(dr->tsink) && !dr->out_reported) {
            fprintf(stderr, "tfrun: write error: %s\n", strerror(tsink_error(dr->tsink)));
            dr->out_reported = true;
            if (st == 0) st = 1;
        }
        tsink_free(dr->tsink);
    }
    free(dr->text);
    trace_free(dr->trace);
    free(dr->trace_path);
    for (int i = 0; i < dr->o.nfunctions; i++) free(dr->o.functions[i]);
    free(dr->o.replay_fn);
    free(dr->o.functions);
    fflush(stdout);
    if (dr->out_reported) {
        /* What could not be written is dropped, so that the exit does
        ** not report the same error again (cli/main.c). */
        __fpurge(stdout);
        clearerr(stdout);
    }
    return st;
}

int cli_run(int argc, char **argv)
{
    Driver dr = { 0 };
    int st = step_options(&dr, argc, argv);
    /* Before the work queue's threads, which inherit its signal mask. */
    if (st < 0) dr.wd = watchdog_start();
    if (st < 0) st = step_load(&dr);
    if (st < 0) st = step_schedule(&dr);
    if (st < 0) st = step_run(&dr);
    return finish(&dr, st);
}
