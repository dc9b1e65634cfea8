/*
** The Criterion shim's own test (tests/shim/selftest.sh builds and runs it in
** `make tsan`). A test named pass_* must pass, fail_* must fail, skip_* must
** be skipped; selftest.sh checks each verdict and the closing counts.
*/
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <criterion/parameterized.h>
#include <criterion/redirect.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static int order;
static void suite_init(void) { order = 1; }
static void test_init(void) { cr_assert_eq(order, 1, "the suite's init runs first"); order = 2; }
static void test_fini(void) { cr_assert_eq(order, 3, "the body ran"); }
TestSuite(s, .init = suite_init, .timeout = 2.0);

Test(s, pass_inits_in_order, .init = test_init, .fini = test_fini)
{
    cr_assert_eq(order, 2);
    order = 3;
}
Test(s, fail_fini_after_failed_body, .init = test_init, .fini = test_fini) { cr_assert(0); }
Test(s, pass_checks)
{
    cr_assert(1); cr_expect(1, "message %d", 1); cr_assert_not(0); cr_assert_null(NULL);
    cr_assert_not_null(&order); cr_assert_neq(1, 2); cr_assert_lt(1, 2); cr_assert_leq(2, 2);
    cr_assert_gt(3, 2); cr_assert_geq(3, 3); cr_assert_str_eq("a", "a"); cr_assert_str_empty("");
    cr_expect_float_eq(1.0, 1.05, 0.1);
    cr_expect(eq(i64, -1, -1)); cr_expect(eq(u16, 65536 + 7, 7)); cr_expect(eq(str, "x", "x"));
    cr_expect(eq(flt, 0.5f, 0.5));
}
Test(s, fail_assert) { cr_assert_eq(1, 2, "one is %d", 1); }
Test(s, fail_expect_goes_on)
{
    cr_expect_str_eq("a", "b");
    order = 7;
    cr_assert_eq(order, 7);
}
Test(s, fail_new_api) { cr_expect(eq(i32, 1, 2)); }
Test(s, fail_float) { cr_expect_float_eq(1.0, 1.5, 0.1); }
Test(s, fail_timeout) { sleep(60); }
Test(s, pass_own_timeout, .timeout = 60.0) { sleep(3); }
Test(s, fail_crash) { kill(getpid(), SIGKILL); }
Test(s, pass_signal, .signal = SIGABRT) { abort(); }
Test(s, fail_no_signal, .signal = SIGABRT) { }
Test(s, pass_exit_code, .exit_code = 3) { exit(3); }
Test(s, fail_exit_code) { exit(3); }
Test(s, skip_me) { cr_skip_test("skipped on %s", "purpose"); }
Test(s, pass_disabled_is_not_run, .disabled = true) { cr_assert(0); }

static void *thread_fails(void *arg) { cr_assert(0, "on another thread"); return arg; }
Test(s, fail_on_other_thread)
{
    pthread_t t;
    pthread_create(&t, NULL, thread_fails, NULL);
    pthread_join(t, NULL);
}

Test(s, pass_redirect, .init = cr_redirect_stdout)
{
    printf("out\n");
    cr_assert_stdout_eq_str("out\n");
    cr_redirect_stderr();
    fprintf(stderr, "err");
    cr_assert_stderr_eq_str("err");
    FILE *in = cr_get_redirected_stdin();
    fputs("in\n", in);
    fclose(in);
    char b[8];
    cr_assert(fgets(b, sizeof b, stdin));
    cr_assert_str_eq(b, "in\n");
}
Test(s, fail_redirect_longer, .init = cr_redirect_stdout)
{
    printf("out\nmore");
    cr_assert_stdout_eq_str("out\n");
}

typedef struct P { int a, b; } P;
ParameterizedTestParameters(p, pass_and_fail)
{
    static P ps[] = { { 1, 1 }, { 2, 3 }, { 4, 4 } };
    return cr_make_param_array(P, ps, sizeof ps / sizeof ps[0]);
}
ParameterizedTest(P *p, p, pass_and_fail) { cr_assert_eq(p->a, p->b, "%d vs %d", p->a, p->b); }
