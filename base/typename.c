/*
** typename.c — equality of type spellings (typename.h).
*/
#include <string.h>
#include "base/typename.h"

bool tn_is_tensor(const char *s, size_t len)
{
    return (len == 9 && !memcmp(s, "!t.tensor", 9)) ||
           (len == 19 && !memcmp(s, "!tfrt_tensor.tensor", 19));
}

bool tn_same(const char *a, const char *b)
{
    if (!strcmp(a, b)) return true;
    return tn_is_tensor(a, strlen(a)) && tn_is_tensor(b, strlen(b));
}
