/*
** fuzz.h — helpers shared by the libFuzzer targets of fuzz/ (make fuzz).
**
** The targets are test code, not part of tfrun: they link the project's
** archives and call them as the commands do. A target keeps a few statics
** (a /dev/null stream, a scratch file name), which tfrun itself never does.
*/
#ifndef TFRUN_FUZZ_H
#define TFRUN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A stream that discards what it is given (program output, diagnostics). */
static inline FILE *fuzz_null(void)
{
    static FILE *null;
    if (!null) null = fopen("/dev/null", "w");
    if (!null) abort();
    return null;
}

/* [data] as a NUL-terminated heap string (the lexer wants the NUL). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t) abort();
    memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

/* Writes [data] to a scratch file of this process (one per target and
** process: libFuzzer's -fork and -jobs workers each have their own) and
** returns its name. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *tag)
{
    static char name[256];
    if (!name[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(name, sizeof name, "%s/tfrun-fuzz-%s-%ld.mlir", dir && *dir ? dir : "/tmp", tag,
                 (long)getpid());
    }
    FILE *f = fopen(name, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);
    return name;
}

#endif
