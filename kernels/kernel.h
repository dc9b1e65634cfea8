/*
** kernel.h — what a kernel author includes: the kernel ABI that the executor
** owns (interp/kernel_abi.h: KernelFrame, ExecCtx, the kf_ helpers and the
** exec_ / host_ services) and the op table (kernels/optable.h: flags, ids,
** the OpInfo a kernel's op points at). kernels/ depends on interp/, never
** the reverse.
*/
#ifndef TFRUN_KERNEL_H
#define TFRUN_KERNEL_H

#include "interp/kernel_abi.h"
#include "kernels/optable.h"

#endif
