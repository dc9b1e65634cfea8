/*
** debug_show.c — what the debugger answers while a run is stopped
** (interp/debug.h part 2): the logical call stack and frame selection,
** locals, values by name, :ready and :pending, and the conditions of
** breakpoints. The records it reads are kept by interp/debug.c
** (interp/debug_int.h).
**
** Every value is read under the safety rule of debug.h (dbg_alive); a
** value the rule does not allow is shown by its scalar copy, or as no
** longer alive.
*/
#include "base/alloc.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "interp/debug.h"
#include "interp/debug_int.h"
#include "interp/exec_int.h"

/* {==================================================================
** Names and locations
** =================================================================== */

/* The file location of [l]: itself, or the first file loc inside a name /
** fused / call-site location. */
static const Loc *file_loc(const Loc *l)
{
    for (int depth = 0; l && depth < 16; depth++) {
        switch (l->kind) {
        case LOC_FILE: return l;
        case LOC_NAME: l = l->child; break;
        case LOC_CALLSITE: l = l->callee; break;
        case LOC_FUSED:
            for (int i = 0; i < l->nitems; i++) {
                const Loc *f = file_loc(l->items[i]);
                if (f) return f;
            }
            return NULL;
        default: return NULL;
        }
    }
    return NULL;
}

void dbg_op_pos(const Op *op, const char **file, int *line, int *col)
{
    const Loc *l = file_loc(op->loc);
    if (l) { *file = l->file; *line = l->line; *col = l->col; return; }
    const Func *f = op->parent ? op->parent->func : NULL;
    const Loc *fl = f ? file_loc(f->loc) : NULL;
    *file = fl ? fl->file : NULL;
    *line = op->line; *col = op->col;
}

const char *dbg_op_loc(const Op *op, char *buf, size_t cap)
{
    const char *file; int line, col;
    dbg_op_pos(op, &file, &line, &col);
    if (file) snprintf(buf, cap, "%s:%d:%d", file, line, col);
    else snprintf(buf, cap, "line %d:%d", line, col);
    return buf;
}

const char *dbg_op_where(const Op *op, char *buf, size_t cap)
{
    char loc[400];
    snprintf(buf, cap, "%s at %s", op->name, dbg_op_loc(op, loc, sizeof loc));
    return buf;
}

const char *dbg_value_name(const Value *v, char *buf, size_t cap)
{
    if (v->name && v->name[0] == '%') snprintf(buf, cap, "%s", v->name);
    else if (v->name) snprintf(buf, cap, "%%%s", v->name);
    else snprintf(buf, cap, "%%<%d>", v->index);
    return buf;
}

static bool is_top(const Debugger *d, const Func *f)
{
    return d->top_prefix && f && f->name && !strncmp(f->name, d->top_prefix, strlen(d->top_prefix));
}

/* "(%x = 1, %y = 2)" for the arguments of [r]'s body. */
static void args_desc(const Debugger *d, const FrameRec *r, const Block *body, StrBuf *b)
{
    if (!r || body->nargs == 0) return;
    sb_adds(b, "(");
    char vn[160];
    for (int i = 0; i < body->nargs; i++) {
        sb_printf(b, "%s%s = ", i ? ", " : "", dbg_value_name(body->args[i], vn, sizeof vn));
        dbg_show_reg(d, r, body->args[i], b);
    }
    sb_adds(b, ")");
}

void dbg_frame_desc(const Debugger *d, const FrameRec *r, const Block *body, StrBuf *b)
{
    const Func *f = body->func;
    if (body->parent_op) {
        sb_printf(b, "region of %s", body->parent_op->name);
        args_desc(d, r, body, b);
        if (is_top(d, f)) sb_adds(b, " in top level");
        else sb_printf(b, " in @%s", f ? f->name : "?");
        return;
    }
    if (is_top(d, f)) { sb_adds(b, "top level"); return; }
    sb_printf(b, "@%s", f ? f->name : "?");
    args_desc(d, r, body, b);
}

void dbg_depth_suffix(const FrameRec *r, StrBuf *b)
{
    int n = dbg_depth(r);
    if (n > 1) sb_printf(b, ", depth %d", n);
}

const Value *dbg_find_name(const Block *b, const char *name)
{
    if (*name == '%') name++;
    for (int i = 0; i < b->nargs; i++)
        if (b->args[i]->name && !strcmp(b->args[i]->name + (b->args[i]->name[0] == '%'), name)) return b->args[i];
    for (int k = 0; k < b->nops; k++)
        for (int j = 0; j < b->ops[k]->nresults; j++) {
            const Value *v = b->ops[k]->results[j];
            if (v->name && !strcmp(v->name + (v->name[0] == '%'), name)) return v;
        }
    return NULL;
}

/* }================================================================== */

/* {==================================================================
** Reading values
** =================================================================== */

bool dbg_alive(const Debugger *d, const FrameRec *r, const Value *v)
{
    if (r->exited || !r->regs[v->index]) return false;
    /* The results of the kernel stopped after: the executor holds them. */
    if (d->stopped && d->stop_after && r == d->stop_rec && v->def == d->stop_op) return true;
    for (const Use *u = v->uses; u; u = u->next) {
        const Op *user = u->user;
        if (user->parent != r->body || dbg_is_return(user)) continue;
        if (user->index < 0 || user->index >= r->body->nops) continue;
        if (!r->started[user->index]) return true;
        for (int i = d->nstack - 1; i >= 0; i--)
            if (d->stack[i].fr == r && d->stack[i].op == user) return true;
    }
    return false;
}

AsyncValue *dbg_live_value(const Debugger *d, const FrameRec *r, const Value *v)
{
    if (!dbg_alive(d, r, v)) return NULL;
    /* The results of the kernel stopped after are not in registers yet. */
    if (d->stopped && d->stop_after && r == d->stop_rec && v->def == d->stop_op) return r->regs[v->index];
    /* The register, not the pointer recorded when the value came: a value
    ** forwarded into a register that already held a forwarding value is
    ** released (the register's stands for its final target). An empty
    ** register: the value is not resolved yet, and the continuation that
    ** will store it holds the very value recorded. */
    AsyncValue *reg = exec_frame_register(r->frame, v->index);
    return reg ? reg : r->regs[v->index];
}

void dbg_show_reg(const Debugger *d, const FrameRec *r, const Value *v, StrBuf *b)
{
    AsyncValue *av = r->regs[v->index];
    AsyncValue *live = dbg_live_value(d, r, v);
    const char *sp = v->type ? v->type->spelling : NULL;
    if (live) {
        av = live;
        if (av_is_error(av)) sb_printf(b, "<<error: %s>>", av_error(av)->msg);
        else if (!av_is_available(av)) sb_adds(b, "<unavailable>");
        else display_append(b, d->disp, sp, av_get(av), 0);
    } else if (r->copy[v->index].type != ANY_NONE) {
        display_append(b, d->disp, sp, &r->copy[v->index], 0);
    } else if (!av) {
        sb_adds(b, "<not produced yet>");
    } else {
        sb_adds(b, "<no longer alive>");
    }
}

static const FrameRec *sel_rec(const Debugger *d)
{
    return d->stopped && d->sel >= 0 && d->sel < d->nbt ? d->bt[d->sel] : NULL;
}

AsyncValue *dbg_frame_value(Debugger *d, const char *name, const Type **ty, Any *copy, const char **why)
{
    *why = "not stopped";
    *ty = NULL;
    copy->type = ANY_NONE;
    const FrameRec *r = sel_rec(d);
    if (!r) return NULL;
    const Value *v = dbg_find_name(r->body, name);
    if (!v) { *why = "no value of that name in this frame"; return NULL; }
    *ty = v->type;
    AsyncValue *av = r->regs[v->index];
    AsyncValue *live = dbg_live_value(d, r, v);
    if (live) return live;
    *copy = r->copy[v->index];
    if (!av) { *why = "not produced yet"; return NULL; }
    *why = "no longer alive (every user has run)";
    return NULL;
}

/* }================================================================== */

/* {==================================================================
** Frames
** =================================================================== */

void dbg_build_bt(Debugger *d)
{
    d->nbt = 0;
    for (FrameRec *r = d->stop_rec; r; r = r->parent) {
        if (d->nbt == d->capbt) {
            d->capbt = d->capbt ? d->capbt * 2 : 16;
            d->bt = xrealloc(d->bt, sizeof *d->bt * (size_t)d->capbt);
        }
        d->bt[d->nbt++] = r;
    }
}

int dbg_nframes(const Debugger *d) { return d->stopped ? d->nbt : 0; }
int dbg_selected(const Debugger *d) { return d->sel; }

bool dbg_select(Debugger *d, int n)
{
    if (!d->stopped || n < 0 || n >= d->nbt) return false;
    d->sel = n;
    return true;
}

void dbg_print_frame(Debugger *d, int n, FILE *out)
{
    if (!d->stopped) { fprintf(out, "not stopped\n"); return; }
    char where[512];
    if (d->nbt == 0) {
        /* A kernel outside any recorded frame. */
        fprintf(out, "#0 %s\n", dbg_op_where(d->stop_op, where, sizeof where));
        return;
    }
    const FrameRec *r = d->bt[n];
    const Op *op = n == 0 ? d->stop_op : d->bt[n - 1]->call_op;
    StrBuf b = { 0 };
    sb_printf(&b, "#%d %s%s in ", n, n == 0 && d->stop_after ? "after " : "", dbg_op_where(op, where, sizeof where));
    dbg_frame_desc(d, r, r->body, &b);
    fprintf(out, "%s\n", b.p);
    sb_free(&b);
}

void dbg_print_bt(Debugger *d, FILE *out)
{
    if (!d->stopped) { fprintf(out, "not stopped\n"); return; }
    if (d->nbt == 0) { dbg_print_frame(d, 0, out); return; }
    for (int i = 0; i < d->nbt; i++) dbg_print_frame(d, i, out);
    const FrameRec *top = d->bt[d->nbt - 1];
    if (top->call_op && !top->parent) {
        char where[512];
        StrBuf b = { 0 };
        dbg_frame_desc(d, NULL, top->call_op->parent, &b);
        fprintf(out, "#%d %s in %s, which has returned\n", d->nbt, dbg_op_where(top->call_op, where, sizeof where),
                b.p);
        sb_free(&b);
    }
}

static void local_line(const Debugger *d, const FrameRec *r, const Value *v, FILE *out)
{
    char vn[160];
    StrBuf b = { 0 };
    sb_printf(&b, "%s : %s", dbg_value_name(v, vn, sizeof vn), v->type ? v->type->spelling : "?");
    AsyncValue *av = r->regs[v->index];
    AsyncValue *live = dbg_live_value(d, r, v);
    if (live) {
        av = live;
        if (av_is_error(av)) sb_printf(&b, " = <<error: %s>>", av_error(av)->msg);
        else if (!av_is_available(av)) sb_adds(&b, " (unavailable)");
        else {
            sb_adds(&b, " = ");
            display_append(&b, d->disp, v->type ? v->type->spelling : NULL, av_get(av), 0);
        }
    } else if (r->copy[v->index].type != ANY_NONE) {
        sb_adds(&b, " = ");
        display_append(&b, d->disp, v->type ? v->type->spelling : NULL, &r->copy[v->index], 0);
    } else if (!av) {
        sb_adds(&b, " (not produced yet)");
    } else {
        bool returned = v->uses != NULL;
        for (const Use *u = v->uses; u; u = u->next)
            if (!dbg_is_return(u->user)) returned = false;
        sb_adds(&b, returned ? " (passed on to the caller)" : " (no longer alive)");
    }
    fprintf(out, "%s\n", b.p);
    sb_free(&b);
}

void dbg_print_locals(Debugger *d, FILE *out)
{
    const FrameRec *r = sel_rec(d);
    if (!r) { fprintf(out, "not stopped\n"); return; }
    const Block *b = r->body;
    int n = 0;
    for (int i = 0; i < b->nargs; i++, n++) local_line(d, r, b->args[i], out);
    for (int k = 0; k < b->nops; k++)
        for (int j = 0; j < b->ops[k]->nresults; j++, n++) local_line(d, r, b->ops[k]->results[j], out);
    if (!n) fprintf(out, "no values\n");
}

/* }================================================================== */

/* {==================================================================
** Ready and waiting
** =================================================================== */

bool dbg__op_ready(const FrameRec *r, const Op *op);
void dbg__print_waits(const Debugger *d, const FrameRec *r, const Op *op, FILE *out);

void dbg_print_ready(Debugger *d, FILE *out)
{
    if (!d->running) { fprintf(out, "not running\n"); return; }
    char where[512];
    int n = 0;
    if (d->stopped && d->stop_op && !d->stop_after) {
        StrBuf fn = { 0 };
        dbg_frame_desc(d, d->stop_rec, d->stop_rec ? d->stop_rec->body : d->stop_op->parent, &fn);
        fprintf(out, "next: %s in %s\n", dbg_op_where(d->stop_op, where, sizeof where), fn.p);
        sb_free(&fn);
        n++;
    }
    for (FrameRec *r = d->first; r; r = r->next) {
        for (int k = 0; k < r->body->nops; k++) {
            const Op *op = r->body->ops[k];
            if (r->started[k] || dbg_is_return(op) || !dbg__op_ready(r, op)) continue;
            if (d->stopped && !d->stop_after && op == d->stop_op && r == d->stop_rec) continue;
            StrBuf fn = { 0 };
            dbg_frame_desc(d, r, r->body, &fn);
            fprintf(out, "ready: %s in %s\n", dbg_op_where(op, where, sizeof where), fn.p);
            sb_free(&fn);
            n++;
        }
    }
    if (!n) fprintf(out, "no kernel is ready\n");
}

/* What the producer [def] of a value not produced yet is doing. */
static const char *producer_state(const Debugger *d, const FrameRec *r, const Op *def)
{
    if (r->started[def->index]) {
        for (int i = d->nstack - 1; i >= 0; i--)
            if (d->stack[i].fr == r && d->stack[i].op == def) return "is still running";
        return "has run";
    }
    if (d->stopped && !d->stop_after && def == d->stop_op && r == d->stop_rec) return "is about to run";
    return "has not run";
}

void dbg__print_waits(const Debugger *d, const FrameRec *r, const Op *op, FILE *out)
{
    char vn[160], where[512];
    for (int i = 0; i < op->noperands; i++) {
        const Value *v = op->operands[i];
        /* An operand used twice is reported once. */
        bool dup = false;
        for (int j = 0; j < i; j++) if (op->operands[j] == v) dup = true;
        if (dup) continue;
        /* [op] has not started: its operands' registers hold them. */
        AsyncValue *av = r->regs[v->index];
        AsyncValue *live = av ? dbg_live_value(d, r, v) : NULL;
        if (live && av_is_resolved(live)) continue;
        dbg_value_name(v, vn, sizeof vn);
        if (!av && v->def) {
            fprintf(out, "    %s: not produced yet (its producer %s %s)\n", vn,
                    dbg_op_where(v->def, where, sizeof where), producer_state(d, r, v->def));
        } else if (!av) {
            fprintf(out, "    %s: argument not passed\n", vn);
        } else {
            fprintf(out, "    %s: unavailable (produced by %s, not resolved yet)\n", vn,
                    v->def ? dbg_op_where(v->def, where, sizeof where) : "the caller");
        }
    }
}

/* }================================================================== */

/* {==================================================================
** Conditions
** =================================================================== */

static const char *const cmp_text[] = { "==", "!=", "<", "<=", ">", ">=" };

bool dbg_cond_parse(const char *text, DbgCond *c, const char **err, int *at)
{
    memset(c, 0, sizeof *c);
    const char *p = text;
    while (*p == ' ' || *p == '\t') p++;
    if (*p != '%') { *err = "expected a value name such as %x"; *at = (int)(p - text); return false; }
    const char *st = ++p;
    while (isalnum((unsigned char)*p) || *p == '_' || *p == '$' || *p == '.' || *p == '-' || *p == '#') p++;
    if (p == st || (size_t)(p - st) >= sizeof c->name) {
        *err = "expected a value name such as %x";
        *at = (int)(st - text);
        return false;
    }
    memcpy(c->name, st, (size_t)(p - st));
    c->name[p - st] = 0;
    while (*p == ' ' || *p == '\t') p++;
    int k = -1;
    if (p[0] == '=' && p[1] == '=') k = DBG_EQ;
    else if (p[0] == '!' && p[1] == '=') k = DBG_NE;
    else if (p[0] == '<' && p[1] == '=') k = DBG_LE;
    else if (p[0] == '>' && p[1] == '=') k = DBG_GE;
    else if (p[0] == '<') k = DBG_LT;
    else if (p[0] == '>') k = DBG_GT;
    if (k < 0) { *err = "expected ==, !=, <, <=, > or >="; *at = (int)(p - text); return false; }
    c->cmp = (DbgCmp)k;
    p += (k == DBG_LT || k == DBG_GT) ? 1 : 2;
    while (*p == ' ' || *p == '\t') p++;
    const char *lit = p;
    if (*p == '"') {
        StrBuf b = { 0 };
        for (p++; *p && *p != '"'; p++) {
            if (*p == '\\' && p[1]) {
                p++;
                sb_addc(&b, *p == 'n' ? '\n' : *p == 't' ? '\t' : *p);
            } else {
                sb_addc(&b, *p);
            }
        }
        if (*p != '"') { free(b.p); *err = "unterminated string literal"; *at = (int)(lit - text); return false; }
        p++;
        c->str = b.p ? b.p : xstrdup("");
        c->lit.type = ANY_NONE;
    } else if (!strncmp(p, "true", 4) && !isalnum((unsigned char)p[4])) {
        c->lit = any_bool(true);
        p += 4;
    } else if (!strncmp(p, "false", 5) && !isalnum((unsigned char)p[5])) {
        c->lit = any_bool(false);
        p += 5;
    } else {
        char *end = NULL;
        errno = 0;
        bool hex = (p[0] == '0' || (p[0] == '-' && p[1] == '0')) && (strchr("xX", p[p[0] == '-' ? 2 : 1]) != NULL);
        long long iv = strtoll(p, &end, hex ? 16 : 10);
        if (end != p && !strchr(".eE", *end) && errno != ERANGE) {
            c->lit = any_int(ANY_I64, iv);
            p = end;
        } else {
            double fv = strtod(p, &end);
            if (end == p) {
                *err = "expected a literal: an integer, a float, true, false or a string";
                *at = (int)(lit - text);
                return false;
            }
            c->lit = any_f64(fv);
            p = end;
        }
    }
    while (*p == ' ' || *p == '\t') p++;
    if (*p) { dbg_cond_free(c); *err = "unexpected text after the condition"; *at = (int)(p - text); return false; }
    return true;
}

void dbg_cond_free(DbgCond *c)
{
    free(c->str);
    c->str = NULL;
}

const char *dbg_cond_text(const DbgCond *c, char *buf, size_t cap)
{
    if (c->str) snprintf(buf, cap, "%%%s %s \"%s\"", c->name, cmp_text[c->cmp], c->str);
    else if (c->lit.type == ANY_I1) snprintf(buf, cap, "%%%s %s %s", c->name, cmp_text[c->cmp], c->lit.v.i ? "true" : "false");
    else if (c->lit.type == ANY_F64) snprintf(buf, cap, "%%%s %s %g", c->name, cmp_text[c->cmp], c->lit.v.f64);
    else snprintf(buf, cap, "%%%s %s %lld", c->name, cmp_text[c->cmp], (long long)c->lit.v.i);
    return buf;
}

/* -1, 0, 1 as a <, ==, > b. */
static int sign_of(int x) { return (x > 0) - (x < 0); }

static bool holds(DbgCmp k, int s)
{
    switch (k) {
    case DBG_EQ: return s == 0;
    case DBG_NE: return s != 0;
    case DBG_LT: return s < 0;
    case DBG_LE: return s <= 0;
    case DBG_GT: return s > 0;
    case DBG_GE: return s >= 0;
    }
    return false;
}

static bool is_signed_int(int t) { return t == ANY_I1 || (t >= ANY_I8 && t <= ANY_I64); }
static bool is_unsigned_int(int t) { return t >= ANY_UI8 && t <= ANY_UI64; }

int dbg_cond_eval(const Debugger *d, const FrameRec *r, const DbgCond *c, const char **why)
{
    const Value *v = dbg_find_name(r->body, c->name);
    if (!v) { *why = "no value of that name in this frame"; return -1; }
    Any a;
    AsyncValue *av = r->regs[v->index];
    AsyncValue *live = dbg_live_value(d, r, v);
    if (live) {
        av = live;
        if (av_is_error(av)) { *why = "it is an error"; return -1; }
        if (!av_is_available(av)) { *why = "it is not available yet"; return -1; }
        a = *av_get(av);
    } else if (r->copy[v->index].type != ANY_NONE) {
        a = r->copy[v->index];
    } else {
        *why = av ? "it is no longer alive" : "it is not produced yet";
        return -1;
    }
    int s;
    if (c->str) {
        size_t len;
        const char *sd = any_str_data(&a, &len);
        if (!sd) { *why = "it is not a string"; return -1; }
        size_t ln = strlen(c->str);
        int m = memcmp(sd, c->str, len < ln ? len : ln);
        s = m ? sign_of(m) : (len > ln) - (len < ln);
        return holds(c->cmp, s);
    }
    bool lit_float = c->lit.type == ANY_F64;
    if (is_signed_int(a.type) && !lit_float) {
        int64_t x = a.v.i, y = c->lit.v.i;
        s = (x > y) - (x < y);
    } else if (is_unsigned_int(a.type) && !lit_float) {
        uint64_t x = a.v.u;
        int64_t y = c->lit.v.i;
        s = y < 0 ? 1 : (x > (uint64_t)y) - (x < (uint64_t)y);
    } else if (is_signed_int(a.type) || is_unsigned_int(a.type) || a.type == ANY_F32 || a.type == ANY_F64) {
        double x = a.type == ANY_F32 ? a.v.f32 : a.type == ANY_F64 ? a.v.f64
                 : is_unsigned_int(a.type) ? (double)a.v.u : (double)a.v.i;
        double y = lit_float ? c->lit.v.f64 : (double)c->lit.v.i;
        if (isnan(x) || isnan(y)) return c->cmp == DBG_NE;
        s = (x > y) - (x < y);
    } else {
        *why = "it is not a number, a boolean or a string";
        return -1;
    }
    return holds(c->cmp, s);
}

/* }================================================================== */
