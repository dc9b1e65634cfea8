/*
** call.c — the diagnostic of the call depth limit (the chain of `called
** from` notes; interp/exec.c's exec_call_func enforces the limit), and
** synchronous functions on the sequential interpreter (docs/execution.md
** §6.9).
*/
#include "base/alloc.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/exec_int.h"

/* ---- the call depth limit's diagnostic ------------------------------------ */

/* Emits one `called from` note at [op]. */
static void call_note(const ExecCtx *c, const Op *op)
{
    Host *h = c->host;
    if (op && op->loc) diag_emit_loc(h->diag, DIAG_NOTE, op->loc, "called from");
    else if (op) diag_emit(h->diag, DIAG_NOTE, h->module ? h->module->filename : NULL, op->line, op->col, "called from");
}

void exec_report_call_depth(const ExecCtx *c, const Op *site, int max, const Op *const *inner, int ninner)
{
    char msg[64];
    snprintf(msg, sizeof msg, "call depth exceeds %d", max);
    if (c->rq && !rq_stop_msg(c->rq, msg)) return;
    Host *h = c->host;
    if (!h->diag || (c->flags & EXEC_SYNC)) return;
    if (h->out) fflush(h->out);
    /* The chain, innermost first: [inner], then the context's links. */
    long total = ninner;
    for (const CallSite *s = c->site; s; s = s->parent) total++;
    diag_lock(h->diag);
    if (site && site->loc) diag_emit_loc(h->diag, DIAG_ERROR, site->loc, msg);
    else if (site) diag_emit(h->diag, DIAG_ERROR, h->module ? h->module->filename : NULL, site->line, site->col, msg);
    else diag_emit(h->diag, DIAG_ERROR, NULL, 0, 0, msg);
    long i = 0;
    const CallSite *s = c->site;
    for (; i < total; i++) {
        const Op *op = i < ninner ? inner[i] : s->op;
        if (i >= ninner) s = s->parent;
        if (i < EXEC_CALL_NOTES || i >= total - EXEC_CALL_NOTES) {
            call_note(c, op);
        } else if (i == EXEC_CALL_NOTES) {
            char more[64];
            snprintf(more, sizeof more, "... %ld more calls", total - 2 * EXEC_CALL_NOTES);
            diag_emit(h->diag, DIAG_NOTE, NULL, 0, 0, more);
        }
    }
    diag_unlock(h->diag);
}

/* {=====================================================================
** Synchronous functions (docs/execution.md §6.9)
** ====================================================================== */

bool exec_run_sync(const ExecCtx *c, const Func *fn, AsyncValue *const *args, int nargs,
                   AsyncValue **results, char **err)
{
    *err = NULL;
    const Block *b = fn->body;
    const Plan *p = b ? plan_of(c->host, b) : NULL;
    if (!p) {
        *err = strdup("sync function has no body");
        return false;
    }
    ExecCtx sc = *c;
    sc.flags |= EXEC_SYNC;
    sc.error = NULL;
    AsyncValue **regs = xcalloc((size_t)p->nregs + 1, sizeof(AsyncValue *));
    int *left = xcalloc((size_t)p->nregs + 1, sizeof(int));
    for (int i = 0; i < b->nargs; i++) left[b->args[i]->index] = b->args[i]->nuses;
    for (int k = 1; k < p->nkern; k++) {
        const Op *op = p->ops[k - 1];
        for (int i = 0; i < op->nresults; i++) left[op->results[i]->index] = op->results[i]->nuses;
    }
    for (int i = 0; i < p->nargs && i < nargs; i++) {
        av_retain(args[i]);
        regs[i] = args[i];
    }
    bool ok = true;
    for (int k = 1; k < p->nkern && ok; k++) {
        const Op *op = p->ops[k - 1];
        int na = op->noperands, nr = op->nresults;
        KernelFn kfn = op->info ? op->info->fn : NULL;
        AsyncValue *argbuf[SMALL], *resbuf[SMALL];
        AsyncValue **a = na <= SMALL ? argbuf : xmalloc(sizeof(AsyncValue *) * (size_t)na);
        AsyncValue **rs = nr <= SMALL ? resbuf : xmalloc(sizeof(AsyncValue *) * (size_t)nr);
        for (int j = 0; j < na; j++) a[j] = regs[op->operands[j]->index];
        for (int i = 0; i < nr; i++) rs[i] = NULL;
        KernelFrame kf = { a, na, rs, nr, op, &sc };
        if (kfn) kfn(&kf);
        else sc.error = strdup("no kernel");
        for (int i = 0; i < nr; i++) {
            if (!rs[i]) rs[i] = av_new_error(ERR_INTERNAL, "kernel did not set its result");
            if (ok && !sc.error && av_is_error(rs[i])) sc.error = strdup(av_error(rs[i])->msg);
        }
        if (sc.error) ok = false;
        /* Release operands whose last use this was. */
        for (int j = 0; j < na; j++) {
            int r = op->operands[j]->index;
            if (--left[r] == 0 && regs[r]) {
                av_release(regs[r]);
                regs[r] = NULL;
            }
        }
        for (int i = 0; i < nr; i++) {
            const Value *v = op->results[i];
            if (v->nuses == 0) av_release(rs[i]);
            else regs[v->index] = rs[i];
        }
        if (a != argbuf) free(a);
        if (rs != resbuf) free(rs);
    }
    if (ok) {
        for (int i = 0; i < p->nresults; i++) {
            int r = p->ret->operands[i]->index;
            av_retain(regs[r]);
            results[i] = regs[r];
        }
    } else {
        *err = sc.error;
    }
    for (int r = 0; r < p->nregs; r++)
        if (regs[r]) av_release(regs[r]);
    free(regs);
    free(left);
    return ok;
}
