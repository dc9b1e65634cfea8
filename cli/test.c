/*
** test.c — `tfrun test [--update] [-j N] [--timeout S] [-v] [PATH...]`, the
** golden-file test runner (docs/tools.md §2).
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
**   // VARIANTS: <options> one more run of the same file with these options
**                          added to ARGS, judged by the same CHECK lines and
**                          .out file and reported as `FILE [options]`; one
**                          line per variant
**
** runs the file in a child process (this same executable, /proc/self/exe, or
** $TFRUN_TEST_EXE when set: tests of the runner substitute a script) with a
** time limit and stdout+stderr combined into one pipe, and judges it: first the
** exit status (a crash by its signal name, a timeout as such), then the file's
** own FileCheck directives (cli/filecheck.h) against the output, then, if
** FILE.mlir.out exists, the output against it byte for byte. --update writes
** FILE.mlir.out for every selected test without CHECK directives.
**
** A file with lit `RUN:` lines is run the way lit runs it instead (docs/tools.md
** §2): its RUN lines, substituted (%s, %S, %p, %t, %T, %%), run one after
** the other in `bash -o pipefail` in a fresh directory, with TFRT's tool
** names (bef_executor, bef_executor_debug_tracing, tfrt_opt, tfrt_translate,
** FileCheck, not, count) on PATH as small scripts over this executable; the
** test passes when every line exits 0. `XFAIL:`, `UNSUPPORTED:` and `REQUIRES:` lines work as in
** lit (the one feature tfrun has is `tfrun`). A file that checks nothing —
** no RUN line, no CHECK directive, no .out file, no expected-* annotation
** under --verify-diagnostics — fails, as FileCheck fails a check file with
** no directive.
**
** Tests run concurrently (-j, default: one per CPU) from one thread: a poll
** loop over the children's pipes. Results are printed in discovery order; the
** last line is always `N passed, N failed[, N skipped]`.
*/
#include "base/alloc.h"
#include <dirent.h>
#include <ftw.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <regex.h>
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
#include "base/strbuf.h"
#include "cli/test_int.h"

static const char usage_text[] =
    "usage: tfrun test [--update] [-j N] [--timeout SECONDS] [-v] [--filter=REGEX]\n"
    "                  [--time-tests] [--json[=FILE]] [--xunit-xml-output=FILE]\n"
    "                  [--exec-root=DIR] [PATH...]\n"
    "\n"
    "Runs every *.mlir file under each PATH (default: testdata/ when it exists,\n"
    "else the current directory), sorted, each in\n"
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
    "`// MODE: opt|repl|run`, `// SKIP: reason`. A test that checks nothing (no\n"
    "CHECK directive, no .out file, no expected-* annotation under\n"
    "--verify-diagnostics) fails.\n"
    "\n"
    "A file with lit `RUN:` lines (`\\` continues one) is judged by them instead:\n"
    "each runs in `bash -o pipefail` in a fresh directory and must exit 0; %s is\n"
    "the file (also %s.bef and $(bef_name %s)), %S and %p its directory, %t a\n"
    "temporary file, %T a temporary directory, %% a %. On PATH: bef_executor,\n"
    "bef_executor_lite, code_size_test_driver (= tfrun run),\n"
    "bef_executor_debug_tracing (= tfrun run --tracing-sink=debug), tfrt_opt (= tfrun\n"
    "opt), tfrt_translate (passes the file through; = tfrun opt with\n"
    "-verify-diagnostics), FileCheck (= tfrun filecheck),\n"
    "not, count and tfrun. `XFAIL:`, `UNSUPPORTED:` and `REQUIRES:` work as in lit;\n"
    "the one feature is `tfrun`.\n"
    "\n"
    "Options:\n"
    "  --update          write FILE.mlir.out from the output of every selected\n"
    "                    test that has no CHECK directives (and exits as expected)\n"
    "  -j N, --jobs=N    run N tests at once (default: the number of CPUs)\n"
    "  --timeout=SECONDS time limit per test (default 60)\n"
    "  -v, --verbose     also print a PASS line for each passing test, and the RUN\n"
    "                    lines as they were run\n"
    "  --filter=REGEX    only the tests whose path matches REGEX (POSIX extended)\n"
    "  --time-tests      print the ten slowest tests at the end\n"
    "  --json=FILE       write every result as JSON to FILE; --json (or --json=-):\n"
    "                    to standard output, instead of the report lines\n"
    "  --xunit-xml-output=FILE  write every result as JUnit/xUnit XML to FILE\n"
    "  --exec-root=DIR   run RUN lines in DIR instead of a fresh directory each\n"
    "                    (lit's test_exec_root: TFRT's tests open their data by\n"
    "                    paths relative to the repository's root); %t, %T stay\n"
    "                    temporary\n"
    "  -h, --help        print this help\n"
    "Every file written (.out files, --json=FILE, --xunit-xml-output=FILE)\n"
    "replaces the old one only once it is written whole (docs/tools.md §6).\n"
    "\n"
    "Each failure prints `FAIL FILE: reason` (`FAIL FILE:LINE: message` when a\n"
    "CHECK directive fails, LINE being the directive's) and details, FileCheck's\n"
    "messages among them (the output is `<stdin>`). The last line is\n"
    "`N passed, N failed` (`, N skipped` when tests were skipped). Exit status 0\n"
    "iff nothing failed and a test was found, 1 otherwise (`0 tests found`), 2 for\n"
    "a usage error. On a terminal a progress line shows how far the run is.\n"
    "Tests run from the current directory: paths in ARGS are relative to it.\n"
    "Environment: TFRUN_TEST_EXE replaces the tfrun executable run for each test.\n";

/* {===================================================================
** Small helpers
** ==================================================================== */

/* Appends [s, s+n) to [b] with every line prefixed by [indent]. */
void tr_indent(StrBuf *b, const char *s, size_t n, const char *indent)
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

double tr_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads a whole file. Returns 0 and sets errno on failure. */
int tr_read_file(const char *path, StrBuf *out)
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
const char *tr_signal_name(int sig)
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

const char *const mode_names[] = {"run", "opt", "repl"};   /* ORDER MODE */

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
    t->name = strdup(path);
    t->fd = -1;
    t->pid = -1;
    return t;
}

static void free_test(test *t)
{
    free(t->path);
    free(t->name);
    for (int i = 0; i < t->nvariants; i++) free(t->variants[i]);
    free(t->variants);
    free(t->text.p);
    for (int i = 0; i < t->nargs; i++) free(t->args[i]);
    free(t->args);
    free(t->skip);
    for (int i = 0; i < t->nruns; i++) free(t->runs[i]);
    free(t->runs);
    free(t->run_lines);
    free(t->unsupported);
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

/* Finds lit's keyword [key] (`RUN`, `XFAIL`, ...) followed by ':' in the
** line [s, s+n), not preceded by a letter, digit, '_' or '-' (so CHECK-RUN:
** is not one); sets *v, *vn to the rest of the line, trimmed. */
static int lit_keyword(const char *s, size_t n, const char *key, const char **v, size_t *vn)
{
    size_t k = strlen(key);
    for (size_t i = 0; i + k < n; i++) {
        if (memcmp(s + i, key, k) || s[i + k] != ':') continue;
        if (i > 0) {
            char c = s[i - 1];
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')
                continue;
        }
        size_t a = i + k + 1, e = n;
        while (a < e && (s[a] == ' ' || s[a] == '\t')) a++;
        while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) e--;
        *v = s + a;
        *vn = e - a;
        return 1;
    }
    return 0;
}

/* Does lit's feature list [v, v+vn] ("a, b" — `*` is every configuration)
** name a feature tfrun has? The one feature is `tfrun`. */
static int features_match(const char *v, size_t vn, int star)
{
    size_t i = 0;
    while (i < vn) {
        while (i < vn && (v[i] == ' ' || v[i] == ',')) i++;
        size_t e = i;
        while (e < vn && v[e] != ',') e++;
        size_t b = e;
        while (b > i && v[b - 1] == ' ') b--;
        if ((star && b - i == 1 && v[i] == '*') || (b - i == 5 && !memcmp(v + i, "tfrun", 5))) return 1;
        i = e;
    }
    return 0;
}

/* Appends RUN line [v, v+vn] from source line [line]; a line that the last
** one continued (it ended in `\`) is joined to it. */
static void add_run(test *t, const char *v, size_t vn, size_t line, int *cont)
{
    int more = vn > 0 && v[vn - 1] == '\\';
    if (more) vn--;
    if (*cont && t->nruns) {
        char *old = t->runs[t->nruns - 1];
        size_t on = strlen(old);
        char *j = malloc(on + vn + 2);
        if (!j) return;
        memcpy(j, old, on);
        j[on] = ' ';
        memcpy(j + on + 1, v, vn);
        j[on + 1 + vn] = 0;
        free(old);
        t->runs[t->nruns - 1] = j;
    } else {
        char **r = realloc(t->runs, sizeof *r * (size_t)(t->nruns + 1));
        int *l = realloc(t->run_lines, sizeof *l * (size_t)(t->nruns + 1));
        if (r) t->runs = r;
        if (l) t->run_lines = l;
        if (!r || !l) return;
        t->runs[t->nruns] = strndup(v, vn);
        t->run_lines[t->nruns] = (int)line;
        t->nruns++;
    }
    *cont = more;
}

/* Reads [t]'s file and its header lines. Problems go to t->error. */
static void load_test(test *t)
{
    if (!tr_read_file(t->path, &t->text)) {
        set_error(t, "cannot read the test file: %s", strerror(errno));
        return;
    }
    const char *s = t->text.p;
    size_t n = t->text.n, line = 0;
    int seen_exit = 0, seen_mode = 0, cont = 0;
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && s[e] != '\n') e++;
        const char *v;
        size_t vn;
        line++;
        if (lit_keyword(s + i, e - i, "RUN", &v, &vn)) {
            add_run(t, v, vn, line, &cont);
        } else if (cont) {
            set_error(t, "line %zu: the RUN line before ends in '\\' but this line is not a RUN line", line);
            cont = 0;
        }
        if (lit_keyword(s + i, e - i, "XFAIL", &v, &vn)) {
            if (features_match(v, vn, 1)) t->xfail = 1;
        } else if (lit_keyword(s + i, e - i, "UNSUPPORTED", &v, &vn)) {
            if (features_match(v, vn, 1) && !t->unsupported) t->unsupported = strndup(v, vn);
        } else if (lit_keyword(s + i, e - i, "REQUIRES", &v, &vn)) {
            /* Every feature listed must be there: each item must be tfrun. */
            size_t a = 0;
            while (a < vn) {
                while (a < vn && (v[a] == ' ' || v[a] == ',')) a++;
                size_t b = a;
                while (b < vn && v[b] != ',') b++;
                if (b > a && !features_match(v + a, b - a, 0) && !t->unsupported) {
                    size_t len = b - a + 32;
                    t->unsupported = malloc(len);
                    if (t->unsupported) snprintf(t->unsupported, len, "requires %.*s", (int)(b - a), v + a);
                }
                a = b;
            }
        }
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
        } else if (header(s + i, e - i, "VARIANTS", &v, &vn)) {
            char **nv = realloc(t->variants, sizeof *nv * (size_t)(t->nvariants + 1));
            char *copy = vn ? strndup(v, vn) : NULL;
            if (!nv || !copy) {
                free(copy);
                if (nv) t->variants = nv;
                set_error(t, "line %zu: out of memory", line);
            } else {
                t->variants = nv;
                t->variants[t->nvariants++] = copy;
            }
            if (!vn) set_error(t, "line %zu: // VARIANTS: wants the options of the variant", line);
        } else if (header(s + i, e - i, "SKIP", &v, &vn)) {
            free(t->skip);
            t->skip = vn ? strndup(v, vn) : strdup("no reason given");
        }
        i = e + 1;
    }
    if (cont) set_error(t, "the last RUN line ends in '\\'");
    t->has_checks = fc_has_directives(s, n, "CHECK");
    for (int k = 0; k < t->nargs; k++)
        if (!strcmp(t->args[k], "--verify-diagnostics") || !strcmp(t->args[k], "-verify-diagnostics"))
            t->verify_checks = memmem(s, n, "expected-", 9) != NULL;
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

/* Adds the test in file [path] and one more test per // VARIANTS: line of
** it: the same file, its ARGS and then the variant's options. */
static void add_file(runner *r, const char *path)
{
    test *t = add_test(r, path);
    if (!t) return;
    load_test(t);
    if (t->nruns) {
        if (t->nvariants) set_error(t, "// VARIANTS: lines are for files without RUN lines (give each its RUN line)");
        return;
    }
    int nv = t->nvariants;
    char **vs = t->variants;   /* add_test may move the tests: keep the list */
    t->variants = NULL;
    t->nvariants = 0;
    for (int i = 0; i < nv; i++) {
        test *u = add_test(r, path);
        if (!u) break;
        load_test(u);
        for (int k = 0; k < u->nvariants; k++) free(u->variants[k]);
        free(u->variants);
        u->variants = NULL;
        u->nvariants = 0;
        u->variant = 1;
        const char *msg = split_args(u, vs[i], strlen(vs[i]));
        if (msg) set_error(u, "malformed // VARIANTS: line: %s", msg);
        size_t len = strlen(path) + strlen(vs[i]) + 4;
        char *name = malloc(len);
        if (name) {
            snprintf(name, len, "%s [%s]", path, vs[i]);
            free(u->name);
            u->name = name;
        }
    }
    for (int i = 0; i < nv; i++) free(vs[i]);
    free(vs);
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
        add_file(r, path);
        return;
    }
    names ns = {0};
    walk(path, &ns, 0);
    if (ns.n == 0) {
        test *t = add_test(r, path);
        if (t) {
            set_error(t, "no *.mlir tests found in this directory");
            t->empty_dir = 1;
        }
    }
    if (ns.n) qsort(ns.v, ns.n, sizeof *ns.v, cmp_names);
    for (size_t i = 0; i < ns.n; i++) {
        add_file(r, ns.v[i]);
        free(ns.v[i]);
    }
    free(ns.v);
}

/* }=================================================================== */

/* {===================================================================
** Running children
** ==================================================================== */

/* Appends [s] single-quoted for the shell. */
static void sh_quote(StrBuf *b, const char *s)
{
    sb_addc(b, '\'');
    for (; *s; s++) {
        if (*s == '\'') sb_adds(b, "'\\''");
        else sb_addc(b, *s);
    }
    sb_addc(b, '\'');
}

/* Appends RUN line [line] with lit's substitutions: the file [file], its
** directory [dir], the test's temporary directory [tdir]. */
static void substitute(StrBuf *b, const char *line, const char *file, const char *dir, const char *tdir)
{
    for (const char *p = line; *p;) {
        if (!strncmp(p, "$(bef_name %s)", 14)) { sb_adds(b, file); p += 14; continue; }
        if (*p != '%') { sb_addc(b, *p++); continue; }
        if (!strncmp(p, "%s.bef", 6)) { sb_adds(b, file); p += 6; }
        else if (p[1] == 's') { sb_adds(b, file); p += 2; }
        else if (p[1] == 'S' || p[1] == 'p') { sb_adds(b, dir); p += 2; }
        else if (p[1] == 't') { sb_adds(b, tdir); sb_adds(b, "/tmp"); p += 2; }
        else if (p[1] == 'T') { sb_adds(b, tdir); p += 2; }
        else if (p[1] == '%') { sb_addc(b, '%'); p += 2; }
        else sb_addc(b, *p++);
    }
}

/* The tool scripts RUN lines find on PATH: TFRT's tool names over this
** executable ($TFRUN_EXE), and LLVM's `not` and `count`. */
static const struct { const char *name, *body; } tools[] = {
    { "bef_executor", "exec \"$TFRUN_EXE\" run \"$@\"\n" },
    { "bef_executor_lite", "exec \"$TFRUN_EXE\" run \"$@\"\n" },
    { "bef_executor_debug_tracing", "exec \"$TFRUN_EXE\" run --tracing-sink=debug \"$@\"\n" },
    { "code_size_test_driver", "exec \"$TFRUN_EXE\" run \"$@\"\n" },
    { "tfrt_opt", "exec \"$TFRUN_EXE\" opt \"$@\"\n" },
    { "tfrun", "exec \"$TFRUN_EXE\" \"$@\"\n" },
    { "FileCheck", "exec \"$TFRUN_EXE\" filecheck \"$@\"\n" },
    /* -mlir-to-bef: tfrun runs the text itself, so the file passes through;
    ** with -verify-diagnostics it is checked as `tfrun opt` checks it, since
    ** passing it through would check nothing (docs/tools.md §2). */
    { "tfrt_translate", "f= v= s=\nfor a in \"$@\"; do case \"$a\" in\n"
                        "  -verify-diagnostics|--verify-diagnostics) v=1 ;;\n"
                        "  -split-input-file|--split-input-file) s=--split-input-file ;;\n"
                        "  -*) ;;\n  *) f=$a ;;\nesac; done\n"
                        "if [ -n \"$v\" ]; then exec \"$TFRUN_EXE\" opt $s --verify-diagnostics ${f:+\"$f\"}; fi\n"
                        "if [ -n \"$f\" ]; then exec cat -- \"$f\"; else exec cat; fi\n" },
    /* not CMD: succeeds when CMD exits non-zero without crashing;
    ** not --crash CMD: when it crashes. */
    { "not", "crash=0\nif [ \"$1\" = --crash ]; then crash=1; shift; fi\n\"$@\"\nst=$?\n"
             "if [ $crash = 1 ]; then [ $st -gt 128 ]; exit $?; fi\n[ $st -ne 0 ] && [ $st -le 128 ]\n" },
    { "count", "n=$(wc -l)\n[ \"$n\" -eq \"$1\" ]\n" },
};

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st; (void)flag; (void)ftw;
    remove(path);
    return 0;
}

/* The run's temporary directory with bin/ holding the tool scripts; made
** at the first lit test. Returns 0 (with [err]) when it cannot be made. */
static int lit_setup(runner *r, StrBuf *err)
{
    if (r->tmp) return 1;
    const char *base = getenv("TMPDIR");
    StrBuf b = {0};
    sb_printf(&b, "%s/tfrun-test-XXXXXX", base && *base ? base : "/tmp");
    if (!b.p || !mkdtemp(b.p)) {
        sb_printf(err, "cannot make a temporary directory: %s", strerror(errno));
        free(b.p);
        return 0;
    }
    r->tmp = b.p;
    StrBuf path = {0};
    sb_printf(&path, "%s/bin", r->tmp);
    int ok = mkdir(path.p, 0700) == 0;
    for (size_t i = 0; ok && i < sizeof tools / sizeof *tools; i++) {
        path.n = 0;
        sb_printf(&path, "%s/bin/%s", r->tmp, tools[i].name);
        FILE *f = fopen(path.p, "w");
        ok = f && fprintf(f, "#!/bin/sh\n%s", tools[i].body) > 0;
        if (f && fclose(f) != 0) ok = 0;
        if (ok) ok = chmod(path.p, 0755) == 0;
    }
    if (!ok) sb_printf(err, "cannot write the tool scripts in %s: %s", r->tmp, strerror(errno));
    free(path.p);
    return ok;
}

/* The bash script that runs [t]'s RUN lines in its directory [tdir]: each
** in turn, stopping at the first that fails with a marker line the judge
** reads (`@@tfrun-test-failed LINE STATUS`). */
static char *lit_script(runner *r, test *t, const char *tdir)
{
    char *file = realpath(t->path, NULL);
    if (!file) return NULL;
    char *dir = strdup(file);
    if (!dir) { free(file); return NULL; }
    char *slash = strrchr(dir, '/');
    if (slash) *(slash == dir ? slash + 1 : slash) = 0;
    StrBuf b = {0};
    sb_adds(&b, "export TFRUN_EXE=");
    sh_quote(&b, r->exe_path);
    sb_adds(&b, "\nexport PATH=");
    sh_quote(&b, r->tmp);
    sb_adds(&b, "/bin:\"$PATH\"\ncd ");
    sh_quote(&b, r->exec_root ? r->exec_root : tdir);
    sb_adds(&b, " || exit 1\n");
    for (int i = 0; i < t->nruns; i++) {
        StrBuf line = {0};
        substitute(&line, t->runs[i], file, dir, tdir);
        if (r->verbose) {
            sb_adds(&b, "printf '%s\\n' ");
            StrBuf shown = {0};
            sb_printf(&shown, "$ %s", line.p ? line.p : "");
            sh_quote(&b, shown.p);
            free(shown.p);
            sb_addc(&b, '\n');
        }
        sb_adds(&b, "{ ");
        sb_adds(&b, line.p ? line.p : "");
        sb_printf(&b, "\n}\nst=$?\nif [ $st -ne 0 ]; then printf '\\n@@tfrun-test-failed %d %%d\\n' $st; exit 1; fi\n",
                  t->run_lines[i]);
        free(line.p);
    }
    free(file);
    free(dir);
    return b.p;
}

/* Starts [t]'s child. Returns 0 (and records why) if it could not start. */
static int start(runner *r, test *t)
{
    char *script = NULL;
    if (t->nruns) {
        StrBuf err = {0};
        if (!lit_setup(r, &err)) {
            set_error(t, "%s", err.p ? err.p : "cannot set up the RUN lines");
            free(err.p);
            return 0;
        }
        StrBuf tdir = {0};
        sb_printf(&tdir, "%s/t%zu", r->tmp, (size_t)(t - r->tests));
        if (mkdir(tdir.p, 0700) != 0 && errno != EEXIST) {
            set_error(t, "cannot make %s: %s", tdir.p, strerror(errno));
            free(tdir.p);
            return 0;
        }
        script = lit_script(r, t, tdir.p);
        free(tdir.p);
        if (!script) {
            set_error(t, "cannot resolve the path of the test: %s", strerror(errno));
            return 0;
        }
    }
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
    int argc = t->nargs + 6;
    char **argv = calloc((size_t)argc + 1, sizeof *argv);
    if (!argv) { close(fds[0]); close(fds[1]); close(in); free(script); return 0; }
    const char *exe = r->exe;
    if (script) {
        exe = "/bin/bash";
        argv[0] = "bash";
        argv[1] = "-o";
        argv[2] = "pipefail";
        argv[3] = "-c";
        argv[4] = script;
    } else {
        argv[0] = (char *)r->exe_name;
        argv[1] = (char *)mode_names[t->mode];
        for (int i = 0; i < t->nargs; i++) argv[2 + i] = t->args[i];
        if (t->mode != M_REPL) argv[2 + t->nargs] = t->path;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        set_error(t, "cannot fork: %s", strerror(errno));
        free(argv);
        free(script);
        close(fds[0]);
        close(fds[1]);
        close(in);
        return 0;
    }
    if (pid == 0) {
        /* The child: input and output, then exec. Only async-signal-safe
        ** calls from here on. */
        setpgid(0, 0);         /* a timeout kills the whole pipeline */
        tf_lift_memory_limit();    /* tfrun's ceiling is not the tools' */
        dup2(in, 0);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        execv(exe, argv);
        static const char msg[] = "tfrun test: cannot execute ";
        ssize_t k = write(2, msg, sizeof msg - 1);
        k = write(2, exe, strlen(exe));
        k = write(2, "\n", 1);
        (void)k;
        _exit(127);
    }
    free(argv);
    free(script);
    close(fds[1]);
    close(in);
    t->pid = pid;
    t->fd = fds[0];
    t->t_start = tr_now();
    t->deadline = t->t_start + r->timeout;
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
            if (t->error.n || t->skip || t->unsupported) { tr_settle(t); continue; }
            if (!start(r, t)) { tr_settle(t); continue; }
            live[running++] = t;
        }
        while (printed < r->ntests && r->tests[printed].done) {
            tr_print_result(r, &r->tests[printed++]);
            if (r->progress) {
                printf("[%zu/%zu] %d failed", printed, r->ntests, r->failed);
                fflush(stdout);
            }
        }
        if (running == 0) continue;

        /* Wait for output, an exit or the nearest deadline. */
        double t0 = tr_now(), wait = 1e9;
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

        t0 = tr_now();
        for (size_t i = 0; i < running;) {
            test *t = live[i];
            int st = 0;
            if (t->fd < 0 && waitpid(t->pid, &st, WNOHANG) == t->pid) {
                t->status = st;
                tr_finish(r, t);
            } else if (t0 >= t->deadline) {
                kill(-t->pid, SIGKILL);
                kill(t->pid, SIGKILL);
                while (waitpid(t->pid, &st, 0) < 0 && errno == EINTR) {}
                t->status = st;
                t->timed_out = 1;
                tr_finish(r, t);
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
    int npaths = 0, opts = 1, filter = 0;
    regex_t fre;
    if (!paths) return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!opts || a[0] != '-' || !a[1]) { paths[npaths++] = argv[i]; continue; }
        if (!strcmp(a, "--")) { opts = 0; continue; }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(usage_text, stdout); free(paths); return 0; }
        if (!strcmp(a, "--update")) { r.update = 1; continue; }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) { r.verbose = 1; continue; }
        if (!strcmp(a, "--time-tests")) { r.time_tests = 1; continue; }
        if (!strncmp(a, "--json=", 7) && a[7]) { r.json = a + 7; continue; }
        if (!strcmp(a, "--json")) { r.json = "-"; continue; }
        if (!strncmp(a, "--xunit-xml-output=", 19) && a[19]) { r.xunit = a + 19; continue; }
        if (!strncmp(a, "--exec-root=", 12) && a[12]) { r.exec_root = a + 12; continue; }
        if (!strncmp(a, "--filter=", 9)) {
            if (filter) regfree(&fre);
            if (regcomp(&fre, a + 9, REG_EXTENDED | REG_NOSUB) != 0) {
                free(paths);
                return usage("--filter wants a POSIX extended regular expression, not '%s'", a + 9);
            }
            filter = 1;
            continue;
        }
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
            if (filter) regfree(&fre);
            return usage("unknown option '%s'", a);
        }
        if (is_jobs ? !parse_jobs(val, &r.jobs) : !parse_timeout(val, &r.timeout)) {
            free(paths);
            if (filter) regfree(&fre);
            return usage(is_jobs ? "-j wants a number of jobs from 1 to 1024, not '%s'"
                                 : "--timeout wants a positive number of seconds, not '%s'", val);
        }
    }
    if (npaths == 0) {
        struct stat st;
        paths[npaths++] = stat("testdata", &st) == 0 && S_ISDIR(st.st_mode) ? "testdata" : ".";
    }
    /* Children must be waitable even if our parent ignored SIGCHLD. */
    signal(SIGCHLD, SIG_DFL);
    for (int i = 0; i < npaths; i++) discover(&r, paths[i]);
    free(paths);
    if (filter) {
        size_t k = 0;
        for (size_t i = 0; i < r.ntests; i++) {
            if (regexec(&fre, r.tests[i].path, 0, NULL, 0) == 0) r.tests[k++] = r.tests[i];
            else free_test(&r.tests[i]);
        }
        r.ntests = k;
        regfree(&fre);
    }
    size_t real = 0;
    for (size_t i = 0; i < r.ntests; i++) real += !r.tests[i].empty_dir;
    if (real == 0) {
        for (size_t i = 0; i < r.ntests; i++) free_test(&r.tests[i]);
        printf("0 tests found\n");
        free(r.tests);
        return 1;
    }
    /* RUN lines call this executable by an absolute path. */
    r.exe_path = env && *env ? realpath(env, NULL) : NULL;
    if (!r.exe_path) {
        char buf[PATH_MAX];
        ssize_t k = readlink("/proc/self/exe", buf, sizeof buf - 1);
        if (k > 0) {
            buf[k] = 0;
            r.exe_path = strdup(buf);
        }
    }
    if (!r.exe_path) r.exe_path = strdup("tfrun");
    /* JSON on standard output is the whole output, as `explore --json`'s. */
    r.quiet = r.json && !strcmp(r.json, "-");
    r.progress = isatty(1) && !r.verbose && !r.quiet;

    run_all(&r);
    if (r.progress) fputs("\r\033[K", stdout);
    if (r.time_tests) tr_print_times(&r);
    int wrote = tr_write_reports(&r);
    if (!r.quiet) {
        printf("%d passed, %d failed", r.passed, r.failed);
        if (r.skipped) printf(", %d skipped", r.skipped);
        if (r.xfailed) printf(", %d expectedly failed", r.xfailed);
        printf("\n");
    }
    fflush(stdout);
    if (r.tmp) nftw(r.tmp, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(r.tmp);
    free(r.exe_path);
    for (size_t i = 0; i < r.ntests; i++) free_test(&r.tests[i]);
    free(r.tests);
    return r.failed || !wrote ? 1 : 0;
}
