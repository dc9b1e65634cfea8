/*
** test_strbuf.c — growable strings (base/strbuf.h).
*/
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"

Test(sb, empty_append_gives_a_c_string)
{
    StrBuf b = {0};
    cr_assert_null(b.p);
    sb_addn(&b, "", 0);
    cr_assert_not_null(b.p);
    cr_assert_eq(b.n, 0);
    cr_assert_str_eq(b.p, "");
    sb_free(&b);
    cr_assert_null(b.p);
    cr_assert_eq(b.n + b.cap, 0);
}

Test(sb, appends_keep_a_terminating_nul)
{
    StrBuf b = {0};
    sb_adds(&b, "ab");
    sb_addc(&b, 'c');
    sb_addn(&b, "d\0e", 3);
    cr_assert_eq(b.n, 6);
    cr_assert(!memcmp(b.p, "abcd\0e", 7));
    sb_free(&b);
}

Test(sb, printf_appends_short_and_long_text)
{
    StrBuf b = {0};
    sb_printf(&b, "%d-%s", 42, "x");
    cr_assert_str_eq(b.p, "42-x");
    /* Longer than any initial room: formatted again after growing. */
    char big[5000];
    memset(big, 'y', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sb_printf(&b, "[%s]", big);
    cr_assert_eq(b.n, 4 + 2 + sizeof big - 1);
    cr_assert_eq(b.p[4], '[');
    cr_assert_eq(b.p[5], 'y');
    cr_assert_eq(b.p[b.n - 1], ']');
    cr_assert_eq(b.p[b.n], '\0');
    sb_printf(&b, "%s", "");
    cr_assert_eq(b.n, 4 + 2 + sizeof big - 1);
    sb_free(&b);
}

Test(sb, many_small_appends)
{
    StrBuf b = {0};
    for (int i = 0; i < 1000; i++) sb_printf(&b, "%03d,", i);
    cr_assert_eq(b.n, 4000);
    cr_assert(!strncmp(b.p, "000,001,", 8));
    cr_assert(!strcmp(b.p + 3996, "999,"));
    sb_free(&b);
}

Test(sb, read_appends_a_whole_stream)
{
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    for (int i = 0; i < 30000; i++) fprintf(f, "%04d\n", i % 10000);
    rewind(f);
    StrBuf b = {0};
    sb_adds(&b, ">");
    cr_assert(sb_read(&b, f));
    cr_assert_eq(b.n, 1 + 30000 * 5);
    cr_assert(!strncmp(b.p, ">0000\n0001\n", 11));
    cr_assert_str_eq(b.p + b.n - 5, "9999\n");
    fclose(f);
    sb_free(&b);
}

Test(sb, read_of_an_empty_stream_gives_an_empty_string)
{
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    StrBuf b = {0};
    cr_assert(sb_read(&b, f));
    cr_assert_not_null(b.p);
    cr_assert_eq(b.n, 0);
    cr_assert_str_eq(b.p, "");
    fclose(f);
    sb_free(&b);
}

Test(sb, read_error_is_reported)
{
    /* A write-only stream cannot be read. */
    FILE *f = fopen("/dev/null", "w");
    cr_assert_not_null(f);
    StrBuf b = {0};
    cr_assert_not(sb_read(&b, f));
    cr_assert_not_null(b.p);
    fclose(f);
    sb_free(&b);
}
