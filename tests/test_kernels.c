/*
** test_kernels.c — the kernel library called directly through the op table
** with hand-made KernelFrames (no parser, no executor): formats, error
** messages, edge cases, lifetimes and host-allocator accounting.
**
** Each test gets a fresh Host on a single-threaded queue, with a leak-check
** allocator and an in-memory output stream (F.out); out() returns what the
** kernels printed so far. Diagnostics are dropped (no DiagSink): a kernel
** error shows up only as error results.
*/
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <criterion/parameterized.h>
#include <criterion/redirect.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "kernels/corert.h"
#include "kernels/dht.h"
#include "kernels/gemm.h"
#include "kernels/kernel.h"
#include "ops/optable.h"

/* {=====================================================================
** Fixture
** ====================================================================== */

static struct {
    WorkQueue *q;
    HostAllocator *a;
    Host *h;
    FILE *out;
    char *buf;
    size_t len;
    ExecCtx ctx;
} F;

static void setup(void)
{
    char err[128];
    F.q = wq_create("s", err, sizeof err);
    cr_assert(F.q != NULL, "%s", err);
    F.a = ha_create("leak_check_allocator", stderr);
    cr_assert(F.a != NULL);
    F.out = open_memstream(&F.buf, &F.len);
    F.h = host_new(NULL, F.q, F.a, NULL, F.out);
    F.ctx = (ExecCtx){ .host = F.h, .rq = rq_new(F.q) };
}

static void teardown(void)
{
    wq_quiesce(F.q);
    rq_release(F.ctx.rq);
    host_free(F.h);
    fclose(F.out);
    free(F.buf);
    ha_destroy(F.a);
    wq_destroy(F.q);
    free(F.ctx.error);
    memset(&F, 0, sizeof F);
}

TestSuite(kern, .init = setup, .fini = teardown, .timeout = 10.0);

/* Everything printed so far. */
static const char *out(void)
{
    fflush(F.out);
    return F.buf ? F.buf : "";
}

/* Forgets what was printed so far (a fresh stream for the host). */
static void out_reset(void)
{
    fclose(F.out);
    free(F.buf);
    F.buf = NULL;
    F.len = 0;
    F.out = open_memstream(&F.buf, &F.len);
    F.h->out = F.out;
}

/* Attribute builders; the attributes live in a per-test pool. */
#define POOL 64
static Attr pool[POOL];
static int npool;
static const Attr *elem_pool[256];
static int nelem_pool;

static const Attr *a_int(int64_t v)
{
    Attr *a = &pool[npool++ % POOL];
    memset(a, 0, sizeof *a);
    a->kind = ATTR_INT;
    a->u.i = v;
    return a;
}

static const Attr *a_float(double v)
{
    Attr *a = &pool[npool++ % POOL];
    memset(a, 0, sizeof *a);
    a->kind = ATTR_FLOAT;
    a->u.f = v;
    return a;
}

static const Attr *a_str(const char *s)
{
    Attr *a = &pool[npool++ % POOL];
    memset(a, 0, sizeof *a);
    a->kind = ATTR_STRING;
    a->u.str.s = s;
    a->u.str.len = strlen(s);
    return a;
}

/* An array attribute of [n] elements from [elems]. */
static const Attr *a_array(const Attr **elems, int n)
{
    Attr *a = &pool[npool++ % POOL];
    memset(a, 0, sizeof *a);
    a->kind = ATTR_ARRAY;
    cr_assert(nelem_pool + n <= 256);
    const Attr **copy = &elem_pool[nelem_pool];
    nelem_pool += n;
    memcpy(copy, elems, sizeof *copy * (size_t)n);
    a->u.arr.elems = copy;
    a->u.arr.n = n;
    return a;
}

/* An op named [name] with up to 4 attributes (sorted by the caller). */
typedef struct TOp { Op op; NamedAttr attrs[4]; Loc loc; } TOp;

static void mkop(TOp *t, const char *name, int nattrs, ...)
{
    memset(t, 0, sizeof *t);
    t->op.name = name;
    t->op.info = optable_lookup(name, strlen(name));
    va_list ap;
    va_start(ap, nattrs);
    for (int i = 0; i < nattrs; i++) {
        t->attrs[i].name = va_arg(ap, const char *);
        t->attrs[i].value = va_arg(ap, const Attr *);
    }
    va_end(ap);
    t->op.attrs = t->attrs;
    t->op.nattrs = nattrs;
    t->loc.kind = LOC_UNKNOWN;
    t->op.loc = &t->loc;
}

/* Runs op [t] with [nargs] args; every result slot must be set. */
static void run(TOp *t, AsyncValue **args, int nargs, AsyncValue **res, int nres)
{
    cr_assert(t->op.info != NULL, "unknown op %s", t->op.name);
    cr_assert(t->op.info->fn != NULL, "no kernel for %s", t->op.name);
    for (int i = 0; i < nres; i++) res[i] = NULL;
    KernelFrame f = { args, nargs, res, nres, &t->op, &F.ctx };
    t->op.info->fn(&f);
    for (int i = 0; i < nres; i++) cr_assert(res[i] != NULL, "%s left result %d unset", t->op.name, i);
}

/* Runs an op without attributes and returns its single result. */
static AsyncValue *run1(const char *name, AsyncValue **args, int nargs)
{
    TOp t;
    mkop(&t, name, 0);
    AsyncValue *r;
    run(&t, args, nargs, &r, 1);
    return r;
}

static AsyncValue *i32v(int32_t v) { return av_new_available(any_int(ANY_I32, v)); }
static AsyncValue *i64v(int64_t v) { return av_new_available(any_int(ANY_I64, v)); }
static AsyncValue *f32v(float v) { return av_new_available(any_f32(v)); }

static void release_all(AsyncValue **v, int n)
{
    for (int i = 0; i < n; i++)
        if (v[i]) av_release(v[i]);
}

/* Asserts that everything the test made has been released (async values
** and heap objects are counted process-wide; each test is its own process). */
static void no_leaks(void)
{
    cr_expect(eq(i64, av_live_count(), 0), "async values leaked");
    cr_expect(eq(i64, obj_live_count(), 0), "heap objects leaked");
}

static const char *errmsg(AsyncValue *v)
{
    cr_assert(av_is_error(v), "expected an error value");
    return av_error(v)->msg;
}

/* {=====================================================================
** tfrt.* basics
** ====================================================================== */

typedef struct BinCase { char op[32]; int64_t a, b, want; } BinCase;

ParameterizedTestParameters(kern, int_binary)
{
    static BinCase cases[] = {
        { "tfrt.add.i32", 2147483647, 1, -2147483648LL },
        { "tfrt.add.i32", -5, 3, -2 },
        { "tfrt.minus.i32", -2147483648LL, 1, 2147483647 },
        { "tfrt.mul.i32", 65536, 65536, 0 },
        { "tfrt.mul.i32", -7, 6, -42 },
        { "tfrt.add.i64", INT64_MAX, 1, INT64_MIN },
        { "tfrt.minus.i64", 10, 20, -10 },
        { "tfrt.mul.i64", 3000000000LL, 3, 9000000000LL },
        { "tfrt.equal.i32", 4, 4, 1 },
        { "tfrt.equal.i64", 4, 5, 0 },
        { "tfrt.lessequal.i32", -1, 0, 1 },
        { "tfrt.lessequal.i64", 1, 0, 0 },
    };
    return cr_make_param_array(BinCase, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(BinCase *c, kern, int_binary)
{
    bool is64 = strstr(c->op, "i64") != NULL;
    AsyncValue *args[2] = { is64 ? i64v(c->a) : i32v((int32_t)c->a), is64 ? i64v(c->b) : i32v((int32_t)c->b) };
    AsyncValue *r = run1(c->op, args, 2);
    cr_assert(av_is_available(r));
    cr_expect(eq(i64, av_get(r)->v.i, c->want), "%s(%lld, %lld)", c->op, (long long)c->a, (long long)c->b);
    av_release(r);
    release_all(args, 2);
    no_leaks();
}

Test(kern, div_i32_truncates_and_checks_zero)
{
    TOp t;
    mkop(&t, "tfrt.div.i32", 0);
    AsyncValue *args[2] = { i32v(-7), i32v(2) }, *res[2];
    run(&t, args, 2, res, 2);
    cr_expect(eq(i64, av_get(res[0])->v.i, -3));
    cr_expect(eq(i64, av_get(res[1])->v.i, -1));
    release_all(res, 2);
    av_release(args[1]);
    args[1] = i32v(0);
    run(&t, args, 2, res, 2);
    cr_expect_str_eq(errmsg(res[0]), "Divide by zero");
    cr_expect_str_eq(errmsg(res[1]), "Divide by zero");
    release_all(res, 2);
    av_release(args[0]);
    av_release(args[1]);
    args[0] = i32v(INT32_MIN);
    args[1] = i32v(-1);
    run(&t, args, 2, res, 2);             /* undefined in C: must not trap */
    cr_expect(eq(i64, av_get(res[0])->v.i, INT32_MIN));
    cr_expect(eq(i64, av_get(res[1])->v.i, 0));
    release_all(res, 2);
    release_all(args, 2);
    no_leaks();
}

Test(kern, float_kernels)
{
    AsyncValue *args[2] = { f32v(1.5f), f32v(-0.25f) };
    AsyncValue *r = run1("tfrt.minimum.f32", args, 2);
    cr_expect(eq(flt, av_get(r)->v.f32, -0.25f));
    av_release(r);
    r = run1("tfrt.div.f32", args, 2);
    cr_expect(eq(flt, av_get(r)->v.f32, -6.0f));
    av_release(r);
    av_release(args[1]);
    args[1] = f32v(0.0f);
    r = run1("tfrt.div.f32", args, 2);
    cr_expect_str_eq(errmsg(r), "Divide by zero");
    av_release(r);
    release_all(args, 2);
    AsyncValue *nan = av_new_available(any_f64(0.0 / 0.0));
    r = run1("tfrt.cast.f64_to_i64", &nan, 1);
    cr_expect(eq(i64, av_get(r)->v.i, 0));    /* NaN: no undefined behaviour */
    av_release(r);
    av_release(nan);
    AsyncValue *big = av_new_available(any_f64(1e300));
    r = run1("tfrt.cast.f64_to_i64", &big, 1);
    cr_expect(eq(i64, av_get(r)->v.i, INT64_MAX));
    av_release(r);
    av_release(big);
    no_leaks();
}

Test(kern, print_formats)
{
    AsyncValue *ch = av_ready_chain();
    struct { const char *op; AsyncValue *v; const char *want; } cases[] = {
        { "tfrt.print.i32", i32v(-42), "int32 = -42\n" },
        { "tfrt.print.i64", i64v(INT64_MIN), "int64 = -9223372036854775808\n" },
        { "tfrt.print.i1", av_new_available(any_bool(true)), "int1 = 1\n" },
        { "tfrt.print.f32", f32v(1.0f), "f32 = 1.000000\n" },
        { "tfrt.print.f64", av_new_available(any_f64(312.27137)), "f64 = 312.271370\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        out_reset();
        AsyncValue *args[2] = { cases[i].v, ch };
        AsyncValue *r = run1(cases[i].op, args, 2);
        cr_expect(av_is_available(r));
        cr_expect_str_eq(out(), cases[i].want);
        av_release(r);
        av_release(cases[i].v);
    }
    no_leaks();
}

Test(kern, constants_from_attributes)
{
    TOp t;
    AsyncValue *r;
    mkop(&t, "tfrt.constant.f16", 1, "value", a_float(1.0));
    run(&t, NULL, 0, &r, 1);
    cr_expect(eq(u64, av_get(r)->v.u, 0x3c00));
    av_release(r);
    mkop(&t, "tfrt.constant.bf16", 1, "value", a_float(-2.0));
    run(&t, NULL, 0, &r, 1);
    cr_expect(eq(u64, av_get(r)->v.u, 0xc000));
    av_release(r);
    mkop(&t, "tfrt.constant.ui32", 1, "value", a_int(4000000000LL));
    run(&t, NULL, 0, &r, 1);
    cr_expect(eq(u64, av_get(r)->v.u, 4000000000ULL));
    av_release(r);
    mkop(&t, "tfrt.constant.i32", 0);          /* missing attribute: an error, not a crash */
    run(&t, NULL, 0, &r, 1);
    cr_expect(av_is_error(r));
    av_release(r);
    mkop(&t, "tfrt.constant.complex64", 2, "imaginary", a_float(2.0), "real", a_float(1.5));
    run(&t, NULL, 0, &r, 1);
    cr_expect(eq(flt, av_get(r)->v.c64[0], 1.5f));
    cr_expect(eq(flt, av_get(r)->v.c64[1], 2.0f));
    AsyncValue *args[2] = { r, av_ready_chain() };
    out_reset();
    AsyncValue *c = run1("tfrt.print.complex64", args, 2);
    cr_expect_str_eq(out(), "complex64 = 1.500000+2.000000i\n");
    av_release(c);
    av_release(r);
    no_leaks();
}

Test(kern, get_device)
{
    TOp t;
    AsyncValue *ch = av_ready_chain(), *r;
    mkop(&t, "tfrt.get_device", 1, "device_name", a_str("CPU:0"));
    run(&t, &ch, 1, &r, 1);
    cr_expect(av_is_available(r));
    av_release(r);
    mkop(&t, "tfrt.get_device", 1, "device_name", a_str("TPU:3"));
    run(&t, &ch, 1, &r, 1);
    cr_expect_str_eq(errmsg(r), "cannot find device TPU:3");
    av_release(r);
    no_leaks();
}

/* {=====================================================================
** Half-precision conversions
** ====================================================================== */

Test(kern, half_bits)
{
    cr_expect(eq(u16, kl_f16_bits(1.0), 0x3c00));
    cr_expect(eq(u16, kl_f16_bits(-2.0), 0xc000));
    cr_expect(eq(u16, kl_f16_bits(65504.0), 0x7bff));        /* largest finite */
    cr_expect(eq(u16, kl_f16_bits(70000.0), 0x7c00));        /* overflow: inf */
    cr_expect(eq(u16, kl_f16_bits(2049.0), 0x6800));         /* tie to even: 2048 */
    cr_expect(eq(u16, kl_f16_bits(2051.0), 0x6802));         /* tie to even: 2052 */
    cr_expect(eq(u16, kl_f16_bits(5.960464477539063e-08), 0x0001)); /* smallest subnormal */
    cr_expect(eq(u16, kl_f16_bits(0.0), 0x0000));
    cr_expect(eq(u16, kl_bf16_bits(1.0), 0x3f80));
    cr_expect(eq(u16, kl_bf16_bits(-0.5), 0xbf00));
    cr_expect(eq(dbl, kl_f16_value(0x3c00), 1.0));
    cr_expect(eq(dbl, kl_f16_value(0x0001), 5.960464477539063e-08));
    cr_expect(eq(dbl, kl_bf16_value(0x3f80), 1.0));
    for (int b = 0; b < 0x7c00; b += 37)                      /* round trip */
        cr_expect(eq(u16, kl_f16_bits(kl_f16_value((uint16_t)b)), (uint16_t)b));
    no_leaks();
}

/* {=====================================================================
** Dense host tensors, buffers, shapes
** ====================================================================== */

Test(kern, tensor_format_limits)
{
    int64_t d17[1] = { 17 }, d0[1] = { 0 };
    DenseHostTensor *t = dht_new(F.a, DT_I32, 1, d17);
    cr_assert(t != NULL);
    for (int i = 0; i < 17; i++) dht_store(t, i, (DScalar){ DS_INT, i, 0, 0 });
    char *s = dht_format(t);
    cr_expect_str_eq(s, "DenseHostTensor dtype = i32, shape = [17], values = "
                        "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, ... ]");
    free(s);
    obj_release(&t->hdr);
    t = dht_new(F.a, DT_F64, 0, NULL);
    dht_store(t, 0, (DScalar){ DS_FLOAT, 0, -0.125, 0 });
    s = dht_format(t);
    cr_expect_str_eq(s, "DenseHostTensor dtype = f64, shape = [], values = [-1.250000e-01]");
    free(s);
    obj_release(&t->hdr);
    t = dht_new(F.a, DT_BOOL, 1, d0);
    s = dht_format(t);
    cr_expect_str_eq(s, "DenseHostTensor dtype = i1, shape = [0], values = []");
    free(s);
    obj_release(&t->hdr);
    int64_t d2[1] = { 2 };
    t = dht_new(F.a, DT_COMPLEX128, 1, d2);
    dht_store(t, 1, (DScalar){ DS_FLOAT, 0, 1.0, -2.0 });
    s = dht_format(t);
    cr_expect_str_eq(s, "DenseHostTensor dtype = complex128, shape = [2], values = "
                        "[(0.000000e+00,0.000000e+00), (1.000000e+00,-2.000000e+00)]");
    free(s);
    obj_release(&t->hdr);
    t = dht_new(F.a, DT_UI16, 1, d2);
    dht_store(t, 0, (DScalar){ DS_INT, 65535, 0, 0 });
    s = dht_format(t);
    cr_expect_str_eq(s, "DenseHostTensor dtype = u16, shape = [2], values = [65535, 0]");
    free(s);
    obj_release(&t->hdr);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    no_leaks();
}

Test(kern, tensor_allocation_is_accounted)
{
    int64_t dims[2] = { 3, 5 };
    DenseHostTensor *t = dht_new(F.a, DT_F32, 2, dims);
    cr_assert(t != NULL);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 64 + 60));
    HostBuffer *s = hb_slice(t->buf, 4, 8);
    obj_release(&t->hdr);                  /* the slice keeps the block alive */
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 64 + 60));
    cr_expect_null(hb_slice(s, 4, 5));     /* out of range */
    obj_release(&s->hdr);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    HostBuffer *b = hb_alloc(F.a, 10, 128);
    cr_assert(b != NULL);
    cr_expect(eq(u64, (uintptr_t)b->data % 128, 0));
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 64 + 10 + 128));
    obj_release(&b->hdr);
    cr_expect_null(hb_alloc(F.a, 10, 3));  /* not a power of two */
    int64_t neg[1] = { -1 };
    cr_expect_null(dht_new(F.a, DT_I32, 1, neg));
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    no_leaks();
}

Test(kern, tensor_equal_ulps)
{
    int64_t d[1] = { 2 };
    DenseHostTensor *a = dht_new(F.a, DT_F32, 1, d), *b = dht_new(F.a, DT_F32, 1, d);
    dht_store(a, 0, (DScalar){ DS_FLOAT, 0, 1.0, 0 });
    dht_store(b, 0, (DScalar){ DS_FLOAT, 0, 1.0, 0 });
    cr_expect(dht_equal(a, b, 0));
    /* TFRT's rule: |a - b| <= epsilon * |a + b| * ulps, about 2 x ulps
    ** units in the last place: 1 + 2 ulps is within 1, 1 + 3 ulps is not,
    ** and within 2. */
    float next = 1.0f + 1.1920929e-07f * 2;            /* two ulps above 1 */
    dht_store(b, 0, (DScalar){ DS_FLOAT, 0, next, 0 });
    cr_expect_not(dht_equal(a, b, 0));
    cr_expect(dht_equal(a, b, 1));
    dht_store(b, 0, (DScalar){ DS_FLOAT, 0, 1.0f + 1.1920929e-07f * 3, 0 });
    cr_expect_not(dht_equal(a, b, 1));
    cr_expect(dht_equal(a, b, 2));
    dht_store(a, 0, (DScalar){ DS_FLOAT, 0, 1.0 / 0.0, 0 });
    dht_store(b, 0, (DScalar){ DS_FLOAT, 0, 1.0 / 0.0, 0 });
    cr_expect(dht_equal(a, b, 2));                     /* equal infinities are close */
    dht_store(a, 0, (DScalar){ DS_FLOAT, 0, 1e-39, 0 });
    dht_store(b, 0, (DScalar){ DS_FLOAT, 0, -1e-39, 0 });
    cr_expect(dht_equal(a, b, 2));                     /* apart by less than FLT_MIN */
    dht_store(a, 1, (DScalar){ DS_FLOAT, 0, 0.0 / 0.0, 0 });
    dht_store(b, 0, (DScalar){ DS_FLOAT, 0, 1.0, 0 });
    dht_store(b, 1, (DScalar){ DS_FLOAT, 0, 0.0 / 0.0, 0 });
    cr_expect_not(dht_equal(a, b, 1000));              /* NaN is never close */
    obj_release(&a->hdr);
    obj_release(&b->hdr);
    no_leaks();
}

Test(kern, fixed_size_allocator_refuses)
{
    HostAllocator *fa = ha_create("test_fixed_size_1k", stderr);
    cr_redirect_stderr();
    int64_t small[1] = { 32 }, big[1] = { 1024 };
    DenseHostTensor *t = dht_new(fa, DT_F32, 1, small);
    cr_expect(t != NULL);
    cr_expect_null(dht_new(fa, DT_F32, 1, big));
    obj_release(&t->hdr);
    ha_destroy(fa);
    fflush(stderr);
    no_leaks();
}

Test(kern, create_and_set_kernels)
{
    TOp t;
    AsyncValue *r, *ch = av_ready_chain();
    const Attr *dims[2] = { a_int(2), a_int(2) };
    mkop(&t, "tfrt_dht.create_uninitialized_tensor.i32.2", 1, "shape", a_array(dims, 2));
    AsyncValue *tensor;
    run(&t, NULL, 0, &tensor, 1);
    cr_assert(av_is_available(tensor));
    const Attr *vals[3] = { a_int(1), a_int(2), a_int(3) };
    mkop(&t, "tfrt_dht.set_tensor_with_constant_values.i32", 1, "values", a_array(vals, 3));
    AsyncValue *args[2] = { tensor, ch };
    run(&t, args, 2, &r, 1);
    cr_expect_str_eq(errmsg(r), "Incorrect number of values for the tensor: 3, but expected 4");
    av_release(r);
    AsyncValue *sargs[4] = { tensor, ch, i32v(5), i32v(6) };
    mkop(&t, "tfrt_dht.set_tensor_with_values.i32", 0);
    run(&t, sargs, 4, &r, 1);
    cr_expect_str_eq(errmsg(r), "Incorrect number of values for the tensor: 2, but expected 4");
    av_release(r);
    mkop(&t, "tfrt_dht.fill_tensor_with_constant.i32", 1, "value", a_int(-4));
    run(&t, args, 2, &r, 1);
    av_release(r);
    out_reset();
    mkop(&t, "tfrt_dht.print_tensor", 0);
    run(&t, args, 2, &r, 1);
    av_release(r);
    cr_expect_str_eq(out(), "DenseHostTensor dtype = i32, shape = [2, 2], values = [-4, -4, -4, -4]\n");
    av_release(sargs[2]);
    av_release(sargs[3]);
    av_release(tensor);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    no_leaks();
}

Test(kern, make_tensor_size_error)
{
    AsyncValue *args[2] = { i64v(16), i64v(8) };
    AsyncValue *buf = run1("tfrt_dht.allocate_buffer", args, 2);
    cr_assert(av_is_available(buf));
    int64_t d[2] = { 3, 2 };
    AsyncValue *shape = av_new_available(any_obj(&shape_new(SHAPE_RANKED, 2, d)->hdr));
    TOp t;
    mkop(&t, "tfrt_dht.make_tensor.f32", 0);
    AsyncValue *margs[3] = { buf, shape, av_ready_chain() }, *res[2];
    run(&t, margs, 3, res, 2);
    cr_expect_str_eq(errmsg(res[0]), "dht.make_tensor failed: buffer_size (16) is not equal to the number of "
                                     "elements in shape ([3, 2]) times element size (4)");
    release_all(res, 2);
    av_release(shape);
    av_release(buf);
    release_all(args, 2);
    AsyncValue *bad[2] = { i64v(16), i64v(6) };
    AsyncValue *r = run1("tfrt_dht.allocate_buffer", bad, 2);
    cr_expect_str_eq(errmsg(r), "Cannot allocate host buffer");
    av_release(r);
    release_all(bad, 2);
    no_leaks();
}

Test(kern, shapes)
{
    int64_t d[4] = { 2, -1, 3, -1 };
    AsyncValue *p = av_new_available(any_obj(&shape_new(SHAPE_PARTIAL, 4, d)->hdr));
    AsyncValue *r = run1("ts.to_shape", &p, 1);
    cr_expect_str_eq(errmsg(r), "Unknown dimensions at following indices = [1, 3]");
    av_release(r);
    av_release(p);
    p = av_new_available(any_obj(&shape_new(SHAPE_PARTIAL, -1, NULL)->hdr));
    r = run1("ts.to_shape", &p, 1);
    cr_expect_str_eq(errmsg(r), "Unknown rank");
    av_release(r);
    AsyncValue *args[2] = { p, av_ready_chain() };
    out_reset();
    r = run1("ts.print_partial_shape", args, 2);
    cr_expect_str_eq(out(), "partial_tensor_shape = Unknown rank\n");
    av_release(r);
    av_release(p);
    int64_t e[3] = { 4, 0, 6 };
    AsyncValue *s = av_new_available(any_obj(&shape_new(SHAPE_RANKED, 3, e)->hdr));
    AsyncValue *fx = run1("ts.as_fixed_rank_shape.3", &s, 1);
    AsyncValue *bad = run1("ts.as_fixed_rank_shape.2", &s, 1);
    cr_expect(av_is_error(bad));
    av_release(bad);
    AsyncValue *pargs[2] = { fx, av_ready_chain() };
    out_reset();
    r = run1("ts.print_fixed_rank_shape.3", pargs, 2);
    cr_expect_str_eq(out(), "fixed_rank_shape = []\n");
    av_release(r);
    AsyncValue *gargs[2] = { s, i32v(7) };
    r = run1("ts.get_dimension", gargs, 2);  /* out of range: an error */
    cr_expect(av_is_error(r));
    av_release(r);
    av_release(gargs[1]);
    av_release(fx);
    av_release(s);
    char buf[8];
    int64_t big[3] = { 123456, 7, 8 };
    size_t n = shape_format_dims(buf, sizeof buf, big, 3);  /* truncates safely */
    cr_expect(eq(sz, n, strlen("[123456, 7, 8]")));
    cr_expect_str_eq(buf, "[123456");
    no_leaks();
}

/* {=====================================================================
** vt.* and resources: destruction timing
** ====================================================================== */

Test(kern, vt_lifetime)
{
    TOp t;
    AsyncValue *a, *b;
    mkop(&t, "vt.constant", 1, "value", a_int(1));
    run(&t, NULL, 0, &a, 1);
    mkop(&t, "vt.constant", 1, "value", a_int(2));
    run(&t, NULL, 0, &b, 1);
    AsyncValue *args[2] = { a, b };
    AsyncValue *c = run1("vt.add", args, 2);
    av_release(a);
    av_release(b);
    AsyncValue *pargs[2] = { c, av_ready_chain() };
    AsyncValue *ch = run1("vt.print", pargs, 2);
    av_release(ch);
    av_release(c);
    cr_expect_str_eq(out(),
        "constructed vt.value(1)\nmove constructed vt.value(1)\n"
        "constructed vt.value(2)\nmove constructed vt.value(2)\n"
        "constructed vt.value(3)\nmove constructed vt.value(3)\n"
        "destroyed vt.value(1)\ndestroyed vt.value(2)\n"
        "print vt_value(3)\ndestroyed vt.value(3)\n");
    no_leaks();
}

Test(kern, resource_destroyed_once)
{
    TOp t;
    AsyncValue *ch = av_ready_chain(), *res[2];
    mkop(&t, "tfrt_test.allocate_resource", 0);
    run(&t, &ch, 1, res, 2);
    AsyncValue *args[2] = { res[0], res[1] };
    AsyncValue *r = run1("tfrt_test.deallocate_resource", args, 2);
    av_release(r);
    release_all(res, 2);                   /* last reference: no second line */
    cr_expect_str_eq(out(), "Allocated TestResource\nDestroyed TestResource\n"
                            "tfrt_test.deallocate_resource done\n");
    out_reset();
    run(&t, &ch, 1, res, 2);
    release_all(res, 2);                   /* never deallocated: dies with its value */
    cr_expect_str_eq(out(), "Allocated TestResource\nDestroyed TestResource\n");
    no_leaks();
}

/* {=====================================================================
** tfrt_test.*
** ====================================================================== */

Test(kern, uniqueness_and_indirect)
{
    AsyncValue *v = i32v(5);
    AsyncValue *u = run1("tfrt_test.get_uniqueness", &v, 1);
    cr_expect(eq(i64, av_get(u)->v.i, 1));
    av_release(u);
    av_retain(v);                          /* a second holder */
    u = run1("tfrt_test.get_uniqueness", &v, 1);
    cr_expect(eq(i64, av_get(u)->v.i, 0));
    av_release(u);
    av_release(v);
    AsyncValue *ind = run1("tfrt_test.make_indirect", &v, 1);
    cr_expect(av_is_indirect(ind));
    cr_expect(eq(i64, av_get(ind)->v.i, 5));
    av_release(ind);
    av_release(v);
    no_leaks();
}

Test(kern, identity_forwards_without_copy)
{
    AsyncValue *v = i32v(9);
    AsyncValue *args[2] = { av_ready_chain(), v }, *res[1];
    TOp t;
    mkop(&t, "tfrt_test.identity", 0);
    run(&t, args, 2, res, 1);
    cr_expect_eq(res[0], v);
    av_release(res[0]);
    AsyncValue *two[2];
    mkop(&t, "tfrt_test.share_to_two", 0);
    run(&t, &v, 1, two, 2);
    cr_expect_eq(two[0], v);
    cr_expect_eq(two[1], v);
    release_all(two, 2);
    av_release(v);
    no_leaks();
}

Test(kern, async_add_resolves_in_task)
{
    AsyncValue *args[2] = { i32v(40), i32v(2) };
    AsyncValue *r = run1("tfrt_test.async_add.i32", args, 2);
    release_all(args, 2);
    cr_expect_not(av_is_resolved(r));      /* deferred to the queue */
    wq_quiesce(F.q);
    cr_assert(av_is_available(r));
    cr_expect(eq(i64, av_get(r)->v.i, 42));
    av_release(r);
    no_leaks();
}

Test(kern, async_errors_resolve_in_task)
{
    AsyncValue *r = run1("tfrt_test.report_error_async", NULL, 0);
    cr_expect_not(av_is_resolved(r));
    AsyncValue *one = i32v(1), *zero = i32v(0);
    AsyncValue *ind_bad = run1("tfrt_test.report_error_indirect_async", &one, 1);
    AsyncValue *ind_ok = run1("tfrt_test.report_error_indirect_async", &zero, 1);
    AsyncValue *con_ok = run1("tfrt_test.report_error_concrete_async", &zero, 1);
    cr_expect(av_is_indirect(ind_bad));
    wq_quiesce(F.q);
    cr_expect_str_eq(errmsg(r), "something bad happened asynchronously");
    cr_expect_str_eq(errmsg(ind_bad), "something bad happened asynchronously");
    cr_expect(eq(i64, av_get(ind_ok)->v.i, 0));
    cr_expect(eq(i64, av_get(con_ok)->v.i, 0));
    AsyncValue *all[6] = { r, ind_bad, ind_ok, con_ok, one, zero };
    release_all(all, 6);
    no_leaks();
}

Test(kern, sleeps_print)
{
    AsyncValue *us = i32v(20);
    AsyncValue *res[1];
    TOp t;
    mkop(&t, "tfrt_test.usleep", 0);
    run(&t, &us, 1, res, 0);
    AsyncValue *c = run1("tfrt_test.blocking.usleep", &us, 1);
    cr_expect_not(av_is_resolved(c));
    wq_quiesce(F.q);
    cr_expect(av_is_available(c));
    cr_expect_str_eq(out(), "Slept for 20 microseconds\nSlept for 20 microseconds\n");
    av_release(c);
    av_release(us);
    no_leaks();
}

Test(kern, atomics)
{
    AsyncValue *c = run1("tfrt_test.atomic.create.i32", NULL, 0);
    AsyncValue *args[3] = { c, i32v(5), av_ready_chain() };
    av_release(run1("tfrt_test.atomic.inc.i32", args, 1));
    av_release(run1("tfrt_test.atomic.add.i32", args, 3));
    TOp t;
    AsyncValue *res[2];
    mkop(&t, "tfrt_test.atomic.get.i32", 0);
    run(&t, args, 1, res, 2);
    cr_expect(eq(i64, av_get(res[0])->v.i, 6));
    release_all(res, 2);
    av_release(args[1]);
    av_release(c);
    no_leaks();
}

Test(kern, format_string_is_safe)
{
    AsyncValue *args[2] = { av_new_available(any_str("%d|%5x|%s|%n|%%|%-3i.", 22)), i32v(26) };
    AsyncValue *r = run1("tfrt_test.format_string", args, 2);
    size_t len;
    const char *s = any_str_data(av_get(r), &len);
    cr_expect(eq(str, (char *)s, "26|   1a|%s|%n|%|26 ."));
    av_release(r);
    release_all(args, 2);
    no_leaks();
}

Test(kern, read_string_from_missing_file)
{
    AsyncValue *p = av_new_available(any_str("/nonexistent/tfrun-file", 23));
    AsyncValue *r = run1("tfrt_test.read_string_from_file", &p, 1);
    cr_expect_str_eq(errmsg(r), "failed to read from file /nonexistent/tfrun-file");
    av_release(r);
    av_release(p);
    no_leaks();
}

static void *other_thread(void *arg)
{
    (void)arg;
    AsyncValue *ch = av_ready_chain();
    AsyncValue *r = run1("tfrt_test.get_thread_id", &ch, 1);
    int64_t id = av_get(r)->v.i;
    av_release(r);
    return (void *)(intptr_t)id;
}

Test(kern, thread_ids_per_thread)
{
    AsyncValue *ch = av_ready_chain();
    AsyncValue *r = run1("tfrt_test.get_thread_id", &ch, 1);
    cr_expect(eq(i64, av_get(r)->v.i, 0));
    av_release(r);
    pthread_t th;
    void *id;
    pthread_create(&th, NULL, other_thread, NULL);
    pthread_join(th, &id);
    cr_expect(eq(i64, (intptr_t)id, 1));
    r = run1("tfrt_test.get_thread_id", &ch, 1);
    cr_expect(eq(i64, av_get(r)->v.i, 0));  /* same thread, same id */
    av_release(r);
    no_leaks();
}

Test(kern, debug_info_rules)
{
    TOp t;
    AsyncValue *ch = av_ready_chain(), *r;
    Loc a = { .kind = LOC_NAME, .name = "a" }, b = { .kind = LOC_NAME, .name = "b" };
    Loc file = { .kind = LOC_FILE, .file = "x.py", .line = 1, .col = 2 };
    const Loc *items[3] = { &a, &file, &b };
    Loc fused = { .kind = LOC_FUSED, .items = items, .nitems = 3 };
    Loc call = { .kind = LOC_CALLSITE, .callee = &b, .caller = &file };
    Loc call_file = { .kind = LOC_CALLSITE, .callee = &file, .caller = &a };
    const Loc *empty_items[1] = { &file };
    Loc fused_empty = { .kind = LOC_FUSED, .items = empty_items, .nitems = 1 };
    const Loc *locs[] = { &a, &fused, &call, &call_file, &file, &fused_empty };
    mkop(&t, "tfrt_test.print_debug_info", 0);
    for (size_t i = 0; i < sizeof locs / sizeof locs[0]; i++) {
        t.op.loc = locs[i];
        run(&t, &ch, 1, &r, 1);
        av_release(r);
    }
    cr_expect_str_eq(out(), "a\nab\nb\nKernel has no debug info\nKernel has no debug info\n\n");
    no_leaks();
}

Test(kern, flat_and_typed_attrs)
{
    const Attr *pair[2] = { a_int(1), a_int(2) };
    const Attr *first[2] = { a_str("s"), a_array(pair, 2) };
    const Attr *fl[1] = { a_float(0.5) };
    const Attr *outer[2] = { a_array(first, 2), a_array(fl, 1) };
    TOp t;
    AsyncValue *res[4];
    mkop(&t, "tfrt_test.flat", 1, "value", a_array(outer, 2));
    run(&t, NULL, 0, res, 4);
    cr_expect(eq(i64, av_get(res[1])->v.i, 1));
    cr_expect(eq(i64, av_get(res[2])->v.i, 2));
    cr_expect(eq(flt, av_get(res[3])->v.f32, 0.5f));
    release_all(res, 4);
    mkop(&t, "tfrt_test.flat", 1, "value", a_int(3));   /* wrong shape: an error */
    run(&t, NULL, 0, res, 4);
    cr_expect(av_is_error(res[0]) && av_is_error(res[3]));
    release_all(res, 4);
    no_leaks();
}

Test(kern, memory_leak_is_accounted)
{
    TOp t;
    mkop(&t, "tfrt_test.memory_leak_one_int32", 0);
    run(&t, NULL, 0, NULL, 0);
    HostAllocStats st = ha_stats(F.a);
    cr_expect(eq(i64, st.cur_allocs, 1));
    cr_expect(eq(i64, st.cur_bytes, 4));
    no_leaks();
}

/* Every kernel family file provides the rows it owns. */
Test(kern, rows_have_kernels)
{
    static const char *const names[] = {
        "tfrt.new.chain", "tfrt.merge.chains", "tfrt.constant.complex128", "tfrt.print.f16",
        "tfrt.alias.value", "tfrt.constant_s.bf16", "vt.print", "tfrt_tutorial.print_coordinate",
        "tfrt_dht.create_uninitialized_tensor.ui16.5", "tfrt_dht.tensor_allclose.100000ulp.bf16",
        "tfrt_dht.set_tensor_with_values.complex128", "tfrt_dht_sync.create_from_scalar.ui8",
        "ts.build_unranked_partial_shape", "tfrt_test.slice_inplace.i32.3",
        "tfrt_test.sync_sum_attributes", "tfrt_test.invoke_sync_function.i32_i32.i32_i32",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const OpInfo *o = optable_lookup(names[i], strlen(names[i]));
        cr_expect(o != NULL && o->fn != NULL, "%s has no kernel", names[i]);
    }
    no_leaks();
}

/* Every row of ops/ops.def has a kernel unless its flags say it has
** none (OPF_NO_KERNEL), and a row flagged so has none. A row whose kernel
** is not linked in would otherwise load and then fail as an unknown kernel
** (optable.c declares the kernels weak). */
Test(kern, every_row_has_kernel_unless_flagged)
{
    size_t n;
    const OpInfo *all = optable_all(&n);
    int missing = 0;
    for (size_t i = 0; i < n; i++) {
        bool none = (all[i].flags & OPF_NO_KERNEL) != 0;
        if (none == (all[i].fn == NULL)) continue;
        missing++;
        cr_expect(false, "%s: %s", all[i].name, none ? "flagged OPF_NO_KERNEL but has a kernel" : "has no kernel");
    }
    cr_assert(missing == 0, "%d rows disagree with their OPF_NO_KERNEL flag", missing);
}

/* Every rule of ops/attrs.def reaches some row: its kernel column
** names a row's kernel (a misspelt one would silently check nothing), and
** the rules of one kernel are one run (optable_attrs returns the first). */
Test(kern, every_attr_rule_reaches_a_row)
{
    enum { NRULES = 0
#define ATTR(...) + 1
#include "ops/attrs.def"
#undef ATTR
    };
    size_t n;
    const OpInfo *all = optable_all(&n);
    const OpAttr *seen[NRULES];
    int nseen = 0, reached = 0;
    for (size_t i = 0; i < n; i++) {
        int k;
        const OpAttr *r = optable_attrs(&all[i], &k);
        if (k == 0) continue;
        bool dup = false;
        for (int j = 0; j < nseen; j++) dup |= seen[j] == r;
        if (dup) continue;
        cr_assert(nseen < NRULES);
        seen[nseen++] = r;
        reached += k;
    }
    cr_assert_eq(reached, NRULES, "%d of %d attribute rules reach a row", reached, (int)NRULES);
}

/* {=====================================================================
** Legacy synchronous kernels (sync.c) and attribute-driven kernels
** ====================================================================== */

/* A typed attribute for print_typed_attr. */
static const Attr *a_typed(AttrKind kind, TypeKind tk, int64_t i, double f)
{
    static Type types[8];
    static int ntypes;
    Type *ty = &types[ntypes++ % 8];
    memset(ty, 0, sizeof *ty);
    ty->kind = tk;
    Attr *a = &pool[npool++ % POOL];
    memset(a, 0, sizeof *a);
    a->kind = kind;
    a->type = ty;
    if (kind == ATTR_FLOAT) a->u.f = f;
    else if (kind == ATTR_BOOL) a->u.b = i != 0;
    else a->u.i = i;
    return a;
}

Test(kern, print_typed_attr_alphabetical)
{
    TOp t;
    AsyncValue *ch = av_ready_chain(), *r;
    /* NamedAttrs are sorted by name, as the parser stores them. */
    mkop(&t, "tfrt_test.print_typed_attr", 4,
         "_tfrt_cost", a_typed(ATTR_INT, TY_I64, 9, 0),
         "a", a_typed(ATTR_INT, TY_I64, -3, 0),
         "b", a_typed(ATTR_FLOAT, TY_F32, 0, 0.25),
         "c", a_typed(ATTR_BOOL, TY_I1, 0, 0));
    run(&t, &ch, 1, &r, 1);
    av_release(r);
    cr_expect_str_eq(out(), "I64: -3\nF32: 2.500000e-01\nI1: 0\n");
    out_reset();
    mkop(&t, "tfrt_test.print_typed_attr", 2, "x", a_typed(ATTR_INT, TY_I32, 1, 0), "y", a_str("s"));
    run(&t, &ch, 1, &r, 1);
    av_release(r);
    cr_expect_str_eq(out(), "unknown attr\nunknown attr\n");
    no_leaks();
}

Test(kern, sync_kernels)
{
    TOp t;
    AsyncValue *r;
    mkop(&t, "tfrt_test.sync_sum_attributes", 3, "a", a_int(1), "b", a_int(20), "c", a_str("x"));
    run(&t, NULL, 0, &r, 1);
    cr_expect(eq(i64, av_get(r)->v.i, 21));
    av_release(r);
    AsyncValue *args[3] = { i32v(1), i32v(2), i32v(3) };
    r = run1("tfrt_test.sync_sum", args, 3);
    cr_expect(eq(i64, av_get(r)->v.i, 6));
    av_release(r);
    r = run1("tfrt.mul_s.i32", args + 1, 2);
    cr_expect(eq(i64, av_get(r)->v.i, 6));
    av_release(r);
    release_all(args, 3);
    /* error_s has no results: in a sync context the message is recorded. */
    F.ctx.flags = EXEC_SYNC;
    mkop(&t, "tfrt_test.error_s", 0);
    run(&t, NULL, 0, NULL, 0);
    cr_expect_str_eq(F.ctx.error, "something bad happened");
    F.ctx.flags = 0;
    no_leaks();
}

Test(kern, sync_dense_tensors)
{
    TOp t;
    AsyncValue *r;
    const Attr *dims[2] = { a_int(2), a_int(2) };
    const Attr *one[1] = { a_float(1.5) };
    mkop(&t, "tfrt_dht_sync.create_dense_tensor.f64", 2, "shape", a_array(dims, 2), "values", a_array(one, 1));
    run(&t, NULL, 0, &r, 1);
    cr_assert(av_is_available(r));
    char *s = dht_format(dht_from_any(*av_get(r)));
    cr_expect_str_eq(s, "DenseHostTensor dtype = f64, shape = [2, 2], values = "
                        "[1.500000e+00, 1.500000e+00, 1.500000e+00, 1.500000e+00]");
    free(s);
    AsyncValue *pr = r;
    mkop(&t, "tfrt_dht_sync.print_tensor", 0);
    out_reset();
    run(&t, &pr, 1, NULL, 0);
    cr_expect_str_eq(out(), "DenseHostTensor dtype = f64, shape = [2, 2], values = "
                            "[1.500000e+00, 1.500000e+00, 1.500000e+00, 1.500000e+00]\n");
    av_release(r);
    const Attr *three[3] = { a_int(1), a_int(2), a_int(3) };
    mkop(&t, "tfrt_dht_sync.create_dense_tensor.i32", 2, "shape", a_array(dims, 2), "values", a_array(three, 3));
    run(&t, NULL, 0, &r, 1);
    cr_expect_str_eq(errmsg(r), "Incorrect number of values for the tensor: 3, but expected 4");
    av_release(r);
    /* TFRT's CreateFromScalar: attributes shape and value, a scalar host
    ** tensor (no storage from the allocator). */
    const Attr *d1[1] = { a_int(3) };
    mkop(&t, "tfrt_dht_sync.create_from_scalar.bool", 2, "shape", a_array(d1, 1), "value", a_int(1));
    run(&t, NULL, 0, &r, 1);
    s = crt_tensor_format(*av_get(r));
    cr_expect_str_eq(s, "ScalarHostTensor dtype = i1, shape = [3], value = 1");
    free(s);
    av_release(r);
    const Attr *neg[2] = { a_int(2), a_int(-1) };
    mkop(&t, "tfrt_dht_sync.create_from_scalar.f32", 2, "shape", a_array(neg, 2), "value", a_float(0.5));
    run(&t, NULL, 0, &r, 1);
    cr_expect_str_eq(errmsg(r), "attribute 'shape' must hold non-negative integers");
    av_release(r);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    no_leaks();
}

Test(kern, const_dense_attr_splat_and_errors)
{
    Type i32t = { .kind = TY_I32, .spelling = "i32" };
    int64_t dims[2] = { 2, 3 };
    Type tt = { .kind = TY_TENSOR, .elem = &i32t, .rank = 2, .dims = dims };
    const Attr *elems[1] = { a_int(7) };
    Attr dense = { .kind = ATTR_DENSE, .type = &tt, .dense_splat = true };
    dense.u.arr.elems = elems;
    dense.u.arr.n = 1;
    TOp t;
    AsyncValue *r;
    mkop(&t, "tfrt_test.const_dense_attr", 1, "value", &dense);
    run(&t, NULL, 0, &r, 1);
    char *s = dht_format(dht_from_any(*av_get(r)));
    cr_expect_str_eq(s, "DenseHostTensor dtype = i32, shape = [2, 3], values = [7, 7, 7, 7, 7, 7]");
    free(s);
    av_release(r);
    const Attr *two[2] = { a_int(1), a_int(2) };
    dense.u.arr.elems = two;
    dense.u.arr.n = 2;                     /* neither a splat nor 6 values */
    run(&t, NULL, 0, &r, 1);
    cr_expect(av_is_error(r));
    av_release(r);
    mkop(&t, "tfrt_test.const_dense_attr", 1, "value", a_int(3));
    run(&t, NULL, 0, &r, 1);
    cr_expect(av_is_error(r));
    av_release(r);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    no_leaks();
}

Test(kern, cancel_marks_request)
{
    TOp t;
    AsyncValue *ch = av_ready_chain(), *res[2];
    mkop(&t, "tfrt_test.cancel", 0);
    cr_expect_null(rq_cancelled(F.ctx.rq));
    run(&t, &ch, 1, res, 2);
    cr_expect(eq(i64, av_get(res[0])->v.i, 0));
    cr_assert(rq_cancelled(F.ctx.rq) != NULL);
    cr_expect_str_eq(av_error(rq_cancelled(F.ctx.rq))->msg, "Cancelled");
    release_all(res, 2);
}

Test(kern, quiesce_runs_queued_work)
{
    AsyncValue *args[2] = { i32v(1), i32v(2) };
    AsyncValue *sum = run1("tfrt_test.async_add.i32", args, 2);
    release_all(args, 2);
    cr_expect_not(av_is_resolved(sum));
    AsyncValue *ch = av_ready_chain();
    AsyncValue *r = run1("tfrt_test.quiesce", &ch, 1);
    cr_expect(av_is_available(r));
    cr_assert(av_is_available(sum));          /* the task ran inside the kernel */
    cr_expect(eq(i64, av_get(sum)->v.i, 3));
    av_release(r);
    av_release(sum);
    no_leaks();
}

/* Every dtype of ops.def's DHT_DTYPES through the kernels: create, fill,
** print, compare. */
typedef struct DtCase { char sfx[12]; bool is_float; char want[128]; } DtCase;

ParameterizedTestParameters(kern, dtypes)
{
    static DtCase cases[] = {
        { "bf16", true, "DenseHostTensor dtype = bf16, shape = [2], values = [bf16(16256), bf16(16256)]" },
        { "bool", false, "DenseHostTensor dtype = i1, shape = [2], values = [1, 1]" },
        { "complex128", true, "DenseHostTensor dtype = complex128, shape = [2], values = "
                              "[(1.000000e+00,0.000000e+00), (1.000000e+00,0.000000e+00)]" },
        { "complex64", true, "DenseHostTensor dtype = complex64, shape = [2], values = "
                             "[(1.000000e+00,0.000000e+00), (1.000000e+00,0.000000e+00)]" },
        { "f16", true, "DenseHostTensor dtype = f16, shape = [2], values = [fp16(15360), fp16(15360)]" },
        { "f32", true, "DenseHostTensor dtype = f32, shape = [2], values = [1.000000e+00, 1.000000e+00]" },
        { "f64", true, "DenseHostTensor dtype = f64, shape = [2], values = [1.000000e+00, 1.000000e+00]" },
        { "i32", false, "DenseHostTensor dtype = i32, shape = [2], values = [1, 1]" },
        { "i64", false, "DenseHostTensor dtype = i64, shape = [2], values = [1, 1]" },
        { "i8", false, "DenseHostTensor dtype = i8, shape = [2], values = [1, 1]" },
        { "ui16", false, "DenseHostTensor dtype = u16, shape = [2], values = [1, 1]" },
        { "ui32", false, "DenseHostTensor dtype = u32, shape = [2], values = [1, 1]" },
        { "ui64", false, "DenseHostTensor dtype = u64, shape = [2], values = [1, 1]" },
        { "ui8", false, "DenseHostTensor dtype = u8, shape = [2], values = [1, 1]" },
    };
    return cr_make_param_array(DtCase, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(DtCase *c, kern, dtypes)
{
    char name[96];
    TOp t;
    AsyncValue *a, *b, *r, *res[2], *ch = av_ready_chain();
    const Attr *dims[1] = { a_int(2) };
    snprintf(name, sizeof name, "tfrt_dht.create_uninitialized_tensor.%s.1", c->sfx);
    mkop(&t, name, 1, "shape", a_array(dims, 1));
    run(&t, NULL, 0, &a, 1);
    run(&t, NULL, 0, &b, 1);
    cr_assert(av_is_available(a) && av_is_available(b));
    snprintf(name, sizeof name, "tfrt_dht.fill_tensor_with_constant.%s", c->sfx);
    mkop(&t, name, 1, "value", c->is_float ? a_float(1.0) : a_int(1));
    AsyncValue *fargs[2] = { a, ch };
    run(&t, fargs, 2, &r, 1);
    av_release(r);
    mkop(&t, "tfrt_dht.print_tensor", 0);
    run(&t, fargs, 2, &r, 1);
    av_release(r);
    char want[160];
    snprintf(want, sizeof want, "%s\n", c->want);
    cr_expect_str_eq(out(), want);
    AsyncValue *cargs[3] = { a, b, ch };
    snprintf(name, sizeof name, "tfrt_dht.tensor_equal.%s", c->sfx);
    mkop(&t, name, 0);
    run(&t, cargs, 3, res, 2);
    cr_expect(eq(i64, av_get(res[0])->v.i, 0), "%s: filled vs zero", c->sfx);
    release_all(res, 2);
    fargs[0] = b;
    snprintf(name, sizeof name, "tfrt_dht.fill_tensor_with_constant.%s", c->sfx);
    mkop(&t, name, 1, "value", c->is_float ? a_float(1.0) : a_int(1));
    run(&t, fargs, 2, &r, 1);
    av_release(r);
    static const char *const variants[] = { "", ".3ulp", ".1000ulp", ".2000ulp", ".100000ulp" };
    for (int v = 0; v < 5; v++) {
        snprintf(name, sizeof name, "tfrt_dht.tensor_allclose%s.%s", variants[v], c->sfx);
        mkop(&t, name, 0);
        run(&t, cargs, 3, res, 2);
        cr_expect(eq(i64, av_get(res[0])->v.i, 1), "%s", name);
        release_all(res, 2);
    }
    av_release(a);
    av_release(b);
    cr_expect(eq(i64, ha_stats(F.a).cur_bytes, 0));
    no_leaks();
}

/* kl_gemm (kernels/gemm.h) against products worked out by hand: every
** combination of transposes, alpha and beta, in f64 and i32 (wrapping). */
Test(kern, gemm_by_hand)
{
    /* A = [1 2 3; 4 5 6] (2x3), B = [7 8; 9 10; 11 12] (3x2):
    ** A x B = [58 64; 139 154]. */
    const double A[] = { 1, 2, 3, 4, 5, 6 }, At[] = { 1, 4, 2, 5, 3, 6 };
    const double B[] = { 7, 8, 9, 10, 11, 12 }, Bt[] = { 7, 9, 11, 8, 10, 12 };
    const double want[] = { 58, 64, 139, 154 };
    for (int ta = 0; ta < 2; ta++)
        for (int tb = 0; tb < 2; tb++) {
            double C[4] = { 1, 1, 1, 1 };
            cr_assert(kl_gemm(DT_F64, ta, tb, 2, 2, 3, 2.0, ta ? At : A, tb ? Bt : B, 0.5, C));
            for (int i = 0; i < 4; i++)
                cr_expect(C[i] == 2 * want[i] + 0.5, "ta=%d tb=%d C[%d] = %g", ta, tb, i, C[i]);
        }
    int32_t a[] = { INT32_MAX, 1 }, b[] = { 2, 3 }, c[1] = { 7 };
    /* [MAX 1] x [2; 3] = 2*MAX + 3 wraps to 1; beta 0 ignores c. */
    cr_assert(kl_gemm(DT_I32, false, false, 1, 1, 2, 1.0, a, b, 0.0, c));
    cr_expect(c[0] == 1, "%d", c[0]);
    cr_expect(kl_gemm(DT_BOOL, false, false, 1, 1, 1, 1.0, a, b, 0.0, c) == false);
}

/* The f32/f64 products go to OpenBLAS (kernels/gemm.c): on matrices of
** small integers, whose products and sums are exact in f32, every
** transpose combination agrees with the integer loop, including sizes that
** are not multiples of any block size and alpha/beta other than 1/0. */
Test(kern, gemm_blas_matches_loop)
{
    cr_assert(kl_gemm_blas(), "OpenBLAS was not opened: f32 products fall back to the loop");
    enum { M = 37, N = 29, K = 41 };
    static int64_t A[M * K], B[K * N], C[M * N];
    static float fA[M * K], fB[K * N], fC[M * N];
    static double dA[M * K], dB[K * N], dC[M * N];
    for (int ta = 0; ta < 2; ta++)
        for (int tb = 0; tb < 2; tb++) {
            for (int i = 0; i < M * K; i++) fA[i] = (float)(dA[i] = (double)(A[i] = (i * 7 + ta) % 11 - 5));
            for (int i = 0; i < K * N; i++) fB[i] = (float)(dB[i] = (double)(B[i] = (i * 5 + tb) % 9 - 4));
            for (int i = 0; i < M * N; i++) fC[i] = (float)(dC[i] = (double)(C[i] = i % 3));
            cr_assert(kl_gemm(DT_I64, ta, tb, M, N, K, 3.0, A, B, 2.0, C));
            cr_assert(kl_gemm(DT_F32, ta, tb, M, N, K, 3.0, fA, fB, 2.0, fC));
            cr_assert(kl_gemm(DT_F64, ta, tb, M, N, K, 3.0, dA, dB, 2.0, dC));
            for (int i = 0; i < M * N; i++) {
                cr_assert(fC[i] == (float)C[i], "f32 ta=%d tb=%d C[%d] = %g, want %lld", ta, tb, i, fC[i], (long long)C[i]);
                cr_assert(dC[i] == (double)C[i], "f64 ta=%d tb=%d C[%d] = %g, want %lld", ta, tb, i, dC[i], (long long)C[i]);
            }
        }
    /* k = 0: C = beta * C, with nothing for BLAS to do. */
    float z[2] = { 3, 4 };
    cr_assert(kl_gemm(DT_F32, false, false, 1, 2, 0, 1.0, fA, fB, 0.5, z));
    cr_expect(z[0] == 1.5f && z[1] == 2.0f, "%g %g", z[0], z[1]);
}
