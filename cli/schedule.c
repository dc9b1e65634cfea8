/*
** schedule.c — which schedule a run gets (docs/execution.md §7, docs/engine.md
** "Choosing"): shared by `tfrun run` and the REPL.
*/
#include "base/alloc.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "analysis/mixed.h"
#include "analysis/seq.h"
#include "cli/cli.h"

bool cli_schedule_parse(const char *s, CliSchedule *out)
{
    if (!strcmp(s, "auto")) *out = CLI_SCHED_AUTO;
    else if (!strcmp(s, "exact")) *out = CLI_SCHED_EXACT;
    else if (!strcmp(s, "fast")) *out = CLI_SCHED_FAST;
    else return false;
    return true;
}

bool cli_parse_call_depth(const char *s, int *out)
{
    long long v = 0;
    if (!*s) return false;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return false;
        v = v * 10 + (*p - '0');
        if (v > 1000000000LL) return false;
    }
    if (v < 1) return false;
    *out = (int)v;
    return true;
}

bool cli_parse_size(const char *s, uint64_t *out)
{
    if (!strcmp(s, "none") || !strcmp(s, "0")) {
        *out = 0;
        return true;
    }
    uint64_t v = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > ((uint64_t)1 << 50)) return false;
    }
    if (p == s) return false;
    int shift = 0;
    switch (*p) {
    case 'k': case 'K': shift = 10; p++; break;
    case 'm': case 'M': shift = 20; p++; break;
    case 'g': case 'G': shift = 30; p++; break;
    case 't': case 'T': shift = 40; p++; break;
    default: break;
    }
    if (*p || v > ((uint64_t)1 << (60 - shift))) return false;
    v <<= shift;
    if (v < CLI_MIN_MEMORY) return false;
    *out = v;
    return true;
}

const char *cli_schedule_name(CliSchedule s)
{
    return s == CLI_SCHED_AUTO ? "auto" : s == CLI_SCHED_EXACT ? "exact" : "fast";
}

ExecSchedule cli_schedule_choose(CliSchedule want, const Module *m, const Func *const *funcs,
                                 int nfuncs, const HostAllocator *alloc, char **why)
{
    if (want != CLI_SCHED_AUTO) {
        *why = strdup("requested");
        if (!*why) tf_out_of_memory();
        return want == CLI_SCHED_FAST ? EXEC_FAST : EXEC_EXACT;
    }
    /* Allocators that log or profile make every allocation an effect. */
    HostAllocKind k = ha_kind(alloc);
    SeqOptions o = { funcs, nfuncs,
                     k == HA_FIXED_SIZE_1K || k == HA_PROFILED ? SEQ_ALLOC_REPORTS : 0u };
    SeqAnalysis *a = seq_analyze(m, &o);
    bool det = seq_determinate(a);
    char *d = det ? NULL : seq_describe(a);
    seq_free(a);
    size_t len = (d ? strlen(d) : 0) + 64;
    *why = malloc(len);
    if (!*why) tf_out_of_memory();
    if (det) snprintf(*why, len, "auto: every conflicting pair of effects is ordered");
    else snprintf(*why, len, "auto: %s", d);
    free(d);
    return det ? EXEC_FAST : EXEC_EXACT;
}

static const char *mix_words(MixKind k)
{
    switch (k) {
    case MIX_FAST: return "fast: every conflicting pair of effects it reaches is ordered";
    case MIX_SWITCH: return "exact until the ops of its unordered pairs are done, then fast";
    default: return "exact";
    }
}

void cli_schedule_run(CliSchedule want, const Module *m, const Func *const *funcs, int nfuncs,
                      const HostAllocator *alloc, CliRunSchedule *out)
{
    memset(out, 0, sizeof *out);
    char *s = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&s, &n);
    if (!o) tf_out_of_memory();
    if (want != CLI_SCHED_AUTO) {
        out->host = want == CLI_SCHED_FAST ? EXEC_FAST : EXEC_EXACT;
        fprintf(o, "Choosing %s schedule: requested.\n", out->host == EXEC_FAST ? "fast" : "exact");
        fclose(o);
        out->verbose = s;
        return;
    }
    HostAllocKind k = ha_kind(alloc);
    SeqOptions so = { funcs, nfuncs,
                      k == HA_FIXED_SIZE_1K || k == HA_PROFILED ? SEQ_ALLOC_REPORTS : 0u };
    SeqAnalysis *a = seq_analyze(m, &so);
    MixPlan *mp = mix_plan(a);
    if (mp->nfast == mp->n) {
        out->host = EXEC_FAST;
        fprintf(o, "Choosing fast schedule: auto: every conflicting pair of effects is ordered.\n");
        mix_plan_free(mp);
    } else if (mp->nexact == mp->n) {
        out->host = EXEC_EXACT;
        char *d = seq_describe(a);
        fprintf(o, "Choosing exact schedule: auto: %s.\n", d);
        free(d);
        mix_plan_free(mp);
    } else {
        out->host = EXEC_MIXED;
        out->mix = mp;
        fprintf(o, "Choosing the schedule per function: auto:\n");
        for (int i = 0; i < mp->n; i++) {
            const MixChoice *c = &mp->c[i];
            fprintf(o, "  '%s': %s", c->func->name, mix_words(c->kind));
            if (c->why) fprintf(o, ": %s", c->why);
            fprintf(o, ".\n");
        }
    }
    seq_free(a);
    fclose(o);
    out->verbose = s;
}

void cli_schedule_run_free(CliRunSchedule *s)
{
    mix_plan_free(s->mix);
    free(s->verbose);
    memset(s, 0, sizeof *s);
}
