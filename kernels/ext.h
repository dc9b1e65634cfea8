/*
** ext.h — helpers shared by the kernels of docs/kernel-behaviour.md
** §10–§12: resource variables (kernels/rv.c), strings, lists and boxed values
** (kernels/strlist.c) and the tensor compute kernels
** (kernels/tensor_compute.c).
**
** Ownership: functions returning char * return a malloc'ed string the caller
** frees; Any arguments are borrowed. Nothing here keeps state between calls.
**
** Threads: everything is safe to call from any thread. Lists are mutated in
** place by list.append; ext_list_lock() serialises every access to one list
** (append, size, get, printing) so unordered accesses never see a list in the
** middle of growing.
**
** Module prefix: ext_.
*/
#ifndef TFRUN_EXT_H
#define TFRUN_EXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "interp/any.h"
#include "ir/ir.h"
#include "kernels/dht.h"

/* ---- type names and checks ------------------------------------------------ */
/* The MLIR spelling of [v]'s type for messages, written into [buf] (size
** [cap]): "i32", "f64", "!tfrt.string", "!tfrt.list", "!rv.var", and for a
** dense host tensor its full type, e.g. "tensor<2x3xi32>". Returns buf. */
const char *ext_type_name(Any v, char *buf, size_t cap);
/* True if a value [v] may flow where type [t] is declared: `!tfrt.any`
** accepts everything, `!t.tensor` / `!tfrt_tensor.tensor` every tensor, a
** scalar type exactly that scalar, a dialect type objects of that kind. */
bool ext_type_accepts(const Type *t, Any v);
/* The MLIR element type of a dtype ("i32", "i1", "ui8", "complex<f32>"). */
const char *ext_dtype_mlir(DType dt);

/* ---- printing ------------------------------------------------------------- */
/* The any.print representation of [v] (docs/kernel-behaviour.md §11; the
** DISPLAY_REPR form of interp/display.h, with the kernels' objects): integers and
** floats as tfrt.print.* prints them (`42`, `1.500000`), strings quoted with
** C escapes, lists as `[e1, e2, ...]`, tensors as tfrt_dht.print_tensor,
** anything else as `TYPE value`. Malloc'ed. */
char *ext_repr(Any v);

/* ---- UTF-8 ----------------------------------------------------------------- */
/* Validates [s] (RFC 3629: no overlong forms, no surrogates, at most
** U+10FFFF). Returns the number of code points, or -1 and the byte offset of
** the first invalid sequence in *bad. */
int64_t ext_utf8_count(const char *s, size_t len, size_t *bad);

/* ---- lists ------------------------------------------------------------------ */
void ext_list_lock(const ListObj *l);
void ext_list_unlock(const ListObj *l);

/* ---- tensor arithmetic (kernels/tensor_compute.c) ------------------------- */
/* out[i] = a[i] + b[i] for [n] elements of [dt] (integers wrap). [out] may
** alias [a] or [b]. False (nothing written) for a dtype without addition
** (bool, f16, bf16). */
bool ext_tensor_add(DType dt, void *out, const void *a, const void *b, int64_t n);
/* "[2, 3]" for a tensor's shape, into [buf]. Returns buf. */
const char *ext_shape_str(const DenseHostTensor *t, char *buf, size_t cap);

/* ---- test atomics (kernels/test.c) ------------------------------------------ */
/* The count a !test.atomic.i32 [a] holds, into *out; false when [a] is not
** one. (The REPL's watchpoints show it.) */
bool ext_atomic_i32_get(Any a, int32_t *out);

/* ---- resource variables under the explorer (kernels/rv.c) ---------------- */
/* The any.print representation of the value variable [var] holds
** (malloc'ed), or NULL when [var] is not an !rv.var. */
char *ext_rv_repr(Any var);
/* True when the task (fn, a) is the write step of an rv.assign_add split by
** the explorer's spec model (host_split_updates); *var is the variable and
** *value (borrowed) the value it will write. */
bool ext_rv_write_task(void (*fn)(void *, void *), void *a, const Object **var, Any *value);

#endif
