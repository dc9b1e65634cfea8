// RUN: bef_executor %s | not FileCheck %s --check-prefix=WRONG 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: bef_executor %s | not FileCheck %s --check-prefix=WRONG --dump-input=never 2>&1 | FileCheck %s --check-prefix=NODUMP
// RUN: bef_executor %s | FileCheck %s --check-prefix=GOOD --dump-input=always -v 2>&1 >/dev/null | FileCheck %s --check-prefix=ALWAYS
// RUN: FileCheck --dump-input=help | FileCheck %s --check-prefix=HELP
// A failing FileCheck shows the input with its matches marked, as
// FileCheck-14 does by default (--dump-input=fail): each line numbered, the
// directive that failed (its type and check-file line), X and ~ under where
// it searched. --dump-input=never leaves it out; =always with -v shows the
// good matches (^) too; =help explains the marks.

// WRONG: --- Running 'f'
// WRONG-NEXT: int32 = 8

// DUMP: Input file: <stdin>
// DUMP-NEXT: Check file: {{.*}}filecheck_dump_input.mlir
// DUMP-EMPTY:
// DUMP-NEXT: -dump-input=help explains the following input dump.
// DUMP-EMPTY:
// DUMP-NEXT: Input was:
// DUMP-NEXT: <<<<<<
// DUMP-NEXT: 1: --- Running 'f':
// DUMP-NEXT: next:12'0 X~ error: no match found
// DUMP-NEXT: 2: int32 = 7
// DUMP-NEXT: next:12'0 ~~~~~~~~~~
// DUMP-NEXT: next:12'1 ? possible intended match
// DUMP-NEXT: 3: 'f' returned !tfrt.chain value
// DUMP-NEXT: next:12'0 ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// DUMP-NEXT: >>>>>>

// NODUMP: error: {{WRONG}}-NEXT: expected string not found in input
// NODUMP-NOT: Input was:

// GOOD: int32 = 7
// ALWAYS: Input was:
// ALWAYS: 2: int32 = 7
// ALWAYS-NEXT: check:{{[0-9]+}} ^~~~~~~~~{{$}}
// ALWAYS-NEXT: 3: 'f' returned

// HELP: The following description was requested by -dump-input=help to
// HELP: - !~~ marks bad match, such as:
func.func @f() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %c = tfrt.add.i32 %a, %b
  %ch1 = tfrt.print.i32 %c, %ch
  tfrt.return %ch1 : !tfrt.chain
}
