/*
** build.h — the parser's builders (parser/build.c, build_attr.c,
** build_op.c, fast.c): the ParseCtx and the irb_* functions that grammar
** actions (parser/grammar.y) and the driver (parser/parser.c) call, one
** per rule. The IR core they build on (interning, types, signatures) is
** ir/module.h.
**
** Ownership: everything lives in the Module's arena. Builders never free.
** Errors: a builder that finds an error reports it through the ParseCtx's
** DiagSink, sets ctx->failed and returns NULL; every builder returns NULL at
** once when ctx->failed is set, so grammar actions need no checks.
**
** Module prefix: irb_.
*/
#ifndef TFRUN_PARSER_BUILD_H
#define TFRUN_PARSER_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include "ir/ir.h"
#include "ir/arena.h"
#include "ir/diag.h"
#include "ir/module.h"
#include "lexer/lexer.h"

/* A growable array of pointers in the arena (lists in the grammar). */
typedef struct Vec { void **v; int n, cap; } Vec;

/* An operand as written: the value and its name (for region bindings). */
typedef struct OperandRef {
    Value *v;
    const char *name; int idx;     /* `%name#idx` (idx 0 for `%name`) */
    Token tok;
    const Attr *attrs;             /* a function argument's or result's dictionary, or NULL */
} OperandRef;

/* A result group as written: `%name` or `%name:count`. */
typedef struct ResultRef {
    const char *name; int count;
    Token tok;
} ResultRef;

/* A statement the driver has read whole (parser/parser.c) because it has
** one of the two common shapes
**     %r = "name"(%a, ...) : (T, ...) -> T      (or `-> (T, ...)`)
**     %r = op.name %a, ...                      (an op of SYN_OPERANDS)
** with plain `%name` values, no regions, attributes, types or location, on
** any number of lines. Indices are into tok[]; irb_fast_stmt builds it. */
/* The longest shape: 4 tokens up to '(', three lists of FAST_MAX_LIST
** entries and their separators, `) : (`, `) -> (`, `)` and the next token. */
enum { FAST_MAX_LIST = 16, FAST_MAX_TOKENS = 3 * 2 * FAST_MAX_LIST + 12 };
typedef struct FastStmt {
    Token tok[FAST_MAX_TOKENS];    /* every token of the statement, in order */
    int ntok;
    uint8_t operand[FAST_MAX_LIST]; int noperands;
    uint8_t in[FAST_MAX_LIST]; int nin;
    uint8_t out[FAST_MAX_LIST]; int nout;
    bool out_paren;                /* `-> (T, ...)` rather than `-> T` */
    const struct OpInfo *custom;   /* the op of the second shape; NULL: generic */
    uint32_t rhash;                /* irb_fast_begin's hash of the result name */
    int types_at;                  /* index of the '(' that opens the input types */
} FastStmt;

typedef struct Scope Scope;
typedef struct Pending Pending;
typedef struct AliasRef AliasRef;

typedef enum ParseMode { PM_MODULE, PM_OPS, PM_FUNCS } ParseMode;

typedef struct ParseCtx {
    Module *m;
    Arena *a;                      /* the module's arena: the IR */
    Arena *tmp;                    /* scratch for one parse (lists, pending ops); may be NULL */
    DiagSink *d;
    const char *file;              /* interned file name for locations */
    bool failed;
    bool oom;
    Scope *scope;                  /* innermost name scope (its block) */
    Pending *pend;                 /* innermost op whose regions are being parsed */
    Func *func;                    /* function being parsed */
    Vec *func_args;                /* its arguments (OperandRef*), bound at the body */
    Vec funcs;                     /* Func* parsed in this run, source order */
    Block *top;                    /* the module level's block (irb_module_scope), or NULL */
    /* The top level in source order (IR arena), kept from the first op at
    ** module level on (the functions before it are entered then). */
    ModuleItem *items; int nitems, capitems;
    const char **fnames; int nfnames, capfnames;   /* their names (a hash set) */
    AliasRef *aliases;             /* `#name` location aliases */
    struct SymAlias *attr_aliases; /* `#name = attr` (defined before use) */
    struct SymAlias *type_aliases; /* `!name = type` */
    Vec *fused_late;               /* fused locations naming aliases: normalised at the end */
    bool in_module;                /* inside an explicit `module { }` */
    bool saw_module;
    bool module_done;              /* the module's closing brace is read */
    bool allow_shadow;             /* REPL scope: redefinition shadows */
    Token last;                    /* last token fed to the parser */
    int first_line;                /* line number of the text's first line */
    /* The op name the driver last looked up in the op table (to choose
    ** its token kind) and the result, so the builder need not repeat it. */
    const char *op_s; uint32_t op_len;
    const struct OpInfo *op_info;
    Op *flex_op;                   /* op whose result count its statement gives (irb_stmt) */
    /* One-entry caches for runs of the same spelling: the last quoted op
    ** name (its token, interned name and table entry), the last type token (its bytes
    ** in the text being parsed) and its type. */
    const char *gen_name; const struct OpInfo *gen_info;
    const char *gen_ts; uint32_t gen_tlen;     /* the token gen_name came from */
    const char *ty_s; uint32_t ty_len; const Type *ty;
    int nops_added;
    const FastStmt *fast;          /* the statement behind a FAST_STMT token */
    bool no_fast;                  /* the driver sends no FAST_STMT (tests) */
    /* The function type of the last fast statement and the text it was
    ** read from ('(' of the inputs to the last result token). */
    const char *fn_s; uint32_t fn_len; const Type *fn;
    /* The last bare op name of a fast statement: its text and interned copy. */
    const char *bare_s; uint32_t bare_len; const char *bare;
    /* Values fast statements used or bound lately, with their scope: a
    ** small cache in front of the scope table (a binding never changes
    ** outside the REPL, where fast statements are not built directly). */
    struct { const Scope *scope; Value *v; } recent[8];
} ParseCtx;

void irb_error(ParseCtx *c, const Token *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* `use of value '%x' expects different type than prior uses: 'WANT' vs
** 'T'` at the use [r], and a note `prior use here` where the value was
** defined, as MLIR's parser reports it. */
void irb_type_mismatch(ParseCtx *c, const OperandRef *r, const Type *want);
void irb_error_at(ParseCtx *c, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "custom op 'NAME' is unknown" at op-name token [t], with a note naming
** the nearest op of the table, or saying that tfrun implements no op of
** its dialect. */
void irb_unknown_op(ParseCtx *c, const Token *t);
/* The op-table row of func's op that the bare word [s] names where func is
** the default dialect (`return`, `call`; docs/syntax.md "The func
** dialect"), or NULL. */
const struct OpInfo *irb_short_form(const char *s, uint32_t len);

Vec *irb_vec(ParseCtx *c, void *first);           /* a new list, [first] may be NULL (empty) */
Vec *irb_push(ParseCtx *c, Vec *v, void *x);       /* appends, returns v */

/* Scopes: one per block being parsed. */
Scope *irb_scope_push(ParseCtx *c, Block *b);
void irb_scope_pop(ParseCtx *c);
Block *irb_block_new(ParseCtx *c, Func *f, Op *parent);

/* Snapshot of the current scope and its block (names, ops, value uses), to
** undo a failed incremental parse (parse_ops_into). */
typedef struct ScopeSnap ScopeSnap;
ScopeSnap *irb_snapshot(ParseCtx *c);
void irb_restore(ParseCtx *c, const ScopeSnap *s);

/* Values */
OperandRef *irb_use(ParseCtx *c, const Token *t);          /* %a, %a#1 */
ResultRef *irb_result(ParseCtx *c, const Token *t);        /* %a, %a:2 */
ResultRef *irb_result_count(ParseCtx *c, const Token *t, const Token *n);  /* %a : 2 */

/* Types */
const Type *irb_type(ParseCtx *c, const Token *t);          /* i32, !x.y, tensor<..>, complex<..> */
const Type *irb_fntype(ParseCtx *c, Vec *in, Vec *out);     /* (in) -> out */

/* Attributes */
const Attr *irb_attr_int(ParseCtx *c, const Token *t, const Type *ty);   /* ty NULL: i64 */
const Attr *irb_attr_float(ParseCtx *c, const Token *t, const Type *ty); /* ty NULL: f64 */
const Attr *irb_attr_bool(ParseCtx *c, bool b);
const Attr *irb_attr_string(ParseCtx *c, const Token *t, const Type *ty);
const Attr *irb_attr_symbol(ParseCtx *c, const Token *t);
const Attr *irb_attr_unit(ParseCtx *c);
const Attr *irb_attr_type(ParseCtx *c, const Type *ty);
const Attr *irb_attr_array(ParseCtx *c, Vec *elems);
const Attr *irb_attr_dict(ParseCtx *c, Vec *named);
const Attr *irb_attr_dense(ParseCtx *c, const Token *at, const Attr *body, const Type *ty);
/* dense<"0x..."> (hex bytes, little-endian elements) and dense<(re, im)>
** are read by irb_attr_dense; a complex element is built here. */
const Attr *irb_attr_complex(ParseCtx *c, const Attr *re, const Attr *im);
/* affine_map<..>, affine_set<..>, array<..>, #dialect.attr<..>: text. */
const Attr *irb_attr_opaque(ParseCtx *c, const Token *t);
const Attr *irb_attr_alias(ParseCtx *c, const Token *t);             /* #name use */
void irb_attr_alias_def(ParseCtx *c, const Token *t, const Attr *v); /* #name = attr */
void irb_type_alias_def(ParseCtx *c, const Token *t, const Type *ty); /* !name = type */
NamedAttr *irb_named(ParseCtx *c, const Token *key, const Attr *v);   /* key: id or string */

/* Locations */
const Loc *irb_loc_name(ParseCtx *c, const Token *s, const Loc *child);
const Loc *irb_loc_file(ParseCtx *c, const Token *s, const Token *line, const Token *col);
const Loc *irb_loc_unknown(ParseCtx *c);
const Loc *irb_loc_fused(ParseCtx *c, const Attr *meta, Vec *items);
const Loc *irb_loc_callsite(ParseCtx *c, const Loc *callee, const Loc *caller);
const Loc *irb_loc_alias(ParseCtx *c, const Token *t);               /* #name use */
void irb_alias_def(ParseCtx *c, const Token *t, const Loc *l);       /* #name = loc(...) */
/* Resolves aliases at the end; reports undefined ones. */
void irb_finish_aliases(ParseCtx *c);

/* Ops. Each returns the op, created with its operands, results (types),
** attributes; the statement rule then names and appends it. */
Op *irb_op_generic_head(ParseCtx *c, const Token *name, Vec *operands);
Op *irb_op_generic(ParseCtx *c, Op *op, Vec *attrs, const Type *fn);
Op *irb_op_simple(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, Vec *types, const Type *fn);
Op *irb_op_constant(ParseCtx *c, const Token *name, const Attr *v, Vec *attrs);
Op *irb_op_complex(ParseCtx *c, const Token *name, const Attr *re, const Attr *im, Vec *attrs);
Op *irb_op_attr_operand(ParseCtx *c, const Token *name, Vec *operands, const Attr *v, Vec *attrs);
Op *irb_op_call(ParseCtx *c, const Token *name, OperandRef *first, const Token *callee,
                const Token *callee2, Vec *operands, Vec *attrs, const Type *fn);
Op *irb_op_case(ParseCtx *c, const Token *name, OperandRef *idx, Vec *branches, Vec *operands,
                Vec *attrs, const Type *fn);
Op *irb_op_while(ParseCtx *c, const Token *name, OperandRef *cond, const Token *body, Vec *operands,
                 Vec *attrs, const Token *par, const Type *fn);
Op *irb_op_parallel_call(ParseCtx *c, const Token *name, OperandRef *s, OperandRef *e, OperandRef *bs,
                         const Token *callee, Vec *operands, Vec *attrs, Vec *types);
Op *irb_op_return(ParseCtx *c, const Token *name, Vec *operands, Vec *types);
/* CoreRT's custom forms (SYN_CORERT, parser/build_corert.c). The head of
** corert.executeop and its kin: `NAME(%h[, %ch]) "op"(%a, ...)`; the op
** is made once the attribute dictionaries and the result count are read
** ([count]'s kind is 0 when `: N` is left out). */
typedef struct ExecHead ExecHead;
ExecHead *irb_executeop_head(ParseCtx *c, const Token *name, Vec *pre, const Token *opname, Vec *args);
Op *irb_op_executeop(ParseCtx *c, ExecHead *h, Vec *attrs, Vec *fattrs, const Token *count);
/* corert.cond %c @t @f (%ch, %a) and corert.while @c @b (%ch, %a) [cond NULL]:
** [fn] leaves the chain out of both type lists. */
Op *irb_op_corert_call(ParseCtx *c, const Token *name, OperandRef *cond, const Token *f1, const Token *f2,
                       Vec *operands, Vec *attrs, const Type *fn);
/* corert.get_op_handler %ch "cpu" and corert_sync.get_op_handler "cpu" [x NULL]. */
Op *irb_op_corert_named(ParseCtx *c, const Token *name, OperandRef *x, const Token *str, Vec *attrs);
/* corert.const_dense_tensor dense<...> : T */
Op *irb_op_corert_const(ParseCtx *c, const Token *name, const Attr *dense, Vec *attrs);
/* Region-carrying ops: the head creates the op and pushes it as pending; each
** region is opened (binding block arguments) and closed; the end pops it. */
Op *irb_op_if_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, const Type *fn);
Op *irb_op_repeat_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, Vec *types);
Op *irb_op_pfor_head(ParseCtx *c, const Token *name, OperandRef *s, OperandRef *e, OperandRef *bs,
                     Vec *operands, Vec *attrs, Vec *types);
Op *irb_op_do_async_head(ParseCtx *c, const Token *name, Vec *operands, Vec *attrs, const Type *fn);
Op *irb_op_benchmark_head(ParseCtx *c, const Token *name, const Token *bname, Vec *args, Vec *kwattrs);
Op *irb_op_sync_benchmark(ParseCtx *c, const Token *name, const Token *fn, Vec *args, Vec *kwattrs);
/* `%a : T` inside benchmark argument lists. */
OperandRef *irb_typed_use(ParseCtx *c, const Token *t, const Type *ty);
void irb_region_open(ParseCtx *c, const Token *lbrace);
void irb_region_open_args(ParseCtx *c, const Token *lbrace, Vec *args);   /* generic: ^bb0(%a: T) */
void irb_region_close(ParseCtx *c, const Token *rbrace);
Op *irb_op_end(ParseCtx *c, Op *op, bool has_else);
/* Called by the driver when it starts reading a fast statement at the
** result token [t]: returns its hash for FastStmt.rhash, and asks the CPU
** for the scope-table slot of that name now, so that the lookup after the
** rest of the statement has been read does not wait for memory. */
uint32_t irb_fast_begin(ParseCtx *c, const Token *t);
/* The statement ctx->fast (grammar rule `stmt ::= FAST_STMT`): the same IR
** and the same first diagnostic as the token-by-token rules would give. */
void irb_fast_stmt(ParseCtx *c);
/* Statement: names the results, sets the location, appends to the block. */
void irb_stmt(ParseCtx *c, Vec *results, Op *op, const Loc *loc);
/* A statement at module level (docs/syntax.md): into the module's block
** (irb_module_scope), in its place among the functions. */
void irb_top_stmt(ParseCtx *c, Vec *results, Op *op, const Loc *loc);
/* A block argument `%a: T` (function or generic region); [name] NULL: a
** declaration's argument type or a function's result type. [attrs] (NULL:
** none) is a function argument's or result's dictionary `{k = v}`. */
OperandRef *irb_arg(ParseCtx *c, const Token *name, const Type *ty, Vec *attrs);

/* Functions and the module */
/* [args] and [results] are OperandRef* (irb_arg): types and dictionaries. */
Func *irb_func_head(ParseCtx *c, const Token *kw, bool priv, const Token *sym, Vec *args,
                    Vec *results, Vec *attrs);
void irb_func_body_open(ParseCtx *c, const Token *lbrace);
void irb_func_end(ParseCtx *c, Func *f, bool has_body, const Token *rbrace, const Loc *loc);
void irb_module_head(ParseCtx *c, const Token *kw, const Token *sym, Vec *attrs);
/* The module's closing brace: nothing may follow (one module a file). */
void irb_module_end(ParseCtx *c);
/* The scope of the module level, for ops outside functions: a block of no
** function (ctx->top), the scope the parse starts in. Without it (the
** REPL's parse_funcs_into) an op at module level is an error. */
void irb_module_scope(ParseCtx *c);
/* Is the parse at module level, outside functions and regions? */
bool irb_at_module_level(const ParseCtx *c);
/* The top level read, in source order (functions and ops at module
** level), into [m] when there is an op at module level. */
void irb_commit_top(ParseCtx *c);
/* The generic form: "func.func"() ({ ^bb0(ARGS): ... }) {ATTRS} : () -> ()
** opens with the region's arguments [args] (NULL: none) and ends with the
** attributes, whose function_type, sym_name and sym_visibility make the
** function; "builtin.module"() ({...}) {sym_name = ..} : () -> (). */
void irb_gfunc_open(ParseCtx *c, const Token *kw, const Token *lbrace, Vec *args);
void irb_gfunc_end(ParseCtx *c, Vec *attrs, const Type *fn, const Loc *loc);
void irb_gmodule_end(ParseCtx *c, Vec *attrs, const Type *fn);

#endif
