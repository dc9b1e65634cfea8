/*
** sig.c — the one reader of the op-signature mini-language of
** ops/ops.def (grammar in ir/module.h): ir_sig_split gives the
** entries' spellings (the verifier matches them against types),
** ir_signature the interned types (the parser types the results of ops
** that do not write them), ir_op_sig the latter cached per module.
*/
#include <string.h>
#include "ir/intern.h"
#include "ops/optable.h"

static void skip_ws(const char **p) { while (**p == ' ' || **p == '\t') (*p)++; }

/* Splits "T, T..., ..." up to the closing ')' at depth 0 (or the end of
** the string when [paren] is false). Returns false on a malformed list. */
static bool split_list(const char **pp, bool paren, IrSigType *out, int *n, bool *var) {
    const char *p = *pp;
    *n = 0;
    *var = false;
    skip_ws(&p);
    if (paren && *p == ')') { *pp = p + 1; return true; }
    for (;;) {
        skip_ws(&p);
        const char *b = p;
        int depth = 0;
        while (*p && !(depth == 0 && (*p == ',' || (paren && *p == ')')))) {
            if (*p == '<' || *p == '(') depth++;
            if (*p == '>' || *p == ')') depth--;
            p++;
        }
        const char *e = p;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t')) e--;
        if (e == b || *n == IR_MAX_SIG) return false;
        if (*var) return false;                 /* `T...` only last */
        if (e - b > 3 && !memcmp(e - 3, "...", 3)) { *var = true; e -= 3; }
        out[*n].p = b;
        out[(*n)++].len = (int)(e - b);
        if (*p == ',') { p++; continue; }
        if (paren) {
            if (*p != ')') return false;
            p++;
        }
        *pp = p;
        return true;
    }
}

bool ir_sig_split(const char *p, IrSigText *s) {
    memset(s, 0, sizeof *s);
    s->parsed = true;
    if (!p || !*p) { s->unchecked = true; return false; }
    skip_ws(&p);
    bool ok = *p == '(' && (p++, split_list(&p, true, s->in, &s->nin, &s->in_var));
    skip_ws(&p);
    ok = ok && p[0] == '-' && p[1] == '>';
    if (ok) {
        p += 2;
        skip_ws(&p);
        if (*p == '(') { p++; ok = split_list(&p, true, s->out, &s->nout, &s->out_var); }
        else ok = split_list(&p, false, s->out, &s->nout, &s->out_var);
    }
    if (!ok) s->unchecked = true;
    return ok;
}

/* The types of the [n] entries [e] in [m]'s arena (`any`: NULL); false
** when one is not a type or out of memory. */
static bool entry_types(Module *m, const IrSigType *e, int n, const Type *const **out) {
    const Type **t = arena_alloc(m->arena, (size_t)(n + 1) * sizeof *t);
    if (!t) return false;
    for (int i = 0; i < n; i++) {
        if (e[i].len == 3 && !memcmp(e[i].p, "any", 3)) { t[i] = NULL; continue; }
        t[i] = ir_type_get(m, e[i].p, (size_t)e[i].len);
        if (!t[i]) return false;
    }
    *out = t;
    return true;
}

bool ir_signature(Module *m, const char *sig, IrSig *out) {
    IrSigText s;
    memset(out, 0, sizeof *out);
    if (!ir_sig_split(sig, &s)) return false;
    const Type *const *in, *const *res;
    if (!entry_types(m, s.in, s.nin, &in) || !entry_types(m, s.out, s.nout, &res)) return false;
    *out = (IrSig){ in, s.nin, s.in_var, res, s.nout, s.out_var };
    return true;
}

static size_t sig_home(const void *slot) { return (uintptr_t)((const SigSlot *)slot)->info >> 4; }

/* The signature of [info], cached per module. */
const IrSig *ir_op_sig(Module *m, const OpInfo *info) {
    struct IrTables *t = ir_tables(m);
    if (!t || !info) return NULL;
    if (t->nsig * 2 >= t->capsig) {
        size_t cap = t->capsig ? t->capsig * 2 : 64;
        SigSlot *ns = ir_rehash(m->arena, t->sigs, t->capsig, cap, sizeof *ns, sig_home);
        if (!ns) return NULL;
        t->sigs = ns; t->capsig = cap;
    }
    SigSlot key = { .info = info };
    size_t j = sig_home(&key) & (t->capsig - 1);
    while (t->sigs[j].info) {
        if (t->sigs[j].info == info) return t->sigs[j].ok ? &t->sigs[j].sig : NULL;
        j = (j + 1) & (t->capsig - 1);
    }
    t->sigs[j].info = info;
    t->sigs[j].ok = ir_signature(m, info->signature, &t->sigs[j].sig);
    t->nsig++;
    return t->sigs[j].ok ? &t->sigs[j].sig : NULL;
}
