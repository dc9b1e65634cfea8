/*
** klib.c — the helpers every kernel file shares (klib.h): printing to the
** program's output, reading attributes, half-precision floats, complex
** boxes.
*/
#include "base/alloc.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "kernels/klib.h"

/* {=====================================================================
** Shared kernel helpers (kl_)
** ====================================================================== */

/* Once a write of the output has failed, the run is being stopped
** (host_out_flush) and nothing more is printed. */
static void vout(Host *h, bool flush, const char *fmt, va_list ap)
{
    FILE *out = host_out(h);
    if (!out || host_out_error(h)) return;
    flockfile(out);
    vfprintf(out, fmt, ap);
    if (flush) host_out_flush(h);
    funlockfile(out);
}

void kl_out(Host *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vout(h, true, fmt, ap);
    va_end(ap);
}

void kl_out_noflush(Host *h, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vout(h, false, fmt, ap);
    va_end(ap);
}

void kl_out_bytes(Host *h, const char *prefix, const char *s, size_t n, const char *suffix)
{
    FILE *out = host_out(h);
    if (!out || host_out_error(h)) return;
    flockfile(out);
    fputs(prefix, out);
    fwrite(s, 1, n, out);
    fputs(suffix, out);
    host_out_flush(h);
    funlockfile(out);
}

bool kl_attr_int(const Attr *a, int64_t *out)
{
    if (!a) return false;
    if (a->kind == ATTR_INT) { *out = a->u.i; return true; }
    if (a->kind == ATTR_BOOL) { *out = a->u.b; return true; }
    return false;
}

bool kl_attr_f64(const Attr *a, double *out)
{
    if (!a) return false;
    if (a->kind == ATTR_FLOAT) { *out = a->u.f; return true; }
    if (a->kind == ATTR_INT) { *out = (double)a->u.i; return true; }
    return false;
}

uint16_t kl_f16_bits(double x)
{
    float f = (float)x;
    uint32_t b;
    memcpy(&b, &f, 4);
    uint32_t sign = (b >> 16) & 0x8000u;
    int32_t exp = (int32_t)((b >> 23) & 0xffu);
    uint32_t mant = b & 0x7fffffu;
    if (exp == 0xff) return (uint16_t)(sign | 0x7c00u | (mant ? 0x200u : 0));
    int32_t e = exp - 127 + 15;
    if (e >= 31) return (uint16_t)(sign | 0x7c00u);
    if (e <= 0) {                       /* subnormal half (or zero) */
        if (e < -10) return (uint16_t)sign;
        mant |= 0x800000u;
        int shift = 14 - e;
        uint32_t h = mant >> shift;
        uint32_t rem = mant & ((1u << shift) - 1);
        uint32_t half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1))) h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)e << 10) | (mant >> 13);
    uint32_t rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++;   /* may round up to Inf */
    return (uint16_t)(sign | h);
}

uint16_t kl_bf16_bits(double x)
{
    float f = (float)x;
    uint32_t b;
    memcpy(&b, &f, 4);
    if (isnan(f)) return (uint16_t)((b >> 16) | 0x40u);
    b += 0x7fffu + ((b >> 16) & 1u);
    return (uint16_t)(b >> 16);
}

double kl_f16_value(uint16_t h)
{
    int sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    double v;
    if (exp == 0) v = ldexp(mant, -24);
    else if (exp == 31) v = mant ? NAN : INFINITY;
    else v = ldexp(mant + 1024, exp - 25);
    return sign ? -v : v;
}

double kl_bf16_value(uint16_t h)
{
    uint32_t b = (uint32_t)h << 16;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

uint16_t kl_attr_half_bits(const Attr *a, bool bf16)
{
    if (a && a->kind == ATTR_FLOAT && a->has_float_bits) return (uint16_t)a->float_bits;
    double d = 0;
    kl_attr_f64(a, &d);
    return bf16 ? kl_bf16_bits(d) : kl_f16_bits(d);
}

Any kl_complex128(double re, double im)
{
    Complex128Obj *c = (Complex128Obj *)obj_alloc(OBJ_COMPLEX128, sizeof *c, NULL);
    c->re = re;
    c->im = im;
    return any_obj(&c->hdr);
}

