/*
** build_corert.c — the parser's builders (parser/build.h), part four: the
** custom forms of CoreRT's ops (SYN_CORERT; docs/language.md §2.8). One
** family holds several forms, one per op (ops/optable.h, CorertForm); the
** grammar tells them apart by the token after the op's name, and each
** builder checks that the op it was given takes that form.
**
** What each form makes (the generic form is TFRT's, which mlir-opt and
** TFRT's tools print):
**   corert.executeop(%h) "op"(%a) {k = v} {f = "g"} : 1
**       -> "corert.executeop"(%h, %a) {op_attrs = [["k", v]],
**          op_func_attrs = [["f", "g"]], op_name = "op"}, one
**          !corert.tensorhandle result per `: N`; .seq takes a chain after
**          the handler and gives one first; corert_sync.executeop has no
**          op_func_attrs. The dictionaries keep their order (op_attrs is an
**          array), and a key may not repeat.
**   corert.cond %c @t @f (%ch, %a) : (Ta) -> (Tr)
**       -> operands (%c, %ch, %a), results (!tfrt.chain, Tr), attributes
**          a_true_fn, b_false_fn: the type lists leave the chain out.
**   corert.while @c @b (%ch, %a) : (Ta) -> (Tr)
**       -> operands (%ch, %a), results (!tfrt.chain, Tr), a_cond_fn, b_body_fn.
**   corert.get_op_handler %ch "cpu", corert.register_op_handler %h "cpu"
**       -> attribute op_handler_name; corert_sync.get_op_handler "cpu" ->
**          device_name. Types from the op table's signature.
**   corert.const_dense_tensor dense<...> : T -> attribute value.
**
** Everything is allocated from the module's arena (lists from scratch).
*/
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "parser/build_int.h"
#include "ops/optable.h"
#include "grammar.h"

struct ExecHead {
    Token name;
    const OpInfo *info;
    Vec *pre;                /* OperandRef*: the handler [, the chain] */
    Token opname;            /* the quoted op name */
    Vec *args;               /* OperandRef*: the tensor handles */
};

/* The op-table row of bare op-name token [t]. */
static const OpInfo *row_of(ParseCtx *c, const Token *t)
{
    if (t->s == c->op_s && t->len == c->op_len && t->s) return c->op_info;
    return optable_lookup(t->s, t->len);
}

/* Reports that op [t] (row [info]) is not written in the form just read. */
static void wrong_form(ParseCtx *c, const Token *t, const OpInfo *info)
{
    const char *syn = optable_corert_syntax(optable_corert_form(info));
    const char *at = strstr(syn, "NAME");
    if (!at) {
        irb_error(c, t, "'%.*s' is not written this way", (int)t->len, t->s);
        return;
    }
    irb_error(c, t, "'%.*s' is not written this way: it is '%.*s%.*s%s'", (int)t->len, t->s,
              (int)(at - syn), syn, (int)t->len, t->s, at + 4);
}

/* The op of [t] if its form is one of [a] or [b]; NULL after an error. */
static const OpInfo *row_in(ParseCtx *c, const Token *t, CorertForm a, CorertForm b, CorertForm d)
{
    const OpInfo *info = row_of(c, t);
    CorertForm f = optable_corert_form(info);
    if (!info || (f != a && f != b && f != d)) {
        if (info) wrong_form(c, t, info);
        else irb_error(c, t, "custom op '%.*s' is unknown", (int)t->len, t->s);
        return NULL;
    }
    return info;
}

/* Operand [r] must be of type [want] (what TFRT's parser resolves it as). */
static bool want_type(ParseCtx *c, const OperandRef *r, const Type *want)
{
    if (!r || !want) return false;
    if (ir_type_accepts(want, r->v->type)) return true;
    irb_type_mismatch(c, r, want);
    return false;
}

ExecHead *irb_executeop_head(ParseCtx *c, const Token *name, Vec *pre, const Token *opname, Vec *args)
{
    if (c->failed || !pre || !args) return NULL;
    const OpInfo *info = row_in(c, name, CRF_EXECUTE, CRF_EXECUTE_SEQ, CRF_EXECUTE_SYNC);
    if (!info) return NULL;
    bool seq = optable_corert_form(info) == CRF_EXECUTE_SEQ;
    if (pre->n != (seq ? 2 : 1)) {
        irb_error(c, name, "'%s' takes %s in parentheses, got %d operands", info->name,
                  seq ? "an op handler and a chain" : "an op handler", pre->n);
        return NULL;
    }
    if (!want_type(c, pre->v[0], irb_named_type(c, "!corert.ophandler"))) return NULL;
    if (seq && !want_type(c, pre->v[1], irb_named_type(c, "!tfrt.chain"))) return NULL;
    const Type *th = irb_named_type(c, "!corert.tensorhandle");
    for (int i = 0; i < args->n; i++)
        if (!want_type(c, args->v[i], th)) return NULL;
    ExecHead *h = talloc(c, sizeof *h);
    if (!h) return NULL;
    h->name = *name;
    h->info = info;
    h->pre = pre;
    h->opname = *opname;
    h->args = args;
    return h;
}

/* The dictionary [v] (NamedAttr*, as written) as TFRT's array of
** [key, value] pairs, in order; a repeated key is an error. */
static const Attr *pairs_of(ParseCtx *c, Vec *v, const Token *at)
{
    int n = vlen(v);
    const Attr **el = alloc(c, (size_t)(n + 1) * sizeof *el);
    if (!el) return NULL;
    for (int i = 0; i < n; i++) {
        const NamedAttr *na = v->v[i];
        for (int j = 0; j < i; j++)
            if (!strcmp(((const NamedAttr *)v->v[j])->name, na->name)) {
                irb_error(c, at, "duplicate attribute '%s'", na->name);
                return NULL;
            }
        Attr *key = irb_new_attr(c, ATTR_STRING);
        Attr *pair = irb_new_attr(c, ATTR_ARRAY);
        const Attr **kv = alloc(c, 3 * sizeof *kv);
        if (!key || !pair || !kv) return NULL;
        key->u.str.s = na->name;
        key->u.str.len = strlen(na->name);
        kv[0] = key;
        kv[1] = na->value;
        pair->u.arr.elems = kv;
        pair->u.arr.n = 2;
        el[i] = pair;
    }
    Attr *a = irb_new_attr(c, ATTR_ARRAY);
    if (!a) return NULL;
    a->u.arr.elems = el;
    a->u.arr.n = n;
    return a;
}

/* The most results `: N` may ask for (far beyond any program). */
#define EXECUTEOP_MAX_RESULTS 65536

Op *irb_op_executeop(ParseCtx *c, ExecHead *h, Vec *attrs, Vec *fattrs, const Token *count)
{
    if (c->failed || !h) return NULL;
    CorertForm form = optable_corert_form(h->info);
    int nchains = form == CRF_EXECUTE_SEQ ? 1 : 0;
    if (fattrs && form == CRF_EXECUTE_SYNC) {
        irb_error(c, &h->name, "'%s' takes no function attributes", h->info->name);
        return NULL;
    }
    long long n = 0;
    if (count && count->kind) {
        char buf[32];
        size_t len = count->len < sizeof buf - 1 ? count->len : sizeof buf - 1;
        memcpy(buf, count->s, len);
        buf[len] = 0;
        errno = 0;
        char *end;
        n = strtoll(buf, &end, 10);
        if (errno || *end || n < 0 || n > EXECUTEOP_MAX_RESULTS) {
            irb_error(c, count, "the result count of '%s' must be between 0 and %d", h->info->name,
                      EXECUTEOP_MAX_RESULTS);
            return NULL;
        }
    }
    Vec *all = irb_vec(c, NULL);
    for (int i = 0; i < h->pre->n; i++) irb_push(c, all, h->pre->v[i]);
    for (int i = 0; i < h->args->n; i++) irb_push(c, all, h->args->v[i]);
    int nres = nchains + (int)n;
    const Type **rt = alloc(c, (size_t)(nres + 1) * sizeof *rt);
    if (c->failed || !rt) return NULL;
    const Type *th = irb_named_type(c, "!corert.tensorhandle");
    for (int i = 0; i < nres; i++) rt[i] = i < nchains ? irb_named_type(c, "!tfrt.chain") : th;
    Op *op = irb_new_op(c, &h->name, all, nres, rt);
    if (!op) return NULL;
    NamedAttr na[3];
    int k = 0;
    na[k].name = attr_op_attrs;
    na[k++].value = pairs_of(c, attrs, &h->name);
    if (form != CRF_EXECUTE_SYNC) {
        na[k].name = attr_op_func_attrs;
        na[k++].value = pairs_of(c, fattrs, &h->name);
    }
    na[k].name = attr_op_name;
    na[k++].value = irb_attr_string(c, &h->opname, NULL);
    if (c->failed) return NULL;
    irb_set_attrs(c, op, NULL, na, k, &h->name);
    return c->failed ? NULL : op;
}

Op *irb_op_corert_call(ParseCtx *c, const Token *name, OperandRef *cond, const Token *f1, const Token *f2,
                       Vec *operands, Vec *attrs, const Type *fn)
{
    if (c->failed || !operands || !fn) return NULL;
    const OpInfo *info = row_in(c, name, cond ? CRF_COND : CRF_WHILE, CRF_NONE, CRF_NONE);
    if (!info) return NULL;
    const Type *ch = irb_named_type(c, "!tfrt.chain");
    if (cond && !want_type(c, cond, irb_named_type(c, "!corert.tensorhandle"))) return NULL;
    if (operands->n < 1 || !((OperandRef *)operands->v[0])->v->type->is_chain) {
        irb_error(c, name, "'%s' takes a chain first in its argument list", info->name);
        return NULL;
    }
    if (fn->ninputs != operands->n - 1) {
        irb_error(c, name, "%d operands present, but expected %d", operands->n - 1, fn->ninputs);
        return NULL;
    }
    for (int i = 0; i < fn->ninputs; i++)
        if (!want_type(c, operands->v[i + 1], fn->inputs[i])) return NULL;
    Vec *all = cond ? irb_vec(c, cond) : irb_vec(c, NULL);
    for (int i = 0; i < operands->n; i++) irb_push(c, all, operands->v[i]);
    const Type **rt = alloc(c, (size_t)(fn->nresults + 2) * sizeof *rt);
    if (c->failed || !rt) return NULL;
    rt[0] = ch;
    for (int i = 0; i < fn->nresults; i++) rt[i + 1] = fn->results[i];
    Op *op = irb_new_op(c, name, all, fn->nresults + 1, rt);
    if (!op) return NULL;
    const Type **ot = (const Type **)op->operand_types;
    int first = cond ? 2 : 1;
    for (int i = 0; i < fn->ninputs; i++) ot[first + i] = fn->inputs[i];
    NamedAttr na[2] = {
        { cond ? attr_a_true_fn : attr_a_cond_fn, irb_attr_symbol(c, f1) },
        { cond ? attr_b_false_fn : attr_b_body_fn, irb_attr_symbol(c, f2) },
    };
    if (c->failed) return NULL;
    irb_set_attrs(c, op, attrs, na, 2, name);
    return c->failed ? NULL : op;
}

/* An op whose types are all in its signature: operands [ops], attribute
** [na] besides the written ones. */
static Op *by_signature(ParseCtx *c, const Token *name, const OpInfo *info, Vec *ops, NamedAttr *na, Vec *attrs)
{
    const IrSig *s = ir_op_sig(c->m, info);
    if (!s || s->in_variadic || s->out_variadic) {
        irb_error(c, name, "internal: bad signature for '%s'", info->name);
        return NULL;
    }
    if (vlen(ops) != s->nin) {
        irb_error(c, name, "%d operands present, but expected %d", vlen(ops), s->nin);
        return NULL;
    }
    for (int i = 0; i < s->nin; i++)
        if (!want_type(c, ops->v[i], s->in[i])) return NULL;
    Op *op = irb_new_op(c, name, ops, s->nout, s->out);
    if (!op) return NULL;
    irb_set_attrs(c, op, attrs, na, 1, name);
    return c->failed ? NULL : op;
}

Op *irb_op_corert_named(ParseCtx *c, const Token *name, OperandRef *x, const Token *str, Vec *attrs)
{
    if (c->failed) return NULL;
    const OpInfo *info = row_in(c, name, x ? CRF_NAMED_OPERAND : CRF_NAMED, CRF_NONE, CRF_NONE);
    if (!info) return NULL;
    NamedAttr na = { x ? attr_op_handler_name : attr_device_name, irb_attr_string(c, str, NULL) };
    if (c->failed) return NULL;
    return by_signature(c, name, info, x ? irb_vec(c, x) : irb_vec(c, NULL), &na, attrs);
}

Op *irb_op_corert_const(ParseCtx *c, const Token *name, const Attr *dense, Vec *attrs)
{
    if (c->failed || !dense) return NULL;
    const OpInfo *info = row_in(c, name, CRF_DENSE, CRF_NONE, CRF_NONE);
    if (!info) return NULL;
    NamedAttr na = { attr_value, dense };
    return by_signature(c, name, info, irb_vec(c, NULL), &na, attrs);
}
