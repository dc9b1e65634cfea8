/*
** test_verify.c — diagnostics (ir/diag.c) and the verifier (ir/verify.c).
**
** Every expected text below comes from spec/tfrun.md §1.6, spec/dialect.md
** §1.7 / §3.9, or MLIR's own wording (documented in verify.c).
*/
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/diag.h"
#include "ir/ir.h"
#include "ir/verify.h"
#include "parser/parser.h"

/* ---------------------------------------------------------------- capture */

typedef struct Cap { char *buf; size_t len; FILE *f; DiagSink *d; } Cap;

static void cap_open(Cap *c, DiagVerify mode)
{
    c->buf = NULL;
    c->len = 0;
    c->f = open_memstream(&c->buf, &c->len);
    cr_assert(c->f);
    c->d = diag_new(c->f);
    cr_assert(c->d);
    diag_set_color(c->d, false);
    diag_set_verify(c->d, mode);
}

/* Flushes and returns everything printed so far. */
static const char *cap_text(Cap *c)
{
    fflush(c->f);
    return c->buf ? c->buf : "";
}

static void cap_close(Cap *c)
{
    diag_free(c->d);
    fclose(c->f);
    free(c->buf);
}

/* ================================================================ diag */

Test(diag, error_with_source_line_and_caret)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    const char *src = "func.func @f() {\n  %x = tfrt.bogus\n}\n";
    diag_add_source(c.d, "a.mlir", src, strlen(src));
    diag_emit(c.d, DIAG_ERROR, "a.mlir", 2, 8, "something is wrong");
    cr_assert_str_eq(cap_text(&c),
        "a.mlir:2:8: error: something is wrong\n"
        "  %x = tfrt.bogus\n"
        "       ^\n");
    cr_assert_eq(diag_error_count(c.d), 1);
    cr_assert(diag_finish(c.d));
    cap_close(&c);
}

Test(diag, kinds_and_formatting)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    const char *src = "one\n\ttwo\n";
    diag_add_source(c.d, "k.mlir", src, strlen(src));
    diag_emitf(c.d, DIAG_WARNING, "k.mlir", 1, 1, "w%d", 1);
    diag_emitf(c.d, DIAG_NOTE, "k.mlir", 2, 2, "n%s", "ote");
    diag_emit(c.d, DIAG_REMARK, "other.mlir", 3, 4, "no source registered");
    diag_emit(c.d, DIAG_ERROR, NULL, 0, 0, "no location");
    diag_emit(c.d, DIAG_ERROR, "k.mlir", 0, 0, "file only");
    /* The caret line copies the tab so the caret lines up. */
    cr_assert_str_eq(cap_text(&c),
        "k.mlir:1:1: warning: w1\n"
        "one\n"
        "^\n"
        "k.mlir:2:2: note: note\n"
        "\ttwo\n"
        "\t^\n"
        "other.mlir:3:4: remark: no source registered\n"
        "error: no location\n"
        "k.mlir: error: file only\n");
    cr_assert_eq(diag_error_count(c.d), 2);
    cap_close(&c);
}

Test(diag, caret_past_end_of_line_and_last_line_without_newline)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    const char *src = "ab\ncd";
    diag_add_source(c.d, "e.mlir", src, strlen(src));
    diag_emit(c.d, DIAG_ERROR, "e.mlir", 2, 3, "at end");
    diag_emit(c.d, DIAG_ERROR, "e.mlir", 2, 40, "beyond");
    diag_emit(c.d, DIAG_ERROR, "e.mlir", 9, 1, "no such line");
    cr_assert_str_eq(cap_text(&c),
        "e.mlir:2:3: error: at end\ncd\n  ^\n"
        "e.mlir:2:40: error: beyond\ncd\n  ^\n"
        "e.mlir:9:1: error: no such line\n");
    cap_close(&c);
}

Test(diag, nul_bytes_and_long_lines_are_shown_safely)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    char src[5000];
    memset(src, 'x', sizeof src);
    src[2] = '\0';
    diag_add_source(c.d, "n.mlir", src, sizeof src);
    diag_emit(c.d, DIAG_ERROR, "n.mlir", 1, 3, "nul");
    diag_emit(c.d, DIAG_ERROR, "n.mlir", 1, 4000, "far");
    const char *t = cap_text(&c);
    /* The NUL is shown as a space; the long line is cut to a window. */
    cr_assert(strstr(t, "n.mlir:1:3: error: nul\nxx xxx"));
    cr_assert(strstr(t, "n.mlir:1:4000: error: far\n...xxx"));
    cr_assert(strlen(t) < 1200, "printed %zu bytes", strlen(t));
    cap_close(&c);
}

Test(diag, non_file_locations)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    Loc name = { .kind = LOC_NAME, .name = "foo" };
    Loc unk = { .kind = LOC_UNKNOWN };
    Loc file = { .kind = LOC_FILE, .file = "x.py", .line = 42, .col = 314 };
    const Loc *items[] = { &name, &file };
    Loc fused = { .kind = LOC_FUSED, .items = items, .nitems = 2 };
    Loc cs = { .kind = LOC_CALLSITE, .callee = &name, .caller = &unk };
    diag_emit_loc(c.d, DIAG_ERROR, &name, "a");
    diag_emit_loc(c.d, DIAG_ERROR, &unk, "b");
    diag_emit_loc(c.d, DIAG_ERROR, NULL, "c");
    diag_emit_loc(c.d, DIAG_ERROR, &cs, "d");
    diag_emit_loc(c.d, DIAG_ERROR, &file, "e");
    /* A fused location containing a file location is shown at that file
    ** location (as MLIR's handler does). */
    diag_emit_loc(c.d, DIAG_ERROR, &fused, "f");
    cr_assert_str_eq(cap_text(&c),
        "loc(\"foo\"): error: a\n"
        "error: b\n"
        "error: c\n"
        "loc(callsite(\"foo\" at unknown)): error: d\n"
        "x.py:42:314: error: e\n"
        "x.py:42:314: error: f\n");
    cap_close(&c);
}

static const char ann_src[] =
    /* 1 */ "func.func @f() {\n"
    /* 2 */ "  %x = foo.bar // expected-error {{bad thing}}\n"
    /* 3 */ "  // expected-warning@-1 {{careful}}\n"
    /* 4 */ "  // expected-error@below {{below me}}\n"
    /* 5 */ "  // expected-note@+2 {{two down}}\n"
    /* 6 */ "  tfrt.return\n"
    /* 7 */ "  %y = x\n"
    /* 8 */ "}\n"
    /* 9 */ "// expected-error-re@above {{a {{[0-9]+}} b.c}}\n";

Test(diag, annotations_match_and_print_nothing)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    diag_add_source(c.d, "v.mlir", ann_src, strlen(ann_src));
    diag_emit(c.d, DIAG_ERROR, "v.mlir", 2, 8, "a bad thing happened");
    diag_emit(c.d, DIAG_ERROR, "v.mlir", 2, 3, "another bad thing");   /* same annotation again */
    diag_emit(c.d, DIAG_WARNING, "v.mlir", 2, 8, "be careful");
    diag_emit(c.d, DIAG_ERROR, "v.mlir", 6, 3, "it is below me");
    diag_emit(c.d, DIAG_NOTE, "v.mlir", 7, 3, "two down here");
    diag_emit(c.d, DIAG_ERROR, "v.mlir", 8, 1, "a 42 b.c");
    cr_assert_str_eq(cap_text(&c), "");
    cr_assert_not(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c), "");
    cr_assert_eq(diag_error_count(c.d), 0);
    cr_assert_eq(diag_raw_error_count(c.d), 4);
    cap_close(&c);
}

Test(diag, unexpected_and_unproduced)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    diag_add_source(c.d, "v.mlir", ann_src, strlen(ann_src));
    /* Regex: `.` in the literal part is literal, so "a 42 bxc" must not match. */
    diag_emit(c.d, DIAG_ERROR, "v.mlir", 8, 1, "a 42 bxc");
    diag_emit(c.d, DIAG_ERROR, "v.mlir", 2, 8, "runtime error: other");
    cr_assert(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c),
        "v.mlir:8:1: error: unexpected error: a 42 bxc\n"
        "}\n"
        "^\n"
        "v.mlir:2:8: error: unexpected error: runtime error: other\n"
        "  %x = foo.bar // expected-error {{bad thing}}\n"
        "       ^\n"
        "v.mlir:2:19: error: expected error \"bad thing\" was not produced\n"
        "  %x = foo.bar // expected-error {{bad thing}}\n"
        "                  ^\n"
        "v.mlir:3:6: error: expected warning \"careful\" was not produced\n"
        "  // expected-warning@-1 {{careful}}\n"
        "     ^\n"
        "v.mlir:4:6: error: expected error \"below me\" was not produced\n"
        "  // expected-error@below {{below me}}\n"
        "     ^\n"
        "v.mlir:5:6: error: expected note \"two down\" was not produced\n"
        "  // expected-note@+2 {{two down}}\n"
        "     ^\n"
        "v.mlir:9:4: error: expected error \"a {{[0-9]+}} b.c\" was not produced\n"
        "// expected-error-re@above {{a {{[0-9]+}} b.c}}\n"
        "   ^\n");
    cap_close(&c);
}

Test(diag, wrong_kind_is_a_near_miss)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    const char *src = "op // expected-error {{boom}}\n";
    diag_add_source(c.d, "w.mlir", src, strlen(src));
    diag_emit(c.d, DIAG_WARNING, "w.mlir", 1, 1, "boom");
    cr_assert(diag_failed(c.d));
    cr_assert(strstr(cap_text(&c), "w.mlir:1:7: error: 'warning' diagnostic emitted when expecting a 'error'\n"));
    cap_close(&c);
}

Test(diag, notes_after_an_expected_error_are_not_errors)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    const char *src = "a // expected-error {{first}}\nb\n";
    diag_add_source(c.d, "n.mlir", src, strlen(src));
    diag_emit(c.d, DIAG_ERROR, "n.mlir", 1, 1, "first");
    diag_emit(c.d, DIAG_NOTE, "n.mlir", 2, 1, "explains first");
    cr_assert_str_eq(cap_text(&c), "");
    diag_emit(c.d, DIAG_ERROR, "n.mlir", 2, 1, "second");
    diag_emit(c.d, DIAG_NOTE, "n.mlir", 1, 1, "explains second");
    cr_assert_str_eq(cap_text(&c),
        "n.mlir:2:1: error: unexpected error: second\nb\n^\n"
        "n.mlir:1:1: note: explains second\na // expected-error {{first}}\n^\n");
    cr_assert_eq(diag_error_count(c.d), 1);
    cap_close(&c);
}

Test(diag, non_file_locations_never_match)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    const char *src = "op // expected-error {{boom}}\n";
    diag_add_source(c.d, "w.mlir", src, strlen(src));
    Loc name = { .kind = LOC_NAME, .name = "foo" };
    diag_emit_loc(c.d, DIAG_ERROR, &name, "runtime error: boom");
    diag_emit_loc(c.d, DIAG_ERROR, NULL, "runtime error: boom");
    Loc file = { .kind = LOC_FILE, .file = "w.mlir", .line = 1, .col = 1 };
    diag_emit_loc(c.d, DIAG_ERROR, &file, "runtime error: boom");   /* this one matches */
    cr_assert_not(diag_finish(c.d) == false);
    cr_assert_str_eq(cap_text(&c),
        "loc(\"foo\"): error: unexpected error: runtime error: boom\n"
        "error: unexpected error: runtime error: boom\n");
    cap_close(&c);
}

Test(diag, lazy_mode_checks_only_sources_with_diagnostics)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_LAZY);
    const char *src = "a // expected-error {{never}}\n";
    diag_add_source(c.d, "l.mlir", src, strlen(src));
    /* A diagnostic without a file location does not activate the file. */
    diag_emit_loc(c.d, DIAG_ERROR, NULL, "runtime error: x");
    cr_assert(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c), "error: unexpected error: runtime error: x\n");
    cap_close(&c);

    cap_open(&c, DIAG_VERIFY_LAZY);
    diag_add_source(c.d, "l.mlir", src, strlen(src));
    cr_assert_not(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c), "");
    cap_close(&c);

    cap_open(&c, DIAG_VERIFY_LAZY);
    const char *src2 = "a // expected-error {{never}}\nb // expected-error {{yes}}\n";
    diag_add_source(c.d, "l.mlir", src2, strlen(src2));
    diag_emit(c.d, DIAG_ERROR, "l.mlir", 2, 1, "runtime error: yes");
    cr_assert(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c),
        "l.mlir:1:6: error: expected error \"never\" was not produced\n"
        "a // expected-error {{never}}\n"
        "     ^\n");
    cap_close(&c);
}

Test(diag, malformed_annotations_are_ignored)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    const char *src =
        "// expected-error no braces\n"
        "// expected-bogus {{x}}\n"
        "// expected-error@ {{x}}\n"
        "// expected-error@+ {{x}}\n"
        "// expected-error {{unterminated\n";
    diag_add_source(c.d, "m.mlir", src, strlen(src));
    cr_assert_not(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c), "");
    cap_close(&c);
}

Test(diag, replacing_a_source_rereads_annotations)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    const char *a = "// expected-error {{old}}\n";
    const char *b = "x // expected-error {{new}}\n";
    diag_add_source(c.d, "r.mlir", a, strlen(a));
    diag_add_source(c.d, "r.mlir", a, strlen(a));   /* idempotent */
    diag_add_source(c.d, "r.mlir", b, strlen(b));
    diag_emit(c.d, DIAG_ERROR, "r.mlir", 1, 1, "new thing");
    cr_assert_not(diag_finish(c.d));
    cap_close(&c);
}

static void *emit_many(void *arg)
{
    DiagSink *d = arg;
    for (int i = 0; i < 200; i++) diag_emitf(d, DIAG_ERROR, "t.mlir", 1, 1, "runtime error: %d", i);
    return NULL;
}

Test(diag, concurrent_emission_is_serialised)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_LAZY);
    const char *src = "x\n";
    diag_add_source(c.d, "t.mlir", src, strlen(src));
    pthread_t th[4];
    for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, emit_many, c.d);
    for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
    cr_assert_eq(diag_error_count(c.d), 800);
    /* Every diagnostic is three whole lines: no interleaving. */
    const char *t = cap_text(&c);
    int lines = 0;
    for (const char *p = t; *p; p++) lines += *p == '\n';
    cr_assert_eq(lines, 2400);
    for (const char *p = t; *p; p = strchr(p, '\n') + 1) {
        cr_assert(!strncmp(p, "t.mlir:1:1: error: unexpected error: runtime error: ", 52), "bad line %.60s", p);
        p = strchr(p, '\n') + 1;
        cr_assert(!strncmp(p, "x\n^\n", 4));
        p = strchr(p, '\n') + 1;
    }
    cap_close(&c);
}

Test(diag, print_loc_syntax)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    Loc a = { .kind = LOC_FILE, .file = "a\"b", .line = 1, .col = 2 };
    Loc n = { .kind = LOC_NAME, .name = "n", .child = &a };
    diag_print_loc(f, &n);
    fclose(f);
    cr_assert_str_eq(buf, "loc(\"n\"(\"a\\\"b\":1:2))");
    free(buf);
}
