/*
** module.h — the IR core every stage may use on any Module: creating one,
** interning names and types (ir/types.c), function types, the op-signature
** reader (ir/sig.c), and the function index and op queries (ir/module.c).
** The parser's builders (parser/build.h) construct the rest.
**
** Ownership: everything lives in the module's arena and dies with
** ir_module_free(). Threads: every function here that takes a non-const
** Module may write its tables (interning, ir_op_sig's cache, the function
** index), so one thread at a time; the const queries only read.
**
** Module prefix: ir_.
*/
#ifndef TFRUN_IR_MODULE_H
#define TFRUN_IR_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include "ir/ir.h"

/* A new empty module named [filename] owning a copy of [text] (NUL added). */
Module *ir_module_new(const char *filename, const char *text, size_t len);
/* The same without the copy: the module borrows [text], which must end with
** a NUL at [len] and stay alive and unchanged until ir_module_free(). */
Module *ir_module_new_borrowed(const char *filename, const char *text, size_t len);
/* The interned copy of [n] bytes of [s] (equal strings, same pointer). */
const char *ir_name(Module *m, const char *s, size_t n);
/* The interned type written [s] ([n] bytes, MLIR spelling: "i32",
** "!tfrt.chain", "complex<f32>", "tensor<2x?xi32>", "none"), or NULL if it is
** not a type. `!t.tensor` and `!tfrt_tensor.tensor` stay distinct types;
** ir_type_same() treats them as equal. */
const Type *ir_type_get(Module *m, const char *s, size_t n);
bool ir_type_same(const Type *a, const Type *b);
/* A value of type [v] may be written where type [w] is declared: equal,
** or [w] is !tfrt.any (docs/kernel-behaviour.md §11). */
bool ir_type_accepts(const Type *w, const Type *v);
/* Rebuilds the name index behind ir_module_func after m->funcs changed
** (the parser calls it; anyone editing m->funcs by hand must too, or the
** index goes stale). Not thread-safe: call before sharing the module. */
void ir_index_funcs(Module *m);
/* Is [f] one of [m]'s functions now (passes and the REPL remove some)? */
bool ir_module_has_func(const Module *m, const Func *f);
/* Calls [fn] for each item of [m]'s top level in source order: every
** function of m->funcs and every op of m->top (docs/syntax.md), each once
** (functions added after the parse come last). Exactly one of [f] and
** [op] is set. */
void ir_module_walk_top(const Module *m, void (*fn)(void *ud, const Func *f, const Op *op), void *ud);
/* A function type (interned). */
const Type *ir_type_func(Module *m, const Type *const *in, int nin, const Type *const *out, int nout);

/* ---- op signatures (ops/ops.def's mini-language) ---------------------
**     sig   ::= '(' list? ')' '->' ( '(' list? ')' | entry )
**     list  ::= entry (',' entry)*
**     entry ::= TYPE | 'any' , optionally followed by '...' (last entry only)
** One reader (ir/sig.c) for the verifier, which wants the spellings, and
** for the parser, which wants the types. */

/* The most entries one side of a signature may have. */
enum { IR_MAX_SIG = 32 };
typedef struct IrSigType { const char *p; int len; } IrSigType;
/* A signature split into its entries' spellings (slices of the text). */
typedef struct IrSigText {
    bool parsed, unchecked;        /* unchecked: "" or a malformed signature */
    int nin, nout;
    bool in_var, out_var;          /* last entry is `T...` */
    IrSigType in[IR_MAX_SIG], out[IR_MAX_SIG];
} IrSigText;
/* Splits [sig] into [out]; false when unchecked. */
bool ir_sig_split(const char *sig, IrSigText *out);

/* An op signature read into types of [m]. `any` is a NULL entry; a
** trailing `T...` sets *_variadic and keeps T as the last entry. */
typedef struct IrSig {
    const Type *const *in;  int nin;  bool in_variadic;
    const Type *const *out; int nout; bool out_variadic;
} IrSig;
/* Reads [sig]. Returns false for "" (unchecked), a malformed signature,
** or an entry that is not a type. */
bool ir_signature(Module *m, const char *sig, IrSig *out);
/* The signature of op-table row [info], read once per module (NULL: none,
** malformed, or out of memory). */
const IrSig *ir_op_sig(Module *m, const struct OpInfo *info);

/* ---- ops ------------------------------------------------------------------ */

/* Is [op] a return (`tfrt.return`, the terminator of every block)? Decided
** by the op table's id; an op not in the table is not a return. */
bool ir_op_is_return(const Op *op);

/* Is [op] non-strict (docs/execution.md §4): ready once its first operand
** is, by its row's OPF_NONSTRICT flag or by the unit attribute
** `bef.nonstrict` on any op? */
bool ir_op_nonstrict(const Op *op);

/* Is [op] isolated from above: may its regions use only their own values
** (docs/language.md §2.7)? Every op of the op table is (TFRT's region ops
** bind what they need as block arguments), and so are MLIR's func.func and
** builtin.module. An op tfrun does not know is not: as in MLIR, its
** regions see the values of the regions around them, up to the nearest
** isolated op or function body (docs/syntax.md "Regions of unknown ops"). */
bool ir_op_isolated(const Op *op);

#endif
