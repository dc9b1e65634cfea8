/*
** verify_refs.c — the verifier's checks of what an op refers to: its
** attributes against the op table's rules (ops/attrs.def), the symbols
** it names, and the signatures of the functions it calls (see verify.h;
** the rest of the verifier is ir/verify.c, what both share ir/verify_int.h).
*/
#include "base/alloc.h"
#include "base/typename.h"
#include "ir/verify_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- attributes */

static const char *attr_kind_desc(AttrKind k)
{
    switch (k) {
    case ATTR_UNIT: return "unit attribute";
    case ATTR_BOOL: return "bool attribute";
    case ATTR_INT: return "integer attribute";
    case ATTR_FLOAT: return "float attribute";
    case ATTR_STRING: return "string attribute";
    case ATTR_ARRAY: return "array attribute";
    case ATTR_SYMBOL: return "flat symbol reference attribute";
    case ATTR_DENSE: return "elements attribute";
    case ATTR_TYPE: return "type attribute";
    case ATTR_DICT: return "dictionary attribute";
    case ATTR_OPAQUE: return "opaque attribute";
    }
    return "attribute";
}

/* ODS description of an attribute constraint for a type spelling. */
static void typed_attr_desc(const char *ty, char *buf, size_t cap)
{
    SigType s = { ty, (int)strlen(ty) };
    if (!strcmp(ty, "i1")) { snprintf(buf, cap, "bool attribute"); return; }
    vf_describe(&s, buf, cap);
    size_t n = strlen(buf);
    snprintf(buf + n, cap - n, " attribute");
}

/* Requires attribute [name] of kind [k] on [op]. Returns it, or NULL after
** an error. */
static const Attr *need_attr(V *v, const Op *op, const char *name, AttrKind k)
{
    const Attr *a = ir_op_attr(op, name);
    if (!a) {
        vf_op_error(v, op, "requires attribute '%s'", name);
        return NULL;
    }
    if (a->kind != k) {
        vf_op_error(v, op, "attribute '%s' failed to satisfy constraint: %s", name, attr_kind_desc(k));
        return NULL;
    }
    return a;
}

/* Requires a scalar attribute [name] holding a value of type [ty]
** (integer or float type spelling). */
static void need_typed(V *v, const Op *op, const char *name, const char *ty)
{
    const Attr *a = ir_op_attr(op, name);
    if (!a) {
        vf_op_error(v, op, "requires attribute '%s'", name);
        return;
    }
    bool is_float = ty[0] == 'f' || !strcmp(ty, "bf16");
    bool ok;
    if (!strcmp(ty, "i1"))
        ok = a->kind == ATTR_BOOL || (a->kind == ATTR_INT && a->type && !strcmp(tname(a->type), "i1"));
    else if (is_float)
        ok = a->kind == ATTR_FLOAT && a->type && !strcmp(tname(a->type), ty);
    else
        ok = a->kind == ATTR_INT && a->type && !strcmp(tname(a->type), ty);
    if (!ok) {
        char desc[64];
        typed_attr_desc(ty, desc, sizeof desc);
        vf_op_error(v, op, "attribute '%s' failed to satisfy constraint: %s", name, desc);
    }
}

/* An array attribute whose elements are all integers. */
static void need_int_array(V *v, const Op *op, const char *name)
{
    const Attr *a = need_attr(v, op, name, ATTR_ARRAY);
    if (!a) return;
    for (int i = 0; i < a->u.arr.n; i++)
        if (!a->u.arr.elems[i] || a->u.arr.elems[i]->kind != ATTR_INT) {
            vf_op_error(v, op, "attribute '%s' failed to satisfy constraint: 64-bit integer array attribute", name);
            return;
        }
}

/* Checks attribute rule [r] (ops/attrs.def) on [op]. AR_ONE_OF_INT
** counts the attributes of that group present in *[one_of]. */
static void check_attr(V *v, const Op *op, const OpAttr *r, int *one_of)
{
    const char *name = r->name;
    const Attr *a = ir_op_attr(op, name);
    if (!a && !r->required) return;
    switch (r->rule) {
    case AR_SYMBOL: need_attr(v, op, name, ATTR_SYMBOL); break;
    case AR_STRING: need_attr(v, op, name, ATTR_STRING); break;
    case AR_INT:    need_attr(v, op, name, ATTR_INT); break;
    case AR_ARRAY:  need_attr(v, op, name, ATTR_ARRAY); break;
    case AR_DENSE:  need_attr(v, op, name, ATTR_DENSE); break;
    case AR_TYPED:  need_typed(v, op, name, r->type); break;
    case AR_INT_ARRAY: need_int_array(v, op, name); break;
    case AR_SHAPE:
        /* Any length: TFRT's kernel makes the tensor's shape of the whole
        ** array whatever rank the op's name says, and its op definition
        ** (an I64ArrayAttr) checks no length; TFRT's MNIST example relies
        ** on it. */
        need_int_array(v, op, name);
        break;
    case AR_SYMBOL_ARRAY:
        a = need_attr(v, op, name, ATTR_ARRAY);
        for (int i = 0; a && i < a->u.arr.n; i++)
            if (!a->u.arr.elems[i] || a->u.arr.elems[i]->kind != ATTR_SYMBOL) {
                vf_op_error(v, op, "attribute '%s' failed to satisfy constraint: symbol ref array attribute", name);
                break;
            }
        break;
    case AR_DTYPE_SCALAR:
        if (!a) vf_op_error(v, op, "requires attribute '%s'", name);
        else if (a->kind != ATTR_INT && a->kind != ATTR_FLOAT && a->kind != ATTR_BOOL) {
            char desc[64];
            typed_attr_desc(optable_dtype_elem((DType)op->info->imm[0]), desc, sizeof desc);
            vf_op_error(v, op, "attribute '%s' failed to satisfy constraint: %s", name, desc);
        }
        break;
    case AR_COST:
        if (!a || a->kind != ATTR_INT) vf_op_error(v, op, "cost attribute not found");
        else if (a->u.i <= 0) vf_op_error(v, op, "cost value must be larger than 0");
        break;
    case AR_NAMED_PAIRS:
        /* TFRT's wording names one element: `op_attrs` -> "each op_attr". */
        a = need_attr(v, op, name, ATTR_ARRAY);
        for (int i = 0; a && i < a->u.arr.n; i++) {
            const Attr *p = a->u.arr.elems[i];
            if (!p || p->kind != ATTR_ARRAY || p->u.arr.n != 2 || !p->u.arr.elems[0] ||
                p->u.arr.elems[0]->kind != ATTR_STRING) {
                size_t len = strlen(name);
                if (len && name[len - 1] == 's') len--;
                vf_op_error(v, op, "each %.*s should be a key-value pair, where the key is a string", (int)len, name);
                break;
            }
        }
        break;
    case AR_TYPE: need_attr(v, op, name, ATTR_TYPE); break;
    case AR_ONE_OF_INT:
        ++*one_of;
        if (a->kind != ATTR_INT)
            vf_op_error(v, op, "attribute '%s' failed to satisfy constraint: 32-bit signless integer attribute", name);
        break;
    }
}

/* The attribute rules of the op's row (ops/attrs.def), in order; an
** op with AR_ONE_OF_INT rules needs at least one of those attributes.
** Returns false when the row has no rule (the caller then skips it next
** time: see check_attrs_cached). */
static bool check_attrs(V *v, const Op *op)
{
    int n, one_of = 0;
    const OpAttr *rules = optable_attrs(op->info, &n);
    for (int i = 0; i < n; i++) check_attr(v, op, &rules[i], &one_of);
    bool group = false;
    for (int i = 0; i < n; i++) group |= rules[i].rule == AR_ONE_OF_INT;
    if (group && !one_of) {
        char msg[256];
        size_t len = 0;
        int k = 0, count = 0;
        for (int i = 0; i < n; i++) count += rules[i].rule == AR_ONE_OF_INT;
        for (int i = 0; i < n && len < sizeof msg; i++) {
            if (rules[i].rule != AR_ONE_OF_INT) continue;
            const char *sep = k == 0 ? "" : k == count - 1 ? " or " : ", ";
            int w = snprintf(msg + len, sizeof msg - len, "%s'%s'", sep, rules[i].name);
            if (w > 0) len += (size_t)w;
            k++;
        }
        vf_op_error(v, op, "requires attribute %s", msg);
    }
    return n > 0;
}

/* The type of the one attribute rule of a row that has just that rule, a
** `value` of one type (the constants), or NULL. */
static const char *value_type_rule(const Op *op)
{
    int n;
    const OpAttr *rules = optable_attrs(op->info, &n);
    return n == 1 && rules[0].rule == AR_TYPED && rules[0].required && rules[0].name == attr_value ? rules[0].type : NULL;
}

/* check_attrs, remembering in [r] (may be NULL) whether any rule applies
** to the row (most ops have none). Which rules apply depends on the row
** alone. A row whose one rule is a `value` of one type (the constants)
** remembers the last attribute kind and type it accepted. */
void vf_check_attrs_cached(V *v, const Op *op, Row *r)
{
    if (!r) { check_attrs(v, op); return; }
    if (r->attr_rule == ATTR_RULE_NONE) return;
    if (r->value_ty) {
        const Attr *a = ir_op_attr(op, attr_value);
        if (a && a->type && a->type == r->value_ok && a->kind == r->value_kind) return;
        int errors = v->errors;
        need_typed(v, op, attr_value, r->value_ty);
        if (a && a->type && v->errors == errors) { r->value_ok = a->type; r->value_kind = a->kind; }
        return;
    }
    if (r->attr_rule == ATTR_RULE_UNKNOWN) r->value_ty = value_type_rule(op);
    r->attr_rule = check_attrs(v, op) ? ATTR_RULE_SOME : ATTR_RULE_NONE;
    r->fast = r->plain && r->attr_rule == ATTR_RULE_NONE;
}

/* ---------------------------------------------------------------- functions & symbols */

/* The function named [name], or NULL. A linear scan would make a module of
** many calls quadratic; ir_module_func is the module's own lookup. */
const Func *vf_lookup(V *v, const char *name)
{
    return name ? ir_module_func(v->m, name) : NULL;
}

/* The symbol an op at module level defines: its `sym_name` string, as
** MLIR's symbol table takes it from any op (docs/syntax.md); NULL if none. */
const char *vf_op_symbol(const Op *op)
{
    const Attr *a = ir_op_attr(op, "sym_name");
    return a && a->kind == ATTR_STRING && a->u.str.s && strlen(a->u.str.s) == a->u.str.len ? a->u.str.s : NULL;
}

/* The op at module level that defines symbol [name], or NULL. */
static const Op *top_symbol(V *v, const char *name)
{
    const Block *b = v->m->top;
    for (int i = 0; b && i < b->nops; i++) {
        const char *s = vf_op_symbol(b->ops[i]);
        if (s && !strcmp(s, name)) return b->ops[i];
    }
    return NULL;
}

void vf_callee_note(V *v, const Func *f)
{
    vf_at_func(v, DIAG_NOTE, f, "callee @%s defined here", f->name);
}

/* Checks a call of [f] from [op] with operands [first..] and results
** [res_types] ([nres]). [who] names the callee in messages of ops other
** than tfrt.call ("" for tfrt.call, which uses TFRT's exact wording). */
static void check_call_types(V *v, const Op *op, const Func *f, int first,
                             const Type *const *res, int nres, bool ret_extra_i1)
{
    char who[300] = "";
    if (op_id(op) != OPID_tfrt_call && op_id(op) != OPID_func_call) snprintf(who, sizeof who, " @%s", f->name);
    int nops = op->noperands - first;
    bool bad = false;
    if (nops != f->nargs) {
        vf_op_error(v, op, "incorrect number of operands for callee%s", who);
        bad = true;
    } else {
        for (int i = 0; i < nops; i++) {
            const Value *a = op->operands[first + i];
            if (a && a->type != f->arg_types[i] &&
                !type_eq(a->type, f->arg_types[i])) {
                vf_op_error(v, op, "operand type mismatch%s: operand #%d is '%s', callee expects '%s'",
                         who, first + i, tname(a->type), tname(f->arg_types[i]));
                bad = true;
            }
        }
    }
    int want = f->nresults - (ret_extra_i1 ? 1 : 0);
    if (ret_extra_i1 && (f->nresults < 1 || strcmp(tname(f->result_types[f->nresults - 1]), "i1"))) {
        vf_op_error(v, op, "result type mismatch%s: the body must return the loop values and a final i1", who);
        bad = true;
    } else if (want != nres) {
        vf_op_error(v, op, "incorrect number of results for callee%s", who);
        bad = true;
    } else {
        for (int i = 0; i < nres; i++)
            if (!type_eq(res[i], f->result_types[i])) {
                vf_op_error(v, op, "result type mismatch%s: result #%d is '%s', callee returns '%s'",
                         who, i, tname(res[i]), tname(f->result_types[i]));
                bad = true;
            }
    }
    if (bad) vf_callee_note(v, f);
}

/* The symbol name of attribute [name] of [op], or NULL. */
const char *vf_sym_attr(const Op *op, const char *name)
{
    const Attr *a = ir_op_attr(op, name);
    return a && a->kind == ATTR_SYMBOL ? a->u.str.s : NULL;
}

/* Reports every symbol reference of [a] (recursively) to a function that
** does not exist, with the converter's wording. [skip] is a name already
** reported by an op-specific check. */
void vf_check_symbols(V *v, const Op *op, const Attr *a, const char *skip, int depth)
{
    if (!a || depth > 64) return;
    if (a->kind == ATTR_SYMBOL) {
        const char *s = a->u.str.s;
        /* A symbol of an op at module level is defined for `opt`; TFRT's
        ** converter knows only functions. */
        if (s && !vf_lookup(v, s) && !(skip && !strcmp(s, skip)) && (v->o.for_execution || !top_symbol(v, s)))
            vf_at_op(v, DIAG_ERROR, op, "function @%s not defined", s);
    } else if (a->kind == ATTR_ARRAY) {
        for (int i = 0; i < a->u.arr.n; i++) vf_check_symbols(v, op, a->u.arr.elems[i], skip, depth + 1);
    } else if (a->kind == ATTR_DICT) {
        for (int i = 0; i < a->u.dict.n; i++)
            vf_check_symbols(v, op, a->u.dict.attrs[i].value, skip, depth + 1);
    }
}

const Type *const *vf_result_types(const Op *op, const Type **buf, int cap)
{
    int n = op->nresults < cap ? op->nresults : cap;
    for (int i = 0; i < n; i++) buf[i] = op->results[i] ? op->results[i]->type : NULL;
    return buf;
}

/* The checks of call-like ops against their callees. */
static void check_callees_with(V *v, const Op *op, const Type *const *res, int nres);
void vf_check_callees(V *v, const Op *op)
{
    if (!vf_is_call_like(op->info->family)) return;
    const Type *small[64];
    const Type **rbuf = op->nresults <= 64 ? small : malloc(sizeof *rbuf * (size_t)op->nresults);
    if (!rbuf) tf_out_of_memory();
    int nres = op->nresults;
    const Type *const *res = vf_result_types(op, rbuf, nres);
    check_callees_with(v, op, res, nres);
    if (rbuf != small) free(rbuf);
}

/* Is [t] spelled [s]? */
static bool spelled(const Type *t, const char *s) { return t && !strcmp(tname(t), s); }

/* corert.cond %c @t @f (%ch, %a) and corert.while @c @b (%ch, %a): the
** chain comes first in and out; both branches (the body) take the
** operands after the condition and give the results; the condition
** function of a while gives (!tfrt.chain, !corert.tensorhandle). */
static void check_corert_calls(V *v, const Op *op, const Type *const *res, int nres)
{
    bool cond = op_id(op) == OPID_corert_cond;
    int first = cond ? 1 : 0;
    if (cond && (op->noperands < 1 || !spelled(op->operands[0]->type, "!corert.tensorhandle"))) {
        vf_op_error(v, op, "operand #0 must be !corert.tensorhandle");
        return;
    }
    if (op->noperands <= first || !op->operands[first]->type->is_chain || nres < 1 || !res[0] || !res[0]->is_chain) {
        vf_op_error(v, op, "takes a chain first and gives one first");
        return;
    }
    const char *k1 = cond ? attr_a_true_fn : attr_a_cond_fn, *k2 = cond ? attr_b_false_fn : attr_b_body_fn;
    const Func *f1 = vf_lookup(v, vf_sym_attr(op, k1)), *f2 = vf_lookup(v, vf_sym_attr(op, k2));
    if (cond) {
        if (f1) check_call_types(v, op, f1, 1, res, nres, false);
        if (f2 && f2 != f1) check_call_types(v, op, f2, 1, res, nres, false);
        return;
    }
    if (f2) check_call_types(v, op, f2, 0, res, nres, false);
    if (f1) {
        bool bad = f1->nargs != op->noperands;
        for (int i = 0; !bad && i < f1->nargs; i++) bad = !type_eq(op->operands[i]->type, f1->arg_types[i]);
        if (bad) vf_op_error(v, op, "incorrect operands for the condition function @%s", f1->name);
        else if (f1->nresults != 2 || !f1->result_types[0]->is_chain ||
                 !spelled(f1->result_types[1], "!corert.tensorhandle")) {
            vf_op_error(v, op, "the condition function @%s must return (!tfrt.chain, !corert.tensorhandle)", f1->name);
            bad = true;
        }
        if (bad) vf_callee_note(v, f1);
    }
}

static void check_callees_with(V *v, const Op *op, const Type *const *res, int nres)
{
    OpId id = op_id(op);
    if (id == OPID_tfrt_call || id == OPID_func_call) {
        const char *c = op->callee ? op->callee : vf_sym_attr(op, attr_callee);
        const Func *f = vf_lookup(v, c);
        if (!f && c) vf_op_error(v, op, "'%s' does not reference a valid function", c);
        else if (f) check_call_types(v, op, f, 0, res, nres, false);
        return;
    }
    if (id == OPID_tfrt_cond) {
        static const char *const keys[] = { attr_a_true_fn, attr_b_false_fn };
        for (int i = 0; i < 2; i++) {
            const Func *f = vf_lookup(v, vf_sym_attr(op, keys[i]));
            if (f && !(i == 1 && f == vf_lookup(v, vf_sym_attr(op, keys[0]))))   /* once per callee */
                check_call_types(v, op, f, 1, res, nres, false);
        }
    } else if (id == OPID_tfrt_case) {
        const Attr *a = ir_op_attr(op, attr_branches);
        for (int i = 0; a && a->kind == ATTR_ARRAY && i < a->u.arr.n; i++) {
            const Attr *e = a->u.arr.elems[i];
            const Func *f = e && e->kind == ATTR_SYMBOL ? vf_lookup(v, e->u.str.s) : NULL;
            bool seen = false;
            for (int j = 0; f && j < i && !seen; j++) {
                const Attr *o = a->u.arr.elems[j];
                seen = o && o->kind == ATTR_SYMBOL && vf_lookup(v, o->u.str.s) == f;
            }
            if (f && !seen) check_call_types(v, op, f, 1, res, nres, false);
        }
    } else if (id == OPID_tfrt_while) {
        const Func *f = vf_lookup(v, vf_sym_attr(op, attr_body_fn));
        if (f) check_call_types(v, op, f, 1, res, nres, true);
    } else if (id == OPID_corert_cond || id == OPID_corert_while) {
        check_corert_calls(v, op, res, nres);
    } else if (id == OPID_tfrt_once) {
        const Func *f = vf_lookup(v, vf_sym_attr(op, attr_function));
        if (f) check_call_types(v, op, f, 0, res, nres, false);
    } else if (id == OPID_rv_critical) {
        const Func *f = vf_lookup(v, op->callee ? op->callee : vf_sym_attr(op, attr_callee));
        if (f) check_call_types(v, op, f, 1, res, nres, false);
    } else if (id == OPID_tfrt_parallel_call_i32) {
        /* The callee takes (block_start, block_end, args...); its results
        ** are checked at run time (docs/kernel-behaviour.md §4). */
        const Func *f = vf_lookup(v, op->callee ? op->callee : vf_sym_attr(op, attr_callee));
        if (f && op->noperands >= 3) {
            bool bad = f->nargs != op->noperands - 1;
            for (int i = 0; !bad && i < f->nargs; i++) {
                const Value *a = op->operands[i < 2 ? i : i + 1];
                bad = a && !type_eq(a->type, f->arg_types[i]);
            }
            if (bad) {
                vf_op_error(v, op, "incorrect operands for callee @%s: expected (i32, i32, extra operands...)", f->name);
                vf_callee_note(v, f);
            }
        }
    } else if (id == OPID_tfrt_test_sync_benchmark) {
        const Func *f = vf_lookup(v, op->callee ? op->callee : vf_sym_attr(op, attr_callee));
        if (f && f->nargs != op->noperands) {
            vf_op_error(v, op, "incorrect number of operands for callee @%s", f->name);
            vf_callee_note(v, f);
        }
    }
}

/* Does [a] (recursively) hold the symbol [s]? */
bool vf_attr_has_symbol(const Attr *a, const char *s, int depth)
{
    if (!a || depth > 64) return false;
    if (a->kind == ATTR_SYMBOL) return a->u.str.s && !strcmp(a->u.str.s, s);
    if (a->kind == ATTR_ARRAY)
        for (int i = 0; i < a->u.arr.n; i++)
            if (vf_attr_has_symbol(a->u.arr.elems[i], s, depth + 1)) return true;
    return false;
}
