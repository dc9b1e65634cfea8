/*
** utf8.c — UTF-8 validation (base/utf8.h).
*/
#include "base/utf8.h"

int utf8_seq_len(const unsigned char *p, size_t avail) {
    int n;
    unsigned c = p[0];
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; min = 0x10000; }
    else return 0;
    if (avail < (size_t)n) return 0;
    unsigned cp = c & (0x7F >> n);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

const char *utf8_check(const char *s, const char *e) {
    while (s < e) {
        if ((unsigned char)*s < 0x80) { s++; continue; }
        int n = utf8_seq_len((const unsigned char *)s, (size_t)(e - s));
        if (n == 0) return s;
        s += n;
    }
    return NULL;
}
