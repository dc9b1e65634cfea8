/*
** call.c — the call chain in diagnostics: the `called from` notes that
** follow a runtime error or the call depth limit's error (interp/exec.c's
** exec_call_func enforces the limit), and the chain as CallSite links for
** contexts that outlive a compiled kernel call; and synchronous functions
** on the sequential interpreter (docs/execution.md §6.9).
*/
#include "base/alloc.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/exec_int.h"

/* {=====================================================================
** The call chain (docs/execution.md §1.7)
** ====================================================================== */

void exec_emit_at(const Host *h, DiagKind k, const Op *op, const char *prefix, const char *msg)
{
    if (op && op->loc) diag_emit_locf(h->diag, k, op->loc, "%s%s", prefix, msg);
    else if (op) diag_emitf(h->diag, k, h->module ? h->module->filename : NULL, op->line, op->col, "%s%s", prefix, msg);
    else diag_emitf(h->diag, k, NULL, 0, 0, "%s%s", prefix, msg);
}

void exec_call_notes(const ExecCtx *c)
{
    const Host *h = c->host;
    /* The chain, innermost first: the compiled engine's calls, then the
    ** context's links. */
    int ninner = 0;
    const Op **inner = c->vm ? vm_chain_ops(c->vm, &ninner) : NULL;
    long total = ninner;
    for (const CallSite *s = c->site; s; s = s->parent) total++;
    const CallSite *s = c->site;
    for (long i = 0; i < total; i++) {
        const Op *op = i < ninner ? inner[i] : s->op;
        if (i >= ninner) s = s->parent;
        if (i < EXEC_CALL_NOTES || i >= total - EXEC_CALL_NOTES) {
            exec_emit_at(h, DIAG_NOTE, op, "", "called from");
        } else if (i == EXEC_CALL_NOTES) {
            char more[64];
            long n = total - 2 * EXEC_CALL_NOTES;
            snprintf(more, sizeof more, "... %ld more call%s", n, n == 1 ? "" : "s");
            diag_emit(h->diag, DIAG_NOTE, NULL, 0, 0, more);
        }
    }
    free(inner);
}

CallSite *exec_vm_sites(const ExecCtx *c)
{
    CallSite *s = c->site;
    exec_site_retain(s);
    int n = 0;
    const Op **ops = c->vm ? vm_chain_ops(c->vm, &n) : NULL;
    for (int i = n - 1; i >= 0; i--) s = exec_site_link(s, ops[i]);
    free(ops);
    return s;
}

void exec_report_call_depth(const ExecCtx *c, const Op *site, int max)
{
    char msg[64];
    snprintf(msg, sizeof msg, "call depth exceeds %d", max);
    if (c->rq && !rq_stop_msg(c->rq, msg)) return;
    Host *h = c->host;
    if (!h->diag || (c->flags & EXEC_SYNC)) return;
    if (h->out) fflush(h->out);
    diag_lock(h->diag);
    exec_emit_at(h, DIAG_ERROR, site, "", msg);
    exec_call_notes(c);
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
