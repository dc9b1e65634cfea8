/*
** any.h — the one value representation of tfrun (docs/kernel-behaviour.md §11).
**
** An Any is 16 bytes: a type code, a small length, and an 8-byte payload.
** The payload holds an integer, a float, up to 7 bytes of string inline
** (NUL-terminated, so at most 7 characters), or a pointer to a
** reference-counted heap object. Every heap object starts with the same
** header (Object): its type code, an atomic reference count and a deleter.
**
** Ownership: an Any that holds an object owns one reference. any_retain()
** adds one, any_release() drops one. Scalars and inline strings need neither
** (retain/release are no-ops for them), so copying an Any by value is a
** *borrow*; call any_retain() to keep a copy.
**
** Module prefix: any_ for values, obj_ for heap objects.
*/
#ifndef TFRUN_ANY_H
#define TFRUN_ANY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Type codes of an Any. ORDER ANYTYPE: any_type_name() follows this order. */
typedef enum AnyType {
    ANY_NONE = 0,   /* no value (an empty Any) */
    ANY_CHAIN,      /* no payload */
    ANY_I1,         /* v.i is 0 or 1 */
    ANY_I8, ANY_I16, ANY_I32, ANY_I64,      /* v.i, sign-extended */
    ANY_UI8, ANY_UI16, ANY_UI32, ANY_UI64,  /* v.u */
    ANY_F16, ANY_BF16,                      /* v.u holds the raw 16 bits */
    ANY_F32,        /* v.f32 */
    ANY_F64,        /* v.f64 */
    ANY_COMPLEX64,  /* v.c64[0] real, v.c64[1] imaginary */
    ANY_SSTR,       /* small string: len bytes in v.s, NUL-terminated */
    ANY_OBJ,        /* v.obj: a heap object; its own header says which kind */
    ANY__COUNT
} AnyType;

/* Kinds of heap object. ORDER OBJTYPE. Kernels may register further kinds
** with obj_register_type() (codes >= OBJ__USER). */
typedef enum ObjType {
    OBJ_STRING = 1, /* StrObj: long string (> 7 bytes) */
    OBJ_LIST,       /* ListObj */
    OBJ_ERROR,      /* ErrorObj: code + message (payload of an error AsyncValue) */
    OBJ_COMPLEX128, /* BoxObj with two doubles */
    OBJ_TENSOR,     /* dense host tensor (kernels/) */
    OBJ_BUFFER,     /* host buffer (kernels/) */
    OBJ_SHAPE,      /* ts shapes (kernels/) */
    OBJ_ATOMIC,     /* test atomic counter */
    OBJ_RESOURCE,   /* test resource, resource variable, critical section */
    OBJ__USER = 64
} ObjType;

typedef struct Object Object;
struct Object {
    uint32_t type;                     /* ObjType or a registered code */
    _Atomic uint32_t refs;             /* starts at 1 */
    void (*deleter)(Object *self);     /* frees the object; NULL = free() */
};

typedef struct Any {
    uint8_t type;    /* AnyType */
    uint8_t len;     /* ANY_SSTR: byte length (0..7) */
    uint16_t aux;    /* free for the owner of the type (e.g. tensor dtype) */
    uint32_t aux32;
    union {
        int64_t i;
        uint64_t u;
        double f64;
        float f32;
        float c64[2];
        char s[8];
        Object *obj;
    } v;
} Any;

_Static_assert(sizeof(Any) == 16, "Any must stay 16 bytes");

#define ANY_SSTR_MAX 7

/* ---- construction (results own their reference) ------------------------ */
static inline Any any_none(void)  { Any a = {0}; return a; }
static inline Any any_chain(void) { Any a = {0}; a.type = ANY_CHAIN; return a; }
/* Any integer type, incl. ANY_I1 (normalised to 0/1). Inline: kernels make
** one per result, and with a constant [t] the switch folds away. */
static inline Any any_int(AnyType t, int64_t v)
{
    Any a = {0};
    a.type = (uint8_t)t;
    switch (t) {
    case ANY_I1:   a.v.i = v != 0; break;
    case ANY_I8:   a.v.i = (int8_t)v; break;
    case ANY_I16:  a.v.i = (int16_t)v; break;
    case ANY_I32:  a.v.i = (int32_t)v; break;
    case ANY_UI8:  a.v.u = (uint8_t)v; break;
    case ANY_UI16: a.v.u = (uint16_t)v; break;
    case ANY_UI32: a.v.u = (uint32_t)v; break;
    default:       a.v.i = v; break;
    }
    return a;
}
static inline Any any_uint(AnyType t, uint64_t v) { return any_int(t, (int64_t)v); }
static inline Any any_f32(float v)  { Any a = {0}; a.type = ANY_F32; a.v.f32 = v; return a; }
static inline Any any_f64(double v) { Any a = {0}; a.type = ANY_F64; a.v.f64 = v; return a; }
static inline Any any_bool(bool v)  { return any_int(ANY_I1, v); }   /* ANY_I1 */
Any any_obj(Object *o);                 /* takes over the caller's reference */
/* A string: inline when len <= 7 (no allocation), else a StrObj. Copies. */
Any any_str(const char *s, size_t len);
/* NULL on allocation failure is not possible: allocation failure aborts. */

/* ---- reference counting (no-ops for scalars and inline strings) --------- */
void any_retain(Any a);
void any_release(Any a);

/* ---- inspection --------------------------------------------------------- */
static inline bool any_is_obj(Any a) { return a.type == ANY_OBJ; }
bool any_is_int(Any a);                 /* I1..UI64 */
bool any_is_float(Any a);               /* F32, F64 */
bool any_is_string(Any a);              /* ANY_SSTR or OBJ_STRING */
bool any_is_objtype(Any a, uint32_t objtype);
/* String bytes and length; valid while [a] (or a copy of it that is owned)
** lives. Returns NULL if [a] is not a string. For ANY_SSTR the bytes live in
** the Any itself, so pass a pointer to a stable Any. */
const char *any_str_data(const Any *a, size_t *len);
/* "i32", "f64", "!tfrt.string", "!tfrt.list", ... for messages. */
const char *any_type_name(Any a);

/* ---- heap objects ------------------------------------------------------- */
/* Allocates [size] bytes (size >= sizeof(Object)), zeroed, header set, refs 1. */
Object *obj_alloc(uint32_t type, size_t size, void (*deleter)(Object *));
void obj_retain(Object *o);
void obj_release(Object *o);            /* deleter (or free) at zero */
uint32_t obj_refcount(const Object *o);

typedef struct StrObj { Object hdr; size_t len; char data[]; } StrObj;   /* NUL-terminated */

typedef struct ListObj {
    Object hdr;
    size_t len, cap;
    Any *items;                          /* each owned */
    atomic_bool contained;               /* ever appended to a list: only such a
                                            list can be reached from another, so
                                            list.append's cycle check skips the
                                            walk for any other (a fresh list) */
} ListObj;
ListObj *list_new(void);
void list_append(ListObj *l, Any v);    /* takes over v's reference */

typedef struct ErrorObj {
    Object hdr;
    int code;                            /* ErrorCode (async_value.h) */
    size_t len;
    char msg[];                          /* NUL-terminated */
} ErrorObj;

/* Appends [v] after retaining it (the list gets its own reference). */
void list_append_copy(ListObj *l, Any v);
/* Item [i] (borrowed), or any_none() when i is out of range. */
Any list_get(const ListObj *l, size_t i);

/* A new error object with [code] (an ErrorCode) and a copy of [msg]. +1. */
ErrorObj *obj_error(int code, const char *msg);
ErrorObj *obj_errorf(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Registers a user object kind named [name] (its MLIR type spelling, e.g.
** "!vt.value") and returns its code (>= OBJ__USER). Registering the same name
** again returns the same code. Thread-safe; at most OBJ_MAX_USER kinds (the
** registry is a fixed table so lookups never lock). Returns 0 when full. */
#define OBJ_MAX_USER 64
uint32_t obj_register_type(const char *name);
/* The type spelling of object kind [type] ("!tfrt.string", ...; "object" if unknown). */
const char *obj_type_name(uint32_t type);

/* ---- boxing helpers with type checks ------------------------------------- */
/* Each returns false (and leaves *out alone) unless [a] has exactly the
** requested type; the integer form also accepts any integer type t. */
bool any_unbox_int(Any a, AnyType t, int64_t *out);
bool any_unbox_bool(Any a, bool *out);
bool any_unbox_f32(Any a, float *out);
bool any_unbox_f64(Any a, double *out);
/* The object of [a] if it is an object of kind [objtype], else NULL (borrowed). */
Object *any_unbox_obj(Any a, uint32_t objtype);
/* A copy of [a] that owns its own reference (retains). */
static inline Any any_copy(Any a) { any_retain(a); return a; }
/* Checked casts (Lua's check_exp): assert the type in debug builds. */
#define ANY_AS_INT(a)  (ANY_ASSERT_(any_is_int(a)), (a).v.i)
#define ANY_AS_F32(a)  (ANY_ASSERT_((a).type == ANY_F32), (a).v.f32)
#define ANY_AS_F64(a)  (ANY_ASSERT_((a).type == ANY_F64), (a).v.f64)
#define ANY_AS_OBJ(a, T, code) (ANY_ASSERT_(any_is_objtype((a), (code))), (T *)(a).v.obj)
#ifdef NDEBUG
#define ANY_ASSERT_(c) ((void)0)
#else
void any_assert_fail_(const char *cond, const char *file, int line);
#define ANY_ASSERT_(c) ((c) ? (void)0 : any_assert_fail_(#c, __FILE__, __LINE__))
#endif

/* Live heap objects (all kinds), for leak checks in tests. */
int64_t obj_live_count(void);

#endif
