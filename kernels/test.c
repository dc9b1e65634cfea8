/*
** test.c — the tfrt_test.* kernels (docs/kernel-behaviour.md §5, §9), except
** do.async and benchmark (kernels/control.c) and the legacy sync ones
** (kernels/sync.c).
**
** Deferred work: asynchronous kernels hand their result to the caller as an
** unavailable (or indirect) value and keep their own reference to it in a
** Task, together with a copy of the execution context (exec_ctx_dup). The
** task resolves the value and frees itself. Errors found in a task are
** reported with exec_report_error, so the diagnostic appears when the task
** runs (docs/kernel-behaviour.md §5).
**
** State TFRT keeps per process (the thread-id counter, unique_loc's map, the
** sample shared context) hangs off the Host through host_kernel_state().
*/
#include "base/alloc.h"
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "interp/exec.h"
#include "kernels/dht.h"
#include "kernels/ext.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

#define HOST (f->ctx->host)

/* {=====================================================================
** Helpers
** ====================================================================== */

/* The bytes of string operand [i] (borrowed from the operand). */
static const char *str_arg(KernelFrame *f, int i, size_t *len)
{
    const char *s = i < f->nargs ? any_str_data(kf_arg(f, i), len) : NULL;
    if (!s) { *len = 0; return ""; }
    return s;
}

/* The string attribute [name] (NULL if absent or not a string). */
static const char *str_attr(KernelFrame *f, const char *name, size_t *len)
{
    const Attr *a = kf_attr(f, name);
    if (!a || a->kind != ATTR_STRING) return NULL;
    *len = a->u.str.len;
    return a->u.str.s;
}

/* Sets result [i] to the chain operand [j] when it exists, else a ready chain. */
static void chain_out(KernelFrame *f, int i, int j)
{
    if (j < f->nargs) kf_forward_arg(f, i, j);
    else kf_set_chain(f, i);
}

/* Sleeps [us] microseconds. */
static void sleep_us(int64_t us)
{
    if (us <= 0) return;
    struct timespec ts = { (time_t)(us / 1000000), (long)(us % 1000000) * 1000 };
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {}
}

/* A random delay of 1–10 ms (copy.with_delay). The seed mixes the clock and
** an address, so no generator state is shared between threads. */
static int64_t random_delay_us(const void *salt)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)(uintptr_t)salt << 7) ^ (uint64_t)ts.tv_sec;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33;
    return 1000 + (int64_t)(x % 9001);
}

/* {=====================================================================
** Deferred tasks
** ====================================================================== */

typedef enum TaskKind {
    T_VALUE,         /* dst := value */
    T_DELAYED_VALUE, /* sleep 1-10 ms, dst := value */
    T_ERROR,         /* report the async error at op */
    T_ERROR_IF,      /* value == 0 ? dst := 0 : error */
    T_SLEEP,         /* sleep, print, dst (if any) := chain */
    T_SLICE          /* slice_inplace */
} TaskKind;

typedef struct Task {
    TaskKind kind;
    ExecCtx *ctx;
    const Op *op;
    AsyncValue *dst;     /* +1, may be NULL (usleep) */
    Any value;           /* owned */
    AsyncValue *in[3];   /* +1 operands kept alive (slice_inplace) */
} Task;

static const char async_msg[] = "something bad happened asynchronously";

static Task *task_new(KernelFrame *f, TaskKind kind, AsyncValue *dst, Any value)
{
    Task *t = calloc(1, sizeof *t);
    if (!t) tf_out_of_memory();
    t->kind = kind;
    t->ctx = exec_ctx_dup(f->ctx);
    t->op = f->op;
    t->dst = dst;
    if (dst) av_retain(dst);
    t->value = value;
    return t;
}

static void task_free(Task *t)
{
    if (t->dst) av_release(t->dst);
    for (int i = 0; i < 3; i++)
        if (t->in[i]) av_release(t->in[i]);
    any_release(t->value);
    exec_ctx_free(t->ctx);
    free(t);
}

/* Resolves [dst] (concrete or indirect) with available [v] (takes it). */
static void resolve(AsyncValue *dst, Any v)
{
    if (av_is_indirect(dst)) {
        AsyncValue *src = av_new_available(v);
        av_forward(dst, src);
        av_release(src);
    } else {
        av_emplace(dst, v);
    }
}

static void run_slice(Task *t);

static void task_run(void *a, void *b)
{
    (void)b;
    Task *t = a;
    switch (t->kind) {
    case T_DELAYED_VALUE:
        sleep_us(random_delay_us(t));
        /* fallthrough */
    case T_VALUE:
        resolve(t->dst, t->value);
        t->value = any_none();
        break;
    case T_ERROR:
        exec_report_error(t->ctx, t->op, t->dst, async_msg);
        break;
    case T_ERROR_IF:
        if (t->value.v.i == 0) resolve(t->dst, any_int(ANY_I32, 0));
        else exec_report_error(t->ctx, t->op, t->dst, async_msg);
        break;
    case T_SLEEP:
        /* A cancellation (a timeout) ends the sleep: nothing is printed,
        ** and the chain is the cancellation's error. */
        if (rq_sleep(t->ctx->rq, t->value.v.i)) {
            kl_out(t->ctx->host, "Slept for %" PRId64 " microseconds\n", t->value.v.i);
            if (t->dst) av_emplace(t->dst, any_chain());
        } else if (t->dst) {
            AsyncValue *c = rq_cancelled(t->ctx->rq);
            ErrorObj *e = c ? av_error_obj(c) : NULL;
            if (e) av_set_error_obj(t->dst, e);
            else av_set_error(t->dst, ERR_CANCELLED, "Cancelled");
        }
        break;
    case T_SLICE:
        run_slice(t);
        break;
    }
    task_free(t);
}

/* Result 0 := a new unavailable value that an enqueued task sets to [v]. */
static void defer_value(KernelFrame *f, TaskKind kind, Any v)
{
    AsyncValue *dst = av_new_unavailable();
    kf_set_av(f, 0, dst);
    exec_enqueue(f->ctx, task_run, task_new(f, kind, dst, v), NULL);
}

/* {=====================================================================
** Strings
** ====================================================================== */

void k_tfrt_test_get_string(KernelFrame *f)
{
    size_t len;
    const char *s = str_attr(f, attr_value, &len);
    if (!s) { kf_error(f, "missing or invalid 'value' attribute"); return; }
    kf_set(f, 0, any_str(s, len));
}

void k_tfrt_test_print_string(KernelFrame *f)
{
    size_t len;
    const char *s = str_arg(f, 0, &len);
    kl_out_bytes(HOST, "string = ", s, len, "\n");   /* the whole string, NULs too */
    kf_set_chain(f, 0);
}

void k_tfrt_test_append_string(KernelFrame *f)
{
    size_t la, lb;
    const char *a = str_arg(f, 0, &la), *b = str_arg(f, 1, &lb);
    char *buf = malloc(la + lb + 1);
    if (!buf) tf_out_of_memory();
    memcpy(buf, a, la);
    memcpy(buf + la, b, lb);
    kf_set(f, 0, any_str(buf, la + lb));
    free(buf);
}

void k_tfrt_test_string_equal(KernelFrame *f)
{
    size_t la, lb;
    const char *a = str_arg(f, 0, &la), *b = str_arg(f, 1, &lb);
    kf_set(f, 0, any_bool(la == lb && memcmp(a, b, la) == 0));
}

void k_tfrt_test_read_string_from_file(KernelFrame *f)
{
    size_t len;
    const char *p = str_arg(f, 0, &len);
    char *path = strndup(p, len);
    if (!path) tf_out_of_memory();
    FILE *in = fopen(path, "rb");
    char *data = NULL;
    size_t n = 0;
    if (in) {
        FILE *o = open_memstream(&data, &n);
        if (!o) tf_out_of_memory();
        char buf[4096];
        size_t k;
        while ((k = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, k, o);
        bool bad = ferror(in);
        fclose(o);
        fclose(in);
        if (bad) { free(data); data = NULL; }
    }
    if (data) kf_set(f, 0, any_str(data, n));
    else kf_error(f, "failed to read from file %s", path);
    free(data);
    free(path);
}

/* printf-style formatting of one integer. Only integer conversions
** (d i u x X o c) with flags, width and precision are honoured; any other
** conversion is copied literally, so no format can read a missing argument. */
void k_tfrt_test_format_string(KernelFrame *f)
{
    size_t len;
    const char *fmt = str_arg(f, 0, &len);
    int32_t v = kf_i32(f, 1);
    char *out = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&out, &n);
    if (!o) tf_out_of_memory();
    for (size_t i = 0; i < len; i++) {
        if (fmt[i] != '%') { fputc(fmt[i], o); continue; }
        if (i + 1 < len && fmt[i + 1] == '%') { fputc('%', o); i++; continue; }
        size_t j = i + 1;
        while (j < len && strchr("-+ #0", fmt[j])) j++;
        while (j < len && fmt[j] >= '0' && fmt[j] <= '9') j++;
        if (j < len && fmt[j] == '.') { j++; while (j < len && fmt[j] >= '0' && fmt[j] <= '9') j++; }
        if (j < len && j - i < 32 && strchr("diuxXoc", fmt[j])) {
            char spec[40];
            memcpy(spec, fmt + i, j - i + 1);
            spec[j - i + 1] = '\0';
            fprintf(o, spec, v);
            i = j;
        } else {
            fputc('%', o);
        }
    }
    fclose(o);
    kf_set(f, 0, any_str(out, n));
    free(out);
}

/* {=====================================================================
** Misc and printing
** ====================================================================== */

void k_tfrt_test_print_hello(KernelFrame *f) { kl_out(HOST, "hello host executor!\n"); kf_set_chain(f, 0); }

/* (ch, b): not flushed immediately (docs/kernel-behaviour.md §5). */
void k_tfrt_test_print_bool(KernelFrame *f)
{
    kl_out_noflush(HOST, "%s\n", kf_i1(f, 1) ? "true" : "false");
    kf_set_chain(f, 0);
}

void k_tfrt_test_count3_i32(KernelFrame *f)
{
    uint32_t x = (uint32_t)kf_i32(f, 0);
    for (int i = 0; i < 3; i++) kf_set(f, i, any_int(ANY_I32, (int32_t)(x + (uint32_t)i + 1)));
}

void k_tfrt_test_count3_i64(KernelFrame *f)
{
    uint64_t x = (uint64_t)kf_i64(f, 0);
    for (int i = 0; i < 3; i++) kf_set(f, i, any_int(ANY_I64, (int64_t)(x + (uint64_t)i + 1)));
}

/* (ch, v1..vn) -> v1..vn themselves. */
void k_tfrt_test_identity(KernelFrame *f)
{
    if (f->nargs - 1 < f->nresults) {
        kf_error(f, "tfrt_test.identity has fewer operands than results");
        return;
    }
    for (int i = 0; i < f->nresults; i++) kf_forward_arg(f, i, i + 1);
}

void k_tfrt_test_multi_arg_result(KernelFrame *f)
{
    if (f->nargs < f->nresults) {
        kf_error(f, "tfrt_test.multi_arg_result has fewer operands than results");
        return;
    }
    for (int i = 0; i < f->nresults; i++) kf_forward_arg(f, i, i);
}

void k_tfrt_test_share_to_two(KernelFrame *f)
{
    kf_forward_arg(f, 0, 0);
    kf_forward_arg(f, 1, 0);
}

/* Sum of the i32 operands (a trailing chain is skipped). */
void k_tfrt_test_sum(KernelFrame *f)
{
    uint32_t s = 0;
    for (int i = 0; i < f->nargs; i++)
        if (kf_arg(f, i)->type == ANY_I32) s += (uint32_t)kf_i32(f, i);
    kf_set(f, 0, any_int(ANY_I32, (int32_t)s));
}

/* ---- get_thread_id: ids from a per-run counter, first use per thread ---- */
typedef struct ThreadIds {
    pthread_mutex_t mu;
    int n, cap;
    pthread_t *tids;
} ThreadIds;

static void *tids_create(void)
{
    ThreadIds *t = calloc(1, sizeof *t);
    if (!t) tf_out_of_memory();
    pthread_mutex_init(&t->mu, NULL);
    return t;
}

static void tids_destroy(void *p)
{
    ThreadIds *t = p;
    pthread_mutex_destroy(&t->mu);
    free(t->tids);
    free(t);
}

void k_tfrt_test_get_thread_id(KernelFrame *f)
{
    ThreadIds *t = host_kernel_state(HOST, "tfrt_test.get_thread_id", tids_create, tids_destroy);
    pthread_t self = pthread_self();
    pthread_mutex_lock(&t->mu);
    int id = -1;
    for (int i = 0; i < t->n && id < 0; i++)
        if (pthread_equal(t->tids[i], self)) id = i;
    if (id < 0) {
        if (t->n == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 8;
            t->tids = realloc(t->tids, sizeof *t->tids * (size_t)t->cap);
            if (!t->tids) tf_out_of_memory();
        }
        id = t->n;
        t->tids[t->n++] = self;
    }
    pthread_mutex_unlock(&t->mu);
    kf_set(f, 0, any_int(ANY_I32, id));
}

void k_tfrt_test_test_cost(KernelFrame *f)
{
    int64_t id = 0;
    kl_attr_int(kf_attr(f, attr_id), &id);
    kl_out(HOST, "id: %" PRId64 "\n", id);
    kf_set(f, 0, any_int(ANY_I32, 0));
}

/* ---- print_debug_info ---------------------------------------------------- */

/* Writes the debug info of [loc] into [o]; false when there is none
** (docs/kernel-behaviour.md §5's rules). */
static bool debug_info(FILE *o, const Loc *loc)
{
    if (!loc) return false;
    switch (loc->kind) {
    case LOC_NAME:
        fputs(loc->name ? loc->name : "", o);
        return true;
    case LOC_FUSED:
        for (int i = 0; i < loc->nitems; i++)
            if (loc->items[i] && loc->items[i]->kind == LOC_NAME && loc->items[i]->name)
                fputs(loc->items[i]->name, o);
        return true;
    case LOC_CALLSITE:
        if (loc->callee && loc->callee->kind == LOC_NAME) {
            fputs(loc->callee->name ? loc->callee->name : "", o);
            return true;
        }
        return false;
    default:
        return false;
    }
}

void k_tfrt_test_print_debug_info(KernelFrame *f)
{
    char *s = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&s, &n);
    if (!o) tf_out_of_memory();
    bool has = debug_info(o, f->op->loc);
    fclose(o);
    if (has) kl_out(HOST, "%s\n", s);
    else kl_out(HOST, "Kernel has no debug info\n");
    free(s);
    kf_set_chain(f, 0);
}

/* ---- unique_loc: location identity (the op) -> name ---------------------- */
typedef struct LocMap {
    pthread_mutex_t mu;
    int n, cap;
    struct { const Op *op; const char *name; size_t len; } *e;
} LocMap;

static void *locmap_create(void)
{
    LocMap *m = calloc(1, sizeof *m);
    if (!m) tf_out_of_memory();
    pthread_mutex_init(&m->mu, NULL);
    return m;
}

static void locmap_destroy(void *p)
{
    LocMap *m = p;
    pthread_mutex_destroy(&m->mu);
    free(m->e);
    free(m);
}

void k_tfrt_test_unique_loc(KernelFrame *f)
{
    size_t len = 0;
    const char *name = str_attr(f, attr_name, &len);
    if (!name) name = "";
    LocMap *m = host_kernel_state(HOST, "tfrt_test.unique_loc", locmap_create, locmap_destroy);
    bool dup = false;
    pthread_mutex_lock(&m->mu);
    int i = 0;
    while (i < m->n && m->e[i].op != f->op) i++;
    if (i < m->n) {
        dup = m->e[i].len != len || memcmp(m->e[i].name, name, len) != 0;
    } else {
        if (m->n == m->cap) {
            m->cap = m->cap ? 2 * m->cap : 16;
            m->e = realloc(m->e, sizeof *m->e * (size_t)m->cap);
            if (!m->e) tf_out_of_memory();
        }
        m->e[m->n].op = f->op;
        m->e[m->n].name = name;
        m->e[m->n].len = len;
        m->n++;
    }
    pthread_mutex_unlock(&m->mu);
    if (dup) kf_error(f, "duplicate locations %d", f->op->line);
    else kf_set_chain(f, 0);
}

/* Six TFRT_LOG lines on stderr (docs/kernel-behaviour.md §5). */
void k_tfrt_test_logging(KernelFrame *f)
{
    size_t len;
    const char *s = str_arg(f, 0, &len);
    static const struct { char sev; const char *what; } lines[] = {
        { 'I', "TFRT_LOG(INFO)" }, { 'W', "TFRT_LOG(WARNING)" }, { 'E', "TFRT_LOG(ERROR)" },
        { 'I', "TFRT_LOG_IF(INFO, true)" }, { 'W', "TFRT_LOG_IF(WARNING, true)" },
        { 'E', "TFRT_LOG_IF(ERROR, true)" },
    };
    FILE *out = host_out(HOST);
    if (out) fflush(out);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        tfrt_log(stderr, lines[i].sev, "test_kernels.cc", 100 + (int)i, "from %s: %.*s", lines[i].what,
                 (int)len, s);
    kf_set_chain(f, 0);
}

void k_tfrt_test_get_uniqueness(KernelFrame *f)
{
    for (int i = 0; i < f->nresults; i++)
        kf_set(f, i, any_bool(i < f->nargs && av_is_unique(f->args[i])));
}

void k_tfrt_test_make_indirect(KernelFrame *f)
{
    if (f->nargs < f->nresults) {
        kf_error(f, "tfrt_test.make_indirect has fewer operands than results");
        return;
    }
    for (int i = 0; i < f->nresults; i++) {
        AsyncValue *v = av_new_indirect();
        av_forward(v, f->args[i]);
        kf_set_av(f, i, v);
    }
}

void k_tfrt_test_as_chain(KernelFrame *f) { kf_set_chain(f, 0); }

void k_tfrt_test_async_value_get(KernelFrame *f)
{
    static const char s[] = "base1:base2:final_class:3";
    kf_set(f, 0, any_str(s, sizeof s - 1));
}

void k_tfrt_test_async_value_ref(KernelFrame *f)
{
    static const char s[] = "available:2;unavailable;(3);available:3;unavailable;available:4";
    kf_set(f, 0, any_str(s, sizeof s - 1));
}

/* attr value = [[STR, [A : i32, B : i32]], [F : f32]] -> (STR, A, B, F). */
void k_tfrt_test_flat(KernelFrame *f)
{
    const Attr *v = kf_attr(f, attr_value);
    const Attr *first, *second, *pair, *str;
    int64_t a, b;
    double x;
    if (!v || v->kind != ATTR_ARRAY || v->u.arr.n != 2) goto bad;
    first = v->u.arr.elems[0];
    second = v->u.arr.elems[1];
    if (first->kind != ATTR_ARRAY || first->u.arr.n != 2 || second->kind != ATTR_ARRAY || second->u.arr.n != 1) goto bad;
    str = first->u.arr.elems[0];
    pair = first->u.arr.elems[1];
    if (str->kind != ATTR_STRING || pair->kind != ATTR_ARRAY || pair->u.arr.n != 2) goto bad;
    if (!kl_attr_int(pair->u.arr.elems[0], &a) || !kl_attr_int(pair->u.arr.elems[1], &b)) goto bad;
    if (!kl_attr_f64(second->u.arr.elems[0], &x)) goto bad;
    kf_set(f, 0, any_str(str->u.str.s, str->u.str.len));
    kf_set(f, 1, any_int(ANY_I32, (int32_t)a));
    kf_set(f, 2, any_int(ANY_I32, (int32_t)b));
    kf_set(f, 3, any_f32((float)x));
    return;
bad:
    kf_error(f, "tfrt_test.flat expects value = [[string, [i32, i32]], [f32]]");
}

/* One sample shared context per run (TFRT: per process), numbered 0. */
typedef struct SharedCtx { int id; } SharedCtx;
static void *shared_create(void)
{
    SharedCtx *c = calloc(1, sizeof *c);
    if (!c) tf_out_of_memory();
    return c;
}

void k_tfrt_test_use_sample_shared_context(KernelFrame *f)
{
    SharedCtx *c = host_kernel_state(HOST, "tfrt_test.sample_shared_context", shared_create, free);
    char buf[48];
    int n = snprintf(buf, sizeof buf, "sample_shared_context%d", c->id);
    kf_set(f, 0, any_str(buf, (size_t)n));
    chain_out(f, 1, 0);
}

/* ---- test resources ------------------------------------------------------ */
#define TEST_RESOURCE_MAGIC 0x54455354u   /* tells a test resource from the
                                             other OBJ_RESOURCE kinds */
typedef struct TestResource {
    Object hdr;             /* OBJ_RESOURCE */
    uint32_t magic;
    atomic_bool destroyed;
    FILE *out;              /* the deleter has no other way to the output */
} TestResource;

static void resource_line(FILE *out, const char *s)
{
    if (!out) return;
    flockfile(out);
    fputs(s, out);
    fflush(out);
    funlockfile(out);
}

static void resource_destroy(TestResource *r)
{
    if (!atomic_exchange(&r->destroyed, true)) resource_line(r->out, "Destroyed TestResource\n");
}

static void resource_delete(Object *o)
{
    resource_destroy((TestResource *)o);
    free(o);
}

void k_tfrt_test_allocate_resource(KernelFrame *f)
{
    TestResource *r = (TestResource *)obj_alloc(OBJ_RESOURCE, sizeof *r, resource_delete);
    r->magic = TEST_RESOURCE_MAGIC;
    atomic_init(&r->destroyed, false);
    r->out = host_out(HOST);
    resource_line(r->out, "Allocated TestResource\n");
    kf_set(f, 0, any_obj(&r->hdr));
    chain_out(f, 1, 0);
}

void k_tfrt_test_deallocate_resource(KernelFrame *f)
{
    TestResource *r = (TestResource *)any_unbox_obj(*kf_arg(f, 0), OBJ_RESOURCE);
    if (!r || r->magic != TEST_RESOURCE_MAGIC) {
        kf_error(f, "operand #0 is not a test resource");
        return;
    }
    resource_destroy(r);
    kl_out(HOST, "tfrt_test.deallocate_resource done\n");
    chain_out(f, 0, 1);
}

/* The 4 bytes stay allocated as far as the host allocator's accounting is
** concerned (that is the point: the leak check must report them). The block
** itself is remembered in the per-run state and returned to the C heap with
** free() when the Host dies, without telling the allocator, so that memory
** checkers such as LeakSanitizer see no real leak. */
typedef struct Leaked {
    pthread_mutex_t mu;
    int n, cap;
    void **blocks;
} Leaked;

static void *leaked_create(void)
{
    Leaked *l = calloc(1, sizeof *l);
    if (!l) tf_out_of_memory();
    pthread_mutex_init(&l->mu, NULL);
    return l;
}

static void leaked_destroy(void *p)
{
    Leaked *l = p;
    for (int i = 0; i < l->n; i++) free(l->blocks[i]);
    free(l->blocks);
    pthread_mutex_destroy(&l->mu);
    free(l);
}

void k_tfrt_test_memory_leak_one_int32(KernelFrame *f)
{
    HostAllocator *a = host_allocator(HOST);
    void *p = a ? ha_alloc_at(a, sizeof(int32_t), sizeof(int32_t), f->op) : NULL;
    if (!p) return;
    Leaked *l = host_kernel_state(HOST, "tfrt_test.memory_leak_one_int32", leaked_create, leaked_destroy);
    pthread_mutex_lock(&l->mu);
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4;
        l->blocks = realloc(l->blocks, sizeof *l->blocks * (size_t)l->cap);
        if (!l->blocks) tf_out_of_memory();
    }
    l->blocks[l->n++] = p;
    pthread_mutex_unlock(&l->mu);
}

void k_tfrt_test_quiesce(KernelFrame *f)
{
    wq_quiesce(host_queue(HOST));
    kf_set_chain(f, 0);
}

/* attr value (dense) -> tensor with that dtype, shape and contents. */
void k_tfrt_test_const_dense_attr(KernelFrame *f)
{
    const Attr *a = kf_attr(f, attr_value);
    if (!a || a->kind != ATTR_DENSE || !a->type || a->type->kind != TY_TENSOR || a->type->rank < 0) {
        kf_error(f, "missing or invalid dense 'value' attribute");
        return;
    }
    DType dt = dt_from_type(a->type->elem);
    DenseHostTensor *t = dt ? dht_new_at(host_allocator(HOST), dt, a->type->rank, a->type->dims, f->op) : NULL;
    if (!t) {
        kf_error(f, "Cannot allocate tensor");
        return;
    }
    int n = a->u.arr.n;
    if (n != 1 && (int64_t)n != t->nelems) {
        int64_t want = t->nelems;
        obj_release(&t->hdr);
        kf_error(f, "dense attribute has %d values for %" PRId64 " elements", n, want);
        return;
    }
    for (int64_t i = 0; i < t->nelems && n > 0; i++) {
        DScalar s;
        if (dscalar_from_attr(a->u.arr.elems[n == 1 ? 0 : i], &s)) dht_store(t, i, s);
    }
    kf_set(f, 0, any_obj(&t->hdr));
}

/* tfrt_test.invoke_sync_function.i32_i32.*: runs sync function attr `fn`
** on two i32 operands; IMM0 (1 or 2) i32 results. */
void k_tfrt_test_invoke_sync_function(KernelFrame *f)
{
    int nres = kl_imm(f, 0);
    const Attr *a = kf_attr(f, attr_fn);
    Func *fn = NULL;
    if (a && (a->kind == ATTR_SYMBOL || a->kind == ATTR_STRING)) {
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)a->u.str.len, a->u.str.s);
        fn = ir_module_func(host_module(HOST), name);
    }
    if (!fn || !fn->is_sync || !fn->body || fn->nargs != 2 || fn->nresults != nres) {
        kf_error(f, "tfrt_test.invoke_sync_function: 'fn' must name a tfrt.sync function taking (i32, i32) and returning %d i32", nres);
        return;
    }
    AsyncValue *res[2] = { NULL, NULL };
    char *err = NULL;
    AsyncValue *args[2] = { f->args[0], f->args[1] };
    if (exec_run_sync(f->ctx, fn, args, 2, res, &err)) {
        for (int i = 0; i < nres; i++) kf_set_av(f, i, res[i]);
    } else {
        kf_error(f, "%s", err ? err : "sync function failed");
        free(err);
    }
}


/* Tensor-type helpers (not used by the tests): a tensor type is its name. */
void k_tfrt_test_get_static_tensor_type(KernelFrame *f) { kf_set(f, 0, any_str("dht", 3)); }

void k_tfrt_test_print_tensor_type(KernelFrame *f)
{
    size_t len;
    const char *s = str_arg(f, 0, &len);
    kl_out(HOST, "tensor_type = %.*s\n", (int)len, s);
    kf_set_chain(f, 0);
}

/* For every attribute, alphabetically (docs/kernel-behaviour.md §9). */
void k_tfrt_test_print_typed_attr(KernelFrame *f)
{
    for (int i = 0; i < f->op->nattrs; i++) {
        const NamedAttr *na = &f->op->attrs[i];
        const Attr *a = na->value;
        if (strcmp(na->name, attr_tfrt_cost) == 0) continue;
        TypeKind tk = a->type ? a->type->kind : TY_NONE;
        if (a->kind == ATTR_INT && tk == TY_I64) kl_out(HOST, "I64: %" PRId64 "\n", a->u.i);
        else if (a->kind == ATTR_FLOAT && tk == TY_F32) kl_out(HOST, "F32: %.6e\n", (double)(float)a->u.f);
        else if (a->kind == ATTR_BOOL) kl_out(HOST, "I1: %d\n", a->u.b ? 1 : 0);
        else if (a->kind == ATTR_INT && tk == TY_I1) kl_out(HOST, "I1: %d\n", a->u.i ? 1 : 0);
        else kl_out(HOST, "unknown attr\n");
    }
    kf_set_chain(f, 0);
}

/* {=====================================================================
** Errors and cancellation
** ====================================================================== */

void k_tfrt_test_fail(KernelFrame *f) { kf_error(f, "something bad happened"); }

void k_tfrt_test_partial_fail(KernelFrame *f)
{
    kf_set(f, 0, any_int(ANY_I32, 1));
    kf_error(f, "something bad happened");
}

void k_tfrt_test_error_chain(KernelFrame *f) { kf_error(f, "error chain"); }

void k_tfrt_test_report_error_async(KernelFrame *f) { defer_value(f, T_ERROR, any_none()); }

void k_tfrt_test_report_error_concrete_async(KernelFrame *f)
{
    defer_value(f, T_ERROR_IF, any_int(ANY_I32, kf_i32(f, 0)));
}

void k_tfrt_test_report_error_indirect_async(KernelFrame *f)
{
    AsyncValue *dst = av_new_indirect();
    kf_set_av(f, 0, dst);
    exec_enqueue(f->ctx, task_run, task_new(f, T_ERROR_IF, dst, any_int(ANY_I32, kf_i32(f, 0))), NULL);
}

void k_tfrt_test_cancel(KernelFrame *f)
{
    if (f->ctx->rq) rq_cancel(f->ctx->rq);
    kf_set(f, 0, any_int(ANY_I32, 0));
    chain_out(f, 1, 0);
}

/* {=====================================================================
** Asynchronous kernels
** ====================================================================== */

void k_tfrt_test_async_add_i32(KernelFrame *f)
{
    int32_t s = (int32_t)((uint32_t)kf_i32(f, 0) + (uint32_t)kf_i32(f, 1));
    defer_value(f, T_VALUE, any_int(ANY_I32, s));
}

void k_tfrt_test_async_constant_i32(KernelFrame *f)
{
    int64_t v;
    if (!kl_attr_int(kf_attr(f, attr_value), &v)) { kf_error(f, "missing or invalid 'value' attribute"); return; }
    defer_value(f, T_VALUE, any_int(ANY_I32, v));
}

void k_tfrt_test_async_constant_i1(KernelFrame *f)
{
    int64_t v;
    if (!kl_attr_int(kf_attr(f, attr_value), &v)) { kf_error(f, "missing or invalid 'value' attribute"); return; }
    defer_value(f, T_VALUE, any_bool(v != 0));
}

void k_tfrt_test_async_copy_i32(KernelFrame *f) { defer_value(f, T_VALUE, any_int(ANY_I32, kf_i32(f, 0))); }
void k_tfrt_test_async_copy_2_i32(KernelFrame *f) { defer_value(f, T_VALUE, any_int(ANY_I32, kf_i32(f, 0))); }
void k_tfrt_test_async_copy_with_delay_i32(KernelFrame *f) { defer_value(f, T_DELAYED_VALUE, any_int(ANY_I32, kf_i32(f, 0))); }
void k_tfrt_test_async_copy_with_delay_i64(KernelFrame *f) { defer_value(f, T_DELAYED_VALUE, any_int(ANY_I64, kf_i64(f, 0))); }

/* Sleeps on the calling thread, then returns x. */
void k_tfrt_test_copy_with_delay_i32(KernelFrame *f)
{
    sleep_us(random_delay_us(f));
    kf_set(f, 0, any_int(ANY_I32, kf_i32(f, 0)));
}

void k_tfrt_test_copy_with_delay_i64(KernelFrame *f)
{
    sleep_us(random_delay_us(f));
    kf_set(f, 0, any_int(ANY_I64, kf_i64(f, 0)));
}

/* usleep / blocking.usleep: blocking work that sleeps, then prints. */
static void enqueue_sleep(KernelFrame *f, AsyncValue *dst)
{
    int32_t us = kf_i32(f, 0);
    Task *t = task_new(f, T_SLEEP, dst, any_int(ANY_I64, us < 0 ? 0 : us));
    if (!wq_add_blocking_task(host_queue(HOST), task_run, t, NULL)) {
        static const char msg[] = "Failed to enqueue blocking work. Maximum number of pending blocking tasks reached.";
        fprintf(stderr, "%s\n", msg);
        if (dst) av_set_error(dst, ERR_INTERNAL, msg);
        task_free(t);
    }
}

void k_tfrt_test_usleep(KernelFrame *f) { enqueue_sleep(f, NULL); }

void k_tfrt_test_blocking_usleep(KernelFrame *f)
{
    AsyncValue *dst = av_new_unavailable();
    kf_set_av(f, 0, dst);
    enqueue_sleep(f, dst);
}

/* ---- atomics ------------------------------------------------------------- */
typedef struct AtomicI32 { Object hdr; atomic_int v; } AtomicI32;

static AtomicI32 *atomic_arg(KernelFrame *f)
{
    AtomicI32 *a = (AtomicI32 *)any_unbox_obj(*kf_arg(f, 0), OBJ_ATOMIC);
    if (!a) kf_error(f, "operand #0 is not a !test.atomic.i32");
    return a;
}

bool ext_atomic_i32_get(Any a, int32_t *out)
{
    const AtomicI32 *x = (const AtomicI32 *)any_unbox_obj(a, OBJ_ATOMIC);
    if (!x) return false;
    *out = atomic_load(&((AtomicI32 *)x)->v);
    return true;
}

void k_tfrt_test_atomic_create_i32(KernelFrame *f)
{
    AtomicI32 *a = (AtomicI32 *)obj_alloc(OBJ_ATOMIC, sizeof *a, NULL);
    atomic_init(&a->v, 0);
    kf_set(f, 0, any_obj(&a->hdr));
}

void k_tfrt_test_atomic_inc_i32(KernelFrame *f)
{
    AtomicI32 *a = atomic_arg(f);
    if (!a) return;
    atomic_fetch_add(&a->v, 1);
    kf_set_chain(f, 0);
}

void k_tfrt_test_atomic_add_i32(KernelFrame *f)
{
    AtomicI32 *a = atomic_arg(f);
    if (!a) return;
    atomic_fetch_add(&a->v, kf_i32(f, 1));
    kf_set_chain(f, 0);
}

void k_tfrt_test_atomic_get_i32(KernelFrame *f)
{
    AtomicI32 *a = atomic_arg(f);
    if (!a) return;
    kf_set(f, 0, any_int(ANY_I32, atomic_load(&a->v)));
    kf_set_chain(f, 1);
}

/* ---- slice_inplace.i32.3 (docs/kernel-behaviour.md §9) ------------------------------------ */

/* Operands: input tensor, begin (i64 tensor of length 3), chain, output. */
void k_tfrt_test_slice_inplace_i32_3(KernelFrame *f)
{
    DenseHostTensor *in = dht_from_any(*kf_arg(f, 0));
    DenseHostTensor *begin = f->nargs > 1 ? dht_from_any(*kf_arg(f, 1)) : NULL;
    DenseHostTensor *out = f->nargs > 3 ? dht_from_any(*kf_arg(f, 3)) : NULL;
    if (!in || !begin || !out || in->dtype != DT_I32 || out->dtype != DT_I32 || begin->dtype != DT_I64) {
        kf_error(f, "tfrt_test.slice_inplace.i32.3 expects (i32 tensor, i64 tensor, chain, i32 tensor)");
        return;
    }
    if (begin->nelems != in->rank || in->rank != 3) {
        kf_error(f, "the size of 'begin_index' should match the input tensor rank");
        return;
    }
    AsyncValue *dst = av_new_unavailable();
    kf_set_av(f, 0, dst);
    Task *t = task_new(f, T_SLICE, dst, any_none());
    t->in[0] = f->args[0]; av_retain(f->args[0]);
    t->in[1] = f->args[1]; av_retain(f->args[1]);
    t->in[2] = f->args[3]; av_retain(f->args[3]);
    exec_enqueue(f->ctx, task_run, t, NULL);
}

static void run_slice(Task *t)
{
    DenseHostTensor *in = dht_from_any(*av_get(t->in[0]));
    DenseHostTensor *begin = dht_from_any(*av_get(t->in[1]));
    DenseHostTensor *out = dht_from_any(*av_get(t->in[2]));
    const int64_t *b = dht_data(begin);
    const int32_t *src = dht_data(in);
    int32_t *dst = dht_data(out);
    int64_t od[3] = { 1, 1, 1 };
    for (int i = 0; i < out->rank && i < 3; i++) od[i] = out->dims[i];
    int64_t k = 0;
    for (int64_t i = 0; i < od[0]; i++)
        for (int64_t j = 0; j < od[1]; j++)
            for (int64_t l = 0; l < od[2]; l++, k++) {
                int64_t x = b[0] + i, y = b[1] + j, z = b[2] + l;
                if (x < 0 || y < 0 || z < 0 || x >= in->dims[0] || y >= in->dims[1] || z >= in->dims[2]) {
                    exec_report_error(t->ctx, t->op, t->dst, "slice is out of the bounds of the input tensor");
                    return;
                }
                dst[k] = src[(x * in->dims[1] + y) * in->dims[2] + z];
            }
    av_emplace(t->dst, any_chain());
}
