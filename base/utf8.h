/*
** utf8.h — the one UTF-8 validator of tfrun (Unicode Table 3-7: no
** overlong forms, no surrogates, nothing above U+10FFFF).
**
** The lexer checks string literals and stray bytes with it, and the string
** kernels (kernels/strlist.c) split and count code points with it.
** Pure functions on the caller's bytes: no allocation, safe from any thread.
**
** Module prefix: utf8_.
*/
#ifndef TFRUN_BASE_UTF8_H
#define TFRUN_BASE_UTF8_H

#include <stddef.h>

/* Length (1..4) of the well-formed sequence that starts at [p], of which
** [avail] bytes may be read (avail >= 1), or 0 if it is not well-formed. */
int utf8_seq_len(const unsigned char *p, size_t avail);

/* The first byte of [s, e) that does not start a well-formed sequence, or
** NULL when the whole range is valid UTF-8. */
const char *utf8_check(const char *s, const char *e);

#endif
