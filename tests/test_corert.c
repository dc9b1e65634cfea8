/*
** test_corert.c — CoreRT's pieces one at a time (kernels/corert.h,
** docs/kernel-behaviour.md §14), without the parser or the executor: the
** cpu handler's op table and its metadata functions, the formats of
** TensorHandles in each state, op attribute sets, host tensor conversion,
** the handler registry and op resolution, and crt_when_all.
**
** Each test gets a fresh Host on a single-threaded queue with a leak-check
** allocator; whole programs are testdata/corert/.
*/
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp/exec.h"
#include "kernels/corert.h"
#include "kernels/dht.h"

static struct {
    WorkQueue *q;
    HostAllocator *a;
    Host *h;
} F;

static void setup(void)
{
    char err[128];
    F.q = wq_create("s", err, sizeof err);
    cr_assert(F.q != NULL, "%s", err);
    F.a = ha_create("leak_check_allocator", stderr);
    cr_assert(F.a != NULL);
    F.h = host_new(NULL, F.q, F.a, NULL, stdout);
}

static void teardown(void)
{
    wq_quiesce(F.q);
    host_free(F.h);
    ha_destroy(F.a);
    wq_destroy(F.q);
    memset(&F, 0, sizeof F);
}

TestSuite(corert, .init = setup, .fini = teardown, .timeout = 10.0);

static CrtMeta meta(DType dt, int rank, const int64_t *dims)
{
    CrtMeta m;
    memset(&m, 0, sizeof m);
    m.dtype = dt;
    m.rank = rank;
    for (int i = 0; i < rank; i++) m.dims[i] = dims[i];
    return m;
}

/* A dense i32 tensor of shape [n] holding [v]. */
static DenseHostTensor *dense_i32(const int32_t *v, int64_t n)
{
    DenseHostTensor *d = dht_new(F.a, DT_I32, 1, &n);
    cr_assert(d != NULL);
    memcpy(dht_data(d), v, sizeof *v * (size_t)n);
    return d;
}

static void expect_format(char *got, const char *want)
{
    cr_expect_str_eq(got, want);
    free(got);
}

/* {=====================================================================
** The cpu handler's op table
** ====================================================================== */

Test(corert, cpu_table_sorted_and_found)
{
    size_t n = 0;
    const CrtOpDef *ops = crt_cpu_ops(&n);
    cr_assert_gt(n, 20);
    for (size_t i = 0; i < n; i++) {
        if (i > 0) cr_expect_lt(strcmp(ops[i - 1].name, ops[i].name), 0, "%s before %s", ops[i - 1].name, ops[i].name);
        cr_expect_eq(crt_cpu_lookup(ops[i].name, strlen(ops[i].name)), &ops[i], "%s", ops[i].name);
        cr_expect(ops[i].fn != NULL, "%s has no op function", ops[i].name);
        cr_expect(ops[i].nresults >= 0);
    }
}

Test(corert, cpu_lookup_exact_names_only)
{
    /* Prefixes, extensions and names with a NUL inside are not ops. */
    cr_expect_null(crt_cpu_lookup("tfrt_test.ad", 12));
    cr_expect_null(crt_cpu_lookup("tfrt_test.add.", 14));
    cr_expect_null(crt_cpu_lookup("tfrt_test.add\0x", 15));
    cr_expect_null(crt_cpu_lookup("", 0));
    cr_expect_null(crt_cpu_lookup("tf.addv2", 8));        /* case matters */
    const CrtOpDef *d = crt_cpu_lookup("tfrt_test.add.denseonly", 13);   /* only the first 13 bytes */
    cr_assert_not_null(d);
    cr_expect_str_eq(d->name, "tfrt_test.add");
    cr_expect_not_null(crt_cpu_lookup("tf.AddV2", 8));
}

/* The metadata functions: results before the tensors exist, and TFRT's
** messages for what does not fit. */
Test(corert, metadata_functions)
{
    char err[256] = "";
    CrtAttrs *none = crt_attrs_new(true);
    CrtAttrs *mk = crt_attrs_new(false);
    bool no = false;
    crt_attrs_set(mk, "transpose_a", CA_BOOL, false, 1, &no);
    crt_attrs_set(mk, "transpose_b", CA_BOOL, false, 1, &no);
    CrtAttrs *nt = crt_attrs_freeze(mk);
    obj_release(&mk->hdr);
    CrtMeta res[2];

    const CrtOpDef *mm = crt_cpu_lookup("tfrt_test.matmul", 16);
    cr_assert_not_null(mm);
    cr_assert_not_null(mm->md);
    CrtMeta ab[2] = { meta(DT_F32, 2, (int64_t[]){ 2, 3 }), meta(DT_F32, 2, (int64_t[]){ 3, 4 }) };
    cr_expect_not(mm->md(ab, 2, none, res, err, sizeof err));
    cr_expect_str_eq(err, "tfrt_test.matmul needs the bool attribute 'transpose_a'");
    cr_assert(mm->md(ab, 2, nt, res, err, sizeof err), "%s", err);
    char buf[128];
    cr_expect_str_eq(crt_meta_format(&res[0], buf, sizeof buf), "f32 [2, 4]");
    ab[1] = meta(DT_F32, 2, (int64_t[]){ 2, 4 });
    err[0] = 0;
    cr_expect_not(mm->md(ab, 2, nt, res, err, sizeof err));
    cr_expect_str_eq(err, "matmul arguments have incompatible shapes");

    const CrtOpDef *add = crt_cpu_lookup("tf.AddV2", 8);
    cr_assert_not_null(add);
    CrtMeta xy[2] = { meta(DT_I32, 1, (int64_t[]){ 3 }), meta(DT_I64, 1, (int64_t[]){ 3 }) };
    err[0] = 0;
    cr_expect_not(add->md(xy, 2, none, res, err, sizeof err), "i32 + i64 accepted");
    cr_expect_str_eq(err, "incompatible dtypes for binary operation");
    xy[1] = meta(DT_I32, 1, (int64_t[]){ 3 });
    cr_expect(add->md(xy, 2, none, res, err, sizeof err), "%s", err);
    cr_expect(crt_meta_equal(&res[0], &xy[0]));
    obj_release(&none->hdr);
    obj_release(&nt->hdr);
}

/* {=====================================================================
** Metadata and TensorHandles
** ====================================================================== */

Test(corert, meta_format)
{
    char buf[128];
    CrtMeta m = meta(DT_I32, 2, (int64_t[]){ 2, 2 });
    cr_expect_str_eq(crt_meta_format(&m, buf, sizeof buf), "i32 [2, 2]");
    cr_expect_eq(crt_meta_elems(&m), 4);
    m = meta(DT_F64, 0, NULL);
    cr_expect_str_eq(crt_meta_format(&m, buf, sizeof buf), "f64 []");
    cr_expect_eq(crt_meta_elems(&m), 1);
    m = meta(DT_INVALID, 1, (int64_t[]){ 2 });
    m.string = true;
    cr_expect_str_eq(crt_meta_format(&m, buf, sizeof buf), "str [2]");
    m.string = false;
    cr_expect_str_eq(crt_meta_format(&m, buf, sizeof buf), "<invalid tensor metadata>");
    /* Zero-sized dimensions count no elements. */
    m = meta(DT_I8, 2, (int64_t[]){ 3, 0 });
    cr_expect_eq(crt_meta_elems(&m), 0);
}

/* TFRT's operator<< of a TensorHandle in each of its states. */
Test(corert, handle_format_states)
{
    CrtMeta m = meta(DT_I32, 2, (int64_t[]){ 2, 2 });

    CrtHandle *h = crt_handle_new(av_new_unavailable(), av_new_unavailable());
    expect_format(crt_handle_format(h), "fully future TensorHandle with unresolved metadata");
    obj_release(&h->hdr);

    AsyncValue *md = crt_meta_av(&m);
    AsyncValue *t = av_new_unavailable();
    h = crt_handle_new(md, t);
    expect_format(crt_handle_format(h), "future TensorHandle with metadata i32 [2, 2]");
    /* The tensor arrives: the handle prints it. */
    DenseHostTensor *d = dht_new(F.a, DT_I32, 2, m.dims);
    cr_assert_not_null(d);
    memcpy(dht_data(d), (const int32_t[]){ 1, 2, 3, 4 }, 16);
    av_emplace(t, any_obj(&d->hdr));
    expect_format(crt_handle_format(h), "DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]");
    obj_release(&h->hdr);

    h = crt_handle_new(av_new_error(ERR_INVALID_ARGUMENT, "bad md"), av_new_unavailable());
    expect_format(crt_handle_format(h), "future TensorHandle with error metadata 'bad md'");
    av_set_error(h->tensor, ERR_INVALID_ARGUMENT, "bad tensor");
    expect_format(crt_handle_format(h), "Error TensorHandle: 'bad tensor'");
    obj_release(&h->hdr);
}

Test(corert, handle_for_tensor_takes_its_metadata)
{
    DenseHostTensor *d = dense_i32((const int32_t[]){ 5, 6, 7 }, 3);
    CrtHandle *h = crt_handle_for(any_obj(&d->hdr));
    cr_assert(av_is_available(h->md) && av_is_available(h->tensor));
    char buf[64];
    cr_expect_str_eq(crt_meta_format(crt_meta_of(h->md), buf, sizeof buf), "i32 [3]");
    cr_expect_eq(crt_handle_from_any(any_obj(&h->hdr)), h);   /* any_obj: no new reference */
    obj_release(&h->hdr);
}

/* {=====================================================================
** Host tensors
** ====================================================================== */

Test(corert, scalar_string_coo_format)
{
    CrtMeta m = meta(DT_F32, 2, (int64_t[]){ 1, 2 });
    float v = 2.5f;
    CrtTensor *s = crt_scalar_new(&m, &v);
    expect_format(crt_tensor_format(any_obj(&s->hdr)), "ScalarHostTensor dtype = f32, shape = [1, 2], value = 2.500000e+00");
    obj_release(&s->hdr);

    CrtMeta sm = meta(DT_INVALID, 1, (int64_t[]){ 2 });
    sm.string = true;
    CrtTensor *st = crt_string_new(&sm);
    crt_string_set(st, 0, "a", 1);
    crt_string_set(st, 1, "bc", 2);
    expect_format(crt_tensor_format(any_obj(&st->hdr)), "StringHostTensor shape = [2], values = [\"a\", \"bc\"]");
    CrtKind k;
    cr_expect(crt_tensor_kind(any_obj(&st->hdr), &k));
    cr_expect_eq(k, CRT_STRING);
    cr_expect_str_eq(crt_kind_name(k), "StringHost");
    obj_release(&st->hdr);
}

Test(corert, to_dense_conversions)
{
    char err[128] = "";
    /* A scalar tensor broadcasts to every element. */
    CrtMeta m = meta(DT_I32, 2, (int64_t[]){ 2, 3 });
    int32_t seven = 7;
    CrtTensor *s = crt_scalar_new(&m, &seven);
    DenseHostTensor *d = crt_to_dense(F.a, any_obj(&s->hdr), NULL, err, sizeof err);
    cr_assert_not_null(d, "%s", err);
    cr_expect_eq(d->nelems, 6);
    for (int i = 0; i < 6; i++) cr_expect_eq(((int32_t *)dht_data(d))[i], 7);
    obj_release(&d->hdr);
    obj_release(&s->hdr);

    /* A dense tensor is itself, one more reference. */
    DenseHostTensor *x = dense_i32((const int32_t[]){ 1, 2 }, 2);
    DenseHostTensor *y = crt_to_dense(F.a, any_obj(&x->hdr), NULL, err, sizeof err);
    cr_expect_eq(x, y);
    cr_expect_eq(obj_refcount(&x->hdr), 2);
    obj_release(&y->hdr);
    obj_release(&x->hdr);

    /* COO: values scattered at their coordinates, zero elsewhere. */
    CrtMeta cm = meta(DT_I32, 2, (int64_t[]){ 2, 2 });
    int64_t ishape[2] = { 2, 2 }, vshape = 2;
    DenseHostTensor *ix = dht_new(F.a, DT_I64, 2, ishape);
    memcpy(dht_data(ix), (const int64_t[]){ 0, 1, 1, 0 }, 32);
    DenseHostTensor *vals = dht_new(F.a, DT_I32, 1, &vshape);
    memcpy(dht_data(vals), (const int32_t[]){ 8, 9 }, 8);
    CrtTensor *coo = crt_coo_new(&cm, ix, vals);
    d = crt_to_dense(F.a, any_obj(&coo->hdr), NULL, err, sizeof err);
    cr_assert_not_null(d, "%s", err);
    int32_t want[4] = { 0, 8, 9, 0 };
    cr_expect(memcmp(dht_data(d), want, sizeof want) == 0, "COO scattered wrong");
    obj_release(&d->hdr);
    /* An index out of its dimension is an error, not a write out of bounds. */
    ((int64_t *)dht_data(ix))[3] = 2;
    cr_expect_null(crt_to_dense(F.a, any_obj(&coo->hdr), NULL, err, sizeof err));
    cr_expect_str_eq(err, "COO index 2 of value 1 is out of range for dimension 1");
    obj_release(&coo->hdr);

    /* A string tensor has no dense form. */
    CrtMeta sm = meta(DT_INVALID, 1, (int64_t[]){ 1 });
    sm.string = true;
    CrtTensor *st = crt_string_new(&sm);
    cr_expect_null(crt_to_dense(F.a, any_obj(&st->hdr), NULL, err, sizeof err));
    cr_expect_str_eq(err, "cannot convert StringHost to DenseHost");
    obj_release(&st->hdr);
}

/* {=====================================================================
** Op attribute sets
** ====================================================================== */

Test(corert, attrs_set_first_value_wins_and_format_sorts)
{
    CrtAttrs *s = crt_attrs_new(false);
    expect_format(crt_attrs_format(s), "OpAttrs is empty\n");
    int32_t one = 1;
    int64_t dims[2] = { 2, 3 };
    float half = 0.5f;
    bool yes = true;
    cr_expect(crt_attrs_set(s, "zeta", CA_I32, false, 1, &one));
    cr_expect(crt_attrs_set(s, "alpha", CA_F32, false, 1, &half));
    cr_expect(crt_attrs_set(s, "shape", CA_I64, true, 2, dims));
    cr_expect(crt_attrs_set(s, "flag", CA_BOOL, false, 1, &yes));
    cr_expect(crt_attrs_set(s, "name", CA_CHAR, true, 3, "abc"));
    int32_t two = 2;
    cr_expect_not(crt_attrs_set(s, "zeta", CA_I32, false, 1, &two), "a key set twice");
    CrtAttrs *f = crt_attrs_freeze(s);
    cr_assert_not_null(f);
    cr_expect(f->frozen);
    const CrtAttr *z = crt_attrs_get(f, "zeta");
    cr_assert_not_null(z);
    cr_expect_eq(*(int32_t *)z->data, 1);
    cr_expect_null(crt_attrs_get(f, "missing"));
    expect_format(crt_attrs_format(f),
                  "OpAttrs contains 5 entries:\n"
                  "  'alpha' type=F32 value=5.000000e-01\n"
                  "  'flag' type=BOOL value=1\n"
                  "  'name' type=CHAR value=[a, b, c]\n"
                  "  'shape' type=I64 value=[2, 3]\n"
                  "  'zeta' type=I32 value=1\n"
                  "\n");
    /* Arrays print their first five elements, as TFRT's do. */
    CrtAttrs *big = crt_attrs_new(false);
    cr_expect(crt_attrs_set(big, "v", CA_I32, true, 7, (const int32_t[]){ 1, 2, 3, 4, 5, 6, 7 }));
    cr_expect(crt_attrs_set(big, "e", CA_I32, true, 0, NULL));
    expect_format(crt_attrs_format(big), "OpAttrs contains 2 entries:\n  'e' type=I32 value=[]\n"
                  "  'v' type=I32 value=[1, 2, 3, 4, 5...]\n\n");
    obj_release(&big->hdr);
    /* The frozen copy does not see later sets. */
    cr_expect(crt_attrs_set(s, "later", CA_I32, false, 1, &two));
    cr_expect_null(crt_attrs_get(f, "later"));
    cr_expect_eq(crt_attrs_from_any(any_obj(&f->hdr)), f);
    obj_release(&f->hdr);
    obj_release(&s->hdr);
}

Test(corert, attr_type_names)
{
    cr_expect_str_eq(crt_attr_type_name(CA_BOOL), "BOOL");
    cr_expect_str_eq(crt_attr_type_name(CA_I32), "I32");
    cr_expect_str_eq(crt_attr_type_name(CA_DTYPE), "DTYPE");
    cr_expect_str_eq(crt_attr_type_name(CA_FUNC), "FUNC");
    cr_expect_str_eq(crt_attr_type_name(CA_QI32), "QI32");
    cr_expect_str_eq(crt_attr_type_name(CA__COUNT), "?");
    cr_expect_eq(crt_attr_type_size(CA_COMPLEX128), 16);
    cr_expect_eq(crt_attr_type_size(CA_AGGREGATE), 0);
}

/* {=====================================================================
** Handlers, the registry and resolution
** ====================================================================== */

Test(corert, resolve_through_fallbacks)
{
    char err[128] = "";
    CrtHandler *null = crt_handler_new(CRT_H_NULL, NULL, false);
    CrtHandler *cpu = crt_handler_new(CRT_H_CPU, null, false);
    CrtHandler *log = crt_handler_new(CRT_H_LOGGING, cpu, true);

    cr_expect_null(crt_resolve(null, "tfrt_test.add", 13, err, sizeof err));
    cr_expect_str_eq(err, "tfrt_test.add was not supported by NullOpHandler.");
    const CrtOpDef *d = crt_resolve(cpu, "tfrt_test.add", 13, err, sizeof err);
    cr_expect_not_null(d);
    cr_expect_eq(crt_resolve(log, "tfrt_test.add", 13, err, sizeof err), d, "logging forwards to cpu");
    cr_expect_null(crt_resolve(log, "tf.Nope", 7, err, sizeof err));
    cr_expect_str_eq(err, "tf.Nope was not supported by NullOpHandler.");

    /* The chain holds its fallbacks. */
    obj_release(&null->hdr);
    obj_release(&cpu->hdr);
    cr_expect_not_null(crt_resolve(log, "tf.AddV2", 8, err, sizeof err));
    obj_release(&log->hdr);
}

Test(corert, registry_per_host_and_replacing)
{
    CrtHandler *a = crt_handler_new(CRT_H_NULL, NULL, false);
    CrtHandler *b = crt_handler_new(CRT_H_CPU, a, false);
    cr_expect_null(crt_registry_get(F.h, "cpu", 3));
    crt_registry_put(F.h, "cpu", 3, a);
    CrtHandler *got = crt_registry_get(F.h, "cpu", 3);
    cr_expect_eq(got, a);
    obj_release(&got->hdr);
    crt_registry_put(F.h, "cpu", 3, b);              /* a second register replaces */
    got = crt_registry_get(F.h, "cpu", 3);
    cr_expect_eq(got, b);
    obj_release(&got->hdr);
    cr_expect_null(crt_registry_get(F.h, "cp", 2));
    cr_expect_null(crt_registry_get(F.h, "cpu\0", 4));

    /* Another run's registry is its own. */
    Host *h2 = host_new(NULL, F.q, F.a, NULL, stdout);
    cr_expect_null(crt_registry_get(h2, "cpu", 3));
    host_free(h2);
    obj_release(&a->hdr);
    obj_release(&b->hdr);
}

/* {=====================================================================
** crt_when_all
** ====================================================================== */

static void count(void *arg) { (*(int *)arg)++; }

Test(corert, when_all)
{
    int n = 0;
    crt_when_all(NULL, 0, count, &n);
    cr_expect_eq(n, 1, "nothing to wait for: at once");

    AsyncValue *v[3] = { av_new_unavailable(), av_new_available(any_int(ANY_I32, 1)), av_new_unavailable() };
    n = 0;
    crt_when_all(v, 3, count, &n);
    cr_expect_eq(n, 0);
    av_emplace(v[2], any_int(ANY_I32, 2));
    cr_expect_eq(n, 0, "one still pending");
    av_set_error(v[0], ERR_INVALID_ARGUMENT, "x");   /* an error resolves it too */
    cr_expect_eq(n, 1, "called once, when the last resolves");

    n = 0;
    crt_when_all(v, 3, count, &n);
    cr_expect_eq(n, 1, "all resolved: at once");
    for (int i = 0; i < 3; i++) av_release(v[i]);
}
