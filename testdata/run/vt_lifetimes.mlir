// Destruction points of docs/execution.md §6.6, observed through vt.value.

// An argument of tfrt.call is held by the caller's kernel slot until the
// call kernel returns, after the callee ran as far as it could.
// CHECK: --- Not running 'callee1' because it has arguments.
func.func @callee1(%v: !vt.value) -> !tfrt.chain {
  %ch1 = "vt.print"(%v) : (!vt.value) -> !tfrt.chain
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

// CHECK-NEXT: --- Running 'caller1':
// CHECK-NEXT: constructed vt.value(7)
// CHECK-NEXT: move constructed vt.value(7)
// CHECK-NEXT: print vt_value(7)
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: destroyed vt.value(7)
// CHECK-NEXT: 'caller1' returned !tfrt.chain value
func.func @caller1() -> !tfrt.chain {
  %v = "vt.constant"() {value = 7 : i32} : () -> !vt.value
  %ch1 = tfrt.call @callee1(%v) : (!vt.value) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}

// Non-strict (docs/execution.md §4): the call runs as soon as %v exists, before
// %ch0's kernel (another stream, a task), and returns at once; the callee's
// register then holds the last reference, so the value dies right after
// the callee's vt.print, before the hello that follows it.
// CHECK-NEXT: --- Not running 'callee' because it has arguments.
func.func @callee(%v: !vt.value, %ch: !tfrt.chain) -> !tfrt.chain {
  %ch1 = "vt.print"(%v, %ch) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}

// CHECK-NEXT: --- Running 'caller':
// CHECK-NEXT: constructed vt.value(7)
// CHECK-NEXT: move constructed vt.value(7)
// CHECK-NEXT: print vt_value(7)
// CHECK-NEXT: destroyed vt.value(7)
// CHECK-NEXT: hello host executor!
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
// right after its producer. The print of 8 is the only user of %a. %b's
// kernel is in another stream, but when the merge has run the inline list
// is empty, so the queue switches to that stream and runs it in the same
// task (docs/execution.md §6.3 step 3), before the driver's await sees the result.
// CHECK-NEXT: --- Running 'last_use':
// CHECK-NEXT: constructed vt.value(8)
// CHECK-NEXT: move constructed vt.value(8)
// CHECK-NEXT: print vt_value(8)
// CHECK-NEXT: destroyed vt.value(8)
// CHECK-NEXT: constructed vt.value(9)
// CHECK-NEXT: move constructed vt.value(9)
// CHECK-NEXT: destroyed vt.value(9)
// CHECK-NEXT: 'last_use' returned !tfrt.chain value
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
