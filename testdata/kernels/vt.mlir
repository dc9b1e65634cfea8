// VARIANTS: --work-queue=mstd:2
// vt.* value tracking (docs/kernel-behaviour.md §6) and destruction timing (docs/execution.md §6.6): a value
// used by one kernel is destroyed right after that kernel runs.

// CHECK-LABEL: --- Running 'single_use':
func.func @single_use() {
  %ch0 = tfrt.new.chain
  %a = "vt.constant"() {value = 1 : i32} : () -> !vt.value
  %ch1 = "vt.print"(%a, %ch0) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: constructed vt.value(1)
// CHECK-NEXT: move constructed vt.value(1)
// CHECK-NEXT: print vt_value(1)
// CHECK-NEXT: destroyed vt.value(1)

// vt.add prints the construction of the sum before its operands are
// released (in operand order); only then does the print become ready.
// CHECK-LABEL: --- Running 'add':
func.func @add() {
  %ch0 = tfrt.new.chain
  %a = "vt.constant"() {value = 1 : i32} : () -> !vt.value
  %b = "vt.constant"() {value = 2 : i32} : () -> !vt.value
  %c = "vt.add"(%a, %b) : (!vt.value, !vt.value) -> !vt.value
  %ch1 = "vt.print"(%c, %ch0) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-DAG: constructed vt.value(1)
// CHECK-DAG: move constructed vt.value(1)
// CHECK-DAG: constructed vt.value(2)
// CHECK-DAG: move constructed vt.value(2)
// CHECK: constructed vt.value(3)
// CHECK-NEXT: move constructed vt.value(3)
// CHECK-NEXT: destroyed vt.value(1)
// CHECK-NEXT: destroyed vt.value(2)
// CHECK-NEXT: print vt_value(3)
// CHECK-NEXT: destroyed vt.value(3)

// An unused result is destroyed immediately after the producing kernel.
// CHECK-LABEL: --- Running 'unused':
func.func @unused() {
  "vt.constant"() {value = 7 : i32} : () -> !vt.value
  tfrt.return
}
// CHECK-NEXT: constructed vt.value(7)
// CHECK-NEXT: move constructed vt.value(7)
// CHECK-NEXT: destroyed vt.value(7)

// A returned value is held by the driver until after the quiesce, i.e. it
// dies after the result line (docs/execution.md §6.6). Sharing never copies: share_to_two
// returns the same value twice and it is destroyed once.
// CHECK-LABEL: --- Running 'returned':
func.func @returned() -> (!vt.value, !vt.value) {
  %a = "vt.constant"() {value = 5 : i32} : () -> !vt.value
  %x, %y = "tfrt_test.share_to_two"(%a) : (!vt.value) -> (!vt.value, !vt.value)
  tfrt.return %x, %y : !vt.value, !vt.value
}
// CHECK-NEXT: constructed vt.value(5)
// CHECK-NEXT: move constructed vt.value(5)
// CHECK-NEXT: 'returned' returned !vt.value value,!vt.value value
// CHECK-NEXT: destroyed vt.value(5)
// CHECK-NOT: vt.value(5)
