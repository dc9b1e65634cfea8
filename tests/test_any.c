/*
** test_any.c — the Any value, heap objects, lists, errors, boxing.
**
** Criterion runs every test in its own process, but each test still measures
** the live-object count relative to its own start.
*/
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>

#include "interp/any.h"

Test(any, is_sixteen_bytes)
{
    cr_assert_eq(sizeof(Any), 16);
    cr_assert_eq(ANY_SSTR_MAX, 7);
}

Test(any, integers_are_normalised)
{
    cr_assert_eq(any_int(ANY_I1, 5).v.i, 1);
    cr_assert_eq(any_int(ANY_I1, 0).v.i, 0);
    cr_assert_eq(any_bool(true).type, ANY_I1);
    cr_assert_eq(any_int(ANY_I8, 255).v.i, -1);
    cr_assert_eq(any_int(ANY_I16, 0x18000).v.i, -32768);
    cr_assert_eq(any_int(ANY_I32, 0x80000000LL).v.i, INT32_MIN);
    cr_assert_eq(any_int(ANY_I64, INT64_MIN).v.i, INT64_MIN);
    cr_assert_eq(any_uint(ANY_UI8, 0x1ff).v.u, 0xff);
    cr_assert_eq(any_uint(ANY_UI32, UINT64_MAX).v.u, UINT32_MAX);
    cr_assert_eq(any_uint(ANY_UI64, UINT64_MAX).v.u, UINT64_MAX);
    cr_assert_eq(any_f32(1.5f).v.f32, 1.5f);
    cr_assert_eq(any_f64(-2.25).v.f64, -2.25);
    cr_assert(any_is_int(any_int(ANY_UI16, 3)));
    cr_assert(!any_is_int(any_f64(3)));
    cr_assert(any_is_float(any_f32(3)));
    cr_assert(!any_is_float(any_chain()));
    cr_assert_eq(any_none().type, ANY_NONE);
}

/* Boundary: 7 bytes stay inline (no heap object), 8 go to the heap. */
Test(any, small_string_boundary)
{
    int64_t base = obj_live_count();
    Any s7 = any_str("1234567", 7);
    cr_assert_eq(s7.type, ANY_SSTR);
    cr_assert_eq(s7.len, 7);
    cr_assert_eq(obj_live_count(), base);
    size_t len = 0;
    const char *d = any_str_data(&s7, &len);
    cr_assert_eq(len, 7);
    cr_assert_str_eq(d, "1234567");     /* NUL-terminated inside the Any */

    Any s8 = any_str("12345678", 8);
    cr_assert_eq(s8.type, ANY_OBJ);
    cr_assert(any_is_objtype(s8, OBJ_STRING));
    cr_assert_eq(obj_live_count(), base + 1);
    d = any_str_data(&s8, &len);
    cr_assert_eq(len, 8);
    cr_assert_str_eq(d, "12345678");
    cr_assert(any_is_string(s7) && any_is_string(s8));
    any_release(s8);
    cr_assert_eq(obj_live_count(), base);

    Any e = any_str("", 0);
    cr_assert_eq(e.type, ANY_SSTR);
    cr_assert_eq(e.len, 0);
    cr_assert_str_eq(any_str_data(&e, NULL), "");
}

Test(any, small_string_is_a_copy_without_refcount)
{
    char buf[8] = "abc";
    Any s = any_str(buf, 3);
    buf[0] = 'X';
    cr_assert_str_eq(any_str_data(&s, NULL), "abc");
    any_retain(s);                        /* no-ops for inline strings */
    any_release(s);
    any_release(s);
    cr_assert_str_eq(any_str_data(&s, NULL), "abc");
}

Test(any, utf8_strings_count_bytes)
{
    int64_t base = obj_live_count();
    const char *e_acute = "h\xc3\xa9llo";             /* 6 bytes, 5 code points */
    Any a = any_str(e_acute, strlen(e_acute));
    cr_assert_eq(a.type, ANY_SSTR);
    cr_assert_eq(a.len, 6);
    const char *nihon = "\xe6\x97\xa5\xe6\x9c\xac";    /* 2 CJK chars, 6 bytes */
    Any b = any_str(nihon, 6);
    cr_assert_eq(b.type, ANY_SSTR);
    const char *nihongo = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"; /* 9 bytes */
    Any c = any_str(nihongo, 9);
    cr_assert_eq(c.type, ANY_OBJ);
    size_t len;
    cr_assert_eq(memcmp(any_str_data(&c, &len), nihongo, 9), 0);
    cr_assert_eq(len, 9);
    const char *emoji = "\xf0\x9f\x98\x80\xf0\x9f";    /* 7 bytes (one and a half emoji) */
    Any d = any_str(emoji, 7);
    cr_assert_eq(d.type, ANY_SSTR);
    cr_assert_eq(memcmp(any_str_data(&d, NULL), emoji, 7), 0);
    any_release(c);
    cr_assert_eq(obj_live_count(), base);
}

Test(any, strings_may_hold_nul_bytes)
{
    Any a = any_str("a\0b", 3);
    size_t len;
    const char *d = any_str_data(&a, &len);
    cr_assert_eq(len, 3);
    cr_assert_eq(memcmp(d, "a\0b", 3), 0);
    Any b = any_str("0123\0" "5678", 9);
    d = any_str_data(&b, &len);
    cr_assert_eq(len, 9);
    cr_assert_eq(d[4], '\0');
    cr_assert_eq(d[8], '8');
    any_release(b);
}

Test(any, str_data_of_non_string_is_null)
{
    Any i = any_int(ANY_I32, 1);
    size_t len = 99;
    cr_assert_null(any_str_data(&i, &len));
    cr_assert_eq(len, 0);
    ListObj *l = list_new();
    Any la = any_obj(&l->hdr);
    cr_assert_null(any_str_data(&la, NULL));
    cr_assert(!any_is_string(la));
    any_release(la);
}

Test(any, object_refcount_last_release_frees)
{
    int64_t base = obj_live_count();
    Any s = any_str("a long string", 13);
    Object *o = s.v.obj;
    cr_assert_eq(obj_refcount(o), 1);
    Any t = any_copy(s);
    cr_assert_eq(obj_refcount(o), 2);
    any_release(t);
    cr_assert_eq(obj_refcount(o), 1);
    cr_assert_eq(obj_live_count(), base + 1);
    any_release(s);
    cr_assert_eq(obj_live_count(), base);
}

static int deleted;
static void counting_deleter(Object *o) { deleted++; free(o); }

Test(any, custom_deleter_runs_once_at_zero)
{
    int64_t base = obj_live_count();
    Object *o = obj_alloc(OBJ_RESOURCE, sizeof(Object) + 24, counting_deleter);
    cr_assert_eq(o->type, OBJ_RESOURCE);
    obj_retain(o);
    obj_retain(o);
    obj_release(o);
    obj_release(o);
    cr_assert_eq(deleted, 0);
    obj_release(o);
    cr_assert_eq(deleted, 1);
    cr_assert_eq(obj_live_count(), base);
}

Test(any, lists_own_their_items)
{
    int64_t base = obj_live_count();
    ListObj *l = list_new();
    list_append(l, any_int(ANY_I32, 1));
    list_append(l, any_str("short", 5));
    Any long_s = any_str("a string on the heap", 20);
    list_append_copy(l, long_s);              /* list takes its own ref */
    cr_assert_eq(obj_refcount(long_s.v.obj), 2);
    ListObj *inner = list_new();
    list_append(inner, any_f64(2.5));
    list_append(l, any_obj(&inner->hdr));
    for (int i = 0; i < 100; i++) list_append(l, any_int(ANY_I64, i));
    cr_assert_eq(l->len, 104);
    cr_assert_eq(list_get(l, 0).v.i, 1);
    Any s = list_get(l, 1);
    cr_assert_str_eq(any_str_data(&s, NULL), "short");
    cr_assert(any_is_objtype(list_get(l, 3), OBJ_LIST));
    cr_assert_eq(list_get(l, 103).v.i, 99);
    cr_assert_eq(list_get(l, 104).type, ANY_NONE);
    cr_assert_eq(obj_live_count(), base + 3);
    any_release(long_s);
    obj_release(&l->hdr);
    cr_assert_eq(obj_live_count(), base);
}

/* Destruction through the worklist (any.c): a deep chain frees without
** recursion, and objects die in the order recursive destruction gives
** (depth first, each holder's items in order, each with what it holds). */
typedef struct Tagged { Object hdr; int tag; } Tagged;
static int order[16], norder;
static void tag_deleter(Object *o) { order[norder++] = ((Tagged *)o)->tag; free(o); }
static Any tagged(int tag)
{
    Tagged *t = (Tagged *)obj_alloc(OBJ_RESOURCE, sizeof *t, tag_deleter);
    t->tag = tag;
    return any_obj(&t->hdr);
}

Test(any, nested_lists_free_in_recursive_order)
{
    int64_t base = obj_live_count();
    /* [1, [2, [3], 4], 5, [6]]: tags in the order they must die. */
    ListObj *outer = list_new(), *mid = list_new(), *in3 = list_new(), *in6 = list_new();
    list_append(in3, tagged(3));
    list_append(mid, tagged(2));
    list_append(mid, any_obj(&in3->hdr));
    list_append(mid, tagged(4));
    list_append(in6, tagged(6));
    list_append(outer, tagged(1));
    list_append(outer, any_obj(&mid->hdr));
    list_append(outer, tagged(5));
    list_append(outer, any_obj(&in6->hdr));
    norder = 0;
    obj_release(&outer->hdr);
    cr_assert_eq(norder, 6);
    for (int i = 0; i < 6; i++) cr_assert_eq(order[i], i + 1, "death %d: tag %d", i, order[i]);
    cr_assert_eq(obj_live_count(), base);
}

Test(any, a_list_nested_a_million_deep_frees)
{
    int64_t base = obj_live_count();
    ListObj *l = list_new();
    for (int i = 0; i < 1000000; i++) {
        ListObj *outer = list_new();
        list_append(outer, any_obj(&l->hdr));
        l = outer;
    }
    cr_assert_eq(obj_live_count(), base + 1000001);
    obj_release(&l->hdr);
    cr_assert_eq(obj_live_count(), base);
}

Test(any, error_objects)
{
    int64_t base = obj_live_count();
    ErrorObj *e = obj_error(13, "something bad happened");
    cr_assert_eq(e->hdr.type, OBJ_ERROR);
    cr_assert_eq(e->code, 13);
    cr_assert_str_eq(e->msg, "something bad happened");
    cr_assert_eq(e->len, strlen("something bad happened"));
    ErrorObj *f = obj_errorf(13, "index %d out of range [0, %d)", 5, 3);
    cr_assert_str_eq(f->msg, "index 5 out of range [0, 3)");
    char big[600];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    ErrorObj *g = obj_errorf(2, "<%s>", big);   /* longer than the stack buffer */
    cr_assert_eq(g->len, 601);
    cr_assert_eq(g->msg[0], '<');
    cr_assert_eq(g->msg[600], '>');
    ErrorObj *n = obj_error(2, NULL);
    cr_assert_str_eq(n->msg, "");
    obj_release(&e->hdr);
    obj_release(&f->hdr);
    obj_release(&g->hdr);
    obj_release(&n->hdr);
    cr_assert_eq(obj_live_count(), base);
}

Test(any, type_names)
{
    cr_assert_str_eq(any_type_name(any_int(ANY_I1, 1)), "i1");
    cr_assert_str_eq(any_type_name(any_int(ANY_I32, 1)), "i32");
    cr_assert_str_eq(any_type_name(any_int(ANY_I64, 1)), "i64");
    cr_assert_str_eq(any_type_name(any_uint(ANY_UI32, 1)), "ui32");
    cr_assert_str_eq(any_type_name(any_f32(1)), "f32");
    cr_assert_str_eq(any_type_name(any_f64(1)), "f64");
    cr_assert_str_eq(any_type_name(any_chain()), "!tfrt.chain");
    cr_assert_str_eq(any_type_name(any_str("x", 1)), "!tfrt.string");
    Any s = any_str("xxxxxxxxxx", 10);
    cr_assert_str_eq(any_type_name(s), "!tfrt.string");
    any_release(s);
    ListObj *l = list_new();
    cr_assert_str_eq(any_type_name(any_obj(&l->hdr)), "!tfrt.list");
    obj_release(&l->hdr);
}

Test(any, user_object_kinds)
{
    uint32_t a = obj_register_type("!vt.value");
    uint32_t b = obj_register_type("!my.coordinate");
    cr_assert_geq(a, OBJ__USER);
    cr_assert_neq(a, b);
    cr_assert_eq(obj_register_type("!vt.value"), a);
    cr_assert_str_eq(obj_type_name(a), "!vt.value");
    cr_assert_str_eq(obj_type_name(b), "!my.coordinate");
    Object *o = obj_alloc(b, sizeof(Object), NULL);
    cr_assert_str_eq(any_type_name(any_obj(o)), "!my.coordinate");
    obj_release(o);
    cr_assert_str_eq(obj_type_name(OBJ__USER + 63), "object");
}

Test(any, user_kind_registry_is_bounded)
{
    char name[32];
    int ok = 0;
    for (int i = 0; i < OBJ_MAX_USER + 5; i++) {
        snprintf(name, sizeof name, "!k.t%d", i);
        if (obj_register_type(name)) ok++;
    }
    cr_assert_eq(ok, OBJ_MAX_USER);
    cr_assert_eq(obj_register_type("!k.t0"), OBJ__USER);   /* still found */
}

Test(any, unboxing_checks_the_type)
{
    int64_t i;
    bool b;
    float f;
    double d;
    cr_assert(any_unbox_int(any_int(ANY_I32, -7), ANY_I32, &i));
    cr_assert_eq(i, -7);
    i = 123;
    cr_assert(!any_unbox_int(any_int(ANY_I32, -7), ANY_I64, &i));
    cr_assert_eq(i, 123);                        /* untouched on failure */
    cr_assert(!any_unbox_int(any_f64(1), ANY_F64, &i));   /* not an integer type */
    cr_assert(any_unbox_bool(any_bool(true), &b) && b);
    cr_assert(!any_unbox_bool(any_int(ANY_I32, 1), &b));
    cr_assert(any_unbox_f32(any_f32(0.5f), &f) && f == 0.5f);
    cr_assert(!any_unbox_f32(any_f64(0.5), &f));
    cr_assert(any_unbox_f64(any_f64(0.25), &d) && d == 0.25);
    cr_assert(!any_unbox_f64(any_str("0.25", 4), &d));
    ListObj *l = list_new();
    Any la = any_obj(&l->hdr);
    cr_assert_eq(any_unbox_obj(la, OBJ_LIST), &l->hdr);
    cr_assert_null(any_unbox_obj(la, OBJ_STRING));
    cr_assert_null(any_unbox_obj(any_int(ANY_I32, 0), OBJ_LIST));
    cr_assert_eq(ANY_AS_INT(any_int(ANY_I64, 9)), 9);
    cr_assert_eq(ANY_AS_F64(any_f64(9.5)), 9.5);
    cr_assert_eq(ANY_AS_OBJ(la, ListObj, OBJ_LIST), l);
    any_release(la);
}

#ifndef NDEBUG
Test(any, checked_cast_aborts_on_wrong_type, .signal = SIGABRT)
{
    cr_redirect_stderr();
    volatile int64_t x = ANY_AS_INT(any_f64(1.0));
    (void)x;
}
#endif

/* Kernels on several worker threads register their kinds concurrently:
** every thread must see one code per name. */
#include <pthread.h>
static uint32_t seen_codes[4][8];
static void *register_many(void *p)
{
    int t = (int)(intptr_t)p;
    char name[16];
    for (int round = 0; round < 200; round++)
        for (int i = 0; i < 8; i++) {
            snprintf(name, sizeof name, "!c.k%d", i);
            uint32_t c = obj_register_type(name);
            if (round == 0) seen_codes[t][i] = c;
            else if (seen_codes[t][i] != c) seen_codes[t][i] = 0;
        }
    return NULL;
}

Test(any, concurrent_registration_agrees)
{
    pthread_t th[4];
    for (int t = 0; t < 4; t++) pthread_create(&th[t], NULL, register_many, (void *)(intptr_t)t);
    for (int t = 0; t < 4; t++) pthread_join(th[t], NULL);
    for (int i = 0; i < 8; i++) {
        cr_assert_geq(seen_codes[0][i], OBJ__USER);
        for (int t = 1; t < 4; t++) cr_assert_eq(seen_codes[t][i], seen_codes[0][i]);
    }
}
