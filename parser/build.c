/*
** build.c — the parser's builders (parser/build.h), part one: errors,
** lists, scopes and values, functions and the module. Attributes, types
** and locations are in build_attr.c, ops and statements in build_op.c,
** fast statements in fast.c; build_int.h is what they share.
**
** Everything is allocated from the module's arena. Builders check
** ctx->failed first and return NULL, so after the first error the rest of
** the reductions lemon performs are harmless no-ops.
*/
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parser/build_int.h"
#include "grammar.h"

/* ========================================================================
** Errors and lists
** ======================================================================== */

static void verror(ParseCtx *c, int line, int col, const char *fmt, va_list ap) {
    if (c->failed) return;
    c->failed = true;
    if (c->d) diag_emitv(c->d, DIAG_ERROR, c->file, line, col, fmt, ap);
}

void irb_error(ParseCtx *c, const Token *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(c, at ? at->line : 0, at ? at->col : 0, fmt, ap);
    va_end(ap);
}

void irb_error_at(ParseCtx *c, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(c, line, col, fmt, ap);
    va_end(ap);
}

void irb_unknown_op(ParseCtx *c, const Token *t) {
    if (c->failed) return;
    if (t->len > 80) irb_error(c, t, "custom op '%.*s...' is unknown", 77, t->s);
    else irb_error(c, t, "custom op '%.*s' is unknown", (int)t->len, t->s);
    if (!c->d) return;
    bool dialect = false;
    const OpInfo *near = optable_nearest(t->s, t->len, &dialect);
    char msg[256];
    const char *dot = memchr(t->s, '.', t->len);
    if (near) snprintf(msg, sizeof msg, "did you mean '%s'?", near->name);
    else if (!dialect && dot)
        snprintf(msg, sizeof msg, "tfrun implements no op of dialect '%.*s'",
                 (int)(dot - t->s), t->s);
    else return;
    diag_emit(c->d, DIAG_NOTE, c->file, t->line, t->col, msg);
}

void irb_type_mismatch(ParseCtx *c, const OperandRef *r, const Type *want) {
    if (c->failed || !r || !want) return;
    irb_error(c, &r->tok, "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'",
              (int)r->tok.len, r->tok.s, want->spelling, r->v->type->spelling);
    if (!c->d) return;
    /* Where the value was defined, as MLIR's parser points at it: the
    ** defining op, or the function or op whose block has the argument. */
    const Value *v = r->v;
    int line = 0, col = 0;
    if (v->def) { line = v->def->line; col = v->def->col; }
    else if (v->block && v->block->parent_op) { line = v->block->parent_op->line; col = v->block->parent_op->col; }
    else if (v->block && v->block->func) { line = v->block->func->line; col = v->block->func->col; }
    if (line > 0) diag_emit(c->d, DIAG_NOTE, c->file, line, col, "prior use here");
}

void *irb_oom(ParseCtx *c) {
    if (!c->failed) {
        c->oom = true;
        irb_error(c, &c->last, "out of memory");
    }
    return NULL;
}

/* Room for this many elements comes with the Vec itself (most lists are
** short: operands, types, results), so the first pushes do not grow it. */
enum { VEC_INLINE = 4 };

Vec *irb_vec(ParseCtx *c, void *first) {
    if (c->failed) return NULL;
    Vec *v = talloc(c, sizeof *v + VEC_INLINE * sizeof(void *));
    if (!v) return NULL;
    v->v = (void **)(v + 1);
    v->cap = VEC_INLINE;
    if (first) v->v[v->n++] = first;
    return v;
}

Vec *irb_push(ParseCtx *c, Vec *v, void *x) {
    if (c->failed || !v) return NULL;
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        void **nv = arena_grow(c->tmp ? c->tmp : c->a, v->v, (size_t)v->n, (size_t)cap, sizeof *nv);
        if (!nv) return irb_oom(c);
        v->v = nv; v->cap = cap;
    }
    v->v[v->n++] = x;
    return v;
}

/* ========================================================================
** Scopes: name -> values of one block
** ======================================================================== */

/* A copy of the slot array of [e] when it has one (snapshots keep their
** own, see below), in [a]; false when out of memory. */
static bool own_slots(Entry *e, Arena *a) {
    if (e->nslots <= 1) return true;
    Value **sl = arena_alloc(a, (size_t)e->nslots * sizeof *sl);
    if (!sl) return false;
    memcpy(sl, e->u.many, (size_t)e->nslots * sizeof *sl);
    e->u.many = sl;
    return true;
}

Scope *irb_scope_push(ParseCtx *c, Block *b) {
    if (c->failed) return NULL;
    int depth = c->scope ? c->scope->depth + 1 : 0;
    if (depth > IR_MAX_NESTING) {
        irb_error(c, &c->last, "regions nested too deeply (more than %d levels)", IR_MAX_NESTING);
        return NULL;
    }
    Scope *s = alloc(c, sizeof *s);
    if (!s) return NULL;
    s->block = b;
    s->depth = depth;
    s->parent = c->scope;
    s->func_dialect = c->scope && c->scope->func_dialect;
    s->open = c->scope && b && b->parent_op && !ir_op_isolated(b->parent_op);
    c->scope = s;
    return s;
}

void irb_scope_pop(ParseCtx *c) {
    Scope *s = c->scope;
    if (!s) return;
    c->scope = s->parent;
    /* Nothing looks at a closed scope's table (outside the REPL, whose
    ** snapshots point at tables): a large one is retired, its pages kept
    ** for the executor's plans and frames (arena_map). */
    if (!c->allow_shadow && s->tab) {
        arena_retire(c->a, s->tab);
        s->tab = NULL;
        s->cap = s->n = 0;
    }
}

static size_t entry_home(const void *slot) { return ((const Entry *)slot)->hash; }

/* Room in [s] for one more name (its table at most half full then);
** false after reporting when out of memory. */
bool irb_scope_room(ParseCtx *c, Scope *s) {
    if (s->n * 2 < s->cap) return true;
    int cap = s->cap ? s->cap * 2 : 16;
    Entry *nt = ir_rehash(c->a, s->tab, (size_t)s->cap, (size_t)cap, sizeof *nt, entry_home);
    if (!nt) { irb_oom(c); return false; }
    /* Outside the REPL no snapshot points at the old table, so a large
    ** one goes back to the system at once. */
    if (!c->allow_shadow) arena_release(c->a, s->tab);
    s->tab = nt; s->cap = cap;
    return true;
}

/* The entry of `%name` in [s], added if new; a new entry keeps [name]
** itself when [copy] is false ([name] must then be NUL-terminated and
** live as long as the IR), else a copy. */
Entry *irb_scope_add(ParseCtx *c, Scope *s, const char *name, uint32_t len, uint32_t h, bool copy) {
    if (!irb_scope_room(c, s)) return NULL;
    Entry *e = scope_slot(s, name, len, h);
    if (e->name) return e;
    if (copy && !(name = arena_strndup(c->a, name, len))) return irb_oom(c);
    e->name = name;
    e->hash = h;
    s->n++;
    return e;
}

struct ScopeSnap {
    Entry *tab; int cap, n;
    Entry *copy;                 /* entries with copied slot arrays */
    int nops, nvalues;
    Value **vals; Use **tails; int *nuses; int nvals;
};

ScopeSnap *irb_snapshot(ParseCtx *c) {
    Scope *s = c->scope;
    Block *b = s->block;
    ScopeSnap *sn = talloc(c, sizeof *sn);
    if (!sn) return NULL;
    sn->tab = s->tab; sn->cap = s->cap; sn->n = s->n;
    sn->copy = talloc(c, (size_t)(s->cap + 1) * sizeof *sn->copy);
    if (!sn->copy) return NULL;
    for (int i = 0; i < s->cap; i++) {
        sn->copy[i] = s->tab[i];
        if (s->tab[i].name && !own_slots(&sn->copy[i], c->tmp ? c->tmp : c->a)) return irb_oom(c);
    }
    sn->nops = b->nops;
    sn->nvalues = b->nvalues;
    int nv = b->nargs;
    for (int i = 0; i < b->nops; i++) nv += b->ops[i]->nresults;
    sn->vals = talloc(c, (size_t)(nv + 1) * sizeof *sn->vals);
    sn->tails = talloc(c, (size_t)(nv + 1) * sizeof *sn->tails);
    sn->nuses = talloc(c, (size_t)(nv + 1) * sizeof *sn->nuses);
    if (!sn->vals || !sn->tails || !sn->nuses) return NULL;
    int k = 0;
    for (int i = 0; i < b->nargs; i++) sn->vals[k++] = b->args[i];
    for (int i = 0; i < b->nops; i++)
        for (int j = 0; j < b->ops[i]->nresults; j++) sn->vals[k++] = b->ops[i]->results[j];
    for (int i = 0; i < k; i++) { sn->tails[i] = sn->vals[i]->uses_tail; sn->nuses[i] = sn->vals[i]->nuses; }
    sn->nvals = k;
    return sn;
}

void irb_restore(ParseCtx *c, const ScopeSnap *sn) {
    Scope *s = c->scope;
    Block *b = s->block;
    s->tab = sn->tab; s->cap = sn->cap; s->n = sn->n;
    for (int i = 0; i < sn->cap; i++) {
        s->tab[i] = sn->copy[i];
        if (!s->tab[i].name) continue;
        /* The saved slots are scratch: give the scope its own copy. */
        if (!own_slots(&s->tab[i], c->a)) { s->tab[i].nslots = 0; s->tab[i].u.one = NULL; }
    }
    b->nops = sn->nops;
    b->nvalues = sn->nvalues;
    for (int i = 0; i < sn->nvals; i++) {
        Value *v = sn->vals[i];
        v->uses_tail = sn->tails[i];
        v->nuses = sn->nuses[i];
        if (v->uses_tail) v->uses_tail->next = NULL; else v->uses = NULL;
    }
}

/* `redefinition of SSA value` for `%name#idx`, bound in [e]. */
static bool redefined(ParseCtx *c, const Entry *e, int idx, const Token *at) {
    if (idx == 0 && e->nslots == 1) irb_error(c, at, "redefinition of SSA value '%s'", e->name);
    else irb_error(c, at, "redefinition of SSA value '%s#%d'", e->name, idx);
    return false;
}

/* Binds value [v] to `%name#idx` in the current scope ([e]: the entry of
** `%name`). [replace]: a redefinition replaces the old binding instead of
** being an error. */
bool irb_bind_entry(ParseCtx *c, Entry *e, int idx, Value *v, const Token *at, bool replace) {
    if (!e) return false;
    if (idx < e->nslots && slots(e)[idx] && !replace) return redefined(c, e, idx, at);
    if (idx >= e->nslots && idx > 0) {
        int n = idx + 1;
        Value **ns = arena_alloc(c->a, (size_t)n * sizeof *ns);
        if (!ns) { irb_oom(c); return false; }
        memcpy(ns, slots(e), (size_t)e->nslots * sizeof *ns);
        e->u.many = ns;
    }
    if (idx >= e->nslots) e->nslots = idx + 1;
    slots(e)[idx] = v;
    return true;
}

/* bind_entry for the interned `%name` [name]. In an open scope a name the
** scopes around it define is taken (MLIR keeps one table of names up to
** the nearest isolated op), except in the REPL, where a new binding
** shadows. */
bool irb_bind(ParseCtx *c, const char *name, int idx, Value *v, const Token *at, bool replace) {
    size_t n = strlen(name);
    uint32_t h = ir_hash(name, n);
    Entry *outer = c->allow_shadow ? NULL : scope_find_outer(c->scope, name, (uint32_t)n, h);
    if (outer) return redefined(c, outer, idx < outer->nslots ? idx : 0, at);
    return irb_bind_entry(c, irb_scope_add(c, c->scope, name, (uint32_t)n, h, false), idx, v, at, replace);
}

/* Splits `%name`, `%name#3`, `%name:3` into the interned `%name` and the
** number. The '%' stays: for a plain `%name` the interned name is then also
** the value's name as written (Value.name), one string for both. */
/* The decimal number [p, e) into [num]: false (the caller's "overflow")
** past 10^8, or at a byte that is not a digit, [num] then what was read. */
static bool decimal(const char *p, const char *e, long *num) {
    long v = 0;
    bool ok = true;
    for (; p < e && ok; p++) {
        if (!isdigit((unsigned char)*p) || v > 100000000) ok = false;
        else v = v * 10 + (*p - '0');
    }
    *num = v;
    return ok;
}

static const char *split_value(ParseCtx *c, const Token *t, long *num, bool *overflow) {
    const char *s = t->s + 1, *e = t->s + t->len, *sep = NULL;
    *num = -1;
    *overflow = false;
    if (t->kind != TK_VALUE_HASH && t->kind != TK_VALUE_GROUP) return name_of(c, t->s, t->len);
    for (const char *p = e; p > s; p--) {
        if (p[-1] == '#' || p[-1] == ':') { sep = p - 1; break; }
        if (!isdigit((unsigned char)p[-1])) break;
    }
    if (sep && (t->kind == TK_VALUE_HASH || t->kind == TK_VALUE_GROUP)) {
        *overflow = !decimal(sep + 1, e, num);
        e = sep;
    }
    return name_of(c, t->s, (size_t)(e - t->s));
}

OperandRef *irb_use(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    long num;
    bool ovf;
    const char *name = split_value(c, t, &num, &ovf);
    if (!name) return NULL;
    int idx = num < 0 ? 0 : (int)num;
    size_t len = strlen(name);
    uint32_t h = ir_hash(name, len);
    Entry *e = scope_find(c->scope, name, (uint32_t)len, h);
    /* The region of an op tfrun does not know sees the values around it. */
    if (!e) e = scope_find_outer(c->scope, name, (uint32_t)len, h);
    if (!e) {
        const Scope *seen = c->scope;
        while (seen && seen->open) seen = seen->parent;
        for (Scope *s = seen ? seen->parent : NULL; s; s = s->parent) {
            if (scope_find(s, name, (uint32_t)len, h)) {
                irb_error(c, t, "'%s' is defined outside of this region (regions are isolated from above)", name);
                return NULL;
            }
        }
        /* MLIR's module body is a graph region: a use may come before
        ** the definition there. tfrun reads them in order (docs/syntax.md),
        ** in the module's block and in the regions that see it. */
        if (seen && c->top && seen->block == c->top)
            irb_error(c, t, "use of undeclared SSA value name '%.*s' (at module level a value is defined before its uses)",
                      (int)t->len, t->s);
        else
            irb_error(c, t, "use of undeclared SSA value name '%.*s'", (int)t->len, t->s);
        return NULL;
    }
    if (ovf || idx >= e->nslots || !slots(e)[idx]) {
        if (e->nslots == 1 && slots(e)[0] && num >= 0)
            irb_error(c, t, "reference to invalid result number: '%.*s' is a single value", (int)t->len, t->s);
        else
            irb_error(c, t, "reference to invalid result number '%.*s'", (int)t->len, t->s);
        return NULL;
    }
    OperandRef *r = talloc(c, sizeof *r);
    if (!r) return NULL;
    r->v = slots(e)[idx];
    r->name = name;
    r->idx = idx;
    r->tok = *t;
    return r;
}

OperandRef *irb_typed_use(ParseCtx *c, const Token *t, const Type *ty) {
    OperandRef *r = irb_use(c, t);
    if (!r || !ty) return NULL;
    if (!ir_type_accepts(ty, r->v->type)) {
        irb_type_mismatch(c, r, ty);
        return NULL;
    }
    return r;
}

static ResultRef *result_ref(ParseCtx *c, const Token *t, const char *name, long num, bool ovf, bool group) {
    if (group && (ovf || num < 1 || num > 1000000)) {
        irb_error(c, t, "expected a positive result count in '%.*s'", (int)t->len, t->s);
        return NULL;
    }
    ResultRef *r = talloc(c, sizeof *r);
    if (!r) return NULL;
    r->name = name;
    r->count = num < 0 ? 1 : (int)num;
    r->tok = *t;
    return r;
}

ResultRef *irb_result(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    long num;
    bool ovf;
    const char *name = split_value(c, t, &num, &ovf);
    if (!name) return NULL;
    return result_ref(c, t, name, num, ovf, t->kind == TK_VALUE_GROUP);
}

/* `%name : N`, the group written with space around its colon: the value
** token [t] and the integer [n]. */
ResultRef *irb_result_count(ParseCtx *c, const Token *t, const Token *n) {
    if (c->failed) return NULL;
    long num = 0;
    bool ovf = !decimal(n->s, n->s + n->len, &num);    /* (a hexadecimal or signed integer: no count) */
    const char *name = name_of(c, t->s, t->len);
    if (!name) return NULL;
    Token whole = *t;
    whole.kind = TK_VALUE_GROUP;    /* (not plain_value: named as a group) */
    whole.len = (uint32_t)(n->s + n->len - t->s);
    return result_ref(c, &whole, name, num, ovf, true);
}

OperandRef *irb_arg(ParseCtx *c, const Token *name, const Type *ty, Vec *attrs) {
    if (c->failed || !ty) return NULL;
    OperandRef *r = talloc(c, sizeof *r);
    /* A value without a name is never bound (only a declaration has
    ** unnamed arguments): scratch. */
    Value *v = name ? alloc(c, sizeof *v) : talloc(c, sizeof *v);
    if (!r || !v) return NULL;
    if (attrs && attrs->n && !(r->attrs = irb_attr_dict(c, attrs))) return NULL;
    v->type = ty;
    if (name) {
        long num;
        bool ovf;
        r->name = split_value(c, name, &num, &ovf);
        if (!r->name) return NULL;
        v->name = plain_value(name) ? r->name : name_of(c, name->s, name->len);
        r->tok = *name;
    }
    r->v = v;
    return r;
}

/* ========================================================================
** Functions and the module
** ======================================================================== */

/* Records function [f] or op [op] as the next item of the top level.
** Only a parse with a module level keeps them, and only once it has an op
** there: the first one enters the functions read before it. */
static bool add_item(ParseCtx *c, Func *f, Op *op) {
    if (!c->top || (f && c->top->nops == 0)) return true;
    int need = c->nitems + 1 + (c->nitems == 0 ? c->funcs.n : 0);
    if (need > c->capitems) {
        int cap = c->capitems ? c->capitems : 16;
        while (cap < need) cap *= 2;
        ModuleItem *ni = arena_grow(c->a, c->items, (size_t)c->nitems, (size_t)cap, sizeof *ni);
        if (!ni) { irb_oom(c); return false; }
        c->items = ni; c->capitems = cap;
    }
    if (c->nitems == 0)
        for (int i = 0; i < c->funcs.n; i++) c->items[c->nitems++] = (ModuleItem){ c->funcs.v[i], NULL };
    c->items[c->nitems++] = (ModuleItem){ f, op };
    return true;
}

/* Adds interned [name] to the set of function names of this parse; false
** if it is already there (or out of memory). */
static bool add_fname(ParseCtx *c, const char *name) {
    if (c->nfnames * 2 >= c->capfnames) {
        int cap = c->capfnames ? c->capfnames * 2 : 64;
        const char **nt = alloc(c, (size_t)cap * sizeof *nt);
        if (!nt) return false;
        for (int i = 0; i < c->capfnames; i++) {
            if (!c->fnames[i]) continue;
            size_t j = ((uintptr_t)c->fnames[i] >> 3) & (size_t)(cap - 1);
            while (nt[j]) j = (j + 1) & (size_t)(cap - 1);
            nt[j] = c->fnames[i];
        }
        c->fnames = nt; c->capfnames = cap;
    }
    size_t j = ((uintptr_t)name >> 3) & (size_t)(c->capfnames - 1);
    while (c->fnames[j]) {
        if (c->fnames[j] == name) return false;
        j = (j + 1) & (size_t)(c->capfnames - 1);
    }
    c->fnames[j] = name;
    c->nfnames++;
    return true;
}

/* A new function whose arguments are [args] (OperandRefs, bound when the
** body opens), written at [kw]; it becomes the one being parsed. */
static Func *func_new(ParseCtx *c, const Token *kw, Vec *args) {
    Func *f = alloc(c, sizeof *f);
    if (!f) return NULL;
    f->nargs = args->n;
    const Type **at = alloc(c, (size_t)(args->n + 1) * sizeof *at);
    if (!at) return NULL;
    for (int i = 0; i < args->n; i++) at[i] = ((OperandRef *)args->v[i])->v->type;
    f->arg_types = at;
    f->loc = irb_file_loc(c, c->file, kw->line, kw->col);
    f->index = -1;
    c->func = f;
    c->func_args = args;
    return f;
}

/* Gives [f] its name, attributes and what they imply (both forms). */
static bool func_named(ParseCtx *c, Func *f, const char *name, Vec *attrs, const Token *at) {
    f->name = name;
    f->attrs = irb_sorted_attrs(c, attrs, NULL, 0, &f->nattrs, at);
    f->is_native = ir_func_attr(f, "tfrt.native") != NULL;
    f->is_sync = ir_func_attr(f, "tfrt.sync") != NULL;
    if (!add_fname(c, f->name)) {
        if (!c->failed) irb_error(c, at, "redefinition of symbol named '%s'", f->name);
        return false;
    }
    return !c->failed;
}

/* The dictionaries of [refs] (OperandRef*) as MLIR's arg_attrs / res_attrs:
** an array of one dictionary each, or NULL when every one is empty (as
** mlir-opt drops `{}`). */
static const Attr *dict_array(ParseCtx *c, const Vec *refs) {
    bool any = false;
    for (int i = 0; i < refs->n && !any; i++) any = ((OperandRef *)refs->v[i])->attrs != NULL;
    if (!any || c->failed) return NULL;
    Vec *el = irb_vec(c, NULL);
    const Attr *empty = irb_attr_dict(c, irb_vec(c, NULL));
    for (int i = 0; i < refs->n && el && empty; i++) {
        const Attr *d = ((OperandRef *)refs->v[i])->attrs;
        irb_push(c, el, (void *)(d ? d : empty));
    }
    return el && empty ? irb_attr_array(c, el) : NULL;
}

/* One module a file (docs/syntax.md): true, after an error at [line]:[col],
** when something follows the module's closing brace. MLIR would wrap both in
** an implicit module and nest the explicit one; tfrun does not nest. */
static bool after_module(ParseCtx *c, int line, int col) {
    if (!c->module_done) return false;
    irb_error_at(c, line, col, "nothing may follow the module: tfrun reads one module and does not nest modules");
    return true;
}

void irb_module_end(ParseCtx *c) { c->module_done = true; }

Func *irb_func_head(ParseCtx *c, const Token *kw, bool priv, const Token *sym, Vec *args,
                    Vec *results, Vec *attrs) {
    if (c->failed || !args || !results) return NULL;
    if (after_module(c, kw->line, kw->col)) return NULL;
    size_t n;
    const char *name = irb_symbol_name(c, sym, &n);
    Func *f = name ? func_new(c, kw, args) : NULL;
    if (!f) return NULL;
    f->nresults = results->n;
    const Type **rt = alloc(c, (size_t)(results->n + 1) * sizeof *rt);
    if (!rt) return NULL;
    for (int i = 0; i < results->n; i++) rt[i] = ((OperandRef *)results->v[i])->v->type;
    f->result_types = rt;
    f->arg_attrs = dict_array(c, args);
    f->res_attrs = dict_array(c, results);
    f->is_private = priv;
    f->line = sym->line;
    f->col = sym->col;
    return func_named(c, f, name, attrs, sym) ? f : NULL;
}

void irb_func_body_open(ParseCtx *c, const Token *lbrace) {
    if (c->failed || !c->func) return;
    Func *f = c->func;
    Vec *args = c->func_args;
    Block *b = irb_block_new(c, f, NULL);
    if (!b) return;
    b->args = alloc(c, (size_t)(args->n + 1) * sizeof *b->args);
    if (!b->args) return;
    b->nargs = args->n;
    b->nvalues = args->n;
    if (!irb_scope_push(c, b)) return;
    c->scope->func_dialect = true;
    for (int i = 0; i < args->n; i++) {
        OperandRef *r = args->v[i];
        if (!r->name) { irb_error(c, lbrace, "function arguments of a definition need names"); return; }
        Value *v = r->v;
        v->block = b; v->result_index = i; v->index = i;
        b->args[i] = v;
        if (!irb_bind(c, r->name, r->idx, v, &r->tok, false)) return;
    }
    f->body = b;
}

void irb_func_end(ParseCtx *c, Func *f, bool has_body, const Token *rbrace, const Loc *loc) {
    if (c->failed || !f) return;
    if (has_body) irb_scope_pop(c);
    (void)rbrace;
    c->func_args = NULL;
    if (loc) f->loc = loc;
    c->func = NULL;
    /* c->funcs lives in the IR arena: the scratch is reset below. */
    if (c->funcs.n == c->funcs.cap) {
        int cap = c->funcs.cap ? c->funcs.cap * 2 : 16;
        void **nv = arena_grow(c->a, c->funcs.v, (size_t)c->funcs.n, (size_t)cap, sizeof *nv);
        if (!nv) { irb_oom(c); return; }
        c->funcs.v = nv; c->funcs.cap = cap;
    }
    c->funcs.v[c->funcs.n++] = f;
    if (!add_item(c, f, NULL)) return;
    /* Nothing of this function's scratch (lists, pending ops) is live now. */
    if (c->tmp && !c->pend) arena_reset(c->tmp);
}

void irb_module_head(ParseCtx *c, const Token *kw, const Token *sym, Vec *attrs) {
    if (c->failed) return;
    if (c->saw_module || c->in_module) {
        irb_error(c, kw, "only one 'module' is allowed");
        return;
    }
    if (c->funcs.n > 0 || (c->top && c->top->nops > 0)) {
        irb_error(c, kw, "a 'module' after functions or ops: tfrun reads one module and does not nest modules");
        return;
    }
    c->saw_module = true;
    c->in_module = true;
    if (sym) {
        size_t n;
        c->m->name = irb_symbol_name(c, sym, &n);
    }
    c->m->attrs = irb_sorted_attrs(c, attrs, NULL, 0, &c->m->nattrs, kw);
}

void irb_module_scope(ParseCtx *c) {
    Block *b = irb_block_new(c, NULL, NULL);
    Scope *s = b ? irb_scope_push(c, b) : NULL;
    if (!s) return;
    /* Below every function body (depth 0): what a function uses from here
    ** is defined outside of its region (irb_use says so). */
    s->depth = -1;
    c->top = b;
}

bool irb_at_module_level(const ParseCtx *c) {
    return c->top && c->scope && c->scope->block == c->top;
}

void irb_top_stmt(ParseCtx *c, Vec *results, Op *op, const Loc *loc) {
    if (c->failed || !op) return;
    if (after_module(c, op->line, op->col)) return;
    if (!c->top) {
        /* parse_funcs_into: the REPL's module is its functions. */
        irb_error_at(c, op->line, op->col, "the REPL reads functions, not ops at module level");
        return;
    }
    irb_stmt(c, results, op, loc);
    if (c->failed || !add_item(c, NULL, op)) return;
    /* As after a function: nothing of the statement's scratch is live. */
    if (c->tmp && !c->pend) arena_reset(c->tmp);
}

void irb_commit_top(ParseCtx *c) {
    if (c->failed || !c->top || c->top->nops == 0) return;
    c->m->top = c->top;
    c->m->items = c->items;
    c->m->nitems = c->nitems;
}

/* ---- the generic form of functions and of the module ---------------------- */

void irb_gfunc_open(ParseCtx *c, const Token *kw, const Token *lbrace, Vec *args) {
    if (c->failed) return;
    if (after_module(c, kw->line, kw->col)) return;
    if (!args) args = irb_vec(c, NULL);
    Func *f = args ? func_new(c, kw, args) : NULL;
    if (!f) return;
    f->line = kw->line;
    f->col = kw->col;
    irb_func_body_open(c, lbrace);
    /* The generic form names no default dialect: mlir-opt reads `return`
    ** there as an unknown op. */
    if (!c->failed) c->scope->func_dialect = false;
}

/* The string value of attribute [a] (a NUL-terminated interned copy), or NULL. */
static const char *attr_str(ParseCtx *c, const Attr *a) {
    if (!a || a->kind != ATTR_STRING) return NULL;
    return ir_name(c->m, a->u.str.s ? a->u.str.s : "", a->u.str.len);
}

/* Is [a] (NULL: absent), the generic form's attribute [key], an array of
** [n] dictionaries, one per [what]? mlir-opt's words when not. */
static bool dict_array_ok(ParseCtx *c, const Attr *a, const char *key, const char *what, int n,
                          const Token *at) {
    if (!a) return true;
    bool dicts = a->kind == ATTR_ARRAY;
    for (int i = 0; dicts && i < a->u.arr.n; i++) dicts = a->u.arr.elems[i]->kind == ATTR_DICT;
    if (!dicts) {
        irb_error(c, at, "'func.func' op attribute '%s' failed to satisfy constraint: Array of dictionary attributes", key);
        return false;
    }
    if (a->u.arr.n != n) {
        irb_error(c, at, "'func.func' op expects %s attribute array to have the same number of elements as the number of function %ss, got %d, but expected %d",
                  what, what, a->u.arr.n, n);
        return false;
    }
    return true;
}

void irb_gfunc_end(ParseCtx *c, Vec *attrs, const Type *fn, const Loc *loc) {
    Func *f = c->func;
    if (c->failed || !f) return;
    (void)fn;
    Token at;
    memset(&at, 0, sizeof at);
    at.line = f->line;
    at.col = f->col;
    const Attr *ftype = NULL, *arg_attrs = NULL, *res_attrs = NULL;
    const char *name = NULL, *vis = NULL;
    Vec *rest = irb_vec(c, NULL);
    if (!rest) return;
    for (int i = 0; attrs && i < attrs->n; i++) {
        NamedAttr *na = attrs->v[i];
        if (!strcmp(na->name, "function_type")) ftype = na->value;
        else if (!strcmp(na->name, "sym_name")) name = attr_str(c, na->value);
        else if (!strcmp(na->name, "sym_visibility")) vis = attr_str(c, na->value);
        else if (!strcmp(na->name, "arg_attrs")) arg_attrs = na->value;
        else if (!strcmp(na->name, "res_attrs")) res_attrs = na->value;
        else if (!irb_push(c, rest, na)) return;
    }
    if (!name) { irb_error(c, &at, "'func.func' op requires attribute 'sym_name' (a string)"); return; }
    if (!ftype || ftype->kind != ATTR_TYPE || !ftype->type || ftype->type->kind != TY_FUNCTION) {
        irb_error(c, &at, "'func.func' op requires attribute 'function_type' (a function type)");
        return;
    }
    const Type *ft = ftype->type;
    Block *b = f->body;
    bool decl = b && b->nops == 0 && b->nargs == 0;
    if (!decl && ft->ninputs != f->nargs) {
        irb_error(c, &at, "'func.func' op has %d arguments in its region but its function_type takes %d",
                  f->nargs, ft->ninputs);
        return;
    }
    for (int i = 0; !decl && i < f->nargs; i++)
        if (!ir_type_same(f->arg_types[i], ft->inputs[i])) {
            irb_error(c, &at, "'func.func' op argument %d has type '%s' but its function_type says '%s'", i,
                      f->arg_types[i]->spelling, ft->inputs[i]->spelling);
            return;
        }
    f->nargs = ft->ninputs;
    f->arg_types = ft->inputs;
    f->nresults = ft->nresults;
    f->result_types = ft->results;
    if (!dict_array_ok(c, arg_attrs, "arg_attrs", "argument", f->nargs, &at) ||
        !dict_array_ok(c, res_attrs, "res_attrs", "result", f->nresults, &at))
        return;
    f->arg_attrs = arg_attrs;
    f->res_attrs = res_attrs;
    f->is_private = vis && !strcmp(vis, "private");
    if (!func_named(c, f, name, rest, &at)) return;
    irb_func_end(c, f, true, NULL, loc);
    if (decl && !c->failed) f->body = NULL;      /* an empty region: a declaration */
}

void irb_gmodule_end(ParseCtx *c, Vec *attrs, const Type *fn) {
    if (c->failed) return;
    irb_module_end(c);
    (void)fn;
    Vec *rest = irb_vec(c, NULL);
    if (!rest) return;
    for (int i = 0; attrs && i < attrs->n; i++) {
        NamedAttr *na = attrs->v[i];
        if (!strcmp(na->name, "sym_name") && na->value && na->value->kind == ATTR_STRING)
            c->m->name = attr_str(c, na->value);
        else if (!irb_push(c, rest, na)) return;
    }
    c->m->attrs = irb_sorted_attrs(c, rest, NULL, 0, &c->m->nattrs, &c->last);
}
