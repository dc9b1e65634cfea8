// A remainder by a constant tested against a constant by the if right after
// it (x % K == C: the divisibility test), which the compiled engine runs as
// one instruction (TREMK_I32, TREMK_I64: interp/vmops.def) when the quotient
// has no use and the remainder no other. These are its edge cases, each
// checked against values worked out by hand: negative dividends (truncating
// division: -7 % 3 is -1), INT_MIN, divisors it does not fuse (-1, a zero
// constant: the kernel's error), an error operand (its slow path: the
// division's kernel, then the compare, then the if, as unfused), and a
// loop whose branches end at a copy of the loop's back edge (a jump to it is
// replaced by it: its exit must still leave the loop). Each function is
// determinate, so the exact schedule prints the same (tests/engine_agree.sh
// runs this file on both engines), and --profile=count counts the same
// kernels under both: the protos compiled for a profile keep every op.
// (zero_divisor and error_operand return errors: the exit status is 1.)
// RUN: not tfrun --schedule=fast %s 2>&1 | FileCheck %s
// RUN: not tfrun --schedule=exact %s 2>&1 | FileCheck %s
// RUN: tfrun --schedule=fast --profile=count --functions=counts %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: tfrun --schedule=exact --profile=count --functions=counts %s 2>&1 | FileCheck %s --check-prefix=COUNT

// i from -7 to 7 (15 iterations; the body tests i + 1 of i from -8).
// i % 3 == -1 for i = -7, -4, -1 (3 of them; floored modulo would give 2
// there and count none); 0 == i % 3 (the constant on the left) for -6, -3,
// 0, 3, 6 (5). j, an i64 going down from 7 to -7 alongside: j % 4 == -3
// for -3 and -7 (2). The last test's then branch ends the body: its jump
// to the back edge is a copy of it, which the last iteration (j = -7) runs,
// so its exit must leave the loop; after the loop an add runs: 3 + 100.
// CHECK-LABEL: --- Running 'counts':
// CHECK-NEXT: 'counts' returned 103,5,2
//
// The kernels by hand, over the 15 iterations (each if counted once,
// whichever branch): constant.i32: 5 before the loop, 4 per iteration,
// one per then branch taken (3 + 5 + 2), one after: 5 + 60 + 10 + 1 = 76;
// constant.i64: 1 before, 3 per iteration: 46; if: 3 per iteration: 45;
// div.i32 and equal.i32: 2 per iteration: 30 each; add.i32: one per
// iteration, one per then branch, one after: 15 + 10 + 1 = 26; add.i64,
// div.i64, equal.i64: 15 each; repeat.i32: 1. Ordered by count, then name.
// COUNT:      'counts' returned 103,5,2
// COUNT-NEXT: --- Profile: {{[0-9.]+}} ms of wall time in the functions the driver ran
// COUNT-NEXT: {{^  op +executions +self ms +mean us +share$}}
// COUNT-NEXT: {{^  tfrt.constant.i32 +76 }}
// COUNT-NEXT: {{^  tfrt.constant.i64 +46 }}
// COUNT-NEXT: {{^  tfrt.if +45 }}
// COUNT-NEXT: {{^  tfrt.div.i32 +30 }}
// COUNT-NEXT: {{^  tfrt.equal.i32 +30 }}
// COUNT-NEXT: {{^  tfrt.add.i32 +26 }}
// COUNT-NEXT: {{^  tfrt.add.i64 +15 }}
// COUNT-NEXT: {{^  tfrt.div.i64 +15 }}
// COUNT-NEXT: {{^  tfrt.equal.i64 +15 }}
// COUNT-NEXT: {{^  tfrt.repeat.i32 +1 }}
// COUNT-NEXT: {{^  function +invocations +total ms +mean us +share$}}
// COUNT-NEXT: {{^  @counts +1 }}
func.func @counts() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 15
  %i = tfrt.constant.i32 -8
  %j = tfrt.constant.i64 8
  %neg = tfrt.constant.i32 0
  %zero3 = tfrt.constant.i32 0
  %j4 = tfrt.constant.i32 0
  %r:5 = tfrt.repeat.i32 %n, %i, %j, %neg, %zero3, %j4 : i32, i64, i32, i32, i32 {
    %one = tfrt.constant.i32 1
    %c3 = tfrt.constant.i32 3
    %cm1 = tfrt.constant.i32 -1
    %c0 = tfrt.constant.i32 0
    %i1 = tfrt.add.i32 %i, %one
    %down = tfrt.constant.i64 -1
    %j1 = tfrt.add.i64 %j, %down
    %q, %m = tfrt.div.i32 %i1, %c3
    %is = tfrt.equal.i32 %m, %cm1
    %neg1 = tfrt.if %is, %neg : (i32) -> i32 {
      %o = tfrt.constant.i32 1
      %x = tfrt.add.i32 %neg, %o
      tfrt.return %x : i32
    } else {
      tfrt.return %neg : i32
    }
    %q2, %m2 = tfrt.div.i32 %i1, %c3
    %is2 = tfrt.equal.i32 %c0, %m2
    %zero31 = tfrt.if %is2, %zero3 : (i32) -> i32 {
      %o = tfrt.constant.i32 1
      %x = tfrt.add.i32 %zero3, %o
      tfrt.return %x : i32
    } else {
      tfrt.return %zero3 : i32
    }
    %c4 = tfrt.constant.i64 4
    %cm3 = tfrt.constant.i64 -3
    %q3, %m3 = tfrt.div.i64 %j1, %c4
    %is3 = tfrt.equal.i64 %m3, %cm3
    %j41 = tfrt.if %is3, %j4 : (i32) -> i32 {
      %o = tfrt.constant.i32 1
      %x = tfrt.add.i32 %j4, %o
      tfrt.return %x : i32
    } else {
      tfrt.return %j4 : i32
    }
    tfrt.return %i1, %j1, %neg1, %zero31, %j41 : i32, i64, i32, i32, i32
  }
  %c100 = tfrt.constant.i32 100
  %t = tfrt.add.i32 %r#2, %c100
  tfrt.return %t, %r#3, %r#4 : i32, i32, i32
}


// INT_MIN by constants: INT_MIN % 2 == 0 (fused); INT_MIN % -1 == 0 (not
// fused: -1 stays a division, whose remainder is 0 without trapping);
// INT_MIN % 7 == -2 (-2147483648 = -306783378 * 7 - 2); in i64,
// INT64_MIN % 3 == -2 (9223372036854775808 = 3 * 3074457345618258602 + 2).
// All four hold: 1,1,1,1. The quotient of the second is used (INT_MIN / -1
// wraps to INT_MIN), which also keeps that one a division.
// CHECK-LABEL: --- Running 'int_min':
// CHECK-NEXT: 'int_min' returned 1,1,1,1,-2147483648
func.func @int_min() -> (i32, i32, i32, i32, i32) {
  %min = tfrt.constant.i32 -2147483648
  %min64 = tfrt.constant.i64 -9223372036854775808
  %c2 = tfrt.constant.i32 2
  %cm1 = tfrt.constant.i32 -1
  %c7 = tfrt.constant.i32 7
  %c3 = tfrt.constant.i64 3
  %z = tfrt.constant.i32 0
  %m2 = tfrt.constant.i32 -2
  %m2l = tfrt.constant.i64 -2
  %q1, %r1 = tfrt.div.i32 %min, %c2
  %t1 = tfrt.equal.i32 %r1, %z
  %a = tfrt.if %t1 : () -> (i32) {
    %v = tfrt.constant.i32 1
    tfrt.return %v : i32
  } else {
    %v = tfrt.constant.i32 0
    tfrt.return %v : i32
  }
  %q2, %r2 = tfrt.div.i32 %min, %cm1
  %t2 = tfrt.equal.i32 %r2, %z
  %b = tfrt.if %t2 : () -> (i32) {
    %v = tfrt.constant.i32 1
    tfrt.return %v : i32
  } else {
    %v = tfrt.constant.i32 0
    tfrt.return %v : i32
  }
  %q3, %r3 = tfrt.div.i32 %min, %c7
  %t3 = tfrt.equal.i32 %r3, %m2
  %c = tfrt.if %t3 : () -> (i32) {
    %v = tfrt.constant.i32 1
    tfrt.return %v : i32
  } else {
    %v = tfrt.constant.i32 0
    tfrt.return %v : i32
  }
  %q4, %r4 = tfrt.div.i64 %min64, %c3
  %t4 = tfrt.equal.i64 %r4, %m2l
  %d = tfrt.if %t4 : () -> (i32) {
    %v = tfrt.constant.i32 1
    tfrt.return %v : i32
  } else {
    %v = tfrt.constant.i32 0
    tfrt.return %v : i32
  }
  tfrt.return %a, %b, %c, %d, %q2 : i32, i32, i32, i32, i32
}

// A zero divisor from a constant is not fused: the division's kernel
// reports it, the compare and the if forward the error (the if's result).
// CHECK-LABEL: --- Running 'zero_divisor':
// CHECK: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %q, %r = tfrt.div.i32 %x, %z
// CHECK: 'zero_divisor' returned <<error: Divide by zero>>
func.func @zero_divisor() -> i32 {
  %x = tfrt.constant.i32 12
  %z = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %x, %z
  %t = tfrt.equal.i32 %r, %z
  %a = tfrt.if %t, %x, %z : (i32, i32) -> (i32) {
    tfrt.return %x : i32
  } else {
    tfrt.return %z : i32
  }
  tfrt.return %a : i32
}

// An error dividend in a fused test: its slow path runs the division's
// kernel (skipped: the error is its remainder), the compare's and the if's,
// so the loop's tally becomes the error; the next iterations test a
// number again (i counts on), and the tally stays the error (an add of it
// is skipped). %bad is an error only in the third of five iterations.
// CHECK-LABEL: --- Running 'error_operand':
// CHECK: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %bad, %unused = tfrt.div.i32 %six, %d
// CHECK: 'error_operand' returned 5,<<error: Divide by zero>>
func.func @error_operand() -> (i32, i32) {
  %n = tfrt.constant.i32 5
  %i = tfrt.constant.i32 0
  %acc = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %i, %acc : i32, i32 {
    %one = tfrt.constant.i32 1
    %two = tfrt.constant.i32 2
    %z = tfrt.constant.i32 0
    %i1 = tfrt.add.i32 %i, %one
    // d = 3 - i1 is zero in the third iteration: 6 / d is then an error.
    %three = tfrt.constant.i32 3
    %d = "tfrt.minus.i32"(%three, %i1) : (i32, i32) -> i32
    %six = tfrt.constant.i32 6
    %bad, %unused = tfrt.div.i32 %six, %d
    %q, %m = tfrt.div.i32 %bad, %two
    %even = tfrt.equal.i32 %m, %z
    %acc1 = tfrt.if %even, %acc : (i32) -> (i32) {
      %o = tfrt.constant.i32 1
      %x = tfrt.add.i32 %acc, %o
      tfrt.return %x : i32
    } else {
      tfrt.return %acc : i32
    }
    tfrt.return %i1, %acc1 : i32, i32
  }
  tfrt.return %r#0, %r#1 : i32, i32
}

// tfrt_test.cancel in the loop body: the add that depends on it is skipped,
// so the fused test's dividend is the cancellation: its slow path runs the
// division's kernel (skipped), the compare's and the if's, and the loop
// stops after this first iteration with the cancellation as its results.
// CHECK-LABEL: --- Running 'cancel_in_loop':
// CHECK-NEXT: 'cancel_in_loop' returned <<error: Cancelled>>,<<error: Cancelled>>
func.func @cancel_in_loop() -> (i32, i32) {
  %n = tfrt.constant.i32 100
  %i = tfrt.constant.i32 0
  %acc = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %i, %acc : i32, i32 {
    %ch0 = tfrt.new.chain
    %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
    %x = tfrt.add.i32 %i, %c
    %two = tfrt.constant.i32 2
    %z = tfrt.constant.i32 0
    %q, %m = tfrt.div.i32 %x, %two
    %even = tfrt.equal.i32 %m, %z
    %acc1 = tfrt.if %even, %acc : (i32) -> (i32) {
      %o = tfrt.constant.i32 1
      %y = tfrt.add.i32 %acc, %o
      tfrt.return %y : i32
    } else {
      tfrt.return %acc : i32
    }
    %one = tfrt.constant.i32 1
    %i1 = tfrt.add.i32 %i, %one
    tfrt.return %i1, %acc1 : i32, i32
  }
  tfrt.return %r#0, %r#1 : i32, i32
}

// Nested tests, TFRT's fizzbuzz shape: every branch that ends the body ends
// at a copy of the back edge, the first one far from the loop's exit. For
// i = 1..6: by 6 at 6 (1), else by 3 at 3 (1), else by 2 at 2 and 4 (2).
// The last iteration (6) leaves the loop from the first copy, whose exit
// must lead past the other tests (running them would count 6 by 3 too),
// to the add after the loop: 1 + 100.
// CHECK-LABEL: --- Running 'nested':
// CHECK-NEXT: 'nested' returned 2,1,101
func.func @nested() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 6
  %i = tfrt.constant.i32 0
  %fizz = tfrt.constant.i32 0
  %buzz = tfrt.constant.i32 0
  %fb = tfrt.constant.i32 0
  %r:4 = tfrt.repeat.i32 %n, %i, %fizz, %buzz, %fb : i32, i32, i32, i32 {
    %one = tfrt.constant.i32 1
    %i1 = tfrt.add.i32 %i, %one
    %six = tfrt.constant.i32 6
    %zero = tfrt.constant.i32 0
    %q6, %m6 = tfrt.div.i32 %i1, %six
    %by6 = tfrt.equal.i32 %m6, %zero
    %t:3 = tfrt.if %by6, %i1, %fizz, %buzz, %fb : (i32, i32, i32, i32) -> (i32, i32, i32) {
      %o = tfrt.constant.i32 1
      %fb1 = tfrt.add.i32 %fb, %o
      tfrt.return %fizz, %buzz, %fb1 : i32, i32, i32
    } else {
      %three = tfrt.constant.i32 3
      %z = tfrt.constant.i32 0
      %q3, %m3 = tfrt.div.i32 %i1, %three
      %by3 = tfrt.equal.i32 %m3, %z
      %u:2 = tfrt.if %by3, %i1, %fizz, %buzz : (i32, i32, i32) -> (i32, i32) {
        %o = tfrt.constant.i32 1
        %buzz1 = tfrt.add.i32 %buzz, %o
        tfrt.return %fizz, %buzz1 : i32, i32
      } else {
        %two = tfrt.constant.i32 2
        %z2 = tfrt.constant.i32 0
        %q2, %m2 = tfrt.div.i32 %i1, %two
        %by2 = tfrt.equal.i32 %m2, %z2
        %v = tfrt.if %by2, %fizz : (i32) -> (i32) {
          %o = tfrt.constant.i32 1
          %fizz1 = tfrt.add.i32 %fizz, %o
          tfrt.return %fizz1 : i32
        } else {
          tfrt.return %fizz : i32
        }
        tfrt.return %v, %buzz : i32, i32
      }
      tfrt.return %u#0, %u#1, %fb : i32, i32, i32
    }
    tfrt.return %i1, %t#0, %t#1, %t#2 : i32, i32, i32, i32
  }
  %c100 = tfrt.constant.i32 100
  %s = tfrt.add.i32 %r#3, %c100
  tfrt.return %r#1, %r#2, %s : i32, i32, i32
}
