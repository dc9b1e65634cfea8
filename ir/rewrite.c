/*
** rewrite.c — the in-place rewrites of `tfrun opt` (rewrite.h).
**
** Three primitives keep the use lists true while ops change: replace every
** use of a value, drop one operand, erase an op (whose results are unused).
** The passes are built on them and on the op table's effect facts
** (kernels/optable.h), the same facts the sequencing analysis reads.
*/
#include "ir/rewrite.h"

#include <string.h>
#include "ir/arena.h"
#include "kernels/optable.h"

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
    if (in->id == OPID_tfrt_return) return false;
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
