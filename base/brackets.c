/*
** brackets.c — brackets_close (brackets.h).
*/
#include "base/brackets.h"

#include <stddef.h>

const char *brackets_close(const char *p, const char *e)
{
    int depth = 1;
    while (p < e) {
        char c = *p;
        if (c == '\0') return NULL;
        if (c == '"') {
            for (p++; p < e && *p != '"'; p++) {
                if (*p == '\n' || *p == '\0') return NULL;
                if (*p == '\\' && p + 1 < e) p++;
            }
            if (p >= e) return NULL;
        } else if (c == '<' || c == '(' || c == '[' || c == '{') {
            depth++;
        } else if ((c == ')' || c == ']' || c == '}') && --depth == 0) {
            return NULL;
        } else if (c == '>' && p[-1] != '-' && !(p + 1 < e && p[1] == '=')) {
            depth--;
        }
        p++;
        if (depth == 0) return p;
    }
    return NULL;
}
