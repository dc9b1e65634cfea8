/*
** fuzz_check.c — the CHECK matcher (cli/filecheck.h) as a fuzz target. The
** input is the check text, a NUL byte, then the text checked (no NUL: the
** input is checked against itself). Both prefixes CHECK and a custom one.
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
    fc_has_directives(check, clen, NULL);
    free(check);
    free(input);
    return 0;
}
