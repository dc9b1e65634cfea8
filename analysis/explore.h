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
** Witness: "MODEL:I.J.K..." — the model ("spec" or "executor") and, for
** each choice point in order, the index of the step taken among the queued
** steps (queue order, the result line last). explore_replay runs it again.
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
    long max_schedules;      /* stop after this many complete schedules (> 0) */
    double timeout;          /* seconds; 0: none */
    ExploreResultFn print_result;
    void *ud;
} ExploreOptions;

typedef struct ExploreOutcome {
    char *output;            /* the output lines, each ending in '\n' */
    long schedules;          /* complete schedules that gave it */
    char *witness;
} ExploreOutcome;

typedef struct ExploreResult {
    long schedules;          /* complete schedules run */
    long executions;         /* runs, including those cut short by a reduction */
    long cache_hits;
    bool complete;           /* every schedule the reductions keep was run */
    char *note;              /* why not complete, or a remark; NULL */
    ExploreOutcome *outcomes;
    int noutcomes;
} ExploreResult;

/* Explores zero-argument function [fn] on host [h]. Fills [r] (free it with
** explore_result_free). */
void explore_function(Host *h, const Func *fn, const ExploreOptions *o, ExploreResult *r);
void explore_result_free(ExploreResult *r);

/* Parses the model of [witness] ("spec:..." / "executor:..."); false when it
** has none. */
bool explore_witness_model(const char *witness, ExploreModel *model);

/* Runs [fn] once on [h] in the schedule [witness] names; the output goes to
** h->out, the result line through [pr]. False, with a message in *err
** (malloc'ed), when the witness does not fit the run (a bad index, too few
** or too many choices); the run is then finished in queue order. */
bool explore_replay(Host *h, const Func *fn, const char *witness, ExploreResultFn pr, void *ud,
                    char **err);

/* Runs [fn] once on [h] in the explorer's first schedule (the first queued
** step at every choice), as explore runs an init function; the output goes
** to h->out, the result line through [pr]. `run --replay` runs the
** --init-function so, before the function the witness belongs to. */
void explore_run_first(Host *h, const Func *fn, ExploreResultFn pr, void *ud);

#endif
