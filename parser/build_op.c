/*
** build_op.c — the parser's builders (parser/build.h), part three: ops of
** every syntax family, the region ops' pending stack, block arguments and
** statements (naming results, appending to the block). Everything is
** allocated from the module's arena.
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
** Blocks, pending region ops, op construction
** ======================================================================== */

struct Pending {
    Op *op;
    Pending *next;
    Vec *bind;               /* OperandRef* whose names become block arguments */
    const Type **bind_types; int nbind;
    Vec *regions;            /* Block* */
    Token rbrace;            /* closing brace of the last region */
    Block *open;             /* block of the region being parsed */
};

Block *irb_block_new(ParseCtx *c, Func *f, Op *parent) {
    if (c->failed) return NULL;
    Block *b = alloc(c, sizeof *b);
    if (!b) return NULL;
    b->func = f;
    b->parent_op = parent;
    /* irb_bind() rejects a second value of one name, except in the REPL. */
    b->names_unique = !c->allow_shadow;
    return b;
}

static void add_use(ParseCtx *c, Value *v, Op *user, int operand) {
    Use *u = alloc(c, sizeof *u);
    if (!u) return;
    u->user = user;
    u->operand = operand;
    if (v->uses_tail) v->uses_tail->next = u; else v->uses = u;
    v->uses_tail = u;
    v->nuses++;
}

/* A new op named by token [nt] (a bare name, or a string for the generic
** form) with the operands [ops] (OperandRef*) and [nres] results of the
** given types (types may be NULL: filled later). */
/* The op-table entry of op-name token [t]; usually the driver has just
** looked it up (ParseCtx.op_info), which saves a binary search. */
static const OpInfo *op_info(ParseCtx *c, const Token *t) {
    if (t->s == c->op_s && t->len == c->op_len && t->s) return c->op_info;
    if (!memchr(t->s, '.', t->len)) return irb_short_form(t->s, t->len);
    return optable_lookup(t->s, t->len);
}

const OpInfo *irb_short_form(const char *s, uint32_t len) {
    if (!(len == 4 && !memcmp(s, "call", 4)) && !(len == 6 && !memcmp(s, "return", 6))) return NULL;
    char full[16];
    int n = snprintf(full, sizeof full, "func.%.*s", (int)len, s);
    return optable_lookup(full, (size_t)n);
}

/* The interned name and table entry of the quoted op name [nt] (generic
** form). A one-entry cache serves runs of the same name. */
const char *irb_generic_name(ParseCtx *c, const Token *nt, const OpInfo **info) {
    if (!c->gen_name || nt->len != c->gen_tlen || memcmp(nt->s, c->gen_ts, nt->len) != 0) {
        size_t n;
        const char *name = irb_string_value(c, nt, &n);
        if (!name) return NULL;
        if (name != c->gen_name) {
            c->gen_name = name;
            c->gen_info = optable_lookup(name, n);
        }
        c->gen_ts = nt->s; c->gen_tlen = nt->len;
    }
    *info = c->gen_info;
    return c->gen_name;
}

static Op *new_op(ParseCtx *c, const Token *nt, Vec *ops, int nres, const Type *const *rtypes) {
    if (c->failed) return NULL;
    c->flex_op = NULL;              /* a new op: any earlier mark is stale */
    Op *op = alloc(c, sizeof *op);
    if (!op) return NULL;
    if (nt->kind == TK_STRING) {
        op->name = irb_generic_name(c, nt, &op->info);
        if (!op->name) return NULL;
    } else if (!memchr(nt->s, '.', nt->len)) {
        /* `return`, `call`: func's ops where func is the default dialect
        ** (parser.c sends no other bare word as an op name). */
        if (!c->scope || !c->scope->func_dialect) {
            irb_unknown_op(c, nt);
            if (c->d)
                diag_emitf(c->d, DIAG_NOTE, c->file, nt->line, nt->col,
                           "'%.*s' stands for 'func.%.*s' only in a func.func body (and the regions of ops in generic form there)",
                           (int)nt->len, nt->s, (int)nt->len, nt->s);
            return NULL;
        }
        op->info = op_info(c, nt);
        op->name = op->info ? name_of(c, op->info->name, strlen(op->info->name)) : NULL;
        if (!op->name) return NULL;
    } else {
        op->name = name_of(c, nt->s, nt->len);
        if (!op->name) return NULL;
        op->info = op_info(c, nt);
    }
    op->line = nt->line;
    op->col = nt->col;
    int n = vlen(ops);
    op->noperands = n;
    op->operands = alloc(c, (size_t)(n + 1) * sizeof *op->operands);
    const Type **ot = alloc(c, (size_t)(n + 1) * sizeof *ot);
    if (!op->operands || !ot) return NULL;
    for (int i = 0; i < n; i++) {
        OperandRef *r = ops->v[i];
        op->operands[i] = r->v;
        ot[i] = r->v->type;
        add_use(c, r->v, op, i);
    }
    op->operand_types = ot;
    op->nresults = nres;
    op->results = alloc(c, (size_t)(nres + 1) * sizeof *op->results);
    if (!op->results) return NULL;
    for (int i = 0; i < nres; i++) {
        Value *v = alloc(c, sizeof *v);
        if (!v) return NULL;
        v->type = rtypes ? rtypes[i] : NULL;
        v->def = op;
        v->result_index = i;
        op->results[i] = v;
    }
    return c->failed ? NULL : op;
}

/* Applies written operand types [types] (Type*) to [op]: count and
** agreement with the values' types. */
static bool apply_operand_types(ParseCtx *c, Op *op, Vec *ops, const Type *const *types, int ntypes, const Token *at) {
    if (ntypes != op->noperands) {
        irb_error(c, at, "%d operands present, but expected %d", op->noperands, ntypes);
        return false;
    }
    const Type **ot = (const Type **)op->operand_types;
    for (int i = 0; i < ntypes; i++) {
        OperandRef *r = ops->v[i];
        if (!ir_type_accepts(types[i], r->v->type)) {
            irb_type_mismatch(c, r, types[i]);
            return false;
        }
        ot[i] = types[i];
    }
    return true;
}

static void set_attrs(ParseCtx *c, Op *op, Vec *attrs, NamedAttr *extra, int nextra, const Token *at) {
    if (c->failed || !op) return;
    op->attrs = irb_sorted_attrs(c, attrs, extra, nextra, &op->nattrs, at);
}

/* For the other builder files (parser/build_corert.c). */
Op *irb_new_op(ParseCtx *c, const Token *nt, Vec *ops, int nres, const Type *const *rtypes) {
    return new_op(c, nt, ops, nres, rtypes);
}

void irb_set_attrs(ParseCtx *c, Op *op, Vec *attrs, NamedAttr *extra, int nextra, const Token *at) {
    set_attrs(c, op, attrs, extra, nextra, at);
}

/* The result types an op of table entry [info] gets from its signature, for
** custom forms that do not write them. *n = -1: variadic (decided by the
** statement's result list). */
static const Type **sig_results(ParseCtx *c, const OpInfo *info, Vec *ops, int *n, const Token *at) {
    const IrSig *s = ir_op_sig(c->m, info);
    *n = 0;
    if (!s) {
        if (info && info->signature[0]) irb_error(c, at, "internal: bad signature for '%s'", info->name);
        return NULL;
    }
    if (s->out_variadic) { *n = -1; return NULL; }
    const Type **rt = alloc(c, (size_t)(s->nout + 1) * sizeof *rt);
    if (!rt) return NULL;
    for (int i = 0; i < s->nout; i++) {
        rt[i] = s->out[i];
        if (!rt[i]) {
            /* `any`: the type of the corresponding operand. */
            OperandRef *r = i < vlen(ops) ? ops->v[i] : NULL;
            rt[i] = r ? r->v->type : irb_named_type(c, "none");
        }
    }
    *n = s->nout;
    return rt;
}

static const Type *const *vec_types(Vec *v) { return v ? (const Type *const *)v->v : NULL; }

/* Generic form */
Op *irb_op_generic_head(ParseCtx *c, const Token *name, Vec *operands) {
    if (c->failed || !operands) return NULL;
    Op *op = new_op(c, name, operands, 0, NULL);
    Pending *p = talloc(c, sizeof *p);
    if (!op || !p) return NULL;
    p->op = op;
    p->regions = irb_vec(c, NULL);
    p->bind = (Vec *)operands;   /* kept for the operand-type check at the end */
    p->nbind = -1;               /* generic: regions declare their own arguments */
    p->next = c->pend;
    c->pend = p;
    return op;
}

static void finish_regions(ParseCtx *c, Op *op, Pending *p) {
    if (c->failed) return;
    op->nregions = p->regions->n;
    op->regions = (Block **)keep(c, p->regions);
    c->pend = p->next;
}

Op *irb_op_generic(ParseCtx *c, Op *op, Vec *attrs, const Type *fn) {
    if (c->failed || !op || !fn) return NULL;
    Pending *p = c->pend;
    Token at = { TK_STRING, NULL, 0, op->line, op->col };
    if (!apply_operand_types(c, op, p->bind, fn->inputs, fn->ninputs, &at)) return NULL;
    op->nresults = fn->nresults;
    op->results = alloc(c, (size_t)(fn->nresults + 1) * sizeof *op->results);
    if (!op->results) return NULL;
    for (int i = 0; i < fn->nresults; i++) {
        Value *v = alloc(c, sizeof *v);
        if (!v) return NULL;
        v->type = fn->results[i];
        v->def = op;
        v->result_index = i;
        op->results[i] = v;
    }
    set_attrs(c, op, attrs, NULL, 0, &at);
    finish_regions(c, op, p);
    return c->failed ? NULL : op;
}

/* Marks an op whose result count comes from the statement. */
static Op *flex(ParseCtx *c, Op *op) {
    c->flex_op = op;                /* cleared by irb_stmt */
    return op;
}

Op *irb_op_simple(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, Vec *types, const Type *fn) {
    if (c->failed) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt;
    if (fn) { nres = fn->nresults; rt = (const Type **)fn->results; }
    else if (!info) {
        irb_error(c, name, "custom op '%.*s' is unknown", (int)name->len, name->s);
        return NULL;
    } else rt = sig_results(c, info, operands, &nres, name);
    if (c->failed) return NULL;
    Op *op = new_op(c, name, operands, nres < 0 ? 0 : nres, rt);
    if (!op) return NULL;
    if (fn && !apply_operand_types(c, op, operands, fn->inputs, fn->ninputs, name)) return NULL;
    if (types && !apply_operand_types(c, op, operands, vec_types(types), types->n, name)) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return nres < 0 ? flex(c, op) : op;
}

/* The attribute name of a SYN_CONSTANT / SYN_SHAPE_ATTR op. */
static const char *value_attr_name(const OpInfo *info) {
    const char *name = optable_inline_attr(info);
    return name ? name : attr_value;
}

Op *irb_op_constant(ParseCtx *c, const Token *name, const Attr *v, Vec *attrs) {
    if (c->failed || !v) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt = sig_results(c, info, NULL, &nres, name);
    if (c->failed) return NULL;
    if (info->family == SYN_CONSTANT && nres == 1) {
        const Type *el = rt[0];
        bool typed_literal = (v->kind == ATTR_INT && v->type && v->type->kind != TY_I64)
                             || (v->kind == ATTR_FLOAT && v->type && v->type->kind != TY_F64);
        if (v->kind == ATTR_ARRAY || v->kind == ATTR_STRING || v->kind == ATTR_DICT || v->kind == ATTR_SYMBOL
            || v->kind == ATTR_UNIT || v->kind == ATTR_TYPE || v->kind == ATTR_DENSE) {
            irb_error(c, name, "expected a constant of type '%s'", el->spelling);
            return NULL;
        }
        if (!typed_literal || v->type == el) v = irb_convert_scalar(c, v, el, name);
        else if (!ir_type_same(v->type, el)) {
            irb_error(c, name, "constant of type '%s' given to '%.*s'", v->type->spelling, (int)name->len, name->s);
            return NULL;
        }
        if (!v) return NULL;
    } else if (info->family == SYN_SHAPE_ATTR) {
        if (v->kind != ATTR_ARRAY) {
            irb_error(c, name, "expected an array of i64 for '%s'", value_attr_name(info));
            return NULL;
        }
        const Type *i64 = irb_named_type(c, "i64");
        const Attr **el = alloc(c, (size_t)(v->u.arr.n + 1) * sizeof *el);
        if (!el || !i64) return NULL;
        for (int i = 0; i < v->u.arr.n; i++) {
            const Attr *x = v->u.arr.elems[i];
            if (x->kind != ATTR_INT) {
                irb_error(c, name, "expected an array of integers for '%s'", value_attr_name(info));
                return NULL;
            }
            el[i] = x->type == i64 ? x : irb_convert_scalar(c, x, i64, name);
            if (!el[i]) return NULL;
        }
        Attr *a = irb_new_attr(c, ATTR_ARRAY);
        if (!a) return NULL;
        a->u.arr.elems = el;
        a->u.arr.n = v->u.arr.n;
        v = a;
    }
    Op *op = new_op(c, name, NULL, nres < 0 ? 0 : nres, rt);
    NamedAttr na = { value_attr_name(info), v };
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_complex(ParseCtx *c, const Token *name, const Attr *re, const Attr *im, Vec *attrs) {
    if (c->failed || !re || !im) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt = sig_results(c, info, NULL, &nres, name);
    if (c->failed || nres != 1) return NULL;
    const Type *el = rt[0]->elem ? rt[0]->elem : irb_named_type(c, "f64");
    re = irb_convert_scalar(c, re, el, name);
    im = re ? irb_convert_scalar(c, im, el, name) : NULL;
    if (!im) return NULL;
    Op *op = new_op(c, name, NULL, 1, rt);
    NamedAttr na[2] = { { "imaginary", im }, { "real", re } };
    set_attrs(c, op, attrs, na, 2, name);
    return c->failed ? NULL : op;
}

Op *irb_op_attr_operand(ParseCtx *c, const Token *name, Vec *operands, const Attr *v, Vec *attrs) {
    if (c->failed || !operands || !v) return NULL;
    const OpInfo *info = op_info(c, name);
    int nres;
    const Type **rt = sig_results(c, info, operands, &nres, name);
    if (c->failed) return NULL;
    Op *op = new_op(c, name, operands, nres < 0 ? 0 : nres, rt);
    NamedAttr na = { value_attr_name(info), v };
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

static const Type **bound_types(ParseCtx *c, Vec *args, Vec *types, const Token *at);

/* Symbol attribute from token [t]. */
static NamedAttr sym_attr(ParseCtx *c, const char *key, const Token *t) {
    NamedAttr na = { key, irb_attr_symbol(c, t) };
    return na;
}

/* The function type [fn] covers the arguments [args], which are [op]'s
** operands from [offset] on (after %cond, %index or %cs): count and types. */
static bool check_args(ParseCtx *c, Op *op, Vec *args, const Type *fn, int offset, const Token *at) {
    const Type **ot = (const Type **)op->operand_types;
    if (fn->ninputs != args->n) {
        irb_error(c, at, "%d operands present, but expected %d", args->n, fn->ninputs);
        return false;
    }
    for (int i = 0; i < fn->ninputs; i++) {
        OperandRef *r = args->v[i];
        if (!ir_type_accepts(fn->inputs[i], r->v->type)) {
            irb_type_mismatch(c, r, fn->inputs[i]);
            return false;
        }
        ot[i + offset] = fn->inputs[i];
    }
    return true;
}

Op *irb_op_call(ParseCtx *c, const Token *name, OperandRef *first, const Token *callee,
                const Token *callee2, Vec *operands, Vec *attrs, const Type *fn) {
    if (c->failed || !operands || !fn) return NULL;
    const OpInfo *info = op_info(c, name);
    Vec *all = operands;
    if (first) {
        all = irb_vec(c, first);
        for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
        if (c->failed) return NULL;
    }
    Op *op = new_op(c, name, all, fn->nresults, fn->results);
    if (!op) return NULL;
    if (!check_args(c, op, operands, fn, first ? 1 : 0, name)) return NULL;
    NamedAttr na[2];
    int nna = 0;
    size_t n;
    if (info && info->family == SYN_COND) {
        na[nna++] = sym_attr(c, attr_a_true_fn, callee);
        na[nna++] = sym_attr(c, attr_b_false_fn, callee2);
    } else if (info && info->family == SYN_ONCE) {
        na[nna++] = sym_attr(c, "function", callee);
    } else {
        na[nna++] = sym_attr(c, attr_callee, callee);
    }
    op->callee = irb_symbol_name(c, callee, &n);
    set_attrs(c, op, attrs, na, nna, name);
    return c->failed ? NULL : op;
}

Op *irb_op_case(ParseCtx *c, const Token *name, OperandRef *idx, Vec *branches, Vec *operands,
                Vec *attrs, const Type *fn) {
    if (c->failed || !idx || !branches || !operands || !fn) return NULL;
    /* TFRT's older form, which its test files use: the first argument is a
    ** chain that the type list leaves out, and so is the first result
    ** (`%ch1, %r = tfrt.case %i [@b0, @b1] (%ch0, %a) : (i32) -> (i32)`).
    ** The op is the same; it prints with every type (docs/syntax.md). */
    const Type *first = operands->n ? ((OperandRef *)operands->v[0])->v->type : NULL;
    if (operands->n == fn->ninputs + 1 && first && first->is_chain) {
        Vec *in = irb_vec(c, (void *)first), *out = irb_vec(c, (void *)first);
        for (int i = 0; i < fn->ninputs; i++) irb_push(c, in, (void *)fn->inputs[i]);
        for (int i = 0; i < fn->nresults; i++) irb_push(c, out, (void *)fn->results[i]);
        fn = irb_fntype(c, in, out);
        if (!fn) return NULL;
    }
    Vec *all = irb_vec(c, idx);
    for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
    if (c->failed) return NULL;
    Op *op = new_op(c, name, all, fn->nresults, fn->results);
    if (!op || !check_args(c, op, operands, fn, 1, name)) return NULL;
    NamedAttr na = { attr_branches, irb_attr_array(c, branches) };
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_while(ParseCtx *c, const Token *name, OperandRef *cond, const Token *body, Vec *operands,
                 Vec *attrs, const Token *par, const Type *fn) {
    if (c->failed) return NULL;
    Op *op = irb_op_call(c, name, cond, body, NULL, operands, NULL, fn);
    if (!op) return NULL;
    NamedAttr na[2];
    na[0].name = attr_body_fn;
    na[0].value = ir_op_attr(op, attr_callee);
    int nna = 1;
    if (par) {
        na[1].name = attr_parallel_iterations;
        na[1].value = irb_attr_int(c, par, irb_named_type(c, "i64"));
        nna = 2;
    }
    op->attrs = NULL; op->nattrs = 0;
    set_attrs(c, op, attrs, na, nna, name);
    return c->failed ? NULL : op;
}

Op *irb_op_parallel_call(ParseCtx *c, const Token *name, OperandRef *s, OperandRef *e, OperandRef *bs,
                         const Token *callee, Vec *operands, Vec *attrs, Vec *types) {
    if (c->failed || !s || !e || !bs || !operands) return NULL;
    Vec *all = irb_vec(c, s);
    irb_push(c, all, e);
    irb_push(c, all, bs);
    for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
    if (c->failed) return NULL;
    const Type *ch = irb_named_type(c, "!tfrt.chain");
    Op *op = new_op(c, name, all, 1, &ch);
    if (!op) return NULL;
    if (types) {
        const Type **t = bound_types(c, operands, types, name);
        if (!t) return NULL;
        for (int i = 0; i < operands->n; i++) ((const Type **)op->operand_types)[i + 3] = t[i];
    }
    size_t n;
    NamedAttr na = sym_attr(c, attr_callee, callee);
    op->callee = irb_symbol_name(c, callee, &n);
    set_attrs(c, op, attrs, &na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_return(ParseCtx *c, const Token *name, Vec *operands, Vec *types) {
    if (c->failed) return NULL;
    Op *op = new_op(c, name, operands, 0, NULL);
    if (!op) return NULL;
    if (types && !apply_operand_types(c, op, operands, vec_types(types), types->n, name)) return NULL;
    return op;
}

Op *irb_op_sync_benchmark(ParseCtx *c, const Token *name, const Token *fn, Vec *args, Vec *kwattrs) {
    if (c->failed || !args || !kwattrs) return NULL;
    Op *op = new_op(c, name, args, 0, NULL);
    if (!op) return NULL;
    size_t n;
    NamedAttr na = sym_attr(c, attr_target_fn, fn);
    op->callee = irb_symbol_name(c, fn, &n);
    set_attrs(c, op, kwattrs, &na, 1, name);
    return c->failed ? NULL : op;
}

/* Pushes [op] as the pending region op binding [bind] with [types]. */
static Op *push_pending(ParseCtx *c, Op *op, Vec *bind, const Type **types) {
    if (c->failed || !op) return NULL;
    Pending *p = talloc(c, sizeof *p);
    if (!p) return NULL;
    p->op = op;
    p->bind = bind;
    p->nbind = vlen(bind);
    p->bind_types = types;
    p->regions = irb_vec(c, NULL);
    p->next = c->pend;
    c->pend = p;
    return op;
}

/* The operands [from..] of [v] as a new Vec. */
static Vec *tail(ParseCtx *c, Vec *v, int from) {
    Vec *t = irb_vec(c, NULL);
    for (int i = from; i < vlen(v); i++) irb_push(c, t, v->v[i]);
    return t;
}

Op *irb_op_if_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, const Type *fn) {
    if (c->failed || !operands || !fn) return NULL;
    Vec *args = tail(c, operands, 1);
    if (c->failed) return NULL;
    if (fn->ninputs != args->n) {
        irb_error(c, name, "%d operands present, but expected %d", args->n, fn->ninputs);
        return NULL;
    }
    Op *op = new_op(c, name, operands, fn->nresults, fn->results);
    if (!op || !check_args(c, op, args, fn, 1, name)) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, args, (const Type **)fn->inputs);
}

/* Types for the bound operands [args]: the written list or the values'. */
static const Type **bound_types(ParseCtx *c, Vec *args, Vec *types, const Token *at) {
    int n = vlen(args);
    const Type **t = alloc(c, (size_t)(n + 1) * sizeof *t);
    if (!t) return NULL;
    if (types && types->n != n) {
        irb_error(c, at, "%d operands present, but expected %d", n, types->n);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        OperandRef *r = args->v[i];
        t[i] = types ? types->v[i] : r->v->type;
        if (!ir_type_accepts(t[i], r->v->type)) {
            irb_type_mismatch(c, r, t[i]);
            return NULL;
        }
    }
    return t;
}

Op *irb_op_repeat_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, Vec *types) {
    if (c->failed || !operands) return NULL;
    Vec *args = tail(c, operands, 1);
    const Type **t = bound_types(c, args, types, name);
    if (!t) return NULL;
    Op *op = new_op(c, name, operands, args->n, t);
    if (!op) return NULL;
    for (int i = 0; i < args->n; i++) ((const Type **)op->operand_types)[i + 1] = t[i];
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, args, t);
}

Op *irb_op_pfor_head(ParseCtx *c, const Token *name, OperandRef *s, OperandRef *e, OperandRef *bs,
                     Vec *operands, Vec *attrs, Vec *types) {
    if (c->failed || !s || !e || !bs || !operands) return NULL;
    const Type **et = bound_types(c, operands, types, name);
    if (!et) return NULL;
    Vec *all = irb_vec(c, s);
    irb_push(c, all, e);
    irb_push(c, all, bs);
    Vec *bind = irb_vec(c, s);
    irb_push(c, bind, e);
    for (int i = 0; i < operands->n; i++) { irb_push(c, all, operands->v[i]); irb_push(c, bind, operands->v[i]); }
    const Type **bt = alloc(c, (size_t)(operands->n + 3) * sizeof *bt);
    const Type *i32 = irb_named_type(c, "i32");
    if (c->failed || !bt) return NULL;
    bt[0] = bt[1] = i32;
    for (int i = 0; i < operands->n; i++) bt[i + 2] = et[i];
    const Type *ch = irb_named_type(c, "!tfrt.chain");
    Op *op = new_op(c, name, all, 1, &ch);
    if (!op) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, bind, bt);
}

Op *irb_op_do_async_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, const Type *fn) {
    if (c->failed || !operands || !fn) return NULL;
    Op *op = new_op(c, name, operands, fn->nresults, fn->results);
    if (!op) return NULL;
    if (!apply_operand_types(c, op, operands, fn->inputs, fn->ninputs, name)) return NULL;
    set_attrs(c, op, attrs, NULL, 0, name);
    return push_pending(c, op, operands, (const Type **)fn->inputs);
}

Op *irb_op_benchmark_head(ParseCtx *c, const Token *name, const Token *bname, Vec *args, Vec *kwattrs) {
    if (c->failed || !args || !kwattrs) return NULL;
    const Type *ch = irb_named_type(c, "!tfrt.chain");
    Op *op = new_op(c, name, args, 1, &ch);
    if (!op) return NULL;
    const Type *i32 = irb_named_type(c, "i32");
    /* Keyword attributes are i32; at least one is given; num_warmup_runs
    ** defaults to 1 (docs/language.md §2.8). */
    bool warmup = false;
    if (kwattrs->n == 0) {
        irb_error(c, name, "'tfrt_test.benchmark' needs duration_secs, max_count or num_warmup_runs");
        return NULL;
    }
    for (int i = 0; i < kwattrs->n; i++) {
        NamedAttr *na = kwattrs->v[i];
        if (strcmp(na->name, attr_duration_secs) != 0 && strcmp(na->name, attr_max_count) != 0
            && strcmp(na->name, attr_num_warmup_runs) != 0) {
            irb_error(c, name, "unknown 'tfrt_test.benchmark' attribute '%s'", na->name);
            return NULL;
        }
        if (strcmp(na->name, attr_num_warmup_runs) == 0) warmup = true;
        if (na->value->kind != ATTR_INT) {
            irb_error(c, name, "'tfrt_test.benchmark' attribute '%s' must be an integer", na->name);
            return NULL;
        }
        if (na->value->type->kind == TY_I64) {
            na->value = irb_convert_scalar(c, na->value, i32, name);
            if (!na->value) return NULL;
        }
    }
    NamedAttr na[2] = { { "name", irb_attr_string(c, bname, NULL) }, { attr_num_warmup_runs, NULL } };
    if (!warmup) {
        Attr *one = irb_new_attr(c, ATTR_INT);
        if (!one) return NULL;
        one->type = i32;
        one->u.i = 1;
        na[1].value = one;
    }
    set_attrs(c, op, kwattrs, na, warmup ? 1 : 2, name);
    return push_pending(c, op, args, (const Type **)op->operand_types);
}

static Value *new_arg(ParseCtx *c, Block *b, const Type *t, const char *name, int i) {
    Value *v = alloc(c, sizeof *v);
    if (!v) return NULL;
    v->type = t;
    v->block = b;
    v->result_index = i;
    v->index = i;
    v->name = name;
    return v;
}

void irb_region_open(ParseCtx *c, const Token *lbrace) {
    if (c->failed) return;
    Pending *p = c->pend;
    Block *b = irb_block_new(c, c->func, p->op);
    if (!b) return;
    int n = p->nbind;
    b->args = alloc(c, (size_t)(n + 1) * sizeof *b->args);
    if (!b->args) return;
    b->nargs = n;
    b->nvalues = n;
    if (!irb_scope_push(c, b)) return;
    c->scope->func_dialect = false;    /* a custom op's region, as in MLIR */
    for (int i = 0; i < n; i++) {
        OperandRef *r = p->bind->v[i];
        Value *v = new_arg(c, b, p->bind_types[i], name_of(c, r->tok.s, r->tok.len), i);
        if (!v) return;
        b->args[i] = v;
        if (!irb_bind(c, r->name, r->idx, v, &r->tok, false)) return;
    }
    p->open = b;
    (void)lbrace;
}

void irb_region_open_args(ParseCtx *c, const Token *lbrace, Vec *args) {
    if (c->failed) return;
    Pending *p = c->pend;
    Block *b = irb_block_new(c, c->func, p->op);
    if (!b) return;
    int n = vlen(args);
    b->args = alloc(c, (size_t)(n + 1) * sizeof *b->args);
    if (!b->args) return;
    b->nargs = n;
    b->nvalues = n;
    if (!irb_scope_push(c, b)) return;
    for (int i = 0; i < n; i++) {
        OperandRef *r = args->v[i];
        Value *v = r->v;
        v->block = b; v->result_index = i; v->index = i;
        b->args[i] = v;
        if (!irb_bind(c, r->name, r->idx, v, &r->tok, false)) return;
    }
    p->open = b;
    (void)lbrace;
}

void irb_region_close(ParseCtx *c, const Token *rbrace) {
    if (c->failed) return;
    Pending *p = c->pend;
    irb_scope_pop(c);
    irb_push(c, p->regions, p->open);
    p->rbrace = *rbrace;
    p->open = NULL;
}

Op *irb_op_end(ParseCtx *c, Op *op, bool has_else) {
    if (c->failed || !op) return NULL;
    Pending *p = c->pend;
    if (op->info && op->info->family == SYN_IF && !has_else) {
        if (op->nresults > 0) {
            irb_error(c, &p->rbrace, "expected 'else' in 'tfrt.if' with result values");
            return NULL;
        }
        /* An omitted else region is an empty body returning nothing. */
        Block *b = irb_block_new(c, c->func, op);
        Op *ret = alloc(c, sizeof *ret);
        if (!b || !ret) return NULL;
        b->nargs = p->nbind;
        b->nvalues = p->nbind;
        b->args = alloc(c, (size_t)(p->nbind + 1) * sizeof *b->args);
        if (!b->args) return NULL;
        for (int i = 0; i < p->nbind; i++) {
            OperandRef *r = p->bind->v[i];
            b->args[i] = new_arg(c, b, p->bind_types[i], name_of(c, r->tok.s, r->tok.len), i);
        }
        ret->name = name_of(c, "tfrt.return", 11);
        ret->info = optable_lookup("tfrt.return", 11);
        ret->operands = alloc(c, sizeof *ret->operands);
        ret->results = alloc(c, sizeof *ret->results);
        ret->operand_types = alloc(c, sizeof *ret->operand_types);
        ret->line = p->rbrace.line;
        ret->col = p->rbrace.col;
        ret->loc = irb_file_loc(c, c->file, ret->line, ret->col);
        ret->parent = b;
        b->ops = alloc(c, sizeof *b->ops);
        if (c->failed) return NULL;
        b->ops[0] = ret;
        b->nops = 1;
        irb_push(c, p->regions, b);
    }
    finish_regions(c, op, p);
    return c->failed ? NULL : op;
}

/* Appends [op] to block [b]. */
void irb_append_op(ParseCtx *c, Block *b, Op *op) {
    if ((b->nops & (b->nops - 1)) == 0) {     /* grow at powers of two */
        int cap = b->nops ? b->nops * 2 : 4;
        Op **n = arena_grow(c->a, b->ops, (size_t)b->nops, (size_t)cap, sizeof *n);
        if (!n) { irb_oom(c); return; }
        b->ops = n;
    }
    op->parent = b;
    op->index = b->nops;
    b->ops[b->nops++] = op;
}

void irb_stmt(ParseCtx *c, Vec *results, Op *op, const Loc *loc) {
    if (c->failed || !op) return;
    Block *b = c->scope ? c->scope->block : NULL;
    if (!b) { irb_error_at(c, op->line, op->col, "operation outside of a function"); return; }
    int written = 0;
    for (int i = 0; i < vlen(results); i++) written += ((ResultRef *)results->v[i])->count;
    if (op == c->flex_op) {
        /* Variadic results: as many as the statement names, typed by the
        ** variadic signature type (or `any`: the operands' types). */
        c->flex_op = NULL;
        const IrSig *s = ir_op_sig(c->m, op->info);
        op->nresults = written;
        op->results = alloc(c, (size_t)(written + 1) * sizeof *op->results);
        if (!op->results) return;
        for (int i = 0; i < written; i++) {
            Value *v = alloc(c, sizeof *v);
            if (!v) return;
            const Type *t = s && s->nout ? s->out[s->nout - 1] : NULL;
            if (!t) t = i < op->noperands ? op->operand_types[i] : irb_named_type(c, "none");
            v->type = t;
            v->def = op;
            v->result_index = i;
            op->results[i] = v;
        }
    }
    if (results && written != op->nresults) {
        ResultRef *r0 = results->v[0];
        irb_error(c, &r0->tok, "operation defines %d results but was provided %d to bind", op->nresults, written);
        return;
    }
    int k = 0;
    for (int i = 0; i < vlen(results); i++) {
        ResultRef *r = results->v[i];
        for (int j = 0; j < r->count; j++) {
            Value *v = op->results[k++];
            if (r->count == 1 && plain_value(&r->tok)) {
                v->name = r->name;
            } else {
                /* `%b#j` of a group, `%b:1` of a group of one, however
                ** the colon was spaced */
                char nm[64];
                if (r->count == 1) snprintf(nm, sizeof nm, ":1");
                else snprintf(nm, sizeof nm, "#%d", j);
                size_t base = strlen(r->name);
                char *full = alloc(c, base + strlen(nm) + 1);
                if (!full) return;
                memcpy(full, r->name, base);
                strcpy(full + base, nm);
                v->name = full;
            }
            if (!irb_bind(c, r->name, j, v, &r->tok, c->allow_shadow)) return;
        }
        if (c->allow_shadow) {
            /* A redefined group must not keep stale higher slots. */
            Entry *e = scope_get(c->scope, r->name);
            for (int j = r->count; e && j < e->nslots; j++) slots(e)[j] = NULL;
        }
    }
    op->loc = loc ? loc : irb_file_loc(c, c->file, op->line, op->col);
    irb_append_op(c, b, op);
    for (int i = 0; i < op->nresults; i++) {
        op->results[i]->block = b;
        op->results[i]->index = b->nvalues++;
    }
    c->nops_added++;
    /* A statement directly in a function body leaves nothing live in the
    ** scratch arena (its lists and operand refs are consumed, no op is
    ** pending, the function's argument list was bound at the body), so a
    ** long function does not keep every statement's scratch until its end. */
    if (c->tmp && !c->pend && c->func && b == c->func->body) {
        c->func_args = NULL;
        arena_reset(c->tmp);
    }
}
