/*
** print.c — the MLIR printer (see print.h).
**
** One Printer per function (and one for the ops at module level,
** print_top): a table Value* -> printed name, filled before the body is
** printed, in mlir-opt's order (number_block): function arguments `%argN`,
** a block's results, then each region of its ops from the numbers after
** the block's, so a name inside a region never collides with a value of
** the blocks around it, which the region of an op tfrun does not know may
** use (docs/syntax.md "Regions of unknown ops"). A region's block
** arguments take the names of the operands they are bound to
** (docs/language.md §2.7) when the op is printed in custom form.
**
** Custom syntax is used only when it re-parses to the same IR: the op's
** types are what the syntax implies (the op-table signature for families
** that write no types), and every attribute has a place in the syntax.
** Otherwise the op is printed in generic form.
**
** Attributes, types and locations are printed by print_attr.c, the module
** entry points and affine map aliases by print_alias.c.
*/
#include "base/alloc.h"
#include "ir/print_int.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/module.h"
#include "ops/optable.h"

/* ---------------------------------------------------------------- value names */

typedef struct Slot { const Value *v; const char *name; } Slot;

/* Parsed op-table signatures, one per row, filled on first use. */
typedef struct SigCache {
    const OpInfo *tab; size_t n;
    IrSigText *sigs;     /* calloc'ed: .parsed false until filled */
} SigCache;

typedef struct Printer {
    FILE *out;
    const Module *m;
    SigCache *sc;
    Slot *slots; size_t cap, n;
    char *pool; size_t pool_used, pool_cap;   /* current chunk */
    char **chunks; int nchunks;
    int next_id, next_arg;
    int first_id;            /* a function's first value number: after the
                                module level's values (print_top) */
    int indent;
    bool generic;            /* every op in generic form (IrPrintOptions) */
    bool no_locs;            /* no loc(...) at all (IrPrintOptions.debuginfo off) */
} Printer;

static char *pool_strdup(Printer *p, const char *s)
{
    size_t n = strlen(s) + 1;
    if (!p->pool || p->pool_used + n > p->pool_cap) {
        size_t cap = n > 4096 ? n : 4096;
        char **nc = xrealloc(p->chunks, (size_t)(p->nchunks + 1) * sizeof *nc);
        char *c = xmalloc(cap);
        if (!nc || !c) { free(c); if (nc) p->chunks = nc; return NULL; }
        p->chunks = nc;
        p->chunks[p->nchunks++] = c;
        p->pool = c;
        p->pool_used = 0;
        p->pool_cap = cap;
    }
    char *r = p->pool + p->pool_used;
    memcpy(r, s, n);
    p->pool_used += n;
    return r;
}

static size_t hash_ptr(const void *v)
{
    uint64_t x = (uint64_t)(uintptr_t)v;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33;
    return (size_t)x;
}

static void set_name(Printer *p, const Value *v, const char *name)
{
    if (!v) return;
    if (2 * (p->n + 1) > p->cap) {
        size_t ncap = p->cap ? 2 * p->cap : 256;
        Slot *ns = xcalloc(ncap, sizeof *ns);
        if (!ns) return;
        for (size_t i = 0; i < p->cap; i++)
            if (p->slots[i].v) {
                size_t j = hash_ptr(p->slots[i].v) & (ncap - 1);
                while (ns[j].v) j = (j + 1) & (ncap - 1);
                ns[j] = p->slots[i];
            }
        free(p->slots);
        p->slots = ns;
        p->cap = ncap;
    }
    size_t j = hash_ptr(v) & (p->cap - 1);
    while (p->slots[j].v && p->slots[j].v != v) j = (j + 1) & (p->cap - 1);
    if (!p->slots[j].v) p->n++;
    p->slots[j].v = v;
    p->slots[j].name = pool_strdup(p, name);
}

static const char *name_of(Printer *p, const Value *v)
{
    if (v && p->cap) {
        size_t j = hash_ptr(v) & (p->cap - 1);
        while (p->slots[j].v) {
            if (p->slots[j].v == v) return p->slots[j].name ? p->slots[j].name : "%<oom>";
            j = (j + 1) & (p->cap - 1);
        }
    }
    return "%<undefined>";
}

static void printer_free(Printer *p)
{
    free(p->slots);
    for (int i = 0; i < p->nchunks; i++) free(p->chunks[i]);
    free(p->chunks);
}

/* ---------------------------------------------------------------- op shapes */

static SyntaxFamily family(const Op *op)
{
    return op->info ? op->info->family : SYN_GENERIC;
}

/* For block argument [i] of region [r] of [op], the operand it is bound to
** (docs/language.md §2.7), or -1 when the op's custom syntax binds nothing. */
static int bound_operand(const Op *op, int r, int i)
{
    (void)r;
    switch (family(op)) {
    case SYN_IF: case SYN_REPEAT: return i + 1;
    case SYN_PARALLEL_FOR: return i < 2 ? i : i + 1;
    case SYN_DO_ASYNC: case SYN_BENCHMARK: return i;
    default: return -1;
    }
}

static bool same_type(const Type *a, const Type *b)
{
    return a == b || (a && b && !strcmp(tspell(a), tspell(b)));
}

static bool sig_type_is(const IrSigType *s, const Type *t)
{
    return t && t->spelling && (size_t)s->len == strlen(t->spelling) && !memcmp(s->p, t->spelling, (size_t)s->len);
}

/* Do the op's operand types (when [check_in]) and result types equal what
** its signature implies? (Custom syntaxes that write no types take them
** from the signature.) */
static const IrSigText *cached_sig(SigCache *sc, const OpInfo *info)
{
    if (!sc->sigs) {
        sc->tab = optable_all(&sc->n);
        sc->sigs = xcalloc(sc->n ? sc->n : 1, sizeof *sc->sigs);
    }
    if (!sc->sigs || info < sc->tab || info >= sc->tab + sc->n) return NULL;
    IrSigText *s = &sc->sigs[info - sc->tab];
    if (!s->parsed) ir_sig_split(info->signature, s);
    return s;
}

static bool fits_signature(Printer *p, const Op *op, bool check_in)
{
    const IrSigText *sp = op->info ? cached_sig(p->sc, op->info) : NULL;
    if (!sp || sp->unchecked) return false;
    const IrSigText *s = sp;
    if (s->in_var || s->out_var) {
        /* Only a variadic operand list with explicit types is expressible. */
        if (s->out_var || check_in) return false;
    }
    if (check_in) {
        if (op->noperands != s->nin) return false;
        for (int i = 0; i < s->nin; i++)
            if (!op->operands[i] || !sig_type_is(&s->in[i], op->operands[i]->type)) return false;
    }
    if (op->nresults != s->nout) return false;
    for (int i = 0; i < s->nout; i++)
        if (!op->results[i] || !sig_type_is(&s->out[i], op->results[i]->type)) return false;
    return true;
}

/* Are all attributes of [op] among [names] (NULL-terminated)? */
static bool attrs_within(const Op *op, const char *const *names)
{
    for (int i = 0; i < op->nattrs; i++) {
        bool ok = false;
        for (int k = 0; names[k] && !ok; k++) ok = !strcmp(op->attrs[i].name, names[k]);
        if (!ok) return false;
    }
    return true;
}

static const Attr *attr(const Op *op, const char *name) { return ir_op_attr(op, name); }

static bool is_sym(const Attr *a) { return a && a->kind == ATTR_SYMBOL; }

/* Does every region's block-argument list bind to distinct operands with
** the right types, so that the custom syntax reconstructs it? */
static bool regions_bindable(const Op *op)
{
    for (int r = 0; r < op->nregions; r++) {
        const Block *b = op->regions[r];
        if (!b) return false;
        int want;
        switch (family(op)) {
        case SYN_IF: case SYN_REPEAT: want = op->noperands - 1; break;
        case SYN_PARALLEL_FOR: want = op->noperands - 1; break;
        default: want = op->noperands; break;
        }
        if (b->nargs != want) return false;
        for (int i = 0; i < b->nargs; i++) {
            int k = bound_operand(op, r, i);
            if (k < 0 || k >= op->noperands || !op->operands[k] || !b->args[i]) return false;
            if (!same_type(b->args[i]->type, op->operands[k]->type)) return false;
            /* Each operand may be bound once per block. */
            for (int j = 0; j < i; j++)
                if (op->operands[bound_operand(op, r, j)] == op->operands[k]) return false;
        }
    }
    return true;
}

/* Is [b] exactly `tfrt.return` with no operands? */
static bool trivial_return_block(const Block *b)
{
    return b && b->nops == 1 && ir_op_is_return(b->ops[0]) && b->ops[0]->noperands == 0;
}

/* ---------------------------------------------------------------- CoreRT */

static bool type_is(const Value *v, const char *spelling)
{
    return v && v->type && !strcmp(tspell(v->type), spelling);
}

/* Is [a] an array of [string, attribute] pairs with distinct keys that a
** dictionary can hold (corert.executeop's op_attrs)? */
static bool named_pairs(const Attr *a)
{
    if (!a || a->kind != ATTR_ARRAY) return false;
    for (int i = 0; i < a->u.arr.n; i++) {
        const Attr *p = a->u.arr.elems[i];
        if (!p || p->kind != ATTR_ARRAY || p->u.arr.n != 2 || !p->u.arr.elems[1]) return false;
        const Attr *k = p->u.arr.elems[0];
        if (!k || k->kind != ATTR_STRING || !k->u.str.s || k->u.str.len != strlen(k->u.str.s) || !k->u.str.len)
            return false;
        for (int j = 0; j < i; j++)
            if (!strcmp(a->u.arr.elems[j]->u.arr.elems[0]->u.str.s, k->u.str.s)) return false;
    }
    return true;
}

/* Does [op] have no attributes but those of [names] (NULL-terminated)? */
static bool only_attrs(const Op *op, const char *const *names) { return attrs_within(op, names); }

/* The custom form of a SYN_CORERT op (docs/language.md §2.8): it must
** reconstruct the op exactly, so every attribute, operand and result
** type the form implies is checked. */
static bool corert_custom_ok(Printer *p, const Op *op)
{
    if (op->nregions) return false;
    CorertForm form = optable_corert_form(op->info);
    switch (form) {
    case CRF_EXECUTE: case CRF_EXECUTE_SEQ: case CRF_EXECUTE_SYNC: {
        int pre = form == CRF_EXECUTE_SEQ ? 2 : 1;
        static const char *const keys[] = { attr_op_attrs, attr_op_func_attrs, attr_op_name, NULL };
        const Attr *nm = attr(op, attr_op_name), *fa = attr(op, attr_op_func_attrs);
        if (!nm || nm->kind != ATTR_STRING || !named_pairs(attr(op, attr_op_attrs)) || !only_attrs(op, keys))
            return false;
        if (form == CRF_EXECUTE_SYNC ? fa != NULL : !named_pairs(fa)) return false;
        if (op->noperands < pre || !type_is(op->operands[0], "!corert.ophandler")) return false;
        if (pre == 2 && (!type_is(op->operands[1], "!tfrt.chain") || op->nresults < 1 ||
                         !type_is(op->results[0], "!tfrt.chain")))
            return false;
        for (int i = pre; i < op->noperands; i++)
            if (!type_is(op->operands[i], "!corert.tensorhandle")) return false;
        for (int i = pre - 1; i < op->nresults; i++)
            if (!type_is(op->results[i], "!corert.tensorhandle")) return false;
        return true;
    }
    case CRF_COND: case CRF_WHILE: {
        int first = form == CRF_COND ? 1 : 0;
        const char *k1 = form == CRF_COND ? attr_a_true_fn : attr_a_cond_fn;
        const char *k2 = form == CRF_COND ? attr_b_false_fn : attr_b_body_fn;
        if (!is_sym(attr(op, k1)) || !is_sym(attr(op, k2))) return false;
        if (op->noperands < first + 1 || op->nresults < 1) return false;
        if (first && !type_is(op->operands[0], "!corert.tensorhandle")) return false;
        return type_is(op->operands[first], "!tfrt.chain") && type_is(op->results[0], "!tfrt.chain");
    }
    case CRF_NAMED_OPERAND: case CRF_NAMED: {
        const Attr *a = attr(op, form == CRF_NAMED ? attr_device_name : attr_op_handler_name);
        return a && a->kind == ATTR_STRING && fits_signature(p, op, true);
    }
    case CRF_DENSE: {
        const Attr *a = attr(op, attr_value);
        return a && a->kind == ATTR_DENSE && fits_signature(p, op, true);
    }
    default:
        return false;
    }
}

/* Can [op] be printed in its custom syntax? */
static bool use_custom(Printer *p, const Op *op)
{
    if (p->generic || !op->info || !op->name) return false;
    for (int i = 0; i < op->noperands; i++) if (!op->operands[i]) return false;
    for (int i = 0; i < op->nresults; i++) if (!op->results[i]) return false;
    switch (family(op)) {
    case SYN_GENERIC: return false;
    case SYN_NULLARY:
        return op->nregions == 0 && fits_signature(p, op, true);
    case SYN_CONSTANT: {
        const Attr *v = attr(op, attr_value);
        if (!v || op->nregions || !fits_signature(p, op, true)) return false;
        const Type *rt = op->results[0]->type;
        if (v->kind == ATTR_BOOL) return !strcmp(tspell(rt), "i1");
        if (v->kind != ATTR_INT && v->kind != ATTR_FLOAT) return false;
        return same_type(v->type, rt);
    }
    case SYN_CONSTANT_COMPLEX: {
        const Attr *re = attr(op, attr_real), *im = attr(op, attr_imaginary);
        if (!re || !im || re->kind != ATTR_FLOAT || im->kind != ATTR_FLOAT) return false;
        const char *et = op->info->id == OPID_tfrt_constant_complex64 ? "f32" : "f64";
        return !strcmp(tspell(re->type), et) && !strcmp(tspell(im->type), et) &&
               op->nregions == 0 && fits_signature(p, op, true);
    }
    case SYN_OPERANDS:
        return op->nregions == 0 && fits_signature(p, op, true);
    case SYN_OPERANDS_TYPED:
        /* Without operands, `tfrt.merge.chains :` would take an op name on
        ** the next line for its type: the generic form then. */
        return op->nregions == 0 && op->noperands > 0 && fits_signature(p, op, false);
    case SYN_SHAPE_ATTR: {
        const char *key = optable_inline_attr(op->info);
        const Attr *v = key ? attr(op, key) : NULL;
        if (!v || v->kind != ATTR_ARRAY || op->nregions || !fits_signature(p, op, true)) return false;
        return true;
    }
    case SYN_OPERANDS_VALUE: {
        const Attr *v = attr(op, attr_value);
        return v && (v->kind == ATTR_INT || v->kind == ATTR_FLOAT || v->kind == ATTR_BOOL) &&
               op->nregions == 0 && fits_signature(p, op, true);
    }
    case SYN_OPERANDS_ARRAY: {
        const Attr *v = attr(op, attr_values);
        return v && v->kind == ATTR_ARRAY && op->nregions == 0 && fits_signature(p, op, true);
    }
    case SYN_CALL:
        return op->nregions == 0 && is_sym(attr(op, attr_callee));
    case SYN_CRITICAL:
        return op->nregions == 0 && is_sym(attr(op, attr_callee)) && op->noperands >= 1;
    case SYN_ONCE:
        return op->nregions == 0 && is_sym(attr(op, attr_function));
    case SYN_COND:
        return op->nregions == 0 && op->noperands >= 1 &&
               is_sym(attr(op, attr_a_true_fn)) && is_sym(attr(op, attr_b_false_fn));
    case SYN_CASE: {
        const Attr *b = attr(op, attr_branches);
        if (!b || b->kind != ATTR_ARRAY || op->nregions || op->noperands < 1) return false;
        for (int i = 0; i < b->u.arr.n; i++) if (!is_sym(b->u.arr.elems[i])) return false;
        return true;
    }
    case SYN_WHILE: {
        const Attr *pi = attr(op, attr_parallel_iterations);
        if (!is_sym(attr(op, attr_body_fn)) || (pi && (pi->kind != ATTR_INT || strcmp(tspell(pi->type), "i64"))))
            return false;
        if (op->nregions || op->noperands < 1 || op->nresults != op->noperands - 1) return false;
        for (int i = 0; i < op->nresults; i++)
            if (!same_type(op->results[i]->type, op->operands[i + 1]->type)) return false;
        return true;
    }
    case SYN_IF:
        if (op->noperands < 1 || op->nregions != 2) return false;
        return regions_bindable(op);
    case SYN_REPEAT:
        if (op->noperands < 1 || op->nregions != 1 || op->nresults != op->noperands - 1) return false;
        if (strcmp(tspell(op->operands[0]->type), "i32")) return false;
        for (int i = 0; i < op->nresults; i++)
            if (!same_type(op->results[i]->type, op->operands[i + 1]->type)) return false;
        return regions_bindable(op);
    case SYN_PARALLEL_FOR:
        if (op->noperands < 3 || op->nregions != 1) return false;
        for (int i = 0; i < 3; i++) if (strcmp(tspell(op->operands[i]->type), "i32")) return false;
        if (op->nresults != 1 || !op->results[0]->type || !op->results[0]->type->is_chain) return false;
        return regions_bindable(op);
    case SYN_PARALLEL_CALL:
        if (op->noperands < 3 || op->nregions || !is_sym(attr(op, attr_callee))) return false;
        for (int i = 0; i < 3; i++) if (strcmp(tspell(op->operands[i]->type), "i32")) return false;
        return op->nresults == 1 && op->results[0]->type && op->results[0]->type->is_chain;
    case SYN_RETURN:
        return op->nresults == 0 && op->nregions == 0 && op->nattrs == 0;
    case SYN_DO_ASYNC:
        return op->nregions == 1 && regions_bindable(op);
    case SYN_BENCHMARK: {
        static const char *const keys[] = { attr_duration_secs, attr_max_count, attr_name, attr_num_warmup_runs, NULL };
        const Attr *nm = attr(op, attr_name);
        if (!nm || nm->kind != ATTR_STRING || !attrs_within(op, keys)) return false;
        for (int i = 0; i < op->nattrs; i++)
            if (strcmp(op->attrs[i].name, attr_name) &&
                (op->attrs[i].value->kind != ATTR_INT || strcmp(tspell(op->attrs[i].value->type), "i32")))
                return false;
        if (op->nresults != 1 || !op->results[0]->type || !op->results[0]->type->is_chain) return false;
        return op->nregions == 1 && regions_bindable(op);
    }
    case SYN_CORERT:
        return corert_custom_ok(p, op);
    case SYN_SYNC_BENCHMARK:
        /* Keyword values are plain attributes; every key must be a bare
        ** identifier to be written `k = v`. */
        if (!is_sym(attr(op, attr_target_fn)) || op->nregions || op->nresults) return false;
        for (int i = 0; i < op->nattrs; i++)
            if (!pr_bare_ident(op->attrs[i].name, strlen(op->attrs[i].name)) ||
                op->attrs[i].value->kind == ATTR_UNIT || op->attrs[i].value->kind == ATTR_DICT)
                return false;
        return true;
    default:
        return false;
    }
}

/* ---------------------------------------------------------------- numbering */

/* The number of results of [op] in its first result group: the op's
** results, except for corert.executeop.seq in custom form, whose chain is
** a group of its own (`%ch, %r = corert.executeop.seq(...)`, as TFRT's
** printer writes it). */
static int first_group(Printer *p, const Op *op)
{
    if (op->nresults > 1 && optable_corert_form(op->info) == CRF_EXECUTE_SEQ && use_custom(p, op)) return 1;
    return op->nresults;
}

/* Names results [from, to) of [op] as one group: `%N`, or `%N#i` for
** several (one number). */
static void number_group(Printer *p, const Op *op, int from, int to)
{
    char buf[64];
    if (to - from == 1) {
        snprintf(buf, sizeof buf, "%%%d", p->next_id);
        set_name(p, op->results[from], buf);
        p->next_id++;
    } else if (to - from > 1) {
        for (int i = from; i < to; i++) {
            snprintf(buf, sizeof buf, "%%%d#%d", p->next_id, i - from);
            set_name(p, op->results[i], buf);
        }
        p->next_id++;
    }
}

/* Names the results of [op], group by group. */
static void number_results(Printer *p, const Op *op)
{
    int g = first_group(p, op);
    number_group(p, op, 0, g);
    number_group(p, op, g, op->nresults);
}

/* MLIR's numbering (mlir-opt's, in both forms): a block's own results
** first, then each region of its ops, every region starting from the
** counters as they were before it, so sibling regions reuse names, and a
** region refers to the values around it by the names they already have.
** A region's block arguments are `%argN`, except that the regions of an
** op printed in custom form take the names of the operands they are bound
** to (docs/language.md §2.7) and use no `%argN`. */
static void number_block(Printer *p, const Block *b)
{
    char buf[64];
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i]) number_results(p, b->ops[i]);
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        if (!op || !op->nregions) continue;
        /* The module level's ops are printed in generic form (print_top). */
        bool custom = (b->func || b->parent_op) && use_custom(p, op);
        for (int r = 0; r < op->nregions; r++) {
            const Block *rb = op->regions[r];
            if (!rb) continue;
            int id = p->next_id, arg = p->next_arg;
            for (int k = 0; k < rb->nargs; k++) {
                int o = custom ? bound_operand(op, r, k) : -1;
                if (o >= 0 && o < op->noperands) {
                    set_name(p, rb->args[k], name_of(p, op->operands[o]));
                } else {
                    snprintf(buf, sizeof buf, "%%arg%d", p->next_arg++);
                    set_name(p, rb->args[k], buf);
                }
            }
            number_block(p, rb);
            p->next_id = id;
            p->next_arg = arg;
        }
    }
}

/* ---------------------------------------------------------------- ops */

static void print_block_body(Printer *p, const Block *b);

static void indent(Printer *p)
{
    for (int i = 0; i < p->indent; i++) fputs("  ", p->out);
}

static void print_operands(Printer *p, const Op *op, int from, int to)
{
    for (int i = from; i < to; i++) {
        if (i > from) fputs(", ", p->out);
        fputs(name_of(p, op->operands[i]), p->out);
    }
}

static void print_type_list(Printer *p, const Type *const *ts, int n)
{
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", p->out);
        ir_print_type(p->out, ts[i]);
    }
}

static void print_operand_types(Printer *p, const Op *op, int from, int to)
{
    for (int i = from; i < to; i++) {
        if (i > from) fputs(", ", p->out);
        ir_print_type(p->out, op->operands[i] ? op->operands[i]->type
                              : op->operand_types ? op->operand_types[i] : NULL);
    }
}

static void print_result_types(Printer *p, const Op *op, bool parens_always)
{
    bool paren = parens_always || op->nresults != 1 ||
                 (op->results[0] && op->results[0]->type && op->results[0]->type->kind == TY_FUNCTION);
    if (paren) fputc('(', p->out);
    for (int i = 0; i < op->nresults; i++) {
        if (i) fputs(", ", p->out);
        ir_print_type(p->out, op->results[i] ? op->results[i]->type : NULL);
    }
    if (paren) fputc(')', p->out);
}

/* ` : (Ta, ...) -> R` with operands [from..]. */
static void print_fn_type(Printer *p, const Op *op, int from, bool parens_always)
{
    fputs(" : (", p->out);
    print_operand_types(p, op, from, op->noperands);
    fputs(") -> ", p->out);
    print_result_types(p, op, parens_always);
}

/* Prints ` {a = 1, ...}` with the attributes of [op] not in [skip]. */
static void print_attr_dict(Printer *p, const Op *op, const char *const *skip, const char *lead)
{
    int shown = 0;
    for (int i = 0; i < op->nattrs; i++) {
        bool s = false;
        for (int k = 0; skip && skip[k] && !s; k++) s = !strcmp(op->attrs[i].name, skip[k]);
        if (s) continue;
        fputs(shown ? ", " : lead, p->out);
        pr_key(p->out, op->attrs[i].name);
        if (op->attrs[i].value && op->attrs[i].value->kind != ATTR_UNIT) {
            fputs(" = ", p->out);
            ir_print_attr(p->out, op->attrs[i].value);
        }
        shown++;
    }
    if (shown) fputc('}', p->out);
}

/* ` @sym(%a, ...) {attrs} : (Ta, ...) -> Tr`: the tail shared by tfrt.call,
** rv.critical (after its section operand) and tfrt.once. The symbol is the
** attribute [key]; operands from [first] on are the call's arguments. */
static void print_callee_call(Printer *p, const Op *op, const char *key, int first, bool parens_always)
{
    const char *const skip[] = { key, NULL };
    FILE *o = p->out;
    fputc(' ', o);
    pr_symbol(o, attr(op, key)->u.str.s);
    fputc('(', o);
    print_operands(p, op, first, op->noperands);
    fputc(')', o);
    print_attr_dict(p, op, skip, " {");
    print_fn_type(p, op, first, parens_always);
}

static void print_region(Printer *p, const Block *b)
{
    fputs("{\n", p->out);
    p->indent++;
    print_block_body(p, b);
    p->indent--;
    indent(p);
    fputc('}', p->out);
}

/* `%N` or `%N:K` for the group of results [from, to) of [op]. */
static void print_group(Printer *p, const Op *op, int from, int to)
{
    const char *n0 = name_of(p, op->results[from]);
    if (to - from == 1) {
        fputs(n0, p->out);
        return;
    }
    /* "%N#0" -> "%N:K" */
    const char *hash = strchr(n0, '#');
    int len = hash ? (int)(hash - n0) : (int)strlen(n0);
    fprintf(p->out, "%.*s:%d", len, n0, to - from);
}

static void print_results_lhs(Printer *p, const Op *op)
{
    if (op->nresults == 0) return;
    int g = first_group(p, op);
    print_group(p, op, 0, g);
    if (g < op->nresults) {
        fputs(", ", p->out);
        print_group(p, op, g, op->nresults);
    }
    fputs(" = ", p->out);
}

static void print_generic(Printer *p, const Op *op)
{
    FILE *o = p->out;
    pr_escaped(o, op->name ? op->name : "", op->name ? strlen(op->name) : 0);
    fputc('(', o);
    print_operands(p, op, 0, op->noperands);
    fputc(')', o);
    if (op->nregions) {
        fputs(" (", o);
        for (int r = 0; r < op->nregions; r++) {
            const Block *b = op->regions[r];
            if (r) fputs(", ", o);
            fputs("{\n", o);
            if (b && b->nargs) {
                indent(p);
                fputs("^bb0(", o);
                for (int i = 0; i < b->nargs; i++) {
                    if (i) fputs(", ", o);
                    fprintf(o, "%s: ", name_of(p, b->args[i]));
                    ir_print_type(o, b->args[i] ? b->args[i]->type : NULL);
                }
                fputs("):\n", o);
            }
            p->indent++;
            if (b) print_block_body(p, b);
            p->indent--;
            indent(p);
            fputc('}', o);
        }
        fputc(')', o);
    }
    print_attr_dict(p, op, NULL, " {");
    fputs(" : (", o);
    for (int i = 0; i < op->noperands; i++) {
        if (i) fputs(", ", o);
        const Type *t = op->operand_types ? op->operand_types[i] : NULL;
        if (!t && op->operands[i]) t = op->operands[i]->type;
        ir_print_type(o, t);
    }
    fputs(") -> ", o);
    print_result_types(p, op, false);
}

/* ` : T, ...` for the operands from [from] on, when there are any. */
static void print_types_from(Printer *p, const Op *op, int from)
{
    if (op->noperands <= from) return;
    fputs(" : ", p->out);
    print_operand_types(p, op, from, op->noperands);
}

/* `(%a : T, ...)`: the benchmarks' arguments. */
static void print_typed_operands(Printer *p, const Op *op)
{
    fputc('(', p->out);
    for (int i = 0; i < op->noperands; i++) {
        if (i) fputs(", ", p->out);
        fprintf(p->out, "%s : ", name_of(p, op->operands[i]));
        ir_print_type(p->out, op->operands[i]->type);
    }
    fputc(')', p->out);
}

/* The end of tfrt.repeat.i32 and tfrt.parallel_for.i32: attributes, the
** types of the carried operands (from [from] on) and the body. */
static void print_loop_tail(Printer *p, const Op *op, int from)
{
    print_attr_dict(p, op, NULL, " attributes {");
    print_types_from(p, op, from);
    fputc(' ', p->out);
    print_region(p, op->regions[0]);
}

/* The name [op] is printed with in custom form: func's ops directly in a
** function body drop `func.`, func being the default dialect there, as
** mlir-opt prints them (docs/syntax.md "The func dialect"); not in the
** regions of other ops, where mlir-opt keeps it. */
static const char *custom_name(const Op *op)
{
    bool in_body = op->parent && op->parent->func && !op->parent->parent_op;
    if (in_body && op->info && (op->info->id == OPID_func_return || op->info->id == OPID_func_call))
        return op->name + 5;
    return op->name;
}

/* ` {k = v, ...}` for TFRT's pairs [a] (`{}` when [empty] and there are none). */
static void print_pairs(Printer *p, const Attr *a, bool empty)
{
    FILE *o = p->out;
    if (a->u.arr.n == 0) {
        if (empty) fputs(" {}", o);
        return;
    }
    fputs(" {", o);
    for (int i = 0; i < a->u.arr.n; i++) {
        const Attr *kv = a->u.arr.elems[i];
        if (i) fputs(", ", o);
        pr_key(o, kv->u.arr.elems[0]->u.str.s);
        if (kv->u.arr.elems[1]->kind != ATTR_UNIT) {
            fputs(" = ", o);
            ir_print_attr(o, kv->u.arr.elems[1]);
        }
    }
    fputc('}', o);
}

static void print_corert(Printer *p, const Op *op)
{
    FILE *o = p->out;
    CorertForm form = optable_corert_form(op->info);
    switch (form) {
    case CRF_EXECUTE: case CRF_EXECUTE_SEQ: case CRF_EXECUTE_SYNC: {
        int pre = form == CRF_EXECUTE_SEQ ? 2 : 1;
        const Attr *nm = attr(op, attr_op_name), *fa = attr(op, attr_op_func_attrs);
        fputc('(', o);
        print_operands(p, op, 0, pre);
        fputs(") ", o);
        pr_escaped(o, nm->u.str.s ? nm->u.str.s : "", nm->u.str.len);
        fputc('(', o);
        print_operands(p, op, pre, op->noperands);
        fputc(')', o);
        bool funcs = fa && fa->u.arr.n > 0;
        print_pairs(p, attr(op, attr_op_attrs), funcs);
        if (funcs) print_pairs(p, fa, false);
        int n = op->nresults - (pre - 1);
        if (n > 0) fprintf(o, " : %d", n);
        break;
    }
    case CRF_COND: case CRF_WHILE: {
        int first = form == CRF_COND ? 1 : 0;
        const char *k1 = form == CRF_COND ? attr_a_true_fn : attr_a_cond_fn;
        const char *k2 = form == CRF_COND ? attr_b_false_fn : attr_b_body_fn;
        const char *const skip[] = { k1, k2, NULL };
        if (first) fprintf(o, " %s", name_of(p, op->operands[0]));
        fputc(' ', o);
        pr_symbol(o, attr(op, k1)->u.str.s);
        fputc(' ', o);
        pr_symbol(o, attr(op, k2)->u.str.s);
        fputs(" (", o);
        print_operands(p, op, first, op->noperands);
        fputc(')', o);
        print_attr_dict(p, op, skip, " {");
        fputs(" : (", o);
        print_operand_types(p, op, first + 1, op->noperands);
        fputs(") -> (", o);
        for (int i = 1; i < op->nresults; i++) {
            if (i > 1) fputs(", ", o);
            ir_print_type(o, op->results[i]->type);
        }
        fputc(')', o);
        break;
    }
    case CRF_NAMED_OPERAND: case CRF_NAMED: {
        const char *key = form == CRF_NAMED ? attr_device_name : attr_op_handler_name;
        const char *const skip[] = { key, NULL };
        const Attr *a = attr(op, key);
        if (op->noperands) fprintf(o, " %s", name_of(p, op->operands[0]));
        fputc(' ', o);
        pr_escaped(o, a->u.str.s ? a->u.str.s : "", a->u.str.len);
        print_attr_dict(p, op, skip, " {");
        break;
    }
    case CRF_DENSE: {
        static const char *const skip[] = { attr_value, NULL };
        fputc(' ', o);
        ir_print_attr(o, attr(op, attr_value));
        print_attr_dict(p, op, skip, " {");
        break;
    }
    default:
        break;
    }
}

static void print_custom(Printer *p, const Op *op)
{
    FILE *o = p->out;
    fputs(custom_name(op), o);
    switch (family(op)) {
    case SYN_NULLARY:
        print_attr_dict(p, op, NULL, " {");
        break;
    case SYN_CONSTANT: {
        static const char *const skip[] = { attr_value, NULL };
        const Attr *v = attr(op, attr_value);
        fputc(' ', o);
        if (v->kind == ATTR_BOOL) fputs(v->u.b ? "true" : "false", o);
        else if (v->kind == ATTR_INT && !strcmp(tspell(v->type), "i1") && (v->u.i == 0 || v->u.i == 1))
            fputs(v->u.i ? "true" : "false", o);      /* MLIR spells i1 constants as booleans */
        else if (v->kind == ATTR_INT) pr_int_value(o, v);
        else pr_float_value(o, v);
        print_attr_dict(p, op, skip, " {");
        break;
    }
    case SYN_CONSTANT_COMPLEX: {
        static const char *const skip[] = { attr_imaginary, attr_real, NULL };
        fputc(' ', o);
        pr_float_value(o, attr(op, attr_real));
        fputs(", ", o);
        pr_float_value(o, attr(op, attr_imaginary));
        print_attr_dict(p, op, skip, " {");
        break;
    }
    case SYN_OPERANDS:
        if (op->noperands) fputc(' ', o);
        print_operands(p, op, 0, op->noperands);
        print_attr_dict(p, op, NULL, " {");
        break;
    case SYN_OPERANDS_TYPED:
        if (op->noperands) fputc(' ', o);
        print_operands(p, op, 0, op->noperands);
        print_attr_dict(p, op, NULL, " {");
        fputs(" : ", o);
        print_operand_types(p, op, 0, op->noperands);
        break;
    case SYN_SHAPE_ATTR: {
        const char *key = optable_inline_attr(op->info);
        const char *const skip[] = { key, NULL };
        fputc(' ', o);
        ir_print_attr(o, attr(op, key));
        print_attr_dict(p, op, skip, " {");
        break;
    }
    case SYN_OPERANDS_VALUE:
    case SYN_OPERANDS_ARRAY: {
        const char *key = optable_inline_attr(op->info);
        const char *const skip[] = { key, NULL };
        fputc(' ', o);
        print_operands(p, op, 0, op->noperands);
        fputc(' ', o);
        ir_print_attr(o, attr(op, key));
        print_attr_dict(p, op, skip, " {");
        break;
    }
    case SYN_CALL:
        print_callee_call(p, op, attr_callee, 0, false);
        break;
    case SYN_CRITICAL:
        fprintf(o, " %s", name_of(p, op->operands[0]));
        print_callee_call(p, op, attr_callee, 1, false);
        break;
    case SYN_ONCE:
        print_callee_call(p, op, attr_function, 0, true);
        break;
    case SYN_COND: {
        static const char *const skip[] = { attr_a_true_fn, attr_b_false_fn, NULL };
        fprintf(o, " %s ", name_of(p, op->operands[0]));
        pr_symbol(o, attr(op, attr_a_true_fn)->u.str.s);
        fputc(' ', o);
        pr_symbol(o, attr(op, attr_b_false_fn)->u.str.s);
        fputs(" (", o);
        print_operands(p, op, 1, op->noperands);
        fputc(')', o);
        print_attr_dict(p, op, skip, " {");
        print_fn_type(p, op, 1, true);
        break;
    }
    case SYN_CASE: {
        static const char *const skip[] = { attr_branches, NULL };
        const Attr *b = attr(op, attr_branches);
        fprintf(o, " %s [", name_of(p, op->operands[0]));
        for (int i = 0; i < b->u.arr.n; i++) {
            if (i) fputs(", ", o);
            pr_symbol(o, b->u.arr.elems[i]->u.str.s);
        }
        fputs("] (", o);
        print_operands(p, op, 1, op->noperands);
        fputc(')', o);
        print_attr_dict(p, op, skip, " {");
        print_fn_type(p, op, 1, true);
        break;
    }
    case SYN_WHILE: {
        static const char *const skip[] = { attr_body_fn, attr_parallel_iterations, NULL };
        fprintf(o, " %s ", name_of(p, op->operands[0]));
        pr_symbol(o, attr(op, attr_body_fn)->u.str.s);
        fputc('(', o);
        print_operands(p, op, 1, op->noperands);
        fputc(')', o);
        print_attr_dict(p, op, skip, " {");
        if (attr(op, attr_parallel_iterations))
            fprintf(o, " parallel_iterations(%lld)", (long long)attr(op, attr_parallel_iterations)->u.i);
        print_fn_type(p, op, 1, true);
        break;
    }
    case SYN_IF:
        fputc(' ', o);
        print_operands(p, op, 0, op->noperands);
        print_attr_dict(p, op, NULL, " attributes {");
        print_fn_type(p, op, 1, true);
        fputc(' ', o);
        print_region(p, op->regions[0]);
        if (op->nresults > 0 || !trivial_return_block(op->regions[1])) {
            fputs(" else ", o);
            print_region(p, op->regions[1]);
        }
        break;
    case SYN_REPEAT:
        fputc(' ', o);
        print_operands(p, op, 0, op->noperands);
        print_loop_tail(p, op, 1);
        break;
    case SYN_PARALLEL_FOR:
        fprintf(o, " %s to %s fixed %s", name_of(p, op->operands[0]), name_of(p, op->operands[1]),
                name_of(p, op->operands[2]));
        if (op->noperands > 3) {
            fputs(", ", o);
            print_operands(p, op, 3, op->noperands);
        }
        print_loop_tail(p, op, 3);
        break;
    case SYN_PARALLEL_CALL: {
        static const char *const skip[] = { attr_callee, NULL };
        fprintf(o, " %s to %s fixed %s ", name_of(p, op->operands[0]), name_of(p, op->operands[1]),
                name_of(p, op->operands[2]));
        pr_symbol(o, attr(op, attr_callee)->u.str.s);
        fputc('(', o);
        print_operands(p, op, 3, op->noperands);
        fputc(')', o);
        print_attr_dict(p, op, skip, " {");
        print_types_from(p, op, 3);
        break;
    }
    case SYN_RETURN:
        if (op->noperands) {
            fputc(' ', o);
            print_operands(p, op, 0, op->noperands);
            fputs(" : ", o);
            print_operand_types(p, op, 0, op->noperands);
        }
        break;
    case SYN_DO_ASYNC:
        if (op->noperands) fputc(' ', o);
        print_operands(p, op, 0, op->noperands);
        print_attr_dict(p, op, NULL, " attributes {");
        print_fn_type(p, op, 0, true);
        fputc(' ', o);
        print_region(p, op->regions[0]);
        break;
    case SYN_BENCHMARK: {
        const Attr *nm = attr(op, attr_name);
        fputc(' ', o);
        pr_escaped(o, nm->u.str.s ? nm->u.str.s : "", nm->u.str.len);
        print_typed_operands(p, op);
        int k = 0;
        for (int i = 0; i < op->nattrs; i++) {
            if (!strcmp(op->attrs[i].name, attr_name)) continue;
            fprintf(o, "%s%s = %lld", k++ ? ", " : " ", op->attrs[i].name,
                    (long long)op->attrs[i].value->u.i);
        }
        fputc(' ', o);
        print_region(p, op->regions[0]);
        break;
    }
    case SYN_CORERT:
        print_corert(p, op);
        break;
    case SYN_SYNC_BENCHMARK: {
        fputc(' ', o);
        pr_symbol(o, attr(op, attr_target_fn)->u.str.s);
        print_typed_operands(p, op);
        int k = 0;
        for (int i = 0; i < op->nattrs; i++) {
            const Attr *v = op->attrs[i].value;
            if (!strcmp(op->attrs[i].name, attr_target_fn)) continue;
            fprintf(o, "%s%s = ", k++ ? ", " : " ", op->attrs[i].name);
            /* An untyped integer is i64: written plain. */
            if (v->kind == ATTR_INT && !strcmp(tspell(v->type), "i64")) pr_int_value(o, v);
            else ir_print_attr(o, v);
        }
        break;
    }
    default:
        break;
    }
}

/* Is [l] the default location of [op] (its own position in the file)? */
static bool default_loc(const Printer *p, const Op *op)
{
    const Loc *l = op->loc;
    if (!l) return true;
    if (l->kind != LOC_FILE || l->line != op->line || l->col != op->col) return false;
    /* Without the module (ir_print_func) the file name cannot be checked. */
    return !p->m || !p->m->filename || (l->file && !strcmp(l->file, p->m->filename));
}

/* [op] on its line, in custom syntax when [custom]. */
static void print_op_as(Printer *p, const Op *op, bool custom)
{
    indent(p);
    print_results_lhs(p, op);
    if (custom) print_custom(p, op);
    else print_generic(p, op);
    if (!p->no_locs && !default_loc(p, op)) {
        fputc(' ', p->out);
        ir_print_loc(p->out, op->loc);
    }
    fputc('\n', p->out);
}

static void print_op(Printer *p, const Op *op)
{
    print_op_as(p, op, use_custom(p, op));
}

static void print_block_body(Printer *p, const Block *b)
{
    for (int i = 0; i < b->nops; i++)
        if (b->ops[i]) print_op(p, b->ops[i]);
}

/* ---------------------------------------------------------------- functions, module */

/* ` attributes {k = v, unit_key}` of a function or a module; nothing when
** there are no attributes. */
static void print_attributes_clause(FILE *o, const NamedAttr *attrs, int n)
{
    if (!n) return;
    fputs(" attributes {", o);
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", o);
        pr_key(o, attrs[i].name);
        if (attrs[i].value && attrs[i].value->kind != ATTR_UNIT) {
            fputs(" = ", o);
            ir_print_attr(o, attrs[i].value);
        }
    }
    fputc('}', o);
}

/* ` {k = v, ...}`: dictionary [i] of [dicts] (a function's arg_attrs or
** res_attrs), when it has entries; mlir-opt prints no empty one. */
static void print_arg_dict(Printer *p, const Attr *dicts, int i)
{
    if (!dicts || dicts->kind != ATTR_ARRAY || i >= dicts->u.arr.n) return;
    const Attr *d = dicts->u.arr.elems[i];
    if (!d || d->kind != ATTR_DICT || !d->u.dict.n) return;
    fputc(' ', p->out);
    ir_print_attr(p->out, d);
}

/* Has [dicts] (arg_attrs or res_attrs) a dictionary with entries? */
static bool any_arg_dict(const Attr *dicts)
{
    for (int i = 0; dicts && dicts->kind == ATTR_ARRAY && i < dicts->u.arr.n; i++)
        if (dicts->u.arr.elems[i]->kind == ATTR_DICT && dicts->u.arr.elems[i]->u.dict.n) return true;
    return false;
}

static void print_func_p(Printer *p, const Func *f)
{
    FILE *o = p->out;
    indent(p);
    fputs("func.func ", o);
    if (f->is_private) fputs("private ", o);
    pr_symbol(o, f->name);
    fputc('(', o);
    char buf[32];
    for (int i = 0; i < f->nargs; i++) {
        if (i) fputs(", ", o);
        snprintf(buf, sizeof buf, "%%arg%d", i);
        /* A declaration has no arguments to name: types only, as written
        ** and as mlir-opt prints it. */
        if (f->body) fprintf(o, "%s: ", buf);
        ir_print_type(o, f->arg_types[i]);
        print_arg_dict(p, f->arg_attrs, i);
        if (f->body && i < f->body->nargs) set_name(p, f->body->args[i], buf);
    }
    fputc(')', o);
    if (f->nresults) {
        fputs(" -> ", o);
        /* A result's dictionary is written inside the parentheses. */
        bool paren = f->nresults != 1 || (f->result_types[0] && f->result_types[0]->kind == TY_FUNCTION) ||
                     any_arg_dict(f->res_attrs);
        if (paren) fputc('(', o);
        for (int i = 0; i < f->nresults; i++) {
            if (i) fputs(", ", o);
            ir_print_type(o, f->result_types[i]);
            print_arg_dict(p, f->res_attrs, i);
        }
        if (paren) fputc(')', o);
    }
    print_attributes_clause(o, f->attrs, f->nattrs);
    if (f->body) {
        p->next_id = p->first_id;
        p->next_arg = f->nargs;
        number_block(p, f->body);
        fputs(" {\n", o);
        p->indent++;
        print_block_body(p, f->body);
        p->indent--;
        indent(p);
        fputc('}', o);
    }
    /* A function's own file location is implicit; any other is printed. */
    const Loc *l = f->loc;
    if (l && !p->no_locs && !(l->kind == LOC_FILE && (!p->m || !p->m->filename || (l->file && !strcmp(l->file, p->m->filename))))) {
        fputc(' ', o);
        ir_print_loc(o, l);
    }
    fputc('\n', o);
}

void ir_print_func(FILE *out, const Func *f, bool ind)
{
    SigCache sc = { NULL, 0, NULL };
    Printer p;
    memset(&p, 0, sizeof p);
    p.out = out;
    p.sc = &sc;
    p.indent = ind ? 1 : 0;
    print_func_p(&p, f);
    printer_free(&p);
    free(sc.sigs);
}

/* A function in generic form, as `mlir-opt --mlir-print-op-generic` prints
** it: `"func.func"() ({ ^bb0(ARGS): BODY }) {function_type = T, sym_name =
** "f"[, sym_visibility = "private"]} : () -> ()`, its own attributes among
** those, in name order. */
static void print_func_generic(Printer *p, const Func *f)
{
    FILE *o = p->out;
    indent(p);
    fputs("\"func.func\"() ({\n", o);
    char buf[32];
    if (f->body) {
        for (int i = 0; i < f->nargs && i < f->body->nargs; i++) {
            snprintf(buf, sizeof buf, "%%arg%d", i);
            set_name(p, f->body->args[i], buf);
        }
        p->next_id = p->first_id;
        p->next_arg = f->nargs;
        number_block(p, f->body);
        if (f->nargs) {
            indent(p);
            fputs("^bb0(", o);
            for (int i = 0; i < f->nargs; i++) {
                if (i) fputs(", ", o);
                fprintf(o, "%%arg%d: ", i);
                ir_print_type(o, f->arg_types[i]);
            }
            fputs("):\n", o);
        }
        p->indent++;
        print_block_body(p, f->body);
        p->indent--;
    }
    indent(p);
    fputs("}) {", o);
    /* The implicit attributes (in name order) and the function's own,
    ** merged in name order. */
    const char *implicit[5];
    int ni = 0, k = 0, shown = 0;
    if (f->arg_attrs) implicit[ni++] = "arg_attrs";
    implicit[ni++] = "function_type";
    if (f->res_attrs) implicit[ni++] = "res_attrs";
    implicit[ni++] = "sym_name";
    if (f->is_private) implicit[ni++] = "sym_visibility";
    for (int a = 0; a <= f->nattrs; a++) {
        const char *own = a < f->nattrs ? f->attrs[a].name : NULL;
        while (k < ni && (!own || strcmp(implicit[k], own) < 0)) {
            const char *key = implicit[k++];
            if (shown++) fputs(", ", o);
            fprintf(o, "%s = ", key);
            if (!strcmp(key, "function_type")) {
                fputc('(', o);
                print_type_list(p, f->arg_types, f->nargs);
                fputs(") -> ", o);
                bool paren = f->nresults != 1 || (f->result_types[0] && f->result_types[0]->kind == TY_FUNCTION);
                if (paren) fputc('(', o);
                print_type_list(p, f->result_types, f->nresults);
                if (paren) fputc(')', o);
            } else if (!strcmp(key, "arg_attrs")) {
                ir_print_attr(o, f->arg_attrs);
            } else if (!strcmp(key, "res_attrs")) {
                ir_print_attr(o, f->res_attrs);
            } else if (!strcmp(key, "sym_name")) {
                pr_escaped(o, f->name, strlen(f->name));
            } else {
                fputs("\"private\"", o);
            }
        }
        if (!own) break;
        if (shown++) fputs(", ", o);
        pr_key(o, own);
        if (f->attrs[a].value && f->attrs[a].value->kind != ATTR_UNIT) {
            fputs(" = ", o);
            ir_print_attr(o, f->attrs[a].value);
        }
    }
    fputs("} : () -> ()\n", o);
}

/* The module's body: its top level in source order (ir_module_walk_top),
** each function with a printer of its own, the ops at module level
** (docs/syntax.md) with one printer for all, in generic form (the only
** form read there). Their values are numbered first, then what their
** regions hold, as mlir-opt numbers a block; a function's values are
** numbered after the module level's, as mlir-opt's are. */
typedef struct TopPrint {
    FILE *out;
    const Module *m;
    SigCache sc;
    Printer top;             /* the module level's names */
    bool generic, no_locs;
} TopPrint;

static void print_top_item(void *ud, const Func *f, const Op *op)
{
    TopPrint *tp = ud;
    if (op) {
        print_op_as(&tp->top, op, false);
        return;
    }
    Printer p;
    memset(&p, 0, sizeof p);
    p.out = tp->out;
    p.m = tp->m;
    p.sc = &tp->sc;
    p.indent = 1;
    p.generic = tp->generic;
    p.no_locs = tp->no_locs;
    p.first_id = tp->top.next_id;
    if (tp->generic) print_func_generic(&p, f);
    else print_func_p(&p, f);
    printer_free(&p);
}

static void print_top(FILE *out, const Module *m, bool generic, bool no_locs)
{
    TopPrint tp;
    memset(&tp, 0, sizeof tp);
    tp.out = out;
    tp.m = m;
    tp.generic = generic;
    tp.no_locs = no_locs;
    tp.top.out = out;
    tp.top.m = m;
    tp.top.sc = &tp.sc;
    tp.top.indent = 1;
    tp.top.generic = generic;
    tp.top.no_locs = no_locs;
    if (m->top) number_block(&tp.top, m->top);
    ir_module_walk_top(m, print_top_item, &tp);
    printer_free(&tp.top);
    free(tp.sc.sigs);
}

static void print_module_custom(FILE *out, const Module *m, bool no_locs);

static void count_item(void *ud, const Func *f, const Op *op)
{
    (void)f; (void)op;
    (*(int *)ud)++;
}

/* [opt] NULL: tfrun's own form, with the locations written in the source. */
void pr_module_plain(FILE *out, const Module *m, const IrPrintOptions *opt)
{
    bool no_locs = opt && !opt->debuginfo;
    if (!opt || !opt->generic) {
        print_module_custom(out, m, no_locs);
        return;
    }
    fputs("\"builtin.module\"() ({\n", out);
    /* The module's region always has its block: an empty one is written
    ** `^bb0:`, as mlir-opt writes an empty entry block in generic form
    ** (an empty `{}` would be a region without blocks). */
    int items = 0;
    ir_module_walk_top(m, count_item, &items);
    if (!items) fputs("^bb0:\n", out);
    print_top(out, m, true, no_locs);
    fputs("})", out);
    /* A named module's name and its attributes, in name order. */
    if (m->name || m->nattrs) {
        fputs(" {", out);
        bool named = m->name != NULL, done = !named;
        int shown = 0;
        for (int a = 0; a <= m->nattrs; a++) {
            const char *own = a < m->nattrs ? m->attrs[a].name : NULL;
            if (!done && (!own || strcmp("sym_name", own) < 0)) {
                if (shown++) fputs(", ", out);
                fputs("sym_name = ", out);
                pr_escaped(out, m->name, strlen(m->name));
                done = true;
            }
            if (!own) break;
            if (shown++) fputs(", ", out);
            pr_key(out, own);
            if (m->attrs[a].value && m->attrs[a].value->kind != ATTR_UNIT) {
                fputs(" = ", out);
                ir_print_attr(out, m->attrs[a].value);
            }
        }
        fputc('}', out);
    }
    fputs(" : () -> ()\n\n", out);    /* mlir-opt ends with an empty line */
}

static void print_module_custom(FILE *out, const Module *m, bool no_locs)
{
    fputs("module", out);
    if (m->name) {
        fputc(' ', out);
        pr_symbol(out, m->name);
    }
    print_attributes_clause(out, m->attrs, m->nattrs);
    fputs(" {\n", out);
    print_top(out, m, false, no_locs);
    fputs("}\n", out);
}

/* ---------------------------------------------------------------- brief form */

static void brief_value(FILE *out, const Value *v)
{
    if (!v) { fputs("%?", out); return; }
    if (v->name) {
        if (v->name[0] != '%') fputc('%', out);
        fputs(v->name, out);
        /* A `%x:K` group shares one name: the result is `%x#i`, i counting
        ** the earlier results of the same group. */
        if (v->def && v->def->nresults > 1 && !strchr(v->name, '#')) {
            int k = 0;
            bool shared = false;
            for (int i = 0; i < v->def->nresults; i++) {
                const Value *o = v->def->results[i];
                if (!o || o == v || !o->name || strcmp(o->name, v->name)) continue;
                shared = true;
                if (i < v->result_index) k++;
            }
            if (shared) fprintf(out, "#%d", k);
        }
    } else {
        fprintf(out, "%%<%d>", v->index);
    }
}

void ir_print_op_brief(FILE *out, const Op *op)
{
    for (int i = 0; i < op->nresults; i++) {
        if (i) fputs(", ", out);
        brief_value(out, op->results[i]);
    }
    if (op->nresults) fputs(" = ", out);
    fputs(op->name ? op->name : "?", out);
    if (op->callee) { fputc(' ', out); pr_symbol(out, op->callee); }
    for (int i = 0; i < op->noperands; i++) {
        fputs(i ? ", " : " ", out);
        brief_value(out, op->operands[i]);
    }
    if (op->nattrs) {
        fputs(" {", out);
        for (int i = 0; i < op->nattrs; i++) {
            if (i) fputs(", ", out);
            pr_key(out, op->attrs[i].name);
            if (op->attrs[i].value && op->attrs[i].value->kind != ATTR_UNIT) {
                fputs(" = ", out);
                ir_print_attr(out, op->attrs[i].value);
            }
        }
        fputc('}', out);
    }
    for (int r = 0; r < op->nregions; r++) fputs(" {...}", out);
}

