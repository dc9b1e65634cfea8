// Cancellation in the compiled engine (docs/execution.md §4, §6.11; docs/engine.md):
// once the request is cancelled, every strict kernel about to run is
// skipped with the cancellation error, non-strict calls still run (their
// bodies' kernels are skipped), and tfrt.repeat.i32 stops before its next
// iteration with the cancellation error as its results. Everything here
// depends on the cancel kernel's result, so both schedules agree.
// ARGS: --schedule=fast

// CHECK-LABEL: --- Running 'kernel_after_cancel':
// CHECK-NEXT: 'kernel_after_cancel' returned <<error: Cancelled>>,0
func.func @kernel_after_cancel() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %y = tfrt.add.i32 %c, %c
  tfrt.return %y, %c : i32, i32
}

func.func @callee(%x: i32) -> (i32, i32) {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y, %x : i32, i32
}
// The callee runs: its add is skipped, the argument it returns is not.
// CHECK-LABEL: --- Running 'call_after_cancel':
// CHECK-NEXT: 'call_after_cancel' returned <<error: Cancelled>>,0
func.func @call_after_cancel() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %r:2 = tfrt.call @callee(%c) : (i32) -> (i32, i32)
  tfrt.return %r#0, %r#1 : i32, i32
}

// CHECK-LABEL: --- Running 'repeat_after_cancel':
// CHECK-NEXT: 'repeat_after_cancel' returned <<error: Cancelled>>,0
func.func @repeat_after_cancel() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %n = tfrt.constant.i32 5
  %r = tfrt.repeat.i32 %n, %c : i32 {
    %one = tfrt.constant.i32 1
    %d = tfrt.add.i32 %c, %one
    tfrt.return %d : i32
  }
  tfrt.return %r, %c : i32, i32
}

// A cancellation inside the loop body: the iteration that cancels runs to
// its end (its add is skipped), then the loop stops.
// CHECK-LABEL: --- Running 'cancel_in_loop':
// CHECK-NEXT: 'cancel_in_loop' returned <<error: Cancelled>>
func.func @cancel_in_loop() -> i32 {
  %n = tfrt.constant.i32 100
  %i = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %i : i32 {
    %ch0 = tfrt.new.chain
    %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
    %j = tfrt.add.i32 %i, %c
    tfrt.return %j : i32
  }
  tfrt.return %r : i32
}

func.func @wbody(%i: i32) -> (i32, i1) {
  %one = tfrt.constant.i32 1
  %j = tfrt.add.i32 %i, %one
  %more = tfrt.equal.i32 %j, %j
  tfrt.return %j, %more : i32, i1
}
// tfrt.while is strict: after the cancellation it is skipped.
// CHECK-LABEL: --- Running 'while_after_cancel':
// CHECK-NEXT: 'while_after_cancel' returned <<error: Cancelled>>
func.func @while_after_cancel() -> i32 {
  %ch0 = tfrt.new.chain
  %c, %ch1 = "tfrt_test.cancel"(%ch0) : (!tfrt.chain) -> (i32, !tfrt.chain)
  %go = tfrt.equal.i32 %c, %c
  %r = tfrt.while %go @wbody(%c) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

// The next top-level function starts uncancelled.
// CHECK-LABEL: --- Running 'fresh':
// CHECK-NEXT: 'fresh' returned 4
func.func @fresh() -> i32 {
  %a = tfrt.constant.i32 2
  %b = tfrt.add.i32 %a, %a
  tfrt.return %b : i32
}
