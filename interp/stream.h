/*
** stream.h — the stream analysis of docs/execution.md §6.2: a scheduling
** policy that assigns every op of a block a stream id. Kernels of the stream
** being processed run inline; kernels of other streams become tasks (docs/execution.md §6.3).
** Programs that order their side effects with chains never depend on it
** (docs/execution.md §6.2).
**
** The analysis works on a small abstract graph (StreamGraph) so that it can
** be tested without the front end; stream_block() builds the graph of an IR
** block and applies the threshold rules of docs/execution.md §6.2.
** stream_tree() adds what TFRT's PrintStreamPass reports (each stream's
** cost and parent, the streams each op starts) for `tfrun opt
** -tfrt-print-stream`; the executor needs none of it.
**
** Ownership: callers own every array; nothing is retained. A StreamTree
** owns its arrays until stream_tree_free.
**
** Module prefix: stream_.
*/
#ifndef TFRUN_STREAM_H
#define TFRUN_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include "ir/ir.h"

/* The ops o1..on of a block in order, the last one being `tfrt.return`
** (op index nops-1). defs[i][j] is the op index defining operand j of op i,
** or -1 for a block argument (defined by the virtual root R). cost[i] is the
** op's fixed cost (> 0), or 0 for "default" (the threshold T when set, else
** 1). */
typedef struct StreamGraph {
    int nops;
    const int *nopnds;
    const int *const *defs;
    const int64_t *cost;
} StreamGraph;

/* Computes the stream of every op into streams[0..nops-1] and the stream of
** the root R into streams[nops]. [threshold] <= 0 means unset. Stream ids are
** the creation numbers of docs/execution.md §6.2 (0, 1, 2, ...). Returns the number of streams
** created, or -1 when out of memory. */
int stream_compute(const StreamGraph *g, int64_t threshold, int *streams);

/* The threshold of docs/execution.md §6.2 for block [b] of module [m]: the function's
** `tfrt.cost_threshold` when [b] is a function body and has it, else the
** module's, else 0 (unset). */
int64_t stream_threshold(const Module *m, const Block *b);

/* Called by stream_ops for every op of the block, in order, while the op is
** at hand: a caller that needs its own walk over the ops gets it for free. */
typedef void (*StreamVisit)(void *ud, int i, const Op *op);

/* Streams of the ops of block [b], numbered as in stream_compute:
** member[i] for op i (0 <= i < b->nops, the return included) and
** member[b->nops] for R. [member] has room for b->nops + 1 entries. [visit]
** (may be NULL) sees each op in the forward pass. Returns false when out of
** memory. Touches each op once, in order; its scratch is 16 bytes per op
** (interp/stream.c). */
bool stream_ops(const Module *m, const Block *b, int *member, StreamVisit visit, void *ud);

/* Streams of block [b]: out[0] is the pseudo kernel's stream (R's), out[k]
** for k = 1..K the stream of the k-th non-return op. [out] has room for
** b->nops + 1 entries. Returns false when
** out of memory. */
bool stream_block(const Module *m, const Block *b, int *out);

/* The stream tree of a block, what TFRT's StreamAnalysis reports and
** `tfrun opt -tfrt-print-stream` prints (docs/tools.md §1.4). Stream ids
** are the creation numbers of stream_compute, the ones the executor uses.
** Ops are numbered 0 .. nops-1 in block order; op number nops is R. */
typedef struct StreamTree {
    int nops;
    int nstreams;      /* ids 0 .. nstreams-1; an id merged into another owns no op */
    int *stream;       /* [nops + 1]: the stream of op i (of R at nops) */
    int *parent;       /* [nops]: op i's parent in the forward pass (nops: R) */
    int64_t *cost;     /* [nstreams]: a stream's cost, the sum of its ops' costs */
    int *parent_op;    /* [nstreams]: the op (nops: R) whose stream starts stream s,
                          TFRT's Stream::parent_op; -1 for R's stream */
    int *first_op;     /* [nstreams]: the first op of stream s in block order, -1 if none */
    int *first_child;  /* [nops + 1]: the first stream op x starts, -1: none */
    int *next_child;   /* [nstreams]: the next stream started by the same op, -1 */
} StreamTree;

/* The tree of block [b] of module [m] (thresholds as in stream_ops). The
** lists of first_child/next_child are in the order of their streams'
** first ops, as TFRT's pass prints them. Returns false when out of memory
** ([t] then owns nothing). Free with stream_tree_free. */
bool stream_tree(const Module *m, const Block *b, StreamTree *t);
/* The same for an abstract graph; returns the number of streams, -1 when
** out of memory. */
int stream_tree_compute(const StreamGraph *g, int64_t threshold, StreamTree *t);
/* The parent stream of stream [s]: the stream of its parent_op, -1 for R's. */
int stream_parent(const StreamTree *t, int s);
void stream_tree_free(StreamTree *t);

#endif
