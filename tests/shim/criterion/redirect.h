/*
** Redirection for the Criterion shim (see criterion.h: used only by `make tsan`).
** cr_redirect_stdout/stderr send the test's fd 1/2 to a temporary file that the
** cr_assert_std*_eq_str checks read back; cr_get_redirected_stdin returns a
** stream whose writes the test reads on fd 0 (a pipe: keep it under 64 KiB).
*/
#ifndef shim_redirect_h
#define shim_redirect_h
#pragma GCC system_header
#include <stdio.h>
#include "criterion.h"

void cr_redirect_stdout(void);
void cr_redirect_stderr(void);
FILE *cr_get_redirected_stdin(void);
/* Whether everything the test wrote so far to fd [fd] (1 or 2, redirected) is [s]. */
bool shim_output_is(int fd, const char *s);

#define cr_assert_stdout_eq_str(s, ...)                                             \
    SHIM_CHECK_(shim_abort, shim_output_is(1, s), "stdout equals " #s, __VA_ARGS__)
#define cr_expect_stdout_eq_str(s, ...)                                             \
    SHIM_CHECK_(shim_note, shim_output_is(1, s), "stdout equals " #s, __VA_ARGS__)
#define cr_assert_stderr_eq_str(s, ...)                                             \
    SHIM_CHECK_(shim_abort, shim_output_is(2, s), "stderr equals " #s, __VA_ARGS__)
#define cr_expect_stderr_eq_str(s, ...)                                             \
    SHIM_CHECK_(shim_note, shim_output_is(2, s), "stderr equals " #s, __VA_ARGS__)

#endif
