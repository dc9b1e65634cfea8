/*
** basic.c — the tfrt.* basics (docs/kernel-behaviour.md §2): chains, constants,
** arithmetic, comparisons, casts, printing, alias.value and get_device.
**
** Every kernel here is synchronous: its results are available when it
** returns. Kernels flagged OPF_TRAILING_CHAIN in ops.def may receive one
** extra `!tfrt.chain` operand after their own; they never look at it.
*/
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "kernels/dht.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

/* {=====================================================================
** Chains and constants
** ====================================================================== */

void k_tfrt_new_chain(KernelFrame *f) { kf_set_chain(f, 0); }

/* Strict: runs once every operand is available; errors never get here. */
void k_tfrt_merge_chains(KernelFrame *f) { kf_set_chain(f, 0); }

/* The integer `value` attribute, or an error (returns false). */
static bool int_value(KernelFrame *f, int64_t *v)
{
    if (kl_attr_int(kf_attr(f, attr_value), v)) return true;
    kf_error(f, "missing or invalid 'value' attribute");
    return false;
}

static bool float_value(KernelFrame *f, double *v)
{
    if (kl_attr_f64(kf_attr(f, attr_value), v)) return true;
    kf_error(f, "missing or invalid 'value' attribute");
    return false;
}

static Any half_any(AnyType t, uint16_t bits)
{
    Any a = any_none();
    a.type = (uint8_t)t;
    a.v.u = bits;
    return a;
}

#define CONST_INT(name, ANYT) \
    void k_tfrt_constant_##name(KernelFrame *f) \
    { int64_t v; if (int_value(f, &v)) kf_set(f, 0, any_int(ANYT, v)); }
CONST_INT(i1, ANY_I1)
CONST_INT(i32, ANY_I32)
CONST_INT(i64, ANY_I64)

void k_tfrt_constant_ui32(KernelFrame *f)
{
    int64_t v;
    if (int_value(f, &v)) kf_set(f, 0, any_uint(ANY_UI32, (uint32_t)v));
}

void k_tfrt_constant_ui64(KernelFrame *f)
{
    int64_t v;
    if (int_value(f, &v)) kf_set(f, 0, any_uint(ANY_UI64, (uint64_t)v));
}

void k_tfrt_constant_f32(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_value);
    if (a && a->kind == ATTR_FLOAT && a->has_float_bits) {
        uint32_t bits = (uint32_t)a->float_bits;
        float x;
        memcpy(&x, &bits, 4);
        kf_set(f, 0, any_f32(x));
        return;
    }
    double v;
    if (float_value(f, &v)) kf_set(f, 0, any_f32((float)v));
}

void k_tfrt_constant_f64(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_value);
    if (a && a->kind == ATTR_FLOAT && a->has_float_bits) {
        double x;
        memcpy(&x, &a->float_bits, 8);
        kf_set(f, 0, any_f64(x));
        return;
    }
    double v;
    if (float_value(f, &v)) kf_set(f, 0, any_f64(v));
}

/* f16 / bf16 constants keep the raw 16-bit pattern (docs/kernel-behaviour.md §2). */
void k_tfrt_constant_f16(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_value);
    if (!a) { kf_error(f, "missing or invalid 'value' attribute"); return; }
    kf_set(f, 0, half_any(ANY_F16, kl_attr_half_bits(a, false)));
}

void k_tfrt_constant_bf16(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_value);
    if (!a) { kf_error(f, "missing or invalid 'value' attribute"); return; }
    kf_set(f, 0, half_any(ANY_BF16, kl_attr_half_bits(a, true)));
}

/* Complex constants: attributes `real` and `imaginary`. */
static bool complex_parts(KernelFrame *f, double *re, double *im)
{
    if (kl_attr_f64(kf_attr(f, attr_real), re) && kl_attr_f64(kf_attr(f, attr_imaginary), im)) return true;
    kf_error(f, "missing or invalid 'real' / 'imaginary' attribute");
    return false;
}

void k_tfrt_constant_complex64(KernelFrame *f)
{
    double re, im;
    if (!complex_parts(f, &re, &im)) return;
    Any a = any_none();
    a.type = ANY_COMPLEX64;
    a.v.c64[0] = (float)re;
    a.v.c64[1] = (float)im;
    kf_set(f, 0, a);
}

void k_tfrt_constant_complex128(KernelFrame *f)
{
    double re, im;
    if (complex_parts(f, &re, &im)) kf_set(f, 0, kl_complex128(re, im));
}

/* {=====================================================================
** Arithmetic and comparisons
** ====================================================================== */

/* Integer arithmetic wraps (two's complement), done in unsigned types. */
void k_tfrt_add_i32(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I32, (int32_t)((uint32_t)kf_i32(f, 0) + (uint32_t)kf_i32(f, 1)))); }
void k_tfrt_add_i64(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I64, (int64_t)((uint64_t)kf_i64(f, 0) + (uint64_t)kf_i64(f, 1)))); }
void k_tfrt_add_f32(KernelFrame *f) { kf_set(f, 0, any_f32(kf_f32(f, 0) + kf_f32(f, 1))); }
void k_tfrt_add_f64(KernelFrame *f) { kf_set(f, 0, any_f64(kf_f64(f, 0) + kf_f64(f, 1))); }
void k_tfrt_minus_i32(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I32, (int32_t)((uint32_t)kf_i32(f, 0) - (uint32_t)kf_i32(f, 1)))); }
void k_tfrt_minus_i64(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I64, (int64_t)((uint64_t)kf_i64(f, 0) - (uint64_t)kf_i64(f, 1)))); }
void k_tfrt_mul_i32(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I32, (int32_t)((uint32_t)kf_i32(f, 0) * (uint32_t)kf_i32(f, 1)))); }
void k_tfrt_mul_i64(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I64, (int64_t)((uint64_t)kf_i64(f, 0) * (uint64_t)kf_i64(f, 1)))); }
void k_tfrt_multiply_f32(KernelFrame *f) { kf_set(f, 0, any_f32(kf_f32(f, 0) * kf_f32(f, 1))); }
void k_tfrt_multiply_f64(KernelFrame *f) { kf_set(f, 0, any_f64(kf_f64(f, 0) * kf_f64(f, 1))); }

/* `b < a ? b : a` exactly (so a NaN in b yields a). */
void k_tfrt_minimum_f32(KernelFrame *f) { float a = kf_f32(f, 0), b = kf_f32(f, 1); kf_set(f, 0, any_f32(b < a ? b : a)); }
void k_tfrt_minimum_f64(KernelFrame *f) { double a = kf_f64(f, 0), b = kf_f64(f, 1); kf_set(f, 0, any_f64(b < a ? b : a)); }

/* Truncating division and remainder. INT_MIN / -1 (undefined in C and in
** TFRT, docs/execution.md §9) wraps to INT_MIN with remainder 0 instead of trapping. */
void k_tfrt_div_i32(KernelFrame *f)
{
    int32_t a = kf_i32(f, 0), b = kf_i32(f, 1);
    if (b == 0) { kf_error(f, "Divide by zero"); return; }
    int32_t q = (b == -1) ? (int32_t)(0u - (uint32_t)a) : a / b;
    int32_t r = (b == -1) ? 0 : a % b;
    kf_set(f, 0, any_int(ANY_I32, q));
    kf_set(f, 1, any_int(ANY_I32, r));
}

void k_tfrt_div_i64(KernelFrame *f)
{
    int64_t a = kf_i64(f, 0), b = kf_i64(f, 1);
    if (b == 0) { kf_error(f, "Divide by zero"); return; }
    int64_t q = (b == -1) ? (int64_t)(0u - (uint64_t)a) : a / b;
    int64_t r = (b == -1) ? 0 : a % b;
    kf_set(f, 0, any_int(ANY_I64, q));
    kf_set(f, 1, any_int(ANY_I64, r));
}

void k_tfrt_div_f32(KernelFrame *f)
{
    float b = kf_f32(f, 1);
    if (b == 0.0f) { kf_error(f, "Divide by zero"); return; }
    kf_set(f, 0, any_f32(kf_f32(f, 0) / b));
}

void k_tfrt_div_f64(KernelFrame *f)
{
    double b = kf_f64(f, 1);
    if (b == 0.0) { kf_error(f, "Divide by zero"); return; }
    kf_set(f, 0, any_f64(kf_f64(f, 0) / b));
}

void k_tfrt_equal_i32(KernelFrame *f) { kf_set(f, 0, any_bool(kf_i32(f, 0) == kf_i32(f, 1))); }
void k_tfrt_equal_i64(KernelFrame *f) { kf_set(f, 0, any_bool(kf_i64(f, 0) == kf_i64(f, 1))); }
void k_tfrt_lessequal_i32(KernelFrame *f) { kf_set(f, 0, any_bool(kf_i32(f, 0) <= kf_i32(f, 1))); }
void k_tfrt_lessequal_i64(KernelFrame *f) { kf_set(f, 0, any_bool(kf_i64(f, 0) <= kf_i64(f, 1))); }
void k_tfrt_and_i1(KernelFrame *f) { kf_set(f, 0, any_bool(kf_i1(f, 0) && kf_i1(f, 1))); }

/* Float to integer conversions saturate instead of invoking C's undefined
** behaviour for out-of-range values; NaN becomes 0. */
static int64_t to_i64(double d)
{
    if (isnan(d)) return 0;
    if (d >= 9223372036854775807.0) return INT64_MAX;
    if (d <= -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}

void k_tfrt_cast_i64_to_f32(KernelFrame *f) { kf_set(f, 0, any_f32((float)kf_i64(f, 0))); }
void k_tfrt_cast_i64_to_f64(KernelFrame *f) { kf_set(f, 0, any_f64((double)kf_i64(f, 0))); }
void k_tfrt_cast_f32_to_i64(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I64, to_i64(kf_f32(f, 0)))); }
void k_tfrt_cast_f64_to_i64(KernelFrame *f) { kf_set(f, 0, any_int(ANY_I64, to_i64(kf_f64(f, 0)))); }

/* {=====================================================================
** Printing: value first, chain second; one flushed line each.
** ====================================================================== */

#define HOST (f->ctx->host)

void k_tfrt_print_i1(KernelFrame *f) { kl_out(HOST, "int1 = %d\n", kf_i1(f, 0) ? 1 : 0); kf_set_chain(f, 0); }
void k_tfrt_print_i32(KernelFrame *f) { kl_out(HOST, "int32 = %" PRId32 "\n", kf_i32(f, 0)); kf_set_chain(f, 0); }
void k_tfrt_print_i64(KernelFrame *f) { kl_out(HOST, "int64 = %" PRId64 "\n", kf_i64(f, 0)); kf_set_chain(f, 0); }
void k_tfrt_print_f32(KernelFrame *f) { kl_out(HOST, "f32 = %f\n", (double)kf_f32(f, 0)); kf_set_chain(f, 0); }
void k_tfrt_print_f64(KernelFrame *f) { kl_out(HOST, "f64 = %f\n", kf_f64(f, 0)); kf_set_chain(f, 0); }
void k_tfrt_print_f16(KernelFrame *f) { kl_out(HOST, "f16 = %u\n", (unsigned)(kf_u64(f, 0) & 0xffff)); kf_set_chain(f, 0); }

void k_tfrt_print_complex64(KernelFrame *f)
{
    const Any *a = kf_arg(f, 0);
    kl_out(HOST, "complex64 = %f+%fi\n", (double)a->v.c64[0], (double)a->v.c64[1]);
    kf_set_chain(f, 0);
}

void k_tfrt_print_complex128(KernelFrame *f)
{
    DScalar s;
    if (!dscalar_from_any(*kf_arg(f, 0), &s)) {
        kf_error(f, "operand #0 is not a complex<f64>");
        return;
    }
    kl_out(HOST, "complex128 = %f+%fi\n", s.f, s.im);
    kf_set_chain(f, 0);
}

/* {=====================================================================
** Misc
** ====================================================================== */

/* (chain, v) -> v itself. */
void k_tfrt_alias_value(KernelFrame *f) { kf_forward_arg(f, 0, 1); }

/* Only `CPU:0` exists; a device is represented by its name. */
void k_tfrt_get_device(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_device_name);
    const char *name = a && a->kind == ATTR_STRING ? a->u.str.s : "";
    size_t len = a && a->kind == ATTR_STRING ? a->u.str.len : 0;
    if (len == 5 && memcmp(name, "CPU:0", 5) == 0) {
        kf_set(f, 0, any_str(name, len));
        return;
    }
    kf_error(f, "cannot find device %.*s", (int)len, name);
}
