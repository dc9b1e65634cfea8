/*
** display.c — the one value display of `tfrun run`, the REPL and any.print
** (interp/display.h says which form shows what). Everything is formatted
** into a StrBuf; the FILE entry points write that buffer out.
*/
#include "interp/display.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "base/utf8.h"

/* DISPLAY_SESSION: lists nested deeper than this show as "!tfrt.list
** value". (DISPLAY_REPR's limit is its object hook's.) */
#define SESSION_MAX_DEPTH 8

Display display_driver(bool with_code)
{
    return (Display){ DISPLAY_RESULT, with_code, "<<unavailable>>", NULL };
}

static void float_sb(StrBuf *b, double x)
{
    if (isnan(x)) sb_adds(b, "nan");
    else if (isinf(x)) sb_adds(b, x < 0 ? "-INF" : "INF");
    else sb_printf(b, "%.6e", x);
}

void display_float(FILE *out, double x)
{
    StrBuf b = {0};
    float_sb(&b, x);
    fwrite(b.p, 1, b.n, out);
    sb_free(&b);
}

/* DISPLAY_RESULT: by the declared type (docs/execution.md §1.5). */
static void result_any(StrBuf *b, const char *sp, const Any *a)
{
    if (!strcmp(sp, "i1")) sb_adds(b, a->v.i ? "1" : "0");
    else if (!strcmp(sp, "i32")) sb_printf(b, "%d", (int)(int32_t)a->v.i);
    else if (!strcmp(sp, "i64")) sb_printf(b, "%lld", (long long)a->v.i);
    else if (!strcmp(sp, "f32")) float_sb(b, (double)a->v.f32);
    else if (!strcmp(sp, "f64")) float_sb(b, a->v.f64);
    else sb_printf(b, "%s value", sp);
}

/* A string in quotes. Both quoting forms escape \\, \", \n and \t and keep
** printable ASCII. For the other bytes, DISPLAY_SESSION writes control
** bytes and DEL as \XX and keeps the rest; DISPLAY_REPR writes the other
** C escapes by name, keeps well-formed multi-byte UTF-8, and writes any
** other byte as three octal digits (unambiguous whatever follows). */
static void quoted(StrBuf *b, DisplayForm form, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    sb_addc(b, '"');
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        const char *esc = NULL;
        switch (c) {
        case '\\': esc = "\\\\"; break;
        case '"':  esc = "\\\""; break;
        case '\n': esc = "\\n"; break;
        case '\t': esc = "\\t"; break;
        case '\a': esc = form == DISPLAY_REPR ? "\\a" : NULL; break;
        case '\b': esc = form == DISPLAY_REPR ? "\\b" : NULL; break;
        case '\f': esc = form == DISPLAY_REPR ? "\\f" : NULL; break;
        case '\r': esc = form == DISPLAY_REPR ? "\\r" : NULL; break;
        case '\v': esc = form == DISPLAY_REPR ? "\\v" : NULL; break;
        default: break;
        }
        if (esc) { sb_adds(b, esc); i++; continue; }
        if (c >= 0x20 && c < 0x7f) { sb_addc(b, (char)c); i++; continue; }
        if (form != DISPLAY_REPR) {
            if (c < 0x20 || c == 0x7f) sb_printf(b, "\\%02X", c);
            else sb_addc(b, (char)c);
            i++;
            continue;
        }
        size_t len = c >= 0x80 ? (size_t)utf8_seq_len(p + i, n - i) : 0;
        if (len) { sb_addn(b, s + i, len); i += len; continue; }
        sb_printf(b, "\\%03o", c);
        i++;
    }
    sb_addc(b, '"');
}

/* DISPLAY_SESSION and DISPLAY_REPR: the scalars each shows by itself; false
** for any other value. */
static bool scalar(StrBuf *b, DisplayForm form, const Any *a)
{
    bool repr = form == DISPLAY_REPR;
    switch (a->type) {
    case ANY_NONE: if (repr) return false; sb_adds(b, "none"); return true;
    case ANY_CHAIN: if (repr) return false; sb_adds(b, "chain"); return true;
    case ANY_I1:
        if (!repr) { sb_adds(b, a->v.i ? "1" : "0"); return true; }
        /* fall through */
    case ANY_I8: case ANY_I16: case ANY_I32: case ANY_I64:
        sb_printf(b, "%" PRId64, a->v.i);
        return true;
    case ANY_F16: case ANY_BF16:          /* tfrt.print.f16 prints the bits */
        if (!repr) return false;
        /* fall through */
    case ANY_UI8: case ANY_UI16: case ANY_UI32: case ANY_UI64:
        sb_printf(b, "%" PRIu64, a->v.u);
        return true;
    case ANY_F32:
        if (repr) sb_printf(b, "%f", (double)a->v.f32);
        else float_sb(b, (double)a->v.f32);
        return true;
    case ANY_F64:
        if (repr) sb_printf(b, "%f", a->v.f64);
        else float_sb(b, a->v.f64);
        return true;
    case ANY_COMPLEX64:
        if (!repr) return false;
        sb_printf(b, "%f+%fi", (double)a->v.c64[0], (double)a->v.c64[1]);
        return true;
    default:
        return false;
    }
}

void display_append(StrBuf *b, const Display *d, const char *spelling, const Any *a, int depth)
{
    if (d->form == DISPLAY_RESULT) {
        result_any(b, spelling ? spelling : "?", a);
        return;
    }
    if (scalar(b, d->form, a)) return;
    size_t len;
    const char *s = any_str_data(a, &len);
    if (s) { quoted(b, d->form, s, len); return; }
    if (d->form == DISPLAY_SESSION && any_is_objtype(*a, OBJ_LIST) && depth < SESSION_MAX_DEPTH) {
        const ListObj *l = (const ListObj *)a->v.obj;
        sb_addc(b, '[');
        for (size_t i = 0; i < l->len; i++) {
            if (i) sb_adds(b, ", ");
            display_append(b, d, NULL, &l->items[i], depth + 1);
        }
        sb_addc(b, ']');
        return;
    }
    if (d->object && any_is_obj(*a) && d->object(b, d, a, depth)) return;
    sb_printf(b, "%s value", spelling ? spelling : any_type_name(*a));
}

void display_any(FILE *out, const Display *d, const char *spelling, const Any *a)
{
    StrBuf b = {0};
    display_append(&b, d, spelling, a, 0);
    fwrite(b.p, 1, b.n, out);
    sb_free(&b);
}

void display_value(FILE *out, const Display *d, const Type *t, AsyncValue *v)
{
    const char *sp = t ? t->spelling : d->form == DISPLAY_RESULT ? "?" : NULL;
    if (v && av_is_error(v)) {
        const ErrorObj *e = av_error(v);
        if (d->with_code) fprintf(out, "<<error: %s, code: %s>>", e->msg, error_code_name((ErrorCode)e->code));
        else fprintf(out, "<<error: %s>>", e->msg);
        return;
    }
    if (!v || !av_is_available(v)) {
        if (d->unresolved) fputs(d->unresolved, out);
        else fprintf(out, "%s value", sp ? sp : "?");
        return;
    }
    display_any(out, d, sp, av_get(v));
}

void display_returned(FILE *out, const Display *d, const Func *fn, AsyncValue **res)
{
    fprintf(out, "'%s' returned ", fn->name);
    for (int i = 0; i < fn->nresults; i++) {
        if (i) fputc(',', out);
        display_value(out, d, fn->result_types[i], res[i]);
    }
    fputc('\n', out);
}

void display_failed(FILE *out, const Func *fn, const char *msg)
{
    fprintf(out, "'%s' returned <<error: %s>>\n", fn->name, msg ? msg : "");
}
