/*
** ops.c — `tfrun ops [--markdown] [PREFIX]`: the kernel reference, read
** off the op table (kernels/ops.def) and nothing else, so it is always the
** table's truth. Plain text lists one op per line: name, custom syntax,
** signature, and what the op does beyond its types (docs/language.md §4 and docs/execution.md §8's
** effects). --markdown writes docs/kernels.md, which `make test` checks is
** current (tests/kernels_doc.sh).
*/
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cli/cli.h"
#include "kernels/optable.h"

static const char ops_usage[] =
    "usage: tfrun ops [--markdown] [PREFIX]\n"
    "\n"
    "Lists the ops tfrun knows whose name starts with PREFIX (all without it):\n"
    "name, custom syntax, signature, and properties: async (an ordinary kernel)\n"
    "or sync (usable in tfrt.sync functions), non-strict, and the effects the\n"
    "sequencing analysis sees (prints, may fail, writes operand N, ...).\n"
    "--markdown writes the same as the Markdown page docs/kernels.md.\n"
    "Exit status: 0, or 1 when nothing matches PREFIX, 2 for usage.\n";

/* The custom syntax of family [f], with the op's own name. */
static const char *syntax_of(SyntaxFamily f)
{
    switch (f) {
    case SYN_GENERIC:          return "\"NAME\"(%a, ...) {attrs} : (Ta, ...) -> (Tr, ...)";
    case SYN_NULLARY:          return "NAME {attrs}";
    case SYN_CONSTANT:         return "NAME VALUE {attrs}";
    case SYN_CONSTANT_COMPLEX: return "NAME RE, IM";
    case SYN_OPERANDS:         return "NAME %a, ... {attrs}";
    case SYN_OPERANDS_TYPED:   return "NAME %a, ... {attrs} : Ta, ...";
    case SYN_CALL:             return "NAME @f(%a, ...) : (Ta, ...) -> (Tr, ...)";
    case SYN_IF:               return "NAME %c, %a, ... : (Ta, ...) -> (Tr, ...) { ... } else { ... }";
    case SYN_COND:             return "NAME %c @t @f (%a, ...) : (Ta, ...) -> (Tr, ...)";
    case SYN_CASE:             return "NAME %i [@b0, @b1, ...] (%a, ...) : (Ta, ...) -> (Tr, ...)";
    case SYN_WHILE:            return "NAME %c @body(%a, ...) parallel_iterations(N) : (Ta, ...) -> (Ta, ...)";
    case SYN_ONCE:             return "NAME @f(%a, ...) : (Ta, ...) -> (Tr, ...)";
    case SYN_REPEAT:           return "NAME %n, %a, ... : Ta, ... { ... }";
    case SYN_PARALLEL_FOR:     return "NAME %s to %e fixed %bs, %a, ... : Ta, ... { ... }";
    case SYN_PARALLEL_CALL:    return "NAME %s to %e fixed %bs @f(%a, ...) : Ta, ...";
    case SYN_RETURN:           return "NAME %a, ... : Ta, ...";
    case SYN_DO_ASYNC:         return "NAME %a, ... : (Ta, ...) -> (Tr, ...) { ... }";
    case SYN_BENCHMARK:        return "NAME \"name\"(%a : Ta, ...) key = value, ... { ... }";
    case SYN_SYNC_BENCHMARK:   return "NAME @f(%a : Ta, ...) key = value, ...";
    case SYN_SHAPE_ATTR:       return "NAME [1 : i64, ...]";
    case SYN_OPERANDS_VALUE:   return "NAME %a, ... VALUE : T";
    case SYN_OPERANDS_ARRAY:   return "NAME %a, ... [V : T, ...]";
    case SYN_CRITICAL:         return "NAME %cs @f(%a, ...) : (Ta, ...) -> (Tr, ...)";
    default:                   return "";
    }
}

/* "%a, %b" for the inputs of signature [sig] ("(T, U...) -> R"), into
** [buf]; false when the signature says nothing (control flow). */
static bool operand_names(const char *sig, char *buf, size_t cap)
{
    if (!sig || sig[0] != '(') return false;
    int depth = 0, k = 0;
    size_t n = 0;
    bool empty = true, var = false;
    buf[0] = 0;
    for (const char *p = sig + 1; *p; p++) {
        if (*p == '(' || *p == '<') depth++;
        else if (*p == '>') depth--;
        else if (*p == ')' && depth-- == 0) break;
        if (depth == 0 && (*p == ',' || !strncmp(p, "...", 3))) {
            if (*p == '.') { var = true; p += 2; continue; }
            n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%%%c", k ? ", " : "", 'a' + k % 26);
            k++;
            continue;
        }
        if (*p != ' ') empty = false;
    }
    if (empty) return true;
    if (n < cap) snprintf(buf + n, cap - n, "%s%%%c%s", k ? ", " : "", 'a' + k % 26, var ? ", ..." : "");
    return true;
}

/* The syntax of [op] with its name in place of NAME (and its operands,
** where the signature names them), into [buf]. Also the REPL's :help OP. */
void cli_op_syntax(const OpInfo *op, char *buf, size_t cap)
{
    char ops[128];
    bool sig = operand_names(op->signature, ops, sizeof ops);
    if (sig && op->family == SYN_GENERIC) {
        snprintf(buf, cap, "\"%s\"(%s) {attrs} : %s", op->name, ops, op->signature);
        return;
    }
    if (sig && op->family == SYN_OPERANDS) {
        snprintf(buf, cap, "%s%s%s {attrs}", op->name, *ops ? " " : "", ops);
        return;
    }
    const char *t = syntax_of(op->family), *at = strstr(t, "NAME");
    if (!at) { snprintf(buf, cap, "%s", t); return; }
    snprintf(buf, cap, "%.*s%s%s", (int)(at - t), t, op->name, at + 4);
}

/* The op's properties, comma-separated, into [buf]. Also the REPL's :help OP. */
void cli_op_properties(const OpInfo *op, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
#define ADD(...) do { if (n < cap) n += (size_t)snprintf(buf + n, cap - n, "%s", n ? ", " : ""); \
                      if (n < cap) n += (size_t)snprintf(buf + n, cap - n, __VA_ARGS__); } while (0)
    unsigned fl = op->flags, fx = op->effects;
    if (fl & OPF_SYNC_KERNEL) ADD("sync");
    if (fl & OPF_ASYNC_KERNEL) ADD("async");
    if (fl & OPF_NONSTRICT) ADD("non-strict");
    if (fl & OPF_TRAILING_CHAIN) ADD("optional trailing chain");
    if ((fl & OPF_NO_KERNEL) || (!op->fn && !(fl & OPF_TERMINATOR))) ADD("no kernel");
    if (fx & FX_DEFER) ADD("deferred results");
    if (fx & FX_OUT) ADD("prints");
    if (fx & FX_FAIL) ADD("may fail");
    for (int i = 0; i < FX_MAXOP; i++)
        if (FX_W_BITS(fx) >> i & 1) ADD("writes operand %d", i);
    if (fx & FX_NEW) ADD("new objects");
    if (fx & FX_ALLOC) ADD("allocates");
    if (fx & FX_OPAQUE) ADD("effects not modelled");
#undef ADD
}

int cli_ops(int argc, char **argv)
{
    bool md = false;
    const char *prefix = "";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(ops_usage, stdout); return 0; }
        if (!strcmp(a, "--markdown") || !strcmp(a, "-markdown")) { md = true; continue; }
        if (a[0] == '-' && a[1]) {
            fprintf(stderr, "tfrun ops: unknown option '%s'\n%s", a, ops_usage);
            return 2;
        }
        if (*prefix) { fprintf(stderr, "tfrun ops: one PREFIX at most\n%s", ops_usage); return 2; }
        prefix = a;
    }
    size_t n = 0;
    const OpInfo *all = optable_all(&n);
    size_t plen = strlen(prefix);
    int shown = 0;
    char syn[256], props[256];
    if (md) {
        fputs("# Kernels\n\n"
              "Generated by `tfrun ops --markdown` from `kernels/ops.def`; `make test`\n"
              "checks that it is current. Properties: `async` ordinary kernel, `sync`\n"
              "usable in `tfrt.sync` functions, `non-strict` (docs/execution.md §4), and the\n"
              "effects the sequencing analysis sees (docs/analysis.md).\n\n"
              "| op | syntax | signature | properties |\n|---|---|---|---|\n", stdout);
    }
    for (size_t i = 0; i < n; i++) {
        const OpInfo *op = &all[i];
        if (strncmp(op->name, prefix, plen)) continue;
        cli_op_syntax(op, syn, sizeof syn);
        cli_op_properties(op, props, sizeof props);
        const char *sig = op->signature && *op->signature ? op->signature : "(checked by the op)";
        if (md) {
            /* `|` inside code spans would end the cell. */
            printf("| `%s` | `%s` | `%s` | %s |\n", op->name, syn, sig, props);
        } else {
            printf("%s\n    %s\n    %s\n", op->name, syn, sig);
            if (*props) printf("    %s\n", props);
        }
        shown++;
    }
    if (ferror(stdout) || fflush(stdout)) {
        perror("tfrun: write error");
        return 1;
    }
    if (!shown) {
        fprintf(stderr, "tfrun ops: no op starts with '%s'\n", prefix);
        return 1;
    }
    return 0;
}
