/*
** fuzz_check.c — the CHECK matcher (cli/filecheck.h) as a fuzz target. The
** input is the check text, a NUL byte, then the text checked (no NUL: the
** input is checked against itself). Both prefixes CHECK and a custom one,
** then FileCheck's flags: strict whitespace, whole lines, the check text as
** an --implicit-check-not pattern, two -D variables, -vv and the input dump.
*/
#include "cli/filecheck.h"
#include "fuzz/fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t clen = nul ? (size_t)(nul - data) : size;
    char *check = fuzz_text(data, clen);
    char *input = nul ? fuzz_text(nul + 1, size - clen - 1) : fuzz_text(data, size);
    size_t ilen = nul ? size - clen - 1 : size;
    fc_options o = { 0 };
    fc_check(check, clen, input, ilen, &o, fuzz_null());
    o.prefix = "FOO";
    o.allow_empty = 1;
    fc_check(check, clen, input, ilen, &o, fuzz_null());
    const char *imp[] = {check};
    static const char *const defs[] = {"V=a  b", "$G=x"};
    fc_options f = {.allow_empty = 1, .implicit_not = imp, .n_implicit_not = 1, .defines = defs,
                    .n_defines = 2, .strict_whitespace = 1, .match_full_lines = 1, .verbose = 2,
                    .dump = FC_DUMP_ALWAYS, .dump_context = 1};
    fc_check(check, clen, input, ilen, &f, fuzz_null());
    fc_has_directives(check, clen, NULL);
    free(check);
    free(input);
    return 0;
}
