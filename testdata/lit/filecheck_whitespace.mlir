// RUN: bef_executor %s | FileCheck %s --match-full-lines
// RUN: bef_executor %s | not FileCheck %s --match-full-lines --check-prefix=PART 2>&1 | FileCheck %s --check-prefix=PARTERR
// RUN: bef_executor %s | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=STRICT
// RUN: printf 'a  b\tc\n' | FileCheck %s --strict-whitespace --check-prefix=BLANKS
// RUN: printf 'a  b\tc\n' | not FileCheck %s --strict-whitespace --check-prefix=ONEBLANK
// RUN: printf 'a  b\tc\n' | FileCheck %s --check-prefix=ONEBLANK
// --match-full-lines: each positive directive matches a whole output line
// (blanks around it allowed); --strict-whitespace: blanks are not folded,
// and with both, the blank after the colon is part of the pattern.

// CHECK: --- Running 'f':
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: 'f' returned !tfrt.chain value

// PART: int32 = 7
// PART: returned
// PARTERR: error: {{PART}}: expected string not found in input
// PARTERR: check:{{[0-9]+}}'0 X error: no match found

// STRICT:--- Running 'f':
// STRICT-NEXT:int32 = 7

// BLANKS: a  b	c
// ONEBLANK: a b c
func.func @f() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %c = tfrt.add.i32 %a, %b
  %ch1 = tfrt.print.i32 %c, %ch
  tfrt.return %ch1 : !tfrt.chain
}
