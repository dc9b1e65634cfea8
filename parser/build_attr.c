/*
** build_attr.c — the parser's builders (parser/build.h), part two: types
** and attributes from tokens (integer and float literals checked against
** their types, strings, dense tensors), locations, and `#name` / `!name`
** aliases. Everything is allocated from the module's arena.
*/
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/brackets.h"
#include "parser/build_int.h"
#include "grammar.h"

/* ========================================================================
** Types and attributes from tokens
** ======================================================================== */

static bool as_written(ParseCtx *c, const Token *t);

/* The type token [t] without a diagnostic (NULL if it is not a type, or
** not one to take as written: irb_type must read it). */
const Type *irb_quiet_type(ParseCtx *c, const Token *t) {
    if (c->ty && t->len == c->ty_len && memcmp(t->s, c->ty_s, t->len) == 0) return c->ty;
    if (!as_written(c, t)) return NULL;
    const Type *ty = ir_type_get(c->m, t->s, t->len);
    if (ty) { c->ty_s = t->s; c->ty_len = t->len; c->ty = ty; }
    return ty;
}

/* `#name = attr` and `!name = type` aliases (MLIR's attribute and type
** aliases): defined at the top level before their uses; a use is the
** aliased attribute or type itself, so printing expands it. */
struct SymAlias {
    const char *name;              /* interned, with its '#' or '!' */
    const Attr *attr;
    const Type *type;
    struct SymAlias *next;
};

static struct SymAlias *sym_alias(struct SymAlias *list, const char *s, size_t n) {
    for (; list; list = list->next)
        if (strlen(list->name) == n && memcmp(list->name, s, n) == 0) return list;
    return NULL;
}

static bool is_ws(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }

/* Can [ch] end a dimension of a shape (`4`, `?`, scalable `[4]`)? */
static bool dim_end(char ch) { return isdigit((unsigned char)ch) || ch == '?' || ch == ']'; }

/* The canonical text of a builtin parametric type or attribute ([s], [n]
** bytes, as the lexer read it, on one line or several): blanks collapsed,
** none inside brackets or around the `x` of a shape,
** one space after ',' and ':' and around "->" (and, in affine maps and
** sets, around + * - == >= <=), alias uses replaced by what they name.
** Dialect bodies (!foo.bar<..>, #foo.bar<..>), alone or inside, are kept
** as written, as mlir-opt keeps them. Returns an interned string, or NULL when out of memory. */
static const char *canonical_text(ParseCtx *c, const char *s, size_t n) {
    if (n && (s[0] == '!' || s[0] == '#')) return ir_name(c->m, s, n);
    bool affine = false;    /* from the first affine_map< or affine_set< on */
    IrBuf b = {0};
    bool space = false;
    for (size_t i = 0; i < n;) {
        char ch = s[i];
        if (is_ws(ch)) { space = true; i++; continue; }
        char last = b.n ? b.p[b.n - 1] : 0;
        if (ch == 'a' && n - i > 11 && (!memcmp(s + i, "affine_map<", 11) || !memcmp(s + i, "affine_set<", 11)))
            affine = true;
        if (ch == '"') {
            size_t j = i + 1;
            while (j < n && s[j] != '"') j += s[j] == '\\' ? 2 : 1;
            if (j > n) j = n - 1;
            if (space && last && !strchr("(<[{", last)) ir_bputn(&b, " ", 1);
            ir_bputn(&b, s + i, j + 1 - i);
            i = j + 1; space = false;
            continue;
        }
        if ((ch == '#' || ch == '!') && i + 1 < n && (isalpha((unsigned char)s[i + 1]) || s[i + 1] == '_')) {
            size_t j = i + 1;
            while (j < n && ir_idchar((unsigned char)s[j])) j++;
            bool body = j < n && s[j] == '<';
            if (body) {
                /* A dialect type or attribute inside: its body as written. */
                const char *q = brackets_close(s + j + 1, s + n);
                j = q ? (size_t)(q - s) : n;
            }
            struct SymAlias *al = body ? NULL : sym_alias(ch == '#' ? c->attr_aliases : c->type_aliases, s + i, j - i);
            const char *rep = NULL;
            if (al && al->attr && al->attr->kind == ATTR_OPAQUE) rep = al->attr->u.str.s;
            else if (al && al->type) rep = al->type->spelling;
            if (space && last && !strchr("(<[{", last)) ir_bputn(&b, " ", 1);
            if (rep) ir_bput(&b, rep);
            else ir_bputn(&b, s + i, j - i);
            i = j; space = false;
            continue;
        }
        bool arrow = ch == '-' && i + 1 < n && s[i + 1] == '>';
        bool cmp2 = affine && (ch == '>' || ch == '<' || ch == '=') && i + 1 < n && s[i + 1] == '=';
        bool binop = affine && (ch == '+' || ch == '*' || (ch == '-' && !arrow && last
                                && (isalnum((unsigned char)last) || last == ')' || last == '_')));
        if (arrow || cmp2 || binop) {
            if (b.n && last != ' ') ir_bputn(&b, " ", 1);
            ir_bputn(&b, s + i, arrow || cmp2 ? 2 : 1);
            ir_bputn(&b, " ", 1);
            i += arrow || cmp2 ? 2 : 1; space = false;
            continue;
        }
        if (strchr(")>]},", ch) || last == ' ' || !last || strchr("(<[{", last)) space = false;
        /* The `x` of a dimension list has no blanks around it (`4 x f32`
        ** is `4xf32`). */
        if (!affine && (ch == 'x' ? dim_end(last) : last == 'x' && b.n > 1 && dim_end(b.p[b.n - 2]))) space = false;
        if (space) ir_bputn(&b, " ", 1);
        ir_bputn(&b, &ch, 1);
        if ((ch == ',' || ch == ':') && i + 1 < n) { ir_bputn(&b, " ", 1); while (i + 1 < n && is_ws(s[i + 1])) i++; }
        i++; space = false;
    }
    const char *r = b.oom ? NULL : ir_name(c->m, b.p ? b.p : "", b.n);
    free(b.p);
    return r;
}

/* Might canonical_text change [s]: does it hold a blank, ',' or ':'? */
static bool needs_canon(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (is_ws(s[i]) || s[i] == ',' || s[i] == ':') return true;
    return false;
}

/* Is type token [t] its own spelling: no alias use, nothing for
** canonical_text to change? */
static bool as_written(ParseCtx *c, const Token *t) {
    if (t->kind == TK_TENSOR_TYPE) return !c->attr_aliases && !c->type_aliases && !needs_canon(t->s, t->len);
    if (t->kind == TK_DIALECT_TYPE) return !c->type_aliases || !sym_alias(c->type_aliases, t->s, t->len);
    return true;
}

const Type *irb_type(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    if (t->kind == TK_DIALECT_TYPE && c->type_aliases) {
        struct SymAlias *al = sym_alias(c->type_aliases, t->s, t->len);
        if (al) return al->type;
    }
    if (!as_written(c, t)) {
        const char *canon = canonical_text(c, t->s, t->len);
        if (!canon) return irb_oom(c);
        const Type *ty = ir_type_get(c->m, canon, strlen(canon));
        if (!ty) irb_error(c, t, "unknown type '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
        return ty;
    }
    const Type *ty = irb_quiet_type(c, t);
    if (!ty && t->kind == TK_BARE_ID && memchr(t->s, '.', t->len))
        irb_error(c, t, "expected a type, got '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
    else if (!ty) irb_error(c, t, "unknown type '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
    return ty;
}

const Type *irb_named_type(ParseCtx *c, const char *s) {
    const Type *t = ir_type_get(c->m, s, strlen(s));
    return t ? t : irb_oom(c);
}

const Type *irb_fntype(ParseCtx *c, Vec *in, Vec *out) {
    if (c->failed || !in || !out) return NULL;
    const Type *t = ir_type_func(c->m, (const Type *const *)in->v, in->n, (const Type *const *)out->v, out->n);
    return t ? t : irb_oom(c);
}

Attr *irb_new_attr(ParseCtx *c, AttrKind k) {
    Attr *a = alloc(c, sizeof *a);
    if (a) a->kind = k;
    return a;
}

static bool is_int_type(const Type *t) {
    return t->kind <= TY_UI64 || t->kind == TY_INDEX;
}
static bool is_float_type(const Type *t) {
    return t->kind == TY_F16 || t->kind == TY_BF16 || t->kind == TY_F32 || t->kind == TY_F64;
}
static int int_bits(const Type *t) {
    switch (t->kind) {
    case TY_I1: return 1;
    case TY_I8: case TY_UI8: return 8;
    case TY_I16: case TY_UI16: return 16;
    case TY_I32: case TY_UI32: return 32;
    default: return 64;
    }
}
static bool is_unsigned(const Type *t) {
    return t->kind == TY_UI8 || t->kind == TY_UI16 || t->kind == TY_UI32 || t->kind == TY_UI64;
}


/* Checks [neg]·[mag] against integer type [ty]; stores the value in *out. */
static bool int_fits(const Type *ty, bool neg, uint64_t mag, int64_t *out) {
    int bits = int_bits(ty);
    if (neg) {
        if (is_unsigned(ty)) return mag == 0 ? (*out = 0, true) : false;
        uint64_t lim = bits == 64 ? (uint64_t)1 << 63 : (uint64_t)1 << (bits - 1);
        if (ty->kind == TY_I1) lim = 1;
        if (mag > lim) return false;
        *out = mag == ((uint64_t)1 << 63) ? INT64_MIN : -(int64_t)mag;
        return true;
    }
    if (bits < 64 && mag >> bits) return false;
    if (ty->kind == TY_I64 || ty->kind == TY_INDEX) {
        if (mag > (uint64_t)INT64_MAX) return false;
    }
    *out = (int64_t)mag;
    return true;
}

static double bits_to_double(const Type *ty, uint64_t bits) {
    if (ty->kind == TY_F32) { uint32_t b = (uint32_t)bits; float f; memcpy(&f, &b, 4); return f; }
    if (ty->kind == TY_F64) { double d; memcpy(&d, &bits, 8); return d; }
    /* f16 / bf16: the raw bits are what kernels use; give a value too. */
    if (ty->kind == TY_BF16) { uint32_t b = (uint32_t)(bits & 0xFFFF) << 16; float f; memcpy(&f, &b, 4); return f; }
    unsigned h = (unsigned)(bits & 0xFFFF), ex = (h >> 10) & 31, man = h & 1023;
    double v = ex == 0 ? ldexp(man, -24) : ex == 31 ? (man ? NAN : INFINITY) : ldexp(man + 1024, (int)ex - 25);
    return (h & 0x8000) ? -v : v;
}

const Attr *irb_attr_int(ParseCtx *c, const Token *t, const Type *ty) {
    if (c->failed) return NULL;
    bool neg, hex;
    uint64_t mag;
    if (!lex_int_value(t, &neg, &mag, &hex)) {
        irb_error(c, t, "integer literal '%.*s' overflows 64 bits", t->len > 40 ? 40 : (int)t->len, t->s);
        return NULL;
    }
    bool untyped = !ty;
    if (!ty) ty = irb_named_type(c, "i64");
    if (!ty) return NULL;
    if (untyped && hex) {
        /* An untyped hex literal keeps its bits: it may still become a
        ** float bit pattern when a custom op gives it a type. */
        if (neg && mag > (uint64_t)1 << 63) {
            irb_error(c, t, "integer constant '%.*s' out of range for type 'i64'", (int)t->len, t->s);
            return NULL;
        }
        Attr *a = irb_new_attr(c, ATTR_INT);
        if (!a) return NULL;
        a->type = ty;
        a->u.i = neg ? (int64_t)((uint64_t)0 - mag) : (int64_t)mag;
        a->float_bits = mag;
        a->has_float_bits = !neg;
        return a;
    }
    if (untyped && !neg && mag > (uint64_t)INT64_MAX) {
        /* Too big for i64: keep it as ui64 so that a custom op of type
        ** ui64 (tfrt.constant.ui64) can take it. */
        ty = irb_named_type(c, "ui64");
        if (!ty) return NULL;
    }
    if (is_float_type(ty)) {
        Attr *a = irb_new_attr(c, ATTR_FLOAT);
        if (!a) return NULL;
        a->type = ty;
        if (hex && !neg) {
            int bits = ty->kind == TY_F64 ? 64 : ty->kind == TY_F32 ? 32 : 16;
            if (bits < 64 && mag >> bits) {
                irb_error(c, t, "hexadecimal float constant out of range for type '%s'", ty->spelling);
                return NULL;
            }
            a->float_bits = mag;
            a->has_float_bits = true;
            a->u.f = bits_to_double(ty, mag);
        } else {
            a->u.f = neg ? -(double)mag : (double)mag;
        }
        return a;
    }
    if (!is_int_type(ty)) {
        irb_error(c, t, "integer literal not valid for type '%s'", ty->spelling);
        return NULL;
    }
    int64_t v;
    if (!int_fits(ty, neg, mag, &v)) {
        irb_error(c, t, "integer constant '%.*s' out of range for type '%s'",
                  t->len > 40 ? 40 : (int)t->len, t->s, ty->spelling);
        return NULL;
    }
    if (ty->kind == TY_I1) return irb_attr_bool(c, v != 0);   /* MLIR: `1 : i1` is `true` */
    Attr *a = irb_new_attr(c, ATTR_INT);
    if (!a) return NULL;
    a->type = ty;
    a->u.i = v;
    return a;
}

const Attr *irb_attr_float(ParseCtx *c, const Token *t, const Type *ty) {
    if (c->failed) return NULL;
    char buf[128];
    if (t->len >= sizeof buf) { irb_error(c, t, "float literal too long"); return NULL; }
    memcpy(buf, t->s, t->len);
    buf[t->len] = 0;
    if (!ty) ty = irb_named_type(c, "f64");
    if (!ty) return NULL;
    if (!is_float_type(ty)) {
        irb_error(c, t, "floating point literal not valid for type '%s'", ty->spelling);
        return NULL;
    }
    Attr *a = irb_new_attr(c, ATTR_FLOAT);
    if (!a) return NULL;
    a->type = ty;
    a->u.f = strtod(buf, NULL);
    return a;
}

const Attr *irb_attr_bool(ParseCtx *c, bool b) {
    if (c->failed) return NULL;
    Attr *a = irb_new_attr(c, ATTR_BOOL);
    if (!a) return NULL;
    a->type = irb_named_type(c, "i1");
    a->u.b = b;
    return a;
}

/* The decoded text of a string token, interned. */
const char *irb_string_value(ParseCtx *c, const Token *t, size_t *len) {
    /* Without a backslash the text between the quotes is the value. */
    if (t->len >= 2 && !memchr(t->s + 1, '\\', t->len - 2)) {
        *len = t->len - 2;
        return name_of(c, t->s + 1, t->len - 2);
    }
    char small[256];
    char *buf = t->len <= sizeof small ? small : malloc(t->len);
    if (!buf) return irb_oom(c);
    const char *bad = NULL;
    long n = lex_unescape(t, buf, &bad);
    if (n < 0) {
        Token b = *t;
        b.col += (int)(bad - t->s);
        irb_error(c, &b, "invalid escape sequence in string literal");
        if (buf != small) free(buf);
        return NULL;
    }
    const char *s = name_of(c, buf, (size_t)n);
    if (buf != small) free(buf);
    *len = (size_t)n;
    return s;
}

const Attr *irb_attr_string(ParseCtx *c, const Token *t, const Type *ty) {
    if (c->failed) return NULL;
    size_t n;
    const char *s = irb_string_value(c, t, &n);
    if (!s) return NULL;
    Attr *a = irb_new_attr(c, ATTR_STRING);
    if (!a) return NULL;
    a->type = ty;
    a->u.str.s = s;
    a->u.str.len = n;
    return a;
}

/* The name of a symbol token: `@name` or `@"quoted"`. */
const char *irb_symbol_name(ParseCtx *c, const Token *t, size_t *len) {
    if (t->len > 1 && t->s[1] == '"') {
        Token q = *t;
        q.s++; q.len--; q.col++;
        return irb_string_value(c, &q, len);
    }
    *len = t->len - 1;
    return name_of(c, t->s + 1, t->len - 1);
}

const Attr *irb_attr_symbol(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    size_t n;
    const char *s = irb_symbol_name(c, t, &n);
    if (!s) return NULL;
    Attr *a = irb_new_attr(c, ATTR_SYMBOL);
    if (!a) return NULL;
    a->u.str.s = s;
    a->u.str.len = n;
    return a;
}

const Attr *irb_attr_unit(ParseCtx *c) {
    if (c->failed) return NULL;
    return irb_new_attr(c, ATTR_UNIT);
}

const Attr *irb_attr_type(ParseCtx *c, const Type *ty) {
    if (c->failed || !ty) return NULL;
    Attr *a = irb_new_attr(c, ATTR_TYPE);
    if (a) a->type = ty;
    return a;
}

const Attr *irb_attr_array(ParseCtx *c, Vec *elems) {
    if (c->failed || !elems) return NULL;
    Attr *a = irb_new_attr(c, ATTR_ARRAY);
    if (!a) return NULL;
    a->u.arr.elems = (const Attr *const *)keep(c, elems);
    a->u.arr.n = elems->n;
    return c->failed ? NULL : a;
}

NamedAttr *irb_named(ParseCtx *c, const Token *key, const Attr *v) {
    if (c->failed || !v) return NULL;
    NamedAttr *na = talloc(c, sizeof *na);
    if (!na) return NULL;
    if (key->kind == TK_STRING) {
        size_t n;
        na->name = irb_string_value(c, key, &n);
    } else {
        na->name = name_of(c, key->s, key->len);
    }
    if (!na->name) return NULL;
    na->value = v;
    return na;
}

static int cmp_named(const void *a, const void *b) {
    return strcmp(((const NamedAttr *)a)->name, ((const NamedAttr *)b)->name);
}

/* Sorted array of the named attributes in [v], plus [extra] (may be NULL);
** duplicate names are an error reported at [at]. */
NamedAttr *irb_sorted_attrs(ParseCtx *c, Vec *v, NamedAttr *extra, int nextra, int *n, const Token *at) {
    int k = vlen(v) + nextra;
    *n = 0;
    if (c->failed) return NULL;
    if (k == 0) return NULL;
    NamedAttr *arr = alloc(c, (size_t)k * sizeof *arr);
    if (!arr) return NULL;
    int j = 0;
    for (int i = 0; i < vlen(v); i++) arr[j++] = *(NamedAttr *)v->v[i];
    for (int i = 0; i < nextra; i++) arr[j++] = extra[i];
    qsort(arr, (size_t)k, sizeof *arr, cmp_named);
    for (int i = 1; i < k; i++) {
        if (strcmp(arr[i - 1].name, arr[i].name) == 0) {
            irb_error(c, at, "duplicate attribute '%s'", arr[i].name);
            return NULL;
        }
    }
    *n = k;
    return arr;
}

const Attr *irb_attr_dict(ParseCtx *c, Vec *named) {
    if (c->failed || !named) return NULL;
    Attr *a = irb_new_attr(c, ATTR_DICT);
    if (!a) return NULL;
    int n;
    a->u.dict.attrs = irb_sorted_attrs(c, named, NULL, 0, &n, &c->last);
    a->u.dict.n = n;
    return c->failed ? NULL : a;
}

/* Converts a scalar attribute [x] to element type [el] (dense elements,
** typed custom-syntax attributes). */
const Attr *irb_convert_scalar(ParseCtx *c, const Attr *x, const Type *el, const Token *at) {
    if (x->type == el && (x->kind == ATTR_INT || x->kind == ATTR_FLOAT || x->kind == ATTR_BOOL)) return x;
    if (is_int_type(el)) {
        int64_t v;
        if (x->kind == ATTR_BOOL) v = x->u.b;
        else if (x->kind == ATTR_INT) {
            bool neg = x->u.i < 0 && !x->has_float_bits && !is_unsigned(x->type);
            uint64_t mag = x->has_float_bits ? x->float_bits
                         : neg ? (uint64_t)0 - (uint64_t)x->u.i : (uint64_t)x->u.i;
            if (!int_fits(el, neg, mag, &v)) {
                if (neg) irb_error(c, at, "integer constant %" PRId64 " out of range for type '%s'", x->u.i, el->spelling);
                else irb_error(c, at, "integer constant %" PRIu64 " out of range for type '%s'", mag, el->spelling);
                return NULL;
            }
        } else {
            irb_error(c, at, "expected an integer value of type '%s'", el->spelling);
            return NULL;
        }
        Attr *a = irb_new_attr(c, el->kind == TY_I1 ? ATTR_BOOL : ATTR_INT);
        if (!a) return NULL;
        a->type = el;
        if (a->kind == ATTR_BOOL) a->u.b = v != 0; else a->u.i = v;
        return a;
    }
    if (is_float_type(el)) {
        Attr *a = irb_new_attr(c, ATTR_FLOAT);
        if (!a) return NULL;
        a->type = el;
        if (x->kind == ATTR_FLOAT) {
            a->u.f = x->u.f;
            if (x->has_float_bits) {
                /* Hex bit patterns keep their bits only for the width written. */
                a->float_bits = x->float_bits; a->has_float_bits = true;
                a->u.f = bits_to_double(el, x->float_bits);
            }
        } else if (x->kind == ATTR_INT && x->has_float_bits) {
            int bits = el->kind == TY_F64 ? 64 : el->kind == TY_F32 ? 32 : 16;
            if (bits < 64 && x->float_bits >> bits) {
                irb_error(c, at, "hexadecimal float constant out of range for type '%s'", el->spelling);
                return NULL;
            }
            a->float_bits = x->float_bits; a->has_float_bits = true;
            a->u.f = bits_to_double(el, x->float_bits);
        } else if (x->kind == ATTR_INT) a->u.f = (double)x->u.i;
        else {
            irb_error(c, at, "expected a floating point value of type '%s'", el->spelling);
            return NULL;
        }
        return a;
    }
    if (el->kind == TY_COMPLEX) {
        if (x->kind != ATTR_ARRAY || !x->is_complex) {
            irb_error(c, at, "expected a complex value (re, im) of type '%s'", el->spelling);
            return NULL;
        }
        const Attr *re = irb_convert_scalar(c, x->u.arr.elems[0], el->elem, at);
        const Attr *im = re ? irb_convert_scalar(c, x->u.arr.elems[1], el->elem, at) : NULL;
        return im ? irb_attr_complex(c, re, im) : NULL;
    }
    irb_error(c, at, "invalid element type '%s'", el->spelling);
    return NULL;
}

const Attr *irb_attr_complex(ParseCtx *c, const Attr *re, const Attr *im) {
    if (c->failed || !re || !im) return NULL;
    Attr *a = irb_new_attr(c, ATTR_ARRAY);
    const Attr **two = alloc(c, 2 * sizeof *two);
    if (!a || !two) return NULL;
    two[0] = re; two[1] = im;
    a->u.arr.elems = two;
    a->u.arr.n = 2;
    a->is_complex = true;
    return a;
}

const Attr *irb_attr_opaque(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    Attr *a = irb_new_attr(c, ATTR_OPAQUE);
    if (!a) return NULL;
    a->u.str.s = canonical_text(c, t->s, t->len);
    if (!a->u.str.s) return irb_oom(c);
    a->u.str.len = strlen(a->u.str.s);
    return a;
}

const Attr *irb_attr_alias(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    struct SymAlias *al = sym_alias(c->attr_aliases, t->s, t->len);
    if (!al) {
        irb_error(c, t, "undefined attribute alias '%.*s' (an alias is defined at the top level before its uses)",
                  t->len > 60 ? 60 : (int)t->len, t->s);
        return NULL;
    }
    return al->attr;
}

static void sym_alias_def(ParseCtx *c, struct SymAlias **list, const Token *t, const Attr *v, const Type *ty) {
    if (c->failed || (!v && !ty)) return;
    if (sym_alias(*list, t->s, t->len)) {
        irb_error(c, t, "redefinition of alias '%.*s'", t->len > 60 ? 60 : (int)t->len, t->s);
        return;
    }
    struct SymAlias *al = alloc(c, sizeof *al);
    if (!al || !(al->name = ir_name(c->m, t->s, t->len))) { irb_oom(c); return; }
    al->attr = v;
    al->type = ty;
    al->next = *list;
    *list = al;
}

void irb_attr_alias_def(ParseCtx *c, const Token *t, const Attr *v) { sym_alias_def(c, &c->attr_aliases, t, v, NULL); }
void irb_type_alias_def(ParseCtx *c, const Token *t, const Type *ty) { sym_alias_def(c, &c->type_aliases, t, NULL, ty); }

static int hexdigit(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* dense<"0xHEX">: the bytes of every element (little-endian, each as wide
** as the element type), or of one element for a splat, as MLIR reads it. */
static const Attr *dense_hex(ParseCtx *c, const Token *at, const Attr *body, const Type *ty, int64_t count) {
    const Type *el = ty->elem;
    int bytes = 0;
    bool fl = is_float_type(el);
    if (is_int_type(el) && el->kind != TY_I1 && el->kind != TY_INDEX) bytes = int_bits(el) / 8;
    else if (fl) bytes = el->kind == TY_F64 ? 8 : el->kind == TY_F32 ? 4 : 2;
    const char *h = body->u.str.s + 2;
    size_t nh = body->u.str.len - 2;
    if (!bytes || nh % 2) {
        irb_error(c, at, "hex dense elements of type '%s' are not supported", ty->spelling);
        return NULL;
    }
    size_t nb = nh / 2;
    if (nb % (size_t)bytes || !nb || (count >= 0 && nb / (size_t)bytes != 1 && (int64_t)(nb / (size_t)bytes) != count)) {
        irb_error(c, at, "hex dense literal holds %zu bytes, which is neither one element nor %" PRId64
                  " elements of type '%s'", nb, count, el->spelling);
        return NULL;
    }
    int n = (int)(nb / (size_t)bytes);
    Attr *a = irb_new_attr(c, ATTR_DENSE);
    const Attr **leaves = alloc(c, (size_t)n * sizeof *leaves);
    if (!a || !leaves) return NULL;
    for (int k = 0; k < n; k++) {
        uint64_t v = 0;
        for (int j = bytes - 1; j >= 0; j--) {
            int hi = hexdigit(h[(size_t)(k * bytes + j) * 2]), lo = hexdigit(h[(size_t)(k * bytes + j) * 2 + 1]);
            if (hi < 0 || lo < 0) { irb_error(c, at, "invalid hex digit in dense literal"); return NULL; }
            v = v << 8 | (uint64_t)(hi * 16 + lo);
        }
        Attr *e = irb_new_attr(c, fl ? ATTR_FLOAT : ATTR_INT);
        if (!e) return NULL;
        e->type = el;
        if (fl) { e->float_bits = v; e->has_float_bits = true; e->u.f = bits_to_double(el, v); }
        else if (is_unsigned(el) || bytes == 8) e->u.i = (int64_t)v;
        else { int sh = 64 - bytes * 8; e->u.i = (int64_t)(v << sh) >> sh; }
        leaves[k] = e;
    }
    a->type = ty;
    a->u.arr.elems = leaves;
    a->u.arr.n = n;
    a->dense_splat = n == 1 && count != 1;
    return a;
}

const Attr *irb_attr_dense(ParseCtx *c, const Token *at, const Attr *body, const Type *ty) {
    if (c->failed || !body || !ty) return NULL;
    if (ty->kind != TY_TENSOR) {
        irb_error(c, at, "dense elements need a tensor type, not '%s'", ty->spelling);
        return NULL;
    }
    if (body->kind == ATTR_STRING && body->u.str.len > 2 && body->u.str.s[0] == '0'
        && (body->u.str.s[1] == 'x' || body->u.str.s[1] == 'X')) {
        int64_t count = ty->rank >= 0 ? 1 : -1;
        for (int i = 0; i < ty->rank && count >= 0; i++) {
            if (ty->dims[i] < 0 || (ty->dims[i] && count > INT64_MAX / ty->dims[i])) count = -1;
            else count *= ty->dims[i];
        }
        return dense_hex(c, at, body, ty, count);
    }
    Attr *a = irb_new_attr(c, ATTR_DENSE);
    if (!a) return NULL;
    a->type = ty;
    Vec *leaves = irb_vec(c, NULL);
    /* Iterative walk (arrays may nest deeply). */
    Vec *stack = irb_vec(c, (void *)body);
    Vec *pos = irb_vec(c, NULL);
    if (!leaves || !stack || !pos) return NULL;
    irb_push(c, pos, (void *)(uintptr_t)0);
    while (!c->failed && stack->n > 0) {
        const Attr *x = stack->v[stack->n - 1];
        uintptr_t i = (uintptr_t)pos->v[pos->n - 1];
        if (x->kind != ATTR_ARRAY || x->is_complex) {
            const Attr *e = irb_convert_scalar(c, x, ty->elem, at);
            if (!e) return NULL;
            irb_push(c, leaves, (void *)e);
            stack->n--; pos->n--;
            continue;
        }
        if ((int)i >= x->u.arr.n) { stack->n--; pos->n--; continue; }
        pos->v[pos->n - 1] = (void *)(i + 1);
        irb_push(c, stack, (void *)x->u.arr.elems[i]);
        irb_push(c, pos, (void *)(uintptr_t)0);
    }
    if (c->failed) return NULL;
    int64_t count = 1;
    bool known = ty->rank >= 0;
    for (int i = 0; i < ty->rank; i++) {
        if (ty->dims[i] < 0) { known = false; break; }
        if (ty->dims[i] && count > INT64_MAX / ty->dims[i]) { known = false; break; }
        count *= ty->dims[i];
    }
    a->dense_splat = body->kind != ATTR_ARRAY || body->is_complex;
    if (!a->dense_splat && known && leaves->n != count) {
        irb_error(c, at, "dense literal has %d elements but type '%s' needs %" PRId64, leaves->n,
                  ty->spelling, count);
        return NULL;
    }
    a->u.arr.elems = (const Attr *const *)keep(c, leaves);
    a->u.arr.n = leaves->n;
    return c->failed ? NULL : a;
}

/* ========================================================================
** Locations
** ======================================================================== */

struct AliasRef {
    const char *name;
    Loc *placeholder;        /* stands for the alias inside other aliases' definitions */
    Vec *uses;               /* Loc* handed out at each use, filled at the end */
    const Loc *def;
    AliasRef *alias_of;      /* `#a = loc(#b)`: b */
    Token first_use;
    bool used, defined;
    AliasRef *next;
};

static Loc *new_loc(ParseCtx *c, LocKind k) {
    Loc *l = alloc(c, sizeof *l);
    if (l) l->kind = k;
    return l;
}

Loc *irb_file_loc(ParseCtx *c, const char *file, int line, int col) {
    Loc *l = new_loc(c, LOC_FILE);
    if (!l) return NULL;
    l->file = file; l->line = line; l->col = col;
    return l;
}

const Loc *irb_loc_name(ParseCtx *c, const Token *s, const Loc *child) {
    if (c->failed) return NULL;
    size_t n;
    const char *name = irb_string_value(c, s, &n);
    Loc *l = name ? new_loc(c, LOC_NAME) : NULL;
    if (!l) return NULL;
    l->name = name;
    /* MLIR's NameLoc has an unknown child when none is written, so
    ** `"n"(unknown)` is `"n"`, printed and compared as such. */
    l->child = child && child->kind == LOC_UNKNOWN ? NULL : child;
    return l;
}

static int tok_small_int(ParseCtx *c, const Token *t) {
    bool neg, hex;
    uint64_t mag;
    if (!lex_int_value(t, &neg, &mag, &hex) || neg || mag > INT32_MAX) {
        irb_error(c, t, "expected a non-negative 32-bit integer");
        return -1;
    }
    return (int)mag;
}

const Loc *irb_loc_file(ParseCtx *c, const Token *s, const Token *line, const Token *col) {
    if (c->failed) return NULL;
    size_t n;
    const char *file = irb_string_value(c, s, &n);
    int l = tok_small_int(c, line), k = tok_small_int(c, col);
    if (!file || l < 0 || k < 0) return NULL;
    return irb_file_loc(c, file, l, k);
}

const Loc *irb_loc_unknown(ParseCtx *c) {
    if (c->failed) return NULL;
    return new_loc(c, LOC_UNKNOWN);
}

static bool loc_eq(const Loc *a, const Loc *b, int depth) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind || depth > 200) return false;
    switch (a->kind) {
    case LOC_FILE: return a->line == b->line && a->col == b->col && strcmp(a->file, b->file) == 0;
    case LOC_NAME: return strcmp(a->name, b->name) == 0 && loc_eq(a->child, b->child, depth + 1);
    case LOC_UNKNOWN: return true;
    case LOC_CALLSITE: return loc_eq(a->callee, b->callee, depth + 1) && loc_eq(a->caller, b->caller, depth + 1);
    case LOC_FUSED:
        if (a->nitems != b->nitems || a->fused_meta != b->fused_meta) return false;
        for (int i = 0; i < a->nitems; i++) if (!loc_eq(a->items[i], b->items[i], depth + 1)) return false;
        return true;
    }
    return false;
}

/* Uses of a location alias are LOC_UNKNOWN with line -1 until resolved
** (irb_finish_aliases overwrites the whole Loc). */
#define PENDING_LINE (-1)
static bool pending_alias(ParseCtx *c, const Loc *l) {
    (void)c;
    return l->kind == LOC_UNKNOWN && l->line == PENDING_LINE;
}

/* MLIR's FusedLoc::get: flattens nested fused locations with the same
** metadata, drops unknown locations and duplicates, and turns an empty or
** single-element fusion without metadata into unknown / that element.
** With [late] (aliases unresolved) pending alias uses are kept as they are.
** Fills *out (kind, items) and returns false when out of memory. */
static bool fuse(ParseCtx *c, const Attr *meta, const Loc *const *items, int n, bool late, Loc *out, bool *has_alias) {
    Vec *flat = irb_vec(c, NULL);
    if (!flat) return false;
    for (int i = 0; i < n; i++) {
        const Loc *x = items[i];
        int nsub = 1;
        const Loc *const *sub = &x;
        if (x->kind == LOC_FUSED && x->fused_meta == meta) { sub = x->items; nsub = x->nitems; }
        for (int j = 0; j < nsub; j++) {
            const Loc *y = sub[j];
            if (late && pending_alias(c, y)) { *has_alias = true; irb_push(c, flat, (void *)y); continue; }
            if (y->kind == LOC_UNKNOWN) continue;
            bool dup = false;
            for (int k = 0; k < flat->n && !dup; k++) dup = loc_eq(flat->v[k], y, 0);
            if (!dup) irb_push(c, flat, (void *)y);
        }
    }
    if (c->failed) return false;
    memset(out, 0, sizeof *out);
    if (!meta && flat->n == 0 && !*has_alias) { out->kind = LOC_UNKNOWN; return true; }
    if (!meta && flat->n == 1 && !*has_alias) { *out = *(const Loc *)flat->v[0]; return true; }
    out->kind = LOC_FUSED;
    out->items = (const Loc *const *)keep(c, flat);
    out->nitems = flat->n;
    out->fused_meta = meta;
    return !c->failed;
}

const Loc *irb_loc_fused(ParseCtx *c, const Attr *meta, Vec *items) {
    if (c->failed || !items) return NULL;
    Loc *l = new_loc(c, LOC_FUSED);
    bool has_alias = false;
    if (!l || !fuse(c, meta, (const Loc *const *)items->v, items->n, true, l, &has_alias)) return NULL;
    if (has_alias) {
        if (!c->fused_late) {
            c->fused_late = alloc(c, sizeof *c->fused_late);
            if (!c->fused_late) return NULL;
        }
        Vec *v = c->fused_late;
        if (v->n == v->cap) {
            int cap = v->cap ? v->cap * 2 : 8;
            void **nv = arena_grow(c->a, v->v, (size_t)v->n, (size_t)cap, sizeof *nv);
            if (!nv) return irb_oom(c);
            v->v = nv; v->cap = cap;
        }
        v->v[v->n++] = l;
    }
    return l;
}

const Loc *irb_loc_callsite(ParseCtx *c, const Loc *callee, const Loc *caller) {
    if (c->failed || !callee || !caller) return NULL;
    Loc *l = new_loc(c, LOC_CALLSITE);
    if (!l) return NULL;
    l->callee = callee;
    l->caller = caller;
    return l;
}

static AliasRef *alias_get(ParseCtx *c, const Token *t) {
    const char *name = name_of(c, t->s + 1, t->len - 1);
    if (!name) return NULL;
    for (AliasRef *a = c->aliases; a; a = a->next) if (a->name == name) return a;
    AliasRef *a = alloc(c, sizeof *a);     /* outlives the per-function scratch */
    Loc *ph = new_loc(c, LOC_UNKNOWN);
    Vec *uses = alloc(c, sizeof *uses);
    if (!a || !ph || !uses) return NULL;
    ph->line = PENDING_LINE;
    a->uses = uses;
    a->name = name;
    a->placeholder = ph;
    a->next = c->aliases;
    c->aliases = a;
    return a;
}

/* Every use gets its own Loc (each op keeps a distinct location object,
** docs/language.md §2.6); all are filled when the aliases are resolved. */
const Loc *irb_loc_alias(ParseCtx *c, const Token *t) {
    if (c->failed) return NULL;
    AliasRef *a = alias_get(c, t);
    if (!a) return NULL;
    if (!a->used) { a->used = true; a->first_use = *t; }
    Loc *l = new_loc(c, LOC_UNKNOWN);
    if (!l) return NULL;
    l->line = PENDING_LINE;
    if (a->uses->n == a->uses->cap) {
        int cap = a->uses->cap ? a->uses->cap * 2 : 4;
        void **nv = arena_grow(c->a, a->uses->v, (size_t)a->uses->n, (size_t)cap, sizeof *nv);
        if (!nv) return irb_oom(c);
        a->uses->v = nv; a->uses->cap = cap;
    }
    a->uses->v[a->uses->n++] = l;
    return l;
}

void irb_alias_def(ParseCtx *c, const Token *t, const Loc *l) {
    if (c->failed || !l) return;
    AliasRef *a = alias_get(c, t);
    if (!a) return;
    if (a->defined) {
        irb_error(c, t, "redefinition of location alias '%.*s'", (int)t->len, t->s);
        return;
    }
    a->defined = true;
    a->def = l;
    /* `#a = loc(#b)`: l is the use of #b just made. */
    for (AliasRef *b = c->aliases; b; b = b->next)
        if (b->uses->n && b->uses->v[b->uses->n - 1] == l) { a->alias_of = b; break; }
}

void irb_finish_aliases(ParseCtx *c) {
    if (c->failed) return;
    for (AliasRef *a = c->aliases; a; a = a->next) {
        if (a->used && !a->defined) {
            irb_error(c, &a->first_use, "undefined location alias '%.*s'", (int)a->first_use.len, a->first_use.s);
            return;
        }
    }
    for (AliasRef *a = c->aliases; a; a = a->next) {
        if (!a->defined) continue;
        /* Follow aliases of aliases to a real location. */
        AliasRef *x = a;
        int steps = 0;
        while (x->alias_of) {
            x = x->alias_of;
            if (!x->defined || ++steps > 100000) {
                irb_error(c, a->used ? &a->first_use : &x->first_use,
                          "location alias '#%s' refers to itself", a->name);
                return;
            }
        }
        const Loc *d = x->def;
        *a->placeholder = *d;
        for (int i = 0; i < a->uses->n; i++) *(Loc *)a->uses->v[i] = *d;
    }
    /* Fused locations that named aliases: normalise now that they are known
    ** (innermost first: they were built in that order). */
    for (int i = 0; c->fused_late && i < c->fused_late->n; i++) {
        Loc *l = c->fused_late->v[i];
        bool dummy = false;
        Loc out;
        if (!fuse(c, l->fused_meta, l->items, l->nitems, false, &out, &dummy)) return;
        *l = out;
    }
}
