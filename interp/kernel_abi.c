/*
** kernel_abi.c — the helpers of the kernel ABI (interp/kernel_abi.h): result
** setters, error reporting, host services, deferred work and the registry
** of native functions.
*/
#include "base/alloc.h"
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "interp/exec_int.h"
#include "interp/kernel_abi.h"

/* ---- results ------------------------------------------------------------- */

void kf_forward_arg(KernelFrame *f, int i, int j)
{
    av_retain(f->args[j]);
    f->results[i] = f->args[j];
}

/* Sets every result slot still NULL to [err] (borrowed). */
static void fill_error(KernelFrame *f, AsyncValue *err)
{
    for (int i = 0; i < f->nresults; i++) {
        if (!f->results[i]) {
            av_retain(err);
            f->results[i] = err;
        }
    }
}

/* In a tfrt.sync function the first error is also kept in the context, so
** that a kernel without results can fail (docs/execution.md §6.9). */
static void record_sync_error(KernelFrame *f, const char *msg)
{
    if ((f->ctx->flags & EXEC_SYNC) && !f->ctx->error) {
        f->ctx->error = strdup(msg);
        if (!f->ctx->error) tf_out_of_memory();
    }
}

void kf_error(KernelFrame *f, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    exec_diag(f->ctx, f->op, buf);
    record_sync_error(f, buf);
    AsyncValue *err = av_new_error(ERR_INTERNAL, buf);
    fill_error(f, err);
    av_release(err);
}

void kf_error_silent(KernelFrame *f, ErrorCode code, const char *msg)
{
    record_sync_error(f, msg);
    AsyncValue *err = av_new_error(code, msg);
    fill_error(f, err);
    av_release(err);
}

/* ---- host services ------------------------------------------------------- */

FILE *host_out(Host *h) { return h->out; }

bool host_out_flush(Host *h)
{
    HostPriv *hp = (HostPriv *)h;
    if (!h->out) return true;
    if (atomic_load_explicit(&hp->out_errno, memory_order_acquire)) return false;
    errno = 0;
    if (fflush(h->out) == 0 && !ferror(h->out)) return true;
    int e = errno ? errno : EIO, none = 0;
    /* The first failure stops the run; the driver reports it once. */
    if (!atomic_compare_exchange_strong(&hp->out_errno, &none, e)) return false;
    pthread_mutex_lock(&hp->mu);
    if (hp->out_rq) rq_stop_msg(hp->out_rq, "Cancelled: write error");
    pthread_mutex_unlock(&hp->mu);
    return false;
}

int host_out_error(const Host *h)
{
    return atomic_load_explicit(&((HostPriv *)h)->out_errno, memory_order_acquire);
}

void host_set_request(Host *h, RequestContext *rq)
{
    HostPriv *hp = (HostPriv *)h;
    if (rq) rq_retain(rq);
    pthread_mutex_lock(&hp->mu);
    RequestContext *old = hp->out_rq;
    hp->out_rq = rq;
    if (rq && atomic_load(&hp->out_errno)) rq_stop_msg(rq, "Cancelled: write error");
    pthread_mutex_unlock(&hp->mu);
    if (old) rq_release(old);
}
WorkQueue *host_queue(Host *h) { return h->queue; }
struct TSink *host_tsink(Host *h) { return h->tsink; }
HostAllocator *host_allocator(Host *h) { return h->alloc; }
const Module *host_module(Host *h) { return h->module; }
bool host_split_updates(Host *h) { return h->split_updates; }

ExecCtx *exec_ctx_dup(const ExecCtx *c)
{
    ExecCtx *d = malloc(sizeof *d);
    if (!d) tf_out_of_memory();
    *d = *c;
    d->error = NULL;
    if (d->rq) rq_retain(d->rq);
    d->site = exec_chain_sites(c);
    d->vm = NULL;
    return d;
}

void exec_ctx_free(ExecCtx *c)
{
    if (!c) return;
    if (c->rq) rq_release(c->rq);
    exec_site_release(c->site);
    free(c);
}

void exec_enqueue(const ExecCtx *c, TaskFn fn, void *a, void *b)
{
    wq_add_task(c->host->queue, fn, a, b);
}

void exec_diag(const ExecCtx *c, const Op *op, const char *msg)
{
    if (c->flags & EXEC_SYNC) return;
    Host *h = c->host;
    if (!h->diag) return;
    /* Program output first, so that stdout and stderr interleave in the
    ** order things happened when both go to one file. */
    if (h->out) fflush(h->out);
    diag_lock(h->diag);
    exec_emit_at(h, DIAG_ERROR, op, "runtime error: ", msg);
    exec_call_notes(c);
    diag_unlock(h->diag);
}

void exec_report_error(const ExecCtx *c, const Op *op, AsyncValue *dst, const char *msg)
{
    exec_diag(c, op, msg);
    if (av_is_indirect(dst)) {
        AsyncValue *e = av_new_error(ERR_INTERNAL, msg);
        av_forward(dst, e);
        av_release(e);
    } else {
        av_set_error(dst, ERR_INTERNAL, msg);
    }
}

/* ---- native functions ---------------------------------------------------- */

/* Written only at start-up (native_register, from constructors), read after. */
static NativeTable *native_tables;

void native_register(NativeTable *t)
{
    t->next = native_tables;
    native_tables = t;
}

NativeFn native_lookup(const char *name)
{
    for (const NativeTable *t = native_tables; t; t = t->next)
        for (int i = 0; i < t->n; i++)
            if (!strcmp(t->entries[i].name, name)) return t->entries[i].fn;
    return NULL;
}
