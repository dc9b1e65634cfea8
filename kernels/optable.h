/*
** optable.h — the single list of ops (DESIGN.md: "kernels/ is the only place
** that knows individual ops").
**
** Every op tfrun knows is one row of kernels/ops.def:
**
**     OP(ident, "op.name", FAMILY, "signature", FLAGS, EFFECTS)
**
** - FAMILY is the op's custom-syntax family (SyntaxFamily below). The lexer
**   turns a bare dotted identifier in op position into the family's token,
**   so lemon has one production per family. Ops written only in generic
**   form use SYN_GENERIC.
** - "signature" is the type signature the verifier checks, in MLIR function
**   type text, e.g. "(i32, i32) -> i32", "(!tfrt.chain) -> !tfrt.chain".
**   `...` after a type means "any number of this type" ("(i32...) -> i32"),
**   `any` matches every type, "" means unchecked. See ops.def's header.
** - The kernel is the C function `k_<ident>` with the KernelFn signature of
**   kernels/kernel.h. optable.c declares every `k_<ident>` weak, so a row
**   whose kernel is not written yet has fn == NULL (the executor reports it
**   as an unknown kernel) and the build still links.
**
** Adding a kernel: one OP row in ops.def, one function k_<ident> in the
** family file under kernels/. Nothing else.
**
** Module prefix: optable_.
*/
#ifndef TFRUN_OPTABLE_H
#define TFRUN_OPTABLE_H

#include <stddef.h>
#include <stdbool.h>

struct KernelFrame;
typedef void (*KernelFn)(struct KernelFrame *f);

/* Custom-syntax families (spec/dialect.md §3.8). ORDER SYNFAM: the grammar's
** family tokens follow this order. */
typedef enum SyntaxFamily {
    SYN_GENERIC = 0,   /* "op.name"(...) form only */
    SYN_NULLARY,       /* tfrt.new.chain ATTRS */
    SYN_CONSTANT,      /* tfrt.constant.i32 42 ATTRS */
    SYN_CONSTANT_COMPLEX, /* tfrt.constant.complex64 1.0, 2.0 */
    SYN_OPERANDS,      /* op %a, %b ATTRS                  (types from the signature) */
    SYN_OPERANDS_TYPED,/* op %a, %b ATTRS : Ta, Tb         (tfrt.merge.chains, test_cost) */
    SYN_CALL,          /* tfrt.call @f(%a) ATTRS : (Ta) -> Tr */
    SYN_IF,            /* tfrt.if %c, %a [attributes {..}] : (Ta) -> (Tr) { } [else { }] */
    SYN_COND,          /* tfrt.cond %c @t @f (%a) ATTRS : (Ta) -> (Tr) */
    SYN_CASE,          /* tfrt.case %i [@b0, @b1] (%a) ATTRS : (Ta) -> (Tr) */
    SYN_WHILE,         /* tfrt.while %c @body(%a) ATTRS parallel_iterations(N) : (Ta) -> (Ta) */
    SYN_ONCE,          /* tfrt.once @f(%a) ATTRS : (Ta) -> (Tr) */
    SYN_REPEAT,        /* tfrt.repeat.i32 %n, %a [attributes {..}] : Ta { } */
    SYN_PARALLEL_FOR,  /* tfrt.parallel_for.i32 %s to %e fixed %bs, %a : Ta { } */
    SYN_PARALLEL_CALL, /* tfrt.parallel_call.i32 %s to %e fixed %bs @f(%a) : Ta */
    SYN_RETURN,        /* tfrt.return [%a : Ta] */
    SYN_DO_ASYNC,      /* tfrt_test.do.async %a : (Ta) -> (Tr) { } */
    SYN_BENCHMARK,     /* tfrt_test.benchmark "n"(%a : Ta) k = v, ... { } */
    SYN_SYNC_BENCHMARK,/* tfrt_test.sync_benchmark @f(%a : Ta) k = v */
    SYN_SHAPE_ATTR,    /* ts.build_shape [1 : i64, 2 : i64]; create_uninitialized_tensor */
    SYN_OPERANDS_VALUE,/* tfrt_dht.fill_tensor_with_constant.i32 %t, %ch 0 : i32 */
    SYN_OPERANDS_ARRAY,/* tfrt_dht.set_tensor_with_constant_values.i32 %t, %ch [1 : i32] */
    SYN_CRITICAL,      /* rv.critical %cs @f(%a) : (Ta) -> (Tr) */
    SYN__COUNT
} SyntaxFamily;

enum {
    OPF_NONSTRICT    = 1u << 0,  /* tfrun.md §1.1: call, if, cond, case, repeat.i32 */
    OPF_SYNC_KERNEL  = 1u << 1,  /* usable inside tfrt.sync functions (spec §10.1) */
    OPF_ASYNC_KERNEL = 1u << 2,  /* usable in ordinary functions (most ops) */
    OPF_TERMINATOR   = 1u << 3,  /* tfrt.return */
    OPF_HAS_REGIONS  = 1u << 4,  /* if, repeat, parallel_for, do.async, benchmark */
    OPF_TRAILING_CHAIN = 1u << 5,/* accepts one extra ignored !tfrt.chain operand (spec §9) */
    OPF_NO_KERNEL    = 1u << 6   /* parses and verifies, but has no kernel (sync_benchmark) */
};

/* Effect facts, the EFFECTS column (spec/tfrun.md §9). */
enum {
    FX_DEFER   = 1u << 0   /* a result may be unavailable on return, or the kernel
                              runs other work: never called from compiled code */
};

/* Every op has an id, OPID_<ident>, in ops.def order (ORDER OPNAME), so code
** that must single out an op switches on info->id instead of comparing names. */
typedef enum OpId {
#define OP(id, ...) OPID_##id,
#include "kernels/ops.def"
#undef OP
    OPID__COUNT
} OpId;

typedef struct OpInfo {
    const char *name;
    SyntaxFamily family;
    const char *signature;
    unsigned flags;
    unsigned effects;          /* FX_* */
    OpId id;
    KernelFn fn;               /* NULL: not implemented */
} OpInfo;

/* The row for [name] (exactly [len] bytes), or NULL for an unknown op. */
const OpInfo *optable_lookup(const char *name, size_t len);
/* Every row, for completion in the REPL and for tests; *n receives the count. */
const OpInfo *optable_all(size_t *n);

#endif
