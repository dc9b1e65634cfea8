/*
** test_int.h — what the two halves of `tfrun test` share: test.c (headers,
** discovery, running children, the poll loop, options) and test_judge.c
** (judging a finished test, its report, the JSON and xUnit files, the
** slowest-tests list). Private to cli/.
*/
#ifndef TFRUN_CLI_TEST_INT_H
#define TFRUN_CLI_TEST_INT_H

#include <stddef.h>
#include <sys/types.h>
#include "base/strbuf.h"

/* Output kept per test; more is drained and discarded, and the test fails.
** 64 MiB is far beyond any golden output and small enough for -j 64. */
#define MAX_OUTPUT (64u << 20)
/* Lines of output shown under a failure that is not a CHECK failure. */
#define SHOW_LINES 20
#define DEFAULT_TIMEOUT 60.0

typedef struct test {
    char *path;
    char *name;              /* how reports name it: the path, and a variant's options */
    StrBuf text;                /* the file */
    char **args; int nargs;  /* from // ARGS: (and a variant's options) */
    char **variants; int nvariants;   /* // VARIANTS: lines, each one more run */
    int variant;             /* a variant's run (no .out update, no variants of its own) */
    int exit_expected;
    int mode;                /* M_RUN, M_OPT, M_REPL */
    char *skip;              /* reason, when // SKIP: */
    StrBuf error;               /* set up failed: why (the test is not run) */
    int has_checks;
    int verify_checks;       /* --verify-diagnostics with expected-* annotations */
    char **runs; int *run_lines; int nruns;   /* lit RUN lines, joined */
    int xfail;               /* XFAIL: matches: expected to fail */
    char *unsupported;       /* why it does not run here (UNSUPPORTED:, REQUIRES:) */
    double t_start, t_end;
    int empty_dir;           /* a pseudo-test: a directory without tests */

    pid_t pid;
    int fd;                  /* read end of the output pipe, -1 when closed */
    StrBuf out;
    int truncated, timed_out, reaped, status;
    double deadline;
    int done;
    int result;              /* R_PASS, R_FAIL, R_SKIP */
    StrBuf report;              /* what to print for it */
} test;

enum { R_PASS, R_FAIL, R_SKIP, R_XFAIL };
enum { M_RUN, M_OPT, M_REPL };   /* ORDER MODE: mode_names */
extern const char *const mode_names[];

typedef struct runner {
    int update, jobs, verbose, time_tests, progress;
    int quiet;               /* --json on stdout: no report lines, no summary */
    const char *json, *xunit;
    const char *exec_root;   /* --exec-root: where RUN lines run (NULL: their own temporary directory) */
    char *tmp;               /* the run's temporary directory (lit tests), or NULL */
    char *exe_path;          /* the executable as an absolute path (RUN lines) */
    int xfailed;
    double timeout;
    const char *exe;         /* executable to run, argv[0] for it */
    const char *exe_name;
    test *tests; size_t ntests, cap;
    int passed, failed, skipped;
} runner;

/* test.c */
void tr_indent(StrBuf *b, const char *s, size_t n, const char *indent);
double tr_now(void);
int tr_read_file(const char *path, StrBuf *out);
const char *tr_signal_name(int sig);
/* test_judge.c: judging a finished test and the reports */
void tr_settle(test *t);
void tr_finish(runner *r, test *t);
void tr_print_result(runner *r, test *t);
int tr_write_reports(runner *r);
void tr_print_times(runner *r);

#endif
