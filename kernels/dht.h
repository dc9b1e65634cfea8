/*
** dht.h — dense host tensors, host buffers and shapes (docs/kernel-behaviour.md §8),
** plus the small helpers every kernel file of the library shares.
**
** Ownership: every object here is a reference-counted heap Object (any.h).
** A DenseHostTensor owns one reference to its HostBuffer; a slice of a
** buffer owns one reference to its parent; so a tensor made from a slice
** keeps the whole original allocation alive. Functions returning a pointer
** return a NEW reference (+1); arguments are borrowed.
**
** Accounting (docs/execution.md §1.10): a buffer's storage comes from the host allocator
** as ONE block of 64 + size bytes (TFRT's 64-byte buffer header), plus the
** alignment when it exceeds 16, so the fixed-size and leak-check allocators
** see exactly what TFRT's do. The block is returned when the last reference
** to the buffer (or to a slice or tensor using it) goes away.
**
** Threads: objects are immutable after creation except the element storage,
** which kernels mutate in place (ordered by chains, docs/execution.md §2).
**
** Module prefixes: dt_ (dtypes), hb_ (host buffers), dht_ (tensors),
** shape_ (ts shapes). The helpers every kernel file shares (kl_) are in
** kernels/klib.h, which this header includes.
*/
#ifndef TFRUN_DHT_H
#define TFRUN_DHT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "interp/any.h"
#include "interp/workqueue.h"
#include "ir/ir.h"
#include "kernels/kernel.h"
#include "kernels/klib.h"

/* ---- dtypes ------------------------------------------------------------- */
/* DType is in ops/optable.h (it is the dtype immediate of ops.def's
** OPI rows). ORDER DTYPE: dt_name() and dt_size() follow its order. */

size_t dt_size(DType t);                 /* element size in bytes; 0 for DT_INVALID */
const char *dt_name(DType t);            /* printed name: "i32", "u8", "i1", "complex64" */
/* The dtype of a kernel-name suffix ("ui8", "bool", "complex64", ...), or
** DT_INVALID. */
DType dt_from_suffix(const char *suffix);
/* The dtype of an MLIR element type (i1 -> DT_BOOL, complex<f32> -> DT_COMPLEX64). */
DType dt_from_type(const Type *t);
/* One element [elem] of [dt] as TFRT prints tensors: integers in decimal,
** f32 and f64 "%.6e", complex "(re,im)", f16 and bf16 as their bits
** ("fp16(15360)", "bf16(16256)"). */
void dt_format_elem(FILE *o, DType dt, const void *elem);

/* ---- host buffers --------------------------------------------------------- */
typedef struct HostBuffer {
    Object hdr;                  /* OBJ_BUFFER */
    HostAllocator *alloc;        /* owner of [block]; NULL for a slice */
    void *block;                 /* the accounted allocation */
    size_t block_size;           /* 64 + size (+ align when align > 16) */
    char *data;                  /* first data byte */
    size_t size;                 /* data bytes */
    struct HostBuffer *parent;   /* a slice keeps its parent alive */
} HostBuffer;

/* A new buffer of [size] bytes aligned to [align] (a power of two; 0 means
** 16), zero-filled. NULL when the allocator refuses or align is invalid. */
HostBuffer *hb_alloc(HostAllocator *a, size_t size, size_t align);
/* The same, naming the op that asks (the leak report, ha_alloc_at). */
HostBuffer *hb_alloc_at(HostAllocator *a, size_t size, size_t align, const struct Op *site);
/* A buffer aliasing bytes [off, off+size) of [parent]. NULL if out of range. */
HostBuffer *hb_slice(HostBuffer *parent, size_t off, size_t size);
/* The buffer inside [v], or NULL if [v] is not a host buffer (borrowed). */
HostBuffer *hb_from_any(Any v);

/* ---- dense host tensors --------------------------------------------------- */
/* The largest rank a tensor may have (kernels go up to 5; dense attributes
** are the only other source, and 16 dims is far beyond any test). */
#define DHT_MAX_RANK 16

typedef struct DenseHostTensor {
    Object hdr;                  /* OBJ_TENSOR */
    DType dtype;
    int rank;
    int64_t dims[DHT_MAX_RANK];
    int64_t nelems;              /* product of dims (1 for rank 0) */
    HostBuffer *buf;             /* owned reference; nelems * dt_size bytes */
} DenseHostTensor;

/* A new tensor with fresh (zeroed) storage from [a]. NULL when the
** allocation fails, the rank exceeds DHT_MAX_RANK or a dim is negative. */
DenseHostTensor *dht_new(HostAllocator *a, DType dt, int rank, const int64_t *dims);
DenseHostTensor *dht_new_at(HostAllocator *a, DType dt, int rank, const int64_t *dims, const struct Op *site);
/* A tensor viewing [buf] (retained). The caller checked the size. */
DenseHostTensor *dht_view(HostBuffer *buf, DType dt, int rank, const int64_t *dims);
/* The tensor inside [v], or NULL (borrowed). */
DenseHostTensor *dht_from_any(Any v);
static inline void *dht_data(const DenseHostTensor *t) { return t->buf->data; }

/* One element value in a dtype-neutral form, for fills and sets. */
typedef enum DScalarKind { DS_INT, DS_FLOAT, DS_RAW16 } DScalarKind;
typedef struct DScalar {
    DScalarKind kind;
    int64_t i;                   /* DS_INT: the value; DS_RAW16: f16/bf16 bits */
    double f, im;                /* DS_FLOAT: real and imaginary part */
} DScalar;
/* Stores [s] into element [idx], converting to the tensor's dtype. */
void dht_store(DenseHostTensor *t, int64_t idx, DScalar s);
/* [s] as one element of dtype [dt] at [p] (dt_size bytes). */
void dscalar_put(DType dt, void *p, DScalar s);
/* The scalar of an attribute (int, bool or float). False for other kinds. */
bool dscalar_from_attr(const Attr *a, DScalar *s);
/* The scalar of a runtime value (integers, floats, f16/bf16, complex). */
bool dscalar_from_any(Any v, DScalar *s);

/* `DenseHostTensor dtype = i32, shape = [2], values = [1, 2]` (no newline).
** Returns a malloc'ed string. */
char *dht_format(const DenseHostTensor *t);
/* Same dtype and shape (the tensor's type). */
bool dht_same_type(const DenseHostTensor *a, const DenseHostTensor *b);
/* Equal dtype, shape and elements; with [ulps] > 0 floating elements may
** differ by that many units in the last place. */
bool dht_equal(const DenseHostTensor *a, const DenseHostTensor *b, int64_t ulps);

/* ---- shapes (ts.*) ------------------------------------------------------ */
typedef enum ShapeKind { SHAPE_RANKED, SHAPE_PARTIAL, SHAPE_FIXED } ShapeKind;
typedef struct ShapeObj {
    Object hdr;                  /* OBJ_SHAPE */
    ShapeKind kind;
    int rank;                    /* SHAPE_PARTIAL: -1 = unknown rank */
    int64_t dims[];              /* SHAPE_PARTIAL: -1 = unknown dim */
} ShapeObj;
ShapeObj *shape_new(ShapeKind kind, int rank, const int64_t *dims);
ShapeObj *shape_from_any(Any v, ShapeKind kind);     /* NULL if not that kind */
/* Appends "[d1, d2]" to [buf] (size [cap]); returns the length written. */
size_t shape_format_dims(char *buf, size_t cap, const int64_t *dims, int rank);

/* ---- generic kernels of ops.def's OPI rows --------------------------------
** Each serves every row that names it; what the op name fixes comes from
** the row's immediates (kl_imm): IMM0 is the DType unless noted, IMM1 as
** noted. */
void k_dht_create_uninitialized_tensor(KernelFrame *f);   /* attr shape -> tensor (IMM1: rank) */
void k_dht_fill_tensor_with_constant(KernelFrame *f);     /* (t, ch) attr value -> ch */
void k_dht_set_tensor_with_constant_values(KernelFrame *f); /* (t, ch) attr values -> ch */
void k_dht_set_tensor_with_values(KernelFrame *f);        /* (t, ch, v...) -> ch */
void k_dht_make_tensor(KernelFrame *f);                   /* (buf, shape, ch) -> (t, ch) */
void k_dht_tensor_compare(KernelFrame *f);                /* (a, b, ch) -> (i1, ch) (IMM1: ulps) */
void k_dht_sync_create_dense_tensor(KernelFrame *f);      /* attrs shape, values -> t */
void k_dht_sync_create_from_scalar(KernelFrame *f);       /* (v) attr shape -> t */
void k_dht_sync_make_tensor(KernelFrame *f);              /* (buf, shape) -> t */
void k_dht_sync_set_tensor_with_constant_values(KernelFrame *f); /* (t) attr values */
/* kernels/tensor_compute.c (docs/kernel-behaviour.md §12): */
void k_dht_add(KernelFrame *f);                           /* (a, b, out, ch) -> ch: out = a + b */
void k_dht_matmul(KernelFrame *f);                        /* (a, b, out, ch) -> ch: out = a x b */
/* kernels/ts.c and kernels/test.c: */
void k_ts_as_fixed_rank_shape(KernelFrame *f);            /* (s) -> fixed-rank shape (IMM0: rank) */
void k_ts_print_fixed_rank_shape(KernelFrame *f);         /* (s, ch) -> ch (IMM0: rank, which the shape carries) */
void k_tfrt_test_invoke_sync_function(KernelFrame *f);    /* (i32, i32) -> IMM0 i32s */

/* kernels/coo.c: `CooHostTensor dtype = .., shape = .., indices = [..],
** values = [..]` (malloc'ed, no newline) when [v] holds a COO host tensor,
** else NULL. tfrt_dht.print_tensor prints both kinds, as TFRT's does. */
char *coo_format(Any v);
struct KernelFrame;
/* Operand 0 of [f] as TFRT's Tensor::Print writes it, any host tensor
** (malloc'ed; NULL, the kernel's error reported, when it is none). */
char *host_tensor_format(struct KernelFrame *f);

/* Shared with sync.c: create_uninitialized_tensor's body for dtype [dt]. */
void dht_kernel_create(KernelFrame *f, DType dt);

#endif
