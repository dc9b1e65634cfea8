/*
** fuzz_repl.c — `tfrun repl` as a fuzz target: the input is the session's
** standard input, read by the REPL in-process (cli_repl) with its output
** to /dev/null. Lines that would read files (:load, :reload) are blanked
** (:list reads only the session's own sources), and the file a
** `:run --trace=FILE` would write is /dev/null, whatever the input named. A run has a time budget: a
** timer sends SIGINT every FUZZ_REPL_MS, which the REPL takes as Ctrl-C:
** the first stops the run (the session reads its next commands, and end
** of input cancels it), a second cancels it; the call depth is limited.
** Run libFuzzer with -handle_int=0 (make fuzz does): SIGINT is the
** REPL's here.
*/
#include <signal.h>
#include <time.h>
#include "cli/cli.h"
#include "fuzz/fuzz.h"

#define FUZZ_REPL_MS 200

static timer_t timer;

static void ignore(int sig) { (void)sig; }

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* Outside the REPL (which installs its own handler) SIGINT does nothing. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = ignore;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGINT;
    if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0) abort();
    if (!freopen("/dev/null", "w", stdout)) abort();
    return 0;
}

static void arm(long ms)
{
    struct itimerspec it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = ms / 1000;
    it.it_value.tv_nsec = (ms % 1000) * 1000000L;
    /* Again every interval, in case the first lands between two runs. */
    it.it_interval = it.it_value;
    timer_settime(timer, 0, &it, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    /* Blank file-reading commands: `:lo...`, `:rel...` (unique prefixes). */
    for (char *p = text; p < text + size; p++) {
        if (p != text && p[-1] != '\n') continue;
        char *q = p;
        while (q < text + size && (*q == ' ' || *q == '\t')) q++;
        if (q + 2 < text + size && q[0] == ':' &&
            (!strncmp(q + 1, "lo", 2) || (q + 3 < text + size && !strncmp(q + 1, "rel", 3))))
            *q = '#';
    }
    /* `--trace=ANY` -> `--trace=/dev/null `: the trace is still made and
    ** written, never to a file of the tree. */
    static const char opt[] = "--trace=", dst[] = "/dev/null ";
    size_t cap = size + 1, n = 0;
    for (size_t i = 0; i + sizeof opt - 1 <= size; i++)
        if (!memcmp(text + i, opt, sizeof opt - 1)) cap += sizeof dst;
    char *safe = malloc(cap);
    if (!safe) abort();
    for (size_t i = 0; i < size;) {
        if (size - i >= sizeof opt - 1 && !memcmp(text + i, opt, sizeof opt - 1)) {
            memcpy(safe + n, opt, sizeof opt - 1);
            n += sizeof opt - 1;
            memcpy(safe + n, dst, sizeof dst - 1);
            n += sizeof dst - 1;
            i += sizeof opt - 1;
            while (i < size && text[i] != ' ' && text[i] != '\t' && text[i] != '\n') i++;
        } else {
            safe[n++] = text[i++];
        }
    }
    free(text);
    const char *f = fuzz_file((const uint8_t *)safe, n, "repl");
    free(safe);
    if (!freopen(f, "r", stdin)) abort();
    char *argv[] = { "repl", "--max-call-depth=2000", NULL };
    arm(FUZZ_REPL_MS);
    cli_repl(2, argv);
    arm(0);
    return 0;
}
