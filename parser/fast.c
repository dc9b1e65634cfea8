/*
** fast.c — fast statements (parser/build.h: FastStmt, irb_fast_stmt):
** the statements the driver (parser/parser.c) reads whole are built here
** directly when they are plain, else through the same builders as the
** grammar's rules, so that both give the same IR and the same first
** diagnostic.
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
** Fast statements (parser.c reads them whole; grammar rule FAST_STMT)
** ======================================================================== */

/* `types_opt` of the grammar over the type tokens [idx] of [fs]. */
static Vec *rule_types(ParseCtx *c, const FastStmt *fs, const uint8_t *idx, int n) {
    if (n == 0) return irb_vec(c, NULL);
    Vec *v = irb_vec(c, (void *)irb_type(c, &fs->tok[idx[0]]));
    for (int i = 1; i < n; i++) v = irb_push(c, v, (void *)irb_type(c, &fs->tok[idx[i]]));
    return v;
}

/* The grammar's actions for [fs], in the order the token-by-token parse
** runs them (results, operands, head, types, op, statement): used whenever
** fast_direct declines, so every diagnostic is the one the rules give. */
static void fast_by_rules(ParseCtx *c, const FastStmt *fs) {
    const Token *t = fs->tok;
    Vec *results = irb_vec(c, irb_result(c, &t[0]));
    Vec *ops;
    if (fs->noperands == 0) ops = irb_vec(c, NULL);
    else {
        ops = irb_vec(c, irb_use(c, &t[fs->operand[0]]));
        for (int i = 1; i < fs->noperands; i++) ops = irb_push(c, ops, irb_use(c, &t[fs->operand[i]]));
    }
    if (fs->custom) {
        irb_stmt(c, results, irb_op_simple(c, &t[2], ops, NULL, NULL, NULL), NULL);
        return;
    }
    Op *head = irb_op_generic_head(c, &t[2], ops);
    Vec *in = rule_types(c, fs, fs->in, fs->nin);
    const Type *fn;
    if (fs->out_paren) {
        Vec *out = rule_types(c, fs, fs->out, fs->nout);
        fn = irb_fntype(c, in, out);
    } else {
        const Type *r = irb_type(c, &t[fs->out[0]]);
        fn = irb_fntype(c, in, irb_vec(c, (void *)r));
    }
    irb_stmt(c, results, irb_op_generic(c, head, NULL, fn), NULL);
}

/* The function type written in [fs]; runs of the same text share one
** lookup. NULL (nothing reported) if a type is unknown. */
static const Type *fast_fntype(ParseCtx *c, const FastStmt *fs) {
    const Token *first = &fs->tok[fs->types_at], *last = &fs->tok[fs->ntok - 1];
    uint32_t len = (uint32_t)(last->s + last->len - first->s);
    if (c->fn && len == c->fn_len && memcmp(first->s, c->fn_s, len) == 0) return c->fn;
    const Type *in[FAST_MAX_LIST], *out[FAST_MAX_LIST];
    for (int i = 0; i < fs->nin; i++)
        if (!(in[i] = irb_quiet_type(c, &fs->tok[fs->in[i]]))) return NULL;
    for (int i = 0; i < fs->nout; i++)
        if (!(out[i] = irb_quiet_type(c, &fs->tok[fs->out[i]]))) return NULL;
    const Type *fn = ir_type_func(c->m, in, fs->nin, out, fs->nout);
    if (fn) { c->fn_s = first->s; c->fn_len = len; c->fn = fn; }
    return fn;
}

/* The interned name of bare op-name token [t]; runs of one name share a
** lookup. */
static const char *bare_name(ParseCtx *c, const Token *t) {
    if (c->bare && t->len == c->bare_len && memcmp(t->s, c->bare_s, t->len) == 0) return c->bare;
    const char *name = name_of(c, t->s, t->len);
    if (name) { c->bare_s = t->s; c->bare_len = t->len; c->bare = name; }
    return name;
}

/* The entry of ParseCtx.recent for value token [t]: by its last byte,
** which differs between neighbours such as %v7 and %v8. */
static int recent_slot(const Token *t) {
    return (unsigned char)t->s[t->len - 1] & 7;
}

/* Builds [fs] directly when it is the ordinary case: every operand bound
** to a value whose type the signature accepts, one result, a new name, a
** known function type. Returns false, having changed nothing but caches and
** interning tables, when fast_by_rules must do it (and report what is wrong). */
static bool fast_direct(ParseCtx *c, const FastStmt *fs) {
    Scope *sc = c->scope;
    if (!sc || !sc->block || c->allow_shadow) return false;
    const Token *t = fs->tok;
    int n = fs->noperands;
    Value *opv[FAST_MAX_LIST];
    for (int i = 0; i < n; i++) {
        const Token *u = &t[fs->operand[i]];
        int k = recent_slot(u);
        Value *rv = c->recent[k].v;
        if (c->recent[k].scope == sc && same_bytes(rv->name, u->s, u->len) && rv->name[u->len] == '\0') {
            opv[i] = rv;
            continue;
        }
        Entry *e = scope_find(sc, u->s, u->len, ir_hash(u->s, u->len));
        if (!e || e->nslots < 1 || !slots(e)[0]) return false;
        opv[i] = slots(e)[0];
        c->recent[k].scope = sc;
        c->recent[k].v = opv[i];
    }
    /* The result's slot, found once: nothing adds to the table before the
    ** op is committed below. */
    if (!irb_scope_room(c, sc)) return true;
    Entry *re = scope_slot(sc, t[0].s, t[0].len, fs->rhash);
    if (re->name && re->nslots > 0 && slots(re)[0]) return false;
    /* A name the scopes around an open one define is taken (irb_bind). */
    if (sc->open && scope_find_outer(sc, t[0].s, t[0].len, fs->rhash)) return false;
    const OpInfo *info;
    const char *opname;
    const Type *const *in;         /* the operand types the op records */
    const Type *rtype;
    if (fs->custom) {
        /* irb_op_simple: the result type from the signature (`any`: the
        ** operand's type); operands keep their own types (verify checks
        ** them against the signature). */
        info = fs->custom;
        const IrSig *sig = ir_op_sig(c->m, info);
        if (!sig || sig->out_variadic || sig->nout != 1 || n < 1) return false;
        opname = bare_name(c, &t[2]);
        if (!opname) return false;
        rtype = sig->out[0] ? sig->out[0] : opv[0]->type;
        /* The operands keep their own types; when they are exactly the
        ** signature's, the op shares the signature's array. */
        in = NULL;
        if (!sig->in_variadic && sig->nin == n) {
            in = sig->in;
            for (int i = 0; i < n && in; i++)
                if (in[i] != opv[i]->type) in = NULL;
        }
    } else {
        opname = irb_generic_name(c, &t[2], &info);
        if (!opname) return false;
        const Type *fn = fast_fntype(c, fs);
        if (!fn || fn->ninputs != n || fn->nresults != 1) return false;
        for (int i = 0; i < n; i++)
            if (fn->inputs[i] != opv[i]->type && !ir_type_accepts(fn->inputs[i], opv[i]->type)) return false;
        rtype = fn->results[0];
        in = fn->inputs;
    }

    /* Everything the op owns in one allocation (the operand types only
    ** when they are not an interned array already: the function type's
    ** inputs, the signature's). */
    size_t ptrs = (size_t)n * sizeof(void *);
    size_t tptrs = in ? 0 : ptrs;
    char *mem = alloc(c, sizeof(Op) + ptrs + tptrs + sizeof(void *) + sizeof(Value)
                         + (size_t)n * sizeof(Use) + sizeof(Loc) + (re->name ? 0 : t[0].len + 1));
    if (!mem) return true;
    Op *op = (Op *)mem;                                  mem += sizeof(Op);
    Value **operands = (Value **)mem;                    mem += ptrs;
    const Type **types = in ? NULL : (const Type **)mem; mem += tptrs;
    Value **results = (Value **)mem;                     mem += sizeof(void *);
    Value *v = (Value *)mem;                             mem += sizeof(Value);
    Use *uses = (Use *)mem;                              mem += (size_t)n * sizeof(Use);
    Loc *loc = (Loc *)mem;                               mem += sizeof(Loc);
    char *rname = mem;                   /* a new name's text, NUL included */
    Block *b = sc->block;
    op->name = opname;
    op->info = info;
    op->line = t[2].line;
    op->col = t[2].col;
    op->noperands = n;
    op->operands = operands;
    op->operand_types = in ? in : types;
    for (int i = 0; i < n; i++) {
        Value *a = opv[i];
        Use *u = &uses[i];
        operands[i] = a;
        if (!in) types[i] = a->type;
        u->user = op;
        u->operand = i;
        if (a->uses_tail) a->uses_tail->next = u; else a->uses = u;
        a->uses_tail = u;
        a->nuses++;
    }
    op->nresults = 1;
    op->results = results;
    results[0] = v;
    v->type = rtype;
    v->def = op;
    if (!re->name) {
        memcpy(rname, t[0].s, t[0].len);
        re->name = rname;
        re->hash = fs->rhash;
        sc->n++;
    }
    v->name = re->name;
    if (!irb_bind_entry(c, re, 0, v, &t[0], false)) return true;
    c->recent[recent_slot(&t[0])].scope = sc;
    c->recent[recent_slot(&t[0])].v = v;
    loc->kind = LOC_FILE;
    loc->file = c->file;
    loc->line = op->line;
    loc->col = op->col;
    op->loc = loc;
    irb_append_op(c, b, op);
    v->block = b;
    v->index = b->nvalues++;
    c->nops_added++;
    return true;
}

uint32_t irb_fast_begin(ParseCtx *c, const Token *t) {
    uint32_t h = ir_hash(t->s, t->len);
    Scope *sc = c->scope;
    if (sc && sc->cap) __builtin_prefetch(&sc->tab[h & (size_t)(sc->cap - 1)]);
    return h;
}

void irb_fast_stmt(ParseCtx *c) {
    const FastStmt *fs = c->fast;
    if (c->failed || !fs) return;
    if (!fast_direct(c, fs)) fast_by_rules(c, fs);
}
