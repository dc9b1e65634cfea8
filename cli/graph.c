/*
** graph.c — `tfrun graph [--function=NAME] [--format=dot|svg] [FILE]`: the
** dataflow graph of a program as Graphviz DOT (docs/tools.md §5.3), what
** `mlir-opt --view-op-graph` draws for MLIR, with what matters to TFRT's
** executor: chains, effects and the pairs nothing orders.
**
** Drawing: one cluster per function (and, inside, one per region); ops as
** boxes labelled with the op name and its line; block arguments as
** ellipses; an edge from the op (or argument) that makes a value to each op
** that uses it, labelled with the value's name — dashed for a chain
** (!tfrt.chain), solid otherwise; a dotted edge from an op with regions to
** each region's arguments, and from the region's tfrt.return back to it.
** Ops with effects (analysis/seq.h: they print, write or read a mutable
** object, or have effects the analysis does not model) are filled and say
** which. Every unordered pair of conflicting effects that the sequencing
** analysis finds (what `tfrun lint` warns about) is a red edge between the
** two ops of the block where they meet, labelled with the reason, with
** the lint's whole sentence as its tooltip.
**
** --format=svg pipes the DOT text through Graphviz's `dot -Tsvg` when
** `dot` is on PATH, and says how to install it otherwise.
**
** Exit status: 0; 1 when the program does not parse or verify, the
** function does not exist, or dot fails; 2 for usage.
*/
#include "base/alloc.h"
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "analysis/seq.h"
#include "base/strbuf.h"
#include "cli/args.h"
#include "cli/cli.h"
#include "ir/diag.h"
#include "ir/verify.h"
#include "ops/optable.h"
#include "parser/parser.h"

static const char graph_usage[] =
    "usage: tfrun graph [--function=NAME] [--format=dot|svg] [FILE|-]\n"
    "\n"
    "Prints the dataflow graph of FILE as Graphviz DOT: ops as boxes (op name and\n"
    "line), an edge per value from the op that makes it to each op that uses it\n"
    "(dashed for chains), regions as clusters, ops with effects filled, and each\n"
    "pair of conflicting effects that nothing orders (what `tfrun lint` warns\n"
    "about) as a red edge with the reason.\n"
    "\n"
    "  --function=NAME   only @NAME (default: every function with a body)\n"
    "  --format=dot|svg  dot (default): the DOT text; svg: rendered as SVG by\n"
    "                    Graphviz's dot (Debian: apt-get install graphviz)\n"
    "  --help            this text\n"
    "\n"
    "View it with xdot, or as a picture: tfrun graph --format=svg FILE > g.svg\n";

typedef struct GraphOptions {
    const char *function, *input;
    bool svg, help;
} GraphOptions;

static int parse_options(GraphOptions *o, int argc, char **argv)
{
    Args s = args_begin(argc, argv, "tfrun graph", "tfrun graph");
    int k;
    while ((k = args_next(&s)) > 0) {
        if (args_is(&s, "function")) {
            if (!(o->function = args_value(&s))) return 2;
            continue;
        }
        if (args_is(&s, "format")) {
            const char *v = args_value(&s);
            if (!v) return 2;
            if (!strcmp(v, "svg")) o->svg = true;
            else if (!strcmp(v, "dot")) o->svg = false;
            else return args_error(s.who, s.cmd, "invalid format '%s' (want dot or svg)", v);
            continue;
        }
        if (args_is(&s, "help") || args_is(&s, "h")) o->help = true;
        else return args_error(s.who, s.cmd, "unknown option '%s'", s.arg);
        if (s.value) return args_error(s.who, s.cmd, "option '%s' takes no value", s.arg);
    }
    o->input = s.input;
    return k < 0 ? 2 : -1;
}

/* {=====================================================================
** Names
** ====================================================================== */

typedef struct G {
    StrBuf out;
    const Module *m;
    const SeqAnalysis *a;
    /* Node ids: ops and block arguments by pointer (open addressing). */
    const void **keys;
    int *ids;
    size_t cap, n;
    int next;
} G;

static int node_id(G *g, const void *p)
{
    if ((g->n + 1) * 2 > g->cap) {
        size_t ncap = g->cap ? g->cap * 2 : 256;
        const void **nk = xcalloc(ncap, sizeof *nk);
        int *ni = xcalloc(ncap, sizeof *ni);
        for (size_t i = 0; i < g->cap; i++) {
            if (!g->keys[i]) continue;
            size_t j = ((uintptr_t)g->keys[i] >> 4) * 0x9E3779B97F4A7C15ull >> 20 & (ncap - 1);
            while (nk[j]) j = (j + 1) & (ncap - 1);
            nk[j] = g->keys[i];
            ni[j] = g->ids[i];
        }
        free(g->keys);
        free(g->ids);
        g->keys = nk;
        g->ids = ni;
        g->cap = ncap;
    }
    size_t j = ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull >> 20 & (g->cap - 1);
    while (g->keys[j] && g->keys[j] != p) j = (j + 1) & (g->cap - 1);
    if (!g->keys[j]) {
        g->keys[j] = p;
        g->ids[j] = g->next++;
        g->n++;
    }
    return g->ids[j];
}

/* A DOT string literal. */
static void q(G *g, const char *s)
{
    sb_addc(&g->out, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') sb_addc(&g->out, '\\');
        if (*s == '\n') sb_adds(&g->out, "\\n");
        else sb_addc(&g->out, *s);
    }
    sb_addc(&g->out, '"');
}

static const char *vname(const Value *v, char *buf, size_t cap)
{
    if (v->name) snprintf(buf, cap, "%s%s", v->name[0] == '%' ? "" : "%", v->name);
    else if (v->def) snprintf(buf, cap, "#%d", v->result_index);
    else snprintf(buf, cap, "%%arg%d", v->result_index);
    return buf;
}

static bool is_chain(const Value *v)
{
    return v->type && v->type->kind == TY_DIALECT && v->type->spelling &&
           !strcmp(v->type->spelling, "!tfrt.chain");
}

/* }===================================================================== */

/* {=====================================================================
** Nodes and edges
** ====================================================================== */

/* What [op]'s own effects are, for its label ("" when none). */
static void effects_text(const Op *op, StrBuf *b)
{
    SeqEffect fx[8];
    const char *why = NULL;
    int n = seq_op_effects(op, fx, 8, &why);
    if (n < 0) {
        sb_printf(b, "effects not modelled%s%s", why ? ": " : "", why ? why : "");
        return;
    }
    char vn[128];
    bool first = true;
    for (int i = 0; i < n && i < 8; i++) {
        if (fx[i].kind == SEQ_RES_DIAG) continue;    /* may fail: nearly every kernel */
        sb_adds(b, first ? "" : ", ");
        first = false;
        if (fx[i].kind == SEQ_RES_OUTPUT) {
            sb_adds(b, "prints");
            continue;
        }
        const Value *v = fx[i].operand >= 0 && fx[i].operand < op->noperands ? op->operands[fx[i].operand] : NULL;
        sb_printf(b, "%s %s", (fx[i].access & SEQ_WRITE) ? ((fx[i].access & SEQ_READ) ? "updates" : "writes") : "reads",
                  v ? vname(v, vn, sizeof vn) : "an object");
    }
}

static void emit_block(G *g, const Block *b, int depth);

static void emit_op(G *g, const Op *op, int depth)
{
    int id = node_id(g, op);
    StrBuf label = {0}, fx = {0};
    sb_printf(&label, "%s", op->name);
    const Attr *cattr = op->callee ? NULL : ir_op_attr(op, "callee");
    if (op->callee) sb_printf(&label, " @%s", op->callee);
    else if (cattr && cattr->kind == ATTR_SYMBOL) sb_printf(&label, " @%s", cattr->u.str.s);
    sb_printf(&label, "\nline %d", op->line);
    if (op->info && op->info->family == SYN_RETURN) {
        sb_printf(&g->out, "%*sn%d [label=", 2 * depth, "", id);
        q(g, label.p);
        sb_adds(&g->out, ", shape=cds];\n");
        sb_free(&label);
        return;
    }
    effects_text(op, &fx);
    sb_printf(&g->out, "%*sn%d [label=", 2 * depth, "", id);
    if (fx.n) sb_printf(&label, "\n[%s]", fx.p);
    q(g, label.p);
    if (fx.n) sb_adds(&g->out, ", style=\"filled,bold\", fillcolor=\"#ffe4b5\"");
    sb_adds(&g->out, "];\n");
    sb_free(&label);
    sb_free(&fx);
    for (int r = 0; r < op->nregions; r++) {
        const Block *rb = op->regions[r];
        sb_printf(&g->out, "%*ssubgraph cluster_%d_%d {\n", 2 * depth, "", id, r);
        char lab[256];
        snprintf(lab, sizeof lab, "region %d of %s (line %d)", r, op->name, op->line);
        sb_printf(&g->out, "%*slabel=", 2 * depth + 2, "");
        q(g, lab);
        sb_adds(&g->out, "; style=rounded; color=gray50;\n");
        emit_block(g, rb, depth + 1);
        sb_printf(&g->out, "%*s}\n", 2 * depth, "");
    }
}

static void emit_block(G *g, const Block *b, int depth)
{
    char vn[128], lab[300];
    for (int i = 0; i < b->nargs; i++) {
        const Value *v = b->args[i];
        snprintf(lab, sizeof lab, "%s: %s", vname(v, vn, sizeof vn), v->type ? v->type->spelling : "?");
        sb_printf(&g->out, "%*sn%d [label=", 2 * depth, "", node_id(g, v));
        q(g, lab);
        sb_adds(&g->out, ", shape=ellipse];\n");
    }
    for (int i = 0; i < b->nops; i++) emit_op(g, b->ops[i], depth);
}

/* The value edges into the ops of [b] (and of its regions). */
static void emit_edges(G *g, const Block *b)
{
    char vn[128];
    for (int i = 0; i < b->nops; i++) {
        const Op *op = b->ops[i];
        int to = node_id(g, op);
        for (int j = 0; j < op->noperands; j++) {
            const Value *v = op->operands[j];
            int from = v->def ? node_id(g, v->def) : node_id(g, v);
            sb_printf(&g->out, "  n%d -> n%d [label=", from, to);
            q(g, vname(v, vn, sizeof vn));
            sb_adds(&g->out, is_chain(v) ? ", style=dashed];\n" : "];\n");
        }
        for (int r = 0; r < op->nregions; r++) {
            const Block *rb = op->regions[r];
            for (int k = 0; k < rb->nargs; k++)
                sb_printf(&g->out, "  n%d -> n%d [style=dotted, arrowhead=none];\n", to, node_id(g, rb->args[k]));
            const Op *ret = rb->nops ? rb->ops[rb->nops - 1] : NULL;
            if (ret && ret->info && ret->info->family == SYN_RETURN)
                sb_printf(&g->out, "  n%d -> n%d [style=dotted, constraint=false];\n", node_id(g, ret), to);
            emit_edges(g, rb);
        }
    }
}

/* The red edges: the unordered pairs whose block is one of [fn]'s. */
static bool in_func(const Op *op, const Func *fn)
{
    for (const Block *b = op->parent; b; b = b->parent_op ? b->parent_op->parent : NULL)
        if (b == fn->body) return true;
    return false;
}

static void emit_pairs(G *g, const Func *fn)
{
    char obj[128];
    for (int i = 0; i < seq_npairs(g->a); i++) {
        const SeqPair *p = seq_pair(g->a, i);
        if (!p->first.n || !in_func(p->first.path[0], fn)) continue;
        const Op *x = p->first.path[0];
        const Op *y = p->second_is_result_line || !p->second.n ? NULL : p->second.path[0];
        if (!y) {
            /* Against the driver's result line: the function's return. */
            y = fn->body->nops ? fn->body->ops[fn->body->nops - 1] : NULL;
            if (!y) continue;
        }
        StrBuf lab = {0};
        switch (p->kind) {
        case SEQ_RES_OUTPUT:
            sb_adds(&lab, p->second_is_result_line ? "prints and the result line"
                                                   : "both print to the output");
            break;
        case SEQ_RES_DIAG: sb_adds(&lab, "may both report a runtime error"); break;
        default:
            if (p->object) vname(p->object, obj, sizeof obj);
            else snprintf(obj, sizeof obj, "an object");
            if ((p->first_access & SEQ_WRITE) && (p->second_access & SEQ_WRITE)) sb_printf(&lab, "both write %s", obj);
            else sb_printf(&lab, "write and read %s", obj);
        }
        if (x == y) sb_adds(&lab, " (two runs of it)");
        sb_adds(&lab, ", unordered");
        char *why = seq_pair_describe(g->a, i);
        sb_printf(&g->out, "  n%d -> n%d [color=red, fontcolor=red, penwidth=2, dir=both, constraint=false, label=",
                  node_id(g, x), node_id(g, y));
        q(g, lab.p);
        sb_adds(&g->out, ", tooltip=");
        q(g, why ? why : lab.p);
        sb_adds(&g->out, "];\n");
        free(why);
        sb_free(&lab);
    }
}

static void emit_func(G *g, const Func *fn)
{
    sb_printf(&g->out, "  subgraph cluster_f%d {\n    label=", fn->index);
    char lab[300];
    snprintf(lab, sizeof lab, "@%s", fn->name);
    q(g, lab);
    sb_adds(&g->out, "; style=bold; color=black;\n");
    emit_block(g, fn->body, 2);
    sb_adds(&g->out, "  }\n");
    emit_edges(g, fn->body);
    emit_pairs(g, fn);
}

/* }===================================================================== */

/* Is [name] an executable file on PATH? */
static bool on_path(const char *name)
{
    const char *path = getenv("PATH");
    if (!path) return false;
    StrBuf p = {0};
    bool found = false;
    for (const char *s = path; !found;) {
        const char *e = strchr(s, ':');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        p.n = 0;
        sb_addn(&p, n ? s : ".", n ? n : 1);
        sb_addc(&p, '/');
        sb_adds(&p, name);
        struct stat st;
        found = stat(p.p, &st) == 0 && S_ISREG(st.st_mode) && access(p.p, X_OK) == 0;
        if (!e) break;
        s = e + 1;
    }
    sb_free(&p);
    return found;
}

/* Writes [text] to stdout, through `dot -Tsvg` when [svg]. */
static int write_out(const StrBuf *text, bool svg)
{
    if (!svg) {
        fwrite(text->p, 1, text->n, stdout);
        return 0;
    }
    if (!on_path("dot")) {
        fprintf(stderr, "tfrun graph: --format=svg needs Graphviz's 'dot', which is not installed "
                "(Debian: apt-get install graphviz); --format=dot prints the DOT text\n");
        return 1;
    }
    fflush(stdout);
    FILE *p = popen("dot -Tsvg", "w");
    if (!p) {
        fprintf(stderr, "tfrun graph: cannot run dot: %s\n", strerror(errno));
        return 1;
    }
    fwrite(text->p, 1, text->n, p);
    int st = pclose(p);
    if (st != 0) {
        fprintf(stderr, "tfrun graph: dot failed (status %d)\n", WIFEXITED(st) ? WEXITSTATUS(st) : st);
        return 1;
    }
    return 0;
}

int cli_graph(int argc, char **argv)
{
    GraphOptions o;
    memset(&o, 0, sizeof o);
    int st = parse_options(&o, argc, argv);
    if (st >= 0) return st;
    if (o.help) {
        fputs(graph_usage, stdout);
        return 0;
    }
    StrBuf src = {0};
    const char *fname;
    if (!args_read_input("tfrun graph", o.input, &src, &fname)) return 1;
    const char *text = src.p ? src.p : "";
    DiagSink *d = diag_new(stderr);
    diag_add_source_borrowed(d, fname, text, src.n);
    Module *m = parse_module_borrowed(fname, text, src.n, d);
    bool failed = !m;
    if (m) {
        VerifyOptions vo = { .allow_unknown_ops = true, .for_execution = true };
        if (verify_module(m, d, &vo) > 0) failed = true;
    }
    const Func *only = NULL;
    if (!failed && o.function) {
        const char *name = o.function[0] == '@' ? o.function + 1 : o.function;
        only = ir_module_func(m, name);
        if (!only || !only->body) {
            fprintf(stderr, "tfrun graph: no function @%s with a body in %s\n", name, fname);
            failed = true;
        }
    }
    if (!failed) {
        /* The pairs of the run `tfrun run` would make, or of @NAME's. */
        SeqOptions so = { only ? &only : NULL, only ? 1 : 0, 0 };
        SeqAnalysis *a = seq_analyze(m, &so);
        G g = { .m = m, .a = a };
        sb_adds(&g.out, "digraph ");
        q(&g, fname);
        sb_adds(&g.out, " {\n  compound=true; rankdir=TB;\n"
                        "  node [shape=box, fontname=\"monospace\", fontsize=10];\n"
                        "  edge [fontname=\"monospace\", fontsize=9];\n");
        for (int i = 0; i < m->nfuncs; i++) {
            const Func *fn = m->funcs[i];
            if (!fn->body || (only && fn != only)) continue;
            emit_func(&g, fn);
        }
        sb_adds(&g.out, "}\n");
        st = write_out(&g.out, o.svg);
        sb_free(&g.out);
        free(g.keys);
        free(g.ids);
        seq_free(a);
    } else {
        st = 1;
    }
    diag_finish(d);
    if (m) ir_module_free(m);
    diag_free(d);
    sb_free(&src);
    return st;
}
