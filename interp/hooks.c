/*
** hooks.c — two consumers of the executor's event stream on one host
** (interp/hooks.h: hooks_pair).
*/
#include "base/alloc.h"
#include <stdlib.h>
#include "interp/hooks.h"

typedef struct Pair {
    DebugHooks pub;
    const DebugHooks *a, *b;
} Pair;

/* The original four are set in both; an addition may be NULL in either. */
#define BOTH(call, ...) do { \
        const Pair *p_ = ud; \
        if (p_->a->call) p_->a->call(p_->a->ud, __VA_ARGS__); \
        if (p_->b->call) p_->b->call(p_->b->ud, __VA_ARGS__); \
    } while (0)

static void p_frame_enter(void *ud, const void *frame, const Block *body, AsyncValue *const *args, int nargs)
{
    BOTH(frame_enter, frame, body, args, nargs);
}
static void p_frame_exit(void *ud, const void *frame) { BOTH(frame_exit, frame); }
static void p_before(void *ud, const ExecCtx *c, const void *frame, const Op *op)
{
    BOTH(before_kernel, c, frame, op);
}
static void p_after(void *ud, const void *frame, const Op *op, AsyncValue *const *res, int n)
{
    BOTH(after_kernel, frame, op, res, n);
}
static void p_invoke(void *ud, const void *frame, const Block *body, const Op *site, const ExecCtx *c)
{
    BOTH(invoke, frame, body, site, c);
}
static void p_run_begin(void *ud, const void *frame) { BOTH(run_begin, frame); }
static void p_run_end(void *ud, const void *frame) { BOTH(run_end, frame); }
static void p_wait(void *ud, const void *frame, const Value *val) { BOTH(value_wait, frame, val); }
static void p_wake(void *ud, const void *frame, const Value *val) { BOTH(value_wake, frame, val); }

DebugHooks *hooks_pair(const DebugHooks *a, const DebugHooks *b)
{
    Pair *p = xcalloc(1, sizeof *p);
    p->a = a;
    p->b = b;
    p->pub = (DebugHooks){
        .ud = p,
        .frame_enter = p_frame_enter, .frame_exit = p_frame_exit,
        .before_kernel = p_before, .after_kernel = p_after,
        .flags = a->flags & b->flags,
        .invoke = p_invoke, .run_begin = p_run_begin, .run_end = p_run_end,
        .value_wait = p_wait, .value_wake = p_wake,
    };
    return &p->pub;
}

void hooks_pair_free(DebugHooks *h)
{
    free(h);    /* pub is the Pair's first member */
}
