/*
** repl_help.c — `tfrun repl`'s :help and :ops (docs/tools.md §3).
**
** :help lists every command of the table in cli/repl.c, one line each;
** :help CMD shows one of them; :help OP shows an op's custom syntax,
** signature and properties, and :ops PREFIX lists ops — both read off the
** op table through the functions behind `tfrun ops` (cli/ops.c), so the
** REPL never says anything about an op that the table does not.
*/
#include <stdio.h>
#include <string.h>
#include "cli/repl.h"
#include "cli/repl_int.h"
#include "ops/optable.h"

static void command_line(FILE *o, const ReplCmdInfo *c)
{
    char head[128];
    snprintf(head, sizeof head, ":%s%s%s%s%s", c->name, c->alias ? ", :" : "", c->alias ? c->alias : "",
             *c->args ? " " : "", c->args);
    fprintf(o, "  %-36s %s\n", head, c->help);
}

static void op_help(FILE *o, const OpInfo *op)
{
    char syn[256], props[256];
    cli_op_syntax(op, syn, sizeof syn);
    cli_op_properties(op, props, sizeof props);
    fprintf(o, "%s\n", op->name);
    fprintf(o, "    syntax:     %s\n", syn);
    fprintf(o, "    signature:  %s\n", op->signature && *op->signature ? op->signature : "(checked by the op)");
    if (*props) fprintf(o, "    properties: %s\n", props);
}

void repl_cmd_help(Repl *r, const char *arg, int col)
{
    FILE *o = r->out;
    const char *a = *arg == ':' ? arg + 1 : arg;
    if (*a) {
        size_t n = strcspn(a, " \t");
        const OpInfo *op = optable_lookup(a, n);
        if (op) { op_help(o, op); return; }
        bool amb;
        const char *name = repl_command_name(a, n, &amb);
        ReplCmdInfo c;
        for (int i = 0; name && repl_command_info(i, &c); i++)
            if (!strcmp(c.name, name)) { command_line(o, &c); return; }
        size_t nops;
        const OpInfo *all = optable_all(&nops);
        int k = 0;
        for (size_t i = 0; i < nops; i++) k += !strncmp(all[i].name, a, n);
        if (k) cmd_error(r, col, "no op named '%.*s'; :ops %.*s lists the %d that start so", (int)n, a, (int)n, a, k);
        else if (amb) cmd_error(r, col, "ambiguous command ':%.*s'", (int)n, a);
        else cmd_error(r, col, "no command or op named '%.*s' (:help lists the commands, :ops the ops)", (int)n, a);
        return;
    }
    fputs("Type a func.func (or module) to define functions (read until its braces balance),\n"
          "or an op such as `%x = tfrt.constant.i32 1` to run it at once; its results stay\n"
          "available to later lines. Commands (a unique prefix is enough, e.g. :fin; the\n"
          "colon may be left out of a whole name, e.g. quit):\n", o);
    ReplCmdInfo c;
    for (int i = 0; repl_command_info(i, &c); i++) command_line(o, &c);
    fputs("While a run is stopped the prompt shows the op it is stopped at; :print, :locals,\n"
          ":watch and :finish work in the selected frame (:up, :down, :frame). Ctrl-C stops a\n"
          "running program before its next kernel; a second Ctrl-C before it stops cancels\n"
          "it. Going back runs the same function again from its start with its output\n"
          "silenced, up to the kernel asked for: the exact schedule and a replayed witness\n"
          "repeat themselves. Runs use the exact schedule while breakpoints, watchpoints or\n"
          "stepping are set (unless :schedule fast was asked for). Prompts appear only on a\n"
          "terminal; piped input is read silently. Diagnostics call input line N <repl>:N.\n", o);
}

void repl_cmd_ops(Repl *r, const char *arg, int col)
{
    size_t nops, plen = strlen(arg);
    const OpInfo *all = optable_all(&nops);
    size_t width = 0;
    for (size_t i = 0; i < nops; i++)
        if (!strncmp(all[i].name, arg, plen) && strlen(all[i].name) > width) width = strlen(all[i].name);
    int n = 0;
    for (size_t i = 0; i < nops; i++) {
        if (strncmp(all[i].name, arg, plen)) continue;
        const char *sig = all[i].signature && *all[i].signature ? all[i].signature : "(checked by the op)";
        fprintf(r->out, "%-*s  %s\n", (int)width, all[i].name, sig);
        n++;
    }
    if (!n) cmd_error(r, col, "no op starts with '%s'", arg);
}
