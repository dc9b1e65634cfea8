/*
** test_udiff.c — the unified diffs of `tfrun test` (cli/udiff.h): the
** output diff -u gives on worked cases, and on random texts a diff that
** turns the first text into the second with the fewest changed lines (an
** LCS computed independently by dynamic programming).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/udiff.h"

static char *diff(const char *a, const char *b)
{
    StrBuf out = { 0 };
    cr_assert(udiff_write(&out, "", "a", a, strlen(a), "b", b, strlen(b)));
    sb_addc(&out, 0);
    return out.p;
}

/* Two changes far apart are two hunks, each with three lines of context
** (what `diff -u` prints for it: a report that showed only the first
** difference, and marked unchanged lines as changed, hid the second). */
Test(udiff, two_hunks_as_diff_u)
{
    char a[256] = "", b[256] = "";
    for (int i = 1; i <= 15; i++) {
        char l[16];
        snprintf(l, sizeof l, "%d\n", i);
        strcat(a, l);
        snprintf(l, sizeof l, "%d\n", i == 3 ? 33 : i == 12 ? 112 : i);
        strcat(b, l);
    }
    char *d = diff(a, b);
    cr_expect_str_eq(d, "--- a\n+++ b\n"
                        "@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+33\n 4\n 5\n 6\n"
                        "@@ -9,7 +9,7 @@\n 9\n 10\n 11\n-12\n+112\n 13\n 14\n 15\n");
    free(d);
}

/* diff -u's edge cases: one-line ranges without ",1", an empty range
** numbered by the line before it, a missing final newline, equal texts. */
Test(udiff, headers_and_edges)
{
    char *d = diff("x\n", "x\ny\n");
    cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1 +1,2 @@\n x\n+y\n");
    free(d);
    d = diff("x\ny\n", "");
    cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-x\n-y\n");
    free(d);
    d = diff("x\ny", "x\ny\n");
    cr_expect_str_eq(d, "--- a\n+++ b\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+y\n");
    free(d);
    d = diff("same\n", "same\n");
    cr_expect_str_eq(d, "--- a\n+++ b\n");
    free(d);
    /* Changes 6 kept lines apart share a hunk; 7 apart do not. */
    d = diff("a\n1\n2\n3\n4\n5\n6\nb\n", "A\n1\n2\n3\n4\n5\n6\nB\n");
    cr_expect(strstr(d, "@@ -1,8 +1,8 @@") != NULL, "%s", d);
    free(d);
    d = diff("a\n1\n2\n3\n4\n5\n6\n7\nb\n", "A\n1\n2\n3\n4\n5\n6\n7\nB\n");
    cr_expect(strstr(d, "@@ -1,4 +1,4 @@") && strstr(d, "@@ -6,4 +6,4 @@"), "%s", d);
    free(d);
}

/* Applies unified diff [d] to [a]: the text it gives, and the number of
** '-' and '+' lines through *changes. */
static char *apply(const char *a, const char *d, int *changes)
{
    size_t cap = strlen(a) + strlen(d) + 1, n = 0;
    char *out = malloc(cap);
    const char *ap = a;
    int aline = 1;
    *changes = 0;
    const char *p = strchr(strchr(d, '\n') + 1, '\n') + 1;   /* past --- and +++ */
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = (size_t)(e - p);
        if (p[0] == '@') {
            int from = atoi(p + 4);
            int cnt = 1;
            const char *comma = memchr(p, ',', len);
            const char *plus = strchr(p, '+');
            if (comma && comma < plus) cnt = atoi(comma + 1);
            if (cnt == 0) from++;   /* an empty range names the line before */
            while (aline < from) {   /* copy the lines between hunks */
                const char *nl = strchr(ap, '\n');
                size_t l = (size_t)(nl - ap) + 1;
                memcpy(out + n, ap, l);
                n += l;
                ap += l;
                aline++;
            }
        } else if (p[0] == ' ' || p[0] == '-') {
            const char *nl = strchr(ap, '\n');
            size_t l = (size_t)(nl - ap) + 1;
            cr_assert(l - 1 == len - 1 && !memcmp(ap, p + 1, len - 1), "context or deleted line differs");
            if (p[0] == ' ') { memcpy(out + n, ap, l); n += l; }
            else (*changes)++;
            ap += l;
            aline++;
        } else if (p[0] == '+') {
            memcpy(out + n, p + 1, len - 1);
            n += len - 1;
            out[n++] = '\n';
            (*changes)++;
        }
        p = e + 1;
    }
    size_t rest = strlen(ap);
    memcpy(out + n, ap, rest);
    out[n + rest] = 0;
    return out;
}

/* The length of the longest common subsequence of the lines of [a] and
** [b] (each at most 40 one-character lines). */
static int lcs(const char *a, const char *b)
{
    int na = (int)strlen(a) / 2, nb = (int)strlen(b) / 2;
    int t[41][41] = { { 0 } };
    for (int i = 1; i <= na; i++)
        for (int j = 1; j <= nb; j++)
            t[i][j] = a[2 * (i - 1)] == b[2 * (j - 1)] ? t[i - 1][j - 1] + 1
                      : t[i - 1][j] > t[i][j - 1] ? t[i - 1][j] : t[i][j - 1];
    return t[na][nb];
}

Test(udiff, random_texts_minimal_and_correct)
{
    unsigned seed = 2026;
    for (int round = 0; round < 3000; round++) {
        char a[81], b[81];
        int na = (int)(rand_r(&seed) % 41), nb = (int)(rand_r(&seed) % 41);
        int alpha = 2 + (int)(rand_r(&seed) % 4);
        for (int i = 0; i < na; i++) { a[2 * i] = (char)('a' + rand_r(&seed) % (unsigned)alpha); a[2 * i + 1] = '\n'; }
        a[2 * na] = 0;
        for (int i = 0; i < nb; i++) { b[2 * i] = (char)('a' + rand_r(&seed) % (unsigned)alpha); b[2 * i + 1] = '\n'; }
        b[2 * nb] = 0;
        char *d = diff(a, b);
        int changes;
        char *got = apply(a, d, &changes);
        cr_assert_str_eq(got, b, "round %d: the diff does not give b:\n%s", round, d);
        cr_assert_eq(changes, na + nb - 2 * lcs(a, b), "round %d: not minimal:\n%s", round, d);
        free(got);
        free(d);
    }
}

/* Past UDIFF_MAX_EDITS differences the middle is one replaced block: still
** a diff that gives the second text. */
Test(udiff, very_different_texts)
{
    size_t n = 3000;
    char *a = malloc(2 * n + 1), *b = malloc(2 * n + 1);
    for (size_t i = 0; i < n; i++) {
        a[2 * i] = (char)('a' + i % 7); a[2 * i + 1] = '\n';
        b[2 * i] = (char)('h' + i % 5); b[2 * i + 1] = '\n';
    }
    a[2 * n] = b[2 * n] = 0;
    a[0] = b[0] = 'z';   /* a common first line */
    char *d = diff(a, b);
    int changes;
    char *got = apply(a, d, &changes);
    cr_expect_str_eq(got, b);
    cr_expect_eq(changes, 2 * (int)(n - 1));
    free(got);
    free(d);
    free(a);
    free(b);
}
