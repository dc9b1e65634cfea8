/*
** btf.c — TFRT's binary tensor format (btf.h) and its kernels,
** btf.read_dense_tensor.DT.R (docs/kernel-behaviour.md §13).
*/
#include "base/alloc.h"
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "kernels/btf.h"
#include "kernels/kernel.h"

/* Prototypes of every kernel, those that OPI rows share included. */
#define OP(id, ...) void k_##id(KernelFrame *);
#define OPI(id, name, fam, sig, flags, fx, kernel, imm0, imm1) void k_##kernel(KernelFrame *);
#include "ops/ops.def"
#undef OP
#undef OPI

/* ORDER BTFCODE: the dtype codes of TFRT's btf.h, which files persist. */
static const struct { DType dt; const char *name; } codes[] = {
    { DT_I8, "i8" }, { DT_I16, "i16" }, { DT_I32, "i32" }, { DT_I64, "i64" },
    { DT_F32, "f32" }, { DT_F64, "f64" }, { DT_UI8, "ui8" }, { DT_UI16, "ui16" },
    { DT_UI32, "ui32" }, { DT_UI64, "ui64" },
};
#define NCODES ((int)(sizeof codes / sizeof codes[0]))

int btf_code(DType dt)
{
    for (int i = 0; i < NCODES; i++)
        if (codes[i].dt == dt) return i;
    return -1;
}

/* The BTF name of [dt] ("ui8", as kernel names spell it), for messages. */
static const char *code_name(DType dt)
{
    int c = btf_code(dt);
    return c < 0 ? dt_name(dt) : codes[c].name;
}

/* {=====================================================================
** Sources
** ====================================================================== */

bool btf_open(BtfSource *s, const char *path, char *err, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->name = path;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        snprintf(err, cap, "failed to open file %s for reading", path);
        return false;
    }
    s->fd = fd;
    s->size = (uint64_t)st.st_size;
    return true;
}

void btf_close(BtfSource *s)
{
    if (!s->mem && s->fd >= 0) close(s->fd);
    s->fd = -1;
}

BtfSource btf_memory(const void *p, size_t n, const char *name)
{
    BtfSource s = { .mem = p, .fd = -1, .size = n, .name = name };
    return s;
}

/* Copies [n] bytes at [off] (which the caller checked against the size)
** into [dst]. False on a read error of the file. */
static bool src_read(const BtfSource *s, uint64_t off, void *dst, size_t n)
{
    if (s->mem) {
        memcpy(dst, s->mem + off, n);
        return true;
    }
    char *p = dst;
    while (n > 0) {
        ssize_t k = pread(s->fd, p, n, (off_t)off);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        off += (uint64_t)k;
        n -= (size_t)k;
    }
    return true;
}

/* Whether [n] bytes at [off] are inside the source. */
static bool fits(const BtfSource *s, uint64_t off, uint64_t n)
{
    return off <= s->size && n <= s->size - off;
}

/* A little-endian u64 at [off] (checked by the caller). */
static bool read_u64(const BtfSource *s, uint64_t off, uint64_t *v)
{
    unsigned char b[8];
    if (!src_read(s, off, b, 8)) return false;
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--) x = x << 8 | b[i];
    *v = x;
    return true;
}

/* {=====================================================================
** Reading
** ====================================================================== */

bool btf_count(const BtfSource *s, uint64_t *count, char *err, size_t cap)
{
    if (!fits(s, 0, 8) || !read_u64(s, 0, count)) {
        snprintf(err, cap, "failed to read tensor num_tensors from path %s", s->name);
        return false;
    }
    return true;
}

/* Tensor [index]'s record, checked in the order TFRT's reader checks it
** (count, offset, header, dtype, rank, layout, dims, data), with [want_dt]
** and [want_rank] (DT_INVALID, -1: any) checked where TFRT checks them. */
static bool entry(const BtfSource *s, int64_t index, DType want_dt, int want_rank, BtfEntry *e,
                  char *err, size_t cap)
{
    uint64_t count;
    if (!btf_count(s, &count, err, cap)) return false;
    if (index < 0 || (uint64_t)index >= count) {
        snprintf(err, cap, "invalid tensor index %" PRId64 " to read tensor from path %s which contains %" PRIu64
                 " tensors", index, s->name, count);
        return false;
    }
    uint64_t slot = 8 * ((uint64_t)index + 1);          /* index < count <= size / 8 is not given */
    uint64_t off;
    if ((uint64_t)index > s->size / 8 || !fits(s, slot, 8) || !read_u64(s, slot, &off)) {
        snprintf(err, cap, "failed to read tensor offset from %s for tensor index %" PRId64
                 " (the file has %" PRIu64 " bytes; its header announces %" PRIu64 " tensors)",
                 s->name, index, s->size, count);
        return false;
    }
    memset(e, 0, sizeof *e);
    e->offset = off;
    unsigned char hdr[16];
    uint64_t rank;
    if (!fits(s, off, 16) || !src_read(s, off, hdr, 16) || !read_u64(s, off, &rank)) {
        snprintf(err, cap, "failed to read tensor header from stream at offset %" PRIu64
                 " (the file has %" PRIu64 " bytes)", off, s->size);
        return false;
    }
    int code = hdr[8], layout = hdr[9];
    e->code = code;
    if (code >= NCODES) {
        if (want_dt != DT_INVALID)
            snprintf(err, cap, "unexpected tensor dtype code %d at offset %" PRIu64 ". Expected dtype is %s",
                     code, off, code_name(want_dt));
        else
            snprintf(err, cap, "unknown tensor dtype code %d at offset %" PRIu64, code, off);
        return false;
    }
    e->dtype = codes[code].dt;
    if (want_dt != DT_INVALID && e->dtype != want_dt) {
        snprintf(err, cap, "unexpected tensor dtype %s. Expected dtype is %s", codes[code].name,
                 code_name(want_dt));
        return false;
    }
    if (want_rank >= 0 && rank != (uint64_t)want_rank) {
        snprintf(err, cap, "unexpected tensor rank %" PRIu64 ". Expected rank is %d", rank, want_rank);
        return false;
    }
    if (layout != 0) {
        snprintf(err, cap, "unexpected tensor layout %s at offset %" PRIu64,
                 layout == 1 ? "COOrdinate list sparse tensor" : "(unknown)", off);
        if (layout != 1) snprintf(err + strlen(err), cap - strlen(err), " (code %d)", layout);
        return false;
    }
    if (rank > BTF_MAX_RANK) {
        snprintf(err, cap, "tensor rank %" PRIu64 " at offset %" PRIu64 " is over tfrun's limit of %d",
                 rank, off, BTF_MAX_RANK);
        return false;
    }
    e->rank = (int)rank;
    uint64_t dims_off = off + 16;
    if (!fits(s, dims_off, 8 * rank)) {
        snprintf(err, cap, "failed to read tensor dims at offset %" PRIu64 " (rank %d: they end past the end of the file)",
                 off, e->rank);
        return false;
    }
    int64_t n = 1;
    bool too_big = false;
    for (int i = 0; i < e->rank; i++) {
        uint64_t d;
        if (!read_u64(s, dims_off + 8 * (uint64_t)i, &d)) {
            snprintf(err, cap, "failed to read tensor dims at offset %" PRIu64, off);
            return false;
        }
        if ((int64_t)d < 0) {
            snprintf(err, cap, "invalid dimension %" PRId64 " (dimension %d) of the tensor at offset %" PRIu64,
                     (int64_t)d, i, off);
            return false;
        }
        e->dims[i] = (int64_t)d;
        if (d > 0 && n > INT64_MAX / 16 / (int64_t)d) too_big = true;
        else n *= (int64_t)d;
    }
    e->data_off = dims_off + 8 * rank;
    size_t es = dt_size(e->dtype);
    if (too_big || !fits(s, e->data_off, (uint64_t)n * es)) {
        uint64_t left = e->data_off <= s->size ? s->size - e->data_off : 0;
        char shape[256];
        shape_format_dims(shape, sizeof shape, e->dims, e->rank);
        snprintf(err, cap, "failed to read tensor data from stream at offset %" PRIu64 ": %s %s needs %s%" PRIu64
                 " bytes, the file has %" PRIu64 " after its dims", off, codes[code].name, shape,
                 too_big ? "more than " : "", too_big ? (uint64_t)INT64_MAX : (uint64_t)n * es, left);
        return false;
    }
    e->nelems = n;
    e->data_bytes = (uint64_t)n * es;
    return true;
}

bool btf_entry(const BtfSource *s, int64_t index, BtfEntry *e, char *err, size_t cap)
{
    return entry(s, index, DT_INVALID, -1, e, err, cap);
}

DenseHostTensor *btf_read_tensor(const BtfSource *s, int64_t index, DType dt, int rank,
                                 HostAllocator *a, const struct Op *site, char *err, size_t cap)
{
    BtfEntry e;
    if (!entry(s, index, dt, rank, &e, err, cap)) return NULL;
    DenseHostTensor *t = dht_new_at(a, e.dtype, e.rank, e.dims, site);
    if (!t) {
        snprintf(err, cap, "cannot allocate result tensor");
        return NULL;
    }
    if (e.data_bytes && !src_read(s, e.data_off, dht_data(t), (size_t)e.data_bytes)) {
        snprintf(err, cap, "failed to read tensor data from stream at offset %" PRIu64 ": %s", e.offset,
                 strerror(errno ? errno : EIO));
        obj_release(&t->hdr);
        return NULL;
    }
    return t;
}

/* {=====================================================================
** Writing
** ====================================================================== */

static bool put_u64(FILE *out, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    return fwrite(b, 1, 8, out) == 8;
}

static uint64_t pad8(uint64_t n) { return (8 - n % 8) % 8; }

bool btf_write(FILE *out, DenseHostTensor *const *ts, int n, char *err, size_t cap)
{
    for (int i = 0; i < n; i++)
        if (btf_code(ts[i]->dtype) < 0) {
            snprintf(err, cap, "tensor %d: dtype %s has no BTF code", i, dt_name(ts[i]->dtype));
            return false;
        }
    bool ok = put_u64(out, (uint64_t)n);
    uint64_t off = 8 * (1 + (uint64_t)n);
    for (int i = 0; i < n && ok; i++) {
        ok = put_u64(out, off);
        uint64_t bytes = (uint64_t)ts[i]->nelems * dt_size(ts[i]->dtype);
        off += 16 + 8 * (uint64_t)ts[i]->rank + bytes + pad8(bytes);
    }
    static const unsigned char zeros[8];
    for (int i = 0; i < n && ok; i++) {
        const DenseHostTensor *t = ts[i];
        unsigned char hdr[8] = { (unsigned char)btf_code(t->dtype), 0 };
        ok = put_u64(out, (uint64_t)t->rank) && fwrite(hdr, 1, 8, out) == 8;
        for (int d = 0; d < t->rank && ok; d++) ok = put_u64(out, (uint64_t)t->dims[d]);
        size_t bytes = (size_t)t->nelems * dt_size(t->dtype);
        if (ok && bytes) ok = fwrite(dht_data(t), 1, bytes, out) == bytes;
        if (ok && pad8(bytes)) ok = fwrite(zeros, 1, (size_t)pad8(bytes), out) == pad8(bytes);
    }
    if (ok) ok = fflush(out) == 0;
    if (!ok) snprintf(err, cap, "write failed: %s", strerror(errno ? errno : EIO));
    return ok;
}

/* {=====================================================================
** btf.read_dense_tensor.DT.R(path, index) -> tensor (IMM0 dtype, IMM1 rank)
** ====================================================================== */

void k_btf_read_dense_tensor(KernelFrame *f)
{
    size_t len;
    const char *p = any_str_data(kf_arg(f, 0), &len);
    if (!p) {
        kf_error(f, "operand #0 is not a string");
        return;
    }
    char *path = strndup(p, len);
    if (!path) tf_out_of_memory();
    char err[512];
    BtfSource s;
    DenseHostTensor *t = NULL;
    if (btf_open(&s, path, err, sizeof err)) {
        t = btf_read_tensor(&s, kf_i32(f, 1), (DType)kl_imm(f, 0), kl_imm(f, 1),
                            host_allocator(f->ctx->host), f->op, err, sizeof err);
        btf_close(&s);
    }
    free(path);
    if (!t) {
        kf_error(f, "%s", err);
        return;
    }
    kf_set(f, 0, any_obj(&t->hdr));
}
