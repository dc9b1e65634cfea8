/*
** internal.h — what the files of analysis/ share (not a public interface;
** analysis/seq.h is). The method is docs/analysis.md's; the contract is
** docs/execution.md §8.
**
**   fx.c     the effects of one op, from the op table and the operand
**            types (seq_op_effects and the helpers the others use)
**   block.c  one block: its ops' effects (atoms), lifted from callee and
**            region summaries, the objects (a union-find), the dataflow,
**            and the block's own summary
**   check.c  the pairs that meet in one block: per resource, a chain of
**            orders through the block's dependency graph; loops, parallel
**            bodies and benchmarks; the driver's result line
**   known.c  what values are known to be before any order: constants and
**            strings through calls, what variables, lists and boxes hold
**   errs.c   which values may be errors: a non-strict op whose selector is
**            one completes at once, before its other operands
**   seq.c    the run: which functions it may execute, their call graph
**            (summaries bottom-up, recursion to a fixpoint), then the checks
**            top-down; the public queries
**
** Ownership: everything lives in the SeqAnalysis's arena (sa->arena) and
** dies with seq_free(); temporary arrays are malloc'ed and freed by the
** function that made them.
** Threads: building is single-threaded; the result is immutable.
**
** Module prefix: sa_ (internal to analysis/).
*/
#ifndef TFRUN_ANALYSIS_INTERNAL_H
#define TFRUN_ANALYSIS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "analysis/seq.h"
#include "ir/arena.h"
#include "ir/ir.h"
#include "ops/optable.h"

/* ---- bit sets ------------------------------------------------------------
** A set of small indices (operands, results, arguments) is an array of
** 64-bit words whose length the context knows. NULL is the empty set;
** SA_ALL (op level only) is "every operand" / "every result". */
typedef uint64_t Word;
extern const Word sa_all_marker[1];
#define SA_ALL (sa_all_marker)
static inline int sa_words(int n) { return (n + 63) / 64; }
static inline bool sa_has(const Word *s, int i)
{
    return s == SA_ALL || (s && (s[i >> 6] >> (i & 63) & 1));
}
static inline void sa_set(Word *s, int i) { s[i >> 6] |= (Word)1 << (i & 63); }

/* ---- sites ----------------------------------------------------------------
** Where an effect happens: the op of the block where it is seen, then the
** op of the callee or region that op runs, ... down to the op whose own
** effect it is. Shared tails, so lifting an effect costs one cell. */
typedef struct Path {
    const Op *op;
    const struct Path *next;
} Path;

/* ---- effects at the op level of a block ----------------------------------
** An atom is one effect as the block sees it: at op [op] (its index),
** after the op's operands in [in] and before its results in [out]. */
typedef struct Atom {
    int op;                  /* index of the op in its block */
    uint8_t kind;            /* SeqResKind */
    uint8_t access;          /* SEQ_READ | SEQ_WRITE */
    int node;                /* SEQ_RES_OPERAND: the object's union-find node */
    const Word *in, *out;    /* operands / results of the op; NULL, SA_ALL */
    const Word *bin, *bout;  /* the block's arguments / results (summary) */
    const Path *path;
} Atom;

/* ---- summaries -------------------------------------------------------------
** What a body (function or region block) looks like from the op that runs
** it: per result, which arguments it always comes after (thru), which
** argument objects it may hold (ret_oargs); and its effects, each after
** the arguments in [in] and before the results in [out], touching the
** output, the diagnostics, or an object that is an argument's (oargs) or
** reaches a result (orets). Effects on objects the body makes and keeps to
** itself are not in the summary: nothing outside one run of the body sees
** them. Identical effects are kept once. */
typedef struct SAtom {
    uint8_t kind, access;
    const Word *in, *out;         /* over args / results (NULL: none) */
    const Word *oargs, *orets;    /* SEQ_RES_OPERAND only */
    const Path *path;
} SAtom;

typedef struct Summary {
    int nargs, nres;
    const Word **thru;            /* [nres]: args each result comes after */
    const Word **ret_oargs;       /* [nres]: args whose objects it may hold */
    SAtom *atoms;
    int natoms;
    bool ret_chain;               /* exactly one result, a chain (parallel bodies) */
} Summary;

/* ---- control ops ------------------------------------------------------------
** How an op that runs bodies binds them (by syntax family). */
typedef enum CtlKind {
    CTL_NONE,       /* a kernel */
    CTL_CALL,       /* tfrt.call */
    CTL_BRANCH,     /* tfrt.if, cond, case: one body of several */
    CTL_REPEAT,     /* tfrt.repeat.i32 */
    CTL_WHILE,      /* tfrt.while */
    CTL_ONCE,       /* tfrt.once */
    CTL_PARALLEL,   /* tfrt.parallel_for.i32, parallel_call.i32 */
    CTL_ASYNC,      /* tfrt_test.do.async */
    CTL_BENCH,      /* tfrt_test.benchmark */
    CTL_CRITICAL,   /* rv.critical */
    CTL_SYNCCALL    /* FX_SYNCCALL kernels */
} CtlKind;

struct BlockAn;

/* An op of a block that runs bodies, as the block's analysis sees it. */
typedef struct OpAn {
    const Op *op;
    CtlKind ctl;
    int nbodies;
    const Summary **bodies;       /* NULL entry: a body that does nothing */
    struct BlockAn **regions;     /* region bodies (NULL for callees) */
    const Word **thru;            /* [nresults]: operands each result comes after */
    const Word *pre;              /* operands before everything it does */
} OpAn;

/* ---- objects -----------------------------------------------------------------
** A union-find over the block's mutable values: one node per value of a
** mutable type, merged when they may be (or share storage with) one object. */
typedef struct Node {
    int parent;
    int arg;                      /* root: an argument in the class, or -1 */
    unsigned cls;                 /* root: TypeClass bits of the args in it */
    const Value *name;            /* root: the value that names the object */
} Node;

/* ---- a block ---------------------------------------------------------------- */
/* The values of a block that the regions of one of its ops use: an op
** tfrun does not know is not isolated from above, so its regions may use
** the values around them (docs/syntax.md "Regions of unknown ops"). The
** analysis counts them as more operands of the op, which, being unknown,
** has all its results after all of them (sa_thru_has). */
typedef struct Captures { const Value **v; int n; } Captures;

typedef struct BlockAn {
    const Block *b;
    const Func *run;              /* the run function that reached it first */
    struct BlockAn *parent;       /* region: the analysis of the enclosing block */
    const Op *parent_op;
    bool sync;                    /* a tfrt.sync body: no diagnostics, in order */
    const Word *nzargs;           /* what its args are known to be: bit
                                     fact * nargs + j (SA_NZ, SA_NN, SA_UTF8) */
    Atom *atoms; int natoms;
    OpAn **ctl; int nctl;         /* control ops, by op index */
    int *vnode;                   /* value index -> node, -1; NULL: none mutable */
    Captures *caps;               /* per op index; NULL: no op of the block has any */
    Node *nodes; int nnodes;
    Summary *sum;
    int *key;                     /* check: node root -> resource key */
} BlockAn;

/* ---- the analysis --------------------------------------------------------- */
typedef struct Opaque { const Op *op; const char *why; } Opaque;

/* A reported pair and what a chain edge between its ops needs to know
** (tfrun lint --fix): for two different ops x < y of block [ba], the
** results of x that every effect of the pair at x comes before, and the
** operands of y that every effect at y comes after (NULL: none; SA_ALL:
** all). Self pairs and result lines have no [ba]. */
typedef struct PairRec {
    SeqPair p;
    const BlockAn *ba;
    int x, y;
    const Word *out, *in;
} PairRec;

typedef struct FuncAn {
    const Func *f;
    const Func *run;              /* the run function that reaches it first */
    Summary *sum;                 /* NULL until analysed */
    BlockAn *body;
    int nonce;                    /* tfrt.once sites naming it */
    uint8_t state;                /* depth-first pass: 0 new, 1 busy, 2 done */
    bool checked;
} FuncAn;

struct SeqAnalysis {
    const Module *m;
    Arena *arena;
    unsigned flags;               /* SeqOptions.flags */
    FuncAn *fa; int nfa;          /* one per function of the module (by index) */
    const Func **runs; int nruns; /* malloc'ed */
    struct ErrFacts *errs;        /* errs.c: which values may be errors, or
                                     NULL until first asked; malloc'ed */
    Word **argfacts;              /* known.c: per function, what every caller
                                     passes (SA_NFACTS * nargs bits, as
                                     nzargs), or NULL; malloc'ed */
    Word **resfacts;              /* known.c: per function, what it returns on
                                     every run (SA_NFACTS * nresults bits), or
                                     NULL; malloc'ed */
    struct ObjFacts *objfacts;    /* known.c: what variables, lists and boxes
                                     hold; malloc'ed */
    PairRec *pairs; int npairs, cappairs;
    bool pairs_truncated;         /* more pairs than SEQ_MAX_PAIRS */
    Opaque *opaque; int nopaque, capopaque;
    const char *gave_up;          /* why the analysis stopped early, or NULL */
    long budget;                  /* steps left for dependency searches */
    int next_key;                 /* check: resource keys handed out */
    struct PairSet *seen;         /* pairs of ops already reported */
    uint64_t *typecache;          /* Type* -> class (pairs, open addressing) */
    int typecap;
    const Type *last_type;        /* the last type looked up, and its class */
    TypeClass last_class;
    struct Scratch *scratch;      /* check: the dependency searches' memory */
    /* The depth-first pass (seq.c): callees are summarised when first
    ** needed; recursion, tfrt.once or a deep call chain sets [restart]. */
    bool depth_first, restart;
    int depth;
    const Func *cur_run;
    int *order; int norder;       /* reached functions, in the order reached */
    long ops;                     /* ops analysed */
};

/* The memory of dependency searches (check.c): visited marks by value
** index, an epoch per search, a stack each way; [budget] (NULL: unlimited)
** is paid one per step, and [exhausted] says it ran out. The searches of
** seq_pair_ordered_with and seq_value_after use [bstack] alone. */
typedef struct Item {
    const Value *v;
    const Use *use;               /* forward: the use being looked at */
    int next;                     /* the next operand / result; -1: not visited */
} Item;
typedef struct Scratch {
    int *stamp; int cap; int epoch;   /* [0, cap): backward, [cap, 2 cap): forward */
    Item *bstack, *fstack; int bcap, fcap;
    long *budget;
    bool exhausted;
} Scratch;

/* ---- facts about values -----------------------------------------------------
** What the analysis knows of a value: bit [fact * nargs + j] of a block's
** nzargs (and of known.c's argfacts) says argument j of the block is known
** to be so. */
enum { SA_NZ, SA_NN, SA_UTF8, SA_NFACTS };

/* When a kernel reports an error (ops/effects.def FAIL_WHEN). */
typedef enum FailKind {
    FAILK_DATA, FAILK_HOLD, FAILK_HELD, FAILK_HELD_ADD, FAILK_HELD_READ, FAILK_UNBOX, FAILK_NO_LIST,
    FAILK_UTF8, FAILK_ARITY, FAILK_DEVICE, FAILK_DENSE_ATTR, FAILK_SHAPE_NUMBERS, FAILK_SHAPE_STRINGS
} FailKind;
typedef struct FailWhen { const char *kernel; FailKind kind; const char *why; } FailWhen;
/* ops/effects.def STRING_OF. */
enum { STR_ATTR = 1, STR_CONCAT = 2 };

/* fx.c */
TypeClass sa_type_class(SeqAnalysis *sa, const Type *t);
/* The FAIL_WHEN row of [info]'s kernel, or NULL; with [info] NULL, the
** whole table (sorted by kernel), *n its length. */
const FailWhen *sa_fail_when(const OpInfo *info, int *n);
/* STR_ATTR, STR_CONCAT or 0 (ops/effects.def STRING_OF). */
int sa_string_of(const Op *op);
/* Is [v] known to be [fact] (SA_NZ: a non-zero constant; SA_NN: a
** non-negative integer constant; SA_UTF8: a valid UTF-8 string), [nzargs]
** saying what the arguments of its block are known to be (may be NULL),
** and, for a tfrt.call's result, what every callee returns ([sa] may be
** NULL: then not)? */
bool sa_known(SeqAnalysis *sa, const Value *v, int fact, const Word *nzargs);
/* Is result entry [k] of signature [sig] `any` ("as written")? */
bool sa_sig_result_any(const char *sig, int k);
const char *sa_opaque_why(SeqAnalysis *sa, const Op *op);
bool sa_nonstrict(const Op *op);
CtlKind sa_ctl_kind(const Op *op);
int sa_selector(const Op *op);
bool sa_const_nonzero(const Value *v);
bool sa_const_nonneg(const Value *v);
/* Does the FX_FAIL of [op] vanish: its FX_NZ operands are non-zero
** constants, its FX_NNEG operand a non-negative one, or what its FAIL_WHEN
** kind asks is proved ([nzargs] as in sa_direct_effects; [sa] NULL: from
** the op alone)? */
bool sa_fail_excluded(SeqAnalysis *sa, const Op *op, const Word *nzargs);
int sa_alias_source(const Op *op, int result);
/* The direct effects of [op] (seq_op_effects), in a block whose arguments
** [nzargs] are known constants (non-zero, non-negative) and that is a tfrt.sync body when [sync]. */
int sa_direct_effects(SeqAnalysis *sa, const Op *op, const Word *nzargs, bool sync,
                      SeqEffect *out, int max, const char **why);
/* The functions [op] names through its symbol attributes or callee, in
** attribute order; *n receives the count. */
const Func **sa_callees(SeqAnalysis *sa, const Op *op, int *n);

/* known.c */
/* Fills sa->argfacts and sa->objfacts (needs sa->runs and the arena);
** freed by sa_arg_facts_free. */
void sa_arg_facts(SeqAnalysis *sa);
void sa_arg_facts_free(SeqAnalysis *sa);
/* The type of what [v] holds as far as the analysis knows: its own type,
** or for a !tfrt.any the type of the value boxed in it; NULL when it does
** not know. [sa] NULL: from v's type alone. */
const Type *sa_content(SeqAnalysis *sa, const Value *v);
/* For a !rv.var: the type its variable holds (from its rv.create); NULL
** when the analysis does not know. */
const Type *sa_held(SeqAnalysis *sa, const Value *v);

/* errs.c */
typedef struct ErrFacts ErrFacts;
/* May [v] be an error value in some run (docs/analysis.md §3, "Errors
** overtake")? Computes the facts of the whole module on first use. */
bool sa_may_error(SeqAnalysis *sa, const Value *v);
void sa_errs_free(SeqAnalysis *sa);

/* block.c */
BlockAn *sa_block(SeqAnalysis *sa, const Block *b, BlockAn *parent, const Op *parent_op,
                  const Word *nzargs, const Func *run);
Summary *sa_native_summary(SeqAnalysis *sa, const Func *f);
Summary *sa_sync_summary(SeqAnalysis *sa, const Func *f, const Func *run);
const Summary *sa_func_summary(SeqAnalysis *sa, const Func *f);
int sa_find(Node *nodes, int i);
OpAn *sa_ctl_at(const BlockAn *ba, int op_index);
/* The operand of [oa] bound to argument [j] of its bodies, or -1. */
int sa_argmap(const OpAn *oa, int j);
bool sa_thru_has(const BlockAn *ba, const Op *op, int result, int operand);
void sa_opaque(SeqAnalysis *sa, const Op *op, const char *why);
void *sa_alloc(SeqAnalysis *sa, size_t n);
void sa_give_up(SeqAnalysis *sa, const char *why);

/* seq.c */
/* The depth-first pass: summarises function [f] now unless it is done
** (or sets sa->restart when it cannot: recursion, a deep chain). */
void sa_ensure(SeqAnalysis *sa, int f);
/* The analysis of block [b], if the run reaches it. */
const BlockAn *sa_find_block(const SeqAnalysis *a, const Block *b);

/* check.c */
void sa_check_block(SeqAnalysis *sa, BlockAn *ba, bool function_body);
void sa_check_result_line(SeqAnalysis *sa, BlockAn *ba, const Func *run);
/* Fills in each pair's first_chain / second_chain (after the checks). */
void sa_pair_chains(SeqAnalysis *sa);
/* Does an effect before results [out] of op [x] of [ba] come before one
** after operands [in] of op [y]? */
bool sa_reach(Scratch *sc, const BlockAn *ba, int x, const Word *out, int y, const Word *in);
void sa_scratch_free(Scratch *sc);
/* Frees what the checks kept between blocks. */
void sa_check_done(SeqAnalysis *sa);

#endif
