/*
** module.c — a Module's life (ir_module_new, ir_module_free) and the
** queries of ir/ir.h and ir/module.h: attributes by name, functions by
** name (ir_index_funcs, ir_module_func), the top level in source order
** (ir_module_walk_top), source lines, ir_op_is_return, ir_op_isolated.
*/
#include <stdlib.h>
#include <string.h>
#include "base/alloc.h"
#include "ir/intern.h"
#include "ops/optable.h"

/* ========================================================================
** Module and queries
** ======================================================================== */

Module *ir_module_new_borrowed(const char *filename, const char *text, size_t len) {
    Arena *a = arena_new();
    if (!a) return NULL;
    Module *m = arena_alloc(a, sizeof *m);
    if (!m) { arena_free(a); return NULL; }
    m->arena = a;
    m->source = text ? text : "";
    m->source_len = text ? len : 0;
    m->filename = ir_name(m, filename ? filename : "<stdin>", strlen(filename ? filename : "<stdin>"));
    if (!m->filename) { arena_free(a); return NULL; }
    return m;
}

Module *ir_module_new(const char *filename, const char *text, size_t len) {
    Module *m = ir_module_new_borrowed(filename, "", 0);
    if (!m) return NULL;
    char *src = arena_alloc(m->arena, len + 1);   /* zeroed: the NUL is there */
    if (!src) { ir_module_free(m); return NULL; }
    if (len) memcpy(src, text, len);
    m->source = src;
    m->source_len = len;
    return m;
}

void ir_module_free(Module *m) {
    if (m) arena_free(m->arena);
}

static const Attr *find_attr(const NamedAttr *a, int n, const char *name) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(name, a[mid].name);
        if (c == 0) return a[mid].value;
        if (c < 0) hi = mid; else lo = mid + 1;
    }
    return NULL;
}

const Attr *ir_op_attr(const Op *op, const char *name) { return find_attr(op->attrs, op->nattrs, name); }
const Attr *ir_func_attr(const Func *f, const char *name) { return find_attr(f->attrs, f->nattrs, name); }
const Attr *ir_module_attr(const Module *m, const char *name) { return find_attr(m->attrs, m->nattrs, name); }

void ir_index_funcs(Module *m) {
    struct IrTables *t = ir_tables(m);
    if (!t) return;
    size_t cap = 16;
    while (cap < (size_t)m->nfuncs * 2 + 2) cap *= 2;
    Func **tab = arena_alloc(m->arena, cap * sizeof *tab);
    if (!tab) { t->ftab = NULL; t->capftab = 0; return; }
    for (int i = 0; i < m->nfuncs; i++) {
        const char *n = m->funcs[i]->name;
        size_t j = ir_hash(n, strlen(n)) & (cap - 1);
        while (tab[j] && strcmp(tab[j]->name, n) != 0) j = (j + 1) & (cap - 1);
        tab[j] = m->funcs[i];
    }
    t->ftab = tab;
    t->capftab = cap;
}

Func *ir_module_func(const Module *m, const char *name) {
    const struct IrTables *t = m->tables;
    if (t && t->ftab) {
        size_t j = ir_hash(name, strlen(name)) & (t->capftab - 1);
        while (t->ftab[j]) {
            Func *f = t->ftab[j];
            /* Trust the index only while m->funcs still holds the entry
            ** (someone may have edited m->funcs without reindexing). */
            if (strcmp(f->name, name) == 0) {
                if (f->index >= 0 && f->index < m->nfuncs && m->funcs[f->index] == f) return f;
                break;
            }
            j = (j + 1) & (t->capftab - 1);
        }
    }
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return m->funcs[i];
    return NULL;
}

bool ir_module_has_func(const Module *m, const Func *f) {
    return f->index >= 0 && f->index < m->nfuncs && m->funcs[f->index] == f;
}

void ir_module_walk_top(const Module *m, void (*fn)(void *ud, const Func *f, const Op *op), void *ud) {
    if (!m->items) {
        for (int i = 0; i < m->nfuncs; i++) fn(ud, m->funcs[i], NULL);
        return;
    }
    /* The items as read, without the functions removed since, then any
    ** function that is not among them. */
    bool *seen = xcalloc((size_t)m->nfuncs + 1, sizeof *seen);
    for (int i = 0; i < m->nitems; i++) {
        const ModuleItem *it = &m->items[i];
        if (it->op) {
            fn(ud, NULL, it->op);
        } else if (ir_module_has_func(m, it->func) && !seen[it->func->index]) {
            seen[it->func->index] = true;
            fn(ud, it->func, NULL);
        }
    }
    for (int i = 0; i < m->nfuncs; i++)
        if (!seen[i]) fn(ud, m->funcs[i], NULL);
    free(seen);
}

const char *ir_source_line(const Module *m, int line, size_t *len) {
    const char *p = m->source, *e = m->source + m->source_len;
    if (line < 1) { *len = 0; return NULL; }
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(e - p));
        if (!nl) { *len = 0; return NULL; }
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    *len = (size_t)((nl ? nl : e) - p);
    return p;
}

bool ir_op_nonstrict(const Op *op) {
    if (op->info && (op->info->flags & OPF_NONSTRICT)) return true;
    if (op->nattrs == 0) return false;
    const Attr *a = ir_op_attr(op, attr_bef_nonstrict);
    return a && a->kind == ATTR_UNIT;
}

bool ir_op_is_return(const Op *op) {
    return op->info && op->info->id == OPID_tfrt_return;
}

bool ir_op_isolated(const Op *op) {
    if (op->info) return true;
    const char *n = op->name ? op->name : "";
    return !strcmp(n, "func.func") || !strcmp(n, "builtin.module");
}
