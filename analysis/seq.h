/*
** seq.h — the sequencing analysis (docs/execution.md §8, docs/analysis.md):
** which effects a program's kernels have, the dependency order between
** them, and the pairs of conflicting effects that nothing orders.
**
** One module, three users: `tfrun run --schedule=auto` asks "determinate?"
** (fast when yes, exact otherwise), `tfrun lint` asks for the unordered
** pairs, `tfrun explore` asks which steps conflict (seq_op_effects).
**
** Effects come from the op table (ops/ops.def's EFFECTS column, FX_*)
** and the types of the operands, never from op names: a kernel reads every
** operand whose type is mutable (tensors, buffers, lists, !rv.var, atomics,
** boxed values), writes the operands its FX_W bits name, writes the output
** when FX_OUT is set, and writes the diagnostics when it may report a
** runtime error (FX_FAIL) unless the analysis proves it cannot (a division
** by a constant that is not zero, an rv.assign of the type its variable
** holds: ops/effects.def's FAIL_WHEN, docs/analysis.md §1).
**
** Resources: the program's output (one resource: stdout and the log lines on
** stderr), the runtime-error diagnostics (stderr), and mutable objects, each
** named by the value that first holds it (the result of the op that
** allocated it, or a function argument). Objects that reach a function
** through its arguments may alias one another when their types agree
** (ops/effects.def's classes); region bodies see their operands' objects.
**
** Ownership: a SeqAnalysis borrows the module (which must outlive it and be
** verified); everything it returns is owned by it and dies with seq_free().
** Threads: an analysis is immutable once built; any thread may query it.
**
** Module prefix: seq_.
*/
#ifndef TFRUN_SEQ_H
#define TFRUN_SEQ_H

#include <stdbool.h>
#include "ir/ir.h"

/* ---- effects of one op --------------------------------------------------- */

typedef enum SeqResKind {
    SEQ_RES_OUTPUT,    /* the program's output */
    SEQ_RES_DIAG,      /* runtime-error diagnostics */
    SEQ_RES_OPERAND    /* the mutable object held by operand [operand] */
} SeqResKind;

enum { SEQ_READ = 1u << 0, SEQ_WRITE = 1u << 1 };

typedef struct SeqEffect {
    SeqResKind kind;
    int operand;       /* SEQ_RES_OPERAND: the operand index; else -1 */
    unsigned access;   /* SEQ_READ and/or SEQ_WRITE */
} SeqEffect;

/* The direct effects of [op] itself — not those of a callee or region body —
** from the op table and the types of its operands. Stores at most [max] in
** [out] and returns how many there are (which may be more than [max]).
** Without context: a division's failure is dropped only for a divisor that
** is itself a non-zero constant, a tensor creation's when its shape is
** small (the default allocators), and a kernel of a tfrt.sync function
** reports no diagnostics. Returns -1 when the op's effects are not
** modelled: an unknown op, an FX_OPAQUE kernel, or a pass-through that
** hands a value on under another type (then *why, if not NULL, names the
** reason in a few words, e.g. "cancels the request: ..."). */
int seq_op_effects(const Op *op, SeqEffect *out, int max, const char **why);

/* ---- the analysis of a run ----------------------------------------------- */

typedef struct SeqOptions {
    /* The functions the run will run, in the order it runs them (the init
    ** function first); those with arguments too (the REPL's :run passes
    ** them), whose objects may alias as a callee's do. Declarations are
    ** skipped. NULL: every function `tfrun run` would run (every function
    ** with a body and no arguments, in source order). */
    const Func *const *funcs;
    int nfuncs;
    unsigned flags;    /* SEQ_* below */
} SeqOptions;

/* SeqOptions.flags. SEQ_ALLOC_REPORTS: the run's host allocator reports
** what is allocated (test_fixed_size_1k logs every allocation and every
** free, profiled_allocator prints maxima at the end), so allocating kernels
** (FX_ALLOC) are opaque: when a free happens, and what is alive at once,
** depend on the schedule. With the other allocators an allocation is not
** an effect. */
enum { SEQ_ALLOC_REPORTS = 1u << 0 };

typedef struct SeqAnalysis SeqAnalysis;

/* Analyses verified module [m] for the run [o] describes. Never NULL. */
SeqAnalysis *seq_analyze(const Module *m, const SeqOptions *o);
void seq_free(SeqAnalysis *a);

/* True when every pair of conflicting effects in the run is ordered by data
** and chain dependencies (transitively, through calls and regions), and
** every op's effects are modelled: the run's output cannot depend on the
** schedule. */
bool seq_determinate(const SeqAnalysis *a);

/* Where an effect happens, seen from the block where a pair meets: path[0]
** is an op of that block, path[i+1] an op of the callee or region body that
** path[i] invokes, path[n-1] the op whose own effect it is (n >= 1). */
typedef struct SeqSite {
    const Op *const *path;
    int n;
} SeqSite;

/* An unordered pair of conflicting effects: [first] is the earlier of the
** two ops in source order. When first.path[0] == second.path[0] the op
** conflicts with itself: two iterations of a loop (tfrt.repeat.i32,
** tfrt.while), two blocks of a parallel op, two runs of a benchmark (or a
** run and the benchmark's report, second.n == 1). */
typedef struct SeqPair {
    const Func *func;      /* the run function whose run reaches the block where
                              they meet first */
    SeqSite first, second;
    SeqResKind kind;       /* the resource */
    unsigned first_access, second_access;   /* SEQ_READ / SEQ_WRITE of each */
    const Value *object;   /* SEQ_RES_OPERAND: the value naming the object in
                              the block where they meet (may be NULL) */
    bool second_is_result_line;   /* second is the driver's `'NAME' returned`
                                     line (second.n == 0) */
    /* The chain edge that would order a pair of two different ops x =
    ** first.path[0] < y = second.path[0] (tfrun lint --fix): a chain
    ** result of x that every effect of the pair at x comes before (NULL:
    ** none, so no edge from x can order them), and the chain operand of y
    ** that every effect at y comes after (-1: none; y->noperands: y has no
    ** chain operand but takes an optional trailing one, OPF_TRAILING_CHAIN,
    ** and waits for all its operands). Passing first_chain to y there
    ** (merged with what it has) orders the pair. */
    const Value *first_chain;
    int second_chain;
} SeqPair;

/* The unordered conflicting pairs that, ordered, order every conflicting
** pair of the run (docs/analysis.md §4): per resource and block, each write
** against the nearest earlier write, each read against the nearest writes
** around it, the iterations of a loop, and the driver's result lines; each
** pair of ops of the block where they meet once. In the order of their
** later op in the source (then of the earlier); at most 4096 pairs
** (seq_limit says when there were more). */
int seq_npairs(const SeqAnalysis *a);
const SeqPair *seq_pair(const SeqAnalysis *a, int i);

/* Why the analysis stopped short of the whole answer, or NULL: it gave up
** (a budget: then it is not determinate and may list no pair), or there
** were more pairs than it lists. One sentence, no newline; owned by [a]. */
const char *seq_limit(const SeqAnalysis *a);

/* ---- chain edges (tfrun lint --fix) ---------------------------------------
** A plan of edges to add: each passes [chain], a result of an op of some
** block, to op [op] of that block at its chain operand [operand] (merged
** with the chain it has), or as a new trailing operand (operand ==
** op->noperands). The queries below answer as if the program had them;
** each search is paid from the set's budget (64 steps per op of the
** module plus 4·10^6), and past it they answer false, which only ever
** costs an edge more. Not shared between threads. */
typedef struct SeqEdges SeqEdges;
SeqEdges *seq_edges_new(const SeqAnalysis *a);
void seq_edges_add(SeqEdges *e, const Value *chain, const Op *op, int operand);
void seq_edges_free(SeqEdges *e);
/* Is pair [i] (two different ops) ordered once [e]'s edges are added? */
bool seq_pair_ordered_with(const SeqAnalysis *a, int i, SeqEdges *e);
/* Does [later] come after [earlier] (two values of one block the run
** reaches: a chain edge, a data edge or a kernel in between), with [e]'s
** edges added? False for values of different blocks. */
bool seq_value_after(const SeqAnalysis *a, const Value *earlier, const Value *later, SeqEdges *e);

/* The ops of the run whose effects are not modelled, in source order, each
** once: those seq_op_effects returns -1 for, and those the run makes
** unmodelled (an FX_ALLOC kernel under SEQ_ALLOC_REPORTS, control flow in a
** tfrt.sync function, a tfrt.once whose one run other sites with objects
** share). */
int seq_nopaque(const SeqAnalysis *a);
const Op *seq_opaque(const SeqAnalysis *a, int i, const char **why);

/* True when [y] cannot start, in any schedule, before some result of [x] is
** available: y waits (it is strict, or it is the operand y's selector or
** y's only one) for an operand that depends on a result of x through data
** and chain edges, transitively, within their common block. Both must be
** ops of one block the run reaches (false otherwise). For a kernel, which
** has done all it does once its results are available, that is "x finishes
** before y starts"; for an op that runs a body, only what the body does
** before that result is. In a tfrt.sync function: block order. */
bool seq_ordered(const SeqAnalysis *a, const Op *x, const Op *y);

/* One line (no newline) saying why the run is not determinate, naming the
** first opaque op or the first unordered pair with both locations
** ("FILE:L:C: 'tfrt.print.i32' and FILE:L:C: 'tfrt.print.i32' both print
** to the output"), or why the analysis gave up ("the analysis gave up:
** ..."), or "every conflicting pair is ordered". The caller frees the
** string. */
char *seq_describe(const SeqAnalysis *a);
/* The same sentence for pair [i] (tfrun lint's warning text). The caller
** frees the string. */
char *seq_pair_describe(const SeqAnalysis *a, int i);

#endif
