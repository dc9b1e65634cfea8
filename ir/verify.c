/*
** verify.c — static checks of a parsed module (see verify.h): blocks,
** ops, signatures, names and the entry points. What an op refers to (its
** attributes, symbols and callees) is checked in ir/verify_refs.c; what both
** share is ir/verify_int.h.
**
** Messages follow MLIR/TFRT where a reference exists (docs/language.md §2.9
** word for word; MLIR's op-trait and ODS wording otherwise), always with
** MLIR's `'OP' op ` prefix for errors about an op. Every check reports and
** goes on, so one run lists every error. Notes point at related places: the
** callee's definition, the first definition of a redefined name.
**
** Decisions not fixed by the spec:
**   - unknown ops: an error in known dialects (`unregistered operation ...`),
**     and in unknown dialects unless -allow-unregistered-dialect; `run`
**     accepts them all (allow_unknown_ops) so that its loader can report
**     `unknown kernel name` exactly as docs/execution.md §1.8 says;
**   - symbol references of ops other than tfrt.call to a missing function
**     use the BEF converter's message `function @X not defined` (docs/execution.md §1.8);
**   - signatures of call-like ops (cond, case, while, once, parallel_call,
**     rv.critical, sync_benchmark) are checked against the callee with the
**     tfrt.call messages, naming the callee;
**   - the body of tfrt.parallel_for.i32 is not type-checked: a wrong body
**     signature is the runtime error of docs/kernel-behaviour.md §4.
*/
#include "base/alloc.h"
#include "base/typename.h"
#include "ir/verify.h"
#include "ir/verify_int.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool operand_matches(const SigType *s, const Type *t);

/* verify_type_matches through V's cache of matching pairs. */
static bool sig_accepts(V *v, const SigType *s, const Type *t, bool operand)
{
    uint64_t k = (uint64_t)(uintptr_t)s->p ^ ((uint64_t)(uintptr_t)t << 7);
    size_t h = (size_t)((k * 0x9E3779B97F4A7C15u) >> 58);     /* 6 bits */
    if (t && v->hits[h].sig == s->p && v->hits[h].t == t) return true;
    bool ok = operand ? operand_matches(s, t) : verify_type_matches(s->p, (size_t)s->len, t);
    if (ok && t) { v->hits[h].sig = s->p; v->hits[h].t = t; }
    return ok;
}

/* The location of [op] for diagnostics: its loc, or a file location built
** from its line/col in [tmp]. */
static const Loc *op_loc(V *v, const Op *op, Loc *tmp)
{
    if (op->loc) return op->loc;
    memset(tmp, 0, sizeof *tmp);
    tmp->kind = LOC_FILE;
    tmp->file = v->m->filename;
    tmp->line = op->line;
    tmp->col = op->col;
    return tmp;
}

static const Loc *func_loc(V *v, const Func *f, Loc *tmp)
{
    if (f->loc) return f->loc;
    memset(tmp, 0, sizeof *tmp);
    tmp->kind = LOC_FILE;
    tmp->file = v->m->filename;
    tmp->line = f->line;
    tmp->col = f->col;
    return tmp;
}

static void vemit(V *v, DiagKind k, const Loc *loc, const char *prefix, const char *fmt, va_list ap)
{
    char buf[1024];
    int n = prefix ? snprintf(buf, sizeof buf, "%s", prefix) : 0;
    if (n < 0 || (size_t)n >= sizeof buf) n = 0;
    vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
    diag_emit_loc(v->d, k, loc, buf);
}

/* An error about [op]: "'NAME' op MESSAGE". */
void vf_op_error(V *v, const Op *op, const char *fmt, ...)
{
    v->errors++;
    if (!v->d) return;
    Loc tmp;
    char prefix[300];
    snprintf(prefix, sizeof prefix, "'%s' op ", op->name ? op->name : "?");
    va_list ap;
    va_start(ap, fmt);
    vemit(v, DIAG_ERROR, op_loc(v, op, &tmp), prefix, fmt, ap);
    va_end(ap);
}

/* An error at [op] without the op prefix. */
void vf_at_op(V *v, DiagKind k, const Op *op, const char *fmt, ...)
{
    if (k == DIAG_ERROR) v->errors++;
    if (!v->d) return;
    Loc tmp;
    va_list ap;
    va_start(ap, fmt);
    vemit(v, k, op_loc(v, op, &tmp), NULL, fmt, ap);
    va_end(ap);
}

void vf_at_func(V *v, DiagKind k, const Func *f, const char *fmt, ...)
{
    if (k == DIAG_ERROR) v->errors++;
    if (!v->d) return;
    Loc tmp;
    va_list ap;
    va_start(ap, fmt);
    vemit(v, k, func_loc(v, f, &tmp), NULL, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- types */

bool verify_type_matches(const char *sig, size_t len, const Type *t)
{
    if (len == 3 && !memcmp(sig, "any", 3)) return true;
    if (!t || !t->spelling) return false;
    size_t n = strlen(t->spelling);
    if (n == len && !memcmp(sig, t->spelling, len)) return true;
    return tn_is_tensor(sig, len) && tn_is_tensor(t->spelling, n);
}

/* An operand of type !tfrt.any accepts every value (docs/kernel-behaviour.md §11). */
static bool operand_matches(const SigType *s, const Type *t)
{
    if (s->len == 9 && !memcmp(s->p, "!tfrt.any", 9)) return true;
    return verify_type_matches(s->p, (size_t)s->len, t);
}

/* ODS-style description of a signature type ("32-bit signless integer",
** "!ts.shape type"), for `must be DESC, but got 'T'`. */
void vf_describe(const SigType *s, char *buf, size_t cap)
{
    const char *p = s->p;
    int n = s->len;
    if (n == 3 && !memcmp(p, "any", 3)) { snprintf(buf, cap, "any type"); return; }
    if (n >= 2 && p[0] == 'i' && p[1] >= '0' && p[1] <= '9') {
        snprintf(buf, cap, "%.*s-bit signless integer", n - 1, p + 1); return;
    }
    if (n >= 3 && p[0] == 'u' && p[1] == 'i') {
        snprintf(buf, cap, "%.*s-bit unsigned integer", n - 2, p + 2); return;
    }
    if (n == 4 && !memcmp(p, "bf16", 4)) { snprintf(buf, cap, "bfloat16 type"); return; }
    if (n >= 2 && p[0] == 'f' && p[1] >= '0' && p[1] <= '9') {
        snprintf(buf, cap, "%.*s-bit float", n - 1, p + 1); return;
    }
    snprintf(buf, cap, "%.*s type", n, p);
}

/* Ops whose callees check_callees checks. */
bool vf_is_call_like(SyntaxFamily f)
{
    switch (f) {
    case SYN_CALL: case SYN_COND: case SYN_CASE: case SYN_WHILE: case SYN_ONCE:
    case SYN_CRITICAL: case SYN_PARALLEL_CALL: case SYN_SYNC_BENCHMARK:
    case SYN_CORERT:     /* corert.cond and corert.while call; the others check nothing */
        return true;
    default:
        return false;
    }
}

/* The Row of [info], made on first use; NULL for an op-table row outside
** the table (hand-made OpInfo) or when out of memory: the callers then
** take the slow path (signature unchecked, attribute rules every time). */
static Row *make_row(V *v, const OpInfo *info);

static inline Row *row_of(V *v, const OpInfo *info)
{
    if (info == v->last_info) return v->last_row;
    Row *r = make_row(v, info);
    if (r) { v->last_info = info; v->last_row = r; }
    return r;
}

static Row *make_row(V *v, const OpInfo *info)
{
    if (!v->rows || info < v->tab || info >= v->tab + v->ntab) return NULL;
    Row **slot = &v->rows[info - v->tab];
    if (*slot) return *slot;
    Row *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    ir_sig_split(info->signature, &r->sig);
    for (int i = 0; i < r->sig.nin; i++)
        if (r->sig.in[i].len == 11 && !memcmp(r->sig.in[i].p, "!tfrt.chain", 11)) r->sig_has_chain = true;
    r->callee_checks = vf_is_call_like(info->family);
    r->attr_rule = ATTR_RULE_UNKNOWN;
    r->plain = !r->sig.unchecked && !r->sig.in_var && !r->sig.out_var && !r->callee_checks &&
               !(info->flags & OPF_HAS_REGIONS) && info->family != SYN_RETURN;
    *slot = r;
    return r;
}

/* ---------------------------------------------------------------- dialects */

static void collect_dialects(V *v);

static bool known_dialect(V *v, const char *name)
{
    if (!v->have_dialects) collect_dialects(v);
    const char *dot = strchr(name, '.');
    size_t n = dot ? (size_t)(dot - name) : strlen(name);
    for (int i = 0; i < v->ndialects; i++)
        if (strlen(v->dialects[i]) == n && !memcmp(v->dialects[i], name, n)) return true;
    return false;
}

static void collect_dialects(V *v)
{
    v->have_dialects = true;
    for (size_t i = 0; i < v->ntab; i++) {
        const char *nm = v->tab[i].name;
        const char *dot = strchr(nm, '.');
        size_t n = dot ? (size_t)(dot - nm) : strlen(nm);
        bool seen = false;
        for (int j = 0; j < v->ndialects && !seen; j++)
            seen = strlen(v->dialects[j]) == n && !memcmp(v->dialects[j], nm, n);
        if (seen) continue;
        char **nd = realloc(v->dialects, (size_t)(v->ndialects + 1) * sizeof *nd);
        if (!nd) return;
        v->dialects = nd;
        char *s = malloc(n + 1);
        if (!s) return;
        memcpy(s, nm, n);
        s[n] = '\0';
        v->dialects[v->ndialects++] = s;
    }
    /* The function dialect is known too (func.func is no op in the table). */
}

/* ---------------------------------------------------------------- blocks */

/* What the enclosing construct expects of a block's tfrt.return. */
typedef struct RetCtx {
    const Func *func;            /* function body: its result types */
    const Op *region_op;         /* region: the op owning it */
    const Type *const *types;    /* expected types (region: the op's results) */
    int ntypes;
    bool check_types;            /* false: results unchecked (parallel_for, unknown ops) */
    int exactly;                 /* >= 0: benchmark, exact return count */
} RetCtx;

static void verify_block(V *v, const Block *b, const RetCtx *rc, int depth);
static void check_call_not_sync(V *v, const Op *op);

static void check_return(V *v, const Op *ret, const RetCtx *rc)
{
    if (rc->func) {
        const Func *f = rc->func;
        if (ret->noperands != f->nresults) {
            vf_op_error(v, ret, "has %d operands, but enclosing function returns %d",
                     ret->noperands, f->nresults);
            return;
        }
        for (int i = 0; i < ret->noperands; i++) {
            const Value *a = ret->operands[i];
            if (a && !type_eq(a->type, f->result_types[i]))
                vf_at_op(v, DIAG_ERROR, ret, "type of return operand %d ('%s') doesn't match function result type ('%s')",
                      i, tname(a->type), tname(f->result_types[i]));
        }
        return;
    }
    if (rc->exactly >= 0) {
        if (ret->noperands != rc->exactly)
            vf_op_error(v, rc->region_op, "Must have exactly one return value");
        return;
    }
    if (!rc->check_types) return;
    bool ok = ret->noperands == rc->ntypes;
    for (int i = 0; ok && i < rc->ntypes; i++)
        ok = ret->operands[i] && type_eq(ret->operands[i]->type, rc->types[i]);
    if (!ok) vf_op_error(v, ret, "operand types don't match '%s' result", rc->region_op->name);
}

/* MLIR's func.return, op [i] of [b] (docs/syntax.md "The func dialect"):
** the last op of a function body, returning what the function declares;
** in mlir-opt's words. (Whether TFRT would run the function: verify_block.) */
static void check_func_return(V *v, const Block *b, int i, const Op *op)
{
    const Func *f = b->func;
    if (b->parent_op || !f) {
        vf_op_error(v, op, "expects parent op 'func.func'");
        return;
    }
    if (i != b->nops - 1) {
        vf_op_error(v, op, "must be the last operation in the parent block");
        return;
    }
    if (op->nresults) vf_op_error(v, op, "expected 0 results, but found %d", op->nresults);
    if (op->noperands != f->nresults) {
        vf_op_error(v, op, "has %d operands, but enclosing function (@%s) returns %d",
                 op->noperands, f->name, f->nresults);
        return;
    }
    for (int k = 0; k < op->noperands; k++) {
        const Value *a = op->operands[k];
        if (a && !type_eq(a->type, f->result_types[k]))
            vf_at_op(v, DIAG_ERROR, op, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s",
                  k, tname(a->type), tname(f->result_types[k]), f->name);
    }
}

/* Region block arguments must have the given types. */
static void check_region_args(V *v, const Op *op, const Block *b, const char *which,
                              const Type *const *want, int nwant)
{
    if (!b) return;
    if (b->nargs != nwant) {
        vf_op_error(v, op, "incorrect number of arguments to '%s' block", which);
        return;
    }
    for (int i = 0; i < nwant; i++)
        if (b->args[i] && want[i] && !type_eq(b->args[i]->type, want[i]))
            vf_op_error(v, op, "type of argument #%d of '%s' block ('%s') doesn't match operand type ('%s')",
                     i, which, tname(b->args[i]->type), tname(want[i]));
}

static void operand_types(const Op *op, int first, const Type **buf, int cap, int *n)
{
    *n = 0;
    for (int i = first; i < op->noperands && *n < cap; i++)
        buf[(*n)++] = op->operands[i] ? op->operands[i]->type : NULL;
}

static void need_i32_operand(V *v, const Op *op, int i)
{
    if (i < op->noperands && op->operands[i] && strcmp(tname(op->operands[i]->type), "i32"))
        vf_op_error(v, op, "operand #%d must be 32-bit signless integer, but got '%s'",
                 i, tname(op->operands[i]->type));
}

/* Ops with regions: block arguments (docs/language.md §2.7) and the region returns. */
static void check_regions(V *v, const Op *op, int depth)
{
    if (op->nregions == 0 && !(op->info && (op->info->flags & OPF_HAS_REGIONS))) return;
    /* On the heap: this function recurses once per nesting level (through
    ** verify_block), and rb stays in use below (rc.res). */
    /* Sized to the op: TFRT's own programs pass tfrt.if hundreds of operands. */
    int cap = op->noperands + 3, rcap = op->nresults + 1;
    const Type **tb = malloc(sizeof *tb * (size_t)cap), **rb = malloc(sizeof *rb * (size_t)rcap);
    if (!tb || !rb) tf_out_of_memory();
    int nt;
    int nres = op->nresults;
    const Type *const *res = vf_result_types(op, rb, rcap);
    RetCtx rc = { NULL, op, res, nres, true, -1 };
    if (op_id(op) == OPID_tfrt_if) {
        if (op->noperands < 1) vf_op_error(v, op, "expected 1 or more operands, but found 0");
        else if (op->operands[0] && strcmp(tname(op->operands[0]->type), "i1"))
            vf_op_error(v, op, "operand #0 must be 1-bit signless integer, but got '%s'",
                     tname(op->operands[0]->type));
        if (op->nregions != 2) vf_op_error(v, op, "requires 2 regions");
        operand_types(op, 1, tb, cap, &nt);
        for (int r = 0; r < op->nregions && r < 2; r++)
            check_region_args(v, op, op->regions[r], r ? "else" : "then", tb, nt);
    } else if (op_id(op) == OPID_tfrt_repeat_i32) {
        need_i32_operand(v, op, 0);
        if (op->nresults != op->noperands - 1) vf_op_error(v, op, "incorrect number of operands");
        else
            for (int i = 0; i < op->nresults; i++)
                if (op->operands[i + 1] && op->results[i] &&
                    !type_eq(op->operands[i + 1]->type, op->results[i]->type)) {
                    vf_op_error(v, op, "operand/result type mismatch");
                    break;
                }
        if (op->nregions != 1) vf_op_error(v, op, "requires 1 region");
        operand_types(op, 1, tb, cap, &nt);
        if (op->nregions >= 1) check_region_args(v, op, op->regions[0], "body", tb, nt);
    } else if (op_id(op) == OPID_tfrt_parallel_for_i32) {
        for (int i = 0; i < 3; i++) need_i32_operand(v, op, i);
        if (op->noperands < 3) vf_op_error(v, op, "expected 3 or more operands, but found %d", op->noperands);
        if (op->nregions != 1) vf_op_error(v, op, "requires 1 region");
        nt = 0;
        if (op->noperands >= 3) {
            tb[0] = op->operands[0] ? op->operands[0]->type : NULL;
            tb[1] = op->operands[1] ? op->operands[1]->type : NULL;
            int k;
            operand_types(op, 3, tb + 2, cap - 2, &k);
            nt = k + 2;
            if (op->nregions >= 1) check_region_args(v, op, op->regions[0], "body", tb, nt);
        }
        rc.check_types = false;
    } else if (op_id(op) == OPID_tfrt_test_do_async) {
        if (op->nregions != 1) vf_op_error(v, op, "requires 1 region");
        operand_types(op, 0, tb, cap, &nt);
        if (op->nregions >= 1) check_region_args(v, op, op->regions[0], "body", tb, nt);
    } else if (op_id(op) == OPID_tfrt_test_benchmark) {
        if (op->nregions != 1) vf_op_error(v, op, "requires 1 region");
        operand_types(op, 0, tb, cap, &nt);
        if (op->nregions >= 1) check_region_args(v, op, op->regions[0], "body", tb, nt);
        rc.exactly = 1;
    } else if (op->nregions > 0 && op->info && !(op->info->flags & OPF_HAS_REGIONS)) {
        vf_op_error(v, op, "expected 0 regions, but found %d", op->nregions);
        rc.check_types = false;
    } else {
        rc.check_types = false;     /* unknown op: nothing known about its regions */
    }
    for (int r = 0; r < op->nregions; r++)
        if (op->regions[r]) verify_block(v, op->regions[r], &rc, depth + 1);
    free(tb);
    free(rb);
}

/* Does signature entry [st] accept [t]? [ok] is the Row's one-type cache
** of that entry, in front of sig_accepts's. */
static inline bool entry_accepts(V *v, const Type **ok, const SigType *st, const Type *t, bool operand)
{
    if (t && *ok == t) return true;
    if (!sig_accepts(v, st, t, operand)) return false;
    if (t) *ok = t;
    return true;
}

/* Arity and types against the op-table signature of [r] (NULL: unchecked). */
static void check_signature(V *v, const Op *op, Row *r)
{
    if (!r || r->sig.unchecked) return;
    const Sig *s = &r->sig;
    char desc[128];
    /* Operands: fixed part, optional variadic tail, optional trailing chain. */
    int fixed = s->nin - (s->in_var ? 1 : 0);
    int n = op->noperands;
    if ((op->info->flags & OPF_TRAILING_CHAIN) && !r->sig_has_chain && n > 0 &&
        (s->in_var ? n >= fixed + 1 : n == fixed + 1) && op->operands[n - 1] &&
        op->operands[n - 1]->type && op->operands[n - 1]->type->is_chain)
        n--;                        /* the extra chain */
    if (s->in_var ? n < fixed : n != fixed) {
        if (s->in_var) vf_op_error(v, op, "expected %d or more operands, but found %d", fixed, op->noperands);
        else vf_op_error(v, op, "expected %d operands, but found %d", fixed, op->noperands);
    } else {
        for (int i = 0; i < n; i++) {
            int k = i < s->nin ? i : s->nin - 1;
            const Value *a = op->operands[i];
            if (a && !entry_accepts(v, &r->in_ok[k], &s->in[k], a->type, true)) {
                vf_describe(&s->in[k], desc, sizeof desc);
                vf_op_error(v, op, "operand #%d must be %s, but got '%s'", i, desc, tname(a->type));
            }
        }
    }
    int rfixed = s->nout - (s->out_var ? 1 : 0);
    if (s->out_var ? op->nresults < rfixed : op->nresults != rfixed) {
        if (s->out_var) vf_op_error(v, op, "expected %d or more results, but found %d", rfixed, op->nresults);
        else vf_op_error(v, op, "expected %d results, but found %d", rfixed, op->nresults);
        return;
    }
    for (int i = 0; i < op->nresults; i++) {
        int k = i < s->nout ? i : s->nout - 1;
        const Value *res = op->results[i];
        if (res && !entry_accepts(v, &r->out_ok[k], &s->out[k], res->type, false)) {
            vf_describe(&s->out[k], desc, sizeof desc);
            vf_op_error(v, op, "result #%d must be %s, but got '%s'", i, desc, tname(res->type));
        }
    }
}

/* A name -> first value table for the redefinition check of a block whose
** builder has not promised unique names (Block.names_unique). Names are
** compared by content: a builder need not intern them, so two values of
** one name may have different pointers. NULL names are never entered.
** A slot is 8 bytes, 0 when empty, else the high half of the name's hash
** and 1 + the value's number in [vals] (the values in the order entered),
** so that a probe reads the value only when the hashes agree. */
typedef struct NameTab {
    uint64_t *slots; size_t cap;
    const Value **vals; uint32_t nvals;
} NameTab;

/* A hash of the whole text of [s], eight bytes at a time (names are short:
** "%v12345" is one word). */
static uint64_t hash_name(const char *s)
{
    const uint64_t k = 0x9E3779B97F4A7C15ull;
    size_t n = strlen(s);
    uint64_t h = (uint64_t)n * k, w;
    for (; n > 8; n -= 8, s += 8) {
        memcpy(&w, s, 8);
        h = (h ^ w) * k;
        h ^= h >> 31;
    }
    if (n >= 4) {                 /* 4..8 bytes: two overlapping words */
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        w = (uint64_t)a << 32 | b;
    } else {                      /* 0..3 bytes */
        w = 0;
        for (size_t i = 0; i < n; i++) w = w << 8 | (unsigned char)s[i];
    }
    h = (h ^ w) * k;
    return h ^ (h >> 29);
}

/* Enters [val]; returns the earlier value with the same name defined by a
** different op (or argument), or NULL. The table is never full: its
** capacity is at least twice the block's value count (verify_block). */
static inline const Value *name_enter(NameTab *t, const Value *val)
{
    if (!t->slots || !val->name) return NULL;
    uint64_t h = hash_name(val->name);
    uint64_t tag = h & 0xFFFFFFFF00000000ull;
    size_t i = (size_t)h & (t->cap - 1);
    for (;;) {
        uint64_t sl = t->slots[i];
        if (!sl) {
            t->vals[t->nvals++] = val;
            t->slots[i] = tag | t->nvals;
            return NULL;
        }
        if ((sl & 0xFFFFFFFF00000000ull) == tag) {
            const Value *o = t->vals[(uint32_t)sl - 1];
            if (!strcmp(o->name, val->name)) {
                if (o->def && o->def == val->def) return NULL;   /* %x:2 results */
                return o;
            }
        }
        i = (i + 1) & (t->cap - 1);
    }
}

static void redefined(V *v, const Value *val, const Value *old, const Op *at, const Block *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, "redefinition of SSA value '%s%s'", val->name[0] == '%' ? "" : "%", val->name);
    Loc tmp;
    if (at) { v->errors++; if (v->d) diag_emit_loc(v->d, DIAG_ERROR, op_loc(v, at, &tmp), msg); }
    else if (b->parent_op) { v->errors++; if (v->d) diag_emit_loc(v->d, DIAG_ERROR, op_loc(v, b->parent_op, &tmp), msg); }
    else if (b->func) vf_at_func(v, DIAG_ERROR, b->func, "%s", msg);
    else { v->errors++; if (v->d) diag_emit_loc(v->d, DIAG_ERROR, NULL, msg); }
    if (old->def) vf_at_op(v, DIAG_NOTE, old->def, "previously defined here");
}

/* Does the value [a] reach [op] in block [b], which is not a's block? It
** does when [b] lies in a region of an op in a's block (at some depth) and
** every op on the way is not isolated from above (ir_op_isolated), as in
** MLIR. *[iso]: the outermost isolated op on the way (NULL: none); *[anc]:
** the op of a's block whose region holds [b] (NULL: b is not inside a's
** block, a sibling region or another function). */
static void reach(const Value *a, const Block *b, const Op **iso, const Op **anc)
{
    *iso = *anc = NULL;
    for (int guard = 0; b && b->parent_op && guard < MAX_DEPTH + 8; guard++) {
        const Op *o = b->parent_op;
        if (ir_op_isolated(o)) *iso = o;
        if (o->parent == a->block) { *anc = o; return; }
        b = o->parent;
    }
    *iso = NULL;
}

/* Does [a], a value of [blk], come before op [o] of [blk]? */
static bool defined_before(const Value *a, const Block *blk, const Op *o)
{
    return a->def ? a->def->parent == blk && a->def->index < o->index
                  : a->result_index >= 0 && a->result_index < blk->nargs && blk->args[a->result_index] == a;
}

static void check_operands(V *v, const Block *b, const Op *op)
{
    for (int i = 0; i < op->noperands; i++) {
        const Value *a = op->operands[i];
        if (!a) {
            vf_op_error(v, op, "operand #%d is undefined", i);
            continue;
        }
        if (a->block == b) {
            if (!defined_before(a, b, op)) {
                vf_op_error(v, op, "operand #%d does not dominate this use", i);
                if (a->def) vf_at_op(v, DIAG_NOTE, a->def, "operand defined here");
            }
            continue;
        }
        /* Defined in an enclosing block (seen through the regions of ops
        ** that are not isolated, or not: isolation violated) or somewhere
        ** unrelated (another function, a sibling region). */
        const Op *iso, *anc;
        reach(a, b, &iso, &anc);
        if (iso) {
            vf_op_error(v, op, "using value defined outside the region");
            vf_at_op(v, DIAG_NOTE, iso, "required by region isolation constraints");
        } else if (!anc) {
            vf_op_error(v, op, "operand #%d uses a value that is not visible here", i);
        } else if (!defined_before(a, a->block, anc)) {
            vf_op_error(v, op, "operand #%d does not dominate this use", i);
            if (a->def) vf_at_op(v, DIAG_NOTE, a->def, "operand defined here (op in a parent region)");
        }
    }
}

/* Symbol references of [op]'s attributes and callee to missing functions
** (tfrt.call has its own message, reported by check_callees). */
static void check_op_symbols(V *v, const Op *op)
{
    const char *skip = op->info && op->info->family == SYN_CALL
        ? (op->callee ? op->callee : vf_sym_attr(op, attr_callee)) : NULL;
    bool in_attrs = false;
    for (int a = 0; a < op->nattrs; a++) {
        vf_check_symbols(v, op, op->attrs[a].value, skip, 0);
        if (op->callee && vf_attr_has_symbol(op->attrs[a].value, op->callee, 0)) in_attrs = true;
    }
    if (op->callee && !skip && !in_attrs && !vf_lookup(v, op->callee))
        vf_at_op(v, DIAG_ERROR, op, "function @%s not defined", op->callee);
}

/* An op that is not in the op table. */
static void check_unknown_op(V *v, const Op *op)
{
    if (v->o.allow_unknown_ops) return;
    const char *nm = op->name ? op->name : "";
    const char *dot = strchr(nm, '.');
    if (optable_dialect_open(nm, strlen(nm))) return;
    if (known_dialect(v, nm) || !strncmp(nm, "func.", 5))
        vf_at_op(v, DIAG_ERROR, op, "unregistered operation '%s' found in dialect ('%.*s') that does not allow unknown operations",
              nm, dot ? (int)(dot - nm) : (int)strlen(nm), nm);
    else if (!v->o.allow_unregistered_dialect)
        vf_at_op(v, DIAG_ERROR, op, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used");
}

/* The common op, checked in one pass: a plain Row without attribute
** rules; no attributes, callee or regions; the signature's arity; operands
** defined earlier in [b]; results defined by [op] in [b]; every type the one
** its signature entry last accepted. True when the general path would
** report nothing about [op] but a redefined name (the caller enters the
** names). False: take the general path, which reports in its usual order. */
static bool plain_op_ok(const Block *b, const Op *op, const Row *r)
{
    if (op->nattrs || op->callee || op->nregions ||
        op->noperands != r->sig.nin || op->nresults != r->sig.nout) return false;
    for (int i = 0; i < op->noperands; i++) {
        const Value *a = op->operands[i];
        if (!a || a->block != b || !a->type || a->type != r->in_ok[i]) return false;
        if (a->def ? !(a->def->parent == b && a->def->index < op->index)
                   : !(a->result_index >= 0 && a->result_index < b->nargs && b->args[a->result_index] == a))
            return false;
    }
    for (int i = 0; i < op->nresults; i++) {
        const Value *res = op->results[i];
        if (!res || res->def != op || res->block != b || res->result_index != i ||
            !res->type || res->type != r->out_ok[i]) return false;
    }
    return true;
}

/* Op [i] of block [b], whose named values are in [names] (NULL: the
** builder has checked them, Block.names_unique). [rc]: what a return in
** [b] returns to (NULL at module level, where no return belongs). Every
** check skips what cannot apply to the op: the op-table facts are in its
** Row, and ops without attributes, callee or regions (most of them) pay
** nothing for those checks. */
static void verify_op(V *v, const Block *b, int i, NameTab *names, const RetCtx *rc, int depth)
{
    const Op *op = b->ops[i];
    const OpInfo *info = op->info;
    Row *row = info ? row_of(v, info) : NULL;
    if (row && row->fast && plain_op_ok(b, op, row)) {
        for (int r = 0; names && names->slots && r < op->nresults; r++) {
            const Value *old = name_enter(names, op->results[r]);
            if (old) redefined(v, op->results[r], old, op, b);
        }
        return;
    }
    bool is_ret = ir_op_is_return(op);
    check_operands(v, b, op);
    for (int r = 0; r < op->nresults; r++) {
        const Value *res = op->results[r];
        if (!res) continue;
        if (res->def != op || res->block != b || res->result_index != r) {
            vf_op_error(v, op, "result #%d is defined twice", r);
            continue;
        }
        const Value *old = names ? name_enter(names, res) : NULL;
        if (old) redefined(v, res, old, op, b);
    }
    if (is_ret) {
        if (!rc) {
            vf_op_error(v, op, "ends a function or a region: it cannot stand at module level");
            return;
        }
        if (i != b->nops - 1) vf_op_error(v, op, "must be the last operation in the parent block");
        if (op->nresults) vf_op_error(v, op, "expected 0 results, but found %d", op->nresults);
        check_return(v, op, rc);
        return;
    }
    if (info && info->id == OPID_func_return) {
        check_func_return(v, b, i, op);
        return;
    }
    if (!info) {
        check_unknown_op(v, op);
    } else {
        check_signature(v, op, row);
        vf_check_attrs_cached(v, op, row);
        if (!row || row->callee_checks) vf_check_callees(v, op);
        if (v->o.for_execution && info->family == SYN_CALL) check_call_not_sync(v, op);
    }
    if (op->nattrs > 0 || op->callee) check_op_symbols(v, op);
    if (op->nregions > 0 || (info && (info->flags & OPF_HAS_REGIONS))) check_regions(v, op, depth);
}

static void verify_block(V *v, const Block *b, const RetCtx *rc, int depth)
{
    if (depth > MAX_DEPTH) {
        if (b->parent_op) vf_op_error(v, b->parent_op, "regions nested too deeply");
        return;
    }
    /* The redefinition check, unless the builder has done it (the table
    ** holds every named value of the block: a cache miss per value). */
    NameTab names = { NULL, 0, NULL, 0 };
    if (!b->names_unique) {
        size_t want = (size_t)b->nargs + 1;
        for (int i = 0; i < b->nops; i++) want += b->ops[i] ? (size_t)b->ops[i]->nresults : 0;
        size_t cap = 16;
        while (cap < 2 * want) cap *= 2;
        if (want < UINT32_MAX) {
            names.vals = malloc(want * sizeof *names.vals);
            names.slots = names.vals ? calloc(cap, sizeof *names.slots) : NULL;
            names.cap = cap;
        }
    }

    for (int i = 0; i < b->nargs; i++) {
        const Value *a = b->args[i];
        if (!a) continue;
        if (a->def || a->block != b) {
            if (b->parent_op) vf_at_op(v, DIAG_ERROR, b->parent_op, "block argument #%d defined twice", i);
            else if (b->func) vf_at_func(v, DIAG_ERROR, b->func, "block argument #%d defined twice", i);
            else v->errors++;
        }
        const Value *old = name_enter(&names, a);
        if (old) redefined(v, a, old, NULL, b);
    }
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i]) verify_op(v, b, i, &names, rc, depth);
    free(names.slots);
    free(names.vals);

    const Op *last = b->nops ? b->ops[b->nops - 1] : NULL;
    /* The regions of an op tfrun does not know end as that op's dialect
    ** says (any terminator, or none), as with mlir-opt. */
    bool foreign = b->parent_op && !b->parent_op->info;
    /* A function body may end in MLIR's func.return for `opt`, as for
    ** mlir-opt; TFRT's converter wants tfrt.return (docs/syntax.md "The
    ** func dialect"). */
    bool func_ret = last && !b->parent_op && b->func && op_id(last) == OPID_func_return;
    if (!foreign && (!last || !ir_op_is_return(last)) && !(func_ret && !v->o.for_execution)) {
        if (b->parent_op) vf_op_error(v, b->parent_op, "expected tfrt.return in body");
        else if (b->func) {
            vf_at_func(v, DIAG_ERROR, b->func, "'func.func' op expected tfrt.return in body of @%s", b->func->name);
            if (func_ret) vf_at_op(v, DIAG_NOTE, last, "it ends in MLIR's 'func.return', which TFRT does not run (tfrun opt reads it)");
        }
    }
}

/* ---------------------------------------------------------------- entry points */

static void v_init(V *v, const Module *m, DiagSink *d, const VerifyOptions *opt)
{
    memset(v, 0, sizeof *v);
    v->m = m;
    v->d = d;
    if (opt) v->o = *opt;
    v->tab = optable_all(&v->ntab);
    v->rows = calloc(v->ntab ? v->ntab : 1, sizeof *v->rows);
    /* The dialects are collected on the first unknown op (known_dialect). */
}

static void v_done(V *v)
{
    for (size_t i = 0; v->rows && i < v->ntab; i++) free(v->rows[i]);
    free(v->rows);
    for (int i = 0; i < v->ndialects; i++) free(v->dialects[i]);
    free(v->dialects);
}

/* Converter restrictions on tfrt.sync functions (docs/execution.md §6.9): the body
** may not return one of its arguments, nor one value twice. */
static void check_sync_returns(V *v, const Func *f)
{
    const Block *b = f->body;
    const Op *ret = b->nops ? b->ops[b->nops - 1] : NULL;
    if (!ret || !ir_op_is_return(ret)) return;
    for (int i = 0; i < ret->noperands; i++) {
        const Value *a = ret->operands[i];
        if (!a) continue;
        if (!a->def && a->block == b) {
            vf_at_op(v, DIAG_ERROR, ret, "sync function @%s may not return its argument #%d", f->name, a->result_index);
            continue;
        }
        for (int j = 0; j < i; j++)
            if (ret->operands[j] == a) {
                vf_at_op(v, DIAG_ERROR, ret, "sync function @%s may not return the same value twice (results #%d and #%d)",
                      f->name, j, i);
                break;
            }
    }
}

/* tfrt.call of a tfrt.sync function (TFRT asserts; docs/execution.md §6.9). */
static void check_call_not_sync(V *v, const Op *op)
{
    const Func *f = vf_lookup(v, op->callee ? op->callee : vf_sym_attr(op, attr_callee));
    if (f && f->is_sync) {
        vf_op_error(v, op, "cannot call the tfrt.sync function @%s (use tfrt_test.invoke_sync_function.*)", f->name);
        vf_callee_note(v, f);
    }
}

/* An argument's or a result's dictionary holds dialect attributes only
** (`foo.k`), as MLIR's function interface wants; [what] "arguments" or
** "results". */
static void check_arg_dicts(V *v, const Func *f, const Attr *dicts, const char *what)
{
    for (int i = 0; dicts && dicts->kind == ATTR_ARRAY && i < dicts->u.arr.n; i++) {
        const Attr *d = dicts->u.arr.elems[i];
        for (int k = 0; d && d->kind == ATTR_DICT && k < d->u.dict.n; k++)
            if (!strchr(d->u.dict.attrs[k].name, '.')) {
                vf_at_func(v, DIAG_ERROR, f, "'func.func' op %s may only have dialect attributes", what);
                return;
            }
    }
}

static void verify_one(V *v, const Func *f)
{
    check_arg_dicts(v, f, f->arg_attrs, "arguments");
    check_arg_dicts(v, f, f->res_attrs, "results");
    if (!f->body) {
        if (v->o.for_execution && !f->is_native)
            vf_at_func(v, DIAG_ERROR, f, "function @%s has no body; only tfrt.native functions may be declared without one", f->name);
        return;
    }
    const Block *b = f->body;
    if (b->nargs != f->nargs)
        vf_at_func(v, DIAG_ERROR, f, "'func.func' op entry block must have %d arguments to match function signature", f->nargs);
    else
        for (int i = 0; i < f->nargs; i++)
            if (b->args[i] && !type_eq(b->args[i]->type, f->arg_types[i]))
                vf_at_func(v, DIAG_ERROR, f, "type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')",
                        i, tname(b->args[i]->type), tname(f->arg_types[i]));
    RetCtx rc = { f, NULL, NULL, 0, true, -1 };
    verify_block(v, b, &rc, 0);
    if (v->o.for_execution && f->is_sync) check_sync_returns(v, f);
}

int verify_func(const Module *m, const Func *f, DiagSink *d, const VerifyOptions *opt)
{
    V v;
    v_init(&v, m, d, opt);
    verify_one(&v, f);
    v_done(&v);
    return v.errors;
}

/* The symbols of the top level, in source order: functions, and ops at
** module level with a `sym_name` (docs/syntax.md). A name defined twice
** is reported at the later definition, as MLIR does. Functions among
** themselves are checked by verify_module. */
typedef struct SymWalk {
    V *v;
    int pos;
    int *fpos;                 /* per function: its position, 0 before it is met */
    const Op **ops; int nops;  /* the ops with a symbol met so far */
} SymWalk;

static void symbols_item(void *ud, const Func *f, const Op *op)
{
    SymWalk *w = ud;
    V *v = w->v;
    w->pos++;
    if (f) {
        w->fpos[f->index] = w->pos;
        for (int i = 0; i < w->nops; i++)
            if (!strcmp(vf_op_symbol(w->ops[i]), f->name)) {
                vf_at_func(v, DIAG_ERROR, f, "redefinition of symbol named '%s'", f->name);
                vf_at_op(v, DIAG_NOTE, w->ops[i], "see existing symbol definition here");
                break;
            }
        return;
    }
    const char *name = vf_op_symbol(op);
    if (!name) return;
    const Op *first = NULL;
    for (int i = 0; i < w->nops && !first; i++)
        if (!strcmp(vf_op_symbol(w->ops[i]), name)) first = w->ops[i];
    const Func *fn = first ? NULL : vf_lookup(v, name);
    if (first || (fn && w->fpos[fn->index])) {
        vf_at_op(v, DIAG_ERROR, op, "redefinition of symbol named '%s'", name);
        if (first) vf_at_op(v, DIAG_NOTE, first, "see existing symbol definition here");
        else vf_at_func(v, DIAG_NOTE, fn, "see existing symbol definition here");
        return;
    }
    w->ops[w->nops++] = op;
}

static void check_top_symbols(V *v)
{
    const Module *m = v->m;
    SymWalk w = { v, 0, xcalloc((size_t)m->nfuncs + 1, sizeof *w.fpos),
                  xcalloc((size_t)m->top->nops + 1, sizeof *w.ops), 0 };
    ir_module_walk_top(m, symbols_item, &w);
    free(w.fpos);
    free(w.ops);
}

/* One item of the top level, in source order: a function, or an op at
** module level (docs/syntax.md), checked as an op of a block with no
** return: its names were checked by the parser (Block.names_unique). */
static void verify_item(void *ud, const Func *f, const Op *op)
{
    V *v = ud;
    if (f) verify_one(v, f);
    else verify_op(v, v->m->top, op->index, NULL, NULL, 0);
}

int verify_module(const Module *m, DiagSink *d, const VerifyOptions *opt)
{
    V v;
    v_init(&v, m, d, opt);
    /* Symbol redefinitions: ir_module_func finds the first function of a
    ** name; any other function of that name is a redefinition. */
    for (int i = 0; i < m->nfuncs; i++) {
        const Func *f = m->funcs[i];
        const Func *first = ir_module_func(m, f->name);
        if (first && first != f) {
            vf_at_func(&v, DIAG_ERROR, f, "redefinition of symbol named '%s'", f->name);
            vf_at_func(&v, DIAG_NOTE, first, "see existing symbol definition here");
        }
    }
    if (m->top) check_top_symbols(&v);
    ir_module_walk_top(m, verify_item, &v);
    v_done(&v);
    return v.errors;
}
