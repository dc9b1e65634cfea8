/*
** strbuf.h — a growable, NUL-terminated byte string with printf-append.
**
** A StrBuf starts zeroed ({0}): no text, p == NULL. Every append keeps
** p[n] == '\0', so after the first append (even of zero bytes) p is a C
** string of n bytes (it may hold NUL bytes of its own). The caller owns p
** and frees it with free() (or sb_free()); it may also take p and reset the
** StrBuf to {0}.
**
** Allocation failure is tfrun's out-of-memory policy (base/alloc.h: a
** message and exit status 1): no append can fail. The front end, which
** turns running out of memory into a diagnostic, keeps its own buffer
** (ir/intern.h, IrBuf). A StrBuf is not locked; use one from one thread at
** a time.
**
** Module prefix: sb_.
*/
#ifndef TFRUN_STRBUF_H
#define TFRUN_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct StrBuf { char *p; size_t n, cap; } StrBuf;

/* Makes room for [more] bytes after the text (and the NUL after them). */
void sb_reserve(StrBuf *b, size_t more);

/* Appends [s, s+n), the C string [s], one byte, or formatted text. */
void sb_addn(StrBuf *b, const char *s, size_t n);
void sb_adds(StrBuf *b, const char *s);
void sb_addc(StrBuf *b, char c);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* Appends everything left to read from [f] (a read interrupted by a signal
** is retried). Returns false on a read error, with errno from the failed
** read; what was read before it stays appended. Even for an empty file,
** p is a C string afterwards. */
bool sb_read(StrBuf *b, FILE *f);

/* Frees the text and resets [b] to {0}. */
void sb_free(StrBuf *b);

#endif
