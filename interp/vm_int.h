/*
** vm_int.h — the shapes shared by the compiled engine's compiler
** (interp/vm_compile.c) and its interpreter loop (interp/vm.c). Private to
** those two files.
**
** A proto is one body: its instructions, its constants, and side tables for
** what does not fit an instruction (a kernel's operand list, a call's
** arguments and results, a case's jump table). Operand references ("refs")
** in the side tables are registers (>= 0) or constants (-1 - index).
*/
#ifndef TFRUN_VM_INT_H
#define TFRUN_VM_INT_H

#include <stdint.h>
#include "interp/vm.h"
#include "ops/optable.h"

typedef enum VmOp {
#define VMOP(name, kind, doc) VM_##name,
#include "interp/vmops.def"
#undef VMOP
    VM__COUNT
} VmOp;

/* One instruction: 32 bytes. Field use per opcode: interp/vmops.def. In a
** finished proto a register operand is a byte offset into the frame
** (register n is n * sizeof(Any): VM_REG), which saves the handlers a
** scaling per operand; vm_reg_fields says which fields those are. The
** side tables (sites, RET's list, RPT_NEXT's and WHILE_NEXT's range [c, d))
** keep register numbers. */
typedef struct VmInsn {
    uint16_t op;          /* VmOp */
    uint16_t pad;         /* kernel instructions: bit 0, the constant is the
                             left operand (a commuted constant form) */
    int32_t a, b, c, d;
    int32_t x;            /* side-table index: kernel site, call site, case table */
    union { int64_t i; double f; } k;
} VmInsn;

/* Register operand [off] (a byte offset) of frame [R]. */
#define VM_REG(R, off) (*(Any *)((char *)(R) + (off)))

/* The fields of an instruction of opcode [op] that are register operands:
** bit 0 a, 1 b, 2 c, 3 d (a field that is 0 when unused may be in it). */
enum { VM_FA = 1, VM_FB = 2, VM_FC = 4, VM_FD = 8 };
unsigned vm_reg_fields(int op);

/* A kernel instance: what the slow path needs to call the real kernel. */
typedef struct VmKSite {
    const Op *op;
    KernelFn fn;
    bool nonstrict;
    int nargs, nres;
    const int32_t *args;  /* refs */
    const int32_t *res;   /* registers */
} VmKSite;

/* The site of a CALL, CALL1 or INLINE (whose body is compiled inline: no
** callee, no body, no arguments; its results are the call's). */
typedef struct VmCallSite {
    const VmProto *callee;   /* set once every proto exists (recursion) */
    const Block *body;       /* the callee's body, to find its proto */
    const Op *op;            /* the calling op (tfrt.call, cond, case, while) */
    int nargs, nres;
    const int32_t *args;     /* registers (constants are loaded in the prologue) */
    const int32_t *res;      /* registers */
} VmCallSite;

/* A call compiled inline (its body's instructions are in the caller's
** proto): its op, and the index of the inline call around it, or -1. */
typedef struct VmVia {
    const Op *op;
    int32_t up;
} VmVia;

typedef struct VmCase {
    int n;                   /* branches */
    const int32_t *pcs;      /* one entry pc per branch */
} VmCase;

struct VmProto {
    const Block *block;
    VmInsn *code;
    const Op **iops;         /* per instruction: the op of a kernel
                                instruction (its slow path), else NULL */
    int32_t *ivia;           /* per instruction: the innermost inline call
                                it belongs to (index in vias), or -1 */
    VmVia *vias;
    int nvias;
    int ncode;
    int nregs;               /* registers of one frame */
    int nargs, nres;
    const int32_t *ret;      /* registers of the body's results (the RET site) */
    Any *consts;
    int nconsts;
    VmKSite *ksites;
    int nksites;
    VmCallSite *calls;
    int ncalls;
    VmCase *cases;
    int ncases;
    int32_t *pool;           /* every int array above */
    VmProto *next;           /* the program's list */
};

/* The value of ref [r] in frame [R] of proto [p] (borrowed). */
static inline const Any *vm_ref(const Any *R, const VmProto *p, int32_t r)
{
    return r >= 0 ? &R[r] : &p->consts[-1 - r];
}

/* An Any that holds an error value (interp/vm.h: errors are values). */
static inline bool vm_is_error(const Any *a)
{
    return a->type == ANY_OBJ && a->v.obj->type == OBJ_ERROR;
}

const char *vm_opname(int op);

#endif
