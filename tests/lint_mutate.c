/*
** lint_mutate.c — the mutants of tests/lint_fix_sweep.sh: a verified
** program with one chain edge dropped.
**
**     lint_mutate FILE        prints how many mutants FILE has
**     lint_mutate FILE K      prints mutant K (0-based) to stdout
**
** A mutant drops the edge from an op z to a later op y of its block: y
** took a chain result of z, and now takes the chain z itself took (so the
** program still verifies, and everything but that edge stays). Ops are
** taken in source order, each chain operand once; a custom-form op with
** regions is left alone (its regions name their arguments after its
** operands). Test code: not part of tfrun.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/strbuf.h"
#include "ops/optable.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "parser/parser.h"

typedef struct Mut { const Op *y; int operand; const Value *now; } Mut;
typedef struct Muts { Mut *v; int n, cap; } Muts;

static bool is_chain(const Value *v) { return v && v->type && v->type->is_chain; }

static void collect(const Block *b, Muts *out)
{
    for (int i = 0; i < b->nops; i++) {
        const Op *y = b->ops[i];
        for (int r = 0; r < y->nregions; r++) collect(y->regions[r], out);
        if (!y->info || (y->info->flags & OPF_TERMINATOR)) continue;
        for (int j = 0; j < y->noperands; j++) {
            const Value *c = y->operands[j];
            const Op *z = c->def;
            if (!is_chain(c) || !z || z->parent != b) continue;
            const Value *before = NULL;
            for (int k = 0; k < z->noperands && !before; k++)
                if (is_chain(z->operands[k]) && z->operands[k]->block == b) before = z->operands[k];
            if (!before || !before->name) continue;
            if (out->n == out->cap) {
                out->cap = out->cap ? 2 * out->cap : 16;
                out->v = realloc(out->v, sizeof *out->v * (size_t)out->cap);
                if (!out->v) abort();
            }
            out->v[out->n++] = (Mut){ y, j, before };
        }
    }
}

static bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c == '.' || c == '-' || c == '#';
}

static const char *vname(const Value *v, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s%s", v->name[0] == '%' ? "" : "%", v->name);
    return buf;
}

/* The offset of operand [j]'s token of [y] on its line, or -1: the
** operands' tokens in order from the op name. */
static long operand_at(const char *text, size_t len, const Op *y, int j)
{
    size_t at = 0;
    for (int l = 1; l < y->line && at < len; at++)
        if (text[at] == '\n') l++;
    at += (size_t)(y->col - 1);
    if (at >= len) return -1;
    bool generic = text[at] == '"';
    if (!generic && y->nregions) return -1;
    size_t end = at;
    while (end < len && text[end] != '\n') end++;
    size_t from = at + strlen(y->name) + (generic ? 2 : 0);
    char buf[160];
    long found = -1;
    for (int k = 0; k <= j; k++) {
        vname(y->operands[k], buf, sizeof buf);
        size_t n = strlen(buf);
        found = -1;
        for (size_t i = from; i + n <= end; i++) {
            if (text[i] == '"') {
                for (i++; i < end && text[i] != '"'; i++)
                    if (text[i] == '\\') i++;
                continue;
            }
            if (memcmp(text + i, buf, n) || name_char(text[i - 1]) || (i + n < len && name_char(text[i + n]))) continue;
            found = (long)i;
            break;
        }
        if (found < 0) return -1;
        from = (size_t)found + n;
    }
    return found;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: lint_mutate FILE [K]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    StrBuf src = {0};
    bool ok = sb_read(&src, f);
    fclose(f);
    if (!ok) return 2;
    const char *text = src.p ? src.p : "";
    FILE *null = fopen("/dev/null", "w");
    DiagSink *d = diag_new(null ? null : stderr);
    Module *m = parse_module(argv[1], text, src.n, d);
    VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
    if (!m || verify_module(m, d, &vo) > 0) {
        printf("0\n");
        return 0;
    }
    Muts ms = { NULL, 0, 0 };
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->body) collect(m->funcs[i]->body, &ms);
    /* Only the mutants whose token is where it should be. */
    int n = 0;
    for (int i = 0; i < ms.n; i++)
        if (operand_at(text, src.n, ms.v[i].y, ms.v[i].operand) >= 0) ms.v[n++] = ms.v[i];
    int st = 0;
    if (argc == 2) {
        printf("%d\n", n);
    } else {
        int k = atoi(argv[2]);
        if (k < 0 || k >= n) {
            st = 1;
        } else {
            const Mut *mu = &ms.v[k];
            long at = operand_at(text, src.n, mu->y, mu->operand);
            char old[160], now[160];
            vname(mu->y->operands[mu->operand], old, sizeof old);
            vname(mu->now, now, sizeof now);
            fwrite(text, 1, (size_t)at, stdout);
            fputs(now, stdout);
            fwrite(text + at + strlen(old), 1, src.n - (size_t)at - strlen(old), stdout);
        }
    }
    free(ms.v);
    ir_module_free(m);
    diag_free(d);
    if (null) fclose(null);
    free(src.p);
    return st;
}
