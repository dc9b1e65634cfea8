/*
** debug_int.h — what the two files of the debugger share (interp/debug.h
** part 2): interp/debug.c keeps the records and runs the hooks, stops and
** going back; interp/debug_show.c answers the questions asked while
** stopped (frames, locals, ready, pending) and parses conditions. Private
** to those two files.
**
** Positions: the kernels of a run are numbered in the order they start
** (Debugger.seq, from 1). A stop is before kernel N (position 2N) or after
** it (2N + 1), so positions order every stop of a run.
*/
#ifndef TFRUN_DEBUG_INT_H
#define TFRUN_DEBUG_INT_H

#include <stdint.h>
#include "base/strbuf.h"
#include "interp/debug.h"
#include "interp/display.h"
#include "ops/optable.h"

/* One invocation (function or region body) the debugger has seen start.
** Allocated in one block with its arrays. */
typedef struct FrameRec FrameRec;
struct FrameRec {
    uint64_t id;                /* 1, 2, ... in the order frames start */
    const void *frame;          /* the executor's identity for it */
    const Block *body;
    const CallSite *site;       /* its ExecCtx.site, known from its first kernel */
    bool site_known;
    bool exited;                /* frame_exit came: only copies may be read */
    FrameRec *parent;           /* the invocation whose kernel started it (one
                                   reference), or NULL: the top, or unknown */
    const Op *call_op;          /* that kernel (also when the parent is gone) */
    uint64_t call_seq;          /* its position number, 0: unknown */
    int refs;                   /* 1 while live, + 1 per record naming it parent */
    int pending;                /* records naming it parent that are not complete */
    bool complete;              /* it exited, and so did everything it started */
    uint64_t nstarted;          /* kernels of it started */
    int nfinished, nkernels;    /* its kernels that ran; in its body */
    FrameRec *prev, *next;      /* live list, oldest first */
    FrameRec *sprev, *snext;    /* chain of the site table, newest first */
    bool in_sites;
    size_t bytes;               /* of the allocation */
    AsyncValue **regs;          /* [body->nvalues] borrowed, NULL: not produced */
    Any *copy;                  /* [body->nvalues] the scalar ones, else ANY_NONE */
    uint64_t *started;          /* [body->nops] position number, 0: not started */
};

/* A kernel running now (started, not finished): kernels nest through calls. */
typedef struct Running {
    FrameRec *fr;
    const Op *op;
    uint64_t seq;
    const ExecCtx *c;
} Running;

typedef enum BreakKind { BK_OP, BK_LINE, BK_FUNC, BK_WATCH } BreakKind;

typedef struct Break {
    int id;
    BreakKind kind;
    char *opname;               /* BK_OP */
    char *file;                 /* BK_LINE: NULL: any file */
    int line;
    const Func *func;           /* BK_FUNC */
    DbgCond *cond;              /* NULL: none */
    bool cond_warned;           /* told once per run that it could not be tested */
    /* BK_WATCH */
    char *vname;                /* "%v" */
    Object *obj;                /* watched, one reference; NULL: gone */
    char *last;                 /* its contents when last looked at */
    uint64_t birth_seq;         /* the kernel that made it (0: not known) */
    int birth_res;              /* which of its results */
    bool session;               /* the user's own value: it outlives runs */
    /* The writes of split rv.assign_add (the explorer's spec model) still
    ** to come: each is done when the op's result chain resolves. */
    struct { FrameRec *rec; const Op *op; } pend[4];   /* rec: one reference */
    int npend;
} Break;

typedef enum StepMode { M_RUN, M_STEP, M_NEXT, M_FINISH } StepMode;

#define HIST_BITS 16
#define HIST_MASK ((1u << HIST_BITS) - 1)

struct Debugger {
    FILE *out;
    DebugHooks hooks;
    DbgStopFn stop; void *stop_ud;
    DbgShowFn show; void *show_ud;
    DbgSilenceFn silence; void *silence_ud;
    const char *top_prefix;
    volatile sig_atomic_t *intr;
    const Display *disp;

    Break *breaks; int nbreaks, capbreaks, next_id;
    int nwatch;

    /* How the run goes on */
    StepMode mode;
    uint64_t mode_frame;        /* M_NEXT: the frame id to stop in */
    FrameRec *fin;              /* M_FINISH: the invocation (one reference) */
    char **fin_vals;            /* its results as text, as they are produced */
    bool fin_done;              /* it is complete: report at the next kernel */
    int nfin;
    uint64_t report_seq;        /* :step: print the results of this kernel */
    bool step_next_run;
    bool (*ready)(void *); void *ready_ud;   /* dbg_stop_when, this run */
    bool ready_next;                         /* for the next run */
    bool trace, running, stopped, detached;
    bool armed;                 /* anything above, or going back: the slow path */

    /* Going back (re-execution) */
    uint64_t seq;               /* kernels started in this run */
    const Op **hist;            /* the last 2^HIST_BITS kernels, by seq */
    uint64_t goal;              /* stop at this position (0: none) */
    bool goal_scan;             /* first find the last hit before [goal] */
    uint64_t last_hit;          /* the scan's answer so far */
    const Op *goal_op;          /* the kernel expected at the goal, if known */
    int goal_kind;              /* how the stop at the goal is announced */
    bool abandon;               /* the stop handler asked to leave this run */
    bool restart;               /* dbg_run_end: the run must start again */
    uint64_t next_goal;         /* the goal of that run */
    bool next_scan;
    int next_kind;
    const Op *next_op;
    bool silent;
    char *why_not_back;

    /* Records */
    FrameRec *first, *last;
    FrameRec **table; size_t tcap, tcount;
    /* Live records by (site, body), for finding callers (resolve). */
    FrameRec **sites; size_t scap, scount;
    const void *cache_frame; FrameRec *cache_rec;
    uint64_t next_frame_id;
    Running *stack; int nstack, capstack;
    FrameRec *spare[8];         /* freed records by size class, one list each */
    /* The last records that exited (one reference each): a body may start
    ** after the invocation whose kernel started it has exited (do.async,
    ** a queued rv.critical, an if waiting for its condition). */
    FrameRec *recent[256]; unsigned nrecent;
    struct Slab *slabs;         /* where the records of the classes come from */

    /* While stopped */
    FrameRec *stop_rec;
    const Op *stop_op;
    bool stop_after;
    uint64_t stop_seq;
    AsyncValue *const *stop_res; int stop_nres;
    const ExecCtx *stop_ctx;    /* of the kernel stopped at (NULL: none) */
    FrameRec **bt; int nbt, capbt;
    int sel;
    const FrameRec *bt_unknown;  /* the outermost frame's caller is not known */

    char *snapshot;             /* :pending after the run */
    FrameRec *root;             /* the run's outermost invocation (one
                                   reference), kept until the next run */
};

/* ---- shared by debug.c and debug_show.c ---- */
/* The file location of [op] (its own, or its function's file). */
void dbg_op_pos(const Op *op, const char **file, int *line, int *col);
/* Is [op] the return of its block? */
static inline bool dbg_is_return(const Op *op) { return op->info && (op->info->flags & OPF_TERMINATOR); }
/* The number of frames from [r] up to the top (1 for the top). */
int dbg_depth(const FrameRec *r);
/* "@f(%x = 1)", "top level", "region of tfrt.if in @f" into [b]. */
void dbg_frame_desc(const Debugger *d, const FrameRec *r, const Block *body, StrBuf *b);
/* "%x" / "%<3>" into [buf]. */
const char *dbg_value_name(const Value *v, char *buf, size_t cap);
/* Appends the value [v] of [r] to [b] as the safety rule allows (the value,
** its scalar copy, or why not). */
void dbg_show_reg(const Debugger *d, const FrameRec *r, const Value *v, StrBuf *b);
/* May [v] of [r] be read now (debug.h's safety rule)? */
bool dbg_alive(const Debugger *d, const FrameRec *r, const Value *v);
/* [v] of [r] as it may be read now (what its register holds, or the
** result of the kernel stopped after), or NULL when it may not. */
AsyncValue *dbg_live_value(const Debugger *d, const FrameRec *r, const Value *v);
/* Tests [c] in frame [r]: 1 holds, 0 does not, -1 cannot be tested (why
** in *why). */
int dbg_cond_eval(const Debugger *d, const FrameRec *r, const DbgCond *c, const char **why);
/* Builds the logical stack of the stop (Debugger.bt). */
void dbg_build_bt(Debugger *d);
/* Appends ", depth N" when N > 1. */
void dbg_depth_suffix(const FrameRec *r, StrBuf *b);

#endif
