/*
** strbuf.c — growable strings (see strbuf.h).
*/
#include "base/alloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/strbuf.h"

void sb_reserve(StrBuf *b, size_t more)
{
    if (b->p && b->n + more + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + more + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) tf_out_of_memory();
    b->p = p;
    b->cap = cap;
}

void sb_addn(StrBuf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    if (n) memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

void sb_adds(StrBuf *b, const char *s) { sb_addn(b, s, strlen(s)); }

void sb_addc(StrBuf *b, char c) { sb_addn(b, &c, 1); }

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

/* Formats into the spare room first; when the text does not fit, grows the
** buffer to the length vsnprintf reported and formats again. */
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap)
{
    sb_reserve(b, 0);
    size_t room = b->cap - b->n;
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(b->p + b->n, room, fmt, ap2);
    va_end(ap2);
    if (n < 0) { b->p[b->n] = '\0'; return; }
    if ((size_t)n >= room) {
        sb_reserve(b, (size_t)n);
        vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
    }
    b->n += (size_t)n;
}

bool sb_read(StrBuf *b, FILE *f)
{
    sb_reserve(b, 0);
    for (;;) {
        sb_reserve(b, 1 << 16);
        size_t got = fread(b->p + b->n, 1, b->cap - b->n - 1, f);
        b->n += got;
        b->p[b->n] = '\0';
        if (got > 0) continue;
        if (!ferror(f)) return true;
        if (errno != EINTR) return false;
        clearerr(f);
    }
}

void sb_free(StrBuf *b)
{
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}
