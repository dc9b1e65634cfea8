// tfrt.if deferred on its condition under the exact schedule
// (docs/engine.md "The exact engine"): an if that runs before the kernel
// making its condition (it is ready on its first operand) waits for the
// condition. interp/xe.c keeps such a deferral in its frame while only ifs
// took the register, and makes the placeholder they would have waited on
// when anything else could see it. Every order below was derived by hand
// from docs/execution.md §2 (waiters run newest first), §4 and §6.5, and is
// interp/exec.c's (tests/engine_agree.sh runs this file on both engines).
// In every function @fN the constants are a task of their own (another
// stream), so the if, ready on the argument %x at the start, runs before
// the comparison that makes its condition.
// The run exits 1: error_cond ends with an error nobody expected.
// ARGS: --schedule=exact
// EXIT: 1

func.func @f1(%x: i32, %c: !tfrt.chain) -> (i32, i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %b = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 300
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 400
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %ct = tfrt.print.i1 %t, %c
  tfrt.return %a, %b, %ct : i32, i32, !tfrt.chain
}

// Two ifs deferred on one condition, then a strict user of it: the newer
// if's branch first (400), then the older (200), then the user (int1 = 0).
// CHECK-LABEL: --- Running 'two_ifs':
// CHECK-NEXT: int32 = 400
// CHECK-NEXT: int32 = 200
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: 'two_ifs' returned 5,5,!tfrt.chain value
func.func @two_ifs() -> (i32, i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %a, %b, %ct = tfrt.call @f1(%x, %c) : (i32, !tfrt.chain) -> (i32, i32, !tfrt.chain)
  tfrt.return %a, %b, %ct : i32, i32, !tfrt.chain
}

func.func @show(%t: i1, %c: !tfrt.chain) -> !tfrt.chain {
  %c1 = tfrt.print.i1 %t, %c
  tfrt.return %c1 : !tfrt.chain
}

// call_takes: the call takes %t while an if is deferred on it
func.func @f2(%x: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %s = tfrt.call @show(%t, %c) : (i1, !tfrt.chain) -> !tfrt.chain
  tfrt.return %a, %s : i32, !tfrt.chain
}

// A call takes the condition an if is deferred on: the placeholder is made
// then, the if waiting on it first; the callee's print, which waits on it
// later, runs first when it resolves.
// CHECK-LABEL: --- Running 'call_takes':
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: int32 = 200
// CHECK-NEXT: 'call_takes' returned 5,!tfrt.chain value
func.func @call_takes() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %a, %s = tfrt.call @f2(%x, %c) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %a, %s : i32, !tfrt.chain
}

// returned_cond: the condition an if is deferred on is returned
func.func @f3(%x: i32, %c: !tfrt.chain) -> (i32, i1) {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  tfrt.return %a, %t : i32, i1
}

// The condition an if is deferred on is returned: the invocation hands out
// its placeholder (the if waits on it first); the caller's continuation for
// %t, registered after, runs first: its own deferred if (300) and print
// (int1 = 1), then the callee's if (100).
// CHECK-LABEL: --- Running 'returned_cond':
// CHECK-NEXT: int32 = 300
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int32 = 100
// CHECK-NEXT: 'returned_cond' returned 0,!tfrt.chain value
func.func @returned_cond() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 0
  %a, %t = tfrt.call @f3(%x, %c) : (i32, !tfrt.chain) -> (i32, i1)
  %b = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 300
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 400
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %s = tfrt.print.i1 %t, %c
  tfrt.return %b, %s : i32, !tfrt.chain
}

// error_cond: the condition is an error when it is stored
func.func @f4(%x: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %zero = tfrt.constant.i32 0
  %q, %rem = tfrt.div.i32 %x, %zero
  %t = "tfrt.lessequal.i32"(%q, %x) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %c2 = tfrt.print.i32 %x, %c
  tfrt.return %a, %c2 : i32, !tfrt.chain
}

// The condition is an error (the division by zero reaches it): every
// result of the if is that error and neither branch runs.
// CHECK-LABEL: --- Running 'error_cond':
// CHECK-NEXT: int32 = 7
// CHECK-NEXT: {{.*}}error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: {{.*}}tfrt.div.i32{{.*}}
// CHECK-NEXT: {{.*}}^
// CHECK-NEXT: {{.*}}note: called from
// CHECK-NEXT: {{.*}}tfrt.call @f4{{.*}}
// CHECK-NEXT: {{.*}}^
// CHECK-NEXT: 'error_cond' returned <<error: Divide by zero>>,!tfrt.chain value
func.func @error_cond() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 7
  %a, %s = tfrt.call @f4(%x, %c) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %a, %s : i32, !tfrt.chain
}

// vt_operand: a deferred if holds its vt.value operand until its branch ran
func.func @f5(%x: i32, %v: !vt.value, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %v, %c : (i32, !vt.value, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %c1 = "vt.print"(%v) : (!vt.value) -> !tfrt.chain
    tfrt.return %x : i32
  }
  %c2 = tfrt.print.i1 %t, %c
  tfrt.return %a, %c2 : i32, !tfrt.chain
}

// A deferred if holds its operands until its branch ran: the vt.value is
// destroyed right after the branch printed it, not when the if first ran.
// CHECK-LABEL: --- Running 'vt_operand':
// CHECK-NEXT: constructed vt.value(9)
// CHECK-NEXT: move constructed vt.value(9)
// CHECK-NEXT: print vt_value(9)
// CHECK-NEXT: destroyed vt.value(9)
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: 'vt_operand' returned 5,!tfrt.chain value
func.func @vt_operand() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %v = "vt.constant"() {value = 9 : i32} : () -> !vt.value
  %a, %s = tfrt.call @f5(%x, %v, %c) : (i32, !vt.value, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %a, %s : i32, !tfrt.chain
}

// result_users: one result has users in the frame, one is unused, one is returned
func.func @f6(%x: i32, %c: !tfrt.chain) -> (i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %a, %u, %r = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32, i32, i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x, %x, %x : i32, i32, i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    %y = tfrt.add.i32 %x, %x
    tfrt.return %y, %x, %x : i32, i32, i32
  }
  %c2 = tfrt.print.i32 %a, %c
  %c3 = tfrt.print.i1 %t, %c
  %c4 = tfrt.merge.chains %c2, %c3 : !tfrt.chain, !tfrt.chain
  tfrt.return %r, %c4 : i32, !tfrt.chain
}

// A result with users (%a), an unused one and a returned one: %a's
// continuation runs inside the branch's binding, so its print (10) comes
// before the condition's own user (int1 = 0); the branch's print (200) is a
// task of the branch's body, which the driver runs after the result.
// CHECK-LABEL: --- Running 'result_users':
// CHECK-NEXT: int32 = 10
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: 'result_users' returned 5,!tfrt.chain value
// CHECK-NEXT: int32 = 200
func.func @result_users() -> (i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %a, %s = tfrt.call @f6(%x, %c) : (i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %a, %s : i32, !tfrt.chain
}

func.func @p1(%c: !tfrt.chain) -> !tfrt.chain {
  %p = tfrt.constant.i32 1
  %c1 = tfrt.print.i32 %p, %c
  tfrt.return %c1 : !tfrt.chain
}
func.func @p2(%c: !tfrt.chain) -> !tfrt.chain {
  %p = tfrt.constant.i32 2
  %c1 = tfrt.print.i32 %p, %c
  tfrt.return %c1 : !tfrt.chain
}

// generic_takes: tfrt.cond (non-strict, its own kernel) takes the condition
// an if is deferred on, then a second if defers on it
func.func @f7(%x: i32, %c: !tfrt.chain) -> (i32, i32, !tfrt.chain) {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 100
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %g = tfrt.cond %t @p1 @p2 (%c) : (!tfrt.chain) -> (!tfrt.chain)
  %b = tfrt.if %t, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 300
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 400
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  tfrt.return %a, %b, %g : i32, i32, !tfrt.chain
}

// tfrt.cond (its own kernel, non-strict) takes the condition one if is
// deferred on, and a second if comes after it: all three wait on the one
// placeholder, newest first: 400, the cond's @p2 (2), 200.
// CHECK-LABEL: --- Running 'generic_takes':
// CHECK-NEXT: int32 = 400
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 200
// CHECK-NEXT: 'generic_takes' returned 5,5,!tfrt.chain value
func.func @generic_takes() -> (i32, i32, !tfrt.chain) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 5
  %a, %b, %g = tfrt.call @f7(%x, %c) : (i32, !tfrt.chain) -> (i32, i32, !tfrt.chain)
  tfrt.return %a, %b, %g : i32, i32, !tfrt.chain
}

// chained: if A defers on %t with %u, still empty, as an operand; if B
// defers on %u; %u is stored first, then %t
func.func @f8(%x: i32, %c: !tfrt.chain) -> (i32, i32) {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %u = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %t = "tfrt.lessequal.i32"(%x, %two) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %u, %c : (i32, i1, !tfrt.chain) -> (i32) {
    %c1 = tfrt.print.i1 %u, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %b = tfrt.if %u, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 300
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 400
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  tfrt.return %a, %b : i32, i32
}

// If A defers on %t with %u as an operand, if B on %u; %u comes first.
// x = 2: B's else (400), then A's then branch prints %u (false); x = 1: B's
// then (300), A prints %u (true).
// CHECK-LABEL: --- Running 'chained':
// CHECK-NEXT: int32 = 400
// CHECK-NEXT: int32 = 300
// CHECK-NEXT: int1 = 0
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: 'chained' returned 2,2,1,1
func.func @chained() -> (i32, i32, i32, i32) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 2
  %y = tfrt.constant.i32 1
  %a, %b = tfrt.call @f8(%x, %c) : (i32, !tfrt.chain) -> (i32, i32)
  %d, %e = tfrt.call @f8(%y, %c) : (i32, !tfrt.chain) -> (i32, i32)
  tfrt.return %a, %b, %d, %e : i32, i32, i32, i32
}

// late_operand: if A defers on %t with %u, still empty, as an operand; if B
// defers on %u; %t is stored first: A's branch gets %u's placeholder, on
// which B then waits first
func.func @f9(%x: i32, %y: i32, %c: !tfrt.chain) -> (i32, i32) {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %u = "tfrt.lessequal.i32"(%y, %one) : (i32, i32) -> i1
  %t = "tfrt.lessequal.i32"(%x, %two) : (i32, i32) -> i1
  %a = tfrt.if %t, %x, %u, %c : (i32, i1, !tfrt.chain) -> (i32) {
    %c1 = tfrt.print.i1 %u, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 200
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  %b = tfrt.if %u, %x, %c : (i32, !tfrt.chain) -> (i32) {
    %p = tfrt.constant.i32 300
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  } else {
    %p = tfrt.constant.i32 400
    %c1 = tfrt.print.i32 %p, %c
    tfrt.return %x : i32
  }
  tfrt.return %a, %b : i32, i32
}

func.func @g9(%x: i32, %c: !tfrt.chain) -> (i32, i32) {
  %z = tfrt.constant.i32 0
  %y0 = "tfrt_test.async_add.i32"(%z, %z) : (i32, i32) -> i32
  %y1 = "tfrt_test.async_add.i32"(%y0, %z) : (i32, i32) -> i32
  %y = "tfrt_test.async_add.i32"(%y1, %z) : (i32, i32) -> i32
  %a, %b = tfrt.call @f9(%x, %y, %c) : (i32, i32, !tfrt.chain) -> (i32, i32)
  tfrt.return %a, %b : i32, i32
}

// As above, but %t comes first (%y is three async additions away): A's
// branch takes %u, still empty, which makes its placeholder, with B waiting
// on it; A's branch waits on it too, later, so it prints first (int1 = 1),
// then B's then branch (300).
// CHECK-LABEL: --- Running 'late_operand':
// CHECK-NEXT: int1 = 1
// CHECK-NEXT: int32 = 300
// CHECK-NEXT: 'late_operand' returned 2,2
func.func @late_operand() -> (i32, i32) {
  %c = tfrt.new.chain
  %x = tfrt.constant.i32 2
  %a, %b = tfrt.call @g9(%x, %c) : (i32, !tfrt.chain) -> (i32, i32)
  tfrt.return %a, %b : i32, i32
}
