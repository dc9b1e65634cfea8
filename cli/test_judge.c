/*
** test_judge.c — `tfrun test`, second half: judging a finished test (its
** exit status, CHECK directives, FILE.mlir.out, verify annotations, lit RUN
** lines), the report printed for it, and the files written at the end
** (--json, --xunit-xml-output) and the slowest-tests list (--time-tests).
** The runner itself is test.c; what they share is test_int.h.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "base/outfile.h"
#include "base/strbuf.h"
#include "cli/filecheck.h"
#include "cli/json.h"
#include "cli/test_int.h"
#include "cli/udiff.h"

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
    tr_indent(&t->report, s + from, to - from, "    | ");
}

/* FILE.mlir.out, replaced only once it is written whole (base/outfile.h). */
static int write_out(const char *path, const char *s, size_t n, StrBuf *err)
{
    char msg[512];
    if (outfile_write_all(path, s, n, msg, sizeof msg)) return 1;
    sb_adds(err, msg);
    return 0;
}

static void fail(test *t, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    t->result = R_FAIL;
    sb_printf(&t->report, "FAIL %s: %s\n", t->name, tmp);
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
                if (t->variant)
                    sb_printf(&t->report, "FAIL %s:%.*s%s: %.*s\n", t->path, (int)(col - 1 - line), line,
                              t->name + strlen(t->path), (int)strcspn(m, "\n"), m);
                else
                    sb_printf(&t->report, "FAIL %s:%.*s: %.*s\n", t->path, (int)(col - 1 - line), line,
                              (int)strcspn(m, "\n"), m);
                return;
            }
        }
    }
    fail(t, malformed ? "malformed CHECK directives" : "CHECK directives do not match the output");
}

/* Judges a lit test: every RUN line exited 0. The script's marker line
** names the one that did not (and is not shown). */
static void judge_lit(test *t)
{
    int code = WIFEXITED(t->status) ? WEXITSTATUS(t->status) : -1;
    if (code == 0) return;
    const char *out = t->out.p ? t->out.p : "", *m = NULL;
    for (const char *p = out; (p = strstr(p, "@@tfrun-test-failed ")); p++) m = p;
    int line = 0, st = code;
    if (m && sscanf(m, "@@tfrun-test-failed %d %d", &line, &st) == 2) {
        size_t cut = (size_t)(m - out);
        if (cut > 0 && out[cut - 1] == '\n') cut--;
        t->out.n = cut;
        fail(t, "RUN line at line %d failed with exit status %d", line, st);
    } else {
        fail(t, "exit status %d", code);
    }
    for (int i = 0; i < t->nruns; i++)
        if (t->run_lines[i] == line) sb_printf(&t->report, "    RUN: %s\n", t->runs[i]);
    show_output(t, 1);
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
        const char *name = tr_signal_name(sig);
        if (name) fail(t, "crashed with signal %s (%s)", name, strsignal(sig));
        else fail(t, "crashed with signal %d (%s)", sig, strsignal(sig));
        show_output(t, 1);
        return;
    }
    if (t->nruns) {
        judge_lit(t);
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
        fc_options o = {.prefix = "CHECK", .check_name = t->path, .input_name = "<stdin>", .allow_empty = 1};
        int rc = fc_check(t->text.p, t->text.n, out, t->out.n, &o, f);
        if (f) fclose(f);
        if (rc != FC_PASS) {
            fail_check(t, msg, rc == FC_ERROR);
            if (msg) tr_indent(&t->report, msg, msglen, "    ");
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
    if (!r->update && !exists && !t->has_checks && !t->verify_checks) {
        /* FileCheck fails a check file without a directive; so does this. */
        fail(t, "no check directive (CHECK:) and no %s", outpath);
    } else if (r->update && !t->has_checks && !t->variant) {
        int same = exists && tr_read_file(outpath, &golden) && golden.n == t->out.n &&
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
        if (!tr_read_file(outpath, &golden)) {
            fail(t, "cannot read %s: %s", outpath, strerror(errno));
        } else if (golden.n != t->out.n || memcmp(golden.p, out, t->out.n)) {
            fail(t, "output differs from %s", outpath);
            udiff_write(&t->report, "    ", outpath, golden.p, golden.n, "output", out, t->out.n);
        }
    }
    free(golden.p);
    free(outpath);
}

/* Sets [t]'s result without running it (set-up error or skip). */
void tr_settle(test *t)
{
    t->done = 1;
    if (t->error.n) {
        t->result = R_FAIL;
        sb_printf(&t->report, "FAIL %s: ", t->name);
        sb_addn(&t->report, t->error.p, t->error.n);
    } else if (t->skip) {
        t->result = R_SKIP;
        sb_printf(&t->report, "SKIP %s: %s\n", t->name, t->skip);
    } else {
        t->result = R_SKIP;
        sb_printf(&t->report, "UNSUPPORTED %s: %s\n", t->name, t->unsupported);
    }
}

/* }=================================================================== */

void tr_finish(runner *r, test *t)
{
    if (t->fd >= 0) { close(t->fd); t->fd = -1; }
    t->t_end = tr_now();
    judge(r, t);
    if (r->verbose && t->nruns && t->result == R_PASS && t->out.p) {
        /* -v: the RUN lines as they ran (the script echoed them). */
        for (const char *p = t->out.p, *e = t->out.p + t->out.n; p < e;) {
            const char *nl = memchr(p, '\n', (size_t)(e - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(e - p);
            if (len >= 2 && p[0] == '$' && p[1] == ' ') sb_printf(&t->report, "    %.*s\n", (int)len, p);
            p += len + 1;
        }
    }
    if (t->xfail) {
        /* lit's XFAIL: failing is the expected result, passing is not. */
        if (t->result == R_FAIL) {
            t->result = R_XFAIL;
            t->report.n = 0;
            sb_printf(&t->report, "XFAIL %s\n", t->name);
        } else if (t->result == R_PASS) {
            t->report.n = 0;
            fail(t, "XPASS: passed, but an XFAIL line says it fails");
        }
    }
    t->done = 1;
    /* Only the report is needed from now on. */
    free(t->out.p);
    free(t->text.p);
    memset(&t->out, 0, sizeof t->out);
    memset(&t->text, 0, sizeof t->text);
}

void tr_print_result(runner *r, test *t)
{
    if (r->quiet) {   /* counted only: the JSON on stdout says the rest */
        if (t->result == R_XFAIL) r->xfailed++;
        else if (t->result == R_PASS) r->passed++;
        else if (t->result == R_FAIL) r->failed++;
        else r->skipped++;
        return;
    }
    if (r->progress) fputs("\r\033[K", stdout);
    if (t->result == R_XFAIL) {
        r->xfailed++;
        fputs(t->report.p ? t->report.p : "", stdout);
    } else if (t->result == R_PASS) {
        r->passed++;
        if (r->verbose) printf("PASS %s\n", t->name);
        if (t->report.n) fputs(t->report.p, stdout);
    } else {
        if (t->result == R_FAIL) r->failed++;
        else r->skipped++;
        fputs(t->report.p ? t->report.p : "", stdout);
    }
    fflush(stdout);
}

/* Appends [s] escaped for XML text and attributes. */
static void xml_str(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '&') fputs("&amp;", f);
        else if (c == '"') fputs("&quot;", f);
        else if (c < 0x20 && c != '\n' && c != '\t') fprintf(f, "&#%u;", c);
        else fputc(c, f);
    }
}

static const char *result_name(int r)
{
    return r == R_PASS ? "PASS" : r == R_FAIL ? "FAIL" : r == R_XFAIL ? "XFAIL" : "SKIP";
}

/* Opens report file [path] (base/outfile.h); NULL after saying why. */
static FILE *report_open(OutFile *of, const char *path)
{
    char msg[512];
    if (outfile_open(of, path)) return of->f;
    fprintf(stderr, "tfrun test: %s\n", outfile_error(of, msg, sizeof msg));
    return NULL;
}

/* Finishes report file [of]; 0 after saying why it failed. */
static int report_close(OutFile *of)
{
    char msg[512];
    if (outfile_close(of)) return 1;
    fprintf(stderr, "tfrun test: %s\n", outfile_error(of, msg, sizeof msg));
    return 0;
}

/* --json=FILE and --xunit-xml-output=FILE, each replaced only once it is
** written whole. Returns 0 on a write error (said on stderr). */
int tr_write_reports(runner *r)
{
    int ok = 1;
    OutFile of;
    if (r->json) {
        FILE *f = report_open(&of, r->quiet ? NULL : r->json);    /* NULL: stdout */
        if (!f) ok = 0;
        else {
            fprintf(f, "{\"passed\": %d, \"failed\": %d, \"skipped\": %d, \"xfailed\": %d, \"tests\": [",
                    r->passed, r->failed, r->skipped, r->xfailed);
            for (size_t i = 0; i < r->ntests; i++) {
                test *t = &r->tests[i];
                fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
                json_string(f, t->name, strlen(t->name));
                fprintf(f, ", \"result\": \"%s\", \"time\": %.3f, \"output\": ", result_name(t->result),
                        t->t_end > t->t_start ? t->t_end - t->t_start : 0.0);
                json_string(f, t->report.p ? t->report.p : "", t->report.n);
                fputc('}', f);
            }
            fputs("\n]}\n", f);
            if (!report_close(&of)) ok = 0;
        }
    }
    if (r->xunit) {
        FILE *f = report_open(&of, r->xunit);
        if (!f) ok = 0;
        else {
            fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
                       "<testsuite name=\"tfrun\" tests=\"%zu\" failures=\"%d\" skipped=\"%d\">\n",
                    r->ntests, r->failed, r->skipped);
            for (size_t i = 0; i < r->ntests; i++) {
                test *t = &r->tests[i];
                fputs("<testcase classname=\"tfrun\" name=\"", f);
                xml_str(f, t->name, strlen(t->name));
                fprintf(f, "\" time=\"%.3f\"", t->t_end > t->t_start ? t->t_end - t->t_start : 0.0);
                if (t->result == R_FAIL) {
                    fputs(">\n<failure><![CDATA[", f);
                    /* A CDATA section cannot hold "]]>": it is split. */
                    for (const char *p = t->report.p ? t->report.p : ""; *p; p++) {
                        if (!strncmp(p, "]]>", 3)) { fputs("]]]]><![CDATA[>", f); p += 2; }
                        else fputc(*p, f);
                    }
                    fputs("]]></failure>\n</testcase>\n", f);
                } else if (t->result == R_SKIP) {
                    fputs(">\n<skipped/>\n</testcase>\n", f);
                } else {
                    fputs("/>\n", f);
                }
            }
            fputs("</testsuite>\n</testsuites>\n", f);
            if (!report_close(&of)) ok = 0;
        }
    }
    return ok;
}

static int by_time(const void *a, const void *b)
{
    const test *x = *(test *const *)a, *y = *(test *const *)b;
    double dx = x->t_end - x->t_start, dy = y->t_end - y->t_start;
    return dx < dy ? 1 : dx > dy ? -1 : 0;
}

/* --time-tests: the ten slowest tests. */
void tr_print_times(runner *r)
{
    test **v = malloc(sizeof *v * (r->ntests + 1));
    if (!v) return;
    size_t n = 0;
    for (size_t i = 0; i < r->ntests; i++)
        if (r->tests[i].t_end > r->tests[i].t_start) v[n++] = &r->tests[i];
    qsort(v, n, sizeof *v, by_time);
    printf("Slowest tests:\n");
    for (size_t i = 0; i < n && i < 10; i++) printf("  %8.3f s  %s\n", v[i]->t_end - v[i]->t_start, v[i]->path);
    free(v);
}
