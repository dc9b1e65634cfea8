/*
** test.c — `tfrun test [--update] [-j N] [--timeout S] [-v] [PATH...]`, the
** golden-file test runner (spec/tfrun.md §3).
**
** Each test is one `*.mlir` file. The runner reads its header lines
**
**   // ARGS: <options>     extra options, split like a shell does (quotes, \);
**                          several ARGS lines add up
**   // EXIT: <status>      expected exit status (default 0)
**   // MODE: opt           run `tfrun opt ARGS FILE` instead of `tfrun run ARGS FILE`
**   // MODE: repl          run `tfrun repl ARGS` with FILE as its standard input
**                          (a transcript: commands, MLIR and CHECK lines)
**   // SKIP: <reason>      do not run it; counted as skipped
**
** runs the file in a child process (this same executable, /proc/self/exe, or
** $TFRUN_TEST_EXE when set: tests of the runner substitute a script) with a
** time limit and stdout+stderr combined into one pipe, and judges it: first the
** exit status (a crash by its signal name, a timeout as such), then the file's
** own FileCheck directives (cli/filecheck.h) against the output, then, if
** FILE.mlir.out exists, the output against it byte for byte. --update writes
** FILE.mlir.out for every selected test without CHECK directives.
**
** Tests run concurrently (-j, default: one per CPU) from one thread: a poll
** loop over the children's pipes. Results are printed in discovery order; the
** last line is always `N passed, N failed[, N skipped]`.
*/
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/filecheck.h"
#include "interp/strbuf.h"

/* Output kept per test; more is drained and discarded, and the test fails.
** 64 MiB is far beyond any golden output and small enough for -j 64. */
#define MAX_OUTPUT (64u << 20)
/* Lines of output shown under a failure that is not a CHECK failure. */
#define SHOW_LINES 20
#define DEFAULT_TIMEOUT 60.0

static const char usage_text[] =
    "usage: tfrun test [--update] [-j N] [--timeout SECONDS] [-v] [PATH...]\n"
    "\n"
    "Runs every *.mlir file under each PATH (default: testdata/), sorted, each in\n"
    "a child process (`tfrun run ARGS FILE`; `tfrun opt ARGS FILE` with\n"
    "`// MODE: opt`; `tfrun repl ARGS < FILE` with `// MODE: repl`), with stdout\n"
    "and stderr captured together, and checks:\n"
    "  1. the exit status: `// EXIT: N` (default 0); a crash or timeout fails;\n"
    "  2. the file's FileCheck directives (CHECK, CHECK-NEXT, CHECK-SAME,\n"
    "     CHECK-NOT, CHECK-DAG, CHECK-LABEL, CHECK-EMPTY, CHECK-COUNT-N, with\n"
    "     {{regex}}, [[VAR:regex]] and [[VAR]]) against the output, as LLVM\n"
    "     FileCheck --allow-empty does;\n"
    "  3. if FILE.mlir.out exists, that the output equals it byte for byte.\n"
    "Header lines: `// ARGS: <options>` (split like a shell does), `// EXIT: N`,\n"
    "`// MODE: opt|repl|run`, `// SKIP: reason`.\n"
    "\n"
    "Options:\n"
    "  --update          write FILE.mlir.out from the output of every selected\n"
    "                    test that has no CHECK directives (and exits as expected)\n"
    "  -j N, --jobs=N    run N tests at once (default: the number of CPUs)\n"
    "  --timeout=SECONDS time limit per test (default 60)\n"
    "  -v, --verbose     also print a PASS line for each passing test\n"
    "  -h, --help        print this help\n"
    "\n"
    "Each failure prints `FAIL FILE: reason` (`FAIL FILE:LINE: message` when a\n"
    "CHECK directive fails, LINE being the directive's) and details, FileCheck's\n"
    "messages among them (the output is `<stdin>`). The last line is\n"
    "`N passed, N failed` (`, N skipped` when tests were skipped). Exit status 0\n"
    "iff nothing failed, 1 otherwise, 2 for a usage error.\n"
    "Tests run from the current directory: paths in ARGS are relative to it.\n"
    "Environment: TFRUN_TEST_EXE replaces the tfrun executable run for each test.\n";

/* {===================================================================
** Small helpers
** ==================================================================== */

/* Appends [s, s+n) to [b] with every line prefixed by [indent]. */
static void b_indent(StrBuf *b, const char *s, size_t n, const char *indent)
{
    size_t i = 0;
    while (i < n) {
        size_t e = i;
        while (e < n && s[e] != '\n') e++;
        sb_adds(b, indent);
        sb_addn(b, s + i, e - i);
        sb_addc(b, '\n');
        i = e + 1;
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads a whole file. Returns 0 and sets errno on failure. */
static int read_file(const char *path, StrBuf *out)
{
    FILE *f = fopen(path, "rbe");
    if (!f) return 0;
    bool ok = sb_read(out, f);
    int e = errno;
    fclose(f);
    errno = e;
    return ok;
}

/* The name of signal [sig] ("SIGSEGV"). */
static const char *signal_name(int sig)
{
    static const struct { int sig; const char *name; } names[] = {
        {SIGHUP, "SIGHUP"}, {SIGINT, "SIGINT"}, {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
        {SIGTRAP, "SIGTRAP"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"}, {SIGFPE, "SIGFPE"},
        {SIGKILL, "SIGKILL"}, {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"},
        {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"},
        {SIGXFSZ, "SIGXFSZ"}, {SIGSYS, "SIGSYS"},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].sig == sig) return names[i].name;
    return NULL;
}

/* }=================================================================== */

/* {===================================================================
** Tests and their headers
** ==================================================================== */

typedef struct test {
    char *path;
    StrBuf text;                /* the file */
    char **args; int nargs;  /* from // ARGS: */
    int exit_expected;
    int mode;                /* M_RUN, M_OPT, M_REPL */
    char *skip;              /* reason, when // SKIP: */
    StrBuf error;               /* set up failed: why (the test is not run) */
    int has_checks;

    pid_t pid;
    int fd;                  /* read end of the output pipe, -1 when closed */
    StrBuf out;
    int truncated, timed_out, reaped, status;
    double deadline;
    int done;
    int result;              /* R_PASS, R_FAIL, R_SKIP */
    StrBuf report;              /* what to print for it */
} test;

enum { R_PASS, R_FAIL, R_SKIP };
enum { M_RUN, M_OPT, M_REPL };   /* ORDER MODE: mode_names */
static const char *const mode_names[] = {"run", "opt", "repl"};

typedef struct runner {
    int update, jobs, verbose;
    double timeout;
    const char *exe;         /* executable to run, argv[0] for it */
    const char *exe_name;
    test *tests; size_t ntests, cap;
    int passed, failed, skipped;
} runner;

static test *add_test(runner *r, const char *path)
{
    if (r->ntests == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        test *t = realloc(r->tests, sizeof *t * cap);
        if (!t) return NULL;
        r->tests = t;
        r->cap = cap;
    }
    test *t = &r->tests[r->ntests++];
    memset(t, 0, sizeof *t);
    t->path = strdup(path);
    t->fd = -1;
    t->pid = -1;
    return t;
}

static void free_test(test *t)
{
    free(t->path);
    free(t->text.p);
    for (int i = 0; i < t->nargs; i++) free(t->args[i]);
    free(t->args);
    free(t->skip);
    free(t->error.p);
    free(t->out.p);
    free(t->report.p);
}

static void push_arg(test *t, const char *s, size_t n)
{
    char **a = realloc(t->args, sizeof *a * (size_t)(t->nargs + 1));
    if (!a) return;
    t->args = a;
    a[t->nargs] = malloc(n + 1);
    if (!a[t->nargs]) return;
    memcpy(a[t->nargs], s, n);
    a[t->nargs][n] = 0;
    t->nargs++;
}

/* Splits [s, s+n) into words as a POSIX shell does, without expansions:
** whitespace separates, '...' is literal, "..." keeps \" \\ \$ \` escapes,
** a backslash outside quotes quotes the next character. Returns NULL or an
** error message. */
static const char *split_args(test *t, const char *s, size_t n)
{
    size_t i = 0;
    StrBuf w = {0};
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i >= n) break;
        w.n = 0;
        sb_addn(&w, "", 0);
        while (i < n && s[i] != ' ' && s[i] != '\t') {
            char ch = s[i++];
            if (ch == '\'') {
                size_t e = i;
                while (e < n && s[e] != '\'') e++;
                if (e >= n) { free(w.p); return "unterminated ' quote"; }
                sb_addn(&w, s + i, e - i);
                i = e + 1;
            } else if (ch == '"') {
                for (;;) {
                    if (i >= n) { free(w.p); return "unterminated \" quote"; }
                    ch = s[i++];
                    if (ch == '"') break;
                    if (ch == '\\' && i < n && strchr("\"\\$`", s[i])) ch = s[i++];
                    sb_addc(&w, ch);
                }
            } else if (ch == '\\') {
                if (i >= n) { free(w.p); return "trailing backslash"; }
                sb_addn(&w, &s[i++], 1);
            } else {
                sb_addc(&w, ch);
            }
        }
        push_arg(t, w.p, w.n);
    }
    free(w.p);
    return NULL;
}

/* Matches a header line `// KEY: value` in [s, s+n); sets *v to the value
** with surrounding whitespace removed. */
static int header(const char *s, size_t n, const char *key, const char **v, size_t *vn)
{
    size_t i = 0, k = strlen(key);
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (n - i < 2 || s[i] != '/' || s[i + 1] != '/') return 0;
    i += 2;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (n - i < k + 1 || memcmp(s + i, key, k) || s[i + k] != ':') return 0;
    i += k + 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
    *v = s + i;
    *vn = n - i;
    return 1;
}

/* Records why [t] cannot run; only the first problem is kept. */
static void set_error(test *t, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    if (t->error.n) return;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    sb_printf(&t->error, "%s\n", tmp);
}

/* Reads [t]'s file and its header lines. Problems go to t->error. */
static void load_test(test *t)
{
    if (!read_file(t->path, &t->text)) {
        set_error(t, "cannot read the test file: %s", strerror(errno));
        return;
    }
    const char *s = t->text.p;
    size_t n = t->text.n, line = 0;
    int seen_exit = 0, seen_mode = 0;
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && s[e] != '\n') e++;
        const char *v;
        size_t vn;
        line++;
        if (header(s + i, e - i, "ARGS", &v, &vn)) {
            const char *msg = split_args(t, v, vn);
            if (msg) set_error(t, "line %zu: malformed // ARGS: line: %s", line, msg);
        } else if (header(s + i, e - i, "EXIT", &v, &vn)) {
            char tmp[16];
            char *end;
            long st = -1;
            if (vn > 0 && vn < sizeof tmp) {
                memcpy(tmp, v, vn);
                tmp[vn] = 0;
                st = strtol(tmp, &end, 10);
                if (*end || tmp[0] == '-' || tmp[0] == '+') st = -1;
            }
            if (seen_exit++) set_error(t, "line %zu: duplicate // EXIT: line", line);
            else if (st < 0 || st > 255)
                set_error(t, "line %zu: // EXIT: wants a status from 0 to 255, not '%.*s'",
                          line, (int)vn, v);
            else t->exit_expected = (int)st;
        } else if (header(s + i, e - i, "MODE", &v, &vn)) {
            if (seen_mode++) set_error(t, "line %zu: duplicate // MODE: line", line);
            else {
                int m = -1;
                for (int k = 0; k < 3; k++)
                    if (strlen(mode_names[k]) == vn && !memcmp(v, mode_names[k], vn)) m = k;
                if (m < 0) set_error(t, "line %zu: // MODE: wants 'run', 'opt' or 'repl', not '%.*s'",
                                     line, (int)vn, v);
                else t->mode = m;
            }
        } else if (header(s + i, e - i, "SKIP", &v, &vn)) {
            free(t->skip);
            t->skip = vn ? strndup(v, vn) : strdup("no reason given");
        }
        i = e + 1;
    }
    t->has_checks = fc_has_directives(s, n, "CHECK");
}

/* }=================================================================== */

/* {===================================================================
** Discovery
** ==================================================================== */

static int ends_with(const char *s, const char *suf)
{
    size_t n = strlen(s), k = strlen(suf);
    return n >= k && !strcmp(s + n - k, suf);
}

typedef struct names { char **v; size_t n, cap; } names;

static void names_add(names *ns, char *s)
{
    if (!s) return;
    if (ns->n == ns->cap) {
        size_t cap = ns->cap ? ns->cap * 2 : 64;
        char **v = realloc(ns->v, sizeof *v * cap);
        if (!v) { free(s); return; }
        ns->v = v;
        ns->cap = cap;
    }
    ns->v[ns->n++] = s;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects the *.mlir files under directory [dir] (hidden entries and
** symbolic links to directories are skipped). */
static void walk(const char *dir, names *out, int depth)
{
    DIR *d = opendir(dir);
    if (!d || depth > 64) { if (d) closedir(d); return; }
    struct dirent *e;
    size_t dn = strlen(dir);
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        size_t len = dn + strlen(e->d_name) + 2;
        char *p = malloc(len);
        if (!p) break;
        snprintf(p, len, "%s%s%s", dir, dn && dir[dn - 1] == '/' ? "" : "/", e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            walk(p, out, depth + 1);
            free(p);
        } else if (ends_with(p, ".mlir") && stat(p, &st) == 0 && S_ISREG(st.st_mode)) {
            names_add(out, p);
        } else {
            free(p);
        }
    }
    closedir(d);
}

/* Adds the tests named by [path]; a problem becomes a failing pseudo-test. */
static void discover(runner *r, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        test *t = add_test(r, path);
        if (t) set_error(t, "%s", strerror(errno));
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        test *t = add_test(r, path);
        if (t) load_test(t);
        return;
    }
    names ns = {0};
    walk(path, &ns, 0);
    if (ns.n == 0) {
        test *t = add_test(r, path);
        if (t) set_error(t, "no *.mlir tests found in this directory");
    }
    if (ns.n) qsort(ns.v, ns.n, sizeof *ns.v, cmp_names);
    for (size_t i = 0; i < ns.n; i++) {
        test *t = add_test(r, ns.v[i]);
        if (t) load_test(t);
        free(ns.v[i]);
    }
    free(ns.v);
}

/* }=================================================================== */

/* {===================================================================
** Running children
** ==================================================================== */

/* Starts [t]'s child. Returns 0 (and records why) if it could not start. */
static int start(runner *r, test *t)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        set_error(t, "cannot create a pipe: %s", strerror(errno));
        return 0;
    }
    /* A repl transcript is the child's standard input; other modes read
    ** nothing from it. */
    int in = open(t->mode == M_REPL ? t->path : "/dev/null", O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        set_error(t, "cannot open %s: %s", t->mode == M_REPL ? t->path : "/dev/null", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return 0;
    }
    int argc = t->nargs + 3;
    char **argv = calloc((size_t)argc + 1, sizeof *argv);
    if (!argv) { close(fds[0]); close(fds[1]); close(in); return 0; }
    argv[0] = (char *)r->exe_name;
    argv[1] = (char *)mode_names[t->mode];
    for (int i = 0; i < t->nargs; i++) argv[2 + i] = t->args[i];
    if (t->mode != M_REPL) argv[2 + t->nargs] = t->path;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        set_error(t, "cannot fork: %s", strerror(errno));
        free(argv);
        close(fds[0]);
        close(fds[1]);
        close(in);
        return 0;
    }
    if (pid == 0) {
        /* The child: input and output, then exec. Only async-signal-safe
        ** calls from here on. */
        dup2(in, 0);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        execv(r->exe, argv);
        static const char msg[] = "tfrun test: cannot execute ";
        ssize_t k = write(2, msg, sizeof msg - 1);
        k = write(2, r->exe, strlen(r->exe));
        k = write(2, "\n", 1);
        (void)k;
        _exit(127);
    }
    free(argv);
    close(fds[1]);
    close(in);
    t->pid = pid;
    t->fd = fds[0];
    t->deadline = now() + r->timeout;
    return 1;
}

/* Reads what is available from [t]'s pipe; closes it at end of file. */
static void drain(test *t)
{
    char tmp[65536];
    for (;;) {
        ssize_t k = read(t->fd, tmp, sizeof tmp);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (k < 0 && errno == EAGAIN) return;
            close(t->fd);
            t->fd = -1;
            return;
        }
        if (t->out.n + (size_t)k > MAX_OUTPUT) t->truncated = 1;
        else sb_addn(&t->out, tmp, (size_t)k);
        return;
    }
}

/* }=================================================================== */

/* {===================================================================
** Judging
** ==================================================================== */

/* Appends up to SHOW_LINES lines of [t]'s output (the last ones when
** [tail]), indented. */
static void show_output(test *t, int tail)
{
    const char *s = t->out.p ? t->out.p : "";
    size_t n = t->out.n, lines = 0;
    if (n == 0) { sb_printf(&t->report, "    (no output)\n"); return; }
    for (size_t i = 0; i < n; i++) lines += s[i] == '\n';
    if (s[n - 1] != '\n') lines++;
    size_t from = 0, to = n;
    if (lines > SHOW_LINES) {
        size_t k = 0;
        if (tail) {
            for (from = n; from > 0; from--)
                if (s[from - 1] == '\n' && from != n && ++k == SHOW_LINES) break;
            sb_printf(&t->report, "    output (last %d of %zu lines):\n", SHOW_LINES, lines);
        } else {
            for (to = 0; to < n; to++)
                if (s[to] == '\n' && ++k == SHOW_LINES) { to++; break; }
            sb_printf(&t->report, "    output (first %d of %zu lines):\n", SHOW_LINES, lines);
        }
    } else {
        sb_printf(&t->report, "    output:\n");
    }
    b_indent(&t->report, s + from, to - from, "    | ");
}

/* Splits [s, s+n) into lines: fills starts[] (k+1 entries). Returns k. */
static size_t line_index(const char *s, size_t n, size_t **starts)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += s[i] == '\n';
    if (n && s[n - 1] != '\n') k++;
    *starts = malloc(sizeof **starts * (k + 1));
    if (!*starts) return 0;
    size_t j = 0;
    (*starts)[j++] = 0;
    for (size_t i = 0; i < n && j <= k; i++)
        if (s[i] == '\n') (*starts)[j++] = i + 1;
    (*starts)[k] = n;
    return k;
}

static void diff_line(StrBuf *b, char mark, const char *s, size_t *st, size_t i, size_t n)
{
    size_t a = st[i], e = st[i + 1];
    int nl = e > a && s[e - 1] == '\n';
    sb_printf(b, "    %c", mark);
    sb_addn(b, s + a, e - a - (size_t)nl);
    sb_addc(b, '\n');
    if (!nl && e == n) sb_printf(b, "    \\ No newline at end of file\n");
}

/* Shows the first difference between [exp] and [act] as a short unified
** diff hunk: two lines of context, then up to three lines of each side. */
static void show_diff(StrBuf *b, const char *exp, size_t en, const char *act, size_t an)
{
    size_t *es = NULL, *as = NULL;
    size_t ek = line_index(exp, en, &es), ak = line_index(act, an, &as);
    if ((!es && en) || (!as && an)) { free(es); free(as); return; }
    size_t i = 0;
    while (i < ek && i < ak && es[i + 1] - es[i] == as[i + 1] - as[i] &&
           !memcmp(exp + es[i], act + as[i], es[i + 1] - es[i]))
        i++;
    size_t c0 = i >= 2 ? i - 2 : 0;
    size_t e1 = i + 3 < ek ? i + 3 : ek, a1 = i + 3 < ak ? i + 3 : ak;
    sb_printf(b, "    --- expected\n    +++ actual\n    @@ -%zu +%zu @@\n", c0 + 1, c0 + 1);
    for (size_t k = c0; k < i; k++) diff_line(b, ' ', exp, es, k, en);
    for (size_t k = i; k < e1; k++) diff_line(b, '-', exp, es, k, en);
    for (size_t k = i; k < a1; k++) diff_line(b, '+', act, as, k, an);
    free(es);
    free(as);
}

static int write_out(const char *path, const char *s, size_t n, StrBuf *err)
{
    size_t len = strlen(path) + 16;
    char *tmp = malloc(len);
    if (!tmp) return 0;
    snprintf(tmp, len, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(s, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = 0;
    if (ok && rename(tmp, path) != 0) ok = 0;
    if (!ok) {
        sb_printf(err, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

static void fail(test *t, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    t->result = R_FAIL;
    sb_printf(&t->report, "FAIL %s: %s\n", t->path, tmp);
}

/* The FAIL line of a CHECK failure names the directive: the first message
** of the matcher, `PATH:LINE:COL: error: MSG`, becomes `FAIL PATH:LINE: MSG`. */
static void fail_check(test *t, const char *msg, int malformed)
{
    size_t n = strlen(t->path);
    const char *p = msg;
    if (p && !strncmp(p, t->path, n) && p[n] == ':') {
        const char *line = p + n + 1, *q = line;
        while (*q >= '0' && *q <= '9') q++;
        const char *col = q + 1;
        if (q > line && *q == ':') {
            q = col;
            while (*q >= '0' && *q <= '9') q++;
            if (q > col && !strncmp(q, ": error: ", 9)) {
                const char *m = q + 9;
                t->result = R_FAIL;
                sb_printf(&t->report, "FAIL %s:%.*s: %.*s\n", t->path, (int)(col - 1 - line), line,
                         (int)strcspn(m, "\n"), m);
                return;
            }
        }
    }
    fail(t, malformed ? "malformed CHECK directives" : "CHECK directives do not match the output");
}

/* Decides [t]'s result from its exit status and output. */
static void judge(runner *r, test *t)
{
    const char *out = t->out.p ? t->out.p : "";
    t->result = R_PASS;
    if (t->timed_out) {
        fail(t, "timed out after %g s", r->timeout);
        show_output(t, 1);
        return;
    }
    if (t->truncated) {
        fail(t, "output exceeds %u MiB", MAX_OUTPUT >> 20);
        return;
    }
    if (WIFSIGNALED(t->status)) {
        int sig = WTERMSIG(t->status);
        const char *name = signal_name(sig);
        if (name) fail(t, "crashed with signal %s (%s)", name, strsignal(sig));
        else fail(t, "crashed with signal %d (%s)", sig, strsignal(sig));
        show_output(t, 1);
        return;
    }
    int code = WIFEXITED(t->status) ? WEXITSTATUS(t->status) : -1;
    if (code != t->exit_expected) {
        fail(t, "exit status %d, expected %d", code, t->exit_expected);
        show_output(t, 0);
        return;
    }
    if (t->has_checks) {
        char *msg = NULL;
        size_t msglen = 0;
        FILE *f = open_memstream(&msg, &msglen);
        fc_options o = {"CHECK", t->path, "<stdin>", 1};
        int rc = fc_check(t->text.p, t->text.n, out, t->out.n, &o, f);
        if (f) fclose(f);
        if (rc != FC_PASS) {
            fail_check(t, msg, rc == FC_ERROR);
            if (msg) b_indent(&t->report, msg, msglen, "    ");
            free(msg);
            return;
        }
        free(msg);
    }
    size_t plen = strlen(t->path) + 5;
    char *outpath = malloc(plen);
    if (!outpath) return;
    snprintf(outpath, plen, "%s.out", t->path);
    StrBuf golden = {0};
    int exists = access(outpath, F_OK) == 0;
    if (r->update && !t->has_checks) {
        int same = exists && read_file(outpath, &golden) && golden.n == t->out.n &&
                   !memcmp(golden.p, out, t->out.n);
        if (!same) {
            StrBuf err = {0};
            if (write_out(outpath, out, t->out.n, &err)) {
                sb_printf(&t->report, "UPDATED %s\n", outpath);
            } else {
                fail(t, "%s", err.p ? err.p : "cannot write the .out file");
            }
            free(err.p);
        }
    } else if (exists) {
        if (!read_file(outpath, &golden)) {
            fail(t, "cannot read %s: %s", outpath, strerror(errno));
        } else if (golden.n != t->out.n || memcmp(golden.p, out, t->out.n)) {
            fail(t, "output differs from %s", outpath);
            show_diff(&t->report, golden.p, golden.n, out, t->out.n);
        }
    }
    free(golden.p);
    free(outpath);
}

/* Sets [t]'s result without running it (set-up error or skip). */
static void settle(test *t)
{
    t->done = 1;
    if (t->error.n) {
        t->result = R_FAIL;
        sb_printf(&t->report, "FAIL %s: ", t->path);
        sb_addn(&t->report, t->error.p, t->error.n);
    } else {
        t->result = R_SKIP;
        sb_printf(&t->report, "SKIP %s: %s\n", t->path, t->skip);
    }
}

/* }=================================================================== */

static void finish(runner *r, test *t)
{
    if (t->fd >= 0) { close(t->fd); t->fd = -1; }
    judge(r, t);
    t->done = 1;
    /* Only the report is needed from now on. */
    free(t->out.p);
    free(t->text.p);
    memset(&t->out, 0, sizeof t->out);
    memset(&t->text, 0, sizeof t->text);
}

static void print_result(runner *r, test *t)
{
    if (t->result == R_PASS) {
        r->passed++;
        if (r->verbose) printf("PASS %s\n", t->path);
        if (t->report.n) fputs(t->report.p, stdout);
    } else {
        if (t->result == R_FAIL) r->failed++;
        else r->skipped++;
        fputs(t->report.p ? t->report.p : "", stdout);
    }
    fflush(stdout);
}

/* The poll loop: keeps up to r->jobs children running and prints results
** in order as soon as they are known. */
static void run_all(runner *r)
{
    size_t next = 0, printed = 0, running = 0;
    struct pollfd *pfd = calloc((size_t)r->jobs + 1, sizeof *pfd);
    test **live = calloc((size_t)r->jobs + 1, sizeof *live);
    if (!pfd || !live) { free(pfd); free(live); return; }
    while (printed < r->ntests) {
        while (running < (size_t)r->jobs && next < r->ntests) {
            test *t = &r->tests[next++];
            if (t->error.n || t->skip) { settle(t); continue; }
            if (!start(r, t)) { settle(t); continue; }
            live[running++] = t;
        }
        while (printed < r->ntests && r->tests[printed].done) print_result(r, &r->tests[printed++]);
        if (running == 0) continue;

        /* Wait for output, an exit or the nearest deadline. */
        double t0 = now(), wait = 1e9;
        int nfd = 0, need_reap = 0;
        for (size_t i = 0; i < running; i++) {
            double left = live[i]->deadline - t0;
            if (left < wait) wait = left;
            if (live[i]->fd >= 0) {
                pfd[nfd].fd = live[i]->fd;
                pfd[nfd].events = POLLIN;
                pfd[nfd].revents = 0;
                nfd++;
            } else {
                need_reap = 1;
            }
        }
        if (need_reap && wait > 0.01) wait = 0.01;
        int ms = wait <= 0 ? 0 : (int)(wait * 1000) + 1;
        if (poll(pfd, (nfds_t)nfd, ms) < 0 && errno != EINTR) break;
        for (size_t i = 0; i < running; i++)
            for (int k = 0; k < nfd; k++)
                if (pfd[k].fd == live[i]->fd && pfd[k].revents) drain(live[i]);

        t0 = now();
        for (size_t i = 0; i < running;) {
            test *t = live[i];
            int st = 0;
            if (t->fd < 0 && waitpid(t->pid, &st, WNOHANG) == t->pid) {
                t->status = st;
                finish(r, t);
            } else if (t0 >= t->deadline) {
                kill(t->pid, SIGKILL);
                while (waitpid(t->pid, &st, 0) < 0 && errno == EINTR) {}
                t->status = st;
                t->timed_out = 1;
                finish(r, t);
            } else {
                i++;
                continue;
            }
            live[i] = live[--running];
        }
    }
    free(pfd);
    free(live);
}

static int usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "tfrun test: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nRun `tfrun test --help` for usage.\n");
    return 2;
}

/* Parses a positive count for -j. */
static int parse_jobs(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < 1 || v > 1024) return 0;
    *out = (int)v;
    return 1;
}

static int parse_timeout(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || !(v > 0) || v > 1e6) return 0;
    *out = v;
    return 1;
}

int cli_test(int argc, char **argv)
{
    runner r;
    memset(&r, 0, sizeof r);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    r.jobs = ncpu > 0 ? (int)(ncpu < 256 ? ncpu : 256) : 1;
    r.timeout = DEFAULT_TIMEOUT;
    const char *env = getenv("TFRUN_TEST_EXE");
    r.exe = env && *env ? env : "/proc/self/exe";
    r.exe_name = env && *env ? env : "tfrun";

    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0, opts = 1;
    if (!paths) return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!opts || a[0] != '-' || !a[1]) { paths[npaths++] = argv[i]; continue; }
        if (!strcmp(a, "--")) { opts = 0; continue; }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(usage_text, stdout); free(paths); return 0; }
        if (!strcmp(a, "--update")) { r.update = 1; continue; }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) { r.verbose = 1; continue; }
        const char *val = NULL;
        int is_jobs = 0;
        if (!strcmp(a, "-j") || !strcmp(a, "--jobs") || !strcmp(a, "--timeout")) {
            if (i + 1 >= argc) { free(paths); return usage("option '%s' needs a value", a); }
            val = argv[++i];
            is_jobs = strcmp(a, "--timeout") != 0;
        } else if (!strncmp(a, "-j", 2) && a[1] == 'j' && a[2] != '-') {
            val = a + 2;
            is_jobs = 1;
        } else if (!strncmp(a, "--jobs=", 7)) {
            val = a + 7;
            is_jobs = 1;
        } else if (!strncmp(a, "--timeout=", 10)) {
            val = a + 10;
        } else {
            free(paths);
            return usage("unknown option '%s'", a);
        }
        if (is_jobs ? !parse_jobs(val, &r.jobs) : !parse_timeout(val, &r.timeout)) {
            free(paths);
            return usage(is_jobs ? "-j wants a number of jobs from 1 to 1024, not '%s'"
                                 : "--timeout wants a positive number of seconds, not '%s'", val);
        }
    }
    if (npaths == 0) paths[npaths++] = "testdata";
    /* Children must be waitable even if our parent ignored SIGCHLD. */
    signal(SIGCHLD, SIG_DFL);
    for (int i = 0; i < npaths; i++) discover(&r, paths[i]);
    free(paths);

    run_all(&r);
    printf("%d passed, %d failed", r.passed, r.failed);
    if (r.skipped) printf(", %d skipped", r.skipped);
    printf("\n");
    fflush(stdout);
    for (size_t i = 0; i < r.ntests; i++) free_test(&r.tests[i]);
    free(r.tests);
    return r.failed ? 1 : 0;
}
