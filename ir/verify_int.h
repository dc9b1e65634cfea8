/*
** verify_int.h — what the verifier's two files share (ir/verify.c: blocks,
** ops, signatures, names, the entry points; ir/verify_refs.c: attribute
** rules, symbols and callees): one verify run's context and its reports.
**
** Module prefix: vf_ (private to ir/verify*.c).
*/
#ifndef TFRUN_VERIFY_INT_H
#define TFRUN_VERIFY_INT_H

#include <stdbool.h>
#include <stddef.h>
#include "ir/verify.h"
#include "ops/optable.h"

/* ---------------------------------------------------------------- context */

enum { MAX_SIG = IR_MAX_SIG, MAX_DEPTH = IR_MAX_NESTING };

typedef IrSigType SigType;
typedef IrSigText Sig;

/* What one verify run knows of one op-table row, worked out when an op of
** the row is first seen (most modules use few rows). */
typedef struct Row {
    Sig sig;                       /* the parsed signature */
    bool sig_has_chain;            /* a "!tfrt.chain" among the inputs */
    bool callee_checks;            /* call-like family: check_callees applies */
    /* Only the signature applies, and it has a fixed arity: no callee, no
    ** region rules, not tfrt.return (attribute rules: attr_rule). */
    bool plain;
    unsigned char attr_rule;       /* ATTR_RULE_*: does check_attrs apply? */
    bool fast;                     /* plain and no attribute rule: plain_op_ok */
    const char *value_ty;          /* constants: value_type_rule */
    const Type *value_ok;          /* ... and the last `value` type accepted */
    AttrKind value_kind;
    /* The last type accepted at each signature position (types are
    ** interned, so a pointer compare settles the common case). */
    const Type *in_ok[MAX_SIG], *out_ok[MAX_SIG];
} Row;

enum { ATTR_RULE_UNKNOWN, ATTR_RULE_NONE, ATTR_RULE_SOME };

typedef struct V {
    const Module *m;
    DiagSink *d;
    VerifyOptions o;
    int errors;
    const OpInfo *tab; size_t ntab;
    Row **rows;                    /* one per op-table row, NULL until used */
    const OpInfo *last_info; Row *last_row;   /* row_of's last answer */
    bool have_dialects;            /* dialects collected (on the first unknown op) */
    char **dialects; int ndialects;
    /* Signature entries (their text) known to accept a type: a small
    ** direct-mapped cache, as a block checks the same few pairs again. */
    struct { const char *sig; const Type *t; } hits[64];
} V;

/* ---------------------------------------------------------------- reports */

/* An error about [op]: "'NAME' op MESSAGE". */
void vf_op_error(V *v, const Op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A diagnostic of kind [k] at [op] without the op prefix. */
void vf_at_op(V *v, DiagKind k, const Op *op, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A diagnostic of kind [k] at function [f]. */
void vf_at_func(V *v, DiagKind k, const Func *f, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static inline const char *tname(const Type *t) { return t && t->spelling ? t->spelling : "<null>"; }
/* The op-table id of [op]; OPID__COUNT for an op not in the table. */
static inline OpId op_id(const Op *op) { return op->info ? op->info->id : OPID__COUNT; }

/* Type equality; `!t.tensor` and `!tfrt_tensor.tensor` are one type. */
static inline bool type_eq(const Type *a, const Type *b)
{
    return a == b || ir_type_same(a, b);
}

/* ODS-style description of a signature type ("32-bit signless integer"). */
void vf_describe(const SigType *s, char *buf, size_t cap);
/* Ops whose callees vf_check_callees checks. */
bool vf_is_call_like(SyntaxFamily f);

/* ---------------------------------------------------------------- verify_refs.c */

/* The attribute rules of [op]'s row (ops/attrs.def), once per row
** where they cannot differ. */
void vf_check_attrs_cached(V *v, const Op *op, Row *r);
/* The function named [name] (interned), or NULL. */
const Func *vf_lookup(V *v, const char *name);
/* The symbol [op] defines (its sym_name), or NULL. */
const char *vf_op_symbol(const Op *op);
/* "callee defined here" at [f]. */
void vf_callee_note(V *v, const Func *f);
/* The symbol named by [op]'s attribute [name], or NULL. */
const char *vf_sym_attr(const Op *op, const char *name);
/* Every symbol reference in attribute [a] of [op] names something (except
** [skip]). */
void vf_check_symbols(V *v, const Op *op, const Attr *a, const char *skip, int depth);
/* [op]'s result types in [buf] (at most [cap]). */
const Type *const *vf_result_types(const Op *op, const Type **buf, int cap);
/* The callees of a call-like op: they exist, and their signatures fit. */
void vf_check_callees(V *v, const Op *op);
/* True when attribute [a] refers to symbol [s] anywhere inside. */
bool vf_attr_has_symbol(const Attr *a, const char *s, int depth);

#endif
