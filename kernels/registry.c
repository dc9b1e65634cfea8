/*
** registry.c — binds every row of the op table (ops/ops.def) to its kernel.
**
** The op table describes ops and knows no kernel (ops/optable.h); this file
** is where the kernel library says which C function runs each row: `k_<ident>`
** for an OP row, `k_<kernel>` for an OPI row. Each is declared weak, so a row
** whose kernel is not written (OPF_NO_KERNEL rows such as func.call) binds to
** NULL and the executor reports it as an unknown kernel; tests/test_kernels.c
** checks that exactly the OPF_NO_KERNEL rows are unbound.
**
** Threads: the binding runs once, before main (a constructor; the Makefile
** links the kernel archive whole so that it runs); the table is read-only
** afterwards.
*/
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *f) __attribute__((weak));
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) \
    void k_##kernel(KernelFrame *f) __attribute__((weak));
#include "ops/ops.def"
#undef OP
#undef OPI

/* In OPID order (ORDER OPNAME). */
static const KernelFn kernel_fns[OPID__COUNT] = {
#define OP(id, ...) k_##id,
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) k_##kernel,
#include "ops/ops.def"
#undef OP
#undef OPI
};

__attribute__((constructor)) static void bind_kernels(void)
{
    optable_bind_kernels(kernel_fns, OPID__COUNT);
}
