/*
** explore.c — `tfrun explore [--function=NAME] [--model=spec|executor]
** [--max-schedules=N] [--json] [--timeout=SECS] [--init-function=NAME] FILE`
** (docs/tools.md §4,
** docs/explore.md): every outcome the schedules of the resource-variable
** RFC allow.
**
** Loads the program as `tfrun run` does (parse, verify, every kernel
** resolved) on a host in the explorer's schedule (EXEC_EXPLORE, one
** single-threaded queue, the malloc allocator), then hands each selected
** function to the explorer (analysis/explore.h) and prints its outcomes.
** --init-function=NAME runs NAME first, in one schedule, on the same host,
** and prints nothing of it: what it sets up (CoreRT's op handler registry,
** docs/kernel-behaviour.md §14) is there for every function explored.
**
**
**     --- Exploring 'NAME': K outcomes in S schedules
**         OUTPUT LINE
**         ...
**       (N schedules)
**       witness: spec@NAME:0.1.0
**
** or with --json one object, {"functions": [{"name", "schedules",
** "complete", "outcomes": [{"output", "schedules", "witness",
** "returned_at": [{"after_line", "schedules", "witness"}]}]}]}.
** A search cut short (--max-schedules, --timeout, an op whose effects
** cannot be modelled) says why: in the human form on a line of its own,
** `  incomplete: REASON`, and always on stderr. An outcome whose
** `returned` line came at several places among the prints gets one line
** per other place: `  the 'returned' line also came first (N schedules,
** witness: W)`.
**
** Exit status: 0 when every search was complete, 1 when one was not (or
** the program does not load), 2 for a usage error.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/alloc.h"
#include "analysis/explore.h"
#include "cli/json.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "interp/display.h"
#include "base/strbuf.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

static const char explore_usage[] =
    "usage: tfrun explore [--function=NAME] [--model=spec|executor] [--max-schedules=N]\n"
    "                     [--max-states=N] [--json] [--timeout=SECS] [--init-function=NAME] [FILE|-]\n"
    "\n"
    "Runs each function under every schedule the resource-variable RFC allows\n"
    "(data and chain order, critical sections, atomic reads and writes) and\n"
    "prints each distinct outcome once -- what the program printed and its\n"
    "'returned' line, as `tfrun run` prints them; where the 'returned' line fell\n"
    "among the prints is shown within the outcome -- with the number of\n"
    "schedules that gave it and a witness schedule (MODEL@FUNCTION:I.J...),\n"
    "which `tfrun run --replay=WITNESS FILE` runs again. Only steps with\n"
    "conflicting effects are interleaved (docs/tools.md §4, docs/explore.md).\n"
    "\n"
    "  --function=NAME      explore only NAME (may be repeated); default: every\n"
    "                       function `tfrun run` runs. Also --functions=A,B,\n"
    "                       as `tfrun run` spells it\n"
    "  --model=spec         rv.assign_add is a read step then a write step, as the\n"
    "                       RFC specifies (default)\n"
    "  --model=executor     rv.assign_add is one atomic step, as the executors run it\n"
    "  --max-schedules=N    stop after N runs, complete or cut short by a reduction\n"
    "                       (default 100000)\n"
    "  --max-states=N       the cache of visited states holds at most N (default\n"
    "                       1048576, about 170 MB); beyond, states are explored again\n"
    "  --json               one JSON object instead of text\n"
    "  --timeout=SECS       stop exploring after SECS seconds (all functions together)\n"
    "  --init-function=NAME run NAME once first, unexplored and unprinted, on the\n"
    "                       same host (test_init_function: CoreRT's op handlers)\n"
    "  --verbose            say on stderr how many runs each search made\n"
    "  --search=reduced     sleep sets and the cache of visited states (default);\n"
    "                       'sleep': sleep sets alone, one schedule per conflict\n"
    "                       order; 'dpor': source-set DPOR with sleep sets, the same\n"
    "                       schedules in fewer runs; 'brute': every interleaving\n"
    "                       (for measurements)\n"
    "  --help               this text\n"
    "\n"
    "Exit status: 0 when every search was complete, 1 when one was cut short\n"
    "(--max-schedules, --timeout, an op whose effects it cannot model) or the\n"
    "program does not load, 2 for a usage error.\n";

typedef struct ExploreCli {
    char **functions;        /* malloc'ed */
    int nfunctions;
    ExploreModel model;
    ExploreSearch search;
    long max_schedules, max_states;
    double timeout;
    bool json, help, verbose;
    const char *input;
    const char *init;        /* --init-function */
} ExploreCli;

static int parse_options(ExploreCli *o, int argc, char **argv)
{
    Args s = args_begin(argc, argv, "tfrun explore", "tfrun explore");
    int k;
    while ((k = args_next(&s)) > 0) {
        if (args_is(&s, "json") || args_is(&s, "help") || args_is(&s, "h") || args_is(&s, "verbose")) {
            if (s.value) return args_error(s.who, s.cmd, "option '%s' takes no value", s.arg);
            if (args_is(&s, "json")) o->json = true;
            else if (args_is(&s, "verbose")) o->verbose = true;
            else o->help = true;
            continue;
        }
        if (!args_is(&s, "function") && !args_is(&s, "functions") && !args_is(&s, "model") &&
            !args_is(&s, "max-schedules") && !args_is(&s, "max-states") && !args_is(&s, "timeout") &&
            !args_is(&s, "search") && !args_is(&s, "init-function") && !args_is(&s, "test_init_function"))
            return args_error(s.who, s.cmd, "unknown option '%s'", s.arg);
        bool is_fn = args_is(&s, "function") || args_is(&s, "functions"), is_model = args_is(&s, "model");
        bool is_max = args_is(&s, "max-schedules") || args_is(&s, "max-states"), is_search = args_is(&s, "search");
        bool is_states = args_is(&s, "max-states");
        const char *v = args_value(&s);
        if (!v) return 2;
        if (args_is(&s, "init-function") || args_is(&s, "test_init_function")) {
            o->init = v;
        } else if (is_fn) {
            /* --function=NAME and --functions=A,B (as `tfrun run` spells
            ** it): each may be repeated. */
            for (const char *p = v; *p;) {
                size_t n = strcspn(p, ",");
                if (n) {
                    o->functions = xrealloc(o->functions, sizeof *o->functions * (size_t)(o->nfunctions + 1));
                    o->functions[o->nfunctions++] = xstrndup(p, n);
                }
                p += n + (p[n] == ',');
            }
        } else if (is_model) {
            if (!strcmp(v, "spec")) o->model = EXPLORE_SPEC;
            else if (!strcmp(v, "executor")) o->model = EXPLORE_EXECUTOR;
            else return args_error(s.who, s.cmd, "invalid model '%s' (want spec or executor)", v);
        } else if (is_search) {
            if (!strcmp(v, "reduced")) o->search = EXPLORE_REDUCED;
            else if (!strcmp(v, "sleep")) o->search = EXPLORE_SLEEP;
            else if (!strcmp(v, "dpor")) o->search = EXPLORE_DPOR;
            else if (!strcmp(v, "brute")) o->search = EXPLORE_BRUTE;
            else return args_error(s.who, s.cmd, "invalid search '%s' (want reduced, sleep, dpor or brute)", v);
        } else if (is_max) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || end == v || n < 1)
                return args_error(s.who, s.cmd, is_states ? "invalid --max-states '%s' (want a positive integer)"
                                                          : "invalid --max-schedules '%s' (want a positive integer)", v);
            if (is_states) o->max_states = n;
            else o->max_schedules = n;
        } else {
            char *end;
            double t = strtod(v, &end);
            if (*end || end == v || !(t > 0))
                return args_error(s.who, s.cmd, "invalid --timeout '%s' (want seconds > 0)", v);
            o->timeout = t;
        }
    }
    o->input = s.input;
    return k < 0 ? 2 : -1;
}

static void free_functions(ExploreCli *o)
{
    for (int i = 0; i < o->nfunctions; i++) free(o->functions[i]);
    free(o->functions);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void print_result_line(void *ud, FILE *out, const Func *fn, AsyncValue **res)
{
    (void)ud;
    Display d = display_driver(false);
    display_returned(out, &d, fn, res);
}

static const char *plural(long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* Where the `returned` line came: "first", "after line K" or "last". */
static void place(char *buf, size_t n, int after, int nlines)
{
    if (after == 0) snprintf(buf, n, "first");
    else if (after >= nlines) snprintf(buf, n, "last");
    else snprintf(buf, n, "after line %d", after);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

static void print_human(FILE *out, const Func *fn, const ExploreResult *r)
{
    fprintf(out, "--- Exploring '%s': %d %s in %ld %s\n", fn->name, r->noutcomes,
            plural(r->noutcomes, "outcome", "outcomes"), r->schedules, plural(r->schedules, "schedule", "schedules"));
    if (!r->complete) fprintf(out, "  incomplete: %s\n", r->note ? r->note : "the search was cut short");
    for (int i = 0; i < r->noutcomes; i++) {
        const ExploreOutcome *oc = &r->outcomes[i];
        const char *p = oc->output;
        if (!*p) fputs("    (no output)\n", out);
        for (int part = 0; part < 2; part++, p = oc->never_ran ? oc->never_ran : "") {
            while (*p) {
                const char *nl = strchr(p, '\n');
                size_t n = nl ? (size_t)(nl - p) : strlen(p);
                fprintf(out, "    %.*s\n", (int)n, p);
                p += n + (nl ? 1 : 0);
            }
        }
        fprintf(out, "  (%ld %s)\n", oc->schedules, plural(oc->schedules, "schedule", "schedules"));
        fprintf(out, "  witness: %s\n", oc->witness);
        /* The same outcome with the `returned` line elsewhere among the
        ** program's own lines (nothing orders them): one line each. */
        int nlines = count_lines(oc->lines);
        for (int j = 1; j < oc->nreturned; j++) {
            char where[48];
            place(where, sizeof where, oc->returned[j].after, nlines);
            fprintf(out, "  the 'returned' line also came %s (%ld %s, witness: %s)\n", where,
                    oc->returned[j].schedules, plural(oc->returned[j].schedules, "schedule", "schedules"),
                    oc->returned[j].witness);
        }
    }
    fflush(out);
}

static void print_json_function(FILE *out, const Func *fn, const ExploreResult *r, bool first)
{
    if (!first) fputs(", ", out);
    fputs("{\"name\": ", out);
    json_string(out, fn->name, strlen(fn->name));
    fprintf(out, ", \"schedules\": %ld, \"complete\": %s, \"outcomes\": [", r->schedules,
            r->complete ? "true" : "false");
    for (int i = 0; i < r->noutcomes; i++) {
        const ExploreOutcome *oc = &r->outcomes[i];
        size_t n = strlen(oc->output);
        if (n && oc->output[n - 1] == '\n') n--;    /* lines joined with \n */
        fputs(i ? ", {\"output\": " : "{\"output\": ", out);
        json_string(out, oc->output, n);
        if (oc->never_ran) {
            size_t k = strlen(oc->never_ran);
            fputs(", \"never_ran\": ", out);
            json_string(out, oc->never_ran, k && oc->never_ran[k - 1] == '\n' ? k - 1 : k);
        }
        fprintf(out, ", \"schedules\": %ld, \"witness\": ", oc->schedules);
        json_string(out, oc->witness, strlen(oc->witness));
        if (oc->result) {
            /* Where the `returned` line came among the program's own lines. */
            fputs(", \"returned_at\": [", out);
            for (int j = 0; j < oc->nreturned; j++) {
                fprintf(out, "%s{\"after_line\": %d, \"schedules\": %ld, \"witness\": ", j ? ", " : "",
                        oc->returned[j].after, oc->returned[j].schedules);
                json_string(out, oc->returned[j].witness, strlen(oc->returned[j].witness));
                fputc('}', out);
            }
            fputc(']', out);
        }
        fputc('}', out);
    }
    fputs("]}", out);
}

int cli_explore(int argc, char **argv)
{
    ExploreCli o = { NULL, 0, EXPLORE_SPEC, EXPLORE_REDUCED, 100000, 0, 0, false, false, false, NULL, NULL };
    int st = parse_options(&o, argc, argv);
    if (st >= 0) { free_functions(&o); return st; }
    if (o.help) {
        fputs(explore_usage, stdout);
        free_functions(&o);
        return 0;
    }
    StrBuf src = { 0 };
    const char *fname;
    if (!args_read_input("tfrun explore", o.input, &src, &fname)) {
        free_functions(&o);
        return 1;
    }
    FILE *out = stdout;
    DiagSink *d = diag_new(stderr);
    diag_set_verify(d, DIAG_VERIFY_OFF);
    diag_add_source_borrowed(d, fname, src.p, src.n);
    Module *m = parse_module_borrowed(fname, src.p, src.n, d);
    bool failed = !m;
    if (m) {
        VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
        if (verify_module(m, d, &vo) > 0) failed = true;
    }
    const Func **list = NULL;
    int nlist = 0;
    const Func *init = NULL;
    if (!failed && o.init) {
        init = ir_module_func(m, o.init);
        if (!init || !init->body || init->nargs > 0) {
            fprintf(stderr, "tfrun explore: couldn't find function %s%s\n", o.init,
                    init && init->body ? " without arguments" : "");
            failed = true;
        }
    }
    if (!failed) {
        list = calloc((size_t)(m->nfuncs + o.nfunctions) + 1, sizeof *list);
        if (!list) tf_out_of_memory();
        if (o.nfunctions) {
            for (int i = 0; i < o.nfunctions && !failed; i++) {
                const Func *f = ir_module_func(m, o.functions[i]);
                if (!f || !f->body) {
                    fprintf(stderr, "tfrun explore: couldn't find function %s\n", o.functions[i]);
                    failed = true;
                } else if (f->nargs > 0) {
                    fprintf(stderr, "tfrun explore: function %s has arguments; explore runs functions "
                            "without arguments\n", o.functions[i]);
                    failed = true;
                } else {
                    list[nlist++] = f;
                }
            }
        } else {
            for (int i = 0; i < m->nfuncs; i++)
                if (m->funcs[i]->body && m->funcs[i]->nargs == 0 && m->funcs[i]->name &&
                    m->funcs[i]->name[0] && m->funcs[i] != init)
                    list[nlist++] = m->funcs[i];
        }
    }
    char err[256] = "";
    WorkQueue *q = failed ? NULL : wq_create("s", err, sizeof err);
    HostAllocator *alloc = failed ? NULL : ha_create("malloc", stderr);
    Host *host = NULL;
    if (!failed) {
        host = host_new(m, q, alloc, d, out);
        host->schedule = EXEC_EXPLORE;
        host->split_updates = o.model == EXPLORE_SPEC;
        diag_set_verify(d, DIAG_VERIFY_LAZY_STATIC);
        if (!exec_load(host)) failed = true;
        diag_set_verify(d, DIAG_VERIFY_LAZY);
    }
    bool incomplete = false;
    if (!failed) {
        ExploreOptions eo = { o.model, o.search, o.max_schedules, o.timeout, print_result_line, NULL, o.max_states };
        if (init) {
            /* One schedule, nothing printed: its effects stay on the host. */
            ExploreOptions io = eo;
            io.max_schedules = 1;
            ExploreResult r;
            explore_function(host, init, &io, &r);
            explore_result_free(&r);
        }
        if (o.json) fputs("{\"functions\": [", out);
        double start = now_seconds();
        for (int i = 0; i < nlist; i++) {
            ExploreResult r;
            double t0 = now_seconds();
            if (o.timeout > 0) {
                /* One budget for the whole command. */
                eo.timeout = o.timeout - (t0 - start);
                if (eo.timeout < 1e-3) eo.timeout = 1e-3;
            }
            explore_function(host, list[i], &eo, &r);
            if (o.verbose)
                fprintf(stderr, "explore: '%s' (%s model): %ld complete schedules, %ld runs, %ld cache hits, "
                        "%ld states cached%s, %.3f s\n", list[i]->name, o.model == EXPLORE_SPEC ? "spec" : "executor",
                        r.schedules, r.executions, r.cache_hits, r.states, r.cache_full ? " (full)" : "",
                        now_seconds() - t0);
            if (o.json) print_json_function(out, list[i], &r, i == 0);
            else print_human(out, list[i], &r);
            if (!r.complete) {
                incomplete = true;
                fflush(out);
                fprintf(stderr, "tfrun explore: '%s': incomplete: %s\n", list[i]->name,
                        r.note ? r.note : "the search was cut short");
            }
            explore_result_free(&r);
        }
        if (o.json) fputs("]}\n", out);
        fflush(out);
    }
    if (diag_finish(d)) failed = true;
    if (q) wq_destroy(q);
    if (host) host_free(host);
    if (alloc) ha_destroy(alloc);
    if (m) ir_module_free(m);
    diag_free(d);
    free(list);
    free(src.p);
    free_functions(&o);
    return failed || incomplete ? 1 : 0;
}
