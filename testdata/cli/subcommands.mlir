// RUN: not tfrun lnt %s 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not tfrun explor %s 2>&1 | FileCheck %s --check-prefix=TYPO2
// RUN: not tfrun nothing_like_it 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: tfrun lnt %s 2>/dev/null; test $? -eq 2
// RUN: tfrun --help | FileCheck %s --check-prefix=HELP
// RUN: tfrun %s | FileCheck %s --check-prefix=EXEC
// The first word picks the subcommand (docs/tools.md §1). A word that is
// neither a subcommand nor a file, and has no '.' or '/' as files do, is a
// usage error (exit status 2) naming the nearest subcommand, not `run` with
// two input files. A file name still means `run`.
// TYPO: tfrun: unknown subcommand 'lnt'; did you mean 'lint'?
// TYPO2: tfrun: unknown subcommand 'explor'; did you mean 'explore'?
// NONE: tfrun: 'nothing_like_it' is neither a subcommand nor a file
// --help lists every subcommand, one usage each; lit's FileCheck spelling
// is not listed.
// HELP: usage: tfrun [run]
// HELP-NEXT: tfrun opt
// HELP-NEXT: tfrun test
// HELP-NEXT: tfrun repl
// HELP-NEXT: tfrun lint
// HELP-NEXT: tfrun explore
// HELP-NEXT: [--json]
// HELP-NEXT: tfrun graph
// HELP-NEXT: tfrun ops
// HELP-NEXT: tfrun filecheck
// HELP-NEXT: tfrun btf
// HELP-NEXT: tfrun --help | --version
// HELP-NOT: FileCheck
// EXEC: --- Running 'main':
// EXEC-NEXT: 'main' returned 1
func.func @main() -> i32 {
  %one = tfrt.constant.i32 1
  tfrt.return %one : i32
}
