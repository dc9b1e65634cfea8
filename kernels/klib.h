/*
** klib.h — the helpers every kernel file shares (kernels/klib.c): one line of
** the program's output, written atomically and stopping the run at the first
** failed write (host_out_flush); attribute values; IEEE half and bfloat16
** conversions; complex<f64> boxes; the immediates an OPI row fixes
** (ops/ops.def). What only the tensor kernels share is in kernels/dht.h.
**
** Threads: every function is safe to call from any worker.
**
** Module prefix: kl_ (also kernels/gemm.h's kl_gemm).
*/
#ifndef TFRUN_KLIB_H
#define TFRUN_KLIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "interp/any.h"
#include "ir/ir.h"
#include "kernels/kernel.h"

/* Prints one formatted line (the caller includes the "\n") to the host's
** output, atomically with respect to other threads, and flushes. */
void kl_out(Host *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Same without the flush (tfrt_test.print_bool). */
void kl_out_noflush(Host *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* [prefix], then the [n] bytes at [s] as they are (NULs included), then
** [suffix], as one write, flushed. */
void kl_out_bytes(Host *h, const char *prefix, const char *s, size_t n, const char *suffix);
/* Integer value of an INT or BOOL attribute. */
bool kl_attr_int(const Attr *a, int64_t *out);
/* Float value of a FLOAT or INT attribute. */
bool kl_attr_f64(const Attr *a, double *out);
/* IEEE half / bfloat16 bit patterns of [x] (round to nearest even). */
uint16_t kl_f16_bits(double x);
uint16_t kl_bf16_bits(double x);
double kl_f16_value(uint16_t bits);
double kl_bf16_value(uint16_t bits);
/* The 16 bits of a FLOAT attribute meant for f16 / bf16 (the exact bits
** when it was written as a hex pattern). */
uint16_t kl_attr_half_bits(const Attr *a, bool bf16);
/* A complex<f64> value (OBJ_COMPLEX128 box). */
typedef struct Complex128Obj { Object hdr; double re, im; } Complex128Obj;
Any kl_complex128(double re, double im);

/* Immediate [i] of the kernel's op-table row (an OPI row's IMM0, IMM1:
** what the op's name fixes, e.g. a DType or a rank). */
static inline int kl_imm(const KernelFrame *f, int i) { return f->op->info->imm[i]; }

#endif
