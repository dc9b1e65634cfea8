// An error overtakes a chain (issue 23; docs/analysis.md §3 "Errors
// overtake"): a non-strict op whose selector is an error — tfrt.if, cond,
// case with an error condition or index, tfrt.repeat.i32 with an error or
// negative trip count — sets every result to that error at once, before
// its other operands, here the chain of a print, are available. So the
// function's result does not wait for the print, and the `returned` line
// may come first: `auto` must run these functions exact (it used to run
// them fast, which prints the two lines the other way round). Every
// expected order below is the exact schedule's, derived by hand: the
// print's stream is not the stream of the return, so the print is a task,
// while the division and the op it feeds run inline and the error reaches
// the result before the driver runs any task.
// (tests/engine_agree.sh compares auto with exact on this file.)

func.func @f(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%x, %one) : (i32, i32) -> i1
  %r = tfrt.if %t, %c : (!tfrt.chain) -> (!tfrt.chain) {
    tfrt.return %c : !tfrt.chain
  } else {
    tfrt.return %c : !tfrt.chain
  }
  tfrt.return %r : !tfrt.chain
}

// The program of the issue: the print runs in the do.async body, a task.
// CHECK-LABEL: --- Running 'issue':
// CHECK-NEXT: 'issue' returned <<error: Divide by zero>>
// CHECK-NEXT: int32 = 5
func.func @issue() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %z = tfrt.constant.i32 0
  %q, %rem = tfrt.div.i32 %z, %z // expected-error {{Divide by zero}}
  %x = tfrt.constant.i32 5
  %y, %c1 = tfrt_test.do.async %x, %c0 : (i32, !tfrt.chain) -> (i32, !tfrt.chain) {
    %c2 = tfrt.print.i32 %x, %c0
    tfrt.return %x, %c2 : i32, !tfrt.chain
  }
  %r = tfrt.call @f(%q, %c1) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}

// The same through a call, with the print in the caller (fast prints it
// first).
// CHECK-LABEL: --- Running 'if_in_callee':
// CHECK-NEXT: 'if_in_callee' returned <<error: Divide by zero>>
// CHECK-NEXT: int32 = 6
func.func @if_in_callee() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %z = tfrt.constant.i32 0
  %x = tfrt.constant.i32 6
  %c1 = tfrt.print.i32 %x, %c0
  %q, %rem = tfrt.div.i32 %z, %z // expected-error {{Divide by zero}}
  %r = tfrt.call @f(%q, %c1) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}

// Two calls deep: the error passes through @g's argument into @f's.
func.func @g(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {
  %r = tfrt.call @f(%x, %c) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}

// CHECK-LABEL: --- Running 'two_calls_deep':
// CHECK-NEXT: 'two_calls_deep' returned <<error: Divide by zero>>
// CHECK-NEXT: int32 = 7
func.func @two_calls_deep() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %z = tfrt.constant.i32 0
  %x = tfrt.constant.i32 7
  %c1 = tfrt.print.i32 %x, %c0
  %q, %rem = tfrt.div.i32 %z, %z // expected-error {{Divide by zero}}
  %r = tfrt.call @g(%q, %c1) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}

func.func @then(%c: !tfrt.chain) -> !tfrt.chain {
  tfrt.return %c : !tfrt.chain
}

// CHECK-LABEL: --- Running 'repeat_error_count':
// CHECK-NEXT: 'repeat_error_count' returned <<error: Divide by zero>>
// CHECK-NEXT: int32 = 1
func.func @repeat_error_count() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %z = tfrt.constant.i32 0
  %x = tfrt.constant.i32 1
  %c1 = tfrt.print.i32 %x, %c0
  %q, %rem = tfrt.div.i32 %z, %z // expected-error {{Divide by zero}}
  %r = tfrt.repeat.i32 %q, %c1 : !tfrt.chain {
    tfrt.return %c1 : !tfrt.chain
  }
  tfrt.return %r : !tfrt.chain
}

// A negative trip count fails at once too (here the print happens to run
// first in the exact schedule as well: it is the analysis that must not
// count on it).
// CHECK-LABEL: --- Running 'repeat_negative_count':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: 'repeat_negative_count' returned <<error: tfrt.repeat.i32: negative trip count -1>>
func.func @repeat_negative_count() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %n = tfrt.constant.i32 -1
  %x = tfrt.constant.i32 2
  %c1 = tfrt.print.i32 %x, %c0
  %r = tfrt.repeat.i32 %n, %c1 : !tfrt.chain { // expected-error {{negative trip count}}
    tfrt.return %c1 : !tfrt.chain
  }
  tfrt.return %r : !tfrt.chain
}

// CHECK-LABEL: --- Running 'case_error_index':
// CHECK-NEXT: 'case_error_index' returned <<error: Divide by zero>>
// CHECK-NEXT: int32 = 3
func.func @case_error_index() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %z = tfrt.constant.i32 0
  %x = tfrt.constant.i32 3
  %c1 = tfrt.print.i32 %x, %c0
  %q, %rem = tfrt.div.i32 %z, %z // expected-error {{Divide by zero}}
  %r = tfrt.case %q [@then, @then] (%c1) : (!tfrt.chain) -> (!tfrt.chain)
  tfrt.return %r : !tfrt.chain
}

// CHECK-LABEL: --- Running 'cond_error_condition':
// CHECK-NEXT: 'cond_error_condition' returned <<error: Divide by zero>>
// CHECK-NEXT: int32 = 4
func.func @cond_error_condition() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %z = tfrt.constant.i32 0
  %x = tfrt.constant.i32 4
  %c1 = tfrt.print.i32 %x, %c0
  %q, %rem = tfrt.div.i32 %z, %z // expected-error {{Divide by zero}}
  %one = tfrt.constant.i32 1
  %t = "tfrt.lessequal.i32"(%q, %one) : (i32, i32) -> i1
  %r = tfrt.cond %t @then @then (%c1) : (!tfrt.chain) -> (!tfrt.chain)
  tfrt.return %r : !tfrt.chain
}

// No error can reach the condition: the result waits for the print, in
// every schedule (auto runs this function fast).
// CHECK-LABEL: --- Running 'no_error':
// CHECK-NEXT: int32 = 8
// CHECK-NEXT: 'no_error' returned !tfrt.chain value
func.func @no_error() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %two = tfrt.constant.i32 2
  %x = tfrt.constant.i32 8
  %c1 = tfrt.print.i32 %x, %c0
  %q, %rem = tfrt.div.i32 %x, %two
  %r = tfrt.call @g(%q, %c1) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %r : !tfrt.chain
}
