/*
** display.c — the one value display of `tfrun run` and the REPL
** (interp/display.h says which form shows what).
*/
#include "interp/display.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Lists nested deeper than this show as "!tfrt.list value". */
#define SESSION_MAX_DEPTH 8

Display display_driver(bool with_code)
{
    return (Display){ DISPLAY_RESULT, with_code, "<<unavailable>>", NULL };
}

void display_float(FILE *out, double x)
{
    if (isnan(x)) fputs("nan", out);
    else if (isinf(x)) fputs(x < 0 ? "-INF" : "INF", out);
    else fprintf(out, "%.6e", x);
}

/* DISPLAY_RESULT: by the declared type (docs/execution.md §1.5). */
static void result_any(FILE *out, const char *sp, const Any *a)
{
    if (!strcmp(sp, "i1")) fputs(a->v.i ? "1" : "0", out);
    else if (!strcmp(sp, "i32")) fprintf(out, "%d", (int)(int32_t)a->v.i);
    else if (!strcmp(sp, "i64")) fprintf(out, "%lld", (long long)a->v.i);
    else if (!strcmp(sp, "f32")) display_float(out, (double)a->v.f32);
    else if (!strcmp(sp, "f64")) display_float(out, a->v.f64);
    else fprintf(out, "%s value", sp);
}

static void session_quoted(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c == '\n') fputs("\\n", out);
        else if (c == '\t') fputs("\\t", out);
        else if (c < 32 || c == 127) fprintf(out, "\\%02X", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

/* DISPLAY_SESSION: by the value itself. */
static void session_any(FILE *out, const Display *d, const char *spelling, const Any *a, int depth)
{
    size_t len;
    const char *s;
    switch (a->type) {
    case ANY_NONE: fputs("none", out); return;
    case ANY_CHAIN: fputs("chain", out); return;
    case ANY_I1: fputs(a->v.i ? "1" : "0", out); return;
    case ANY_I8: case ANY_I16: case ANY_I32: case ANY_I64:
        fprintf(out, "%lld", (long long)a->v.i); return;
    case ANY_UI8: case ANY_UI16: case ANY_UI32: case ANY_UI64:
        fprintf(out, "%llu", (unsigned long long)a->v.u); return;
    case ANY_F32: display_float(out, (double)a->v.f32); return;
    case ANY_F64: display_float(out, a->v.f64); return;
    default: break;
    }
    if ((s = any_str_data(a, &len))) { session_quoted(out, s, len); return; }
    if (any_is_objtype(*a, OBJ_LIST) && depth < SESSION_MAX_DEPTH) {
        const ListObj *l = (const ListObj *)a->v.obj;
        fputc('[', out);
        for (size_t i = 0; i < l->len; i++) {
            if (i) fputs(", ", out);
            session_any(out, d, NULL, &l->items[i], depth + 1);
        }
        fputc(']', out);
        return;
    }
    if (d->object && any_is_obj(*a)) {
        char *t = d->object(a);
        if (t) { fputs(t, out); free(t); return; }
    }
    fprintf(out, "%s value", spelling ? spelling : any_type_name(*a));
}

void display_any(FILE *out, const Display *d, const char *spelling, const Any *a)
{
    if (d->form == DISPLAY_RESULT) result_any(out, spelling ? spelling : "?", a);
    else session_any(out, d, spelling, a, 0);
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
