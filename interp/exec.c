/*
** exec.c — the executor (placeholder while the real one is written).
*/
#include <stdlib.h>
#include "interp/exec.h"

Host *host_new(const Module *m, WorkQueue *q, HostAllocator *a, DiagSink *d, FILE *out)
{
    Host *h = calloc(1, sizeof *h);
    if (!h) abort();
    h->module = m; h->queue = q; h->alloc = a; h->diag = d; h->out = out;
    return h;
}

void host_free(Host *h) { free(h); }
bool exec_load(Host *h) { (void)h; return true; }
long exec_live_frames(void) { return 0; }

void exec_invoke_func(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                      AsyncValue **results)
{
    for (int i = 0; i < fn->nresults; i++) results[i] = av_new_error(ERR_UNIMPLEMENTED, "executor not built yet");
    (void)c; (void)args; (void)nargs;
}

void exec_invoke_block(const ExecCtx *c, const Block *body, AsyncValue *const *args, int nargs,
                       AsyncValue **results)
{
    const Op *ret = body->ops[body->nops - 1];
    for (int i = 0; i < ret->noperands; i++) results[i] = av_new_error(ERR_UNIMPLEMENTED, "executor not built yet");
    (void)c; (void)args; (void)nargs;
}

bool exec_run_sync(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                   AsyncValue **results, char **err)
{
    (void)c; (void)fn; (void)args; (void)nargs; (void)results;
    *err = NULL;
    return false;
}

NativeFn native_lookup(const char *name) { (void)name; return NULL; }
