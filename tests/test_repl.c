/*
** test_repl.c — `tfrun repl` (cli/repl.c) and the debugger (interp/debug.c).
**
** Three groups:
**   - repl_text: the text helpers of cli/repl.h (brace balancing, blank and
**     definition detection, command prefixes);
**   - dbg: the debugger driven through its hooks by the real executor on a
**     parsed program, checking breakpoints (with conditions), stepping,
**     going back by running again (reverse-step, reverse-continue),
**     :ready / :pending / :where answers, conditions' parsing, and that
**     neither the records nor going back change a reference count;
**   - pty: the REPL on a real pseudo-terminal (the test makes its own, so
**     it passes where standard input is not a terminal): the prompt, the
**     continuation prompt, tab completion of op names and commands, history
**     recall with the up arrow, history saved in $HOME across sessions, the
**     prompt showing the op about to run while stopped, Ctrl-C stopping a
**     long loop where it is (then :kill), and a second Ctrl-C cancelling.
*/
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/repl.h"
#include "interp/debug.h"
#include "interp/exec.h"
#include "interp/workqueue.h"
#include "ir/diag.h"
#include "parser/parser.h"

/* {=====================================================================
** Text helpers
** ====================================================================== */

Test(repl_text, brace_depth)
{
    cr_assert_eq(repl_brace_depth("func.func @f() {", 0), 1);
    cr_assert_eq(repl_brace_depth("}", 1), 0);
    cr_assert_eq(repl_brace_depth("} else {", 1), 1);
    /* Braces in strings and comments do not count. */
    cr_assert_eq(repl_brace_depth("%s = \"{{\" // }", 0), 0);
    cr_assert_eq(repl_brace_depth("%s = \"a\\\"{\" {", 0), 1);
    cr_assert_eq(repl_brace_depth("}}", 1), -1);
}

Test(repl_text, blank_and_definitions)
{
    cr_assert(repl_is_blank("   "));
    cr_assert(repl_is_blank("  // CHECK: x"));
    cr_assert(!repl_is_blank("%x = tfrt.constant.i32 1"));
    cr_assert(repl_is_definition("func.func @f() {"));
    cr_assert(repl_is_definition("// c\n  module {"));
    cr_assert(repl_is_definition("#loc0 = loc(\"x\":1:2)"));
    cr_assert(!repl_is_definition("%f = tfrt.constant.i32 1"));
    cr_assert(!repl_is_definition("funcs.x"));
}

Test(repl_text, command_prefixes)
{
    bool amb;
    cr_assert_str_eq(repl_command_name("c", 1, &amb), "continue");
    cr_assert_str_eq(repl_command_name("quit", 4, &amb), "quit");
    cr_assert_str_eq(repl_command_name("re", 2, &amb) ? "x" : "null", "null");
    cr_assert(amb, "re is ready or reload");
    cr_assert_null(repl_command_name("zz", 2, &amb));
    cr_assert(!amb);
    cr_assert_str_eq(repl_command_name("run", 3, &amb), "run");
}

/* }===================================================================== */

/* {=====================================================================
** Debugger on the real executor
** ====================================================================== */

static const char prog_text[] =
    "func.func @inc(%x: i32) -> i32 {\n"                       /* 1 */
    "  %one = tfrt.constant.i32 1\n"                            /* 2 */
    "  %r = tfrt.add.i32 %x, %one\n"                            /* 3 */
    "  tfrt.return %r : i32\n"                                  /* 4 */
    "}\n"                                                       /* 5 */
    "func.func @main() -> i32 {\n"                              /* 6 */
    "  %ch0 = tfrt.new.chain\n"                                 /* 7 */
    "  %a = tfrt.constant.i32 1\n"                              /* 8 */
    "  %b = \"tfrt_test.async_add.i32\"(%a, %a) : (i32, i32) -> i32\n" /* 9 */
    "  %ch1 = tfrt.print.i32 %b, %ch0\n"                        /* 10 */
    "  %c = tfrt.call @inc(%b) : (i32) -> i32\n"                /* 11 */
    "  tfrt.return %c : i32\n"                                  /* 12 */
    "}\n";

typedef struct Dbg {
    Module *m;
    WorkQueue *q;
    HostAllocator *a;
    DiagSink *d;
    Host *h;
    Debugger *dbg;
    char *out; size_t outlen; FILE *outf;
    /* What the stop handler does, one command per stop. */
    const char *const *script;
    int nstops;
    int runs;              /* runs started again to go back */
    char *answers[8];
} Dbg;

static void dbg_open(Dbg *t, const char *const *script)
{
    memset(t, 0, sizeof *t);
    t->outf = open_memstream(&t->out, &t->outlen);
    t->d = diag_new(t->outf);
    t->m = parse_module("p.mlir", prog_text, strlen(prog_text), t->d);
    cr_assert(t->m);
    char err[128];
    t->q = wq_create("s", err, sizeof err);
    t->a = ha_create("malloc", NULL);
    t->h = host_new(t->m, t->q, t->a, t->d, t->outf);
    cr_assert(exec_load(t->h));
    t->dbg = dbg_new(t->outf);
    t->h->debug = dbg_hooks(t->dbg);
    t->script = script;
}

static void dbg_close(Dbg *t)
{
    wq_destroy(t->q);
    host_free(t->h);
    dbg_free(t->dbg);
    ir_module_free(t->m);
    ha_destroy(t->a);
    diag_free(t->d);
    fclose(t->outf);
    free(t->out);
    for (int i = 0; i < 8; i++) free(t->answers[i]);
}

/* The stop handler: answers :ready, :pending and :where into a string per
** stop, then resumes as the script says ("step" or "continue"). */
static void on_stop(void *ud, Debugger *d)
{
    Dbg *t = ud;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fputs("[ready]\n", f);
    dbg_print_ready(d, f);
    fputs("[pending]\n", f);
    dbg_print_pending(d, f);
    fputs("[where]\n", f);
    dbg_print_bt(d, f);
    fclose(f);
    int k = t->nstops++;
    if (k < 8) t->answers[k] = buf; else free(buf);
    const char *cmd = t->script && t->script[k] ? t->script[k] : "continue";
    const char *why;
    if (!strcmp(cmd, "step")) dbg_step(d);
    else if (!strcmp(cmd, "next")) dbg_next(d);
    else if (!strcmp(cmd, "rs")) cr_assert(dbg_reverse_step(d, &why), "%s", why);
    else if (!strcmp(cmd, "rc")) cr_assert(dbg_reverse_continue(d, &why), "%s", why);
    else dbg_continue(d);
}

/* Runs @main and returns its result (the program's value is 3). */
static int run_main(Dbg *t)
{
    RequestContext *rq = rq_new(t->q);
    ExecCtx c = { t->h, rq, 0, NULL, NULL, NULL };
    AsyncValue *res[1];
    for (;;) {
        dbg_run_begin(t->dbg, NULL);
        exec_invoke_func(&c, ir_module_func(t->m, "main"), NULL, 0, res);
        wq_await(t->q, res, 1);
        wq_quiesce(t->q);
        dbg_run_end(t->dbg);
        if (!dbg_restart_pending(t->dbg)) break;
        /* Going back: the same run again, with a new request. */
        av_release(res[0]);
        rq_release(rq);
        rq = rq_new(t->q);
        c.rq = rq;
        t->runs++;
    }
    int v = av_is_available(res[0]) ? (int)av_get(res[0])->v.i : -1;
    av_release(res[0]);
    rq_release(rq);
    return v;
}

TestSuite(dbg, .timeout = 30.0);

Test(dbg, breakpoint_by_op_and_where_in_a_call)
{
    Dbg t;
    dbg_open(&t, NULL);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    cr_assert_eq(dbg_break_op(t.dbg, "tfrt.add.i32", NULL), 1);
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(t.nstops, 1);
    /* Stopped in @inc, called from @main. */
    cr_assert(strstr(t.answers[0], "next: tfrt.add.i32 at p.mlir:3:8 in @inc(%x = 2)\n"), "%s", t.answers[0]);
    cr_assert(strstr(t.answers[0], "[where]\n#0 tfrt.add.i32 at p.mlir:3:8 in @inc(%x = 2)\n"
                                   "#1 tfrt.call at p.mlir:11:8 in @main\n"), "%s", t.answers[0]);
    /* @main's return waits for the call still running. */
    cr_assert(strstr(t.answers[0], "tfrt.return at p.mlir:12:3 in @main waits for:\n"
                                   "    %c: not produced yet (its producer tfrt.call at p.mlir:11:8 is still running)\n"),
              "%s", t.answers[0]);
    dbg_close(&t);
}

Test(dbg, break_by_line_then_step)
{
    static const char *const script[] = { "step", "continue", NULL };
    Dbg t;
    dbg_open(&t, script);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    dbg_break_line(t.dbg, "p.mlir", 7, NULL);            /* tfrt.new.chain */
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(t.nstops, 2);
    /* At new.chain the async add has run but its value is not resolved. */
    cr_assert(strstr(t.answers[0], "%b: unavailable (produced by tfrt_test.async_add.i32 at p.mlir:9:8"),
              "%s", t.answers[0]);
    cr_assert(strstr(t.answers[0], "%ch0: not produced yet (its producer tfrt.new.chain at p.mlir:7:10 is about to run)"),
              "%s", t.answers[0]);
    /* The step stops at the next kernel run, whichever it is. */
    cr_assert(strstr(t.answers[1], "next: "), "%s", t.answers[1]);
    cr_assert(!strstr(t.answers[1], "next: tfrt.new.chain"), "%s", t.answers[1]);
    dbg_close(&t);
}

Test(dbg, delete_and_list)
{
    Dbg t;
    dbg_open(&t, NULL);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    int a = dbg_break_op(t.dbg, "tfrt.print.i32", NULL);
    int b = dbg_break_line(t.dbg, NULL, 3, NULL);
    cr_assert_eq(b, a + 1);
    cr_assert(dbg_delete(t.dbg, a));
    cr_assert(!dbg_delete(t.dbg, a), "deleted twice");
    char *buf = NULL; size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    dbg_list_breaks(t.dbg, f);
    fclose(f);
    cr_assert_str_eq(buf, "breakpoint 2: line 3\n");
    free(buf);
    cr_assert(dbg_delete(t.dbg, b));
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(t.nstops, 0, "no breakpoint left, no stop");
    dbg_close(&t);
}

Test(dbg, trace_lines_and_no_refcount_change)
{
    Dbg t;
    dbg_open(&t, NULL);
    dbg_set_trace(t.dbg, true);
    int64_t live = av_live_count();
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(av_live_count(), live, "the hooks keep no value alive");
    fflush(t.outf);
    /* One trace line per kernel: 5 in @main and 2 in @inc. */
    int n = 0;
    for (const char *p = t.out; (p = strstr(p, "trace: ")); p++) n++;
    cr_assert_eq(n, 7, "%s", t.out);
    cr_assert(strstr(t.out, "trace: tfrt.call at p.mlir:11:8 in @main\n"), "%s", t.out);
    dbg_close(&t);
}

Test(dbg, interrupt_flag_cancels_the_run)
{
    Dbg t;
    dbg_open(&t, NULL);
    volatile sig_atomic_t flag = 1;
    dbg_set_interrupt_flag(t.dbg, &flag);
    /* Every kernel is skipped with the cancellation error. */
    cr_assert_eq(run_main(&t), -1);
    cr_assert_eq(flag, 0);
    fflush(t.outf);
    cr_assert(strstr(t.out, "interrupted: run cancelled\n"), "%s", t.out);
    cr_assert(!strstr(t.out, "int32 = "), "the print was skipped: %s", t.out);
    dbg_close(&t);
}

/* }===================================================================== */

Test(dbg, step_back_and_forward_to_the_same_kernel)
{
    /* Stop at the add in @inc, go back one kernel (the constant before
    ** it), step forward: the add again, with the same answers. */
    static const char *const script[] = { "rs", "step", "continue", NULL };
    Dbg t;
    dbg_open(&t, script);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    dbg_break_op(t.dbg, "tfrt.add.i32", NULL);
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(t.runs, 1, "one run again to go back");
    cr_assert_eq(t.nstops, 3);
    cr_assert(strstr(t.answers[1], "next: tfrt.constant.i32 at p.mlir:2:10 in @inc(%x = 2)\n"), "%s", t.answers[1]);
    cr_assert_str_eq(t.answers[2], t.answers[0]);
    dbg_close(&t);
}

Test(dbg, reverse_continue_finds_the_previous_hit)
{
    /* Breakpoints on new.chain (first) and the add (last): :rc from the add
    ** goes back to new.chain, a second :rc to the start of the run. */
    static const char *const script[] = { "continue", "rc", "rc", "continue", "continue", NULL };
    Dbg t;
    dbg_open(&t, script);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    dbg_break_op(t.dbg, "tfrt.new.chain", NULL);
    dbg_break_op(t.dbg, "tfrt.add.i32", NULL);
    cr_assert_eq(run_main(&t), 3);
    cr_assert(strstr(t.answers[0], "next: tfrt.new.chain"), "%s", t.answers[0]);
    cr_assert(strstr(t.answers[1], "next: tfrt.add.i32"), "%s", t.answers[1]);
    cr_assert(strstr(t.answers[2], "next: tfrt.new.chain"), "%s", t.answers[2]);
    /* No hit before the first breakpoint: the first kernel of the run. */
    cr_assert(!strstr(t.answers[3], "next: tfrt.new.chain") && !strstr(t.answers[3], "next: tfrt.add.i32"),
              "%s", t.answers[3]);
    cr_assert_eq(t.runs, 4, "each :rc runs twice (find the hit, go there)");
    dbg_close(&t);
}

Test(dbg, records_and_going_back_change_no_refcount)
{
    static const char *const script[] = { "rs", "rs", "continue", NULL };
    Dbg t;
    dbg_open(&t, script);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    dbg_break_op(t.dbg, "tfrt.add.i32", NULL);
    int64_t live = av_live_count();
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(av_live_count(), live, "the hooks keep no value alive");
    cr_assert_eq(exec_live_frames(), 0);
    dbg_close(&t);
}

Test(dbg, conditions)
{
    DbgCond c;
    const char *err;
    int at;
    char buf[200];
    cr_assert(dbg_cond_parse("%n == 3", &c, &err, &at));
    cr_assert_str_eq(c.name, "n");
    cr_assert_eq(c.cmp, DBG_EQ);
    cr_assert_str_eq(dbg_cond_text(&c, buf, sizeof buf), "%n == 3");
    cr_assert(dbg_cond_parse("  %x.y#1 >= -0x10 ", &c, &err, &at));
    cr_assert_str_eq(c.name, "x.y#1");
    cr_assert_eq(c.cmp, DBG_GE);
    cr_assert_eq(c.lit.v.i, -16);
    cr_assert(dbg_cond_parse("%f < 2.5", &c, &err, &at));
    cr_assert_eq(c.lit.type, ANY_F64);
    cr_assert(dbg_cond_parse("%b != true", &c, &err, &at));
    cr_assert_eq(c.lit.type, ANY_I1);
    cr_assert(dbg_cond_parse("%s == \"a\\\"b\"", &c, &err, &at));
    cr_assert_str_eq(c.str, "a\"b");
    dbg_cond_free(&c);
    cr_assert(!dbg_cond_parse("n == 3", &c, &err, &at));
    cr_assert_eq(at, 0);
    cr_assert(!dbg_cond_parse("%n = 3", &c, &err, &at));
    cr_assert_eq(at, 3);
    cr_assert(!dbg_cond_parse("%n == x", &c, &err, &at));
    cr_assert(!dbg_cond_parse("%n == \"open", &c, &err, &at));
    cr_assert(!dbg_cond_parse("%n == 1 1", &c, &err, &at));
    cr_assert_eq(at, 8);
}

Test(dbg, conditional_breakpoint_stops_only_when_it_holds)
{
    /* %x of @inc is 2: == 3 never holds, == 2 holds once. */
    Dbg t;
    dbg_open(&t, NULL);
    dbg_set_stop_handler(t.dbg, on_stop, &t);
    DbgCond c;
    const char *err;
    int at;
    cr_assert(dbg_cond_parse("%x == 3", &c, &err, &at));
    dbg_break_op(t.dbg, "tfrt.add.i32", &c);
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(t.nstops, 0);
    cr_assert(dbg_cond_parse("%x == 2", &c, &err, &at));
    dbg_break_line(t.dbg, "p.mlir", 3, &c);
    cr_assert_eq(run_main(&t), 3);
    cr_assert_eq(t.nstops, 1);
    dbg_close(&t);
}

/* The hooks driven by hand: a frame whose async value never resolves
** keeps kernels waiting after the run, and :pending then shows the
** snapshot taken when the run ended. */
Test(dbg, pending_snapshot_after_a_stuck_run)
{
    Dbg t;
    dbg_open(&t, NULL);
    const DebugHooks *h = dbg_hooks(t.dbg);
    const Block *b = ir_module_func(t.m, "main")->body;
    const void *frame = &t;              /* any identity */
    AsyncValue *ch = av_ready_chain();
    AsyncValue *one = av_new_available(any_int(ANY_I32, 1));
    AsyncValue *never = av_new_unavailable();
    AsyncValue *res[3][1] = { { ch }, { one }, { never } };
    dbg_run_begin(t.dbg, NULL);
    h->frame_enter(h->ud, frame, b, NULL, 0);
    for (int k = 0; k < 3; k++) {        /* new.chain, constant, async_add */
        h->before_kernel(h->ud, NULL, frame, b->ops[k]);
        h->after_kernel(h->ud, frame, b->ops[k], res[k], 1);
    }
    /* print and call wait for %b; the return for %c. */
    cr_assert_eq(dbg_run_end(t.dbg), 3);
    char *buf = NULL; size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    dbg_print_pending(t.dbg, f);
    fclose(f);
    cr_assert_str_eq(buf,
        "tfrt.print.i32 at p.mlir:10:10 in @main waits for:\n"
        "    %b: unavailable (produced by tfrt_test.async_add.i32 at p.mlir:9:8, not resolved yet)\n"
        "tfrt.call at p.mlir:11:8 in @main waits for:\n"
        "    %b: unavailable (produced by tfrt_test.async_add.i32 at p.mlir:9:8, not resolved yet)\n"
        "tfrt.return at p.mlir:12:3 in @main waits for:\n"
        "    %c: not produced yet (its producer tfrt.call at p.mlir:11:8 has not run)\n");
    free(buf);
    /* A later frame_exit for the dropped record is harmless. */
    h->frame_exit(h->ud, frame);
    av_release(one);
    av_release(never);
    dbg_close(&t);
}

/* {=====================================================================
** The REPL on a pseudo-terminal
** ====================================================================== */

typedef struct Pty {
    int master;
    pid_t pid;
    char buf[1 << 16];
    size_t len, pos;       /* pos: where the next expect starts */
} Pty;

static void pty_start(Pty *p, const char *home)
{
    memset(p, 0, sizeof *p);
    p->master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert(p->master >= 0, "posix_openpt: %s", strerror(errno));
    cr_assert_eq(grantpt(p->master), 0);
    cr_assert_eq(unlockpt(p->master), 0);
    const char *slave = ptsname(p->master);
    cr_assert(slave);
    fflush(NULL);
    p->pid = fork();
    cr_assert(p->pid >= 0);
    if (p->pid == 0) {
        setsid();
        int s = open(slave, O_RDWR);
        if (s < 0) _exit(120);
        ioctl(s, TIOCSCTTY, 0);
        struct winsize ws = { 24, 200, 0, 0 };
        ioctl(s, TIOCSWINSZ, &ws);
        dup2(s, 0); dup2(s, 1); dup2(s, 2);
        if (s > 2) close(s);
        close(p->master);
        if (home) setenv("HOME", home, 1);
        else unsetenv("HOME");
        setenv("TERM", "xterm", 1);
        setenv("NO_COLOR", "1", 1);
        char *argv[] = { "repl", NULL };
        int st = cli_repl(1, argv);
        fflush(NULL);
        _exit(st);
    }
}

/* Reads until [want] appears after the last match, or [ms] pass. */
static bool pty_expect(Pty *p, const char *want, int ms)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        p->buf[p->len] = 0;
        char *at = strstr(p->buf + p->pos, want);
        if (at) {
            p->pos = (size_t)(at - p->buf) + strlen(want);
            return true;
        }
        struct timespec t1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        long spent = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
        if (spent >= ms || p->len + 1 >= sizeof p->buf) return false;
        struct pollfd pf = { p->master, POLLIN, 0 };
        if (poll(&pf, 1, (int)(ms - spent)) <= 0) continue;
        ssize_t n = read(p->master, p->buf + p->len, sizeof p->buf - 1 - p->len);
        if (n <= 0) return false;
        p->len += (size_t)n;
    }
}

static void pty_send(Pty *p, const char *s)
{
    size_t n = strlen(s);
    cr_assert_eq(write(p->master, s, n), (ssize_t)n);
}

/* Waits for the child; returns its exit status (-1 on a signal). */
static int pty_finish(Pty *p)
{
    int st = 0;
    for (int i = 0; i < 500; i++) {
        pid_t w = waitpid(p->pid, &st, WNOHANG);
        if (w == p->pid) break;
        char drain[4096];
        struct pollfd pf = { p->master, POLLIN, 0 };
        if (poll(&pf, 1, 10) > 0 && read(p->master, drain, sizeof drain) <= 0) usleep(10000);
    }
    close(p->master);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The received text so far, for failure messages. */
#define SEEN(p) ((p)->buf[(p)->len] = 0, (p)->buf)

TestSuite(pty, .timeout = 60.0);

/* libedit is opened when a session on a terminal starts (cli/repl_edit.c);
** when it cannot be, the session goes on with plain lines and the prompt. */
Test(pty, without_libedit_lines_are_read_plainly)
{
    setenv("TFRUN_LIBEDIT", "/nonexistent/libedit.so.2", 1);
    Pty p;
    pty_start(&p, NULL);
    cr_assert(pty_expect(&p, "/nonexistent/libedit.so.2 could not be opened", 5000), "no note: %s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "no prompt: %s", SEEN(&p));
    pty_send(&p, "%x = tfrt.constant.i32 5\r");
    cr_assert(pty_expect(&p, "%x = 5 : i32", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "no second prompt: %s", SEEN(&p));
    pty_send(&p, ":quit\r");
    cr_assert_eq(pty_finish(&p), 0);
}

Test(pty, prompt_completion_history)
{
    char home[] = "/tmp/tfrun_repl_home_XXXXXX";
    cr_assert(mkdtemp(home));
    Pty p;
    pty_start(&p, home);
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "no prompt: %s", SEEN(&p));

    pty_send(&p, "%x = tfrt.constant.i32 41\r");
    cr_assert(pty_expect(&p, "%x = 41 : i32", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));

    /* Tab completes the op name (tfrt.add.i3 -> tfrt.add.i32, the only
    ** op with that prefix), so the line runs. */
    pty_send(&p, "%y = tfrt.add.i3\t%x, %x\r");
    cr_assert(pty_expect(&p, "%y = 82 : i32", 5000), "completion failed: %s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));

    /* Commands complete after ':' and values after '%'. */
    pty_send(&p, ":pri\t%y\r");
    cr_assert(pty_expect(&p, "%y : i32 = 82 (available, refcount 1)", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));

    /* Values and @functions complete too. */
    pty_send(&p, "%longname = tfrt.constant.i32 7\r");
    cr_assert(pty_expect(&p, "%longname = 7 : i32", 5000), "%s", SEEN(&p));
    pty_send(&p, ":print %lon\t\r");
    cr_assert(pty_expect(&p, "%longname : i32 = 7 (available, refcount 1)", 5000), "%s", SEEN(&p));
    pty_send(&p, "func.func @answer() -> i32 {\r  %a = tfrt.constant.i32 42\r  tfrt.return %a : i32\r}\r");
    cr_assert(pty_expect(&p, "defined @answer", 5000), "%s", SEEN(&p));
    pty_send(&p, ":run @ans\t()\r");
    cr_assert(pty_expect(&p, "'answer' returned 42", 5000), "%s", SEEN(&p));
    pty_send(&p, ":print %y\r");
    cr_assert(pty_expect(&p, "%y : i32 = 82 (available, refcount 1)", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));

    /* Up arrow recalls the previous line; Enter runs it again. */
    pty_send(&p, "\x1b[A\r");
    cr_assert(pty_expect(&p, "%y : i32 = 82 (available, refcount 1)", 5000), "history recall: %s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));

    /* Multi-line input shows the continuation prompt. */
    pty_send(&p, "func.func @f() -> i32 {\r");
    cr_assert(pty_expect(&p, "   ...> ", 5000), "no continuation prompt: %s", SEEN(&p));
    pty_send(&p, "  tfrt.return %x : i32\r");
    pty_send(&p, "}\r");
    /* %x is not visible inside a function: a diagnostic, and the session goes on. */
    cr_assert(pty_expect(&p, "error:", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));

    /* While stopped, the prompt shows the op about to run. */
    pty_send(&p, ":break tfrt.add.i32\r");
    cr_assert(pty_expect(&p, "breakpoint 1: op tfrt.add.i32", 5000), "%s", SEEN(&p));
    pty_send(&p, "%z = tfrt.add.i32 %y, %x\r");
    cr_assert(pty_expect(&p, "[tfrt.add.i32 at <repl>:", 5000), "no stopped prompt: %s", SEEN(&p));
    cr_assert(pty_expect(&p, "] tfrun> ", 5000), "%s", SEEN(&p));
    pty_send(&p, ":c\r");
    cr_assert(pty_expect(&p, "%z = 123 : i32", 5000), "%s", SEEN(&p));

    pty_send(&p, ":quit\r");
    cr_assert_eq(pty_finish(&p), 0);

    /* History was saved in $HOME and comes back in a new session: the
    ** last line was :quit, so up arrow + Enter leaves at once. */
    char path[256];
    snprintf(path, sizeof path, "%s/.tfrun_history", home);
    FILE *h = fopen(path, "r");
    cr_assert(h, "no history file");
    char text[4096] = "";
    size_t n = fread(text, 1, sizeof text - 1, h);
    text[n] = 0;
    fclose(h);
    cr_assert(strstr(text, ":quit"), "%s", text);

    Pty q;
    pty_start(&q, home);
    cr_assert(pty_expect(&q, "tfrun> ", 5000), "%s", SEEN(&q));
    pty_send(&q, "\x1b[A\r");
    cr_assert_eq(pty_finish(&q), 0, "the recalled :quit should end the session");
    unlink(path);
    rmdir(home);
}

Test(pty, no_home_no_history_file)
{
    /* Without HOME the session works and keeps its history in memory. */
    Pty p;
    pty_start(&p, NULL);
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    pty_send(&p, "%x = tfrt.constant.i32 3\r");
    cr_assert(pty_expect(&p, "%x = 3 : i32", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    pty_send(&p, "\x1b[A\r");
    cr_assert(pty_expect(&p, "%x = 3 : i32", 5000), "in-memory history: %s", SEEN(&p));
    pty_send(&p, ":quit\r");
    cr_assert_eq(pty_finish(&p), 0);
}

Test(pty, ctrl_c_at_the_prompt_keeps_the_session)
{
    char home[] = "/tmp/tfrun_repl_home_XXXXXX";
    cr_assert(mkdtemp(home));
    Pty p;
    pty_start(&p, home);
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    /* Typed ahead of the prompt, Ctrl-C would reach the terminal before
    ** libedit turns its signal off (a SIGINT): give it time to get there. */
    usleep(300000);
    pty_send(&p, "%half = tfrt.const");
    pty_send(&p, "\x03");                 /* Ctrl-C abandons the line */
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    pty_send(&p, "%x = tfrt.constant.i32 5\r");
    cr_assert(pty_expect(&p, "%x = 5 : i32", 5000), "%s", SEEN(&p));
    pty_send(&p, "\x04");                 /* Ctrl-D: end of input */
    cr_assert_eq(pty_finish(&p), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/.tfrun_history", home);
    unlink(path);
    rmdir(home);
}

/* A loop whose every iteration waits 1-10 ms for an async copy: 100 000
** iterations would take minutes. */
static void define_count(Pty *p)
{
    pty_send(p, "func.func @count(%n: i32) -> i32 {\r"
                "  %z = tfrt.constant.i32 0\r"
                "  %r = tfrt.repeat.i32 %n, %z : i32 {\r"
                "    %one = tfrt.constant.i32 1\r"
                "    %s = tfrt.add.i32 %z, %one\r"
                "    %d = \"tfrt_test.async_copy.with_delay.i32\"(%s) : (i32) -> i32\r"
                "    tfrt.return %d : i32\r"
                "  }\r"
                "  tfrt.return %r : i32\r"
                "}\r");
    cr_assert(pty_expect(p, "defined @count", 5000), "%s", SEEN(p));
    cr_assert(pty_expect(p, "tfrun> ", 5000), "%s", SEEN(p));
}

Test(pty, ctrl_c_stops_a_run_where_it_is)
{
    char home[] = "/tmp/tfrun_repl_home_XXXXXX";
    cr_assert(mkdtemp(home));
    Pty p;
    pty_start(&p, home);
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    define_count(&p);
    pty_send(&p, ":run @count(100000)\r");
    usleep(500000);
    pty_send(&p, "\x03");
    /* Ctrl-C stops before the next kernel, in the loop's body, as a
    ** breakpoint would: the prompt shows the op it stopped at. */
    cr_assert(pty_expect(&p, "stopped by Ctrl-C: ", 10000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "in region of tfrt.repeat.i32(%z = ", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, ") in @count, depth 2", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "] tfrun> ", 5000), "no stopped prompt: %s", SEEN(&p));
    /* The prompt names the op: one of the body's kernels, at its place. */
    const char *pr = strrchr(SEEN(&p), '[');
    cr_assert(pr && (!strncmp(pr, "[tfrt.constant.i32 at <repl>:4:", 31) ||
                     !strncmp(pr, "[tfrt.add.i32 at <repl>:5:", 26) ||
                     !strncmp(pr, "[tfrt_test.async_copy.with_delay.i32 at <repl>:6:", 50)),
              "prompt: %s", pr ? pr : "(none)");
    pty_send(&p, ":bt\r");
    cr_assert(pty_expect(&p, "#1 tfrt.repeat.i32 at <repl>:3:8 in @count(%n = 100000)", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "] tfrun> ", 5000), "%s", SEEN(&p));
    /* It runs on from there; Ctrl-C stops it again. */
    pty_send(&p, ":c\r");
    usleep(300000);
    pty_send(&p, "\x03");
    cr_assert(pty_expect(&p, "stopped by Ctrl-C: ", 10000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "] tfrun> ", 5000), "%s", SEEN(&p));
    /* :kill cancels it: the loop stops with the cancellation error. */
    pty_send(&p, ":kill\r");
    cr_assert(pty_expect(&p, "run cancelled: its remaining kernels are skipped", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "'count' returned <<error: Cancelled>>", 10000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "\ntfrun> ", 5000), "%s", SEEN(&p));
    pty_send(&p, ":run @count(2)\r");
    cr_assert(pty_expect(&p, "'count' returned 2", 5000), "the next run starts uncancelled: %s", SEEN(&p));
    pty_send(&p, ":quit\r");
    cr_assert_eq(pty_finish(&p), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/.tfrun_history", home);
    unlink(path);
    rmdir(home);
}

Test(pty, second_ctrl_c_cancels_the_run)
{
    char home[] = "/tmp/tfrun_repl_home_XXXXXX";
    cr_assert(mkdtemp(home));
    Pty p;
    pty_start(&p, home);
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    /* A blocking sleep of 3 s on another thread: no kernel runs meanwhile,
    ** so a first Ctrl-C cannot stop the run before it ends. */
    pty_send(&p, "func.func @nap() -> i32 {\r"
                 "  %us = tfrt.constant.i32 3000000\r"
                 "  %ch = \"tfrt_test.blocking.usleep\"(%us) : (i32) -> !tfrt.chain\r"
                 "  %x = tfrt.constant.i32 1\r"
                 "  %ch2 = tfrt.print.i32 %x, %ch\r"
                 "  tfrt.return %x : i32\r"
                 "}\r");
    cr_assert(pty_expect(&p, "defined @nap", 5000), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    pty_send(&p, ":run @nap()\r");
    cr_assert(pty_expect(&p, "'nap' returned 1", 5000), "%s", SEEN(&p));
    usleep(300000);
    pty_send(&p, "\x03");
    usleep(300000);
    pty_send(&p, "\x03");
    /* The second one cancels it: the print after the sleep is skipped.
    ** (Whether the first run is still sleeping then, or has ended and is
    ** running again to stop where it was, the line ends so.) */
    cr_assert(pty_expect(&p, "run cancelled\r\n", 10000), "%s", SEEN(&p));
    cr_assert(strstr(SEEN(&p), "interrupted: "), "%s", SEEN(&p));
    cr_assert(pty_expect(&p, "tfrun> ", 5000), "%s", SEEN(&p));
    cr_assert(!strstr(SEEN(&p), "stopped by Ctrl-C"), "%s", SEEN(&p));
    cr_assert(!strstr(SEEN(&p), "int32 = 1"), "the print ran: %s", SEEN(&p));
    pty_send(&p, ":quit\r");
    cr_assert_eq(pty_finish(&p), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/.tfrun_history", home);
    unlink(path);
    rmdir(home);
}

/* }===================================================================== */
