/*
** cli.h — the subcommands of bin/tfrun. Each takes the arguments after the
** subcommand name (argv[0] is the subcommand) and returns the exit status
** (spec/tfrun.md §1.5: 0 ok, 1 failure, 2 usage error).
**
** Module prefix: cli_.
*/
#ifndef TFRUN_CLI_H
#define TFRUN_CLI_H

int cli_run(int argc, char **argv);    /* cli/run.c  — tfrun [run] */
int cli_opt(int argc, char **argv);    /* cli/opt.c  — tfrun opt */
int cli_test(int argc, char **argv);   /* cli/test.c — tfrun test */
int cli_repl(int argc, char **argv);   /* cli/repl.c — tfrun repl */

#define TFRUN_VERSION "0.1.0"

#endif
