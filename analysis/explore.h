/*
** explore.h — the schedule explorer behind `tfrun explore` and
** `tfrun run --replay` (docs/tools.md §4, docs/explore.md).
**
** A function runs again and again from scratch on a controlled scheduler:
** the host runs under EXEC_EXPLORE (every ready kernel a task of its own on
** the single-threaded queue) and the explorer decides which queued task runs
** next. Tasks whose kernel has no effect (seq_op_effects: no read or write
** of the output or of a mutable object) run at once, in queue order; every
** other task is a *step*, and where several steps are queued the explorer
** chooses. The driver's `'NAME' returned` line is a step too (it writes the
** output), enabled once every result is available.
**
** The search is a depth-first walk over those choices with two reductions
** (EXPLORE_REDUCED): sleep sets (Godefroid), so that of two schedules that
** differ only in the order of independent steps one is run, and a cache of
** visited states (the steps run, what each read, the contents of every
** variable, the output so far), so that a state reached along two orders is
** explored once; when the first run meets no state the cache can name, the
** rest of the search is source-set DPOR with sleep sets instead. EXPLORE_SLEEP uses sleep sets alone (one complete
** schedule per equivalence class of conflict orders), EXPLORE_DPOR
** source-set DPOR with sleep sets (the same classes, fewer runs that a
** sleep set blocks), EXPLORE_BRUTE runs
** every interleaving of the steps (both for tests and measurements).
**
** Witness: "MODEL@FUNCTION:I.J.K..." — the model ("spec" or "executor"),
** the function it is a schedule of, and, for each choice point in order,
** the index of the step taken among the queued steps (queue order, the
** result line last). explore_replay runs it again. A witness without
** "@FUNCTION" (as they were written before) fits whichever function it is
** given to.
**
** Budget: ExploreOptions.max_schedules counts every run, complete or cut
** short by a reduction (a visited state, every step asleep), so it bounds
** the time; the cache of visited states holds at most max_states states
** (then it stops growing, and states it cannot hold are explored again,
** which is sound), so memory is bounded too.
**
** Outcomes: runs are grouped by what the program itself printed and the
** `returned` line's text; where the `returned` line fell among the
** program's lines (it is a step of its own, unordered with the prints its
** results do not wait for) is reported within the group.
**
** Ownership: the caller owns the Host (schedule EXEC_EXPLORE, loaded, on a
** single-threaded queue, split_updates as the model says) and keeps it
** alive across calls; results are owned by the ExploreResult.
**
** Module prefix: explore_.
*/
#ifndef TFRUN_EXPLORE_H
#define TFRUN_EXPLORE_H

#include <stdbool.h>
#include <stdio.h>
#include "interp/exec.h"
#include "ir/ir.h"

typedef enum ExploreModel { EXPLORE_SPEC, EXPLORE_EXECUTOR } ExploreModel;
typedef enum ExploreSearch { EXPLORE_REDUCED, EXPLORE_SLEEP, EXPLORE_DPOR, EXPLORE_BRUTE } ExploreSearch;

/* Prints the `'NAME' returned ...` line of [fn] for [res] to [out]. */
typedef void (*ExploreResultFn)(void *ud, FILE *out, const Func *fn, AsyncValue **res);

typedef struct ExploreOptions {
    ExploreModel model;
    ExploreSearch search;
    long max_schedules;      /* stop after this many runs, complete or cut short (> 0) */
    double timeout;          /* seconds; 0: none */
    ExploreResultFn print_result;
    void *ud;
    long max_states;         /* states the cache may hold; 0: EXPLORE_MAX_STATES */
} ExploreOptions;

/* The cache's default bound: 2^20 states, about 170 MB (a state takes two
** 40-byte slots of the table, which is at most half full, and its sleep
** set); eight unordered spec-model updates need 741 226. */
#define EXPLORE_MAX_STATES (1L << 20)

/* One place of the `returned` line within an outcome. */
typedef struct ExploreReturned {
    int after;               /* how many of the program's own lines came before it */
    long schedules;          /* complete schedules that put it there */
    char *witness;           /* the first of them */
} ExploreReturned;

typedef struct ExploreOutcome {
    char *output;            /* the output lines as the witness printed them (each
                                ending in '\n'), the `returned` line in its place */
    char *lines;             /* the program's own lines: output without the `returned` line */
    char *result;            /* the `returned` line ('\n' included); NULL without results */
    char *never_ran;         /* work that never ran: `FILE:L:C: error: ...` lines as
                                tfrun run reports them (interp/stuck.h); NULL: none */
    long schedules;          /* complete schedules that gave it */
    char *witness;
    ExploreReturned *returned;   /* each place of the `returned` line, in the order
                                    found ([0]: the witness's); none without results */
    int nreturned;
} ExploreOutcome;

typedef struct ExploreResult {
    long schedules;          /* complete schedules run */
    long executions;         /* runs, including those cut short by a reduction */
    long cache_hits;
    long states;             /* states the cache holds */
    bool cache_full;         /* it reached max_states */
    bool complete;           /* every schedule the reductions keep was run */
    char *note;              /* why not complete, or a remark; NULL */
    ExploreOutcome *outcomes;
    int noutcomes;
} ExploreResult;

/* Explores zero-argument function [fn] on host [h]. Fills [r] (free it with
** explore_result_free). */
void explore_function(Host *h, const Func *fn, const ExploreOptions *o, ExploreResult *r);
void explore_result_free(ExploreResult *r);

/* Parses the model of [witness] ("spec..." / "executor...", then "@NAME"
** or not, then ":"); false when it has none. */
bool explore_witness_model(const char *witness, ExploreModel *model);

/* The function [witness] names, malloc'ed; NULL when it names none. */
char *explore_witness_function(const char *witness);

/* Runs [fn] once on [h] in the schedule [witness] names (NULL: the first
** queued step at every choice point); the output goes to h->out, the
** result line through [pr]. False, with a message in *err (malloc'ed),
** when the witness does not fit the run (a bad index, too few or too many
** choices, another function's witness); the run is then finished in queue
** order. */
bool explore_replay(Host *h, const Func *fn, const char *witness, ExploreResultFn pr, void *ud,
                    char **err);

/* Runs [fn] once on [h] in the explorer's first schedule (the first queued
** step at every choice), as explore runs an init function; the output goes
** to h->out, the result line through [pr]. `run --replay` runs the
** --init-function so, before the function the witness belongs to. */
void explore_run_first(Host *h, const Func *fn, ExploreResultFn pr, void *ud);

#endif
