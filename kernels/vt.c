/*
** vt.c — value-tracking kernels (docs/kernel-behaviour.md §6).
**
** A `!vt.value` is a heap object holding an i32 that prints when it is
** constructed and when it is destroyed, so tests can observe exactly when
** the executor drops the last reference to a value (docs/execution.md §6.6). TFRT's C++
** type prints `constructed` for the temporary and `move constructed` for the
** copy stored in the async value; sharing never copies.
**
** The object remembers the output stream it was created for: its deleter
** runs wherever the last reference goes (any thread, possibly after the
** kernel's frame is gone) and has nothing else to reach the host through.
*/
#include <inttypes.h>
#include <stdlib.h>
#include "kernels/klib.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

typedef struct VtValue {
    Object hdr;        /* registered kind "!vt.value" */
    int32_t v;
    FILE *out;
} VtValue;

static void line(FILE *out, const char *what, int32_t v)
{
    if (!out) return;
    flockfile(out);
    fprintf(out, "%s(%" PRId32 ")\n", what, v);
    fflush(out);
    funlockfile(out);
}

static void vt_delete(Object *o)
{
    VtValue *x = (VtValue *)o;
    line(x->out, "destroyed vt.value", x->v);
    free(x);
}

static uint32_t vt_kind(void) { return obj_register_type("!vt.value"); }

static void make(KernelFrame *f, int32_t v)
{
    FILE *out = host_out(f->ctx->host);
    line(out, "constructed vt.value", v);
    line(out, "move constructed vt.value", v);
    VtValue *x = (VtValue *)obj_alloc(vt_kind(), sizeof *x, vt_delete);
    x->v = v;
    x->out = out;
    kf_set(f, 0, any_obj(&x->hdr));
}

/* Operand [i] as a vt value, or an error. */
static VtValue *vt_arg(KernelFrame *f, int i)
{
    VtValue *x = i < f->nargs ? (VtValue *)any_unbox_obj(*kf_arg(f, i), vt_kind()) : NULL;
    if (!x) kf_error(f, "operand #%d is not a !vt.value", i);
    return x;
}

void k_vt_constant(KernelFrame *f)
{
    int64_t v;
    if (!kl_attr_int(kf_attr(f, attr_value), &v)) {
        kf_error(f, "missing or invalid 'value' attribute");
        return;
    }
    make(f, (int32_t)v);
}

void k_vt_add(KernelFrame *f)
{
    VtValue *a = vt_arg(f, 0), *b = a ? vt_arg(f, 1) : NULL;
    if (a && b) make(f, (int32_t)((uint32_t)a->v + (uint32_t)b->v));
}

void k_vt_print(KernelFrame *f)
{
    VtValue *x = vt_arg(f, 0);
    if (!x) return;
    line(host_out(f->ctx->host), "print vt_value", x->v);
    kf_set_chain(f, 0);
}
