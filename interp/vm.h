/*
** vm.h — the compiled engine of the fast schedule (docs/execution.md §7,
** docs/engine.md).
**
** Under --schedule=fast (and auto when the sequencing analysis proves the run
** determinate), a body made only of synchronous kernels and structured
** control flow — tfrt.call, tfrt.if, tfrt.cond, tfrt.case, tfrt.repeat.i32,
** tfrt.while, tfrt.merge.chains, constants — is compiled into a proto: a
** register machine (Lua's lvm.c, Wren's wren_vm.c) whose registers hold
** plain Any values instead of one AsyncValue each. Regions of if and repeat
** are compiled inline; loops are loops; calls push frames on an explicit
** stack, so recursion costs no C stack. Constants live in the instruction
** where the kernel has a constant form.
**
** Semantics: every instruction computes what its kernel would. Errors are
** values (an Any holding the ErrorObj); a kernel whose operand is an error,
** or an input its fast path does not handle (a zero divisor), goes through
** the slow path, which calls the op's real kernel on boxed operands: values,
** messages and diagnostics are those of the exact engine. Non-strict control
** flow still runs with error operands, as docs/execution.md §4 says.
**
** Call chains: a compiled call pushes no CallSite. A kernel run by
** compiled code gets a context whose ExecCtx.vm points at the engine's
** stack, from which vm_chain_ops() reads the calls deeper than
** ExecCtx.site when a diagnostic needs them (interp/call.c) or a copy of the
** context must keep them (exec_ctx_dup, a call or invocation made by the
** kernel): the chain costs nothing per call.
**
** Ownership: a VmProgram owns its protos; it borrows the module, which must
** outlive it. vm_invoke borrows its arguments (+0) and stores +1 results.
** Threads: protos are immutable once built, so any number of threads may
** run them at once; each thread keeps its own register stack (an allocator
** cache, freed when the thread exits).
**
** Module prefix: vm_.
*/
#ifndef TFRUN_VM_H
#define TFRUN_VM_H

#include <stdbool.h>
#include <stdio.h>
#include "interp/async_value.h"
#include "ir/ir.h"
#include "interp/kernel_abi.h"

typedef struct VmProgram VmProgram;
typedef struct VmProto VmProto;

/* Compiles every body of [m] that can be compiled (functions and region
** bodies) and calls [attach](ud, block, proto) for each. Constant operands
** are evaluated here by their kernels, silently, on host [h]; a constant
** that fails stays a kernel call, so that its diagnostic comes at run time.
** Never fails: a body that cannot be compiled just gets no proto. */
VmProgram *vm_build(const Module *m, Host *h,
                    void (*attach)(void *ud, const Block *b, const VmProto *p), void *ud);
void vm_free(VmProgram *vp);

/* Runs [p] with [args] (+0, all resolved) and stores nres +1 available or
** error values in [results]. [c] has no ExecCtx.vm (exec_invoke_block). */
void vm_invoke(const ExecCtx *c, const VmProto *p, AsyncValue *const *args, int nargs,
               AsyncValue **results);

/* The call ops of the compiled calls that ExecCtx.vm [vc] describes,
** innermost first: the calls whose bodies were compiled inline into the
** running instruction's proto, then the call of every compiled frame above
** the entry frame (and the inline calls around it). A malloc'ed array of *n
** (NULL when there are none). Only while the kernel given [vc] runs, on
** its thread. */
const Op **vm_chain_ops(const struct VmChain *vc, int *n);

/* Number of arguments and results of [p]'s body. */
int vm_nargs(const VmProto *p);

/* Prints [p]'s instructions (for tests and debugging). */
void vm_dump(const VmProto *p, FILE *out);

#endif
