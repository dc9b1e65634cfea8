/*
** test_ext.c — the kernels of docs/kernel-behaviour.md §10–§12 called
** directly through the kernel ABI: resource variables (and their atomicity
** under real threads), strings, lists, boxing, printing, tensor compute.
**
** Kernels are called with a hand-made KernelFrame on a Host without a
** module or diagnostic sink (kf_error then only produces error values,
** whose messages the tests check). The critical-section tests parse a small
** program and run it through the executor.
**
** The allocation test interposes malloc/calloc/realloc (forwarding to
** glibc's __libc_* entry points) and counts calls made by the test's own
** thread while a flag is set. Sanitizer builds intercept malloc themselves,
** so there the test checks only the live-object count.
*/
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <criterion/redirect.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/exec.h"
#include "kernels/dht.h"
#include "parser/parser.h"
#include "kernels/ext.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *f);
#include "ops/ops.def"
#undef OP

/* {=====================================================================
** Allocation counting
** ====================================================================== */

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define COUNT_MALLOC 1
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t m);
extern void *__libc_realloc(void *p, size_t n);
static _Thread_local int counting;
static _Thread_local long nallocs;
void *malloc(size_t n) { if (counting) nallocs++; return __libc_malloc(n); }
void *calloc(size_t n, size_t m) { if (counting) nallocs++; return __libc_calloc(n, m); }
void *realloc(void *p, size_t n) { if (counting) nallocs++; return __libc_realloc(p, n); }
#endif

/* {=====================================================================
** Fixture: a host without module, and a kernel caller
** ====================================================================== */

static WorkQueue *Q;
static HostAllocator *A;
static Host *H;

static void setup(void)
{
    char err[128];
    Q = wq_create("s", err, sizeof err);
    A = ha_create("leak_check_allocator", NULL);
    cr_assert(Q && A);
    H = host_new(NULL, Q, A, NULL, stdout);
}

static void teardown(void)
{
    host_free(H);
    HostAllocStats s = ha_stats(A);
    ha_destroy(A);
    wq_destroy(Q);
    cr_expect_eq(s.cur_bytes, 0, "host-allocator bytes leaked: %lld", (long long)s.cur_bytes);
}

TestSuite(ext, .init = setup, .fini = teardown, .timeout = 60.0);

static const Op NOOP;   /* an op without results: no declared type to check */

/* Calls kernel [fn] with [args] (+0); results (+1) land in [res]. */
static void call_op(KernelFn fn, const Op *op, AsyncValue **args, int nargs, AsyncValue **res, int nres)
{
    ExecCtx c = { .host = H };
    for (int i = 0; i < nres; i++) res[i] = NULL;
    KernelFrame f = { args, nargs, res, nres, op ? op : &NOOP, &c };
    fn(&f);
    for (int i = 0; i < nres; i++) cr_assert(res[i] != NULL, "result %d not set", i);
}

#define CALL(fn, nres, ...) do {                                                   \
        AsyncValue *args_[] = { __VA_ARGS__ };                                     \
        call_op(fn, NULL, args_, (int)(sizeof args_ / sizeof args_[0]), R, nres);  \
    } while (0)

/* Calls the kernel of the op-table row named [opname] (a shared kernel
** takes its immediates from the row), on an op without results. */
#define CALL_ROW(opname, nres, ...) do {                                           \
        Op op_ = { .name = opname, .info = optable_lookup(opname, strlen(opname)) }; \
        cr_assert(op_.info && op_.info->fn, "no kernel for %s", opname);           \
        AsyncValue *args_[] = { __VA_ARGS__ };                                     \
        call_op(op_.info->fn, &op_, args_, (int)(sizeof args_ / sizeof args_[0]), R, nres); \
    } while (0)

static AsyncValue *R[4];

static AsyncValue *V(Any a) { return av_new_available(a); }
static AsyncValue *I32(int32_t x) { return V(any_int(ANY_I32, x)); }
static AsyncValue *I64(int64_t x) { return V(any_int(ANY_I64, x)); }
static AsyncValue *STR(const char *s) { return V(any_str(s, strlen(s))); }
static AsyncValue *CH(void) { return av_ready_chain(); }

static void release_all(AsyncValue **v, int n) { for (int i = 0; i < n; i++) av_release(v[i]); }

/* The error message of [v] (which must be an error). */
static const char *errmsg(AsyncValue *v)
{
    cr_assert(av_is_error(v), "expected an error value");
    return av_error(v)->msg;
}

static DenseHostTensor *tensor(DType dt, int rank, const int64_t *dims)
{
    DenseHostTensor *t = dht_new(A, dt, rank, dims);
    cr_assert(t);
    return t;
}

static AsyncValue *T_I32(int rank, const int64_t *dims, const int32_t *vals)
{
    DenseHostTensor *t = tensor(DT_I32, rank, dims);
    if (vals) memcpy(dht_data(t), vals, (size_t)t->nelems * 4);
    return V(any_obj(&t->hdr));
}

/* {=====================================================================
** UTF-8
** ====================================================================== */

/* The bytes are stored in the case itself: criterion copies parameters into
** the test's process, where pointers into this binary would not be valid. */
typedef struct Utf8Case { char s[8]; size_t len; int64_t count; size_t bad; } Utf8Case;

ParameterizedTestParameters(ext, utf8)
{
    static Utf8Case cases[] = {
        { "", 0, 0, 0 },
        { "abc", 3, 3, 0 },
        { "a\xc3\xa9", 3, 2, 0 },                 /* é */
        { "\xe2\x82\xac", 3, 1, 0 },              /* € */
        { "\xf0\x9f\x98\x80!", 5, 2, 0 },         /* 😀 */
        { "\xf4\x8f\xbf\xbf", 4, 1, 0 },          /* U+10FFFF */
        { "ab\xff", 3, -1, 2 },                   /* never valid */
        { "\x80", 1, -1, 0 },                     /* stray continuation */
        { "a\xc0\xaf", 3, -1, 1 },                /* overlong '/' */
        { "xy\xe0\x80\xaf", 5, -1, 2 },           /* overlong 3-byte */
        { "\xed\xa0\x80", 3, -1, 0 },             /* surrogate U+D800 */
        { "\xf4\x90\x80\x80", 4, -1, 0 },         /* > U+10FFFF */
        { "ok\xe2\x82", 4, -1, 2 },               /* truncated */
        { "\xc3\xa9\xc3", 3, -1, 2 },             /* truncated at the end */
        { "a\0b", 3, 3, 0 },                      /* NUL is a code point */
    };
    return cr_make_param_array(Utf8Case, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(Utf8Case *c, ext, utf8)
{
    size_t bad = 99;
    int64_t n = ext_utf8_count(c->s, c->len, &bad);
    cr_assert_eq(n, c->count, "%zu-byte case: got %lld", c->len, (long long)n);
    if (n < 0) cr_assert_eq(bad, c->bad, "bad byte %zu, want %zu", bad, c->bad);
}

/* {=====================================================================
** Strings
** ====================================================================== */

Test(ext, concat_inline_and_heap)
{
    AsyncValue *a = STR("abc"), *b = STR("defg"), *c = STR("hij");
    CALL(k_str_concat, 1, a, b);
    const Any *r = av_get(R[0]);
    cr_assert_eq(r->type, ANY_SSTR, "7 bytes stay inline");
    cr_assert_str_eq(r->v.s, "abcdefg");
    av_release(R[0]);
    int64_t before = obj_live_count();
    CALL(k_str_concat, 1, b, c);
    size_t len;
    const char *s = any_str_data(av_get(R[0]), &len);
    cr_assert_eq(len, 7);
    cr_assert_str_eq(s, "defghij");
    av_release(R[0]);
    AsyncValue *d = STR("a longer string");
    CALL(k_str_concat, 1, d, d);
    s = any_str_data(av_get(R[0]), &len);
    cr_assert_eq(len, 30);
    cr_assert_str_eq(s, "a longer stringa longer string");
    cr_assert_eq(obj_live_count(), before + 2);
    av_release(R[0]);
    release_all((AsyncValue *[]){ a, b, c, d }, 4);
    cr_assert_eq(obj_live_count(), before);
}

Test(ext, len_counts_code_points)
{
    AsyncValue *s = STR("h\xc3\xa9llo \xe2\x82\xac\xf0\x9f\x98\x80");
    CALL(k_str_len, 1, s);
    cr_assert_eq(av_get(R[0])->v.i, 8);
    cr_assert_eq(av_get(R[0])->type, ANY_I64);
    av_release(R[0]);
    av_release(s);
    AsyncValue *bad = V(any_str("abc\xe2\x28\xa1", 6));
    CALL(k_str_len, 1, bad);
    cr_assert_str_eq(errmsg(R[0]), "invalid UTF-8 at byte 3");
    av_release(R[0]);
    CALL(k_str_unicode_split, 1, bad);
    cr_assert_str_eq(errmsg(R[0]), "invalid UTF-8 at byte 3");
    av_release(R[0]);
    av_release(bad);
}

Test(ext, unicode_split_mixed)
{
    AsyncValue *s = STR("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z");
    CALL(k_str_unicode_split, 1, s);
    ListObj *l = (ListObj *)any_unbox_obj(*av_get(R[0]), OBJ_LIST);
    cr_assert(l);
    static const char *want[] = { "a", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "z" };
    cr_assert_eq(l->len, 5);
    for (size_t i = 0; i < 5; i++) {
        cr_assert_eq(l->items[i].type, ANY_SSTR, "item %zu inline", i);
        cr_assert_str_eq(l->items[i].v.s, want[i]);
    }
    av_release(R[0]);
    av_release(s);
}

Test(ext, unicode_split_empty)
{
    AsyncValue *s = STR("");
    CALL(k_str_unicode_split, 1, s);
    ListObj *l = (ListObj *)any_unbox_obj(*av_get(R[0]), OBJ_LIST);
    cr_assert(l && l->len == 0);
    av_release(R[0]);
    av_release(s);
}

/* docs/kernel-behaviour.md §11: no heap allocation per character. A 1 MB ASCII string
** splits with O(1) allocations: the list object and its item array. */
Test(ext, unicode_split_1mb_allocations)
{
    size_t n = 1u << 20;
    char *text = malloc(n);
    for (size_t i = 0; i < n; i++) text[i] = (char)('a' + i % 26);
    AsyncValue *s = V(any_str(text, n));
    free(text);
    int64_t objs = obj_live_count();
#ifdef COUNT_MALLOC
    /* The hook itself works: one 8-byte string is one allocation. */
    nallocs = 0;
    counting = 1;
    Any probe = any_str("12345678", 8);
    counting = 0;
    cr_assert_eq(nallocs, 1, "the malloc hook counts");
    any_release(probe);
    nallocs = 0;
    counting = 1;
#endif
    CALL(k_str_unicode_split, 1, s);
#ifdef COUNT_MALLOC
    counting = 0;
    cr_log_info("str.unicode_split of %zu bytes: %ld allocations", n, nallocs);
    cr_assert_leq(nallocs, 4, "%ld allocations for %zu characters", nallocs, n);
#endif
    cr_assert_eq(obj_live_count(), objs + 1, "one object: the list");
    ListObj *l = (ListObj *)any_unbox_obj(*av_get(R[0]), OBJ_LIST);
    cr_assert_eq(l->len, n);
    for (size_t i = 0; i < n; i += 4099) {
        cr_assert_eq(l->items[i].type, ANY_SSTR);
        cr_assert_eq(l->items[i].v.s[0], (char)('a' + i % 26));
    }
    av_release(R[0]);
    av_release(s);
    cr_assert_eq(obj_live_count(), objs - 1);
}

/* {=====================================================================
** Lists and boxing
** ====================================================================== */

Test(ext, list_append_size_get)
{
    CALL(k_list_new, 1, NULL);
    AsyncValue *l = R[0];
    AsyncValue *x = I32(7), *s = STR("a longer string");
    for (int i = 0; i < 3; i++) {
        CALL(k_list_append, 1, l, i == 1 ? s : x, CH());
        cr_assert(av_is_available(R[0]));
        av_release(R[0]);
    }
    CALL(k_list_size, 1, l);
    cr_assert_eq(av_get(R[0])->v.i, 3);
    av_release(R[0]);
    AsyncValue *i1 = I64(1), *i3 = I64(3), *im = I64(-1);
    CALL(k_list_get, 1, l, i1);
    cr_assert(any_is_string(*av_get(R[0])));
    av_release(R[0]);
    CALL(k_list_get, 1, l, i3);
    cr_assert_str_eq(errmsg(R[0]), "index 3 out of range [0, 3)");
    av_release(R[0]);
    CALL(k_list_get, 1, l, im);
    cr_assert_str_eq(errmsg(R[0]), "index -1 out of range [0, 3)");
    av_release(R[0]);
    release_all((AsyncValue *[]){ l, x, s, i1, i3, im }, 6);
}

Test(ext, list_cannot_contain_itself)
{
    int64_t objs = obj_live_count();
    CALL(k_list_new, 1, NULL);
    AsyncValue *a = R[0];
    CALL(k_list_new, 1, NULL);
    AsyncValue *b = R[0];
    CALL(k_list_append, 1, a, a, CH());
    cr_assert_str_eq(errmsg(R[0]), "list.append: a list cannot contain itself");
    av_release(R[0]);
    CALL(k_list_append, 1, a, b, CH());          /* a = [b] */
    av_release(R[0]);
    CALL(k_list_append, 1, b, a, CH());          /* b = [a] would be a cycle */
    cr_assert(av_is_error(R[0]));
    av_release(R[0]);
    CALL(k_list_append, 1, b, b, CH());
    cr_assert(av_is_error(R[0]));
    av_release(R[0]);
    release_all((AsyncValue *[]){ a, b }, 2);
    cr_assert_eq(obj_live_count(), objs, "no cycle keeps the lists alive");
}

typedef struct UnboxCase { KernelFn fn; int which; const char *msg; } UnboxCase;

/* Values: 0 = i32 7, 1 = i64 7, 2 = f32 1.5, 3 = f64 2.5, 4 = i1 1, 5 = "hi", 6 = list. */
static AsyncValue *unbox_value(int which)
{
    switch (which) {
    case 0: return I32(7);
    case 1: return I64(7);
    case 2: return V(any_f32(1.5f));
    case 3: return V(any_f64(2.5));
    case 4: return V(any_bool(true));
    case 5: return STR("hi");
    default: return V(any_obj(&list_new()->hdr));
    }
}

Test(ext, unbox_checks_types)
{
    static const UnboxCase ok[] = {
        { k_any_unbox_i32, 0, NULL }, { k_any_unbox_i64, 1, NULL }, { k_any_unbox_f32, 2, NULL },
        { k_any_unbox_f64, 3, NULL }, { k_any_unbox_i1, 4, NULL }, { k_any_unbox_string, 5, NULL },
        { k_any_unbox_i32, 1, "cannot unbox i64 as i32" },
        { k_any_unbox_i64, 0, "cannot unbox i32 as i64" },
        { k_any_unbox_f32, 3, "cannot unbox f64 as f32" },
        { k_any_unbox_f64, 2, "cannot unbox f32 as f64" },
        { k_any_unbox_i1, 0, "cannot unbox i32 as i1" },
        { k_any_unbox_string, 6, "cannot unbox !tfrt.list as !tfrt.string" },
        { k_any_unbox_i32, 5, "cannot unbox !tfrt.string as i32" },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        AsyncValue *v = unbox_value(ok[i].which);
        CALL(ok[i].fn, 1, v);
        if (ok[i].msg) {
            cr_assert_str_eq(errmsg(R[0]), ok[i].msg);
        } else {
            cr_assert(av_is_available(R[0]), "case %zu", i);
            cr_assert_eq(memcmp(av_get(R[0]), av_get(v), sizeof(Any)), 0, "same value");
        }
        av_release(R[0]);
        av_release(v);
    }
}

/* {=====================================================================
** Printing
** ====================================================================== */

static void expect_repr(Any v, const char *want)
{
    char *s = ext_repr(v);
    cr_expect_str_eq(s, want);
    free(s);
}

Test(ext, repr_scalars_and_strings)
{
    expect_repr(any_int(ANY_I32, -42), "-42");
    expect_repr(any_int(ANY_I64, 1234567890123LL), "1234567890123");
    expect_repr(any_bool(true), "1");
    expect_repr(any_uint(ANY_UI32, 4000000000u), "4000000000");
    expect_repr(any_f32(1.5f), "1.500000");
    expect_repr(any_f64(-0.25), "-0.250000");
    expect_repr(any_str("hi", 2), "\"hi\"");
    expect_repr(any_str("", 0), "\"\"");
    expect_repr(any_str("a\"b\\c\n\t", 7), "\"a\\\"b\\\\c\\n\\t\"");
    expect_repr(any_str("\x01\x1b\x7f", 3), "\"\\001\\033\\177\"");
    expect_repr(any_str("caf\xc3\xa9", 5), "\"caf\xc3\xa9\"");      /* valid UTF-8 kept */
    expect_repr(any_str("\xff" "0", 2), "\"\\3770\"");                /* octal never absorbs a digit */
    expect_repr(any_chain(), "!tfrt.chain value");
}

Test(ext, repr_lists_and_tensors)
{
    ListObj *l = list_new(), *inner = list_new();
    list_append(l, any_int(ANY_I32, 1));
    list_append(l, any_str("two", 3));
    list_append_copy(inner, any_f64(3.0));
    list_append(l, any_obj(&inner->hdr));
    list_append(l, any_obj(&list_new()->hdr));
    int64_t dims[] = { 2, 2 };
    DenseHostTensor *t = tensor(DT_I32, 2, dims);
    int32_t vals[] = { 1, 2, 3, 4 };
    memcpy(dht_data(t), vals, sizeof vals);
    list_append(l, any_obj(&t->hdr));
    expect_repr(any_obj(&l->hdr),
                "[1, \"two\", [3.000000], [], DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]]");
    obj_release(&l->hdr);
}

/* The suite's setup runs first (the host prints to stdout), then the
** redirection of the stdout descriptor. */
/* Lists nested deeper than the printer's limit end in `[...]` instead of
** exhausting the stack. */
Test(ext, repr_depth_limit)
{
    ListObj *l = list_new();
    for (int i = 0; i < 150; i++) {
        ListObj *outer = list_new();
        list_append(outer, any_obj(&l->hdr));
        l = outer;
    }
    char *s = ext_repr(any_obj(&l->hdr));
    size_t n = strlen(s);
    cr_assert_eq(n, 100 + 5 + 100, "%zu characters", n);   /* 100 '[', "[...]", 100 ']' */
    cr_assert_eq(strncmp(s + 100, "[...]", 5), 0);
    free(s);
    obj_release(&l->hdr);
}

Test(ext, any_print_line, .init = cr_redirect_stdout)
{
    AsyncValue *s = STR("tab\there");
    CALL(k_any_print, 1, s, CH());
    cr_assert(av_is_available(R[0]));
    av_release(R[0]);
    av_release(s);
    fflush(stdout);
    cr_assert_stdout_eq_str("any = \"tab\\there\"\n");
}

/* {=====================================================================
** Resource variables
** ====================================================================== */

/* An op with one declared result of type [t] (rv.read checks it). */
typedef struct FakeOp { Op op; Value v; Value *vp; } FakeOp;
static void fake_op(FakeOp *f, const Type *t)
{
    memset(f, 0, sizeof *f);
    f->v.type = t;
    f->vp = &f->v;
    f->op.results = &f->vp;
    f->op.nresults = 1;
    f->op.name = "rv.read";
}

static const Type TY_I32_T = { .kind = TY_I32, .spelling = "i32" };
static const Type TY_F32_T = { .kind = TY_F32, .spelling = "f32" };
static const Type TY_TENSOR_T = { .kind = TY_DIALECT, .spelling = "!t.tensor" };

static AsyncValue *var_of(AsyncValue *init)
{
    CALL(k_rv_create, 2, init, CH());
    cr_assert(av_is_available(R[0]) && av_is_available(R[1]));
    av_release(R[1]);
    return R[0];
}

static AsyncValue *read_as(AsyncValue *var, const Type *t)
{
    FakeOp fo;
    fake_op(&fo, t);
    AsyncValue *args[] = { var, CH() };
    call_op(k_rv_read, &fo.op, args, 2, R, 2);
    av_release(R[1]);
    return R[0];
}

Test(ext, rv_scalar_roundtrip)
{
    AsyncValue *init = I32(40), *two = I32(2), *nine = I32(9);
    AsyncValue *var = var_of(init);
    cr_assert_str_eq(any_type_name(*av_get(var)), "!rv.var");
    CALL(k_rv_assign_add, 1, var, two, CH());
    av_release(R[0]);
    AsyncValue *r = read_as(var, &TY_I32_T);
    cr_assert_eq(av_get(r)->v.i, 42);
    av_release(r);
    r = read_as(var, &TY_F32_T);
    cr_assert_str_eq(errmsg(r), "rv.read: variable holds i32, not f32");
    av_release(r);
    CALL(k_rv_assign, 1, var, nine, CH());
    av_release(R[0]);
    r = read_as(var, &TY_I32_T);
    cr_assert_eq(av_get(r)->v.i, 9);
    av_release(r);
    AsyncValue *f = V(any_f32(1.0f)), *l = I64(1);
    CALL(k_rv_assign, 1, var, f, CH());
    cr_assert_str_eq(errmsg(R[0]), "rv.assign: variable holds i32, not f32");
    av_release(R[0]);
    CALL(k_rv_assign_add, 1, var, l, CH());
    cr_assert_str_eq(errmsg(R[0]), "rv.assign_add: variable holds i32, not i64");
    av_release(R[0]);
    release_all((AsyncValue *[]){ init, two, nine, var, f, l }, 6);
}

Test(ext, rv_integer_add_wraps)
{
    AsyncValue *init = I32(INT32_MAX), *one = I32(1);
    AsyncValue *var = var_of(init);
    CALL(k_rv_assign_add, 1, var, one, CH());
    av_release(R[0]);
    AsyncValue *r = read_as(var, &TY_I32_T);
    cr_assert_eq(av_get(r)->v.i, INT32_MIN);
    release_all((AsyncValue *[]){ r, init, one, var }, 4);
}

Test(ext, rv_rejects_unaddable_and_unholdable)
{
    AsyncValue *s = STR("x"), *b = V(any_bool(true));
    AsyncValue *vs = var_of(s), *vb = var_of(b);
    CALL(k_rv_assign_add, 1, vs, s, CH());
    cr_assert_str_eq(errmsg(R[0]), "rv.assign_add: cannot add !tfrt.string");
    av_release(R[0]);
    CALL(k_rv_assign_add, 1, vb, b, CH());
    cr_assert_str_eq(errmsg(R[0]), "rv.assign_add: cannot add i1");
    av_release(R[0]);
    AsyncValue *l = V(any_obj(&list_new()->hdr));
    CALL(k_rv_create, 2, l, CH());
    cr_assert_str_eq(errmsg(R[0]),
                     "rv.create: a variable holds a scalar, a string or a dense host tensor, not !tfrt.list");
    release_all(R, 2);
    CALL(k_rv_read, 2, s, CH());
    cr_assert_str_eq(errmsg(R[0]), "rv.read: operand 0 is !tfrt.string, not !rv.var");
    release_all(R, 2);
    release_all((AsyncValue *[]){ s, b, vs, vb, l }, 5);
}

Test(ext, rv_tensor_is_private_and_checked)
{
    int64_t d23[] = { 2, 3 }, d32[] = { 3, 2 };
    int32_t ones[] = { 1, 1, 1, 1, 1, 1 }, seq[] = { 1, 2, 3, 4, 5, 6 };
    AsyncValue *t = T_I32(2, d23, seq), *u = T_I32(2, d23, ones), *w = T_I32(2, d32, seq);
    AsyncValue *var = var_of(t);
    /* Mutating the initial tensor afterwards does not touch the variable. */
    ((int32_t *)dht_data(dht_from_any(*av_get(t))))[0] = 100;
    CALL(k_rv_assign_add, 1, var, u, CH());
    av_release(R[0]);
    AsyncValue *r = read_as(var, &TY_TENSOR_T);
    const DenseHostTensor *rt = dht_from_any(*av_get(r));
    int32_t want[] = { 2, 3, 4, 5, 6, 7 };
    cr_assert_eq(memcmp(dht_data(rt), want, sizeof want), 0);
    /* The snapshot is a copy: writing it leaves the variable alone. */
    ((int32_t *)dht_data(rt))[0] = -1;
    AsyncValue *r2 = read_as(var, &TY_TENSOR_T);
    cr_assert_eq(((int32_t *)dht_data(dht_from_any(*av_get(r2))))[0], 2);
    CALL(k_rv_assign, 1, var, w, CH());
    cr_assert_str_eq(errmsg(R[0]), "rv.assign: variable holds tensor<2x3xi32>, not tensor<3x2xi32>");
    av_release(R[0]);
    AsyncValue *r3 = read_as(var, &TY_I32_T);
    cr_assert_str_eq(errmsg(r3), "rv.read: variable holds tensor<2x3xi32>, not i32");
    release_all((AsyncValue *[]){ t, u, w, var, r, r2, r3 }, 7);
}

/* ---- concurrency ---------------------------------------------------------- */

/* State shared by the threads of one test; [go] starts them together so
** they really contend. */
typedef struct Shared { AsyncValue *var, *delta; int iters; _Atomic int torn; pthread_barrier_t go; } Shared;

static void start_threads(Shared *s, pthread_t *th, int n, void *(**fns)(void *))
{
    pthread_barrier_init(&s->go, NULL, (unsigned)n);
    for (int i = 0; i < n; i++) pthread_create(&th[i], NULL, fns[i], s);
    for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&s->go);
}

/* Thread bodies call kernels with their own frames and contexts. */
static void thread_call(KernelFn fn, AsyncValue **args, int nargs, AsyncValue **res, int nres, const Op *op)
{
    ExecCtx c = { .host = H };
    for (int i = 0; i < nres; i++) res[i] = NULL;
    KernelFrame f = { args, nargs, res, nres, op ? op : &NOOP, &c };
    fn(&f);
}

static void *adder(void *p)
{
    Shared *s = p;
    pthread_barrier_wait(&s->go);
    for (int i = 0; i < s->iters; i++) {
        AsyncValue *args[] = { s->var, s->delta, CH() }, *res[1];
        thread_call(k_rv_assign_add, args, 3, res, 1, NULL);
        av_release(res[0]);
    }
    return NULL;
}

Test(ext, rv_assign_add_never_loses_an_increment)
{
    AsyncValue *zero = I32(0);
    Shared s = { .var = var_of(zero), .delta = I32(1), .iters = 2500 };
    pthread_t th[4];
    start_threads(&s, th, 4, (void *(*[])(void *)){ adder, adder, adder, adder });
    AsyncValue *r = read_as(s.var, &TY_I32_T);
    cr_assert_eq(av_get(r)->v.i, 10000);
    release_all((AsyncValue *[]){ zero, s.var, s.delta, r }, 4);
}

/* The same with a tensor: the read-compute-write of a whole tensor is a
** wide window, so an unlocked implementation fails this reliably. */
Test(ext, rv_tensor_assign_add_never_loses_an_increment)
{
    int64_t dims[] = { 1024 };
    int32_t ones[1024];
    for (int i = 0; i < 1024; i++) ones[i] = 1;
    AsyncValue *zero = T_I32(1, dims, NULL);
    Shared s = { .var = var_of(zero), .delta = T_I32(1, dims, ones), .iters = 2500 };
    pthread_t th[4];
    start_threads(&s, th, 4, (void *(*[])(void *)){ adder, adder, adder, adder });
    AsyncValue *r = read_as(s.var, &TY_TENSOR_T);
    const int32_t *d = dht_data(dht_from_any(*av_get(r)));
    for (int i = 0; i < 1024; i++) cr_assert_eq(d[i], 10000, "element %d is %d", i, d[i]);
    release_all((AsyncValue *[]){ zero, s.var, s.delta, r }, 4);
}

#define BIG 65536   /* elements: large enough that an unlocked copy would tear */

static AsyncValue *constant_tensor(int32_t k)
{
    int64_t dims[] = { BIG };
    DenseHostTensor *t = tensor(DT_I32, 1, dims);
    int32_t *d = dht_data(t);
    for (int i = 0; i < BIG; i++) d[i] = k;
    return V(any_obj(&t->hdr));
}

static void *writer(void *p)
{
    Shared *s = p;
    pthread_barrier_wait(&s->go);
    AsyncValue *vals[4];
    for (int k = 0; k < 4; k++) vals[k] = constant_tensor(k + 1);
    for (int i = 0; i < s->iters; i++) {
        AsyncValue *args[] = { s->var, vals[i % 4], CH() }, *res[1];
        thread_call(k_rv_assign, args, 3, res, 1, NULL);
        av_release(res[0]);
    }
    release_all(vals, 4);
    return NULL;
}

static void *reader(void *p)
{
    Shared *s = p;
    pthread_barrier_wait(&s->go);
    FakeOp fo;
    fake_op(&fo, &TY_TENSOR_T);
    for (int i = 0; i < s->iters; i++) {
        AsyncValue *args[] = { s->var, CH() }, *res[2];
        thread_call(k_rv_read, args, 2, res, 2, &fo.op);
        const int32_t *d = dht_data(dht_from_any(*av_get(res[0])));
        for (int j = 1; j < BIG; j++)
            if (d[j] != d[0]) { atomic_fetch_add(&s->torn, 1); break; }
        release_all(res, 2);
    }
    return NULL;
}

Test(ext, rv_tensor_reads_are_never_torn)
{
    AsyncValue *init = constant_tensor(0);
    Shared s = { .var = var_of(init), .iters = 200 };
    pthread_t th[4];
    start_threads(&s, th, 4, (void *(*[])(void *)){ writer, reader, writer, reader });
    cr_assert_eq(atomic_load(&s.torn), 0, "%d torn snapshots", atomic_load(&s.torn));
    release_all((AsyncValue *[]){ init, s.var }, 2);
}

static void *appender(void *p)
{
    Shared *s = p;
    pthread_barrier_wait(&s->go);
    for (int i = 0; i < s->iters; i++) {
        AsyncValue *x = I32(i), *args[] = { s->var, x, CH() }, *res[1];
        thread_call(k_list_append, args, 3, res, 1, NULL);
        av_release(res[0]);
        av_release(x);
    }
    return NULL;
}

Test(ext, unordered_list_appends_are_safe)
{
    CALL(k_list_new, 1, NULL);
    Shared s = { .var = R[0], .iters = 5000 };
    pthread_t th[4];
    start_threads(&s, th, 4, (void *(*[])(void *)){ appender, appender, appender, appender });
    CALL(k_list_size, 1, s.var);
    cr_assert_eq(av_get(R[0])->v.i, 20000);
    av_release(R[0]);
    av_release(s.var);
}

/* {=====================================================================
** Critical sections through the executor
** ====================================================================== */

/* @f prints its argument on entry; its result is produced by a task, so the
** invocation stays open until the queue runs it. */
static const char CS_PROGRAM[] =
    "func.func @f(%id: i32) -> i32 {\n"
    "  %ch = tfrt.new.chain\n"
    "  %ch1 = tfrt.print.i32 %id, %ch\n"
    "  %r = \"tfrt_test.async_copy.i32\"(%id, %ch1) : (i32, !tfrt.chain) -> i32\n"
    "  tfrt.return %r : i32\n"
    "}\n";

/* Five rv.critical calls made back to back: the first runs at once, the
** others wait (nothing printed, results unavailable) and then run one at a
** time in the order they were made, each after the previous result. */
Test(ext, critical_fifo_one_at_a_time)
{
    char err[128], *outbuf = NULL;
    size_t outlen = 0;
    WorkQueue *q = wq_create("s", err, sizeof err);
    HostAllocator *a = ha_create("malloc", NULL);
    Module *m = parse_module("cs.mlir", CS_PROGRAM, sizeof CS_PROGRAM - 1, NULL);
    cr_assert(q && a && m);
    FILE *out = open_memstream(&outbuf, &outlen);
    Host *h = host_new(m, q, a, NULL, out);
    cr_assert(exec_load(h));
    ExecCtx c = { .host = h, .rq = rq_new(q) };

    AsyncValue *cs, *res[5], *ids[5];
    KernelFrame fcs = { NULL, 0, &cs, 1, &NOOP, &c };
    cs = NULL;
    k_rv_critical_section(&fcs);
    Op op = { .name = "rv.critical", .callee = "f" };
    for (int i = 0; i < 5; i++) {
        ids[i] = I32(i + 1);
        AsyncValue *args[] = { cs, ids[i] };
        res[i] = NULL;
        KernelFrame f = { args, 2, &res[i], 1, &op, &c };
        k_rv_critical(&f);
        cr_assert(res[i] && !av_is_resolved(res[i]), "call %d finished early", i + 1);
    }
    fflush(out);
    cr_assert_str_eq(outbuf, "int32 = 1\n", "only the first call has started");
    wq_await(q, res, 5);
    wq_quiesce(q);
    fflush(out);
    cr_assert_str_eq(outbuf, "int32 = 1\nint32 = 2\nint32 = 3\nint32 = 4\nint32 = 5\n");
    for (int i = 0; i < 5; i++) {
        cr_assert(av_is_available(res[i]));
        cr_assert_eq(av_get(res[i])->v.i, i + 1);
    }
    release_all(res, 5);
    release_all(ids, 5);
    av_release(cs);
    rq_release(c.rq);
    host_free(h);
    fclose(out);
    free(outbuf);
    ir_module_free(m);
    ha_destroy(a);
    wq_destroy(q);
}

/* {=====================================================================
** Tensor compute
** ====================================================================== */

Test(ext, dht_add_and_shape_errors)
{
    int64_t d23[] = { 2, 3 }, d32[] = { 3, 2 };
    int32_t a[] = { 1, 2, 3, 4, 5, 6 }, b[] = { 10, 20, 30, 40, 50, INT32_MAX };
    AsyncValue *ta = T_I32(2, d23, a), *tb = T_I32(2, d23, b), *out = T_I32(2, d23, NULL);
    AsyncValue *bad = T_I32(2, d32, NULL);
    CALL_ROW("tfrt_dht.add.i32", 1, ta, tb, out, CH());
    cr_assert(av_is_available(R[0]));
    av_release(R[0]);
    int32_t want[] = { 11, 22, 33, 44, 55, INT32_MIN + 5 };
    cr_assert_eq(memcmp(dht_data(dht_from_any(*av_get(out))), want, sizeof want), 0);
    CALL_ROW("tfrt_dht.add.i32", 1, ta, bad, out, CH());
    cr_assert_str_eq(errmsg(R[0]), "shape mismatch: [2, 3] vs [3, 2]");
    av_release(R[0]);
    CALL_ROW("tfrt_dht.add.i32", 1, ta, tb, bad, CH());
    cr_assert_str_eq(errmsg(R[0]), "shape mismatch: [2, 3] vs [3, 2]");
    av_release(R[0]);
    CALL_ROW("tfrt_dht.add.f32", 1, ta, tb, out, CH());
    cr_assert_str_eq(errmsg(R[0]), "dtype mismatch: f32 vs i32");
    av_release(R[0]);
    /* In place: a = a + a. */
    CALL_ROW("tfrt_dht.add.i32", 1, ta, ta, ta, CH());
    av_release(R[0]);
    cr_assert_eq(((int32_t *)dht_data(dht_from_any(*av_get(ta))))[5], 12);
    release_all((AsyncValue *[]){ ta, tb, out, bad }, 4);
}

Test(ext, dht_matmul)
{
    int64_t d23[] = { 2, 3 }, d32[] = { 3, 2 }, d22[] = { 2, 2 }, d3[] = { 3 };
    int32_t a[] = { 1, 2, 3, 4, 5, 6 }, b[] = { 7, 8, 9, 10, 11, 12 };
    AsyncValue *ta = T_I32(2, d23, a), *tb = T_I32(2, d32, b), *out = T_I32(2, d22, NULL);
    AsyncValue *v3 = T_I32(1, d3, NULL);
    CALL_ROW("tfrt_dht.matmul.i32", 1, ta, tb, out, CH());
    cr_assert(av_is_available(R[0]));
    av_release(R[0]);
    int32_t want[] = { 58, 64, 139, 154 };
    cr_assert_eq(memcmp(dht_data(dht_from_any(*av_get(out))), want, sizeof want), 0);
    CALL_ROW("tfrt_dht.matmul.i32", 1, ta, ta, out, CH());
    cr_assert_str_eq(errmsg(R[0]), "shape mismatch: [2, 3] x [2, 3]");
    av_release(R[0]);
    CALL_ROW("tfrt_dht.matmul.i32", 1, ta, tb, ta, CH());
    cr_assert_str_eq(errmsg(R[0]), "shape mismatch: [2, 2] vs [2, 3]");
    av_release(R[0]);
    CALL_ROW("tfrt_dht.matmul.i32", 1, v3, tb, out, CH());
    cr_assert_str_eq(errmsg(R[0]), "matmul needs rank-2 tensors, got [3]");
    av_release(R[0]);
    release_all((AsyncValue *[]){ ta, tb, out, v3 }, 4);
}

Test(ext, dht_matmul_in_place_f64)
{
    int64_t d22[] = { 2, 2 };
    DenseHostTensor *t = tensor(DT_F64, 2, d22);
    double v[] = { 1, 2, 3, 4 };
    memcpy(dht_data(t), v, sizeof v);
    AsyncValue *a = V(any_obj(&t->hdr));
    CALL_ROW("tfrt_dht.matmul.f64", 1, a, a, a, CH());   /* a = a x a */
    av_release(R[0]);
    double want[] = { 7, 10, 15, 22 };
    cr_assert_eq(memcmp(dht_data(t), want, sizeof want), 0);
    av_release(a);
}

