/*
** ir.h — tfrun's SSA IR (DESIGN.md "Front end").
**
** Ownership: every object below lives in its Module's arena and dies with
** ir_module_free(). Nothing in the IR is freed individually. What the IR
** points to outside the arena: OpInfo (static, ops/optable.h); string
** constants (an empty source, a default name); the source text of a module
** made by ir_module_new_borrowed (the caller's, which must outlive it). The
** executor keeps its plans in the Host (interp/plan.c), never in the IR, so
** a verified module is not written again and hosts may share it.
**
** Shape: Module -> Func[] -> body Block -> Op[] -> nested Region (= one Block)
** -> Op[] ... A Block has arguments (Values) and ops; its last op is
** `tfrt.return` (a region of an op tfrun does not know may end otherwise).
** The regions of the ops tfrun knows are isolated from above (docs/language.md
** §2.7); a region of an op it does not know may use the values of the blocks
** around it (ir_op_isolated; docs/syntax.md "Regions of unknown ops"), so an
** operand's Value.block need not be the user's block.
** Ops written at module level, outside functions (ops of other dialects,
** docs/syntax.md), are in the Module's block `top`, which belongs to no
** function and has no terminator; `items` keeps their place among the
** functions.
**
** Value numbering for the executor: within a block, values are numbered
** block arguments first, then op results in op order (Value.index), which is
** the register layout of docs/execution.md §3.
**
** Module prefix: ir_.
*/
#ifndef TFRUN_IR_H
#define TFRUN_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct OpInfo;

typedef struct Arena Arena;
typedef struct Module Module;
typedef struct Func Func;
typedef struct Block Block;
typedef struct Op Op;
typedef struct Value Value;
typedef struct Use Use;
typedef struct Type Type;
typedef struct Attr Attr;
typedef struct NamedAttr NamedAttr;
typedef struct Loc Loc;

/* The deepest nesting of regions a program may have (the parser reports
** `regions nested too deeply` beyond it). Every pass that recurses once
** per level — verifier, printer, analysis, compiler, executor — relies on
** it: at this depth each runs within a 1 MB C stack (tests/deep_nesting.sh). */
#define IR_MAX_NESTING 200

/* ---- types (docs/language.md §2.5) --------------------------------------- */
typedef enum TypeKind {
    TY_I1, TY_I8, TY_I16, TY_I32, TY_I64, TY_UI8, TY_UI16, TY_UI32, TY_UI64,
    TY_F16, TY_BF16, TY_F32, TY_F64, TY_INDEX,
    TY_COMPLEX,      /* complex<elem> */
    TY_TENSOR,       /* tensor<2x3xi32>, tensor<*xf32> */
    TY_FUNCTION,     /* (T, ...) -> (R, ...) (function type attributes) */
    TY_NONE,         /* `none` */
    TY_DIALECT,      /* !dialect.body: opaque, identified by its spelling */
    TY_OTHER         /* a builtin type tfrun reads but does not compute with
                        (memref<..>, vector<..>, tuple<..>, i4, f80, a tensor
                        with an encoding): identified by its spelling */
} TypeKind;

/* Types are interned per module: equal types are the same pointer. */
struct Type {
    TypeKind kind;
    const char *spelling;    /* canonical MLIR text: "i32", "!tfrt.chain", "tensor<2x2xi32>" */
    const Type *elem;        /* complex, tensor */
    int rank;                /* tensor; -1 unranked */
    const int64_t *dims;     /* tensor; -1 dynamic */
    int ninputs, nresults;   /* function */
    const Type *const *inputs, *const *results;
    bool is_chain;           /* !tfrt.chain */
};

/* ---- attributes (docs/language.md §2.4) ---------------------------------- */
typedef enum AttrKind {
    ATTR_UNIT, ATTR_BOOL, ATTR_INT, ATTR_FLOAT, ATTR_STRING, ATTR_ARRAY,
    ATTR_SYMBOL, ATTR_DENSE, ATTR_TYPE, ATTR_DICT,
    ATTR_OPAQUE      /* affine_map<..>, affine_set<..>, array<..>, #dialect<..>:
                        kept as text (u.str), printed as read (docs/syntax.md) */
} AttrKind;

struct Attr {
    AttrKind kind;
    const Type *type;        /* INT, FLOAT: element type (i64 / f64 when untyped);
                                DENSE: the tensor type; TYPE: the type */
    union {
        bool b;
        int64_t i;           /* INT (value as written, range-checked against type) */
        double f;            /* FLOAT */
        struct { const char *s; size_t len; } str;   /* STRING (unescaped), SYMBOL (name without @) */
        struct { const Attr *const *elems; int n; } arr;   /* ARRAY; DENSE: flat element list (splat: n == 1) */
        struct { const NamedAttr *attrs; int n; } dict;
    } u;
    bool dense_splat;
    bool is_complex;         /* ARRAY of two: a complex element (re, im) of DENSE */
    uint64_t float_bits;     /* FLOAT written as a hex bit pattern: the exact bits */
    bool has_float_bits;
};

struct NamedAttr {
    const char *name;        /* interned */
    const Attr *value;
};

/* ---- locations (docs/language.md §2.6) ----------------------------------- */
typedef enum LocKind { LOC_FILE, LOC_NAME, LOC_FUSED, LOC_CALLSITE, LOC_UNKNOWN } LocKind;
/* The fields of each kind share storage (32 bytes instead of 80: every op
** has its own Loc); read only the fields of l->kind. */
struct Loc {
    LocKind kind;
    union {
        struct { const char *file; int line, col; };                /* FILE */
        struct { const char *name; const Loc *child; };             /* NAME (child may be NULL) */
        struct { const Loc *const *items; int nitems;               /* FUSED (flattened) */
                 const Attr *fused_meta; };                          /* FUSED<ATTR> */
        struct { const Loc *callee, *caller; };                     /* CALLSITE */
    };
};

/* ---- values ------------------------------------------------------------- */
struct Use {
    Op *user;                /* the using op (tfrt.return included) */
    int operand;             /* operand index in user */
    Use *next;               /* next use of the same value, in SOURCE order */
};

struct Value {
    const Type *type;
    Op *def;                 /* defining op, NULL for a block argument */
    Block *block;            /* block that defines it */
    int result_index;        /* result number in def, or argument number */
    int index;               /* register number within its block (docs/execution.md §3) */
    const char *name;        /* name as written in the source (for messages), may be NULL */
    Use *uses;               /* all uses, source order */
    int nuses;               /* operand occurrences, incl. tfrt.return */
    Use *uses_tail;          /* last use (appending in O(1); parser/build_op.c) */
};

/* ---- ops ---------------------------------------------------------------- */
struct Op {
    const char *name;              /* interned op name, e.g. "tfrt.add.i32" */
    const struct OpInfo *info;     /* op table entry; NULL if unknown */
    Value **operands;
    Value **results;
    const Type *const *operand_types;  /* as written (generic form / signature) */
    NamedAttr *attrs;              /* sorted by name */
    Block **regions;               /* each region is one block */
    const Loc *loc;                /* explicit loc(...) or the default file loc */
    Block *parent;
    const char *callee;            /* symbol for call-like ops (tfrt.call, cond branches in attrs) */
    /* The counts together, so that Op has no padding (112 bytes). */
    int noperands, nresults, nattrs, nregions;
    int line, col;                 /* position of the op-name token */
    int index;                     /* position in parent->ops */
};

struct Block {
    Value **args; int nargs;
    Op **ops; int nops;            /* last op is tfrt.return */
    Op *parent_op;                 /* op owning this region, NULL for a function body */
    Func *func;                    /* enclosing function */
    int nvalues;                   /* args + all results: register count */
    bool names_unique;             /* the parser has already rejected two values
                                      of one name here (verify need not look) */
};

struct Func {
    const char *name;              /* without '@', interned */
    const Type *const *arg_types;   int nargs;
    const Type *const *result_types; int nresults;
    NamedAttr *attrs; int nattrs;
    /* The dictionaries of the arguments and results (`%a: f32 {foo.k = 1}`,
    ** `-> (i32 {foo.x})`; docs/syntax.md "Argument and result attributes"):
    ** MLIR's arg_attrs and res_attrs, an ATTR_ARRAY of one ATTR_DICT per
    ** argument / result, or NULL when there is none. */
    const Attr *arg_attrs, *res_attrs;
    Block *body;                   /* NULL for a declaration (tfrt.native / external) */
    bool is_private, is_native, is_sync;
    int line, col;                 /* of the @name */
    const Loc *loc;
    int index;                     /* position in Module.funcs (source order) */
};

/* One item of a module's top level: a function or an op at module level
** (exactly one of the two is set). */
typedef struct ModuleItem {
    Func *func;
    Op *op;
} ModuleItem;

struct Module {
    Arena *arena;
    const char *filename;          /* as given on the command line, "<stdin>" for stdin */
    const char *source; size_t source_len;   /* the text (owned by the module) */
    Func **funcs; int nfuncs;      /* source order */
    /* The ops at module level other than functions (docs/syntax.md), NULL
    ** when there are none: a block of no function (func and parent_op NULL),
    ** without terminator, whose values only later ops at module level see.
    ** [items] is the top level in source order, functions and these ops,
    ** as the parser read it (NULL when there is no such op: then m->funcs
    ** is the order). Walk it with ir_module_walk_top, which skips the
    ** functions passes have removed since. */
    Block *top;
    const ModuleItem *items; int nitems;
    NamedAttr *attrs; int nattrs;  /* module attributes */
    const char *name;              /* `module @name`, without '@'; NULL if none */
    struct IrTables *tables;       /* interning tables (ir/intern.h: names, types, signatures) */
};

/* ---- queries ------------------------------------------------------------ */
const Attr *ir_op_attr(const Op *op, const char *name);   /* NULL if absent */
const Attr *ir_func_attr(const Func *f, const char *name);
const Attr *ir_module_attr(const Module *m, const char *name);
Func *ir_module_func(const Module *m, const char *name);  /* NULL if absent */
/* The source line [line] (1-based) of the module text, without newline. */
const char *ir_source_line(const Module *m, int line, size_t *len);

void ir_module_free(Module *m);

#endif
