// VARIANTS: --work-queue=mstd:2
// Kernel errors of docs/kernel-behaviour.md §2: the diagnostic is matched by the annotation (and
// then prints nothing); the error value flows to the result.

// CHECK-LABEL: --- Running 'div_by_zero':
func.func @div_by_zero() -> (i32, i32) {
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %a, %b // expected-error {{runtime error: Divide by zero}}
  tfrt.return %q, %r : i32, i32
}
// CHECK-NEXT: 'div_by_zero' returned <<error: Divide by zero>>,<<error: Divide by zero>>

// CHECK-LABEL: --- Running 'div_by_zero_i64':
func.func @div_by_zero_i64() -> i64 {
  %a = tfrt.constant.i64 1
  %b = tfrt.constant.i64 0
  %q, %r = tfrt.div.i64 %a, %b // expected-error {{Divide by zero}}
  tfrt.return %r : i64
}
// CHECK-NEXT: 'div_by_zero_i64' returned <<error: Divide by zero>>

// CHECK-LABEL: --- Running 'fdiv_by_zero':
func.func @fdiv_by_zero() -> f32 {
  %a = tfrt.constant.f32 1.0
  %b = tfrt.constant.f32 0.0
  %q = "tfrt.div.f32"(%a, %b) : (f32, f32) -> f32 // expected-error {{Divide by zero}}
  tfrt.return %q : f32
}
// CHECK-NEXT: 'fdiv_by_zero' returned <<error: Divide by zero>>

// INT_MIN / -1 is undefined in TFRT (docs/execution.md §9): a value, not a crash.
// CHECK-LABEL: --- Running 'div_overflow':
func.func @div_overflow() -> (i32, i32) {
  %a = tfrt.constant.i32 -2147483648
  %b = tfrt.constant.i32 -1
  %q, %r = tfrt.div.i32 %a, %b
  tfrt.return %q, %r : i32, i32
}
// CHECK-NEXT: 'div_overflow' returned -2147483648,0

// CHECK-LABEL: --- Running 'bad_device':
func.func @bad_device() -> !tfrt.device {
  %ch = tfrt.new.chain
  %d = tfrt.get_device %ch {device_name = "GPU:0"} // expected-error {{cannot find device GPU:0}}
  tfrt.return %d : !tfrt.device
}
// CHECK-NEXT: 'bad_device' returned <<error: cannot find device GPU:0>>

// An error operand skips the printing kernel (no output, no diagnostic).
// CHECK-LABEL: --- Running 'error_propagates':
func.func @error_propagates() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %a, %b // expected-error {{Divide by zero}}
  %ch1 = tfrt.print.i32 %q, %ch0
  tfrt.return %ch1 : !tfrt.chain
}
// CHECK-NOT: int32
// CHECK-NEXT: 'error_propagates' returned <<error: Divide by zero>>
