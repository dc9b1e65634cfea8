/*
** kernel.h — what a kernel author includes: the kernel ABI that the executor
** owns (interp/kernel_abi.h: KernelFrame, ExecCtx, the kf_ helpers and the
** exec_ / host_ services) and the op table (ops/optable.h: flags, ids,
** the OpInfo a kernel's op points at). kernels/ depends on interp/ and ops/,
** never the reverse: kernels/registry.c binds the op table's rows to the
** kernels of this directory at start-up.
*/
#ifndef TFRUN_KERNEL_H
#define TFRUN_KERNEL_H

#include "interp/kernel_abi.h"
#include "ops/optable.h"

#endif
