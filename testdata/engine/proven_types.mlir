// Types the compiled engine proves (interp/vm_compile.c, use_proven_types):
// a register that only ever holds one type while the engine runs its fast
// table lets the instructions that update it in place skip their type tests
// (ADDK_I32_IN, MULK_F64_IN, TREMK_I32_P, ...). These are the cases where a
// proof too generous would read an error as a number: a loop whose count or
// initial value is a function's argument (an error there), an operand that
// becomes an error in the middle of a loop, a cancellation inside such a
// loop; and the in-place forms' own arithmetic (wrapping, the sign of an i32
// payload). Each value was worked out by hand; each function is
// determinate, so the exact schedule prints the same (tests/engine_agree.sh).
// ARGS: --schedule=fast
// (several functions return errors: the exit status is 1)
// EXIT: 1

// i32 and i64 counters wrap, proven in place: 2147483646 + 1 + 1 is
// -2147483648 (and equal to that constant: the payload is sign-extended),
// 9223372036854775806 + 1 + 1 is -9223372036854775808; a product in place
// with a proven register operand: 1.5 * 2 * 2 = 6.
// CHECK-LABEL: --- Running 'wrap':
// CHECK-NEXT: 'wrap' returned -2147483648,1,-9223372036854775808,6.000000e+00
func.func @wrap() -> (i32, i32, i64, f64) {
  %n = tfrt.constant.i32 2
  %i = tfrt.constant.i32 2147483646
  %j = tfrt.constant.i64 9223372036854775806
  %f = tfrt.constant.f64 1.5
  %two = tfrt.constant.f64 2.0
  %r:4 = tfrt.repeat.i32 %n, %i, %j, %f, %two : i32, i64, f64, f64 {
    %one = tfrt.constant.i32 1
    %i1 = tfrt.add.i32 %i, %one
    %one64 = tfrt.constant.i64 1
    %j1 = tfrt.add.i64 %j, %one64
    // %two changes (by nothing), so the product reads it as a register.
    %zero = tfrt.constant.f64 0.0
    %two1 = tfrt.add.f64 %two, %zero
    %f1 = "tfrt.multiply.f64"(%f, %two1) : (f64, f64) -> f64
    tfrt.return %i1, %j1, %f1, %two1 : i32, i64, f64, f64
  }
  %min = tfrt.constant.i32 -2147483648
  %is = tfrt.equal.i32 %r#0, %min
  %b = tfrt.if %is : () -> (i32) {
    %v = tfrt.constant.i32 1
    tfrt.return %v : i32
  } else {
    %v = tfrt.constant.i32 0
    tfrt.return %v : i32
  }
  tfrt.return %r#0, %b, %r#1, %r#2 : i32, i32, i64, f64
}

// A count from an argument: when it is an error, the loop's results are
// that error (the repeat kernel's rule), and the loop after it starts from
// them: nothing may treat them as proven numbers.
func.func @count_from(%n: i32) -> i32 {
  %acc = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %acc : i32 {
    %one = tfrt.constant.i32 1
    %a1 = tfrt.add.i32 %acc, %one
    tfrt.return %a1 : i32
  }
  // A second loop starts from the first's result and updates it in place:
  // only as proven as that result is.
  %two = tfrt.constant.i32 2
  %r2 = tfrt.repeat.i32 %two, %r : i32 {
    %ten = tfrt.constant.i32 10
    %b1 = tfrt.add.i32 %r, %ten
    tfrt.return %b1 : i32
  }
  tfrt.return %r2 : i32
}

// 3 iterations, then 2 adding 10: 0 + 3 + 20 = 23; then a count that is a
// division by zero.
// CHECK-LABEL: --- Running 'error_count':
// CHECK: 'error_count' returned 23,<<error: Divide by zero>>
func.func @error_count() -> (i32, i32) {
  %three = tfrt.constant.i32 3
  %a = tfrt.call @count_from(%three) : (i32) -> i32
  %z = tfrt.constant.i32 0
  %bad, %rem = tfrt.div.i32 %three, %z
  %b = tfrt.call @count_from(%bad) : (i32) -> i32
  tfrt.return %a, %b : i32, i32
}

// An initial value from an argument (an error): the in-place adds of the
// loop see it and forward it.
func.func @start_from(%x: i64) -> i64 {
  %n = tfrt.constant.i32 4
  %r = tfrt.repeat.i32 %n, %x : i64 {
    %k = tfrt.constant.i64 5
    %x1 = tfrt.add.i64 %x, %k
    tfrt.return %x1 : i64
  }
  tfrt.return %r : i64
}

// 1 + 4 * 5 = 21; then a start that is a division by zero.
// CHECK-LABEL: --- Running 'error_start':
// CHECK: 'error_start' returned 21,<<error: Divide by zero>>
func.func @error_start() -> (i64, i64) {
  %one = tfrt.constant.i64 1
  %a = tfrt.call @start_from(%one) : (i64) -> i64
  %z = tfrt.constant.i64 0
  %bad, %rem = tfrt.div.i64 %one, %z
  %b = tfrt.call @start_from(%bad) : (i64) -> i64
  tfrt.return %a, %b : i64, i64
}

// An operand that becomes an error in the third of five iterations
// (6 / (3 - x) with x = 3: a division of proven f64s, DIV_F64_P, whose zero
// divisor still takes the kernel's path): the sum stays that error from
// then on, while the counters, proven, go on (x is an f64 counter: 1, ...,
// 5).
// CHECK-LABEL: --- Running 'error_midway':
// CHECK: 'error_midway' returned 5,5.000000e+00,<<error: Divide by zero>>
func.func @error_midway() -> (i32, f64, f64) {
  %n = tfrt.constant.i32 5
  %i = tfrt.constant.i32 0
  %x = tfrt.constant.f64 0.0
  %s = tfrt.constant.f64 0.0
  %r:3 = tfrt.repeat.i32 %n, %i, %x, %s : i32, f64, f64 {
    %one = tfrt.constant.i32 1
    %i1 = tfrt.add.i32 %i, %one
    %onef = tfrt.constant.f64 1.0
    %x1 = tfrt.add.f64 %x, %onef
    %m1 = tfrt.constant.f64 -1.0
    %three = tfrt.constant.f64 3.0
    %negx = "tfrt.multiply.f64"(%x1, %m1) : (f64, f64) -> f64
    %d = tfrt.add.f64 %negx, %three
    %six = tfrt.constant.f64 6.0
    %t = "tfrt.div.f64"(%six, %d) : (f64, f64) -> f64
    %s1 = tfrt.add.f64 %s, %t
    tfrt.return %i1, %x1, %s1 : i32, f64, f64
  }
  tfrt.return %r#0, %r#1, %r#2 : i32, f64, f64
}

// A cancellation in a loop of in-place updates: from then on they take
// their slow path, which skips them with the cancellation; the loop stops
// with it as its results.
// CHECK-LABEL: --- Running 'cancel_in_place':
// CHECK-NEXT: 'cancel_in_place' returned <<error: Cancelled>>,<<error: Cancelled>>
func.func @cancel_in_place() -> (i32, f64) {
  %n = tfrt.constant.i32 10
  %i = tfrt.constant.i32 0
  %f = tfrt.constant.f64 1.0
  %r:2 = tfrt.repeat.i32 %n, %i, %f : i32, f64 {
    %ch0 = tfrt.new.chain
    %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
    %one = tfrt.constant.i32 1
    %i1 = tfrt.add.i32 %i, %one
    %h = tfrt.constant.f64 0.5
    %f1 = tfrt.add.f64 %f, %h
    tfrt.return %i1, %f1 : i32, f64
  }
  tfrt.return %r#0, %r#1 : i32, f64
}
