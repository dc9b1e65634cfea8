// RUN: bef_executor %s | FileCheck %s --implicit-check-not=int32 --implicit-check-not='returned 0'
// RUN: bef_executor %s | not FileCheck %s --check-prefix=PASSOVER --implicit-check-not=int32 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: echo 'all quiet' | FileCheck /dev/null --implicit-check-not=error
// RUN: echo 'an error' | not FileCheck /dev/null --implicit-check-not=error
// --implicit-check-not=PATTERN (FileCheck-14's): PATTERN may not occur
// anywhere the directives do not match, before the first, between any two
// or after the last. Here the one print of an int32 is the one CHECK-NEXT
// matches; PASSOVER's directives pass over it, so the implicit pattern finds
// it. With the default prefix and no directive at all (/dev/null),
// implicit patterns alone check something.

// CHECK-LABEL: --- Running 'f'
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: 'f' returned !tfrt.chain value

// PASSOVER: --- Running 'f'
// PASSOVER: 'f' returned

// The message names the option; the dump labels the pattern not:imp1.
// ERR: command line:1:22: error: {{PASSOVER}}-NOT: excluded string found in input
// ERR-NEXT: -implicit-check-not='int32'
// ERR: <stdin>:2:1: note: found here
// ERR-NEXT: int32 = 7
// ERR-NEXT: {{^}}^~~~~{{$}}
// ERR: Input was:
// ERR-NEXT: <<<<<<
// ERR-NEXT: 1: --- Running 'f':
// ERR-NEXT: 2: int32 = 7
// ERR-NEXT: not:imp1 !~~~~ error: no match expected
// ERR-NEXT: 3: 'f' returned !tfrt.chain value
// ERR-NEXT: >>>>>>
func.func @f() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %c = tfrt.add.i32 %a, %b
  %ch1 = tfrt.print.i32 %c, %ch
  tfrt.return %ch1 : !tfrt.chain
}
