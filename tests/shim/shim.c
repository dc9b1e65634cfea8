/*
** The runner of the Criterion shim, linked instead of -lcriterion by `make tsan`
** only (criterion/criterion.h says why: Criterion cannot start under TSan).
**
** Test and TestSuite register their descriptions from constructors. main()
** sorts the tests by suite and name, as Criterion does, and runs each in a
** forked child: fork() from this single-threaded parent is safe under TSan, and
** the parent sees every way a test can end. A test passes when no check failed
** and it ended as expected: killed by its .signal if one is given, otherwise
** exited with its .exit_code (0 by default; TSan exits with 66 after a report).
** A test still running after its timeout is killed and fails. The child records
** failed checks and skips in a result block shared with the parent (mmap), and
** prints its messages on a copy of the original stderr, so a test that
** redirects stderr still shows why it failed.
**
** Options: --jobs N (-jN; tests run concurrently), --filter PATTERN (fnmatch on
** "suite/name"), --timeout S (for tests that set none), --list, --verbose. The
** environment variable SHIM_TIMEOUT_SCALE multiplies every timeout: a TSan
** build runs several times slower than the build the timeouts were chosen for.
** tests/shim/selftest.c checks every verdict. Like Criterion, the runner
** reports on stderr; its closing line has Criterion's format:
**     [====] Synthesis: Tested: N | Passing: N | Failing: N | Crashing: N
*/
#include <errno.h>
#include <fnmatch.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "criterion/criterion.h"
#include "criterion/redirect.h"

/* What a child reports; one block per job slot, shared with the parent. */
typedef struct Result {
    int failed;                 /* checks that failed */
    int skipped;
    char why[256];              /* the skip message */
} Result;

/* One run: a test, and for a parameterized test the element index. */
typedef struct Run { struct shim_test *t; size_t param; } Run;

static struct shim_test **tests;   /* registered tests and suites */
static size_t ntests, captests;

/* The child's state: its result block, the stderr it reports on, the thread
** whose stack the longjmp returns to, and the redirected outputs. */
static Result *result;
static int report_fd = 2;
static pthread_t test_thread;
static jmp_buf test_exit;
static FILE *captured[3];

void shim_register(struct shim_test *t)
{
    if (ntests == captests) {
        captests = captests ? 2 * captests : 64;
        tests = realloc(tests, captests * sizeof *tests);
        if (!tests) { perror("criterion shim"); abort(); }
    }
    tests[ntests++] = t;
}

/* {=====================================================================
** Inside the child
** ====================================================================== */

static void report(const char *file, int line, const char *expr, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    const char *m = msg[0] == ' ' ? msg + 1 : msg;
    dprintf(report_fd, "[----] %s:%d: Assertion Failed\n[----]   %s\n", file, line, *m ? m : expr);
    if (result) __atomic_fetch_add(&result->failed, 1, __ATOMIC_RELAXED);   /* any thread */
}

/* Ends the test: back to run_child on the test's own thread; any other thread
** ends the process (the failure is already recorded). */
static __attribute__((noreturn)) void leave(void)
{
    if (result && pthread_equal(pthread_self(), test_thread)) longjmp(test_exit, 1);
    fflush(NULL);
    _exit(1);
}

void shim_abort(const char *file, int line, const char *expr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(file, line, expr, fmt, ap);
    va_end(ap);
    leave();
}

void shim_note(const char *file, int line, const char *expr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(file, line, expr, fmt, ap);
    va_end(ap);
}

void shim_skip(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (result) {
        result->skipped = 1;
        vsnprintf(result->why, sizeof result->why, fmt, ap);
    }
    va_end(ap);
    leave();
}

void shim_log(const char *level, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dprintf(report_fd, "[%s] %s\n", level, msg);
}

/* Sends fd [fd] (1 or 2) to a temporary file kept in captured[fd]. */
static void redirect(int fd)
{
    fflush(fd == 1 ? stdout : stderr);
    FILE *f = tmpfile();
    if (!f || dup2(fileno(f), fd) < 0) { perror("criterion shim: redirect"); return; }
    captured[fd] = f;
}

void cr_redirect_stdout(void) { redirect(1); }
void cr_redirect_stderr(void) { redirect(2); }

FILE *cr_get_redirected_stdin(void)
{
    int p[2];
    if (pipe(p) < 0 || dup2(p[0], 0) < 0) { perror("criterion shim: stdin"); return NULL; }
    close(p[0]);
    clearerr(stdin);
    return fdopen(p[1], "w");
}

bool shim_output_is(int fd, const char *s)
{
    fflush(fd == 1 ? stdout : stderr);
    if (!captured[fd]) return false;
    size_t n = strlen(s), got = 0;
    char *buf = malloc(n + 1);
    if (!buf) return false;
    /* One byte more than [s]: a longer output must not match. */
    for (ssize_t r; got < n + 1; got += (size_t)r)
        if ((r = pread(fileno(captured[fd]), buf + got, n + 1 - got, (off_t)got)) <= 0) break;
    bool same = got == n && memcmp(buf, s, n) == 0;
    free(buf);
    return same;
}

static struct shim_test *suite_of(const struct shim_test *t)
{
    for (size_t i = 0; i < ntests; i++)
        if (tests[i]->is_suite && !strcmp(tests[i]->suite, t->suite)) return tests[i];
    return NULL;
}

/* Runs [r] in this (child) process and exits: the suite's init, the test's
** init, the body, the test's fini and the suite's fini, as Criterion does. The
** finis run even after a failed assertion. */
static __attribute__((noreturn)) void run_child(const Run *r, Result *res)
{
    const struct shim_test *t = r->t, *s = suite_of(t);
    result = res;
    report_fd = dup(2);
    test_thread = pthread_self();
    if (!setjmp(test_exit)) {
        if (s && s->init) s->init();
        if (t->init) t->init();
        if (t->pfn) {
            struct criterion_test_params p = t->params();
            t->pfn((char *)p.params + r->param * p.size);
        } else {
            t->fn();
        }
    }
    if (!setjmp(test_exit)) {
        if (t->fini) t->fini();
        if (s && s->fini) s->fini();
    }
    exit(0);
}

/* {=====================================================================
** The parent
** ====================================================================== */

typedef struct Slot {
    pid_t pid;                  /* 0: free */
    const Run *run;
    struct timespec start;
    double timeout;             /* seconds, 0 for none */
    bool timed_out;
} Slot;

typedef struct Stats { int tested, passing, failing, crashing, skipped; } Stats;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double since(const Slot *s)
{
    return now() - ((double)s->start.tv_sec + (double)s->start.tv_nsec / 1e9);
}

static int by_name(const void *a, const void *b)
{
    const struct shim_test *x = *(struct shim_test *const *)a, *y = *(struct shim_test *const *)b;
    int c = strcmp(x->suite, y->suite);
    return c ? c : strcmp(x->name, y->name);
}

/* Reports how the child of [s] ended (wait status [st]) and counts it. */
static void finish(Slot *s, int st, const Result *res, Stats *stats, bool verbose)
{
    const struct shim_test *t = s->run->t, *su = suite_of(t);
    int want_signal = t->signal ? t->signal : su ? su->signal : 0;
    int want_exit = t->exit_code ? t->exit_code : su ? su->exit_code : 0;
    double secs = since(s);
    if (res->skipped) {
        stats->skipped++;
        fprintf(stderr, "[SKIP] %s::%s: %s\n", t->suite, t->name, res->why[0] == ' ' ? res->why + 1 : res->why);
        return;
    }
    stats->tested++;
    if (s->timed_out) {
        stats->crashing++;
        fprintf(stderr, "[FAIL] %s::%s: Timed out. (%.2fs)\n", t->suite, t->name, secs);
    } else if (WIFSIGNALED(st) && WTERMSIG(st) != want_signal) {
        stats->crashing++;
        fprintf(stderr, "[----] %s: Unexpected signal caught below this line!\n", t->file);
        fprintf(stderr, "[FAIL] %s::%s: CRASH! (signal %d: %s)\n", t->suite, t->name, WTERMSIG(st),
               strsignal(WTERMSIG(st)));
    } else if (res->failed) {
        stats->failing++;
        fprintf(stderr, "[FAIL] %s::%s: (%.2fs)\n", t->suite, t->name, secs);
    } else if (want_signal && !WIFSIGNALED(st)) {
        stats->failing++;
        fprintf(stderr, "[FAIL] %s::%s: exited with code %d, expected signal %d (%s)\n", t->suite, t->name,
               WEXITSTATUS(st), want_signal, strsignal(want_signal));
    } else if (!want_signal && WEXITSTATUS(st) != want_exit) {
        stats->failing++;
        fprintf(stderr, "[FAIL] %s::%s: exited with code %d, expected %d\n", t->suite, t->name,
               WEXITSTATUS(st), want_exit);
    } else {
        stats->passing++;
        if (verbose) fprintf(stderr, "[PASS] %s::%s: (%.2fs)\n", t->suite, t->name, secs);
    }
}

static void usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [--jobs N] [--filter PATTERN] [--timeout S] [--list] [--verbose]\n", argv0);
}

/* The value of option [name] at argv[*i] ("--name=V", "--name V"), or NULL. */
static const char *optval(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n)) return NULL;
    if (argv[*i][n] == '=') return argv[*i] + n + 1;
    if (argv[*i][n] == '\0' && *i + 1 < argc) return argv[++*i];
    return NULL;
}

int main(int argc, char **argv)
{
    int jobs = 1;
    const char *filter = NULL, *v;
    double deftimeout = 0, scale = 1;
    bool list = false, verbose = false;
    for (int i = 1; i < argc; i++) {
        if ((v = optval(argc, argv, &i, "--jobs"))) jobs = atoi(v);
        else if (!strncmp(argv[i], "-j", 2) && argv[i][2]) jobs = atoi(argv[i] + 2);
        else if ((v = optval(argc, argv, &i, "--filter"))) filter = v;
        else if ((v = optval(argc, argv, &i, "--timeout"))) deftimeout = atof(v);
        else if (!strcmp(argv[i], "--list") || !strcmp(argv[i], "-l")) list = true;
        else if (!strncmp(argv[i], "--verbose", 9)) verbose = true;
        else { usage(argv[0]); return 2; }
    }
    if (jobs < 1) jobs = 1;
    if ((v = getenv("SHIM_TIMEOUT_SCALE")) && atof(v) > 0) scale = atof(v);

    /* The runs: one per test, one per element of a parameterized test. */
    qsort(tests, ntests, sizeof *tests, by_name);
    Run *runs = NULL;
    size_t nruns = 0;
    for (size_t i = 0; i < ntests; i++) {
        struct shim_test *t = tests[i], *s = suite_of(t);
        char full[512];
        snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
        if (t->is_suite || t->disabled || (s && s->disabled)) continue;
        if (filter && fnmatch(filter, full, 0)) continue;
        size_t n = t->pfn ? t->params().length : 1;
        runs = realloc(runs, (nruns + n) * sizeof *runs);
        if (!runs) { perror("criterion shim"); return 1; }
        for (size_t k = 0; k < n; k++) runs[nruns++] = (Run){ t, k };
        if (list) printf("%s: %zu test%s\n", full, n, n == 1 ? "" : "s");
    }
    if (list) return 0;

    Result *res = mmap(NULL, (size_t)jobs * sizeof *res, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    Slot *slots = calloc((size_t)jobs, sizeof *slots);
    if (res == MAP_FAILED || !slots) { perror("criterion shim"); return 1; }
    Stats stats = { 0 };
    size_t next = 0;
    int running = 0;
    while (next < nruns || running > 0) {
        /* Start runs while a slot is free. */
        for (int j = 0; j < jobs && next < nruns; j++) {
            if (slots[j].pid) continue;
            const Run *r = &runs[next++];
            const struct shim_test *s = suite_of(r->t);
            memset(&res[j], 0, sizeof res[j]);
            fflush(NULL);
            pid_t pid = fork();
            if (pid < 0) { perror("criterion shim: fork"); return 1; }
            if (pid == 0) run_child(r, &res[j]);
            double to = r->t->timeout ? r->t->timeout : s && s->timeout ? s->timeout : deftimeout;
            slots[j] = (Slot){ .pid = pid, .run = r, .timeout = to * scale };
            clock_gettime(CLOCK_MONOTONIC, &slots[j].start);
            running++;
        }
        /* Reap a finished child, or kill one past its time. */
        int st;
        pid_t pid = waitpid(-1, &st, WNOHANG);
        if (pid < 0 && errno != EINTR) { perror("criterion shim: waitpid"); return 1; }
        for (int j = 0; j < jobs; j++) {
            Slot *s = &slots[j];
            if (!s->pid) continue;
            if (pid == s->pid) {
                finish(s, st, &res[j], &stats, verbose);
                s->pid = 0;
                running--;
            } else if (s->timeout > 0 && !s->timed_out && since(s) > s->timeout) {
                s->timed_out = true;
                kill(s->pid, SIGKILL);
            }
        }
        if (pid <= 0) nanosleep(&(struct timespec){ 0, 2000000 }, NULL);
    }
    fprintf(stderr, "[====] Synthesis: Tested: %d | Passing: %d | Failing: %d | Crashing: %d",
            stats.tested, stats.passing, stats.failing, stats.crashing);
    if (stats.skipped) fprintf(stderr, " | Skipped: %d", stats.skipped);
    fprintf(stderr, " \n");
    free(runs);
    free(slots);
    return stats.passing == stats.tested ? 0 : 1;
}
