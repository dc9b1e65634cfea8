// Calls in the compiled engine (docs/engine.md): frames on an explicit
// stack (a 20 000-deep recursion needs no C stack), tfrt.cond and tfrt.case
// as jumps to calls, and the edges with the dataflow engine: a compiled
// function called with an operand that is not available yet, and a body
// that cannot be compiled (it has an async kernel) calling one that can.
// ARGS: --schedule=fast

func.func @depth(%n: i32) -> i32 {
  %z = tfrt.constant.i32 0
  %done = tfrt.equal.i32 %n, %z
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    tfrt.return %n : i32
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %s = tfrt.call @depth(%m) : (i32) -> i32
    %t = tfrt.add.i32 %s, %one
    tfrt.return %t : i32
  }
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'deep':
// CHECK-NEXT: 'deep' returned 20000
func.func @deep() -> i32 {
  %n = tfrt.constant.i32 20000
  %r = tfrt.call @depth(%n) : (i32) -> i32
  tfrt.return %r : i32
}

// Mutual recursion: even(n) = n == 0 or odd(n - 1).
func.func @even(%n: i32) -> i1 {
  %z = tfrt.constant.i32 0
  %t = tfrt.constant.i1 1
  %done = tfrt.equal.i32 %n, %z
  %r = tfrt.if %done, %n, %t : (i32, i1) -> (i1) {
    tfrt.return %t : i1
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %o = tfrt.call @odd(%m) : (i32) -> i1
    tfrt.return %o : i1
  }
  tfrt.return %r : i1
}
func.func @odd(%n: i32) -> i1 {
  %z = tfrt.constant.i32 0
  %f = tfrt.constant.i1 0
  %done = tfrt.equal.i32 %n, %z
  %r = tfrt.if %done, %n, %f : (i32, i1) -> (i1) {
    tfrt.return %f : i1
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %e = tfrt.call @even(%m) : (i32) -> i1
    tfrt.return %e : i1
  }
  tfrt.return %r : i1
}

// CHECK-LABEL: --- Running 'parity':
// CHECK-NEXT: 'parity' returned 1,0
func.func @parity() -> (i1, i1) {
  %a = tfrt.constant.i32 1000
  %b = tfrt.constant.i32 777
  %x = tfrt.call @even(%a) : (i32) -> i1
  %y = tfrt.call @even(%b) : (i32) -> i1
  tfrt.return %x, %y : i1, i1
}

func.func @same(%x: i32) -> i32 {
  tfrt.return %x : i32
}
func.func @twice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
func.func @thrice(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  %z = tfrt.add.i32 %y, %x
  tfrt.return %z : i32
}

// A case index out of range selects the last branch (docs/kernel-behaviour.md §3).
// CHECK-LABEL: --- Running 'branches':
// CHECK-NEXT: 'branches' returned 7,14,21,21,21,7,14
func.func @branches() -> (i32, i32, i32, i32, i32, i32, i32) {
  %x = tfrt.constant.i32 7
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %i2 = tfrt.constant.i32 2
  %i9 = tfrt.constant.i32 9
  %im = tfrt.constant.i32 -1
  %a = tfrt.case %i0 [@same, @twice, @thrice] (%x) : (i32) -> (i32)
  %b = tfrt.case %i1 [@same, @twice, @thrice] (%x) : (i32) -> (i32)
  %c = tfrt.case %i2 [@same, @twice, @thrice] (%x) : (i32) -> (i32)
  %d = tfrt.case %i9 [@same, @twice, @thrice] (%x) : (i32) -> (i32)
  %e = tfrt.case %im [@same, @twice, @thrice] (%x) : (i32) -> (i32)
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %g = tfrt.cond %t @same @twice (%x) : (i32) -> (i32)
  %h = tfrt.cond %f @same @twice (%x) : (i32) -> (i32)
  tfrt.return %a, %b, %c, %d, %e, %g, %h : i32, i32, i32, i32, i32, i32, i32
}

// An error selector: every result is that error, no branch runs.
// CHECK-LABEL: --- Running 'error_selector':
// CHECK-NEXT: 'error_selector' returned <<error: Divide by zero>>,<<error: Divide by zero>>
func.func @error_selector() -> (i32, i32) {
  %x = tfrt.constant.i32 7
  %z = tfrt.constant.i32 0
  // expected-error @+1 {{Divide by zero}}
  %q, %r = tfrt.div.i32 %x, %z
  %a = tfrt.case %q [@same, @twice] (%x) : (i32) -> (i32)
  %c = tfrt.equal.i32 %q, %x
  %b = tfrt.cond %c @same @twice (%x) : (i32) -> (i32)
  tfrt.return %a, %b : i32, i32
}

// Non-strict calls run with error operands: @same returns the error, and
// @twice's add propagates it; the error's message is the first kernel's.
// CHECK-LABEL: --- Running 'error_argument':
// CHECK-NEXT: 'error_argument' returned <<error: Divide by zero>>,<<error: Divide by zero>>
func.func @error_argument() -> (i32, i32) {
  %x = tfrt.constant.i32 7
  %z = tfrt.constant.i32 0
  // expected-error @+1 {{Divide by zero}}
  %q, %r = tfrt.div.i32 %x, %z
  %a = tfrt.call @same(%q) : (i32) -> i32
  %b = tfrt.call @twice(%q) : (i32) -> i32
  tfrt.return %a, %b : i32, i32
}

// This body has an async kernel, so it runs on the dataflow engine; its
// call of @thrice gets an operand that is not available yet, so @thrice
// runs on the dataflow engine too, when the value arrives. Its second call
// has an available operand and runs compiled. 3 * 42 = 126.
// CHECK-LABEL: --- Running 'async_operand':
// CHECK-NEXT: 'async_operand' returned 126,126
func.func @async_operand() -> (i32, i32) {
  %a = tfrt.constant.i32 42
  %b = "tfrt_test.async_copy.i32"(%a) : (i32) -> i32
  %x = tfrt.call @thrice(%b) : (i32) -> i32
  %y = tfrt.call @thrice(%a) : (i32) -> i32
  tfrt.return %x, %y : i32, i32
}

// A small callee without calls is compiled inline at each call site; its
// results may be its arguments, swapped, or constants.
func.func @swap2(%a: i32, %b: i32) -> (i32, i32, i32) {
  %k = tfrt.constant.i32 100
  tfrt.return %b, %a, %k : i32, i32, i32
}
// CHECK-LABEL: --- Running 'inline_swap':
// CHECK-NEXT: 'inline_swap' returned 2,1,100,1,2
func.func @inline_swap() -> (i32, i32, i32, i32, i32) {
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  %x:3 = tfrt.call @swap2(%a, %b) : (i32, i32) -> (i32, i32, i32)
  %y:3 = tfrt.call @swap2(%x#0, %x#1) : (i32, i32) -> (i32, i32, i32)
  tfrt.return %x#0, %x#1, %x#2, %y#0, %y#1 : i32, i32, i32, i32, i32
}
