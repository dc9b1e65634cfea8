/*
** fault.c — allocation fault injection (alloc.h; make faultinj). Only with
** -DTFRUN_FAULT_INJECT, linked with -Wl,--wrap=malloc,--wrap=calloc,
** --wrap=realloc,--wrap=strdup,--wrap=strndup: every such call of tfrun's
** objects comes here. TFRUN_FAIL_ALLOC=N fails the Nth call (counting
** from 1) once; TFRUN_COUNT_ALLOC prints the number of calls at exit.
**
** Output files (base/outfile.h): TFRUN_FAIL_IO=N makes the Nth file
** operation of base/outfile.c (creating the temporary file, a write, the
** fsync, the close, the rename) fail once with ENOSPC; TFRUN_COUNT_IO
** prints their number at exit. The two counters are the test build's only
** global state.
*/
#ifdef TFRUN_FAULT_INJECT
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "base/outfile.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static atomic_long calls;
static atomic_long fail_at = -1;     /* -1: not read yet; 0: never */

static void report(void)
{
    fprintf(stderr, "tfrun: %ld allocations\n", atomic_load(&calls));
}

static int fail_now(void)
{
    long at = atomic_load_explicit(&fail_at, memory_order_relaxed);
    if (at < 0) {
        const char *e = getenv("TFRUN_FAIL_ALLOC");
        at = e ? atol(e) : 0;
        if (at < 0) at = 0;
        long expect = -1;
        if (atomic_compare_exchange_strong(&fail_at, &expect, at) && getenv("TFRUN_COUNT_ALLOC"))
            atexit(report);
        at = atomic_load(&fail_at);
    }
    long n = atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed) + 1;
    return at > 0 && n == at;
}

void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return fail_now() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return fail_now() ? NULL : __real_realloc(p, n); }
char *__wrap_strdup(const char *s) { return fail_now() ? NULL : __real_strdup(s); }
char *__wrap_strndup(const char *s, size_t n) { return fail_now() ? NULL : __real_strndup(s, n); }
static atomic_long io_calls;
static atomic_long io_fail_at = -1;  /* -1: not read yet; 0: never */

static void report_io(void)
{
    fprintf(stderr, "tfrun: %ld output operations\n", atomic_load(&io_calls));
}

int tf_fault_io(void)
{
    long at = atomic_load(&io_fail_at);
    if (at < 0) {
        const char *e = getenv("TFRUN_FAIL_IO");
        at = e ? atol(e) : 0;
        if (at < 0) at = 0;
        long expect = -1;
        if (atomic_compare_exchange_strong(&io_fail_at, &expect, at) && getenv("TFRUN_COUNT_IO"))
            atexit(report_io);
        at = atomic_load(&io_fail_at);
    }
    long n = atomic_fetch_add(&io_calls, 1) + 1;
    return at > 0 && n == at ? ENOSPC : 0;
}
#else
typedef int tfrun_no_fault_injection;   /* (an empty file is not C) */
#endif
