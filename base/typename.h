/*
** typename.h — equality of type spellings, for the few places that compare
** types by their text rather than as interned Type pointers.
**
** `!t.tensor` and `!tfrt_tensor.tensor` are two spellings of one type (the
** dense host tensor, docs/kernel-behaviour.md §12); every other type is
** equal only to its own spelling. No state; thread-safe.
**
** Module prefix: tn_.
*/
#ifndef TFRUN_BASE_TYPENAME_H
#define TFRUN_BASE_TYPENAME_H

#include <stdbool.h>
#include <stddef.h>

/* Is the [len]-byte spelling [s] one of the tensor type's spellings? */
bool tn_is_tensor(const char *s, size_t len);
/* Do the NUL-terminated spellings [a] and [b] name the same type? */
bool tn_same(const char *a, const char *b);

#endif
