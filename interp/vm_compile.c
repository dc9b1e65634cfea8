/*
** vm_compile.c — compiles bodies into protos for the compiled engine
** (interp/vm.h, docs/engine.md "The compiled form").
**
** Which bodies: a function body or region body is compilable when every op
** is a synchronous kernel (no FX_DEFER in the op table, no regions) or
** structured control flow whose bodies are compilable: tfrt.call of a
** function with a body, tfrt.if, tfrt.cond, tfrt.case, tfrt.repeat.i32,
** tfrt.while. Functions are decided together (a greatest fixed point), so
** recursion compiles.
**
** Registers: one per value, allocated in op order. The regions of tfrt.if
** and tfrt.repeat.i32 are compiled inline, into the same frame:
**   - an if region's arguments ARE the registers of the if's operands (a
**     region runs at once, and nothing writes those registers meanwhile);
**     each branch ends with moves into the if's result registers;
**   - a loop gets one register per loop-carried value, which is also the
**     loop's result; a value the body returns unchanged at its own position
**     is invariant: the body reads the operand's register itself and the
**     back edge moves nothing for it. The back edge's moves are a parallel
**     assignment (a body may return its arguments swapped). A returned
**     value no later op's read of its argument forbids is made in the loop
**     register (can_compute_in_place), an if's result too: then the if's
**     regions write a register they also read as an argument
**     (early_write_ok), and a branch's moves are a parallel assignment.
** Constants (tfrt.constant.*, tfrt.new.chain) are evaluated here by their
** own kernels and live in the proto's constant table: kernels with a
** constant form take them in the instruction (ADDK_I32 ...), other uses
** read a register loaded once, in the proto's prologue.
*/
#include <stdlib.h>
#include <string.h>
#include "ops/optable.h"
#include "base/alloc.h"
#include "interp/exec.h"
#include "interp/hooks.h"
#include "interp/vm_int.h"
#include "ir/module.h"


/* Grows array [p] (of [cap] elements of [sz] bytes) to hold [need]. */
static void *grow(void *p, int *cap, int need, size_t sz)
{
    if (need <= *cap) return p;
    int nc = *cap ? *cap * 2 : 16;
    while (nc < need) nc *= 2;
    *cap = nc;
    return xrealloc(p, (size_t)nc * sz);
}

struct VmProgram {
    VmProto *protos;      /* every proto, a list */
};

/* {=====================================================================
** Which bodies compile
** ====================================================================== */

/* The function a symbol attribute [name] of [op] names, or NULL. */
static const Func *attr_func(const Module *m, const Op *op, const char *name)
{
    const Attr *a = ir_op_attr(op, name);
    if (!a || a->kind != ATTR_SYMBOL) return NULL;
    return ir_module_func(m, a->u.str.s);
}

static const Func *call_target(const Module *m, const Op *op)
{
    if (op->callee) return ir_module_func(m, op->callee);
    return attr_func(m, op, attr_callee);
}

static const Func *while_body(const Module *m, const Op *op)
{
    const Func *f = attr_func(m, op, attr_body_fn);
    return f ? f : call_target(m, op);
}

static int block_nresults(const Block *b)
{
    return b->nops ? b->ops[b->nops - 1]->noperands : 0;
}

typedef struct Check {
    const Module *m;
    const bool *fn_ok;    /* per function index */
} Check;

/* A function that compiled code may call with [nargs] operands and
** [nres] results. */
static bool func_ok(const Check *k, const Func *f, int nargs, int nres)
{
    return f && f->body && !f->is_native && !f->is_sync && k->fn_ok[f->index] &&
           f->nargs == nargs && f->nresults == nres && block_nresults(f->body) == nres;
}

static bool block_ok(const Check *k, const Block *b);

static bool op_ok(const Check *k, const Op *op)
{
    const OpInfo *in = op->info;
    if (!in) return false;
    switch (in->family) {
    case SYN_RETURN:
        return true;
    case SYN_CALL:
        return in->id == OPID_tfrt_call &&
               func_ok(k, call_target(k->m, op), op->noperands, op->nresults);
    case SYN_IF:
        if (op->noperands < 1 || op->nregions < 1 || op->nregions > 2) return false;
        for (int r = 0; r < op->nregions; r++) {
            const Block *b = op->regions[r];
            if (b->nargs != op->noperands - 1 || block_nresults(b) != op->nresults ||
                !block_ok(k, b))
                return false;
        }
        return true;
    case SYN_COND:
        return op->noperands >= 1 &&
               func_ok(k, attr_func(k->m, op, attr_a_true_fn), op->noperands - 1, op->nresults) &&
               func_ok(k, attr_func(k->m, op, attr_b_false_fn), op->noperands - 1, op->nresults);
    case SYN_CASE: {
        const Attr *a = ir_op_attr(op, attr_branches);
        if (op->noperands < 1 || !a || a->kind != ATTR_ARRAY || a->u.arr.n < 1) return false;
        for (int i = 0; i < a->u.arr.n; i++) {
            const Attr *e = a->u.arr.elems[i];
            if (e->kind != ATTR_SYMBOL ||
                !func_ok(k, ir_module_func(k->m, e->u.str.s), op->noperands - 1, op->nresults))
                return false;
        }
        return true;
    }
    case SYN_REPEAT: {
        if (op->noperands < 1 || op->nregions != 1) return false;
        const Block *b = op->regions[0];
        int n = op->noperands - 1;
        return op->nresults == n && b->nargs == n && block_nresults(b) == n && block_ok(k, b);
    }
    case SYN_WHILE:
        return op->noperands >= 1 && op->nresults == op->noperands - 1 &&
               func_ok(k, while_body(k->m, op), op->noperands - 1, op->noperands);
    default:
        break;
    }
    return in->fn && !(in->effects & FX_DEFER) && !(in->flags & (OPF_HAS_REGIONS | OPF_NO_KERNEL)) &&
           op->nregions == 0;
}

static bool block_ok(const Check *k, const Block *b)
{
    if (b->nops == 0 || b->ops[b->nops - 1]->info == NULL ||
        b->ops[b->nops - 1]->info->family != SYN_RETURN)
        return false;
    for (int i = 0; i < b->nops; i++)
        if (!op_ok(k, b->ops[i])) return false;
    return true;
}

/* {=====================================================================
** The compiler's state
** ====================================================================== */

/* Side tables hold offsets into the int pool while compiling; vm_finish
** turns them into pointers once the pool stops moving. */
typedef struct KS { const Op *op; KernelFn fn; bool ns; int nargs, nres, args, res; } KS;
typedef struct CS { const Block *body; const Op *op; int nargs, nres, args, res; } CS;
typedef struct CT { int n, pcs; } CT;

typedef struct RegInfo {
    int32_t konst;        /* the constant the register holds, or -1 */
    bool need;            /* some instruction reads it as a register */
} RegInfo;

typedef struct Comp {
    const Module *m;
    Host *h;
    VmInsn *code; int ncode, capcode;
    Any *consts; int nconsts, capconsts;
    KS *ks; int nks, capks;
    CS *cs; int ncs, capcs;
    CT *ct; int nct, capct;
    int32_t *pool; int npool, cappool;
    const Op **iops; int capiops;   /* per instruction: the op of a kernel instruction */
    int32_t *ivia; int capivia;     /* per instruction: its inline call (vias), or -1 */
    VmVia *vias; int nvias, capvias;
    int32_t via;                    /* the inline call being compiled, or -1 */
    int nregs, capregs;
    RegInfo *ri;          /* per register */
} Comp;

static int new_reg(Comp *C)
{
    C->ri = grow(C->ri, &C->capregs, C->nregs + 1, sizeof(RegInfo));
    C->ri[C->nregs] = (RegInfo){ -1, false };
    return C->nregs++;
}

static int emit(Comp *C, VmOp op, int32_t a, int32_t b, int32_t c)
{
    C->code = grow(C->code, &C->capcode, C->ncode + 1, sizeof(VmInsn));
    C->iops = grow(C->iops, &C->capiops, C->ncode + 1, sizeof(Op *));
    C->iops[C->ncode] = NULL;
    C->ivia = grow(C->ivia, &C->capivia, C->ncode + 1, sizeof(int32_t));
    C->ivia[C->ncode] = C->via;
    VmInsn *I = &C->code[C->ncode];
    memset(I, 0, sizeof *I);
    I->op = (uint16_t)op;
    I->a = a;
    I->b = b;
    I->c = c;
    return C->ncode++;
}

static int pool_alloc(Comp *C, int n)
{
    C->pool = grow(C->pool, &C->cappool, C->npool + n + 1, sizeof(int32_t));
    int at = C->npool;
    C->npool += n;
    return at;
}

static int add_const(Comp *C, Any v)
{
    C->consts = grow(C->consts, &C->capconsts, C->nconsts + 1, sizeof(Any));
    C->consts[C->nconsts] = v;
    return C->nconsts++;
}

/* Value -> register map of the block being compiled: reg[v->index]; and
** hint[v->index], the register a result should be computed into (the
** if result or loop register it is returned into), or -1. */
typedef struct Map { const Block *b; int32_t *reg, *hint; } Map;

static Map map_new(const Block *b)
{
    size_t n = (size_t)b->nvalues + 1;
    Map mp = { b, xrealloc(NULL, sizeof(int32_t) * n), xrealloc(NULL, sizeof(int32_t) * n) };
    for (int i = 0; i < b->nvalues; i++) mp.reg[i] = mp.hint[i] = -1;
    return mp;
}

static void map_free(Map *mp)
{
    free(mp->reg);
    free(mp->hint);
}

static int32_t reg_of(const Map *mp, const Value *v) { return mp->reg[v->index]; }

/* [v] as an instruction's register operand: a constant gets loaded. */
static int32_t use_reg(Comp *C, const Map *mp, const Value *v)
{
    int32_t r = reg_of(mp, v);
    C->ri[r].need = true;
    return r;
}

/* [v] as a side-table reference: constants are read from the table. */
static int32_t use_ref(Comp *C, const Map *mp, const Value *v)
{
    int32_t r = reg_of(mp, v);
    return C->ri[r].konst >= 0 ? -1 - C->ri[r].konst : r;
}

/* The constant [v] holds, or NULL. */
static const Any *const_of(const Comp *C, const Map *mp, const Value *v)
{
    int32_t r = reg_of(mp, v);
    return C->ri[r].konst >= 0 ? &C->consts[C->ri[r].konst] : NULL;
}

static int ksite(Comp *C, const Map *mp, const Op *op, const int32_t *res, int nres)
{
    C->ks = grow(C->ks, &C->capks, C->nks + 1, sizeof(KS));
    KS *s = &C->ks[C->nks];
    s->op = op;
    s->fn = op->info ? op->info->fn : NULL;
    s->ns = ir_op_nonstrict(op);
    s->nargs = op->noperands;
    s->nres = nres;
    s->args = pool_alloc(C, op->noperands);
    for (int j = 0; j < op->noperands; j++) C->pool[s->args + j] = use_ref(C, mp, op->operands[j]);
    s->res = pool_alloc(C, nres);
    memcpy(C->pool + s->res, res, sizeof(int32_t) * (size_t)nres);
    return C->nks++;
}

/* A call site of [body] (NULL: an INLINE's) for [op], with room for
** [nargs] argument registers (filled by the caller) and result registers
** [res]. */
static int new_callsite(Comp *C, const Block *body, const Op *op, int nargs, const int32_t *res,
                        int nres)
{
    C->cs = grow(C->cs, &C->capcs, C->ncs + 1, sizeof(CS));
    CS *s = &C->cs[C->ncs];
    s->body = body;
    s->op = op;
    s->nargs = nargs;
    s->nres = nres;
    s->args = pool_alloc(C, nargs);
    s->res = pool_alloc(C, nres);
    memcpy(C->pool + s->res, res, sizeof(int32_t) * (size_t)nres);
    return C->ncs++;
}

/* A call site of [body] with operands [first..first+nargs) of [op]. */
static int callsite(Comp *C, const Map *mp, const Block *body, const Op *op, int first, int nargs,
                    const int32_t *res, int nres)
{
    int s = new_callsite(C, body, op, nargs, res, nres);
    for (int j = 0; j < nargs; j++) C->pool[C->cs[s].args + j] = use_reg(C, mp, op->operands[first + j]);
    return s;
}

/* Fresh registers for [op]'s results; their numbers in [out]. */
static void def_results(Comp *C, Map *mp, const Op *op, int32_t *out)
{
    for (int i = 0; i < op->nresults; i++) {
        int32_t h = mp->hint[op->results[i]->index];
        int32_t r = h >= 0 ? h : new_reg(C);
        mp->reg[op->results[i]->index] = r;
        if (out) out[i] = r;
    }
}

/* {=====================================================================
** Moves
** ====================================================================== */

/* dst = value [v] (a register or a constant). */
static void emit_move(Comp *C, const Map *mp, int32_t dst, const Value *v)
{
    int32_t r = reg_of(mp, v);
    if (C->ri[r].konst >= 0) emit(C, VM_LOADK, dst, C->ri[r].konst, 0);
    else if (r != dst) emit(C, VM_MOV, dst, use_reg(C, mp, v), 0);
}

/* The parallel assignment dst[i] = src[i] (registers; constants are
** loaded last, since they read no register). Sequentialised so that no
** move overwrites a register a later move still reads; a cycle goes through
** one temporary register. */
static void emit_parallel(Comp *C, const Map *mp, const int32_t *dst, const Value *const *src, int n)
{
    int32_t *d = xrealloc(NULL, sizeof(int32_t) * (size_t)(n + 1));
    int32_t *s = xrealloc(NULL, sizeof(int32_t) * (size_t)(n + 1));
    int m = 0;
    for (int i = 0; i < n; i++) {
        int32_t r = reg_of(mp, src[i]);
        if (C->ri[r].konst >= 0 || r == dst[i]) continue;
        d[m] = dst[i];
        s[m] = use_reg(C, mp, src[i]);
        m++;
    }
    int tmp = -1;
    while (m > 0) {
        int pick = -1;
        for (int i = 0; i < m && pick < 0; i++) {
            bool read = false;
            for (int j = 0; j < m && !read; j++) read = j != i && s[j] == d[i];
            if (!read) pick = i;
        }
        if (pick < 0) {
            /* Every remaining destination is still read: a cycle. Save one
            ** source in the temporary and read it from there. */
            if (tmp < 0) tmp = new_reg(C);
            emit(C, VM_MOV, tmp, s[0], 0);
            for (int j = 0; j < m; j++)
                if (s[j] == s[0] && j != 0) s[j] = tmp;
            s[0] = tmp;
            continue;
        }
        emit(C, VM_MOV, d[pick], s[pick], 0);
        d[pick] = d[m - 1];
        s[pick] = s[m - 1];
        m--;
    }
    for (int i = 0; i < n; i++) {
        int32_t r = reg_of(mp, src[i]);
        if (C->ri[r].konst >= 0) emit(C, VM_LOADK, dst[i], C->ri[r].konst, 0);
    }
    free(d);
    free(s);
}

/* {=====================================================================
** Ops
** ====================================================================== */

/* The instructions of the arithmetic ops (ops/arith.def says which op
** computes what): by operator and operand dtype, the register form, the
** constant form (0: none), the form with the constant on the left (0:
** none; the constant form for operands that commute), the operand type
** both fast paths expect, and the results. ORDER irrelevant: looked up by
** operator and dtype. */
typedef struct Insn {
    ArithOp op;
    DType dt;
    VmOp rr, rk;      /* R op R; R op K (0: none) */
    VmOp kr;          /* K op R (0: none): rk for operands that commute */
    uint8_t type;
    int nres;
} Insn;

static const Insn arith_insns[] = {
    { ARITH_ADD, DT_I32, VM_ADD_I32, VM_ADDK_I32, VM_ADDK_I32, ANY_I32, 1 },
    { ARITH_SUB, DT_I32, VM_SUB_I32, VM_SUBK_I32, 0, ANY_I32, 1 },
    { ARITH_MUL, DT_I32, VM_MUL_I32, VM_MULK_I32, VM_MULK_I32, ANY_I32, 1 },
    { ARITH_DIV, DT_I32, VM_DIV_I32, VM_DIVK_I32, 0, ANY_I32, 2 },
    { ARITH_EQ, DT_I32, VM_EQ_I32, VM_EQK_I32, VM_EQK_I32, ANY_I32, 1 },
    { ARITH_LE, DT_I32, VM_LE_I32, VM_LEK_I32, VM_GEK_I32, ANY_I32, 1 },
    { ARITH_ADD, DT_I64, VM_ADD_I64, VM_ADDK_I64, VM_ADDK_I64, ANY_I64, 1 },
    { ARITH_SUB, DT_I64, VM_SUB_I64, VM_SUBK_I64, 0, ANY_I64, 1 },
    { ARITH_MUL, DT_I64, VM_MUL_I64, VM_MULK_I64, VM_MULK_I64, ANY_I64, 1 },
    { ARITH_DIV, DT_I64, VM_DIV_I64, VM_DIVK_I64, 0, ANY_I64, 2 },
    { ARITH_EQ, DT_I64, VM_EQ_I64, VM_EQK_I64, VM_EQK_I64, ANY_I64, 1 },
    { ARITH_LE, DT_I64, VM_LE_I64, VM_LEK_I64, VM_GEK_I64, ANY_I64, 1 },
    { ARITH_AND, DT_BOOL, VM_AND_I1, 0, 0, ANY_I1, 1 },
    { ARITH_ADD, DT_F32, VM_ADD_F32, 0, 0, ANY_F32, 1 },
    { ARITH_MUL, DT_F32, VM_MUL_F32, 0, 0, ANY_F32, 1 },
    { ARITH_DIV, DT_F32, VM_DIV_F32, 0, 0, ANY_F32, 1 },
    { ARITH_MIN, DT_F32, VM_MIN_F32, 0, 0, ANY_F32, 1 },
    { ARITH_ADD, DT_F64, VM_ADD_F64, VM_ADDK_F64, VM_ADDK_F64, ANY_F64, 1 },
    { ARITH_MUL, DT_F64, VM_MUL_F64, VM_MULK_F64, VM_MULK_F64, ANY_F64, 1 },
    { ARITH_DIV, DT_F64, VM_DIV_F64, VM_DIVK_F64, 0, ANY_F64, 1 },
    { ARITH_MIN, DT_F64, VM_MIN_F64, 0, 0, ANY_F64, 1 },
    { ARITH_TO_F32, DT_I64, VM_I64_TO_F32, 0, 0, ANY_I64, 1 },
    { ARITH_TO_F64, DT_I64, VM_I64_TO_F64, 0, 0, ANY_I64, 1 },
};

/* The instructions of op [id], or NULL: it is not arithmetic, or the engine
** has no instruction for its operator on its dtype (it stays a kernel
** call). */
static const Insn *find_arith_insn(OpId id)
{
    DType dt;
    ArithOp a = optable_arith(id, &dt);
    if (a == ARITH_NONE) return NULL;
    for (size_t i = 0; i < sizeof arith_insns / sizeof arith_insns[0]; i++)
        if (arith_insns[i].op == a && arith_insns[i].dt == dt) return &arith_insns[i];
    return NULL;
}


/* Compiling for hooks that take compiled code (interp/hooks.h:
** HOOKS_COMPILED): every op the dataflow engine runs as a kernel stays an
** instruction of its own, so that the traced loop reports each (no
** constant folded, no call inline). */
static bool for_hooks(const Comp *C)
{
    const DebugHooks *dh = C->h ? hooks_of(C->h) : NULL;
    return dh && (dh->flags & HOOKS_COMPILED);
}

/* A constant op ([op] has no operands and one result): its value, computed
** by its own kernel on a silent context. False when the kernel fails or
** produces an object (then it stays a kernel call). */
static bool fold_constant(Comp *C, const Op *op, Any *out)
{
    const OpInfo *in = op->info;
    bool constant = in->family == SYN_CONSTANT || in->family == SYN_CONSTANT_COMPLEX ||
                    in->id == OPID_tfrt_new_chain;
    if (!constant || op->noperands != 0 || op->nresults != 1 || !in->fn || for_hooks(C)) return false;
    ExecCtx sc = { .host = C->h, .flags = EXEC_SYNC };
    AsyncValue *res[1] = { NULL };
    KernelFrame kf = { NULL, 0, res, 1, op, &sc };
    in->fn(&kf);
    bool ok = !sc.error && res[0] && av_is_available(res[0]) && av_get(res[0])->type != ANY_OBJ;
    if (ok) *out = *av_get(res[0]);
    if (res[0]) av_release(res[0]);
    free(sc.error);
    return ok;
}

static void compile_ops(Comp *C, Map *mp, const Block *b);

/* A kernel op with an instruction of its own, or false. */
static bool compile_fast_kernel(Comp *C, Map *mp, const Op *op)
{
    const Insn *t = find_arith_insn(op->info->id);
    if (!t || ir_op_nonstrict(op)) return false;
    bool unary = t->rr == VM_I64_TO_F32 || t->rr == VM_I64_TO_F64;
    int nops = unary ? 1 : 2;
    if (op->noperands != nops || op->nresults != t->nres) return false;
    int32_t res[2];
    def_results(C, mp, op, res);
    const Value *l = op->operands[0], *r = nops == 2 ? op->operands[1] : NULL;
    int I;
    const Any *kr = r ? const_of(C, mp, r) : NULL, *kl = r ? const_of(C, mp, l) : NULL;
    uint8_t ty = t->type;
    /* The slow path rebuilds the operands from the instruction: x names
    ** the constant of a constant form (-1: none), pad bit 0 says that it
    ** was the left operand. */
    if (t->rk && kr && kr->type == ty) {
        I = emit(C, t->rk, res[0], use_reg(C, mp, l), 0);
        C->code[I].k.i = kr->v.i;   /* the whole payload word: ints and f64 alike */
        C->code[I].x = C->ri[reg_of(mp, r)].konst;
    } else if (t->kr && kl && kl->type == ty) {
        I = emit(C, t->kr, res[0], use_reg(C, mp, r), 0);
        C->code[I].k.i = kl->v.i;
        C->code[I].x = C->ri[reg_of(mp, l)].konst;
        C->code[I].pad = 1;
    } else {
        I = emit(C, t->rr, res[0], use_reg(C, mp, l), r ? use_reg(C, mp, r) : 0);
        C->code[I].x = -1;
    }
    C->code[I].d = op->nresults > 1 ? res[1] : 0;
    C->iops[I] = op;
    return true;
}

/* Functions whose bodies are compiled inline at their call sites (and as
** tfrt.while bodies): at most this many ops, regions included... */
#define INLINE_MAX_OPS 64

/* ...and no call inside, so inlining always ends. */
static bool inlinable(const Block *b, int *budget)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (--*budget < 0 || !op->info) return false;
        switch (op->info->family) {
        case SYN_CALL: case SYN_COND: case SYN_CASE: case SYN_WHILE: return false;
        default: break;
        }
        for (int r = 0; r < op->nregions; r++)
            if (!inlinable(op->regions[r], budget)) return false;
    }
    return true;
}

static bool inline_ok(const Block *b)
{
    int budget = INLINE_MAX_OPS;
    return inlinable(b, &budget);
}

/* Instructions emitted from now on belong to the body of call [op],
** compiled inline (the `called from` notes of their kernels' errors name
** it: interp/vm.h). Returns the inline call to restore in C->via after. */
static int32_t enter_via(Comp *C, const Op *op)
{
    C->vias = grow(C->vias, &C->capvias, C->nvias + 1, sizeof(VmVia));
    C->vias[C->nvias] = (VmVia){ op, C->via };
    int32_t outer = C->via;
    C->via = C->nvias++;
    return outer;
}

/* The INLINE that starts the body of call [op] compiled inline: a call
** all the same, which the depth limit or a stopped request may refuse
** (docs/engine.md); then result registers [res] get the error and it jumps
** to its c, which the caller sets past the body. Emitted before enter_via:
** the `called from` notes of the refusal are the calls around [op]. */
static int emit_inline(Comp *C, const Op *op, const int32_t *res, int nres)
{
    int I = emit(C, VM_INLINE, 0, 0, 0);
    C->code[I].x = new_callsite(C, NULL, op, 0, res, nres);
    return I;
}

static void compile_call(Comp *C, Map *mp, const Op *op, const Func *f, int first)
{
    int32_t *res = xrealloc(NULL, sizeof(int32_t) * (size_t)(op->nresults + 1));
    for (int i = 0; i < op->nresults; i++) res[i] = reg_of(mp, op->results[i]);
    const Block *b = f->body;
    if (!for_hooks(C) && inline_ok(b)) {
        /* Like an if region: the arguments are the operands' registers,
        ** a value made only to be returned is made in its result register. */
        const Op *ret = b->ops[b->nops - 1];
        Map bm = map_new(b);
        for (int i = 0; i < b->nargs; i++) bm.reg[b->args[i]->index] = reg_of(mp, op->operands[first + i]);
        for (int j = 0; j < ret->noperands; j++) {
            const Value *v = ret->operands[j];
            if (v->def && v->block == b && v->nuses == 1) bm.hint[v->index] = res[j];
        }
        int guard = emit_inline(C, op, res, op->nresults);
        int32_t outer = enter_via(C, op);
        compile_ops(C, &bm, b);
        C->via = outer;
        for (int j = 0; j < ret->noperands; j++) emit_move(C, &bm, res[j], ret->operands[j]);
        C->code[guard].c = C->ncode;
        map_free(&bm);
        free(res);
        return;
    }
    int s = callsite(C, mp, b, op, first, op->noperands - first, res, op->nresults);
    bool one = C->cs[s].nargs == 1;
    int I = emit(C, one ? VM_CALL1 : VM_CALL, one ? C->pool[C->cs[s].args] : 0, 0, 0);
    C->code[I].x = s;
    free(res);
}

/* When condition [v] is made by the instruction just emitted, a compare
** whose only user is this if, that compare becomes a test-and-branch
** (TEQ_I32 ...) over the IF. Returns its index, or -1. */
static int fuse_test(Comp *C, const Map *mp, const Value *v)
{
    static const struct { VmOp from, to; } fusable[] = {
        { VM_EQ_I32, VM_TEQ_I32 }, { VM_EQK_I32, VM_TEQK_I32 }, { VM_LE_I32, VM_TLE_I32 },
        { VM_LEK_I32, VM_TLEK_I32 }, { VM_EQ_I64, VM_TEQ_I64 }, { VM_EQK_I64, VM_TEQK_I64 },
        { VM_LE_I64, VM_TLE_I64 }, { VM_LEK_I64, VM_TLEK_I64 },
        { VM_GEK_I32, VM_TGEK_I32 }, { VM_GEK_I64, VM_TGEK_I64 },
    };
    if (C->ncode == 0 || v->nuses != 1 || !v->def) return -1;
    VmInsn *I = &C->code[C->ncode - 1];
    if (I->a != reg_of(mp, v)) return -1;
    for (size_t i = 0; i < sizeof fusable / sizeof fusable[0]; i++) {
        if (I->op == fusable[i].from) {
            I->op = (uint16_t)fusable[i].to;
            return C->ncode - 1;
        }
    }
    return -1;
}

/* When the fused compare [t] (a TEQK, from fuse_test) tests the remainder
** of the DIVK right before it by a constant other than 0 and -1, and that
** DIVK's quotient has no use and its remainder no other, the DIVK becomes a
** TREMK: x % K == C, tested and branched on in one instruction. The DIVK's
** fields stay (its slow path), and so do the TEQK and the IF, which run
** after a slow path as they would after the DIVK. */
static void fuse_rem(Comp *C, int t)
{
    if (t < 1) return;
    VmInsn *D = &C->code[t - 1];
    const VmInsn *T = &C->code[t];
    VmOp to;
    if (D->op == VM_DIVK_I32 && T->op == VM_TEQK_I32) to = VM_TREMK_I32;
    else if (D->op == VM_DIVK_I64 && T->op == VM_TEQK_I64) to = VM_TREMK_I64;
    else return;
    const Op *div = C->iops[t - 1];
    if (D->d != T->b || D->k.i == 0 || D->k.i == -1 || div->nresults != 2 ||
        div->results[0]->nuses != 0 || div->results[1]->nuses != 1)
        return;
    D->op = (uint16_t)to;
}

/* Whether op [x]'s result may be made in a register that holds a value
** still alive until x runs (a loop's or a region's argument); [reads]: x
** reads that register itself. Not a call's or a loop's (their results
** arrive by paths of their own); an if's, whose branches write it (moves,
** which release, and values made in place only where early_write_ok
** allows; the if's regions read their arguments before they write); a
** kernel's, unless its fast path writes without releasing and it does not
** read the register (an error or object there takes the slow path, which
** releases it). */
static bool may_overwrite(const Op *x, bool reads)
{
    if (!x->info) return false;
    switch (x->info->family) {
    case SYN_CALL: case SYN_COND: case SYN_CASE: case SYN_REPEAT: case SYN_WHILE:
        return false;
    case SYN_IF:
        return true;
    default:
        return !find_arith_insn(x->info->id) || reads;
    }
}

/* Whether region [b]'s value [v], returned into result register [r] of
** the region's op, may be made in [r] itself, in the middle of the region.
** [r] is usually a fresh register; but the op's result may itself be made
** in place of a loop register (can_compute_in_place), which then is also
** the register of one of the region's arguments (regions read their
** operands' registers). Then no op after v's may read that argument (the
** return included: a move of it elsewhere would read v), and a kernel whose
** fast path writes without releasing must read it itself (an error or an
** object there takes its slow path, which releases). */
static bool early_write_ok(const Map *rm, const Block *b, const Value *v, int32_t r)
{
    const Op *x = v->def;
    bool aliased = false, reads = false;
    for (int i = 0; i < b->nargs; i++) {
        const Value *a = b->args[i];
        if (reg_of(rm, a) != r) continue;
        aliased = true;
        for (const Use *u = a->uses; u; u = u->next)
            if (u->user->index > x->index) return false;
        for (int j = 0; j < x->noperands; j++) reads |= x->operands[j] == a;
    }
    return !aliased || may_overwrite(x, reads);
}

/* tfrt.if: both regions inline, over the if's operand registers. */
static void compile_if(Comp *C, Map *mp, const Op *op)
{
    int32_t *res = xrealloc(NULL, sizeof(int32_t) * (size_t)(op->nresults + 1));
    def_results(C, mp, op, res);
    int x = ksite(C, mp, op, res, op->nresults);
    int fused = fuse_test(C, mp, op->operands[0]);
    fuse_rem(C, fused);
    int jif = emit(C, VM_IF, use_reg(C, mp, op->operands[0]), 0, 0);
    C->code[jif].x = x;
    int jend = -1;
    for (int r = 0; r < 2; r++) {
        if (r == 1) {
            jend = emit(C, VM_JMP, 0, 0, 0);
            C->code[jif].b = C->ncode;
        }
        if (r >= op->nregions) {
            /* No else region: the kernel itself says there is no branch. */
            int I = emit(C, VM_KCALL, 0, 0, 0);
            C->code[I].x = x;
            break;
        }
        const Block *b = op->regions[r];
        const Op *ret = b->ops[b->nops - 1];
        Map rm = map_new(b);
        for (int i = 0; i < b->nargs; i++) rm.reg[b->args[i]->index] = reg_of(mp, op->operands[i + 1]);
        /* A value the region makes only to return it is made in place. */
        for (int i = 0; i < ret->noperands; i++) {
            const Value *v = ret->operands[i];
            if (v->def && v->block == b && v->nuses == 1 && early_write_ok(&rm, b, v, res[i]))
                rm.hint[v->index] = res[i];
        }
        compile_ops(C, &rm, b);
        /* A parallel assignment: a result register may be an argument's. */
        emit_parallel(C, &rm, res, (const Value *const *)ret->operands, ret->noperands);
        map_free(&rm);
    }
    C->code[jend].b = C->ncode;
    C->code[jif].c = C->ncode;
    if (fused >= 0) C->code[fused].d = C->code[jif].b;
    free(res);
}

/* tfrt.cond: the if's branch structure over two calls. */
static void compile_cond(Comp *C, Map *mp, const Op *op)
{
    int32_t *res = xrealloc(NULL, sizeof(int32_t) * (size_t)(op->nresults + 1));
    def_results(C, mp, op, res);
    int x = ksite(C, mp, op, res, op->nresults);
    int jif = emit(C, VM_IF, use_reg(C, mp, op->operands[0]), 0, 0);
    C->code[jif].x = x;
    compile_call(C, mp, op, attr_func(C->m, op, attr_a_true_fn), 1);
    int jend = emit(C, VM_JMP, 0, 0, 0);
    C->code[jif].b = C->ncode;
    compile_call(C, mp, op, attr_func(C->m, op, attr_b_false_fn), 1);
    C->code[jend].b = C->ncode;
    C->code[jif].c = C->ncode;
    free(res);
}

/* tfrt.case: a jump table of calls. */
static void compile_case(Comp *C, Map *mp, const Op *op)
{
    const Attr *a = ir_op_attr(op, attr_branches);
    int n = a->u.arr.n;
    int32_t *res = xrealloc(NULL, sizeof(int32_t) * (size_t)(op->nresults + 1));
    def_results(C, mp, op, res);
    int x = ksite(C, mp, op, res, op->nresults);
    C->ct = grow(C->ct, &C->capct, C->nct + 1, sizeof(CT));
    int t = C->nct++;
    C->ct[t].n = n;
    C->ct[t].pcs = pool_alloc(C, n);
    int jc = emit(C, VM_CASE, use_reg(C, mp, op->operands[0]), 0, 0);
    C->code[jc].x = x;
    C->code[jc].d = t;
    int *jends = xrealloc(NULL, sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) {
        C->pool[C->ct[t].pcs + i] = C->ncode;
        compile_call(C, mp, op, ir_module_func(C->m, a->u.arr.elems[i]->u.str.s), 1);
        jends[i] = emit(C, VM_JMP, 0, 0, 0);
    }
    for (int i = 0; i < n; i++) C->code[jends[i]].b = C->ncode;
    C->code[jc].c = C->ncode;
    free(jends);
    free(res);
}

/* Whether loop body [b]'s result [y], returned for argument [a], may be
** computed straight into a's register: y is made by a kernel or a tfrt.if
** of the body (not by a call or a loop), and no op after it reads a (the
** ops after it that read y read a's register, which nothing else writes
** before the back edge). A kernel with a fast path must also read a
** itself: its fast path writes without releasing, and only an a that is an
** error could hold an object (then the slow path runs, which releases
** it). */
static bool can_compute_in_place(const Comp *C, const Block *b, const Value *y, const Value *a)
{
    const Op *x = y->def;
    if (!x || x->parent != b) return false;
    bool reads_a = false;
    for (int j = 0; j < x->noperands; j++) reads_a |= x->operands[j] == a;
    if (!may_overwrite(x, reads_a)) return false;
    (void)C;
    for (const Use *u = a->uses; u; u = u->next)
        if (u->user->index > x->index) return false;
    return true;
}


/* tfrt.repeat.i32: a counted loop over the region, inline. */
static void compile_repeat(Comp *C, Map *mp, const Op *op)
{
    const Block *b = op->regions[0];
    const Op *ret = b->ops[b->nops - 1];
    int n = op->noperands - 1;
    int32_t *L = xrealloc(NULL, sizeof(int32_t) * (size_t)(n + 1));
    def_results(C, mp, op, L);
    int x = ksite(C, mp, op, L, n);
    int T = new_reg(C);
    const Any *kn = const_of(C, mp, op->operands[0]);
    int init = emit(C, VM_RPT_INIT, T, kn && kn->type == ANY_I32 ? -1 : use_reg(C, mp, op->operands[0]), 0);
    if (kn) C->code[init].k.i = kn->v.i;
    C->code[init].x = x;
    int loop = C->ncode;
    Map rm = map_new(b);
    bool *inv = xrealloc(NULL, sizeof(bool) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        inv[i] = ret->operands[i] == b->args[i];
        rm.reg[b->args[i]->index] = inv[i] ? reg_of(mp, op->operands[i + 1]) : L[i];
    }
    for (int i = 0; i < n; i++)
        if (!inv[i] && can_compute_in_place(C, b, ret->operands[i], b->args[i])) rm.hint[ret->operands[i]->index] = L[i];
    int lo = C->nregs;
    compile_ops(C, &rm, b);
    /* The back edge: L[i] = the body's result i, for the values that change. */
    int32_t *dst = xrealloc(NULL, sizeof(int32_t) * (size_t)(n + 1));
    const Value **src = xrealloc(NULL, sizeof(Value *) * (size_t)(n + 1));
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (inv[i]) continue;
        dst[m] = L[i];
        src[m] = ret->operands[i];
        m++;
    }
    emit_parallel(C, &rm, dst, src, m);
    int hi = C->nregs;
    int next = emit(C, VM_RPT_NEXT, T, loop - C->ncode, lo);   /* relative */
    C->code[next].d = hi;
    C->code[next].k.i = 1;   /* the exit, relative too (thread_jumps copies it) */
    C->code[next].x = x;
    C->code[init].c = C->ncode;
    free(dst);
    free(src);
    free(inv);
    map_free(&rm);
    free(L);
}

/* tfrt.while: the loop around calls of the body function. */
static void compile_while(Comp *C, Map *mp, const Op *op)
{
    int n = op->noperands - 1;
    const Func *f = while_body(C->m, op);
    int32_t *L = xrealloc(NULL, sizeof(int32_t) * (size_t)(n + 2));
    def_results(C, mp, op, L);
    L[n] = new_reg(C);    /* the condition */
    int x = ksite(C, mp, op, L, n);
    /* Strict: an error operand (or cancellation) is every result. */
    int st = emit(C, VM_STRICT, 0, 0, 0);
    C->code[st].x = x;
    for (int i = 0; i < n; i++) emit_move(C, mp, L[i], op->operands[i + 1]);
    emit_move(C, mp, L[n], op->operands[0]);
    int loop = emit(C, VM_WHILE_TEST, L[n], 0, 0);
    C->code[loop].x = x;
    const Block *body = f->body;
    if (!for_hooks(C) && inline_ok(body)) {
        /* The body inline, as a repeat's: its arguments are the loop
        ** registers, its results go back into them (and the condition's). */
        const Op *ret = body->ops[body->nops - 1];
        Map bm = map_new(body);
        for (int i = 0; i < n; i++) bm.reg[body->args[i]->index] = L[i];
        for (int i = 0; i < n; i++)
            if (can_compute_in_place(C, body, ret->operands[i], body->args[i])) bm.hint[ret->operands[i]->index] = L[i];
        const Value *cv = ret->operands[n];
        if (cv->def && cv->block == body && cv->nuses == 1) bm.hint[cv->index] = L[n];
        int lo = C->nregs;
        /* The test refuses a run as INLINE would (the error in the loop
        ** registers and the condition). */
        C->code[loop].d = new_callsite(C, NULL, op, 0, L, n + 1);
        int32_t outer = enter_via(C, op);
        compile_ops(C, &bm, body);
        C->via = outer;
        emit_parallel(C, &bm, L, (const Value *const *)ret->operands, n + 1);
        int back = emit(C, VM_WHILE_NEXT, 0, loop, lo);
        C->code[back].d = C->nregs;
        map_free(&bm);
        C->code[st].c = C->ncode;
        C->code[loop].b = C->ncode;
        free(L);
        return;
    }
    int s = new_callsite(C, f->body, op, n, L, n + 1);
    memcpy(C->pool + C->cs[s].args, L, sizeof(int32_t) * (size_t)n);
    C->code[loop].d = s;
    int call = emit(C, VM_CALL, 0, 0, 0);
    C->code[call].x = s;
    emit(C, VM_JMP, 0, loop, 0);
    C->code[st].c = C->ncode;
    C->code[loop].b = C->ncode;
    free(L);
}

static void compile_op(Comp *C, Map *mp, const Op *op)
{
    const OpInfo *in = op->info;
    Any k;
    switch (in->family) {
    case SYN_CALL: {
        int32_t *res = xrealloc(NULL, sizeof(int32_t) * (size_t)(op->nresults + 1));
        def_results(C, mp, op, res);
        free(res);
        compile_call(C, mp, op, call_target(C->m, op), 0);
        return;
    }
    case SYN_IF: compile_if(C, mp, op); return;
    case SYN_COND: compile_cond(C, mp, op); return;
    case SYN_CASE: compile_case(C, mp, op); return;
    case SYN_REPEAT: compile_repeat(C, mp, op); return;
    case SYN_WHILE: compile_while(C, mp, op); return;
    default: break;
    }
    if (fold_constant(C, op, &k)) {
        int r = new_reg(C);
        mp->reg[op->results[0]->index] = r;
        C->ri[r].konst = add_const(C, k);
        return;
    }
    if (compile_fast_kernel(C, mp, op)) return;
    int32_t *res = xrealloc(NULL, sizeof(int32_t) * (size_t)(op->nresults + 1));
    def_results(C, mp, op, res);
    int x = ksite(C, mp, op, res, op->nresults);
    bool merge = in->id == OPID_tfrt_merge_chains && op->nresults == 1 && !ir_op_nonstrict(op);
    int I = emit(C, merge ? VM_MERGE : VM_KCALL, merge ? res[0] : 0, 0, 0);
    C->code[I].x = x;
    free(res);
}

/* Every op of [b] but its tfrt.return. */
static void compile_ops(Comp *C, Map *mp, const Block *b)
{
    for (int i = 0; i < b->nops - 1; i++) compile_op(C, mp, b->ops[i]);
}

/* {=====================================================================
** Protos
** ====================================================================== */

/* Moves the jump targets of [I] by [delta] (the prologue's length). */
static void shift_targets(VmInsn *I, int delta)
{
    switch (I->op) {
    case VM_JMP: case VM_WHILE_TEST: case VM_WHILE_NEXT: I->b += delta; break;
    case VM_IF: I->b += delta; I->c += delta; break;
    case VM_CASE: case VM_RPT_INIT: case VM_STRICT: case VM_INLINE: I->c += delta; break;
    case VM_TEQ_I32: case VM_TEQK_I32: case VM_TLE_I32: case VM_TLEK_I32:
    case VM_TEQ_I64: case VM_TEQK_I64: case VM_TLE_I64: case VM_TLEK_I64:
    case VM_TGEK_I32: case VM_TGEK_I64: I->d += delta; break;
    default: break;
    }
}

/* A JMP to a JMP goes to where that one goes; a JMP to a loop's back edge
** or to a return becomes a copy of it (an if branch's end, in a loop body
** or a body's last op): one dispatch instead of two. RPT_NEXT's targets
** (back and exit) are relative, so the copy's are moved. */
static void thread_jumps(VmInsn *code, int n)
{
    for (int i = 0; i < n; i++) {
        if (code[i].op != VM_JMP) continue;
        int t = code[i].b;
        for (int hops = 0; hops < n && code[t].op == VM_JMP && code[t].b != t; hops++) t = code[t].b;
        switch (code[t].op) {
        case VM_RPT_NEXT:
            code[i] = code[t];
            code[i].b += t - i;
            code[i].k.i += t - i;
            break;
        case VM_RET: case VM_RET1:
            code[i] = code[t];
            break;
        default:
            code[i].b = t;
            break;
        }
    }
}

/* {=====================================================================
** Types the compiler can prove
** ====================================================================== */

/* A register is proven of type T when, as long as the engine runs on its
** fast table, every write into it writes a T: it is no argument, and each
** instruction that may write it there is a LOADK of a T constant, a MOV
** from a proven T, a loop's RPT_INIT with a constant positive count from a
** T constant or a proven T, or a kernel instruction whose fast path makes
** a T and cannot fail, given operands proven of its type (its slow path
** then never runs there). Instructions that write a register only on their
** way to the cancelled table (a loop stopped by a cancellation, a refused
** inline call) do not count: from there on every kernel instruction takes
** its slow path, which tests what it reads. Nor does an IF that the fast
** table never reaches: the fused test before it, on proven operands,
** always branches over it. Every other write (a kernel call, a call's
** results, an IF's or a loop's error results) makes the register unproven.
** The proof is a greatest fixed point: by induction over the run, a proven
** register read on the fast table holds a T (compiled code reads a value
** after its definition has run). Instructions whose operands are proven,
** and whose result is made in place of their left operand, need no type
** test and no type store: use_proven_types gives them their _IN (or _P)
** form. */

typedef struct Proof {
    uint8_t *ty;    /* per register: the type of its writes so far (0: none yet) */
    bool *bad;      /* per register: unproven */
    bool changed;
} Proof;

static void unprove(Proof *pf, int32_t r)
{
    if (!pf->bad[r]) {
        pf->bad[r] = true;
        pf->changed = true;
    }
}

/* A write of type [t] (0: of no type the proof knows) into [r]. */
static void wrote(Proof *pf, int32_t r, uint8_t t)
{
    if (pf->bad[r]) return;
    if (t == 0 || (pf->ty[r] && pf->ty[r] != t)) {
        unprove(pf, r);
    } else if (!pf->ty[r]) {
        pf->ty[r] = t;
        pf->changed = true;
    }
}

/* Whether register [r] is proven of type [t]: 1 yes, 0 no, -1 not known yet. */
static int proven(const Proof *pf, int32_t r, uint8_t t)
{
    if (pf->bad[r]) return 0;
    if (!pf->ty[r]) return -1;
    return pf->ty[r] == t;
}

/* The fast path of kernel instruction [I]: the type it expects of its
** register operands, the type of its results (0: it writes none there, a
** fused test), whether it may fail with such operands, and which of b, c
** are register operands. False: no fast path the proof knows. */
static bool fast_shape(const VmInsn *I, uint8_t *opty, uint8_t *resty, bool *fails, bool *has_c)
{
    switch (I->op) {
    case VM_TEQ_I32: case VM_TLE_I32:
        *opty = ANY_I32; *resty = 0; *fails = false; *has_c = true; return true;
    case VM_TEQK_I32: case VM_TLEK_I32: case VM_TGEK_I32: case VM_TREMK_I32:
        *opty = ANY_I32; *resty = 0; *fails = false; *has_c = false; return true;
    case VM_TEQ_I64: case VM_TLE_I64:
        *opty = ANY_I64; *resty = 0; *fails = false; *has_c = true; return true;
    case VM_TEQK_I64: case VM_TLEK_I64: case VM_TGEK_I64: case VM_TREMK_I64:
        *opty = ANY_I64; *resty = 0; *fails = false; *has_c = false; return true;
    default:
        break;
    }
    for (size_t i = 0; i < sizeof arith_insns / sizeof arith_insns[0]; i++) {
        const Insn *t = &arith_insns[i];
        bool rr = t->rr == I->op, k = (t->rk && t->rk == I->op) || (t->kr && t->kr == I->op);
        if (!rr && !k) continue;
        *opty = t->type;
        *resty = t->op == ARITH_EQ || t->op == ARITH_LE ? ANY_I1
               : t->op == ARITH_TO_F32 ? ANY_F32 : t->op == ARITH_TO_F64 ? ANY_F64 : t->type;
        bool zero = t->type == ANY_F64 || t->type == ANY_F32 ? I->k.f == 0.0 : I->k.i == 0;
        *fails = t->op == ARITH_DIV && (rr || zero);
        *has_c = rr && t->op != ARITH_TO_F32 && t->op != ARITH_TO_F64;
        return true;
    }
    return false;
}

/* Whether [I]'s register operands are proven of type [t] (1, 0, -1). */
static int operands_proven(const Proof *pf, const VmInsn *I, uint8_t t, bool has_c)
{
    int b = proven(pf, I->b, t), c = has_c ? proven(pf, I->c, t) : 1;
    return b == 0 || c == 0 ? 0 : b < 0 || c < 0 ? -1 : 1;
}

/* Whether the IF at [i] is never reached on the fast table: the fused test
** before it (and the TREMK before that) branch over it on proven operands. */
static bool if_skipped(const Proof *pf, const VmInsn *code, int i)
{
    uint8_t opty, resty;
    bool fails, has_c;
    if (i < 1 || !fast_shape(&code[i - 1], &opty, &resty, &fails, &has_c) || resty != 0 ||
        code[i - 1].a != code[i].a)
        return false;
    if (operands_proven(pf, &code[i - 1], opty, has_c) == 1) return true;
    return i >= 2 && (code[i - 2].op == VM_TREMK_I32 || code[i - 2].op == VM_TREMK_I64) &&
           code[i - 2].d == code[i - 1].b && proven(pf, code[i - 2].b, opty) == 1;
}

static void site_results_unproven(Proof *pf, const int32_t *res, int n)
{
    for (int i = 0; i < n; i++) unprove(pf, res[i]);
}

static void prove_round(const VmProto *p, Proof *pf)
{
    for (int i = 0; i < p->ncode; i++) {
        const VmInsn *I = &p->code[i];
        switch ((VmOp)I->op) {
        case VM_LOADK: wrote(pf, I->a, p->consts[I->b].type); break;
        case VM_MOV:
            if (pf->bad[I->b]) unprove(pf, I->a);
            else if (pf->ty[I->b]) wrote(pf, I->a, pf->ty[I->b]);
            break;
        case VM_RPT_INIT: {
            const VmKSite *s = &p->ksites[I->x];
            wrote(pf, I->a, ANY_I64);
            for (int j = 0; j < s->nres; j++) {
                int32_t ref = s->args[j + 1];
                if (!(I->b < 0 && (int32_t)I->k.i > 0)) unprove(pf, s->res[j]);
                else if (ref < 0) wrote(pf, s->res[j], p->consts[-1 - ref].type);
                else if (pf->bad[ref]) unprove(pf, s->res[j]);
                else if (pf->ty[ref]) wrote(pf, s->res[j], pf->ty[ref]);
            }
            break;
        }
        case VM_RPT_NEXT: wrote(pf, I->a, ANY_I64); break;   /* its results: only when cancelled */
        case VM_IF:
            if (!if_skipped(pf, p->code, i)) site_results_unproven(pf, p->ksites[I->x].res, p->ksites[I->x].nres);
            break;
        case VM_CASE: case VM_KCALL: case VM_STRICT:
            site_results_unproven(pf, p->ksites[I->x].res, p->ksites[I->x].nres);
            break;
        case VM_WHILE_TEST:
            site_results_unproven(pf, p->ksites[I->x].res, p->ksites[I->x].nres);
            site_results_unproven(pf, p->calls[I->d].res, p->calls[I->d].nres);
            break;
        case VM_MERGE: unprove(pf, I->a); break;
        case VM_CALL: case VM_CALL1: site_results_unproven(pf, p->calls[I->x].res, p->calls[I->x].nres); break;
        case VM_INLINE: case VM_RET: case VM_RET1: case VM_JMP: case VM_WHILE_NEXT: break;
        default: {
            uint8_t opty, resty;
            bool fails, has_c;
            bool two = I->op == VM_DIV_I32 || I->op == VM_DIVK_I32 || I->op == VM_DIV_I64 ||
                       I->op == VM_DIVK_I64 || I->op == VM_TREMK_I32 || I->op == VM_TREMK_I64;
            if (!fast_shape(I, &opty, &resty, &fails, &has_c)) {
                unprove(pf, I->a);
                if (two) unprove(pf, I->d);
                break;
            }
            int ok = operands_proven(pf, I, opty, has_c);
            if (ok < 0) break;   /* decided in a later round */
            if (resty == 0) {
                /* A fused test writes its results only on its slow path. */
                if (!ok) {
                    unprove(pf, I->a);
                    if (two) unprove(pf, I->d);
                }
                break;
            }
            if (!ok || fails) {
                unprove(pf, I->a);
                if (two) unprove(pf, I->d);
                break;
            }
            wrote(pf, I->a, resty);
            if (two) wrote(pf, I->d, resty);
            break;
        }
        }
    }
}

/* The _IN and _P forms of the instructions whose operands are proven. */
static void use_proven_types(VmProto *p)
{
    Proof pf = { xrealloc(NULL, (size_t)p->nregs + 1), xrealloc(NULL, sizeof(bool) * ((size_t)p->nregs + 1)), false };
    memset(pf.ty, 0, (size_t)p->nregs + 1);
    for (int r = 0; r < p->nregs; r++) pf.bad[r] = r < p->nargs;
    for (;;) {
        do {
            pf.changed = false;
            prove_round(p, &pf);
        } while (pf.changed);
        /* Registers nothing was seen to write a type into: unproven. */
        for (int r = 0; r < p->nregs; r++)
            if (!pf.bad[r] && !pf.ty[r]) unprove(&pf, r);
        if (!pf.changed) break;
    }
    static const struct { VmOp from, to; uint8_t t; bool has_c; } in_place[] = {
        { VM_ADD_I32, VM_ADD_I32_IN, ANY_I32, true }, { VM_ADDK_I32, VM_ADDK_I32_IN, ANY_I32, false },
        { VM_ADD_I64, VM_ADD_I64_IN, ANY_I64, true }, { VM_ADDK_I64, VM_ADDK_I64_IN, ANY_I64, false },
        { VM_ADD_F64, VM_ADD_F64_IN, ANY_F64, true }, { VM_ADDK_F64, VM_ADDK_F64_IN, ANY_F64, false },
        { VM_MUL_F64, VM_MUL_F64_IN, ANY_F64, true }, { VM_MULK_F64, VM_MULK_F64_IN, ANY_F64, false },
    };
    for (int i = 0; i < p->ncode; i++) {
        VmInsn *I = &p->code[i];
        if (I->op == VM_DIV_F64) {
            if (proven(&pf, I->b, ANY_F64) == 1 && proven(&pf, I->c, ANY_F64) == 1) I->op = VM_DIV_F64_P;
            continue;
        }
        if (I->op == VM_TREMK_I32 || I->op == VM_TREMK_I64) {
            if (proven(&pf, I->b, I->op == VM_TREMK_I32 ? ANY_I32 : ANY_I64) == 1)
                I->op = I->op == VM_TREMK_I32 ? VM_TREMK_I32_P : VM_TREMK_I64_P;
            continue;
        }
        for (size_t j = 0; j < sizeof in_place / sizeof in_place[0]; j++) {
            if (I->op != in_place[j].from) continue;
            if (I->a == I->b && proven(&pf, I->b, in_place[j].t) == 1 &&
                (!in_place[j].has_c || proven(&pf, I->c, in_place[j].t) == 1))
                I->op = (uint16_t)in_place[j].to;
            break;
        }
    }
    free(pf.ty);
    free(pf.bad);
}

unsigned vm_reg_fields(int op)
{
    static const char kinds[] = {
#define VMOP(name, kind, doc) #kind[0],
#include "interp/vmops.def"
#undef VMOP
    };
    if (op < 0 || op >= VM__COUNT) return 0;
    switch (op) {
    case VM_MOV: case VM_RPT_INIT: return VM_FA | VM_FB;   /* (RPT_INIT's b < 0: a constant count) */
    case VM_TEQ_I32: case VM_TEQK_I32: case VM_TLE_I32: case VM_TLEK_I32: case VM_TGEK_I32:
    case VM_TEQ_I64: case VM_TEQK_I64: case VM_TLE_I64: case VM_TLEK_I64: case VM_TGEK_I64:
        return VM_FA | VM_FB | VM_FC;                      /* d: the else branch */
    default:
        /* Kernel instructions: results a and d, operands b and c. Control
        ** flow: a, when it names a register at all. */
        return kinds[op] == 'K' ? VM_FA | VM_FB | VM_FC | VM_FD : VM_FA;
    }
}

/* Turns the compiler's state into a proto: the prologue loads the
** constants some instruction reads, then the body (jump targets moved,
** register operands made byte offsets). */
static VmProto *finish(Comp *C, const Block *b, int nargs, int ret_at)
{
    int npro = 0;
    for (int r = 0; r < C->nregs; r++)
        if (C->ri[r].need && C->ri[r].konst >= 0) npro++;
    VmProto *p = xrealloc(NULL, sizeof *p);
    memset(p, 0, sizeof *p);
    p->block = b;
    p->ncode = npro + C->ncode;
    p->code = xrealloc(NULL, sizeof(VmInsn) * (size_t)p->ncode);
    int at = 0;
    for (int r = 0; r < C->nregs; r++) {
        if (!(C->ri[r].need && C->ri[r].konst >= 0)) continue;
        VmInsn *I = &p->code[at++];
        memset(I, 0, sizeof *I);
        I->op = VM_LOADK;
        I->a = r;
        I->b = C->ri[r].konst;
    }
    memcpy(p->code + npro, C->code, sizeof(VmInsn) * (size_t)C->ncode);
    p->iops = xrealloc(NULL, sizeof(Op *) * (size_t)p->ncode);
    memset(p->iops, 0, sizeof(Op *) * (size_t)npro);
    memcpy(p->iops + npro, C->iops, sizeof(Op *) * (size_t)C->ncode);
    for (int i = npro; i < p->ncode; i++) shift_targets(&p->code[i], npro);
    thread_jumps(p->code, p->ncode);
    p->ivia = xrealloc(NULL, sizeof(int32_t) * (size_t)p->ncode);
    for (int i = 0; i < npro; i++) p->ivia[i] = -1;
    memcpy(p->ivia + npro, C->ivia, sizeof(int32_t) * (size_t)C->ncode);
    p->vias = C->vias;
    p->nvias = C->nvias;
    C->vias = NULL;
    p->nregs = C->nregs;
    p->nargs = nargs;
    p->pool = C->pool;
    C->pool = NULL;
    for (int t = 0; t < C->nct; t++)
        for (int i = 0; i < C->ct[t].n; i++) p->pool[C->ct[t].pcs + i] += npro;
    p->consts = C->consts;
    p->nconsts = C->nconsts;
    C->consts = NULL;
    p->nksites = C->nks;
    p->ksites = xrealloc(NULL, sizeof(VmKSite) * (size_t)(C->nks + 1));
    for (int i = 0; i < C->nks; i++) {
        const KS *s = &C->ks[i];
        p->ksites[i] = (VmKSite){ s->op, s->fn, s->ns, s->nargs, s->nres, p->pool + s->args,
                                  p->pool + s->res };
    }
    p->ncalls = C->ncs;
    p->calls = xrealloc(NULL, sizeof(VmCallSite) * (size_t)(C->ncs + 1));
    for (int i = 0; i < C->ncs; i++) {
        const CS *s = &C->cs[i];
        p->calls[i] = (VmCallSite){ NULL, s->body, s->op, s->nargs, s->nres, p->pool + s->args,
                                    p->pool + s->res };
    }
    p->ncases = C->nct;
    p->cases = xrealloc(NULL, sizeof(VmCase) * (size_t)(C->nct + 1));
    for (int i = 0; i < C->nct; i++) p->cases[i] = (VmCase){ C->ct[i].n, p->pool + C->ct[i].pcs };
    p->nres = block_nresults(b);
    p->ret = p->pool + ret_at;
    use_proven_types(p);
    for (int i = 0; i < p->ncode; i++) {
        VmInsn *I = &p->code[i];
        unsigned f = vm_reg_fields(I->op);
        const int32_t sz = (int32_t)sizeof(Any);
        if (f & VM_FA) I->a *= sz;
        if (f & VM_FB) I->b *= sz;
        if (f & VM_FC) I->c *= sz;
        if (f & VM_FD) I->d *= sz;
    }
    return p;
}

static void comp_reset(Comp *C)
{
    free(C->code);
    free(C->consts);
    free(C->ks);
    free(C->cs);
    free(C->ct);
    free(C->pool);
    free(C->ri);
    free(C->iops);
    free(C->ivia);
    free(C->vias);
    const Module *m = C->m;
    Host *h = C->h;
    memset(C, 0, sizeof *C);
    C->m = m;
    C->h = h;
    C->via = -1;
}

static VmProto *compile_body(Comp *C, const Block *b)
{
    comp_reset(C);
    Map mp = map_new(b);
    for (int i = 0; i < b->nargs; i++) mp.reg[b->args[i]->index] = new_reg(C);
    compile_ops(C, &mp, b);
    const Op *ret = b->ops[b->nops - 1];
    int at = pool_alloc(C, ret->noperands);
    for (int i = 0; i < ret->noperands; i++) C->pool[at + i] = use_reg(C, &mp, ret->operands[i]);
    if (ret->noperands == 1) emit(C, VM_RET1, C->pool[at], 0, 0);
    else emit(C, VM_RET, 0, 0, 0);
    map_free(&mp);
    return finish(C, b, b->nargs, at);
}

/* {=====================================================================
** The program
** ====================================================================== */

typedef struct Build {
    Comp C;
    Check k;
    VmProgram *vp;
    void (*attach)(void *ud, const Block *b, const VmProto *p);
    void *ud;
} Build;

/* A body of more ops than this is not compiled (its regions still are):
** compiling costs more per op than running once on the dataflow engine,
** and a body that long is generated straight-line code that runs once
** (a 10^6-op chain: 28 ns per kernel there against ~400 to compile). A
** function that long is not called from compiled code either. */
#define VM_MAX_OPS 4096

static void build_block(Build *B, const Block *b)
{
    /* Regions first (their own protos, for when they are invoked from an
    ** uncompiled body), then the block. */
    for (int i = 0; i < b->nops; i++)
        for (int r = 0; r < b->ops[i]->nregions; r++) build_block(B, b->ops[i]->regions[r]);
    if (b->nops > VM_MAX_OPS || !block_ok(&B->k, b)) return;
    VmProto *p = compile_body(&B->C, b);
    p->next = B->vp->protos;
    B->vp->protos = p;
}

static const VmProto *find_proto(const VmProgram *vp, const Block *b)
{
    for (const VmProto *p = vp->protos; p; p = p->next)
        if (p->block == b) return p;
    return NULL;
}

VmProgram *vm_build(const Module *m, Host *h,
                    void (*attach)(void *ud, const Block *b, const VmProto *p), void *ud)
{
    Build B;
    memset(&B, 0, sizeof B);
    B.C.m = m;
    B.C.h = h;
    B.vp = xrealloc(NULL, sizeof *B.vp);
    B.vp->protos = NULL;
    /* The functions compiled code may call: start from all, drop those with
    ** an op that cannot compile, until nothing changes. */
    bool *ok = xrealloc(NULL, sizeof(bool) * (size_t)(m->nfuncs + 1));
    for (int i = 0; i < m->nfuncs; i++)
        ok[i] = m->funcs[i]->body && !m->funcs[i]->is_sync && m->funcs[i]->body->nops <= VM_MAX_OPS;
    B.k = (Check){ m, ok };
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < m->nfuncs; i++) {
            if (ok[i] && !block_ok(&B.k, m->funcs[i]->body)) {
                ok[i] = false;
                changed = true;
            }
        }
    }
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->body && !m->funcs[i]->is_sync) build_block(&B, m->funcs[i]->body);
    comp_reset(&B.C);
    /* Call sites find their protos now that all exist. */
    for (VmProto *p = B.vp->protos; p; p = p->next)
        for (int i = 0; i < p->ncalls; i++)
            if (p->calls[i].body) p->calls[i].callee = find_proto(B.vp, p->calls[i].body);
    for (VmProto *p = B.vp->protos; p; p = p->next) attach(ud, p->block, p);
    free(ok);
    return B.vp;
}

void vm_free(VmProgram *vp)
{
    if (!vp) return;
    for (VmProto *p = vp->protos, *n; p; p = n) {
        n = p->next;
        free(p->code);
        free(p->iops);
        free(p->ivia);
        free(p->vias);
        free(p->consts);
        free(p->ksites);
        free(p->calls);
        free(p->cases);
        free(p->pool);
        free(p);
    }
    free(vp);
}

int vm_nargs(const VmProto *p) { return p->nargs; }

/* {=====================================================================
** Listing
** ====================================================================== */

void vm_dump(const VmProto *p, FILE *out)
{
    fprintf(out, "proto: %d args, %d results, %d registers, %d constants\n", p->nargs, p->nres,
            p->nregs, p->nconsts);
    for (int i = 0; i < p->ncode; i++) {
        const VmInsn *I = &p->code[i];
        /* Register numbers, not the byte offsets the engine reads. */
        unsigned f = vm_reg_fields(I->op);
        const int32_t sz = (int32_t)sizeof(Any);
        fprintf(out, "%4d  %-10s a=%d b=%d c=%d d=%d x=%d k=%lld\n", i, vm_opname(I->op),
                f & VM_FA ? I->a / sz : I->a, f & VM_FB ? I->b / sz : I->b,
                f & VM_FC ? I->c / sz : I->c, f & VM_FD ? I->d / sz : I->d, I->x, (long long)I->k.i);
    }
}
