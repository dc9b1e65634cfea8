/*
** A small stand-in for Criterion 2.4's test API, used ONLY by `make tsan`.
**
** Criterion's BoxFort sandbox maps an "inheritable arena" at random addresses
** probed with mincore(); under ThreadSanitizer every candidate falls inside
** TSan's reserved shadow range, so a Criterion binary aborts before running a
** single test ("Could not initialize inheritable arena"). No option avoids it.
** The TSan build therefore compiles tests/test_*.c against these headers
** (-Itests/shim) and links tests/shim/shim.c, the runner, instead of
** -lcriterion. Every other build uses the real Criterion.
**
** Only what tests/test_*.c uses is here: Test/TestSuite with .init/.fini/.timeout/
** .signal/.exit_code/.disabled, the cr_assert_* / cr_expect_* families, skips,
** logging, redirection (criterion/redirect.h), parameterized tests
** (criterion/parameterized.h) and eq(type, a, b) (criterion/new/assert.h).
** Each test runs in a forked child; see shim.c for the runner.
*/
#ifndef shim_criterion_h
#define shim_criterion_h
#pragma GCC system_header   /* like the real header: no warnings from macro bodies */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parameters of a parameterized test: [length] elements of [size] bytes. */
struct criterion_test_params {
    size_t size;
    void *params;
    size_t length;
    void (*cleanup)(struct criterion_test_params *);
};

/* One Test or TestSuite. The fields after [name] are the ones the designated
** initializers of Test(suite, name, .field = value) may set; 0 means unset. */
struct shim_test {
    const char *suite, *name, *file;
    void (*fn)(void);                               /* a plain test */
    void (*pfn)(void *);                            /* a parameterized test */
    struct criterion_test_params (*params)(void);
    bool is_suite;
    void (*init)(void), (*fini)(void);
    double timeout;
    int signal, exit_code;
    bool disabled;
    const char *description;
};

void shim_register(struct shim_test *t);
/* A failed check at FILE:LINE; [fmt] starts with a space (the message may be
** empty, then [expr] is shown). shim_abort ends the test, shim_note goes on. */
__attribute__((noreturn, format(printf, 4, 5)))
void shim_abort(const char *file, int line, const char *expr, const char *fmt, ...);
__attribute__((format(printf, 4, 5)))
void shim_note(const char *file, int line, const char *expr, const char *fmt, ...);
__attribute__((noreturn, format(printf, 1, 2))) void shim_skip(const char *fmt, ...);
__attribute__((format(printf, 2, 3))) void shim_log(const char *level, const char *fmt, ...);

#define SHIM_REG_(id, ...)                                                          \
    static struct shim_test id##_desc = { __VA_ARGS__ };                            \
    __attribute__((constructor)) static void id##_reg(void) { shim_register(&id##_desc); }

/* (S and N, not suite and name: those would replace the designators .suite
** and .name.) */
#define Test(S, N, ...)                                                             \
    static void S##_##N##_fn(void);                                                 \
    SHIM_REG_(S##_##N, .suite = #S, .name = #N, .file = __FILE__,                   \
              .fn = S##_##N##_fn, __VA_ARGS__)                                      \
    static void S##_##N##_fn(void)

#define TestSuite(S, ...)                                                           \
    SHIM_REG_(S##_suite_, .suite = #S, .name = "", .is_suite = true, __VA_ARGS__)

/* {=====================================================================
** Checks. cr_assert* end the test on failure, cr_expect* record it and go on.
** The optional trailing arguments are a printf format (a literal) and its values.
** ====================================================================== */
#define SHIM_CHECK_(fail, cond, text, ...)                                          \
    do { if (!(cond)) fail(__FILE__, __LINE__, text, " " __VA_ARGS__); } while (0)
#define SHIM_FEQ_(a, b, eps) ((a) - (b) <= (eps) && (b) - (a) <= (eps))

#define cr_assert(c, ...)         SHIM_CHECK_(shim_abort, c, #c, __VA_ARGS__)
#define cr_expect(c, ...)         SHIM_CHECK_(shim_note, c, #c, __VA_ARGS__)
#define cr_assert_not(c, ...)     SHIM_CHECK_(shim_abort, !(c), "!(" #c ")", __VA_ARGS__)
#define cr_expect_not(c, ...)     SHIM_CHECK_(shim_note, !(c), "!(" #c ")", __VA_ARGS__)
#define cr_assert_null(p, ...)    SHIM_CHECK_(shim_abort, (p) == NULL, #p " == NULL", __VA_ARGS__)
#define cr_expect_null(p, ...)    SHIM_CHECK_(shim_note, (p) == NULL, #p " == NULL", __VA_ARGS__)
#define cr_assert_not_null(p, ...) SHIM_CHECK_(shim_abort, (p) != NULL, #p " != NULL", __VA_ARGS__)
#define cr_expect_not_null(p, ...) SHIM_CHECK_(shim_note, (p) != NULL, #p " != NULL", __VA_ARGS__)
#define cr_assert_eq(a, b, ...)   SHIM_CHECK_(shim_abort, (a) == (b), #a " == " #b, __VA_ARGS__)
#define cr_expect_eq(a, b, ...)   SHIM_CHECK_(shim_note, (a) == (b), #a " == " #b, __VA_ARGS__)
#define cr_assert_neq(a, b, ...)  SHIM_CHECK_(shim_abort, (a) != (b), #a " != " #b, __VA_ARGS__)
#define cr_expect_neq(a, b, ...)  SHIM_CHECK_(shim_note, (a) != (b), #a " != " #b, __VA_ARGS__)
#define cr_assert_lt(a, b, ...)   SHIM_CHECK_(shim_abort, (a) < (b), #a " < " #b, __VA_ARGS__)
#define cr_expect_lt(a, b, ...)   SHIM_CHECK_(shim_note, (a) < (b), #a " < " #b, __VA_ARGS__)
#define cr_assert_leq(a, b, ...)  SHIM_CHECK_(shim_abort, (a) <= (b), #a " <= " #b, __VA_ARGS__)
#define cr_expect_leq(a, b, ...)  SHIM_CHECK_(shim_note, (a) <= (b), #a " <= " #b, __VA_ARGS__)
#define cr_assert_gt(a, b, ...)   SHIM_CHECK_(shim_abort, (a) > (b), #a " > " #b, __VA_ARGS__)
#define cr_expect_gt(a, b, ...)   SHIM_CHECK_(shim_note, (a) > (b), #a " > " #b, __VA_ARGS__)
#define cr_assert_geq(a, b, ...)  SHIM_CHECK_(shim_abort, (a) >= (b), #a " >= " #b, __VA_ARGS__)
#define cr_expect_geq(a, b, ...)  SHIM_CHECK_(shim_note, (a) >= (b), #a " >= " #b, __VA_ARGS__)
#define cr_assert_str_eq(a, b, ...)                                                 \
    SHIM_CHECK_(shim_abort, strcmp((a), (b)) == 0, #a " equals " #b, __VA_ARGS__)
#define cr_expect_str_eq(a, b, ...)                                                 \
    SHIM_CHECK_(shim_note, strcmp((a), (b)) == 0, #a " equals " #b, __VA_ARGS__)
#define cr_assert_str_neq(a, b, ...)                                                \
    SHIM_CHECK_(shim_abort, strcmp((a), (b)) != 0, #a " differs from " #b, __VA_ARGS__)
#define cr_expect_str_neq(a, b, ...)                                                \
    SHIM_CHECK_(shim_note, strcmp((a), (b)) != 0, #a " differs from " #b, __VA_ARGS__)
#define cr_assert_str_empty(s, ...) SHIM_CHECK_(shim_abort, (s)[0] == '\0', #s " is empty", __VA_ARGS__)
#define cr_expect_str_empty(s, ...) SHIM_CHECK_(shim_note, (s)[0] == '\0', #s " is empty", __VA_ARGS__)
#define cr_assert_float_eq(a, b, eps, ...)                                          \
    SHIM_CHECK_(shim_abort, SHIM_FEQ_(a, b, eps), #a " == " #b " within " #eps, __VA_ARGS__)
#define cr_expect_float_eq(a, b, eps, ...)                                          \
    SHIM_CHECK_(shim_note, SHIM_FEQ_(a, b, eps), #a " == " #b " within " #eps, __VA_ARGS__)
#define cr_assert_fail(...)       shim_abort(__FILE__, __LINE__, "fail", " " __VA_ARGS__)
#define cr_expect_fail(...)       shim_note(__FILE__, __LINE__, "fail", " " __VA_ARGS__)

#define cr_skip_test(...)         shim_skip(" " __VA_ARGS__)
#define cr_log_info(...)          shim_log("INFO", __VA_ARGS__)
#define cr_log_warn(...)          shim_log("WARN", __VA_ARGS__)
#define cr_log_error(...)         shim_log("ERR ", __VA_ARGS__)

#endif
