/*
** build_int.h — what the builder files share (parser/build.c: errors,
** lists, scopes, values, functions; parser/build_attr.c: types,
** attributes, locations, aliases; parser/build_op.c: ops, regions,
** statements; parser/fast.c: fast statements). Not for anyone else: the
** builders' public face is parser/build.h.
**
** Allocation: alloc() takes IR memory from the module's arena, talloc()
** scratch memory that dies with the parse; both report `out of memory`
** through irb_oom() and return NULL.
*/
#ifndef TFRUN_PARSER_BUILD_INT_H
#define TFRUN_PARSER_BUILD_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "parser/build.h"
#include "ir/intern.h"
#include "ops/optable.h"
#include "grammar.h"

/* Reports `out of memory` at the last token (once); returns NULL. */
void *irb_oom(ParseCtx *c);

static inline void *alloc(ParseCtx *c, size_t n) {
    void *p = arena_alloc(c->a, n);
    return p ? p : irb_oom(c);
}

/* Scratch memory: dies with the parse (parser.c frees ctx->tmp). */
static inline void *talloc(ParseCtx *c, size_t n) {
    void *p = arena_alloc(c->tmp ? c->tmp : c->a, n);
    return p ? p : irb_oom(c);
}

/* A permanent copy of the pointer array of [v] (lists are scratch). */
static inline void **keep(ParseCtx *c, const Vec *v) {
    void **p = alloc(c, (size_t)(v->n + 1) * sizeof *p);
    if (p && v->n) memcpy(p, v->v, (size_t)v->n * sizeof *p);
    return p;
}

static inline const char *name_of(ParseCtx *c, const char *s, size_t n) {
    const char *p = ir_name(c->m, s, n);
    return p ? p : irb_oom(c);
}
static inline int vlen(const Vec *v) { return v ? v->n : 0; }

/* ---- scopes: name -> values of one block (parser/build.c) ---------------- */

typedef struct Entry {
    const char *name;         /* `%name` (NUL-terminated), the key */
    uint32_t hash;
    int nslots;               /* `%name#0` .. `%name#(nslots-1)` */
    union {
        Value *one;           /* nslots <= 1: the value itself (no array) */
        Value **many;
    } u;
} Entry;

/* The slots of [e]; valid until the next change of its table. */
static inline Value **slots(Entry *e) { return e->nslots <= 1 ? &e->u.one : e->u.many; }

struct Scope {
    Block *block;
    Scope *parent;
    Entry *tab; int cap, n;
    int depth;                 /* regions around it: 0 for a function body */
    /* func is the default dialect here: a bare `return` or `call` names
    ** func.return, func.call (docs/syntax.md "The func dialect"). As in
    ** MLIR: a func.func body in custom form, and the regions of ops in
    ** generic form inside it; not a custom op's region. */
    bool func_dialect;
    /* The block is a region of an op that is not isolated from above (an
    ** op tfrun does not know, ir_op_isolated): the names of the parent
    ** scope are visible here, and may not be defined again, as in MLIR
    ** (docs/syntax.md "Regions of unknown ops"). */
    bool open;
};

/* Equal bytes? (Value names are short: a loop beats a call to memcmp.) */
static inline bool same_bytes(const char *a, const char *b, uint32_t n) {
    if (n > 16) return memcmp(a, b, n) == 0;
    for (uint32_t i = 0; i < n; i++) if (a[i] != b[i]) return false;
    return true;
}

/* Scope tables are keyed on the bytes of `%name`, so a statement can look
** its values up straight from the token text without interning it. */
/* The slot of `%name` in [s] (whose table must exist): its entry, or the
** empty slot where it would go. */
static inline Entry *scope_slot(Scope *s, const char *name, uint32_t len, uint32_t h) {
    size_t j = h & (size_t)(s->cap - 1);
    while (s->tab[j].name) {
        Entry *e = &s->tab[j];
        if (e->hash == h && same_bytes(e->name, name, len) && e->name[len] == '\0') return e;
        j = (j + 1) & (size_t)(s->cap - 1);
    }
    return &s->tab[j];
}

static inline Entry *scope_find(Scope *s, const char *name, uint32_t len, uint32_t h) {
    if (!s || !s->cap) return NULL;
    Entry *e = scope_slot(s, name, len, h);
    return e->name ? e : NULL;
}

static inline Entry *scope_get(Scope *s, const char *name) {
    size_t n = strlen(name);
    return scope_find(s, name, (uint32_t)n, ir_hash(name, n));
}

/* The entry of `%name` in the scopes around [s] that it sees (through
** open scopes up to the first that is not open), or NULL. */
static inline Entry *scope_find_outer(Scope *s, const char *name, uint32_t len, uint32_t h) {
    for (; s && s->open; s = s->parent) {
        Entry *e = scope_find(s->parent, name, len, h);
        if (e) return e;
    }
    return NULL;
}

/* True when split_value's name of [t] is the whole token (no #n, :n). */
static inline bool plain_value(const Token *t) {
    return t->kind != TK_VALUE_HASH && t->kind != TK_VALUE_GROUP;
}

/* ---- shared between the builder files (comments at the definitions) ---- */

bool irb_scope_room(ParseCtx *c, Scope *s);
Entry *irb_scope_add(ParseCtx *c, Scope *s, const char *name, uint32_t len, uint32_t h, bool copy);
bool irb_bind_entry(ParseCtx *c, Entry *e, int idx, Value *v, const Token *at, bool replace);
bool irb_bind(ParseCtx *c, const char *name, int idx, Value *v, const Token *at, bool replace);
const Type *irb_quiet_type(ParseCtx *c, const Token *t);
const Type *irb_named_type(ParseCtx *c, const char *s);
Attr *irb_new_attr(ParseCtx *c, AttrKind k);
const char *irb_string_value(ParseCtx *c, const Token *t, size_t *len);
const char *irb_symbol_name(ParseCtx *c, const Token *t, size_t *len);
NamedAttr *irb_sorted_attrs(ParseCtx *c, Vec *v, NamedAttr *extra, int nextra, int *n, const Token *at);
const Attr *irb_convert_scalar(ParseCtx *c, const Attr *x, const Type *el, const Token *at);
Loc *irb_file_loc(ParseCtx *c, const char *file, int line, int col);
const char *irb_generic_name(ParseCtx *c, const Token *nt, const OpInfo **info);
void irb_append_op(ParseCtx *c, Block *b, Op *op);
Op *irb_new_op(ParseCtx *c, const Token *nt, Vec *ops, int nres, const Type *const *rtypes);
void irb_set_attrs(ParseCtx *c, Op *op, Vec *attrs, NamedAttr *extra, int nextra, const Token *at);

#endif
