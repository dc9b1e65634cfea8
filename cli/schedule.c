/*
** schedule.c — which schedule a run gets (spec/tfrun.md §8, docs/engine.md
** "Choosing"): shared by `tfrun run` and the REPL.
*/
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

bool cli_schedule_parse(const char *s, CliSchedule *out)
{
    if (!strcmp(s, "auto")) *out = CLI_SCHED_AUTO;
    else if (!strcmp(s, "exact")) *out = CLI_SCHED_EXACT;
    else if (!strcmp(s, "fast")) *out = CLI_SCHED_FAST;
    else return false;
    return true;
}

const char *cli_schedule_name(CliSchedule s)
{
    return s == CLI_SCHED_AUTO ? "auto" : s == CLI_SCHED_EXACT ? "exact" : "fast";
}

ExecSchedule cli_schedule_choose(CliSchedule want, const Module *m, const Func *const *funcs,
                                 int nfuncs, char **why)
{
    (void)m;
    (void)funcs;
    (void)nfuncs;
    if (want != CLI_SCHED_AUTO) {
        *why = strdup("requested");
        if (!*why) abort();
        return want == CLI_SCHED_FAST ? EXEC_FAST : EXEC_EXACT;
    }
    *why = strdup("auto: the sequencing analysis is not available");
    if (!*why) abort();
    return EXEC_EXACT;
}
