/*
** optable.h — the single list of ops: what every op is, for every layer
** above (docs/internals.md: the op table has its own floor, below ir/;
** kernels/ only implements and registers).
**
** Every op tfrun knows is one row of ops/ops.def:
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
** - EFFECTS are the FX_* facts below, for the sequencing analysis and the
**   fast engine; ops/effects.def holds the facts that are not per row
**   (which types are mutable, why a row is opaque).
** - The kernel is the C function `k_<ident>` with the KernelFn signature of
**   kernels/kernel.h. This layer knows no kernel: kernels/registry.c binds
**   every row to its function at start-up (optable_bind_kernels), and a row
**   whose kernel is not linked in keeps fn == NULL (the executor reports it
**   as an unknown kernel). A program that links no kernels (the front end's
**   tests) sees every fn NULL.
**
** - An OPI row (ops.def's header) names its kernel instead: another row's,
**   or a generic kernel shared by rows that differ only in what their name
**   fixes (a dtype, a rank, a tolerance), given as the row's immediates
**   (OpInfo.imm). So `tfrt_dht.create_uninitialized_tensor.f32.2` is data,
**   not a C function.
**
** Adding a kernel: one OP row in ops.def, one function k_<ident> in the
** family file under kernels/ (or one OPI row naming an existing kernel);
** README.md's "Adding a kernel" says what else a row may need.
**
** Depends on nothing but the C library; every other layer may include it.
**
** Module prefix: optable_.
*/
#ifndef TFRUN_OPTABLE_H
#define TFRUN_OPTABLE_H

#include <stddef.h>
#include <stdbool.h>

struct KernelFrame;
typedef void (*KernelFn)(struct KernelFrame *f);

/* Custom-syntax families (docs/language.md §2.8), one per row of
** ops/families.def, in its order: SYN_GENERIC (the "op.name"(...) form
** only) is 0. */
typedef enum SyntaxFamily {
#define FAMILY(name, syntax) SYN_##name,
#include "ops/families.def"
#undef FAMILY
    SYN__COUNT
} SyntaxFamily;

/* The custom form of family [f] with NAME for the op's name
** (ops/families.def); "" for an out-of-range [f]. */
const char *optable_family_syntax(SyntaxFamily f);

/* The form of a SYN_CORERT row: which of CoreRT's custom syntaxes it
** takes (docs/language.md §2.8), for the parser, the printer and :help. */
typedef enum CorertForm {
    CRF_NONE = 0,       /* not a SYN_CORERT row */
    CRF_EXECUTE,        /* NAME(%h) "op"(%a, ...) {attrs} {fn attrs} : N */
    CRF_EXECUTE_SEQ,    /* NAME(%h, %ch) "op"(%a, ...) {attrs} {fn attrs} : N */
    CRF_EXECUTE_SYNC,   /* NAME(%h) "op"(%a, ...) {attrs} : N (no function attributes) */
    CRF_COND,           /* NAME %c @t @f (%ch, %a, ...) {attrs} : (Ta, ...) -> (Tr, ...) */
    CRF_WHILE,          /* NAME @cond @body (%ch, %a, ...) {attrs} : (Ta, ...) -> (Tr, ...) */
    CRF_NAMED_OPERAND,  /* NAME %x "name" {attrs}: attribute op_handler_name */
    CRF_NAMED,          /* NAME "name" {attrs}: attribute device_name */
    CRF_DENSE           /* NAME dense<...> : T {attrs}: attribute value */
} CorertForm;

enum {
    OPF_NONSTRICT    = 1u << 0,  /* docs/execution.md §4: call, if, cond, case, repeat.i32 */
    OPF_SYNC_KERNEL  = 1u << 1,  /* usable inside tfrt.sync functions (docs/kernel-behaviour.md §9) */
    OPF_ASYNC_KERNEL = 1u << 2,  /* usable in ordinary functions (most ops) */
    OPF_TERMINATOR   = 1u << 3,  /* tfrt.return */
    OPF_HAS_REGIONS  = 1u << 4,  /* if, repeat, parallel_for, do.async, benchmark */
    OPF_TRAILING_CHAIN = 1u << 5,/* accepts one extra ignored !tfrt.chain operand (docs/kernel-behaviour.md §1) */
    OPF_NO_KERNEL    = 1u << 6   /* parses and verifies, but has no kernel (sync_benchmark) */
};

/* Effect facts, the EFFECTS column (docs/execution.md §8, docs/analysis.md):
** what the sequencing analysis (analysis/seq.h) and the fast engine need to
** know about a kernel beyond its types. Each fact says what the kernel CAN
** do, on some input; a kernel that reads its operands reads every operand
** whose type at the use is mutable (ops/effects.def) unless FX_NOREAD.
** Facts about operand [i] take i < FX_MAXOP (FX_W, FX_A) or i < 4
** (FX_S, FX_NZ). */
enum {
    FX_DEFER    = 1u << 0, /* a result may be unavailable on return, or the kernel
                              runs other work: never called from compiled code */
    FX_OUT      = 1u << 1, /* writes the program's output: prints, TFRT_LOG lines,
                              benchmark reports, "Slept for" lines */
    FX_NEW      = 1u << 2, /* its mutable results are newly allocated objects */
    FX_FAIL     = 1u << 3, /* may report a runtime-error diagnostic (kf_error,
                              exec_report_error) on some input of a verified
                              program. Not counted: the checks that an operand
                              holds its declared type, which only a value passed
                              on under another type can fail (the analysis
                              treats such a retyping as opaque) */
    FX_OPAQUE   = 1u << 4, /* has effects the analysis does not model (the reason
                              is in ops/effects.def) */
    FX_NOREAD   = 1u << 5, /* looks at no operand's mutable contents: passes
                              objects on (control flow, merge.chains, identity)
                              or reads only immutable parts (a tensor's shape) */
    FX_ALLOC    = 1u << 6, /* allocates through the host allocator, whose
                              test_fixed_size_1k and profiled kinds report what
                              they allocate and free */
    FX_SYNCCALL = 1u << 7  /* runs the tfrt.sync function its symbol attribute
                              names, to completion, before it returns */
};
#define FX_MAXOP 6
/* Writes (mutates) the object held by operand [i]. */
#define FX_W(i)  (1u << (8 + (i)))
/* Its results may be (or share storage with) the object of operand [i]:
** result k goes with operand i + k, or the last operand (get_buffer,
** make_tensor, list.get elements, tfrt.alias.value, tfrt_test.identity). */
#define FX_A(i)  (1u << (14 + (i)))
/* Stores operand [i] into the object it writes (FX_W): from then on
** reading that object reads operand [i]'s object too (list.append). */
#define FX_S(i)  (1u << (20 + (i)))
/* FX_FAIL only when operand [i] is zero (tfrt.div.*). */
#define FX_NZ(i) (1u << (24 + (i)))
/* FX_FAIL only when its allocation is refused: by test_fixed_size_1k (out
** of room), or because the sizes in its attributes are negative or over
** tfrun's 4 GiB limit (create_uninitialized_tensor). */
#define FX_OOM   (1u << 28)
/* FX_FAIL only when operand 0 is negative (tfrt.repeat.i32's trip count;
** what its body reports is the body's own effect). */
#define FX_NNEG  (1u << 29)
/* Its write (FX_W) is a read-modify-write that the RFC specifies as a read
** and a later write (rv.assign_add): the schedule explorer's spec model
** runs it as a read step and queues the write as a step of its own
** (analysis/explore.h). The sequencing analysis needs nothing more: both
** halves are ordered like the op. */
#define FX_UPDATE (1u << 30)
#define FX_W_BITS(fx)  (((fx) >> 8) & 0x3fu)
#define FX_A_BITS(fx)  (((fx) >> 14) & 0x3fu)
#define FX_S_BITS(fx)  (((fx) >> 20) & 0xfu)
#define FX_NZ_BITS(fx) (((fx) >> 24) & 0xfu)

/* Classes of mutable types (ops/effects.def): two values may hold one
** object only if their classes are equal or one is TYC_ANY. */
typedef enum TypeClass {
    TYC_NONE     = 0,        /* not mutable */
    TYC_STORAGE  = 1u << 0,  /* tensors and host buffers */
    TYC_LIST     = 1u << 1,
    TYC_VAR      = 1u << 2,  /* !rv.var */
    TYC_ATOMIC   = 1u << 3,
    TYC_RESOURCE = 1u << 4,  /* !tfrt.test.resource, !corert.opattrs */
    TYC_ANY      = 1u << 5   /* !tfrt.any: may box any of the others */
} TypeClass;

/* Element types of dense host tensors, the dtype immediate of OPI rows
** (kernels/dht.h has the functions on them). ORDER DTYPE: dht.c's dtypes
** table follows this order. */
typedef enum DType {
    DT_INVALID = 0,
    DT_BOOL, DT_I8, DT_I16, DT_I32, DT_I64,
    DT_UI8, DT_UI16, DT_UI32, DT_UI64,
    DT_F16, DT_BF16, DT_F32, DT_F64,
    DT_COMPLEX64, DT_COMPLEX128,
    DT__COUNT
} DType;

/* Every op has an id, OPID_<ident>, in ops.def order (ORDER OPNAME), so code
** that must single out an op switches on info->id instead of comparing names. */
typedef enum OpId {
#define OP(id, ...) OPID_##id,
#include "ops/ops.def"
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
    /* NULL: not implemented (or not linked in). Bound once, at start-up,
    ** by optable_bind_kernels; read-only afterwards. */
    KernelFn fn;
    /* OPI rows: what the op name fixes for the shared kernel [fn] (a DType,
    ** a rank, a tolerance; ops.def's IMM0, IMM1). 0 for OP rows. */
    int imm[2];
    /* The kernel's C name without `k_`: the ident of an OP row, the kernel
    ** column of an OPI row. ops/attrs.def keys attributes by it. */
    const char *kernel;
} OpInfo;

/* Attribute names (ops/attrs.def): attr_<id> is the one spelling of
** each, e.g. attr_callee is "callee", attr_tfrt_cost is "_tfrt_cost". */
#define ATTR_NAME(id, spelling) extern const char attr_##id[];
#include "ops/attrs.def"
#undef ATTR_NAME

/* What an op requires of one attribute (ops/attrs.def; the verifier's
** check_attrs gives each rule its message). */
typedef enum AttrRule {
    AR_SYMBOL,        /* a flat symbol reference */
    AR_STRING,        /* a string */
    AR_INT,           /* an integer */
    AR_ARRAY,         /* an array */
    AR_DENSE,         /* a dense elements attribute */
    AR_TYPED,         /* a scalar of type OpAttr.type (i1: a bool) */
    AR_INT_ARRAY,     /* an array of integers */
    AR_SHAPE,         /* a tensor's shape: an array of integers of any length (TFRT
                         checks none; the rank in the op's name is imm[1]) */
    AR_SYMBOL_ARRAY,  /* an array of symbol references */
    AR_DTYPE_SCALAR,  /* an integer, float or bool, for the row's dtype (imm[0]) */
    AR_COST,          /* tfrt_test.test_cost's positive integer cost */
    AR_ONE_OF_INT,    /* an integer if present; the row needs one of its AR_ONE_OF_INT */
    AR_NAMED_PAIRS,   /* an array of [string, attribute] pairs (corert.executeop's op_attrs) */
    AR_TYPE           /* a type (corert.op_attrs_set.dtype's value) */
} AttrRule;

typedef struct OpAttr {
    const char *kernel;        /* OpInfo.kernel of the rows it applies to */
    const char *name;          /* attr_<id> */
    AttrRule rule;
    const char *type;          /* AR_TYPED: the value type's spelling */
    bool required;             /* false: checked only when present */
} OpAttr;

/* What an arithmetic op computes (ops/arith.def). */
typedef enum ArithOp {
    ARITH_NONE = 0,
    ARITH_ADD, ARITH_SUB, ARITH_MUL, ARITH_DIV, ARITH_EQ, ARITH_LE, ARITH_AND, ARITH_MIN,
    ARITH_TO_F32, ARITH_TO_F64
} ArithOp;

/* The operator row [id] computes on operands of dtype *[dt]
** (ops/arith.def), or ARITH_NONE (and *[dt] untouched) for an op that is
** not plain scalar arithmetic. */
ArithOp optable_arith(OpId id, DType *dt);

/* The attribute an op of row [info] writes without its name in its custom
** form (`tfrt.constant.i32 42` is {value = 42 : i32}; the shape of
** `tfrt_dht.create_uninitialized_tensor.f32.2 [2 : i64, 3 : i64]`): the one
** attribute rule of a row of family CONSTANT, SHAPE_ATTR, OPERANDS_VALUE
** or OPERANDS_ARRAY; NULL for every other row. */
const char *optable_inline_attr(const OpInfo *info);

/* The attribute rules of row [info], in ops/attrs.def order; *n
** receives their count (0: the op has none). */
const OpAttr *optable_attrs(const OpInfo *info, int *n);
/* The spelling of the element type of dtype [dt] as an attribute of that
** dtype is typed ("i1" for DT_BOOL, "f32" for DT_COMPLEX64); "" for
** DT_INVALID. */
const char *optable_dtype_elem(DType dt);

/* The row for [name] (exactly [len] bytes), or NULL for an unknown op. */
const OpInfo *optable_lookup(const char *name, size_t len);
/* Every row, for completion in the REPL and for tests; *n receives the count. */
const OpInfo *optable_all(size_t *n);
/* Does the dialect of op name [name] accept ops the table does not have,
** as a dialect of TFRT's that allows unknown operations (corert)? */
bool optable_dialect_open(const char *name, size_t len);
/* The CoreRT form of row [info] (CRF_NONE for rows of other families),
** and its syntax as :help and docs/kernels.md show it. */
CorertForm optable_corert_form(const OpInfo *info);
const char *optable_corert_syntax(CorertForm form);
/* The op whose name is nearest to [name] (edit distance, at most about a
** third of its length), for a "did you mean" note; NULL when none is
** near. [dialect_known], if not NULL, is set when some op shares the
** dialect prefix of [name] (the part before its first '.'). */
const OpInfo *optable_nearest(const char *name, size_t len, bool *dialect_known);
/* The "did you mean" of a load that found no kernel for op [name] (its row
** [info], or NULL for a name not in the table): the row TFRT writes
** instead of a row without a kernel (tfrt.call for MLIR's func.call), else
** optable_nearest's answer unless that is the row itself. */
const OpInfo *optable_kernel_hint(const OpInfo *info, const char *name, size_t len, bool *dialect_known);
/* The TypeClass of the type spelled [spelling] (ops/effects.def);
** TYC_NONE for immutable types. */
TypeClass optable_type_class(const char *spelling);
/* Why row [id] is FX_OPAQUE (ops/effects.def), or NULL. */
const char *optable_opaque_why(OpId id);

/* Binds row i to kernel [fns][i] (OPID order; NULL: none). Called once,
** before main, by the kernel library's registration (kernels/registry.c);
** the table is read-only afterwards, so threads read it without locks. */
void optable_bind_kernels(const KernelFn *fns, size_t n);

#endif
