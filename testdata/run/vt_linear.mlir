// docs/execution.md §6.7, first worked example (TFRT's value-lifetime test
// test_linear, module threshold 1): stream assignment, tasks for other
// streams, and destruction right after the last use.
module attributes {tfrt.cost_threshold = 1 : i64} {
func.func @test_linear() {
  %ch0 = tfrt.new.chain
  %v1 = "vt.constant"() {value = 1 : i32} : () -> !vt.value
  %v2 = "vt.constant"() {value = 2 : i32} : () -> !vt.value
  %r = "vt.add"(%v1, %v2) : (!vt.value, !vt.value) -> !vt.value
  "vt.print"(%r, %ch0) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  "vt.constant"() {value = 4 : i32} : () -> !vt.value
  "vt.constant"() {value = 5 : i32} : () -> !vt.value
  tfrt.return
}
}
// CHECK:      --- Running 'test_linear':
// CHECK-NEXT: constructed vt.value(5)
// CHECK-NEXT: move constructed vt.value(5)
// CHECK-NEXT: destroyed vt.value(5)
// CHECK-NEXT: constructed vt.value(4)
// CHECK-NEXT: move constructed vt.value(4)
// CHECK-NEXT: destroyed vt.value(4)
// CHECK-NEXT: constructed vt.value(1)
// CHECK-NEXT: move constructed vt.value(1)
// CHECK-NEXT: constructed vt.value(2)
// CHECK-NEXT: move constructed vt.value(2)
// CHECK-NEXT: constructed vt.value(3)
// CHECK-NEXT: move constructed vt.value(3)
// CHECK-NEXT: destroyed vt.value(1)
// CHECK-NEXT: destroyed vt.value(2)
// CHECK-NEXT: print vt_value(3)
// CHECK-NEXT: destroyed vt.value(3)
// CHECK-NOT: {{.}}
