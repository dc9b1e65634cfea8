/*
** repl_lex.c — what `tfrun repl` reads of program text, read by the lexer
** (lexer/lexer.h) as the parser reads it (docs/tools.md §3): the value
** names of typed ops, and the arguments of `:run @f(ARGS)`.
**
** Value names: every %name token of the text (strings and comments are
** the lexer's, so a name inside either is none), and whether it defines:
** a name is a definition when it is part of the result list before `=` of
** an op starting a line at brace depth 0.
**
** The arguments of :run. An argument is a %value of the top-level frame,
** or a literal with an optional `: TYPE`: an integer (decimal or 0x hex,
** with an optional '-'), `true` / `false`, a float, a string literal (the
** lexer's escapes: \n \t \" \\ and \XX; any other is "invalid escape
** sequence in string literal", as the parser says), or `chain`. Lexical
** errors are the lexer's own messages, at their column. A hex integer
** passed as a float is its bit pattern, as in an attribute
** (docs/language.md §4).
*/
#include "base/alloc.h"
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/repl_int.h"
#include "grammar.h"
#include "lexer/lexer.h"

/* {=====================================================================
** Value names of typed ops
** ====================================================================== */

int repl_scan_names(const char *s, NameRef **out)
{
    int n = 0, cap = 16, depth = 0;
    NameRef *v = malloc(sizeof *v * (size_t)cap);
    if (!v) tf_out_of_memory();
    int first_of_line = -1;    /* the names of a result list start here */
    int line = 0;              /* of the last token */
    Lexer lx;
    lex_init(&lx, s, strlen(s));
    Token t;
    for (int k = lex_next(&lx, &t); k; ) {
        bool line_start = t.line != line;
        line = t.line;
        if (k == TK_LBRACE || k == TK_RBRACE) {
            depth += k == TK_LBRACE ? 1 : -1;
            first_of_line = -1;
            k = lex_next(&lx, &t);
            continue;
        }
        if (k != TK_VALUE && k != TK_VALUE_HASH && k != TK_VALUE_GROUP) {
            /* Anything else ends a potential result list. */
            if (k != TK_COMMA) first_of_line = -1;
            k = lex_next(&lx, &t);
            continue;
        }
        if (n == cap) {
            cap *= 2;
            v = realloc(v, sizeof *v * (size_t)cap);
            if (!v) tf_out_of_memory();
        }
        NameRef *nr = &v[n];
        memset(nr, 0, sizeof *nr);
        nr->at = (size_t)(t.s - s);
        nr->len = t.len;
        size_t keep = t.len - 1;
        if (k == TK_VALUE_GROUP) {
            const char *colon = memchr(t.s, ':', t.len);
            keep = (size_t)(colon - t.s) - 1;
            nr->count = atoi(colon + 1);
        }
        if (keep >= sizeof nr->name) keep = sizeof nr->name - 1;
        memcpy(nr->name, t.s + 1, keep);
        if (line_start && depth == 0) first_of_line = n;
        n++;
        /* A result list ends with '='; mark the names since the line's first. */
        k = lex_next(&lx, &t);
        if (k == TK_COLON && nr->count == 0) {
            /* `%r : 2`, a group with its colon spaced (parser/grammar.y) */
            Lexer ahead = lx;
            Token c;
            if (lex_next(&ahead, &c) == TK_INT) {
                nr->count = atoi(c.s);
                lx = ahead;
                k = lex_next(&lx, &t);
            }
        }
        if (k == TK_EQ && first_of_line >= 0 && depth == 0)
            for (int i = first_of_line; i < n; i++) v[i].def = true;
        if (k == TK_EQ) first_of_line = -1;
    }
    *out = v;
    return n;
}

/* }===================================================================== */

/* {=====================================================================
** The arguments of :run
** ====================================================================== */

/* The tokens of one `:run` command and where its argument text starts. */
typedef struct Args {
    Repl *r;
    const Func *f;
    const char *arg;     /* the command's argument text ... */
    int col;             /* ... and its column */
    Token *t;
    int n, cap;
} Args;

/* The column of byte [s] of the argument text. */
static int col_of(const Args *a, const char *s) { return a->col + (int)(s - a->arg); }

static void push(Args *a, const Token *t)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 32;
        a->t = realloc(a->t, sizeof *a->t * (size_t)a->cap);
        if (!a->t) tf_out_of_memory();
    }
    a->t[a->n++] = *t;
}


static const struct { const char *sp; AnyType t; } int_types[] = {
    { "i1", ANY_I1 }, { "i8", ANY_I8 }, { "i16", ANY_I16 }, { "i32", ANY_I32 }, { "i64", ANY_I64 },
    { "ui8", ANY_UI8 }, { "ui16", ANY_UI16 }, { "ui32", ANY_UI32 }, { "ui64", ANY_UI64 },
};

/* An integer of type [sp] (table entry [k]) from the value tokens [v]
** ([nv] of them, spelling [lit]); NULL after a diagnostic at [col]. */
static AsyncValue *int_literal(Args *a, const Token *v, int nv, const char *lit, int col, int argno, int k)
{
    const char *sp = int_types[k].sp;
    bool neg = false, hex = false;
    uint64_t mag = 0;
    bool ok = nv == 1;
    if (ok && v->kind == TK_TRUE) mag = 1;
    else if (ok && v->kind == TK_FALSE) mag = 0;
    else ok = ok && v->kind == TK_INT && lex_int_value(v, &neg, &mag, &hex) && (!neg || mag <= (uint64_t)1 << 63);
    if (!ok) {
        cmd_error(a->r, col, "argument %d of '@%s' must be an integer of type %s", argno, a->f->name, sp);
        return NULL;
    }
    unsigned long long u = neg ? 0 : mag;
    long long iv = !neg ? (long long)mag : mag == (uint64_t)1 << 63 ? INT64_MIN : -(long long)mag;
    int bits = !strcmp(sp, "i1") ? 1 : atoi(sp + (sp[0] == 'u' ? 2 : 1));
    bool fits;
    /* -0 is zero in every type; a signed type takes the values of its
    ** own range only (no wrapping of 2^64 - 1 to -1). */
    if (sp[0] == 'u') fits = (!neg || iv == 0) && (bits == 64 || u < (1ULL << bits));
    else if (bits == 1) fits = iv == 0 || iv == 1 || iv == -1;
    else if (bits == 64) fits = neg || u <= (unsigned long long)INT64_MAX;
    else fits = neg ? iv >= -(1LL << (bits - 1)) : u < (1ULL << (bits - 1));
    if (!fits) {
        cmd_error(a->r, col, "argument %d of '@%s': %s does not fit in %s", argno, a->f->name, lit, sp);
        return NULL;
    }
    Any any = sp[0] == 'u' ? any_uint(int_types[k].t, u) : any_int(int_types[k].t, neg ? iv : (long long)u);
    return av_new_available(any);
}

/* A float of type f32 or f64 [sp]: a float token, or an integer (a hex one
** is the bit pattern). NULL after a diagnostic at [col]. */
static AsyncValue *float_literal(Args *a, const Token *v, int nv, const char *lit, int col, int argno,
                                 const char *sp)
{
    bool f32 = sp[1] == '3';
    double d = 0;
    bool neg = false, hex = false, ok = nv == 1 && (v->kind == TK_FLOAT || v->kind == TK_INT);
    uint64_t mag = 0;
    if (ok && v->kind == TK_FLOAT) {
        d = strtod(lit, NULL);
    } else if (ok) {
        ok = lex_int_value(v, &neg, &mag, &hex);
        if (ok && hex && !neg) {
            if (f32 && mag >> 32) {
                cmd_error(a->r, col, "argument %d of '@%s': %s does not fit in %s", argno, a->f->name, lit, sp);
                return NULL;
            }
            if (f32) { uint32_t b = (uint32_t)mag; float x; memcpy(&x, &b, 4); d = x; }
            else memcpy(&d, &mag, 8);
        } else if (ok) {
            d = neg ? -(double)mag : (double)mag;
        }
    }
    if (!ok) {
        cmd_error(a->r, col, "argument %d of '@%s' must be a number of type %s", argno, a->f->name, sp);
        return NULL;
    }
    return av_new_available(f32 ? any_f32((float)d) : any_f64(d));
}

/* The string token [v]: its bytes by the lexer's escapes. */
static AsyncValue *string_literal(Args *a, const Token *v)
{
    char *buf = xmalloc(v->len + 1);
    const char *bad = NULL;
    long n = lex_unescape(v, buf, &bad);
    if (n < 0) {
        cmd_error(a->r, col_of(a, bad), "invalid escape sequence in string literal");
        free(buf);
        return NULL;
    }
    Any s = any_str(buf, (size_t)n);
    free(buf);
    return av_new_available(s);
}

/* Argument [argno] of type [want]: the tokens [t] ([n] > 0 of them). The
** value (+1), or NULL after a diagnostic. */
static AsyncValue *literal(Args *a, const Token *t, int n, const Type *want, int argno)
{
    const Func *f = a->f;
    int colon = 0;
    while (colon < n && t[colon].kind != TK_COLON) colon++;
    const Token *end = &t[n];        /* the ',' or ')' after the argument */
    if (colon < n) {
        const char *ts = colon + 1 < n ? t[colon + 1].s : end->s;
        const char *te = colon + 1 < n ? t[n - 1].s + t[n - 1].len : end->s;
        char ty[256];
        snprintf(ty, sizeof ty, "%.*s", (int)(te - ts), ts);
        if (!repl_same_spelling(ty, want->spelling)) {
            cmd_error(a->r, col_of(a, ts), "argument %d of '@%s' has type %s, not %s", argno, f->name,
                      want->spelling, ty);
            return NULL;
        }
    }
    const char *sp = want->spelling;
    int nv = colon;
    const char *ls = nv ? t[0].s : end->s;
    const char *le = nv ? t[nv - 1].s + t[nv - 1].len : end->s;
    char lit[512];
    snprintf(lit, sizeof lit, "%.*s", (int)(le - ls), ls);
    int col = col_of(a, ls);
    if (nv == 1 && (t->kind == TK_VALUE || t->kind == TK_VALUE_HASH)) {
        TopVal *tv = repl_find_val(a->r, t->s + 1, t->len - 1);
        if (!tv) { cmd_error(a->r, col, "use of undefined value '%s'", lit); return NULL; }
        if (!repl_same_spelling(tv->type->spelling, sp)) {
            cmd_error(a->r, col, "argument %d of '@%s' has type %s, but %s has type %s", argno, f->name, sp,
                      lit, tv->type->spelling);
            return NULL;
        }
        av_retain(tv->v);
        return tv->v;
    }
    for (int k = 0; k < (int)(sizeof int_types / sizeof int_types[0]); k++)
        if (!strcmp(sp, int_types[k].sp)) return int_literal(a, t, nv, lit, col, argno, k);
    if (!strcmp(sp, "f32") || !strcmp(sp, "f64")) return float_literal(a, t, nv, lit, col, argno, sp);
    if (!strcmp(sp, "!tfrt.chain") && (!nv || (nv == 1 && t->kind == TK_BARE_ID && !strcmp(lit, "chain"))))
        return av_ready_chain();
    if (!strcmp(sp, "!tfrt.string") && nv == 1 && t->kind == TK_STRING) return string_literal(a, t);
    cmd_error(a->r, col, "argument %d of '@%s' has type %s: pass a %%value (no literal of that type)", argno,
              f->name, sp);
    return NULL;
}

AsyncValue **repl_run_args(Repl *r, const Func *f, const char *arg, int col, const char *p)
{
    Args a = { r, f, arg, col, NULL, 0, 0 };
    if (*p != '(') { cmd_error(r, col_of(&a, p), "expected '(' after '@%s'", f->name); return NULL; }
    /* The tokens up to the ')' that closes the '('. */
    Lexer lx;
    lex_init(&lx, p, strlen(p));
    int depth = 0, close = -1;
    for (;;) {
        Token t;
        int k = lex_next(&lx, &t);
        if (k == TK_ILLEGAL) {
            cmd_error(r, col_of(&a, t.s), "%s", lx.err);
            free(a.t);
            return NULL;
        }
        if (k == 0) break;
        push(&a, &t);
        if (k == TK_LPAREN) depth++;
        else if (k == TK_RPAREN && --depth == 0) { close = a.n - 1; break; }
    }
    const char *after = close >= 0 ? a.t[close].s + 1 : NULL;
    if (close < 0) cmd_error(r, col_of(&a, p), "expected ')' to close the arguments");
    else if (*skip_ws(after)) cmd_error(r, col_of(&a, after), "unexpected text after ')'");
    if (close < 0 || *skip_ws(after)) { free(a.t); return NULL; }

    /* Arguments: the tokens between commas outside brackets. */
    int starts[65], n = 0;
    if (close > 1) {
        starts[n++] = 1;
        depth = 0;
        for (int i = 1; i < close; i++) {
            int k = a.t[i].kind;
            if (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE) depth++;
            else if (k == TK_RPAREN || k == TK_RBRACKET || k == TK_RBRACE) depth--;
            else if (k == TK_COMMA && depth == 0) {
                if (n == 64) { cmd_error(r, col, "too many arguments"); free(a.t); return NULL; }
                starts[n++] = i + 1;
            }
        }
    }
    starts[n] = close + 1;
    if (n != f->nargs) {
        cmd_error(r, col, "'@%s' takes %d argument%s, %d given", f->name, f->nargs, f->nargs == 1 ? "" : "s", n);
        free(a.t);
        return NULL;
    }
    AsyncValue **args = calloc((size_t)n + 1, sizeof *args);
    if (!args) tf_out_of_memory();
    for (int i = 0; i < n; i++) {
        int s = starts[i], e = starts[i + 1] - 1;     /* e: the ',' or ')' */
        if (s == e) cmd_error(r, col_of(&a, a.t[e].s), "empty argument");
        else args[i] = literal(&a, &a.t[s], e - s, f->arg_types[i], i + 1);
        if (args[i]) continue;
        for (int j = 0; j < i; j++) av_release(args[j]);
        free(args);
        free(a.t);
        return NULL;
    }
    free(a.t);
    return args;
}

/* }===================================================================== */
