/*
** fuzz_opt.c — `tfrun opt` as a fuzz target: parse, verify, print, parse the
** printed form again, and require that printing is a fixed point:
** print(parse(print(x))) == print(x), for every input that parses and
** verifies (with and without -allow-unregistered-dialect). A difference
** aborts (a finding). The same for the generic form (-mlir-print-op-generic),
** which tfrun reads back too ("builtin.module", "func.func": grammar.y gfunc).
*/
#include <stdbool.h>
#include "fuzz/fuzz.h"
#include "ir/diag.h"
#include "ir/print.h"
#include "ir/verify.h"
#include "parser/parser.h"

/* The printed form of [text], or NULL when it does not parse and verify. */
static char *print_of(const char *text, size_t len, bool unreg, bool generic, size_t *outlen)
{
    DiagSink *d = diag_new(fuzz_null());
    if (!d) abort();
    diag_add_source(d, "fuzz.mlir", text, len);
    Module *m = parse_module("fuzz.mlir", text, len, d);
    char *buf = NULL;
    *outlen = 0;
    if (m) {
        VerifyOptions vo = { .allow_unregistered_dialect = unreg };
        if (verify_module(m, d, &vo) == 0 && !diag_failed(d)) {
            FILE *out = open_memstream(&buf, outlen);
            if (!out) abort();
            IrPrintOptions po = { .generic = generic };
            ir_print_module_with(out, m, &po);
            fclose(out);
        }
        ir_module_free(m);
    }
    diag_finish(d);
    diag_free(d);
    return buf;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    for (int mode = 0; mode < 4; mode++) {
        bool unreg = mode & 1, generic = (mode & 2) != 0;
        size_t n1, n2;
        char *p1 = print_of(text, size, unreg, generic, &n1);
        if (!p1) continue;
        char *p2 = print_of(p1, n1, unreg, generic, &n2);
        if (!p2 || n1 != n2 || memcmp(p1, p2, n1) != 0) {
            fprintf(stderr, "fuzz_opt: the printed form (%s%s) is not a fixed point:\n--- print(x):\n%s\n"
                    "--- print(parse(print(x))):\n%s\n", generic ? "generic" : "custom",
                    unreg ? ", -allow-unregistered-dialect" : "", p1, p2 ? p2 : "(does not parse and verify)");
            abort();
        }
        free(p1);
        free(p2);
    }
    free(text);
    return 0;
}
