// RUN: bef_executor %s | FileCheck %s -DVALUE=7 -DFUNC=f
// RUN: bef_executor %s | not FileCheck %s -DVALUE=8 -DFUNC=f 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: not FileCheck %s -D1X=3 < /dev/null 2>&1 | FileCheck %s --check-prefix=BADNAME
// RUN: not FileCheck %s -DX < /dev/null 2>&1 | FileCheck %s --check-prefix=NOEQUAL
// -DNAME=VALUE defines [[NAME]] for the directives, its value matched as it
// is written; names are checked as FileCheck-14 checks them.

// CHECK: --- Running '[[FUNC]]':
// CHECK-NEXT: int32 = [[VALUE]]

// WRONG: error: {{CHECK}}-NEXT: expected string not found in input
// WRONG: note: with "VALUE" equal to "8"
// WRONG: Input was:
// WRONG: next:{{[0-9]+}}'0 X error: no match found
// WRONG-NEXT: next:{{[0-9]+}}'1 with "VALUE" equal to "8"

// BADNAME: Global defines:1:19: error: invalid variable name
// BADNAME-NEXT: Global define #1: 1X=3
// BADNAME-NEXT: {{^}}                  ^{{$}}

// NOEQUAL: Missing equal sign in command-line definition '-DX'
func.func @f() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %c = tfrt.add.i32 %a, %b
  %ch1 = tfrt.print.i32 %c, %ch
  tfrt.return %ch1 : !tfrt.chain
}
