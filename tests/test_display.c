/*
** test_display.c — the one value display (interp/display.h): the driver's
** result form, the REPL's session form, any.print's form, errors, unresolved
** values and the "'f' returned" line, byte for byte.
*/
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/display.h"

/* What [show] prints, malloc'ed. */
#define CAPTURE(buf, show)                                   \
    do {                                                     \
        size_t len_;                                         \
        FILE *m_ = open_memstream(&(buf), &len_);            \
        cr_assert(m_);                                       \
        FILE *out = m_;                                      \
        show;                                                \
        fclose(m_);                                          \
    } while (0)

static void expect_any(const Display *d, const char *spelling, Any a, const char *want)
{
    char *buf = NULL;
    CAPTURE(buf, display_any(out, d, spelling, &a));
    cr_assert_str_eq(buf, want);
    free(buf);
}

static const Display session = { DISPLAY_SESSION, false, "<unavailable>", NULL };

Test(display, floats)
{
    char *buf = NULL;
    CAPTURE(buf, (display_float(out, 2.5), fputc(' ', out), display_float(out, NAN), fputc(' ', out),
                  display_float(out, -INFINITY), fputc(' ', out), display_float(out, INFINITY)));
    cr_assert_str_eq(buf, "2.500000e+00 nan -INF INF");
    free(buf);
}

Test(display, result_form_goes_by_the_declared_type)
{
    Display d = display_driver(false);
    expect_any(&d, "i1", any_bool(true), "1");
    expect_any(&d, "i32", any_int(ANY_I32, -7), "-7");
    expect_any(&d, "i64", any_int(ANY_I64, -9000000000LL), "-9000000000");
    expect_any(&d, "f32", any_f32(0.5f), "5.000000e-01");
    expect_any(&d, "f64", any_f64(-1e300), "-1.000000e+300");
    expect_any(&d, "ui8", any_uint(ANY_UI8, 3), "ui8 value");
    expect_any(&d, "!tfrt.string", any_str("s", 1), "!tfrt.string value");
}

Test(display, session_form_goes_by_the_value)
{
    expect_any(&session, "ui8", any_uint(ANY_UI8, 200), "200");
    expect_any(&session, NULL, any_chain(), "chain");
    expect_any(&session, NULL, any_none(), "none");
    expect_any(&session, NULL, any_str("a\"\\\n\t\x01z", 7), "\"a\\\"\\\\\\n\\t\\01z\"");
    ListObj *l = list_new();
    list_append(l, any_int(ANY_I32, 1));
    list_append(l, any_str("x", 1));
    Any la = any_obj(&l->hdr);
    expect_any(&session, "!tfrt.list", la, "[1, \"x\"]");
    any_release(la);
}

/* any.print's form without the kernels' object hook: what
** interp/display.c shows by itself. */
static const Display repr = { DISPLAY_REPR, false, NULL, NULL };

Test(display, repr_form_is_any_prints)
{
    expect_any(&repr, NULL, any_bool(true), "1");
    expect_any(&repr, NULL, any_int(ANY_I8, -5), "-5");
    expect_any(&repr, NULL, any_uint(ANY_UI64, 18446744073709551615ULL), "18446744073709551615");
    Any h = any_uint(ANY_F16, 0x3c00);
    h.type = ANY_F16;
    expect_any(&repr, NULL, h, "15360");              /* f16 as its bits, like tfrt.print.f16 */
    expect_any(&repr, NULL, any_f32(0.5f), "0.500000");
    expect_any(&repr, NULL, any_f64(-2.25), "-2.250000");
    Any c = {0};
    c.type = ANY_COMPLEX64;
    c.v.c64[0] = 1.5f;
    c.v.c64[1] = -2.0f;
    expect_any(&repr, NULL, c, "1.500000+-2.000000i");
    /* C escapes by name, octal for other control bytes, DEL and bytes that
    ** are not UTF-8; well-formed UTF-8 kept. */
    expect_any(&repr, NULL, any_str("a\"\\\n\t\r\v\x01\x7f\xc3\xa9\xff", 12),
               "\"a\\\"\\\\\\n\\t\\r\\v\\001\\177\xc3\xa9\\377\"");
    /* What neither the display nor a hook knows is "TYPE value". */
    expect_any(&repr, NULL, any_chain(), "!tfrt.chain value");
    ListObj *l = list_new();
    Any la = any_obj(&l->hdr);
    expect_any(&repr, NULL, la, "!tfrt.list value");
    any_release(la);
}

Test(display, values_errors_and_unresolved)
{
    Display d = display_driver(true);
    AsyncValue *e = av_new_error(ERR_INTERNAL, "boom");
    AsyncValue *u = av_new_unavailable();
    char *buf = NULL;
    CAPTURE(buf, (display_value(out, &d, NULL, e), fputc(' ', out), display_value(out, &d, NULL, u),
                  fputc(' ', out), display_value(out, &session, NULL, u), fputc(' ', out),
                  display_value(out, &session, NULL, e)));
    cr_assert_str_eq(buf, "<<error: boom, code: INTERNAL>> <<unavailable>> <unavailable> <<error: boom>>");
    free(buf);
    av_release(e);
    av_release(u);
}

Test(display, the_returned_line)
{
    Type i32 = { .spelling = "i32" }, f64 = { .spelling = "f64" };
    const Type *types[] = { &i32, &f64 };
    Func fn = { .name = "f", .result_types = types, .nresults = 2 };
    AsyncValue *res[] = { av_new_available(any_int(ANY_I32, 42)), av_new_available(any_f64(1.5)) };
    Display d = display_driver(false);
    char *buf = NULL;
    CAPTURE(buf, (display_returned(out, &d, &fn, res), display_failed(out, &fn, "bad"), display_failed(out, &fn, NULL)));
    cr_assert_str_eq(buf, "'f' returned 42,1.500000e+00\n'f' returned <<error: bad>>\n'f' returned <<error: >>\n");
    free(buf);
    av_release(res[0]);
    av_release(res[1]);
}
