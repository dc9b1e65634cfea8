// Destruction points of §8.6, observed through vt.value.

// An argument of tfrt.call is held by the caller's kernel slot until the
// call kernel returns, after the callee ran as far as it could.
// CHECK: --- Not running 'callee' because it has arguments.
func.func @callee(%v: !vt.value, %ch: !tfrt.chain) -> !tfrt.chain {
  %ch1 = "vt.print"(%v, %ch) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

// CHECK-NEXT: --- Running 'caller':
// CHECK-NEXT: constructed vt.value(7)
// CHECK-NEXT: move constructed vt.value(7)
// CHECK-NEXT: print vt_value(7)
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: destroyed vt.value(7)
// CHECK-NEXT: 'caller' returned !tfrt.chain value
func.func @caller() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %v = "vt.constant"() {value = 7 : i32} : () -> !vt.value
  %ch1 = tfrt.call @callee(%v, %ch0) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}

// The driver holds a function's results until just before the next `---`.
// CHECK-NEXT: --- Running 'ret_value':
// CHECK-NEXT: constructed vt.value(3)
// CHECK-NEXT: move constructed vt.value(3)
// CHECK-NEXT: 'ret_value' returned !vt.value value
// CHECK-NEXT: destroyed vt.value(3)
func.func @ret_value() -> !vt.value {
  %v = "vt.constant"() {value = 3 : i32} : () -> !vt.value
  tfrt.return %v : !vt.value
}

// A value used by one kernel dies right after that kernel; an unused result
// right after its producer. The print of 8 is the only user of %a. The
// result %ch2 is available once the merge ran; %b's kernel is in another
// stream (a task), which the driver's await does not run: it appears after
// the result line, during the quiesce (§1.6).
// CHECK-NEXT: --- Running 'last_use':
// CHECK-NEXT: constructed vt.value(8)
// CHECK-NEXT: move constructed vt.value(8)
// CHECK-NEXT: print vt_value(8)
// CHECK-NEXT: destroyed vt.value(8)
// CHECK-NEXT: 'last_use' returned !tfrt.chain value
// CHECK-NEXT: constructed vt.value(9)
// CHECK-NEXT: move constructed vt.value(9)
// CHECK-NEXT: destroyed vt.value(9)
func.func @last_use() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %a = "vt.constant"() {value = 8 : i32} : () -> !vt.value
  %ch1 = "vt.print"(%a, %ch0) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  %ch2 = tfrt.merge.chains %ch1 : !tfrt.chain
  %b = "vt.constant"(%ch2) {value = 9 : i32} : (!tfrt.chain) -> !vt.value
  tfrt.return %ch2 : !tfrt.chain
}

// An unused result of an asynchronous body is kept alive by the forwarding
// value until it is bound, then dies (during the quiesce).
// CHECK-NEXT: --- Running 'unused_async':
// CHECK-NEXT: constructed vt.value(6)
// CHECK-NEXT: move constructed vt.value(6)
// CHECK-NEXT: destroyed vt.value(6)
// CHECK-NEXT: --- Running 'end':
func.func @unused_async() {
  %r = tfrt_test.do.async : () -> (!vt.value) {
    %v = "vt.constant"() {value = 6 : i32} : () -> !vt.value
    tfrt.return %v : !vt.value
  }
  tfrt.return
}
func.func @end() {
  tfrt.return
}
// CHECK-NOT: {{.}}
