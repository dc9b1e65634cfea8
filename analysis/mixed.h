/*
** mixed.h — the schedule of each function a run runs (docs/analysis.md §8):
** fast when nothing it reaches is unordered, exact otherwise, and "exact,
** then fast" when every unordered pair it reaches meets in its own body
** (the criterion of docs/analysis.md §8.1: once every such pair is
** decided, the rest of the run may go on fast). The driver runs each
** function to quiescence before the next, so each gets its own.
**
** Ownership: a MixPlan is the caller's (mix_plan_free); it borrows the
** module, not the analysis, which may be freed once the plan is made.
** Threads: a plan is immutable.
**
** Module prefix: mix_.
*/
#ifndef TFRUN_MIXED_H
#define TFRUN_MIXED_H

#include <stdbool.h>
#include "analysis/seq.h"
#include "interp/exec.h"

typedef enum MixKind {
    MIX_FAST,      /* every conflicting pair it reaches is ordered */
    MIX_EXACT,     /* exact to the end */
    MIX_SWITCH     /* exact until its unordered pairs are decided (sw) */
} MixKind;

typedef struct MixChoice {
    const Func *func;
    MixKind kind;
    char *why;           /* not fast: the first unordered pair or unmodelled op
                            it reaches, or why the analysis gave up (one line,
                            as seq_describe) */
    ExecSwitch *sw;      /* MIX_SWITCH: what its run watches */
} MixChoice;

typedef struct MixPlan {
    MixChoice *c;        /* one per function of the analysis' run, in its order */
    int n;
    int nfast, nexact, nswitch;
} MixPlan;

/* The choices for every function of [a]'s run (SeqOptions.funcs). */
MixPlan *mix_plan(const SeqAnalysis *a);
void mix_plan_free(MixPlan *p);
/* The choice for [f], or NULL when [f] is not in the run. */
const MixChoice *mix_choice(const MixPlan *p, const Func *f);

#endif
