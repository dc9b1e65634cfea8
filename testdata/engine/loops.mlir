// The compiled engine's loops (docs/engine.md): tfrt.repeat.i32 and
// tfrt.while compiled inline or as calls, loop-carried values that swap,
// stay invariant or hold objects, and the kernel's own answers for a zero,
// negative or erroneous trip count. Each function is determinate, so the
// exact schedule prints the same (tests/engine_agree.sh checks that).
// ARGS: --schedule=fast

// (a, b, c) -> (b, a + c, c) five times from (1, 2, 10):
// (2,11,10) (11,12,10) (12,21,10) (21,22,10) (22,31,10).
// CHECK-LABEL: --- Running 'swap':
// CHECK-NEXT: 'swap' returned 22,31,10
func.func @swap() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 5
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  %c = tfrt.constant.i32 10
  %r:3 = tfrt.repeat.i32 %n, %a, %b, %c : i32, i32, i32 {
    %s = tfrt.add.i32 %a, %c
    tfrt.return %b, %s, %c : i32, i32, i32
  }
  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32
}

// A rotation of three values: a cycle the back edge breaks with a
// temporary. Seven rotations of (1, 2, 3) = one rotation: (2, 3, 1).
// CHECK-LABEL: --- Running 'rotate':
// CHECK-NEXT: 'rotate' returned 2,3,1
func.func @rotate() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 7
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 2
  %c = tfrt.constant.i32 3
  %r:3 = tfrt.repeat.i32 %n, %a, %b, %c : i32, i32, i32 {
    tfrt.return %b, %c, %a : i32, i32, i32
  }
  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32
}

// No iteration: the results are the operands themselves.
// CHECK-LABEL: --- Running 'zero_trip':
// CHECK-NEXT: 'zero_trip' returned 7,8
func.func @zero_trip() -> (i32, i32) {
  %n = tfrt.constant.i32 0
  %a = tfrt.constant.i32 7
  %b = tfrt.constant.i32 8
  %r:2 = tfrt.repeat.i32 %n, %a, %b : i32, i32 {
    tfrt.return %b, %a : i32, i32
  }
  tfrt.return %r#0, %r#1 : i32, i32
}

// CHECK-LABEL: --- Running 'negative':
// CHECK-NEXT: 'negative' returned <<error: tfrt.repeat.i32: negative trip count -3>>
func.func @negative() -> i32 {
  %n = tfrt.constant.i32 -3
  %a = tfrt.constant.i32 7
  // expected-error @+1 {{tfrt.repeat.i32: negative trip count -3}}
  %r = tfrt.repeat.i32 %n, %a : i32 {
    tfrt.return %a : i32
  }
  tfrt.return %r : i32
}

// A trip count that is an error makes every result that error.
// CHECK-LABEL: --- Running 'error_count':
// CHECK-NEXT: 'error_count' returned <<error: Divide by zero>>,<<error: Divide by zero>>
func.func @error_count() -> (i32, i32) {
  %one = tfrt.constant.i32 1
  %zero = tfrt.constant.i32 0
  // expected-error @+1 {{Divide by zero}}
  %n, %m = tfrt.div.i32 %one, %zero
  %r:2 = tfrt.repeat.i32 %n, %one, %zero : i32, i32 {
    tfrt.return %one, %zero : i32, i32
  }
  tfrt.return %r#0, %r#1 : i32, i32
}

// Strings are objects: every iteration makes a new one and drops the old
// (the leak check at exit would fail otherwise). 10 * 2^3 = 80 bytes.
// CHECK-LABEL: --- Running 'strings':
// CHECK-NEXT: 'strings' returned !tfrt.string value,80
func.func @strings() -> (!tfrt.string, i64) {
  %n = tfrt.constant.i32 3
  %s = "tfrt_test.get_string"() {value = "abcdefghij"} : () -> !tfrt.string
  %r = tfrt.repeat.i32 %n, %s : !tfrt.string {
    %t = "str.concat"(%s, %s) : (!tfrt.string, !tfrt.string) -> !tfrt.string
    tfrt.return %t : !tfrt.string
  }
  %len = "str.len"(%r) : (!tfrt.string) -> i64
  tfrt.return %r, %len : !tfrt.string, i64
}

// Nested loops with an if inside: over i, j in 0..9, the count of i == j
// (10) and of all pairs (100). The inner loop carries i unchanged.
// CHECK-LABEL: --- Running 'nested':
// CHECK-NEXT: 'nested' returned 10,100
func.func @nested() -> (i32, i32) {
  %ten = tfrt.constant.i32 10
  %i = tfrt.constant.i32 0
  %diag = tfrt.constant.i32 0
  %count = tfrt.constant.i32 0
  %r:3 = tfrt.repeat.i32 %ten, %i, %diag, %count : i32, i32, i32 {
    %n = tfrt.constant.i32 10
    %j = tfrt.constant.i32 0
    %in:4 = tfrt.repeat.i32 %n, %j, %i, %diag, %count : i32, i32, i32, i32 {
      %one = tfrt.constant.i32 1
      %z = tfrt.constant.i32 0
      %same = tfrt.equal.i32 %i, %j
      %inc = tfrt.if %same, %one, %z : (i32, i32) -> (i32) {
        tfrt.return %one : i32
      } else {
        tfrt.return %z : i32
      }
      %j2 = tfrt.add.i32 %j, %one
      %d2 = tfrt.add.i32 %diag, %inc
      %c2 = tfrt.add.i32 %count, %one
      tfrt.return %j2, %i, %d2, %c2 : i32, i32, i32, i32
    }
    %one = tfrt.constant.i32 1
    %i2 = tfrt.add.i32 %i, %one
    tfrt.return %i2, %in#2, %in#3 : i32, i32, i32
  }
  tfrt.return %r#1, %r#2 : i32, i32
}

// tfrt.while over a body function: sum 10 + 9 + ... + 1 = 55; the body
// says to stop once i reaches 0.
// CHECK-LABEL: --- Running 'while_sum':
// CHECK-NEXT: 'while_sum' returned 0,55
func.func @while_body(%i: i64, %acc: i64) -> (i64, i64, i1) {
  %one = tfrt.constant.i64 1
  %i2 = "tfrt.minus.i64"(%i, %one) : (i64, i64) -> i64
  %acc2 = tfrt.add.i64 %acc, %i
  %zero = tfrt.constant.i64 0
  %done = tfrt.equal.i64 %i2, %zero
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %more = tfrt.if %done, %t, %f : (i1, i1) -> (i1) {
    tfrt.return %f : i1
  } else {
    tfrt.return %t : i1
  }
  tfrt.return %i2, %acc2, %more : i64, i64, i1
}
func.func @while_sum() -> (i64, i64) {
  %i = tfrt.constant.i64 10
  %acc = tfrt.constant.i64 0
  %go = tfrt.constant.i1 1
  %r:2 = tfrt.while %go @while_body(%i, %acc) parallel_iterations(1) : (i64, i64) -> (i64, i64)
  tfrt.return %r#0, %r#1 : i64, i64
}

// A condition that becomes an error ends the loop with that error as
// every result: the body divides by i - 1, which is 0 on the third pass (i = 3, 2, 1).
// CHECK-LABEL: --- Running 'while_error':
// CHECK-NEXT: 'while_error' returned <<error: Divide by zero>>
func.func @div_body(%i: i32) -> (i32, i1) {
  %one = tfrt.constant.i32 1
  %d = "tfrt.minus.i32"(%i, %one) : (i32, i32) -> i32
  // expected-error @+1 {{Divide by zero}}
  %q, %r = tfrt.div.i32 %one, %d
  %more = tfrt.equal.i32 %q, %q
  tfrt.return %d, %more : i32, i1
}
func.func @while_error() -> i32 {
  %i = tfrt.constant.i32 3
  %go = tfrt.constant.i1 1
  %r = tfrt.while %go @div_body(%i) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

// A while body (small, no calls: compiled inline) that swaps its carried
// values and counts down: (a, b, n) -> (b, a + b, n - 1) while n > 1, from
// (0, 1, 10): the Fibonacci pair after 9 steps is (34, 55).
// CHECK-LABEL: --- Running 'while_swap':
// CHECK-NEXT: 'while_swap' returned 34,55,1
func.func @fib_step(%a: i32, %b: i32, %n: i32) -> (i32, i32, i32, i1) {
  %one = tfrt.constant.i32 1
  %s = tfrt.add.i32 %a, %b
  %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
  %stop = "tfrt.lessequal.i32"(%m, %one) : (i32, i32) -> i1
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %more = tfrt.if %stop, %t, %f : (i1, i1) -> (i1) {
    tfrt.return %f : i1
  } else {
    tfrt.return %t : i1
  }
  tfrt.return %b, %s, %m, %more : i32, i32, i32, i1
}
func.func @while_swap() -> (i32, i32, i32) {
  %a = tfrt.constant.i32 0
  %b = tfrt.constant.i32 1
  %n = tfrt.constant.i32 10
  %go = tfrt.constant.i1 1
  %r:3 = tfrt.while %go @fib_step(%a, %b, %n) parallel_iterations(1) : (i32, i32, i32) -> (i32, i32, i32)
  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32
}
