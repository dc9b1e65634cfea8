/*
** optable.c — the op table built from kernels/ops.def.
**
** The table is a static const array in ops.def order, which is sorted by op
** name (ORDER OPNAME), so optable_lookup is a binary search with no state.
** Every kernel k_<ident> is declared weak: a row whose kernel is not linked
** in has fn == NULL and the executor reports it as an unknown kernel.
*/
#include <string.h>
#include "kernels/optable.h"

#define OP(id, name, fam, sig, flags) void k_##id(struct KernelFrame *f) __attribute__((weak));
#include "kernels/ops.def"
#undef OP

static const OpInfo optable[] = {
#define OP(id, name, fam, sig, flags) { name, fam, sig, flags, k_##id },
#include "kernels/ops.def"
#undef OP
};

#define NOPS (sizeof optable / sizeof optable[0])

/* Compares the [len]-byte key with a NUL-terminated row name, like strcmp. */
static int keycmp(const char *key, size_t len, const char *name) {
    size_t n = strlen(name);
    int c = memcmp(key, name, len < n ? len : n);
    if (c != 0) return c;
    return len < n ? -1 : len > n ? 1 : 0;
}

const OpInfo *optable_lookup(const char *name, size_t len) {
    size_t lo = 0, hi = NOPS;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = keycmp(name, len, optable[mid].name);
        if (c == 0) return &optable[mid];
        if (c < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}

const OpInfo *optable_all(size_t *n) {
    *n = NOPS;
    return optable;
}
