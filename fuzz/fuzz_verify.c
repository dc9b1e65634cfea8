/*
** fuzz_verify.c — `tfrun opt --verify-diagnostics --split-input-file` as a
** fuzz target: the input is written to a scratch file and the command runs
** in-process (cli_opt), its output to /dev/null. Any exit status is fine;
** crashes and sanitizer reports are the findings.
*/
#include "cli/cli.h"
#include "fuzz/fuzz.h"

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *f = fuzz_file(data, size, "verify");
    char *argv[] = { "opt", "--verify-diagnostics", "--split-input-file", "-allow-unregistered-dialect",
                     "-o", "/dev/null", (char *)f, NULL };
    cli_opt(7, argv);
    return 0;
}
