/*
** print_attr.c — attributes, types and locations in MLIR syntax
** (ir_print_attr, ir_print_type, ir_print_loc, ir_format_float of
** ir/print.h), and the quoting of names and symbols the printer shares
** (ir/print_int.h).
*/
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/print_int.h"

/* ---------------------------------------------------------------- small printers */

bool pr_bare_ident(const char *s, size_t n)
{
    if (n == 0) return false;
    unsigned char c = (unsigned char)s[0];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return false;
    for (size_t i = 1; i < n; i++) {
        c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '$' || c == '.'))
            return false;
    }
    return true;
}

void pr_escaped(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        /* As llvm::printEscapedString: backslash doubled, quote and
        ** non-printable bytes as \XX. */
        if (c == '\\') fputs("\\\\", out);
        else if (c >= 0x20 && c < 0x7f && c != '"') fputc(c, out);
        else fprintf(out, "\\%02X", c);
    }
    fputc('"', out);
}

void pr_symbol(FILE *out, const char *s)
{
    fputc('@', out);
    size_t n = s ? strlen(s) : 0;
    if (pr_bare_ident(s, n)) fputs(s, out);
    else pr_escaped(out, s ? s : "", n);
}

void pr_key(FILE *out, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (pr_bare_ident(s, n)) fputs(s, out);
    else pr_escaped(out, s ? s : "", n);
}

void ir_print_type(FILE *out, const Type *t)
{
    fputs(t && t->spelling ? t->spelling : "none", out);
}

static int float_hex_digits(const Type *ty)
{
    const char *s = ty ? tspell(ty) : "f64";
    if (!strcmp(s, "f16") || !strcmp(s, "bf16")) return 4;
    if (!strcmp(s, "f32")) return 8;
    return 16;
}

void ir_format_float(char *buf, size_t cap, double v, const Type *ty)
{
    bool f32 = ty && !strcmp(tspell(ty), "f32");
    if (isnan(v) || isinf(v)) {
        /* Special values have no decimal spelling: their bit pattern. */
        uint64_t bits;
        int digits = float_hex_digits(ty);
        if (digits == 8) {
            float f = (float)v;
            uint32_t b32;
            memcpy(&b32, &f, 4);
            bits = b32;
        } else if (digits == 4) {
            bool bf = ty && !strcmp(tspell(ty), "bf16");
            if (isnan(v)) bits = bf ? 0x7FC0 : 0x7E00;
            else bits = bf ? 0x7F80 : 0x7C00;
            if (signbit(v)) bits |= 0x8000;
        } else {
            memcpy(&bits, &v, 8);
        }
        snprintf(buf, cap, "0x%0*llX", digits, (unsigned long long)bits);
        return;
    }
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, cap, "%.*e", prec, v);
        double back = strtod(buf, NULL);
        if (f32 ? (float)back == (float)v : back == v) return;
    }
}

void pr_float_value(FILE *out, const Attr *a)
{
    char buf[64];
    if (a->has_float_bits) {
        snprintf(buf, sizeof buf, "0x%0*llX", float_hex_digits(a->type),
                 (unsigned long long)a->float_bits);
    } else {
        ir_format_float(buf, sizeof buf, a->u.f, a->type);
    }
    fputs(buf, out);
}

static bool is_unsigned(const Type *t)
{
    return t && t->spelling && t->spelling[0] == 'u' && t->spelling[1] == 'i';
}

void pr_int_value(FILE *out, const Attr *a)
{
    if (is_unsigned(a->type)) fprintf(out, "%llu", (unsigned long long)a->u.i);
    else fprintf(out, "%lld", (long long)a->u.i);
}

/* A dense element (no type suffix). */
static void print_dense_elem(FILE *out, const Attr *e)
{
    if (!e) { fputs("0", out); return; }
    switch (e->kind) {
    case ATTR_BOOL: fputs(e->u.b ? "true" : "false", out); break;
    case ATTR_INT: pr_int_value(out, e); break;
    case ATTR_FLOAT: pr_float_value(out, e); break;
    case ATTR_ARRAY:   /* complex: (re,im), as mlir-opt prints it */
        fputc('(', out);
        for (int i = 0; i < e->u.arr.n; i++) {
            if (i) fputc(',', out);
            print_dense_elem(out, e->u.arr.elems[i]);
        }
        fputc(')', out);
        break;
    default: ir_print_attr(out, e); break;
    }
}

/* Elements [*k ..] nested along dims[d..]. */
static void print_dense_nest(FILE *out, const Attr *a, const Type *tt, int d, int *k)
{
    if (d == tt->rank) {
        print_dense_elem(out, *k < a->u.arr.n ? a->u.arr.elems[*k] : NULL);
        (*k)++;
        return;
    }
    fputc('[', out);
    for (int64_t i = 0; i < tt->dims[d]; i++) {
        if (i) fputs(", ", out);
        print_dense_nest(out, a, tt, d + 1, k);
    }
    fputc(']', out);
}

static void print_dense(FILE *out, const Attr *a)
{
    fputs("dense<", out);
    const Type *tt = a->type;
    int64_t count = 1;
    bool shaped = tt && tt->kind == TY_TENSOR && tt->rank >= 0;
    for (int i = 0; shaped && i < tt->rank; i++) {
        if (tt->dims[i] < 0) shaped = false;
        else count *= tt->dims[i];
        if (count > (int64_t)1 << 40) shaped = false;
    }
    if (a->dense_splat || (a->u.arr.n == 1 && !(shaped && tt->rank > 0 && count == 1))) {
        if (a->u.arr.n >= 1) print_dense_elem(out, a->u.arr.elems[0]);
    } else if (shaped && count == a->u.arr.n) {
        int k = 0;
        print_dense_nest(out, a, tt, 0, &k);
    } else {
        fputc('[', out);
        for (int i = 0; i < a->u.arr.n; i++) {
            if (i) fputs(", ", out);
            print_dense_elem(out, a->u.arr.elems[i]);
        }
        fputc(']', out);
    }
    fputs("> : ", out);
    ir_print_type(out, tt);
}

static void print_attr_depth(FILE *out, const Attr *a, int depth, bool elem);

static void print_dict_body(FILE *out, const NamedAttr *attrs, int n, int depth)
{
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", out);
        pr_key(out, attrs[i].name);
        if (attrs[i].value && attrs[i].value->kind != ATTR_UNIT) {
            fputs(" = ", out);
            print_attr_depth(out, attrs[i].value, depth + 1, false);
        }
    }
}

/* As mlir-opt prints attributes, in every form: an array element ([elem])
** that is an i64 integer or an f64 float goes without its type, which is
** the default there (`[1, 2.500000e+00, 3 : i32]`); elsewhere the type is
** always written. */
static void print_attr_depth(FILE *out, const Attr *a, int depth, bool elem)
{
    if (!a) { fputs("unit", out); return; }
    /* Unreachable for parsed attributes (the parser stops at about 6 000
    ** levels: %stack_size in parser/grammar.y); a guard for built ones. */
    if (depth > 8192) { fputs("[]", out); return; }
    switch (a->kind) {
    case ATTR_UNIT: fputs("unit", out); break;
    case ATTR_BOOL: fputs(a->u.b ? "true" : "false", out); break;
    case ATTR_INT:
        pr_int_value(out, a);
        if (elem && (!a->type || a->type->kind == TY_I64)) break;
        fputs(" : ", out);
        ir_print_type(out, a->type);
        break;
    case ATTR_FLOAT:
        pr_float_value(out, a);
        if (elem && (!a->type || a->type->kind == TY_F64)) break;
        fputs(" : ", out);
        fputs(a->type ? tspell(a->type) : "f64", out);
        break;
    case ATTR_STRING: pr_escaped(out, a->u.str.s ? a->u.str.s : "", a->u.str.len); break;
    case ATTR_SYMBOL: pr_symbol(out, a->u.str.s); break;
    case ATTR_ARRAY:
        fputc('[', out);
        for (int i = 0; i < a->u.arr.n; i++) {
            if (i) fputs(", ", out);
            print_attr_depth(out, a->u.arr.elems[i], depth + 1, true);
        }
        fputc(']', out);
        break;
    case ATTR_DENSE: print_dense(out, a); break;
    case ATTR_TYPE: ir_print_type(out, a->type); break;
    case ATTR_OPAQUE: fputs(a->u.str.s, out); break;
    case ATTR_DICT:
        fputc('{', out);
        print_dict_body(out, a->u.dict.attrs, a->u.dict.n, depth);
        fputc('}', out);
        break;
    }
}

void ir_print_attr(FILE *out, const Attr *a) { print_attr_depth(out, a, 0, false); }

static void print_loc_inner(FILE *out, const Loc *l, int depth)
{
    if (!l || depth > 1000) { fputs("unknown", out); return; }
    switch (l->kind) {
    case LOC_FILE:
        pr_escaped(out, l->file ? l->file : "", l->file ? strlen(l->file) : 0);
        fprintf(out, ":%d:%d", l->line, l->col);
        break;
    case LOC_NAME:
        pr_escaped(out, l->name ? l->name : "", l->name ? strlen(l->name) : 0);
        if (l->child) {
            fputc('(', out);
            print_loc_inner(out, l->child, depth + 1);
            fputc(')', out);
        }
        break;
    case LOC_FUSED:
        fputs("fused", out);
        if (l->fused_meta) {
            fputc('<', out);
            ir_print_attr(out, l->fused_meta);
            fputc('>', out);
        }
        fputc('[', out);
        for (int i = 0; i < l->nitems; i++) {
            if (i) fputs(", ", out);
            print_loc_inner(out, l->items[i], depth + 1);
        }
        fputc(']', out);
        break;
    case LOC_CALLSITE:
        fputs("callsite(", out);
        print_loc_inner(out, l->callee, depth + 1);
        fputs(" at ", out);
        print_loc_inner(out, l->caller, depth + 1);
        fputc(')', out);
        break;
    default:
        fputs("unknown", out);
        break;
    }
}

void ir_print_loc(FILE *out, const Loc *l)
{
    fputs("loc(", out);
    print_loc_inner(out, l, 0);
    fputc(')', out);
}

