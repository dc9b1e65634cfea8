/*
** test_verify.c — diagnostics (ir/diag.c) and the verifier (ir/verify.c).
**
** Every expected text below comes from docs/execution.md §1.7, docs/execution.md
** §1.7 / docs/language.md §2.9, or MLIR's own wording (documented in verify.c).
*/
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdint.h>
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

/* diag.h: a borrowed source is not copied; the sink shows the caller's
** buffer as it is when a diagnostic arrives. */
Test(diag, borrowed_source_is_not_copied)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    char buf[] = "abc\n";
    diag_add_source_borrowed(c.d, "b.mlir", buf, strlen(buf));
    diag_add_source_borrowed(c.d, "b.mlir", buf, strlen(buf));   /* same text: nothing */
    buf[1] = 'X';
    diag_emit(c.d, DIAG_ERROR, "b.mlir", 1, 2, "here");
    cr_assert_str_eq(cap_text(&c), "b.mlir:1:2: error: here\naXc\n ^\n");
    cap_close(&c);
}

/* A copied registration of equal text keeps what is there; another text
** replaces a borrowed one (which the sink must not free: buf is on the
** stack, so a free() here would crash under ASan). */
Test(diag, borrowed_and_copied_sources_mix)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    char buf[] = "// expected-error {{old}}\n";
    const char *b = "x // expected-error {{new}}\n";
    diag_add_source_borrowed(c.d, "r.mlir", buf, strlen(buf));
    diag_add_source(c.d, "r.mlir", buf, strlen(buf));
    diag_add_source(c.d, "r.mlir", b, strlen(b));
    diag_emit(c.d, DIAG_ERROR, "r.mlir", 1, 1, "new thing");
    cr_assert_not(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c), "");
    cap_close(&c);
}

/* parser.h: parse_module_borrowed keeps the caller's text (no copy) and
** reports errors with its source line; the text is freed after both. */
Test(diag, parse_module_borrowed_uses_the_callers_text)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    const char *good = "func.func @f() {\n  tfrt.return\n}\n";
    char *text = strdup(good);
    Module *m = parse_module_borrowed("g.mlir", text, strlen(text), c.d);
    cr_assert(m, "%s", cap_text(&c));
    cr_assert_eq(m->source, text);
    cr_assert_eq(m->source_len, strlen(good));
    cr_assert_eq(m->nfuncs, 1);
    cr_assert_eq(verify_module(m, c.d, NULL), 0);
    ir_module_free(m);
    cr_assert_str_eq(cap_text(&c), "");

    char *bad = strdup("func.func @f() {\n  tfrt.return )\n}\n");
    diag_add_source_borrowed(c.d, "e.mlir", bad, strlen(bad));
    cr_assert_null(parse_module_borrowed("e.mlir", bad, strlen(bad), c.d));
    cr_assert(strstr(cap_text(&c), "e.mlir:2:"), "%s", cap_text(&c));
    cr_assert(strstr(cap_text(&c), "\n  tfrt.return )\n"), "%s", cap_text(&c));
    cap_close(&c);
    free(bad);
    free(text);
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
    cr_assert_str_eq(buf, "loc(\"n\"(\"a\\22b\":1:2))");
    free(buf);
}

/* ================================================================ verifier */

/* Parses [src] (must succeed) and verifies it with [o]; returns the number
** of errors and, in *out, everything the verifier printed (caller frees). */
static int vrun(const char *src, const VerifyOptions *o, char **out)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    Module *m = parse_module("v.mlir", src, strlen(src), c.d);
    cr_assert(m, "parse failed:\n%s\n%s", cap_text(&c), src);
    int n = verify_module(m, c.d, o);
    *out = strdup(cap_text(&c));
    ir_module_free(m);
    cap_close(&c);
    return n;
}

/* Verifies [src] and requires exactly [n] errors, each of [msgs] appearing
** in the output. */
static void expect_errors(const char *src, int n, const char *const *msgs)
{
    char *out;
    int got = vrun(src, NULL, &out);
    cr_expect_eq(got, n, "%d errors instead of %d:\n%s", got, n, out);
    for (int i = 0; msgs[i]; i++)
        cr_expect(strstr(out, msgs[i]), "missing `%s` in:\n%s", msgs[i], out);
    free(out);
}

#define EXPECT(src, n, ...) do { \
        static const char *const msgs_[] = { __VA_ARGS__, NULL }; \
        expect_errors(src, n, msgs_); \
    } while (0)

Test(verify, valid_program_has_no_errors)
{
    char *out;
    int n = vrun(
        "func.func @callee(%x: i32) -> i32 {\n"
        "  tfrt.return %x : i32\n"
        "}\n"
        "func.func @main() -> i32 {\n"
        "  %ch = tfrt.new.chain\n"
        "  %one = tfrt.constant.i32 1\n"
        "  %r = tfrt.call @callee(%one) : (i32) -> i32\n"
        "  %c = tfrt.constant.i1 true\n"
        "  %a = tfrt.if %c, %r : (i32) -> (i32) {\n"
        "    tfrt.return %r : i32\n"
        "  } else {\n"
        "    %z = tfrt.add.i32 %r, %r\n"
        "    tfrt.return %z : i32\n"
        "  }\n"
        "  %ch1 = tfrt.print.i32 %a, %ch\n"
        "  %l = \"tfrt.lessequal.i32\"(%a, %r, %ch1) : (i32, i32, !tfrt.chain) -> i1\n"
        "  %s = \"tfrt_test.sum\"(%a, %r, %one) : (i32, i32, i32) -> i32\n"
        "  tfrt.return %s : i32\n"
        "}\n", NULL, &out);
    cr_assert_eq(n, 0, "%s", out);
    cr_assert_str_eq(out, "");
    free(out);
}

Test(verify, return_against_function)
{
    EXPECT("func.func @f() {\n  %a = tfrt.constant.i32 1\n  tfrt.return %a : i32\n}\n", 1,
           "v.mlir:3:3: error: 'tfrt.return' op has 1 operands, but enclosing function returns 0\n");
    EXPECT("func.func @f() -> i32 {\n  %a = tfrt.constant.i64 1\n  tfrt.return %a : i64\n}\n", 1,
           "v.mlir:3:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32')\n");
}

Test(verify, return_in_regions)
{
    EXPECT("func.func @f(%c: i1, %x: i32) -> i32 {\n"
           "  %r = tfrt.if %c, %x : (i32) -> (i32) {\n"
           "    %y = tfrt.constant.i64 1\n"
           "    tfrt.return %y : i64\n"
           "  } else {\n"
           "    tfrt.return %x : i32\n"
           "  }\n"
           "  tfrt.return %r : i32\n"
           "}\n", 1,
           "v.mlir:4:5: error: 'tfrt.return' op operand types don't match 'tfrt.if' result\n");
    EXPECT("func.func @f(%n: i32, %x: i32) -> i32 {\n"
           "  %r = tfrt.repeat.i32 %n, %x : i32 {\n"
           "    tfrt.return\n"
           "  }\n"
           "  tfrt.return %r : i32\n"
           "}\n", 1,
           "'tfrt.return' op operand types don't match 'tfrt.repeat.i32' result");
    EXPECT("func.func @f(%x: i32) -> i32 {\n"
           "  %r = tfrt_test.do.async %x : (i32) -> (i32) {\n"
           "    %ch = tfrt.new.chain\n"
           "    tfrt.return %ch : !tfrt.chain\n"
           "  }\n"
           "  tfrt.return %r : i32\n"
           "}\n", 1,
           "'tfrt.return' op operand types don't match 'tfrt_test.do.async' result");
}

Test(verify, if_condition_and_block_arguments)
{
    EXPECT("func.func @f(%c: i32) {\n"
           "  tfrt.if %c : () -> () {\n"
           "    tfrt.return\n"
           "  }\n"
           "  tfrt.return\n"
           "}\n", 1,
           "v.mlir:2:3: error: 'tfrt.if' op operand #0 must be 1-bit signless integer, but got 'i32'\n");
    /* Generic form: the regions declare their own arguments. */
    EXPECT("func.func @f(%c: i1, %x: i32) -> i32 {\n"
           "  %r = \"tfrt.if\"(%c, %x) ({\n"
           "    %z = tfrt.constant.i32 0\n"
           "    tfrt.return %z : i32\n"
           "  }, {\n"
           "  ^bb0(%y: i32):\n"
           "    tfrt.return %y : i32\n"
           "  }) : (i1, i32) -> i32\n"
           "  tfrt.return %r : i32\n"
           "}\n", 1,
           "'tfrt.if' op incorrect number of arguments to 'then' block");
}

Test(verify, call_checks_with_notes)
{
    static const char callee[] =
        "func.func @g(%x: i32) -> i32 {\n"
        "  tfrt.return %x : i32\n"
        "}\n";
    char src[2048];
    snprintf(src, sizeof src, "%s"
             "func.func @f() {\n"
             "  %%a = tfrt.constant.i32 1\n"
             "  %%b = tfrt.constant.i64 1\n"
             "  %%r1 = tfrt.call @nope(%%a) : (i32) -> i32\n"
             "  %%r2 = tfrt.call @g(%%a, %%a) : (i32, i32) -> i32\n"
             "  %%r3 = tfrt.call @g(%%b) : (i64) -> i32\n"
             "  %%r4:2 = tfrt.call @g(%%a) : (i32) -> (i32, i32)\n"
             "  %%r5 = tfrt.call @g(%%a) : (i32) -> i64\n"
             "  tfrt.return\n"
             "}\n", callee);
    EXPECT(src, 5,
           "v.mlir:7:9: error: 'tfrt.call' op 'nope' does not reference a valid function\n",
           "v.mlir:8:9: error: 'tfrt.call' op incorrect number of operands for callee\n",
           "v.mlir:9:9: error: 'tfrt.call' op operand type mismatch",
           "v.mlir:10:11: error: 'tfrt.call' op incorrect number of results for callee\n",
           "v.mlir:11:9: error: 'tfrt.call' op result type mismatch",
           "v.mlir:1:1: note: callee @g defined here\n");
}

Test(verify, repeat_generic_form)
{
    EXPECT("func.func @f(%n: i32, %x: i32) {\n"
           "  %r:2 = \"tfrt.repeat.i32\"(%n, %x) ({\n"
           "  ^bb0(%y: i32):\n"
           "    tfrt.return %y, %y : i32, i32\n"
           "  }) : (i32, i32) -> (i32, i32)\n"
           "  tfrt.return\n"
           "}\n", 1,
           "'tfrt.repeat.i32' op incorrect number of operands");
    EXPECT("func.func @f(%n: i32, %x: i32) {\n"
           "  %r = \"tfrt.repeat.i32\"(%n, %x) ({\n"
           "  ^bb0(%y: i32):\n"
           "    tfrt.return %y : i32\n"
           "  }) : (i32, i32) -> i64\n"
           "  tfrt.return\n"
           "}\n", 2,
           "'tfrt.repeat.i32' op operand/result type mismatch",
           "'tfrt.return' op operand types don't match 'tfrt.repeat.i32' result");
}

Test(verify, benchmark_and_test_cost)
{
    EXPECT("func.func @f(%x: i32) {\n"
           "  %b = tfrt_test.benchmark \"b\"(%x : i32) max_count = 1 {\n"
           "    tfrt.return\n"
           "  }\n"
           "  tfrt.return\n"
           "}\n", 1,
           "'tfrt_test.benchmark' op Must have exactly one return value");
    EXPECT("func.func @f(%x: i32) {\n"
           "  %a = tfrt_test.test_cost %x {id = 1 : i64} : i32\n"
           "  %b = tfrt_test.test_cost %x {id = 2 : i64, _tfrt_cost = 0 : i64} : i32\n"
           "  tfrt.return\n"
           "}\n", 2,
           "v.mlir:2:8: error: 'tfrt_test.test_cost' op cost attribute not found\n",
           "v.mlir:3:8: error: 'tfrt_test.test_cost' op cost value must be larger than 0\n");
}

Test(verify, signature_arity_and_types)
{
    EXPECT("func.func @f(%a: i32, %b: i64) {\n"
           "  %s = \"ts.build_shape\"() {value = [1 : i64]} : () -> i64\n"
           "  %x = \"tfrt.add.i32\"(%a, %a, %a) : (i32, i32, i32) -> i32\n"
           "  %y = \"tfrt.add.i32\"(%a, %b) : (i32, i64) -> i32\n"
           "  %z:2 = \"tfrt.add.i32\"(%a, %a) : (i32, i32) -> (i32, i32)\n"
           "  %w = \"tfrt_test.sum\"(%a, %b) : (i32, i64) -> i32\n"
           "  tfrt.return\n"
           "}\n", 5,
           "v.mlir:2:8: error: 'ts.build_shape' op result #0 must be !ts.shape type, but got 'i64'\n",
           "'tfrt.add.i32' op expected 2 operands, but found 3",
           "'tfrt.add.i32' op operand #1 must be 32-bit signless integer, but got 'i64'",
           "'tfrt.add.i32' op expected 1 results, but found 2",
           "'tfrt_test.sum' op operand #1 must be 32-bit signless integer, but got 'i64'");
}

Test(verify, attributes)
{
    EXPECT("func.func @f() {\n"
           "  %a = \"tfrt.constant.i32\"() : () -> i32\n"
           "  %b = \"tfrt.constant.i32\"() {value = 1} : () -> i32\n"
           "  %c = \"tfrt.constant.f32\"() {value = \"x\"} : () -> f32\n"
           "  %ch = tfrt.new.chain\n"
           "  %d = \"tfrt.get_device\"(%ch) : (!tfrt.chain) -> !tfrt.device\n"
           "  %s = \"tfrt_test.get_string\"() {value = 3 : i32} : () -> !tfrt.string\n"
           "  %t = \"tfrt_dht.create_uninitialized_tensor.f32.2\"() {shape = [2 : i64, \"x\"]} : () -> !t.tensor\n"
           "  tfrt.return\n"
           "}\n", 6,
           "v.mlir:2:8: error: 'tfrt.constant.i32' op requires attribute 'value'\n",
           "v.mlir:3:8: error: 'tfrt.constant.i32' op attribute 'value' failed to satisfy constraint: 32-bit signless integer attribute\n",
           "'tfrt.constant.f32' op attribute 'value' failed to satisfy constraint: 32-bit float attribute",
           "'tfrt.get_device' op requires attribute 'device_name'",
           "'tfrt_test.get_string' op attribute 'value' failed to satisfy constraint: string attribute",
           "'tfrt_dht.create_uninitialized_tensor.f32.2' op attribute 'shape' failed to satisfy constraint: 64-bit integer array attribute");
}

/* The constants' `value` rule remembers the attribute type it accepted;
** later constants of another type, kind, or without the attribute are
** still reported, each with the message of the general rule. */
Test(verify, constant_values_after_a_warm_cache)
{
    EXPECT("func.func @f() {\n"
           "  %a = tfrt.constant.i32 1\n"
           "  %b = tfrt.constant.i32 2\n"
           "  %c = \"tfrt.constant.i32\"() {value = 3 : i64} : () -> i32\n"
           "  %d = \"tfrt.constant.i32\"() {value = 1.0 : f32} : () -> i32\n"
           "  %e = \"tfrt.constant.i32\"() : () -> i32\n"
           "  %f = \"tfrt.constant.i32\"() {value = true} : () -> i32\n"
           "  %g = tfrt.constant.i32 3\n"
           "  %h = tfrt.constant.i1 true\n"
           "  %i = \"tfrt.constant.i1\"() {value = 1 : i1} : () -> i1\n"
           "  %j = \"tfrt.constant.i1\"() {value = 1 : i32} : () -> i1\n"
           "  tfrt.return\n"
           "}\n", 5,
           "v.mlir:4:8: error: 'tfrt.constant.i32' op attribute 'value' failed to satisfy constraint: 32-bit signless integer attribute\n",
           "v.mlir:5:8: error: 'tfrt.constant.i32' op attribute 'value' failed to satisfy constraint: 32-bit signless integer attribute\n",
           "v.mlir:6:8: error: 'tfrt.constant.i32' op requires attribute 'value'\n",
           "v.mlir:7:8: error: 'tfrt.constant.i32' op attribute 'value' failed to satisfy constraint: 32-bit signless integer attribute\n",
           "v.mlir:11:8: error: 'tfrt.constant.i1' op attribute 'value' failed to satisfy constraint: bool attribute\n");
}

Test(verify, symbols_of_other_ops)
{
    EXPECT("func.func @t(%x: i32) -> i32 {\n"
           "  tfrt.return %x : i32\n"
           "}\n"
           "func.func @f(%c: i1, %x: i32) {\n"
           "  %a = tfrt.cond %c @t @missing (%x) : (i32) -> (i32)\n"
           "  %b = tfrt.cond %c @t @t (%x, %x) : (i32, i32) -> (i32)\n"
           "  tfrt.return\n"
           "}\n", 2,
           "v.mlir:5:8: error: function @missing not defined\n",
           "v.mlir:6:8: error: 'tfrt.cond' op incorrect number of operands for callee @t\n",
           "v.mlir:1:1: note: callee @t defined here\n");
    EXPECT("func.func @body(%x: i32) -> i32 {\n"
           "  tfrt.return %x : i32\n"
           "}\n"
           "func.func @f(%c: i1, %x: i32) {\n"
           "  %a = tfrt.while %c @body(%x) : (i32) -> (i32)\n"
           "  tfrt.return\n"
           "}\n", 1,
           "'tfrt.while' op result type mismatch @body: the body must return the loop values and a final i1");
}

Test(verify, unknown_ops)
{
    static const char src[] =
        "func.func @f() {\n"
        "  \"tfrt.bogus\"() : () -> ()\n"
        "  \"my.thing\"() : () -> ()\n"
        "  tfrt.return\n"
        "}\n";
    EXPECT(src, 2,
           "v.mlir:2:3: error: unregistered operation 'tfrt.bogus' found in dialect ('tfrt') that does not allow unknown operations\n",
           "v.mlir:3:3: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used\n");
    char *out;
    VerifyOptions unreg = { .allow_unregistered_dialect = true };
    cr_expect_eq(vrun(src, &unreg, &out), 1, "%s", out);
    cr_expect(strstr(out, "'tfrt.bogus'"));
    free(out);
    VerifyOptions run = { .allow_unknown_ops = true };
    cr_expect_eq(vrun(src, &run, &out), 0, "%s", out);
    free(out);
}

Test(verify, external_functions_for_execution)
{
    static const char src[] =
        "func.func private @ext(i32) -> i32\n"
        "func.func private @nat(i32) -> i32 attributes {tfrt.native}\n";
    char *out;
    cr_expect_eq(vrun(src, NULL, &out), 0, "%s", out);
    free(out);
    VerifyOptions run = { .allow_unknown_ops = true, .for_execution = true };
    cr_expect_eq(vrun(src, &run, &out), 1, "%s", out);
    cr_expect(strstr(out, "v.mlir:1:1: error: function @ext has no body; only tfrt.native functions may be declared without one\n"), "%s", out);
    free(out);
}

/* The parser already rejects what follows, so these tests break parsed IR
** on purpose to reach the verifier's own checks. */
static Module *parse_ok(const char *src)
{
    Module *m = parse_module("v.mlir", src, strlen(src), NULL);
    cr_assert(m);
    return m;
}

static char *verify_text(Module *m, int *n)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    *n = verify_module(m, c.d, NULL);
    char *out = strdup(cap_text(&c));
    cap_close(&c);
    return out;
}

Test(verify, outer_value_in_isolated_region_and_dominance)
{
    Module *m = parse_ok(
        "func.func @f(%c: i1, %x: i32) -> i32 {\n"
        "  %o = tfrt.constant.i32 7\n"
        "  %r = tfrt.if %c, %x : (i32) -> (i32) {\n"
        "    %y = tfrt.add.i32 %x, %x\n"
        "    tfrt.return %y : i32\n"
        "  } else {\n"
        "    tfrt.return %x : i32\n"
        "  }\n"
        "  %z = tfrt.add.i32 %o, %o\n"
        "  tfrt.return %z : i32\n"
        "}\n");
    Block *body = m->funcs[0]->body;
    Op *ifop = body->ops[1];
    Op *inner_add = ifop->regions[0]->ops[0];
    Op *outer_add = body->ops[2];
    inner_add->operands[1] = body->ops[0]->results[0];   /* %o from outside */
    outer_add->operands[0] = outer_add->results[0];      /* uses its own result */
    int n;
    char *out = verify_text(m, &n);
    cr_expect_eq(n, 2, "%s", out);
    cr_expect(strstr(out, "v.mlir:4:10: error: 'tfrt.add.i32' op using value defined outside the region\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:3:8: note: required by region isolation constraints\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:9:8: error: 'tfrt.add.i32' op operand #0 does not dominate this use\n"), "%s", out);
    free(out);
    ir_module_free(m);
}

/* A region of an unknown op sees the values around it (docs/syntax.md
** "Regions of unknown ops") when they come before the op, and up to the
** nearest isolated op. */
Test(verify, outer_value_in_region_of_unknown_op)
{
    VerifyOptions o = { .allow_unregistered_dialect = true };
    Module *m = parse_ok(
        "func.func @f(%c: i1, %x: i32) -> i32 {\n"
        "  %r = \"x.w\"() ({\n"
        "    %y = \"x.u\"(%x) : (i32) -> i32\n"
        "    tfrt.if %c : () -> () {\n"
        "      \"x.n\"() ({\n"
        "        %q = tfrt.constant.i32 1\n"
        "        \"x.v\"(%q) : (i32) -> ()\n"
        "      }) : () -> ()\n"
        "      tfrt.return\n"
        "    }\n"
        "    \"x.y\"(%y) : (i32) -> ()\n"
        "  }) : () -> i32\n"
        "  %z = tfrt.add.i32 %x, %x\n"
        "  tfrt.return %z : i32\n"
        "}\n");
    cr_expect_eq(verify_module(m, NULL, &o), 0);
    Block *body = m->funcs[0]->body;
    Block *w = body->ops[0]->regions[0];
    Op *use = w->ops[0];
    Op *deep = w->ops[1]->regions[0]->ops[0]->regions[0]->ops[1];
    use->operands[0] = body->ops[1]->results[0];    /* %z, defined after x.w */
    deep->operands[0] = w->ops[0]->results[0];      /* %y, across tfrt.if */
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    int n = verify_module(m, c.d, &o);
    const char *out = cap_text(&c);
    cr_expect_eq(n, 2, "%s", out);
    cr_expect(strstr(out, "v.mlir:3:10: error: 'x.u' op operand #0 does not dominate this use\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:13:8: note: operand defined here (op in a parent region)\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:7:9: error: 'x.v' op using value defined outside the region\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:4:5: note: required by region isolation constraints\n"), "%s", out);
    cap_close(&c);
    ir_module_free(m);
}

Test(verify, redefinition_and_structure)
{
    Module *m = parse_ok(
        "func.func @f() {\n"
        "  %a = tfrt.constant.i32 1\n"
        "  %b = tfrt.constant.i32 2\n"
        "  tfrt.return\n"
        "}\n");
    Block *body = m->funcs[0]->body;
    /* Same name twice, and tfrt.return moved to the middle. The parser
    ** promised unique names (names_unique); this edit breaks that, so it
    ** withdraws the promise as verify.h asks. */
    ((Value *)body->ops[1]->results[0])->name = body->ops[0]->results[0]->name;
    body->names_unique = false;
    Op *ret = body->ops[2];
    body->ops[2] = body->ops[1];
    body->ops[1] = ret;
    body->ops[1]->index = 1;
    body->ops[2]->index = 2;
    int n;
    char *out = verify_text(m, &n);
    cr_expect_eq(n, 3, "%s", out);
    cr_expect(strstr(out, "v.mlir:3:8: error: redefinition of SSA value '%a'\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:2:8: note: previously defined here\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:4:3: error: 'tfrt.return' op must be the last operation in the parent block\n"), "%s", out);
    cr_expect(strstr(out, "error: 'func.func' op expected tfrt.return in body of @f\n"), "%s", out);
    free(out);
    ir_module_free(m);
}

/* Value names are compared by content, not by pointer: a builder need not
** intern them (ir.h), so two values of one name may live apart. */
Test(verify, redefinition_compares_names_by_content)
{
    Module *m = parse_ok(
        "func.func @f(%x: i32) -> i32 {\n"
        "  %a = \"tfrt.add.i32\"(%x, %x) : (i32, i32) -> i32\n"
        "  %b = \"tfrt.add.i32\"(%a, %x) : (i32, i32) -> i32\n"
        "  %c = \"tfrt.add.i32\"(%b, %x) : (i32, i32) -> i32\n"
        "  tfrt.return %c : i32\n"
        "}\n");
    Block *body = m->funcs[0]->body;
    body->names_unique = false;
    char dup1[] = "%dup", dup2[] = "%dup", x2[] = "%x";
    cr_assert_neq((void *)dup1, (void *)dup2);
    body->ops[0]->results[0]->name = dup1;
    body->ops[2]->results[0]->name = dup2;      /* same text, other address */
    body->ops[1]->results[0]->name = x2;        /* the argument's name */
    cr_assert_neq((const void *)x2, (const void *)body->args[0]->name);
    int n;
    char *out = verify_text(m, &n);
    cr_expect_eq(n, 2, "%s", out);
    cr_expect_str_eq(out,
        "v.mlir:3:8: error: redefinition of SSA value '%x'\n"      /* an argument: no note */
        "v.mlir:4:8: error: redefinition of SSA value '%dup'\n"
        "v.mlir:2:8: note: previously defined here\n");
    free(out);
    ir_module_free(m);
}

/* Names of every length (the hash reads short names bytewise, longer ones
** a word at a time): equal texts are redefinitions, texts differing in one
** byte anywhere (first, middle, last) or in length are not. */
Test(verify, redefinition_of_names_of_every_length)
{
    static const char *const names[] = {
        "%a", "%abcd", "%abcdefghijk", "%a_very_long_value_name_indeed",
    };
    static const char *const near[] = {
        "%b", "%abce", "%abcdefghijkl", "%a_very_long_valuX_name_indeed",
        "%", "%abcdefghij", "%b_very_long_value_name_indeed", "%abc",
    };
    enum { NN = 4, NNEAR = 8 };
    char src[4096] = "func.func @f(%x: i32) {\n";
    for (int i = 0; i < NN + NN + NNEAR; i++)
        snprintf(src + strlen(src), sizeof src - strlen(src),
                 "  %%v%02d = \"tfrt.add.i32\"(%%x, %%x) : (i32, i32) -> i32\n", i);
    strcat(src, "  tfrt.return\n}\n");
    Module *m = parse_ok(src);
    Block *body = m->funcs[0]->body;
    body->names_unique = false;
    char copies[NN][64], nears[NNEAR][64];
    for (int i = 0; i < NN; i++) {
        body->ops[i]->results[0]->name = names[i];
        snprintf(copies[i], sizeof copies[i], "%s", names[i]);
        body->ops[NN + NNEAR + i]->results[0]->name = copies[i];   /* last: the duplicates */
    }
    for (int i = 0; i < NNEAR; i++) {
        snprintf(nears[i], sizeof nears[i], "%s", near[i]);
        body->ops[NN + i]->results[0]->name = nears[i];
    }
    int n;
    char *out = verify_text(m, &n);
    cr_expect_eq(n, NN, "%s", out);
    for (int i = 0; i < NN; i++) {
        char want[256];
        snprintf(want, sizeof want, "v.mlir:%d:10: error: redefinition of SSA value '%s'\n"
                 "v.mlir:%d:10: note: previously defined here\n", 2 + NN + NNEAR + i, names[i], 2 + i);
        cr_expect(strstr(out, want), "missing `%s` in:\n%s", want, out);
    }
    free(out);
    ir_module_free(m);
}

/* The contract of Block.names_unique: the builder that sets it has already
** rejected every duplicate value name in the block, and the verifier
** trusts it and keeps no name table there. So a duplicate made by hand
** afterwards is NOT reported; the same block without the flag is. */
Test(verify, names_unique_block_is_trusted)
{
    Module *m = parse_ok(
        "func.func @f(%x: i32) -> i32 {\n"
        "  %a = \"tfrt.add.i32\"(%x, %x) : (i32, i32) -> i32\n"
        "  %b = tfrt.add.i32 %a, %x\n"
        "  tfrt.return %b : i32\n"
        "}\n");
    Block *body = m->funcs[0]->body;
    char dup[] = "%a";
    body->ops[1]->results[0]->name = dup;
    body->names_unique = true;
    int n;
    char *out = verify_text(m, &n);
    cr_expect_eq(n, 0, "%s", out);
    cr_expect_str_eq(out, "");
    free(out);
    body->names_unique = false;
    out = verify_text(m, &n);
    cr_expect_eq(n, 1, "%s", out);
    cr_expect(strstr(out, "v.mlir:3:8: error: redefinition of SSA value '%a'\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:2:8: note: previously defined here\n"), "%s", out);
    free(out);
    ir_module_free(m);
}

/* Ops of one op-table row take a one-pass path once their types have been
** accepted; an op that differs in any way (a type, the arity, dominance,
** a name) must still get every diagnostic of the general path. */
Test(verify, plain_ops_after_a_warm_cache_still_report)
{
    Module *m = parse_ok(
        "func.func @f(%x: i32, %y: i64) -> i32 {\n"
        "  %a = \"tfrt.add.i32\"(%x, %x) : (i32, i32) -> i32\n"
        "  %b = \"tfrt.add.i32\"(%a, %x) : (i32, i32) -> i32\n"
        "  %c = \"tfrt.add.i32\"(%b, %y) : (i32, i64) -> i32\n"
        "  %d = \"tfrt.add.i32\"(%b, %x) : (i32, i32) -> i64\n"
        "  %e = \"tfrt.add.i32\"(%b, %x) : (i32, i32) -> i32\n"
        "  %f = \"tfrt.add.i32\"(%e, %x) : (i32, i32) -> i32\n"
        "  %g = \"tfrt.add.i32\"(%f) : (i32) -> i32\n"
        "  %h = \"tfrt.add.i32\"(%f, %f) : (i32, i32) -> i32\n"
        "  tfrt.return %h : i32\n"
        "}\n");
    Block *body = m->funcs[0]->body;
    body->names_unique = false;
    body->ops[4]->operands[0] = body->ops[5]->results[0];   /* %e uses %f */
    char a2[] = "%a";
    body->ops[7]->results[0]->name = a2;                    /* %h is a second %a */
    int n;
    char *out = verify_text(m, &n);
    cr_expect_eq(n, 5, "%s", out);
    static const char *const want[] = {
        "v.mlir:4:8: error: 'tfrt.add.i32' op operand #1 must be 32-bit signless integer, but got 'i64'\n",
        "v.mlir:5:8: error: 'tfrt.add.i32' op result #0 must be 32-bit signless integer, but got 'i64'\n",
        "v.mlir:6:8: error: 'tfrt.add.i32' op operand #0 does not dominate this use\n",
        "v.mlir:7:8: note: operand defined here\n",
        "v.mlir:8:8: error: 'tfrt.add.i32' op expected 2 operands, but found 1\n",
        "v.mlir:9:8: error: redefinition of SSA value '%a'\n",
        "v.mlir:2:8: note: previously defined here\n",
        /* tfrt.return %h : i32 finds %h, whatever its name. */
    };
    const char *at = out;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *p = strstr(at, want[i]);
        cr_expect(p, "missing (or out of order) `%s` in:\n%s", want[i], out);
        if (p) at = p + strlen(want[i]);
    }
    free(out);
    ir_module_free(m);
}

Test(verify, every_error_is_reported_in_one_run)
{
    char *out;
    int n = vrun(
        "func.func @f(%x: i64) -> i32 {\n"
        "  %a = \"tfrt.add.i32\"(%x, %x) : (i64, i64) -> i32\n"
        "  %b = \"tfrt.constant.i32\"() : () -> i32\n"
        "  %c = tfrt.call @nowhere() : () -> i32\n"
        "  tfrt.return %x : i64\n"
        "}\n"
        "func.func @g() -> i32 {\n"
        "  %y = tfrt.constant.i64 3\n"
        "  tfrt.return %y : i64\n"
        "}\n", NULL, &out);
    cr_expect_eq(n, 6, "%s", out);
    const char *order[] = { "v.mlir:2:8:", "v.mlir:2:8:", "v.mlir:3:8:", "v.mlir:4:8:", "v.mlir:5:3:", "v.mlir:9:3:" };
    const char *p = out;
    for (int i = 0; i < 6; i++) {
        p = strstr(p, order[i]);
        cr_assert(p, "diagnostic %d (%s) missing or out of order:\n%s", i, order[i], out);
        p++;
    }
    free(out);
}

Test(verify, verify_diagnostics_end_to_end)
{
    /* The verifier's errors matched by annotations: nothing printed. */
    static const char src[] =
        "func.func @f() -> i32 {\n"
        "  %y = tfrt.constant.i64 3\n"
        "  // expected-error@+1 {{doesn't match function result type}}\n"
        "  tfrt.return %y : i64\n"
        "}\n";
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    Module *m = parse_module("v.mlir", src, strlen(src), c.d);
    cr_assert(m);
    cr_expect_eq(verify_module(m, c.d, NULL), 1);
    cr_expect_not(diag_finish(c.d));
    cr_expect_str_eq(cap_text(&c), "");
    ir_module_free(m);
    cap_close(&c);
}

Test(diag, colour_on_request)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_OFF);
    diag_set_color(c.d, true);
    const char *src = "x\n";
    diag_add_source(c.d, "c.mlir", src, strlen(src));
    diag_emit(c.d, DIAG_ERROR, "c.mlir", 1, 1, "red");
    cr_assert_str_eq(cap_text(&c),
        "\033[1mc.mlir:1:1: \033[1;31merror\033[0m\033[1m: red\033[0m\nx\n\033[1;32m^\033[0m\n");
    cap_close(&c);
}

Test(verify, sync_function_restrictions_for_execution)
{
    static const char src[] =
        "func.func @s(%a: i32, %b: i32) -> (i32, i32, i32) attributes {tfrt.sync} {\n"
        "  %c = tfrt.add_s.i32 %a, %b\n"
        "  tfrt.return %a, %c, %c : i32, i32, i32\n"
        "}\n"
        "func.func @f(%x: i32) {\n"
        "  %r:3 = tfrt.call @s(%x, %x) : (i32, i32) -> (i32, i32, i32)\n"
        "  tfrt.return\n"
        "}\n";
    char *out;
    cr_expect_eq(vrun(src, NULL, &out), 0, "%s", out);    /* fine for tfrt_opt */
    free(out);
    VerifyOptions run = { .allow_unknown_ops = true, .for_execution = true };
    cr_expect_eq(vrun(src, &run, &out), 3, "%s", out);
    cr_expect(strstr(out, "v.mlir:3:3: error: sync function @s may not return its argument #0\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:3:3: error: sync function @s may not return the same value twice (results #1 and #2)\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:6:10: error: 'tfrt.call' op cannot call the tfrt.sync function @s"), "%s", out);
    free(out);
}

Test(verify, more_attribute_rules)
{
    EXPECT("func.func @f(%i: i32, %x: i32, %t: !t.tensor, %ch: !tfrt.chain) {\n"
           "  %s = \"ts.build_shape\"() {value = [1 : i64, \"x\"]} : () -> !ts.shape\n"
           "  %c = \"tfrt.case\"(%i, %x) {branches = [1]} : (i32, i32) -> i32\n"
           "  %b = \"tfrt_test.benchmark\"(%x) ({\n"
           "  ^bb0(%y: i32):\n"
           "    tfrt.return %y : i32\n"
           "  }) {name = \"b\"} : (i32) -> !tfrt.chain\n"
           "  %d = \"tfrt_test.benchmark\"(%x) ({\n"
           "  ^bb0(%y: i32):\n"
           "    tfrt.return %y : i32\n"
           "  }) {name = \"d\", max_count = \"many\"} : (i32) -> !tfrt.chain\n"
           "  %e = tfrt_dht.fill_tensor_with_constant.i32 %t, %ch \"s\"\n"
           "  %f = \"tfrt.call\"(%x) : (i32) -> i32\n"
           "  tfrt.return\n"
           "}\n", 6,
           "v.mlir:2:8: error: 'ts.build_shape' op attribute 'value' failed to satisfy constraint: 64-bit integer array attribute\n",
           "v.mlir:3:8: error: 'tfrt.case' op attribute 'branches' failed to satisfy constraint: symbol ref array attribute\n",
           "v.mlir:4:8: error: 'tfrt_test.benchmark' op requires attribute 'duration_secs', 'max_count' or 'num_warmup_runs'\n",
           "v.mlir:8:8: error: 'tfrt_test.benchmark' op attribute 'max_count' failed to satisfy constraint: 32-bit signless integer attribute\n",
           "v.mlir:13:8: error: 'tfrt.call' op requires attribute 'callee'\n",
           "v.mlir:12:8: error: 'tfrt_dht.fill_tensor_with_constant.i32' op attribute 'value' failed to satisfy constraint: 32-bit signless integer attribute\n");
}

Test(verify, more_callee_rules)
{
    EXPECT("func.func @blk(%s: i32, %e: i32) {\n"
           "  tfrt.return\n"
           "}\n"
           "func.func @f(%s: i32, %x: i32) {\n"
           "  %d = tfrt.parallel_call.i32 %s to %s fixed %s @blk(%x) : i32\n"
           "  tfrt_test.sync_benchmark @blk(%x : i32) max_count = 1\n"
           "  tfrt.return\n"
           "}\n", 2,
           "v.mlir:5:8: error: 'tfrt.parallel_call.i32' op incorrect operands for callee @blk: expected (i32, i32, extra operands...)\n",
           "v.mlir:6:3: error: 'tfrt_test.sync_benchmark' op incorrect number of operands for callee @blk\n",
           "v.mlir:1:1: note: callee @blk defined here\n");
}

Test(verify, more_region_rules)
{
    EXPECT("func.func @f(%c: i1, %x: i32, %n: i64) {\n"
           "  %r = \"tfrt.if\"(%c, %x) ({\n"
           "  ^bb0(%y: i64):\n"
           "    %z = tfrt.constant.i32 0\n"
           "    tfrt.return %z : i32\n"
           "  }, {\n"
           "  ^bb0(%y: i32):\n"
           "    tfrt.return %y : i32\n"
           "  }) : (i1, i32) -> i32\n"
           "  tfrt.repeat.i32 %n {\n"
           "    tfrt.return\n"
           "  }\n"
           "  \"tfrt.if\"(%c) : (i1) -> ()\n"
           "  \"tfrt.if\"() ({\n"
           "    tfrt.return\n"
           "  }, {\n"
           "    tfrt.return\n"
           "  }) : () -> ()\n"
           "  %p = \"tfrt.parallel_for.i32\"(%x, %x) ({\n"
           "  ^bb0(%a: i32, %b: i32):\n"
           "    tfrt.return\n"
           "  }) : (i32, i32) -> !tfrt.chain\n"
           "  %q = \"tfrt.add.i32\"(%x, %x) ({\n"
           "    tfrt.return\n"
           "  }) : (i32, i32) -> i32\n"
           "  %t = \"tfrt_test.sync_sum\"() : () -> i32\n"
           "  tfrt.return\n"
           "}\n", 7,
           "v.mlir:2:8: error: 'tfrt.if' op type of argument #0 of 'then' block ('i64') doesn't match operand type ('i32')\n",
           "v.mlir:10:3: error: 'tfrt.repeat.i32' op operand #0 must be 32-bit signless integer, but got 'i64'\n",
           "v.mlir:13:3: error: 'tfrt.if' op requires 2 regions\n",
           "v.mlir:14:3: error: 'tfrt.if' op expected 1 or more operands, but found 0\n",
           "v.mlir:19:8: error: 'tfrt.parallel_for.i32' op expected 3 or more operands, but found 2\n",
           "v.mlir:23:8: error: 'tfrt.add.i32' op expected 0 regions, but found 1\n",
           "v.mlir:26:8: error: 'tfrt_test.sync_sum' op expected 1 or more operands, but found 0\n");
}

Test(verify, hand_broken_structure)
{
    Module *m = parse_ok(
        "func.func @f(%x: i32) -> i32 {\n"
        "  %a = tfrt.add.i32 %x, %x\n"
        "  %b = tfrt.add.i32 %a, %a\n"
        "  tfrt.return %b : i32\n"
        "}\n"
        "func.func @g(%y: i32) {\n"
        "  %c = tfrt.add.i32 %y, %y\n"
        "  tfrt.return\n"
        "}\n");
    Func *f = m->funcs[0], *g = m->funcs[1];
    g->name = f->name;                                   /* two functions @f */
    f->body->ops[1]->operands[0] = NULL;                 /* an undefined operand */
    f->body->ops[1]->operands[1] = g->body->ops[0]->results[0];   /* from another function */
    g->body->nargs = 0;                                  /* entry block without the argument */
    int n;
    char *out = verify_text(m, &n);
    cr_expect(strstr(out, "v.mlir:6:1: error: redefinition of symbol named 'f'\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:1:1: note: see existing symbol definition here\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:3:8: error: 'tfrt.add.i32' op operand #0 is undefined\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:3:8: error: 'tfrt.add.i32' op operand #1 uses a value that is not visible here\n"), "%s", out);
    cr_expect(strstr(out, "v.mlir:6:1: error: 'func.func' op entry block must have 1 arguments to match function signature\n"), "%s", out);
    /* g's body still uses %y, which is no longer an argument of its block. */
    cr_expect(strstr(out, "v.mlir:7:8: error: 'tfrt.add.i32' op operand #0 does not dominate this use\n") ||
              strstr(out, "v.mlir:7:8: error: 'tfrt.add.i32' op operand #0 uses a value"), "%s", out);
    cr_expect_geq(n, 5);
    free(out);
    ir_module_free(m);
}

/* Every op of the table written in generic form with the wrong shape (no
** operands, no attributes, no regions; then one operand of every kind and
** a region) is reported, never crashes the verifier or the printer. */
#include "ir/print.h"
#include "ops/optable.h"

Test(verify, every_op_in_a_wrong_shape)
{
    size_t n;
    const OpInfo *t = optable_all(&n);
    size_t parsed[5] = { 0 };
    for (size_t i = 0; i < n; i++) {
        static const char *const shapes[] = {
            "  \"%s\"() : () -> ()\n",
            "  %%r = \"%s\"(%%c, %%x, %%ch) {value = \"s\", callee = 1} : (i1, i32, !tfrt.chain) -> i64\n",
            "  %%r:2 = \"%s\"(%%x) ({\n  ^bb0(%%a: i64):\n    tfrt.return %%a : i64\n  }) : (i32) -> (i32, f32)\n",
            /* Every attribute the verifier or the printer reads, of the wrong kind. */
            "  \"%s\"(%%x) {value = @f, real = 1, imaginary = \"i\", shape = 2, values = 3, callee = [], "
            "a_true_fn = 1, b_false_fn = 2, branches = [1, @f], body_fn = 3, parallel_iterations = \"p\", "
            "function = 4, name = 5, target_fn = 6, duration_secs = \"d\", max_count = @f, _tfrt_cost = \"c\", "
            "id = \"i\", fn = 7, device_name = 8} : (i32) -> ()\n",
            /* ... and of the right kind, with regions. */
            "  %%r = \"%s\"(%%c, %%x) ({\n    tfrt.return\n  }, {\n    tfrt.return\n  }) {value = 1 : i32, "
            "real = 1.0 : f32, imaginary = 2.0 : f32, shape = [1 : i64], values = [1 : i32], callee = @f, "
            "a_true_fn = @f, b_false_fn = @f, branches = [@f], body_fn = @f, parallel_iterations = 1 : i64, "
            "function = @f, name = \"n\", target_fn = @f, max_count = 1 : i32, _tfrt_cost = 1 : i64, "
            "id = 1 : i64, fn = @f, device_name = \"CPU:0\"} : (i1, i32) -> i32\n",
        };
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            char op[1024], src[2048];
            snprintf(op, sizeof op, shapes[k], t[i].name);
            snprintf(src, sizeof src, "func.func @f(%%c: i1, %%x: i32, %%ch: !tfrt.chain) {\n%s  tfrt.return\n}\n", op);
            Module *m = parse_module("w.mlir", src, strlen(src), NULL);
            if (!m) continue;   /* e.g. a second tfrt.return */
            parsed[k]++;
            FILE *devnull = fopen("/dev/null", "w");
            DiagSink *d = diag_new(devnull);
            verify_module(m, d, NULL);
            ir_print_module(devnull, m);
            diag_free(d);
            fclose(devnull);
            ir_module_free(m);
        }
    }
    /* Only tfrt.return itself (and ops the parser rejects outright) drop out. */
    for (int k = 0; k < 5; k++)
        cr_expect_geq(parsed[k], n - 8, "shape %d: only %zu of %zu ops parsed", k, parsed[k], n);
}

Test(diag, remark_annotations_and_designators_stack)
{
    Cap c;
    cap_open(&c, DIAG_VERIFY_ALL);
    const char *src =
        "// expected-remark@below {{r1}}\n"
        "// expected-remark@below {{r2}}\n"
        "op\n"
        "// expected-note@above {{n1}}\n"
        "// expected-note@above {{n2}}\n"
        "// expected-error@-3 {{e}}\n";
    diag_add_source(c.d, "r.mlir", src, strlen(src));
    /* A diagnostic matches one annotation (the first that fits). */
    diag_emit(c.d, DIAG_REMARK, "r.mlir", 3, 1, "r1");
    diag_emit(c.d, DIAG_REMARK, "r.mlir", 3, 1, "r2");
    diag_emit(c.d, DIAG_ERROR, "r.mlir", 3, 1, "e");
    diag_emit(c.d, DIAG_NOTE, "r.mlir", 3, 1, "n1");
    diag_emit(c.d, DIAG_NOTE, "r.mlir", 3, 1, "n2");
    diag_emit(c.d, DIAG_NOTE, "r.mlir", 3, 1, "n1 again");   /* a matched annotation matches again */
    cr_assert_eq(diag_error_count(c.d), 0);
    cr_assert_not(diag_finish(c.d));
    cr_assert_str_eq(cap_text(&c), "");
    cap_close(&c);
}

/* Lines made of annotation fragments in random order (fixed seed): the
** annotation scanner and matcher never read out of bounds or crash. */
Test(diag, random_annotation_fragments)
{
    static const char *const frag[] = {
        "expected-", "error", "warning", "note", "remark", "-re", "@", "+", "-", "1", "99999999999",
        "above", "below", " ", "{{", "}}", "{", "}", "x", "[0-9", "(", "\\", "//", "\n", "\t", "\0",
    };
    enum { NFRAG = sizeof frag / sizeof frag[0] };
    uint64_t seed = 0x243F6A8885A308D3ull;
    for (int round = 0; round < 50; round++) {
        char src[4096];
        size_t len = 0;
        while (len < sizeof src - 16) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            const char *f = frag[(seed >> 33) % NFRAG];
            size_t fl = f[0] ? strlen(f) : 1;
            memcpy(src + len, f, fl);
            len += fl;
        }
        Cap c;
        cap_open(&c, round % 2 ? DIAG_VERIFY_ALL : DIAG_VERIFY_LAZY);
        diag_add_source(c.d, "z.mlir", src, len);
        for (int k = 0; k < 40; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            diag_emit(c.d, (DiagKind)((seed >> 20) % 4), "z.mlir", (int)((seed >> 33) % 200), (int)((seed >> 45) % 90),
                      "x error 5");
        }
        diag_finish(c.d);
        cap_close(&c);
    }
}
