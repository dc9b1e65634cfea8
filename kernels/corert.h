/*
** corert.h — CoreRT over tfrun's AsyncValues (docs/kernel-behaviour.md §14;
** TFRT's lib/core_runtime): TensorHandles, the host tensors they hold, op
** attribute sets, op handlers, and one op invocation on its way through
** them. The corert.* kernels are kernels/corert_kernels.c; the ops of the
** `cpu` handler kernels/corert_cpu.c; everything declared here
** kernels/corert.c.
**
** A TensorHandle is TFRT's: two AsyncValues, the tensor's metadata (dtype
** and shape) and the tensor. An op with a metadata function gives its
** results' metadata when it is dispatched, before it has computed them, so
** the metadata of a handle may be available while its tensor is not. As in
** TFRT (since its error-handling change of 2020-11), the !corert.tensorhandle
** value corert.executeop returns becomes available once the handle's tensor
** is (or an error once the tensor is one); the executor learns nothing new.
** An op handler is a table from op name to a kernel-like function (cpu),
** or a wrapper around another handler (logging), or refuses every op (null).
**
** Objects (reference-counted heap Objects of any.h; arguments +0, results
** +1, as in dht.h). Registered kinds carry their MLIR type spelling:
**   CrtHandle  "!corert.tensorhandle"  immutable: md and tensor AVs (+1 each)
**   CrtMetaObj "!corert.metadata"      the payload of a handle's md AV
**   CrtTensor  "!corert.host_tensor"   scalar, string and COO host tensors
**                                      (dense ones are DenseHostTensor, dht.h)
**   CrtAttrs   "!corert.opattrs", frozen: "!corert.opattrs_ref"
**   CrtHandler "!corert.ophandler"     immutable but for the logging counter
**   CrtComposite "!corert.op"          a function run as an op
** The registry of named op handlers (corert.register_op_handler /
** get_op_handler) is per run: host_kernel_state(host, "corert.registry").
**
** Threads: handles, tensors, frozen attribute sets and handlers are
** immutable after creation (the logging handler's counter is atomic),
** except the ScalarHost value and the StringHost strings of a tensor a
** program hands a tf_sync kernel as its output (kernels/tf_sync.c), a
** write its op row declares (FX_W) as every tensor write; a mutable
** CrtAttrs locks itself; the registry locks itself. Continuations run on
** whichever thread resolves what they wait for.
**
** Module prefix: crt_.
*/
#ifndef TFRUN_CORERT_H
#define TFRUN_CORERT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "interp/any.h"
#include "interp/async_value.h"
#include "kernels/dht.h"
#include "kernels/kernel.h"

/* ---- metadata ------------------------------------------------------------ */
/* TFRT's TensorMetadata: a dtype and a shape. String tensors have dtype
** DT_INVALID and [string] set (TFRT's DType::String, printed "str"). */
typedef struct CrtMeta {
    DType dtype;
    bool string;
    int rank;
    int64_t dims[DHT_MAX_RANK];
} CrtMeta;

int64_t crt_meta_elems(const CrtMeta *md);               /* product of dims */
/* The metadata of a dense tensor of [dt] and shape [dims] (rank [rank]). */
CrtMeta crt_meta_make(DType dt, int rank, const int64_t *dims);
bool crt_meta_equal(const CrtMeta *a, const CrtMeta *b);
/* "i32 [2, 2]" (TFRT's operator<< of TensorMetadata), into [buf]. */
const char *crt_meta_format(const CrtMeta *md, char *buf, size_t cap);
const char *crt_dtype_name(const CrtMeta *md);           /* "i32", "str" */
/* A new available AsyncValue holding [md]. */
AsyncValue *crt_meta_av(const CrtMeta *md);
/* The metadata an available md AsyncValue holds (borrowed). */
const CrtMeta *crt_meta_of(const AsyncValue *av);

/* ---- host tensors --------------------------------------------------------- */
typedef enum CrtKind { CRT_DENSE, CRT_SCALAR, CRT_STRING, CRT_COO, CRT__NKINDS } CrtKind;

typedef struct CrtTensor {
    Object hdr;                   /* "!corert.host_tensor" */
    CrtKind kind;                 /* CRT_SCALAR, CRT_STRING or CRT_COO */
    CrtMeta md;
    unsigned char scalar[16];     /* CRT_SCALAR: the one value, of md.dtype */
    int64_t nstrings;             /* CRT_STRING: crt_meta_elems(md) strings */
    char **strings;
    size_t *lens;
    DenseHostTensor *indices;     /* CRT_COO: [nnz, rank] i64, +1 */
    DenseHostTensor *values;      /* CRT_COO: [nnz] of md.dtype, +1 */
} CrtTensor;

/* TFRT's tensor type names: "DenseHost", "ScalarHost", "StringHost", "CooHost". */
const char *crt_kind_name(CrtKind k);
/* The kind of host tensor [v] holds; false if it holds none. */
bool crt_tensor_kind(Any v, CrtKind *k);
/* The metadata of host tensor [v]; false if it is none. */
bool crt_tensor_meta(Any v, CrtMeta *md);
CrtTensor *crt_tensor_from_any(Any v);                   /* NULL unless a CrtTensor */
/* A scalar tensor of [md] whose every element is [elem] (dt_size bytes). */
CrtTensor *crt_scalar_new(const CrtMeta *md, const void *elem);
/* A string tensor of shape [md] (string set), every string empty; NULL
** when its arrays cannot be allocated. */
CrtTensor *crt_string_new(const CrtMeta *md);
struct KernelFrame;
/* The `shape` attribute of a tensor-making kernel into [md]'s rank and
** dims; false, with the kernel's error reported, when it is not an array
** of at most DHT_MAX_RANK non-negative integers. */
bool crt_shape_attr(struct KernelFrame *f, CrtMeta *md);
void crt_string_set(CrtTensor *t, int64_t i, const char *s, size_t len);
/* A string tensor of shape [md] holding [src]'s strings in order (the same
** count, or a reshape of it); NULL as crt_string_new. */
CrtTensor *crt_string_copy(const CrtTensor *src, const CrtMeta *md);
/* A COO tensor (takes +1 of indices and values). */
CrtTensor *crt_coo_new(const CrtMeta *md, DenseHostTensor *indices, DenseHostTensor *values);
/* TFRT's Tensor::Print of [v] (malloc'ed): "DenseHostTensor dtype = i32,
** shape = [2], values = [1, 2]", "ScalarHostTensor ... value = 1",
** "StringHostTensor shape = [2], values = [\"a\", \"b\"]", "CooHostTensor
** ... indices = [..], values = [..]\n". */
char *crt_tensor_format(Any v);
/* A copy of host tensor [v] with its own storage (+1 Any), or an error
** message in [err]. */
bool crt_tensor_copy(HostAllocator *a, Any v, const Op *site, Any *out, char *err, size_t cap);
/* Host tensor [v] as a dense one: the same tensor (retained) when it is
** dense, else a new one (scalar broadcast, COO scattered). NULL with the
** message in [err] when it cannot be (a string tensor, no memory). */
DenseHostTensor *crt_to_dense(HostAllocator *a, Any v, const Op *site, char *err, size_t cap);
/* A dense tensor holding IR dense attribute [a] (NULL, message in [err],
** for a dtype tfrun's tensors do not have or no memory). */
DenseHostTensor *crt_dense_from_attr(HostAllocator *a, const Attr *attr, const Op *site, char *err, size_t cap);
/* Its two halves: the dtype and shape of dense attribute [attr] into [md]
** (false, message in [err], for what crt_dense_from_attr refuses so), and
** its values stored into [d], a tensor of that dtype and shape (false
** when they do not fill it). */
bool crt_dense_attr_meta(const Attr *attr, CrtMeta *md, char *err, size_t cap);
bool crt_dense_attr_store(const Attr *attr, DenseHostTensor *d, char *err, size_t cap);

/* ---- TensorHandles -------------------------------------------------------- */
typedef struct CrtHandle {
    Object hdr;                   /* "!corert.tensorhandle" */
    AsyncValue *md;               /* +1: a CrtMetaObj, or an error */
    AsyncValue *tensor;           /* +1: a host tensor, or an error */
} CrtHandle;

/* A handle of [md] and [tensor] (takes +1 of each). */
CrtHandle *crt_handle_new(AsyncValue *md, AsyncValue *tensor);
/* A handle for available host tensor [t] (takes its reference): metadata
** from the tensor. */
CrtHandle *crt_handle_for(Any t);
CrtHandle *crt_handle_from_any(Any v);                   /* NULL unless a handle */
/* TFRT's operator<< of a TensorHandle (malloc'ed): the tensor when it is
** available, `Error TensorHandle: 'MSG'`, `future TensorHandle with
** metadata i32 [2, 2]`, `future TensorHandle with error metadata 'MSG'`
** or `fully future TensorHandle with unresolved metadata`. */
char *crt_handle_format(const CrtHandle *h);

/* ---- op attribute sets (TFRT's OpAttrs) ------------------------------------ */
/* TFRT's OpAttrType: the element type of an entry; the names print. ORDER
** CRTATTR: crt_attr_type_name follows this order. */
typedef enum CrtAttrType {
    CA_BOOL, CA_CHAR, CA_UI8, CA_UI16, CA_UI32, CA_UI64, CA_I8, CA_I16, CA_I32, CA_I64,
    CA_F32, CA_F64, CA_F16, CA_BF16, CA_COMPLEX64, CA_COMPLEX128,
    CA_DTYPE, CA_DENSE, CA_AGGREGATE, CA_SHAPE, CA_FUNC,
    /* Types only a DTYPE value names. */
    CA_RESOURCE, CA_VARIANT, CA_QUI8, CA_QUI16, CA_QI8, CA_QI16, CA_QI32,
    CA__COUNT
} CrtAttrType;
const char *crt_attr_type_name(CrtAttrType t);           /* "I32", "DTYPE", ... */
size_t crt_attr_type_size(CrtAttrType t);                /* element bytes; 0 for the structured ones */

typedef struct CrtAttr {
    char *name;
    CrtAttrType type;
    bool array;                   /* an array of [n] elements (CA_CHAR: a string) */
    int64_t n;
    void *data;                   /* the elements; CA_DTYPE: one int (a CrtAttrType) */
    DenseHostTensor *dense;       /* CA_DENSE: the tensor (+1), NULL for an odd dtype */
    char *text;                   /* CA_DENSE, CA_AGGREGATE, CA_SHAPE, CA_FUNC: the printed value */
    const struct Attr *ir;        /* CA_AGGREGATE: the program's array (the module's, which
                                  ** outlives every run), for an op that reads its elements */
    int rank;                     /* CA_SHAPE: -1 unranked */
    int64_t *dims;                /* CA_SHAPE: -1 unknown */
} CrtAttr;

typedef struct CrtAttrs {
    Object hdr;                   /* "!corert.opattrs" or, frozen, "!corert.opattrs_ref" */
    pthread_mutex_t mu;           /* entries, while not frozen */
    bool frozen;
    int n, cap;
    CrtAttr *e;
} CrtAttrs;

CrtAttrs *crt_attrs_new(bool frozen);
CrtAttrs *crt_attrs_from_any(Any v);                     /* either kind, else NULL */
/* Sets [key] to IR attribute [v] as TFRT's op_attrs_set kernels and
** SetUpOpAttrs do: bool -> BOOL, integers and floats by their type,
** strings -> CHAR arrays, uniform scalar arrays -> arrays, type -> DTYPE,
** dense -> DENSE, #corert.shape<..> -> SHAPE, other arrays -> AGGREGATE.
** CRT_AS_FUNC: a function attribute (FUNC, from a string or symbol);
** CRT_AS_AGGREGATE: any array as an AGGREGATE. False, with the message in
** [err], for what it cannot hold or a key set already. */
typedef enum CrtSetAs { CRT_AS_IS, CRT_AS_FUNC, CRT_AS_AGGREGATE } CrtSetAs;
bool crt_attrs_set_ir(CrtAttrs *s, const char *key, const Attr *v, CrtSetAs as, HostAllocator *a,
                      const Op *site, char *err, size_t cap);
/* Sets [key] to [n] elements [data] of [t] (array or one scalar); false
** when [key] is set already (TFRT's OpAttrs keeps the first value). */
bool crt_attrs_set(CrtAttrs *s, const char *key, CrtAttrType t, bool array, int64_t n, const void *data);
/* An immutable copy (TFRT's freeze). */
CrtAttrs *crt_attrs_freeze(CrtAttrs *s);
/* The frozen set of TFRT's op_attrs / op_func_attrs pair arrays (either
** may be NULL); NULL with the message in [err]. */
CrtAttrs *crt_attrs_from_pairs(const Attr *pairs, const Attr *func_pairs, HostAllocator *a, const Op *site,
                               char *err, size_t cap);
/* The entry [key] of frozen [s], or NULL. */
const CrtAttr *crt_attrs_get(const CrtAttrs *s, const char *key);
/* TFRT's OpAttrsRef::Print (malloc'ed): "OpAttrs is empty\n", or
** "OpAttrs contains N entries:\n  'k' type=I32 value=1\n...\n" sorted by key. */
char *crt_attrs_format(CrtAttrs *s);
/* One value of an entry as TFRT prints it ("1", "1.000000e+00", "[1, 2]"). */
void crt_attr_print_value(FILE *o, const CrtAttr *a);

/* ---- op handlers ------------------------------------------------------------ */
typedef enum CrtHandlerKind { CRT_H_NULL, CRT_H_CPU, CRT_H_LOGGING } CrtHandlerKind;

typedef struct CrtHandler {
    Object hdr;                   /* "!corert.ophandler" */
    CrtHandlerKind kind;
    struct CrtHandler *fallback;  /* +1; NULL for null */
    bool sync_log;                /* logging: also log results */
    _Atomic uint32_t counter;     /* logging: ids of the ops it logs */
} CrtHandler;

CrtHandler *crt_handler_new(CrtHandlerKind kind, CrtHandler *fallback, bool sync_log);
CrtHandler *crt_handler_from_any(Any v);

/* The registry of named handlers of run [h] (registering a name again
** replaces the handler, as TFRT's CoreRuntime does). get returns +1 or NULL. */
void crt_registry_put(Host *h, const char *name, size_t len, CrtHandler *hd);
CrtHandler *crt_registry_get(Host *h, const char *name, size_t len);

/* ---- the cpu handler's ops (kernels/corert_cpu.c) ----------------------------- */
enum {
    CRT_PURE       = 1u << 0,     /* TFRT's NoSideEffects: no chain needed */
    CRT_SCALAR_OK  = 1u << 1,     /* takes scalar host tensors as they are */
    CRT_STRING_OK  = 1u << 2,     /* takes string host tensors */
    CRT_COO_OK     = 1u << 3      /* takes COO host tensors as they are */
};

typedef struct CrtOpCtx CrtOpCtx;
/* Result metadata from the arguments' (TFRT's metadata function): false
** with the message in [err]. */
typedef bool (*CrtMetaFn)(const CrtMeta *args, int nargs, const CrtAttrs *attrs, CrtMeta *res,
                          char *err, size_t cap);
/* Runs the op: x->args are available host tensors (converted as the
** flags ask); it stores x->nres +1 values in x->res: available tensors,
** errors (crt_op_fail), or values it resolves later. */
typedef void (*CrtOpFn)(CrtOpCtx *x);

typedef struct CrtOpDef {
    const char *name;
    unsigned flags;
    int nargs;                    /* -1: any number */
    int nresults;
    CrtMetaFn md;                 /* NULL: metadata once the tensor is computed */
    CrtOpFn fn;
} CrtOpDef;

struct CrtOpCtx {
    const CrtOpDef *def;
    const ExecCtx *ctx;           /* for diagnostics and deferred work */
    const Op *op;                 /* the corert.executeop (location, allocation site) */
    HostAllocator *alloc;
    const CrtAttrs *attrs;        /* frozen */
    const Any *args; int nargs;   /* the tensors (borrowed) */
    const CrtMeta *md;            /* result metadata, NULL without a metadata function */
    AsyncValue **res; int nres;
};

/* The cpu handler's op [name] (exactly [len] bytes), or NULL. */
const CrtOpDef *crt_cpu_lookup(const char *name, size_t len);
/* Every op of the cpu handler (for tests and docs); *n the count. */
const CrtOpDef *crt_cpu_ops(size_t *n);
/* An error for result [i] of [x]: a `runtime error: MSG` diagnostic at the
** op, and the result set to that error. */
void crt_op_fail(CrtOpCtx *x, int i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- one invocation ------------------------------------------------------------- */
typedef struct CrtCall {
    ExecCtx *ctx;                 /* owned (exec_ctx_dup) */
    const Op *op;                 /* the op that dispatches (corert.executeop, ...) */
    const char *name; size_t len; /* the op name (in the IR) */
    CrtAttrs *attrs;              /* +1, frozen */
    int nargs; CrtHandle **args;  /* +1 each, their AVs available */
    int nres; AsyncValue **res;   /* +1 each, unresolved: each becomes a handle or an error */
    bool handles_now;             /* corert_sync.executeop: results are the handles at
                                     once (their tensors may still be pending) */
    AsyncValue *chain_in;         /* +1, available; NULL outside .seq */
    AsyncValue *chain_out;        /* +1, unresolved; NULL outside .seq */
} CrtCall;

/* Finds op [name] on handler [h] and its fallbacks, as TFRT's MakeOp does:
** the cpu entry that runs it, or NULL with TFRT's message in [err]
** ("NAME was not supported by NullOpHandler."). */
const CrtOpDef *crt_resolve(const CrtHandler *h, const char *name, size_t len, char *err, size_t cap);
/* Runs [call] on [h] (its op was resolved to [def]); consumes the call. */
void crt_dispatch(CrtHandler *h, const CrtOpDef *def, CrtCall *call);
/* TFRT's OpHandler::GetName(): "cpu", "null", "logging", "sync_logging". */
const char *crt_handler_name(const CrtHandler *h);
void crt_call_free(CrtCall *call);

/* ---- composite ops ---------------------------------------------------------------- */
typedef struct CrtComposite {
    Object hdr;                   /* "!corert.op" */
    const Func *fn;               /* in the host's module */
} CrtComposite;

/* Calls [fn] when every value of [avs] (+0, [n] of them) is resolved: at
** once when they are, else on the thread that resolves the last one. */
void crt_when_all(AsyncValue *const *avs, int n, void (*fn)(void *), void *arg);

#endif
