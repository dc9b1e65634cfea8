/*
** alloc.c — the one allocation path and its out-of-memory policy (alloc.h).
*/
#include "base/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Noreturn void tf_out_of_memory(void)
{
    static const char msg[] = "tfrun: out of memory\n";
    fflush(stdout);
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    _exit(1);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) tf_out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) tf_out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) tf_out_of_memory();
    return q;
}

char *xstrdup(const char *s)
{
    char *p = strdup(s);
    if (!p) tf_out_of_memory();
    return p;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = strndup(s, n);
    if (!p) tf_out_of_memory();
    return p;
}
