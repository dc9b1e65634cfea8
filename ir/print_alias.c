/*
** print_alias.c — the module entry points of the printer (ir_print_module,
** ir_print_module_with) and the affine map and set aliases mlir-opt prints
** above the module.
*/
#include "base/brackets.h"
#include "base/alloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/module.h"
#include "ir/print_int.h"

/* ---- affine map and set aliases ------------------------------------------
** mlir-opt prints every affine_map<..> and affine_set<..> as an alias
** (#map, #map1, .., #set, ..) defined above the module, numbered in the
** order its printer meets them: an op's regions first, then its operand
** types, result types and attributes (name order). tfrun keeps such maps
** as text inside types and attributes (ir.h, ATTR_OPAQUE, TY_OTHER), so
** it prints the module and then replaces each map's text by its alias. */
typedef struct MapAliases { const char **s; size_t *n; int count, cap; bool oom; } MapAliases;

static bool is_map_at(const char *p)
{
    return !strncmp(p, "affine_map<", 11) || !strncmp(p, "affine_set<", 11);
}

static int map_find(const MapAliases *ma, const char *s, size_t n)
{
    for (int i = 0; i < ma->count; i++)
        if (ma->n[i] == n && !memcmp(ma->s[i], s, n)) return i;
    return -1;
}

static void maps_in_text(MapAliases *ma, const char *t)
{
    if (!t || t[0] == '!' || t[0] == '#') return;   /* dialect bodies stay as written */
    const char *e = t + strlen(t);
    for (const char *p = t; (p = strstr(p, "affine_")) != NULL; p++) {
        if (!is_map_at(p)) continue;
        const char *q = brackets_close(p + 11, e);
        if (!q) return;
        size_t n = (size_t)(q - p);
        if (map_find(ma, p, n) < 0) {
            if (ma->count == ma->cap) {
                int cap = ma->cap ? ma->cap * 2 : 8;
                ma->s = xrealloc(ma->s, (size_t)cap * sizeof *ma->s);
                ma->n = xrealloc(ma->n, (size_t)cap * sizeof *ma->n);
                ma->cap = cap;
            }
            ma->s[ma->count] = p;
            ma->n[ma->count++] = n;
        }
        p = q - 1;
    }
}

static void maps_in_type(MapAliases *ma, const Type *t)
{
    if (!t) return;
    if (t->kind == TY_OTHER) maps_in_text(ma, t->spelling);
    if (t->kind == TY_FUNCTION) {
        for (int i = 0; i < t->ninputs; i++) maps_in_type(ma, t->inputs[i]);
        for (int i = 0; i < t->nresults; i++) maps_in_type(ma, t->results[i]);
    }
}

static void maps_in_attr(MapAliases *ma, const Attr *a, int depth)
{
    if (!a || depth > IR_MAX_NESTING * 64) return;
    switch (a->kind) {
    case ATTR_OPAQUE: maps_in_text(ma, a->u.str.s); break;
    case ATTR_TYPE: maps_in_type(ma, a->type); break;
    case ATTR_ARRAY:
        for (int i = 0; i < a->u.arr.n; i++) maps_in_attr(ma, a->u.arr.elems[i], depth + 1);
        break;
    case ATTR_DICT:
        for (int i = 0; i < a->u.dict.n; i++) maps_in_attr(ma, a->u.dict.attrs[i].value, depth + 1);
        break;
    default: break;
    }
}

static void maps_in_block(MapAliases *ma, const Block *b, int depth);

static void maps_in_op(MapAliases *ma, const Op *op, int depth)
{
    for (int r = 0; r < op->nregions; r++) maps_in_block(ma, op->regions[r], depth + 1);
    for (int i = 0; i < op->noperands; i++)
        maps_in_type(ma, op->operand_types ? op->operand_types[i] : op->operands[i] ? op->operands[i]->type : NULL);
    for (int i = 0; i < op->nresults; i++) maps_in_type(ma, op->results[i] ? op->results[i]->type : NULL);
    for (int i = 0; i < op->nattrs; i++) maps_in_attr(ma, op->attrs[i].value, 0);
}

static void maps_in_block(MapAliases *ma, const Block *b, int depth)
{
    if (!b || depth > IR_MAX_NESTING + 1) return;
    for (int i = 0; i < b->nargs; i++) maps_in_type(ma, b->args[i]->type);
    for (int k = 0; k < b->nops; k++) maps_in_op(ma, b->ops[k], depth);
}

/* A function (its body first, as its region) or an op at module level. */
static void maps_in_item(void *ud, const Func *f, const Op *op)
{
    MapAliases *ma = ud;
    if (op) {
        maps_in_op(ma, op, 0);
        return;
    }
    if (f->body) maps_in_block(ma, f->body, 0);
    for (int k = 0; k < f->nargs; k++) maps_in_type(ma, f->arg_types[k]);
    for (int k = 0; k < f->nresults; k++) maps_in_type(ma, f->result_types[k]);
    for (int k = 0; k < f->nattrs; k++) maps_in_attr(ma, f->attrs[k].value, 0);
}

static void maps_in_module(MapAliases *ma, const Module *m)
{
    ir_module_walk_top(m, maps_in_item, ma);
    for (int i = 0; i < m->nattrs; i++) maps_in_attr(ma, m->attrs[i].value, 0);
}

/* The alias of map [i]: #map, #map1, .. or #set, #set1, .. (each kind
** numbered on its own, as mlir-opt does). */
static void map_alias_name(const MapAliases *ma, int i, char *buf, size_t cap)
{
    bool set = !strncmp(ma->s[i], "affine_set<", 11);
    int k = 0;
    for (int j = 0; j < i; j++) k += !strncmp(ma->s[j], "affine_set<", 11) == set;
    if (k) snprintf(buf, cap, "#%s%d", set ? "set" : "map", k);
    else snprintf(buf, cap, "#%s", set ? "set" : "map");
}

/* Writes [text] to [out] with every known map replaced by its alias
** (string literals are copied as they are). */
static void write_with_aliases(FILE *out, const MapAliases *ma, const char *text, size_t len)
{
    const char *p = text, *e = text + len;
    char buf[32];
    for (int set = 0; set < 2; set++)       /* #map.. before #set..: by name */
        for (int i = 0; i < ma->count; i++) {
            if ((strncmp(ma->s[i], "affine_set<", 11) == 0) != set) continue;
            map_alias_name(ma, i, buf, sizeof buf);
            fprintf(out, "%s = %.*s\n", buf, (int)ma->n[i], ma->s[i]);
        }
    while (p < e) {
        if (*p == '"') {
            const char *q = p + 1;
            while (q < e && *q != '"') q += *q == '\\' ? 2 : 1;
            q = q < e ? q + 1 : e;
            fwrite(p, 1, (size_t)(q - p), out);
            p = q;
            continue;
        }
        if (*p == 'a' && e - p > 11 && is_map_at(p) && (p == text || !isalnum((unsigned char)p[-1]))) {
            const char *q = brackets_close(p + 11, e);
            int i = q ? map_find(ma, p, (size_t)(q - p)) : -1;
            if (i >= 0) {
                map_alias_name(ma, i, buf, sizeof buf);
                fputs(buf, out);
                p = q;
                continue;
            }
        }
        fputc(*p++, out);
    }
}

void ir_print_module_with(FILE *out, const Module *m, const IrPrintOptions *opt)
{
    MapAliases ma;
    memset(&ma, 0, sizeof ma);
    maps_in_module(&ma, m);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = ma.count && !ma.oom ? open_memstream(&text, &len) : NULL;
    if (!mem) {
        pr_module_plain(out, m, opt);
    } else {
        pr_module_plain(mem, m, opt);
        if (fclose(mem) == 0) write_with_aliases(out, &ma, text, len);
        else pr_module_plain(out, m, opt);
    }
    free(text);
    free(ma.s);
    free(ma.n);
}

void ir_print_module(FILE *out, const Module *m)
{
    ir_print_module_with(out, m, NULL);
}

