/*
** rewrite.c — the in-place rewrites of `tfrun opt` (rewrite.h).
**
** Three primitives keep the use lists true while ops change: replace every
** use of a value, drop one operand, erase an op (whose results are unused).
** The passes are built on them and on the op table's effect facts
** (ops/optable.h), the same facts the sequencing analysis reads.
*/
#include "ir/rewrite.h"

#include <stdlib.h>
#include <string.h>
#include "base/alloc.h"
#include "ir/arena.h"
#include "ir/module.h"
#include "ops/optable.h"

/* Unlinks the use of operand [i] of [op] from its value's use list. */
static void unlink_use(Op *op, int i)
{
    Value *v = op->operands[i];
    if (!v) return;
    Use *prev = NULL;
    for (Use *u = v->uses; u; prev = u, u = u->next) {
        if (u->user != op || u->operand != i) continue;
        if (prev) prev->next = u->next;
        else v->uses = u->next;
        if (v->uses_tail == u) v->uses_tail = prev;
        v->nuses--;
        return;
    }
}

/* Every use of [from] becomes a use of [to] (appended to to's list). */
static void replace_all_uses(Value *from, Value *to)
{
    if (from == to || !from->uses) return;
    for (Use *u = from->uses; u; u = u->next) u->user->operands[u->operand] = to;
    if (to->uses_tail) to->uses_tail->next = from->uses;
    else to->uses = from->uses;
    to->uses_tail = from->uses_tail;
    to->nuses += from->nuses;
    from->uses = from->uses_tail = NULL;
    from->nuses = 0;
}

/* Removes operand [i] of [op]; the uses of later operands move down. The
** written operand types may be shared (an interned function type's
** inputs), so they are copied, without the one, into [m]'s arena. */
static bool drop_operand(Module *m, Op *op, int i)
{
    if (op->operand_types) {
        const Type **t = arena_alloc(m->arena, sizeof *t * (size_t)op->noperands);
        if (!t) return false;                /* out of memory: no rewrite */
        for (int k = 0, j = 0; k < op->noperands; k++) if (k != i) t[j++] = op->operand_types[k];
        op->operand_types = t;
    }
    unlink_use(op, i);
    for (int k = i + 1; k < op->noperands; k++) {
        Value *v = op->operands[k];
        for (Use *u = v ? v->uses : NULL; u; u = u->next)
            if (u->user == op && u->operand == k) u->operand = k - 1;
        op->operands[k - 1] = op->operands[k];
    }
    op->noperands--;
    return true;
}

/* Erases [op] from its block; its results must have no uses. */
static void erase_op(Op *op)
{
    for (int i = 0; i < op->noperands; i++) unlink_use(op, i);
    Block *b = op->parent;
    for (int k = op->index + 1; k < b->nops; k++) {
        b->ops[k - 1] = b->ops[k];
        b->ops[k - 1]->index = k - 1;
    }
    b->nops--;
}

static bool results_unused(const Op *op)
{
    for (int i = 0; i < op->nresults; i++)
        if (op->results[i] && op->results[i]->uses) return false;
    return true;
}

/* An op that may go when nothing uses its results: a known kernel whose
** row records no effect anyone could see (docs/analysis.md). */
static bool removable(const Op *op)
{
    const OpInfo *in = op->info;
    if (!in || op->nregions || op->callee || in->family == SYN_CALL) return false;
    if (in->flags & OPF_TERMINATOR) return false;
    unsigned fx = in->effects;
    unsigned seen = FX_DEFER | FX_OUT | FX_FAIL | FX_OPAQUE | FX_ALLOC | FX_SYNCCALL | FX_OOM;
    return !(fx & seen) && FX_W_BITS(fx) == 0;
}

/* A merge of one chain is that chain; a value merged twice counts once. */
static int simplify_merge(Module *m, Op *op)
{
    if (!op->info || op->info->id != OPID_tfrt_merge_chains) return 0;
    int n = 0;
    for (int i = 1; i < op->noperands; i++)
        for (int j = 0; j < i; j++)
            if (op->operands[i] == op->operands[j]) {
                if (!drop_operand(m, op, i--)) return n;
                n++;
                break;
            }
    if (op->noperands == 1 && op->operands[0] && op->operands[0]->type && op->operands[0]->type->is_chain
        && op->nresults == 1 && op->results[0] && op->results[0]->uses) {
        replace_all_uses(op->results[0], op->operands[0]);
        n++;
    }
    return n;
}

static int canon_block(Module *m, Block *b, int depth)
{
    int n = 0;
    if (depth > IR_MAX_NESTING + 1) return 0;
    for (int k = 0; k < b->nops; k++) {
        Op *op = b->ops[k];
        n += simplify_merge(m, op);
        for (int r = 0; r < op->nregions; r++)
            if (op->regions[r]) n += canon_block(m, op->regions[r], depth + 1);
    }
    /* Backwards, so that a chain of dead ops goes in one sweep. */
    for (int k = b->nops - 1; k >= 0; k--) {
        Op *op = b->ops[k];
        if (removable(op) && results_unused(op)) { erase_op(op); n++; }
    }
    return n;
}

int ir_canonicalize(Module *m)
{
    int total = 0, n;
    do {
        n = 0;
        for (int i = 0; i < m->nfuncs; i++)
            if (m->funcs[i]->body) n += canon_block(m, m->funcs[i]->body, 0);
        total += n;
    } while (n > 0);
    return total;
}

/* ---- -inline ---------------------------------------------------------------
** A tfrt.call of a private function that nothing else names is replaced by
** a copy of the callee's body (its arguments standing for the call's
** operands, its return's operands for the call's results), and the callee
** goes. Functions with tfrt.sync or native bodies are left alone. */

/* Old value -> its copy, by open addressing on the pointer. */
typedef struct VMap { const Value **from; Value **to; size_t cap, n; bool oom; } VMap;

static size_t vmap_slot(const VMap *vm, const Value *v)
{
    uintptr_t h = (uintptr_t)v >> 3;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (vm->cap - 1);
}

static void vmap_put(VMap *vm, const Value *from, Value *to)
{
    if ((vm->n + 1) * 2 > vm->cap) {
        VMap g = { NULL, NULL, vm->cap ? vm->cap * 2 : 64, 0, false };
        g.from = xcalloc(g.cap, sizeof *g.from);
        g.to = xcalloc(g.cap, sizeof *g.to);
        for (size_t i = 0; i < vm->cap; i++)
            if (vm->from[i]) {
                size_t j = vmap_slot(&g, vm->from[i]);
                while (g.from[j]) j = (j + 1) & (g.cap - 1);
                g.from[j] = vm->from[i]; g.to[j] = vm->to[i]; g.n++;
            }
        free(vm->from); free(vm->to);
        *vm = g;
    }
    size_t j = vmap_slot(vm, from);
    while (vm->from[j] && vm->from[j] != from) j = (j + 1) & (vm->cap - 1);
    if (!vm->from[j]) vm->n++;
    vm->from[j] = from;
    vm->to[j] = to;
}

static Value *vmap_get(const VMap *vm, const Value *from)
{
    if (!vm->cap || !from) return NULL;
    size_t j = vmap_slot(vm, from);
    while (vm->from[j]) {
        if (vm->from[j] == from) return vm->to[j];
        j = (j + 1) & (vm->cap - 1);
    }
    return NULL;
}

static void add_use(Module *m, Value *v, Op *user, int i, bool *oom)
{
    if (!v) return;
    Use *u = arena_alloc(m->arena, sizeof *u);
    if (!u) { *oom = true; return; }
    u->user = user;
    u->operand = i;
    if (v->uses_tail) v->uses_tail->next = u;
    else v->uses = u;
    v->uses_tail = u;
    v->nuses++;
}

static Value *copy_value(Module *m, const Value *src, Op *def, Block *b, bool *oom)
{
    Value *v = arena_alloc(m->arena, sizeof *v);
    if (!v) { *oom = true; return NULL; }
    v->type = src->type;
    v->def = def;
    v->block = b;
    v->result_index = src->result_index;
    v->index = src->index;
    v->name = src->name;
    return v;
}

static Block *copy_block(Module *m, const Block *src, Op *parent_op, Func *func, VMap *vm, bool *oom);

/* A copy of [src] for block [b]: operands through [vm], results new. */
static Op *copy_op(Module *m, const Op *src, Block *b, Func *func, VMap *vm, bool *oom)
{
    Op *op = arena_alloc(m->arena, sizeof *op);
    if (!op) { *oom = true; return NULL; }
    *op = *src;
    op->parent = b;
    op->operands = op->noperands ? arena_alloc(m->arena, sizeof *op->operands * (size_t)op->noperands) : NULL;
    op->results = op->nresults ? arena_alloc(m->arena, sizeof *op->results * (size_t)op->nresults) : NULL;
    op->regions = op->nregions ? arena_alloc(m->arena, sizeof *op->regions * (size_t)op->nregions) : NULL;
    if ((op->noperands && !op->operands) || (op->nresults && !op->results) || (op->nregions && !op->regions)) {
        *oom = true;
        return NULL;
    }
    for (int i = 0; i < op->noperands; i++) {
        Value *v = vmap_get(vm, src->operands[i]);
        op->operands[i] = v ? v : src->operands[i];
        add_use(m, op->operands[i], op, i, oom);
    }
    for (int i = 0; i < op->nresults; i++) {
        if (!src->results[i]) continue;
        op->results[i] = copy_value(m, src->results[i], op, b, oom);
        if (op->results[i]) vmap_put(vm, src->results[i], op->results[i]);
    }
    for (int r = 0; r < op->nregions; r++)
        op->regions[r] = src->regions[r] ? copy_block(m, src->regions[r], op, func, vm, oom) : NULL;
    return op;
}

static Block *copy_block(Module *m, const Block *src, Op *parent_op, Func *func, VMap *vm, bool *oom)
{
    Block *b = arena_alloc(m->arena, sizeof *b);
    if (!b) { *oom = true; return NULL; }
    *b = *src;
    b->parent_op = parent_op;
    b->func = func;
    b->args = b->nargs ? arena_alloc(m->arena, sizeof *b->args * (size_t)b->nargs) : NULL;
    b->ops = b->nops ? arena_alloc(m->arena, sizeof *b->ops * (size_t)b->nops) : NULL;
    if ((b->nargs && !b->args) || (b->nops && !b->ops)) { *oom = true; return NULL; }
    for (int i = 0; i < b->nargs; i++) {
        b->args[i] = copy_value(m, src->args[i], NULL, b, oom);
        if (b->args[i]) vmap_put(vm, src->args[i], b->args[i]);
    }
    for (int k = 0; k < b->nops && !*oom; k++) {
        b->ops[k] = copy_op(m, src->ops[k], b, func, vm, oom);
        if (b->ops[k]) b->ops[k]->index = k;
    }
    return b;
}

/* How many ops name each function (callee fields and symbol attributes). */
static void count_attr_refs(const Module *m, const Attr *a, int *refs, int depth)
{
    if (!a || depth > IR_MAX_NESTING * 64) return;
    if (a->kind == ATTR_SYMBOL) {
        const Func *f = a->u.str.s ? ir_module_func(m, a->u.str.s) : NULL;
        if (f) refs[f->index]++;
    } else if (a->kind == ATTR_ARRAY) {
        for (int i = 0; i < a->u.arr.n; i++) count_attr_refs(m, a->u.arr.elems[i], refs, depth + 1);
    } else if (a->kind == ATTR_DICT) {
        for (int i = 0; i < a->u.dict.n; i++) count_attr_refs(m, a->u.dict.attrs[i].value, refs, depth + 1);
    }
}

static void count_refs(const Module *m, const Block *b, int *refs, int depth)
{
    if (!b || depth > IR_MAX_NESTING + 1) return;
    for (int k = 0; k < b->nops; k++) {
        const Op *op = b->ops[k];
        const Func *f = op->callee ? ir_module_func(m, op->callee) : NULL;
        bool counted = false;
        for (int i = 0; i < op->nattrs; i++) {
            const Attr *a = op->attrs[i].value;
            if (f && a && a->kind == ATTR_SYMBOL && a->u.str.s && !strcmp(a->u.str.s, f->name)) counted = true;
            count_attr_refs(m, a, refs, 0);
        }
        if (f && !counted) refs[f->index]++;
        for (int r = 0; r < op->nregions; r++) count_refs(m, op->regions[r], refs, depth + 1);
    }
}

/* Replaces call [call] (in block [b] of [caller]) by the body of [f]. */
static bool inline_call(Module *m, Func *caller, Block *b, Op *call, const Func *f)
{
    const Block *body = f->body;
    const Op *ret = body->ops[body->nops - 1];
    int nnew = body->nops - 1;
    Op **ops = arena_alloc(m->arena, sizeof *ops * (size_t)(b->nops - 1 + nnew));
    if (!ops && b->nops - 1 + nnew > 0) return false;
    VMap vm = { NULL, NULL, 0, 0, false };
    bool oom = false;
    for (int i = 0; i < body->nargs && i < call->noperands; i++) vmap_put(&vm, body->args[i], call->operands[i]);
    int k = 0;
    for (int i = 0; i < call->index; i++) ops[k++] = b->ops[i];
    for (int i = 0; i < nnew && !oom && !vm.oom; i++) ops[k++] = copy_op(m, body->ops[i], b, caller, &vm, &oom);
    if (oom || vm.oom) { free(vm.from); free(vm.to); return false; }
    for (int i = 0; i < call->nresults && i < ret->noperands; i++) {
        Value *v = vmap_get(&vm, ret->operands[i]);
        if (call->results[i]) replace_all_uses(call->results[i], v ? v : ret->operands[i]);
    }
    free(vm.from);
    free(vm.to);
    for (int i = 0; i < call->noperands; i++) unlink_use(call, i);
    for (int i = call->index + 1; i < b->nops; i++) ops[k++] = b->ops[i];
    b->ops = ops;
    b->nops = k;
    for (int i = 0; i < k; i++) b->ops[i]->index = i;
    return true;
}

static bool inlinable(const Module *m, const Func *caller, const Op *op, const int *refs, const Func **callee)
{
    if (!op->info || op->info->id != OPID_tfrt_call || !op->callee) return false;
    const Func *f = ir_module_func(m, op->callee);
    if (!f || f == caller || !f->is_private || !f->body || f->is_sync || f->is_native || caller->is_sync) return false;
    if (refs[f->index] != 1 || f->nargs != op->noperands || f->nresults != op->nresults) return false;
    *callee = f;
    return true;
}

static int inline_block(Module *m, Func *caller, Block *b, const int *refs, bool *gone, int depth)
{
    int n = 0;
    if (depth > IR_MAX_NESTING + 1) return 0;
    for (int k = 0; k < b->nops; k++) {
        Op *op = b->ops[k];
        const Func *f;
        if (inlinable(m, caller, op, refs, &f) && !gone[f->index] && inline_call(m, caller, b, op, f)) {
            gone[f->index] = true;
            n++;
            k--;                  /* the first inlined op is at k now */
            continue;
        }
        for (int r = 0; r < op->nregions; r++)
            if (op->regions[r]) n += inline_block(m, caller, op->regions[r], refs, gone, depth + 1);
    }
    return n;
}

int ir_inline(Module *m)
{
    int total = 0;
    for (int round = 0; round < 64; round++) {
        int *refs = xcalloc((size_t)m->nfuncs + 1, sizeof *refs);
        bool *gone = xcalloc((size_t)m->nfuncs + 1, sizeof *gone);
        for (int i = 0; i < m->nfuncs; i++) count_refs(m, m->funcs[i]->body, refs, 0);
        count_refs(m, m->top, refs, 0);     /* symbols named at module level */
        int n = 0;
        for (int i = 0; i < m->nfuncs; i++)
            if (m->funcs[i]->body && !gone[i]) n += inline_block(m, m->funcs[i], m->funcs[i]->body, refs, gone, 0);
        /* The inlined functions go (their one reference was the call). */
        int j = 0;
        for (int i = 0; i < m->nfuncs; i++)
            if (!gone[i]) { m->funcs[j] = m->funcs[i]; m->funcs[j]->index = j; j++; }
        m->nfuncs = j;
        ir_index_funcs(m);
        free(refs);
        free(gone);
        total += n;
        if (!n) break;
    }
    return total;
}
