// The signatures TFRT's own tests use (docs/language.md §4): test_cost takes the
// chain operands TFRT passes it (any operand types), and error_s may
// declare a result, as TFRT's sync test does, which then holds the error.

// CHECK-LABEL: --- Running 'cost':
// CHECK-NEXT: id: 7
// CHECK-NEXT: 'cost' returned 0
func.func @cost() -> i32 {
  %ch = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %x = tfrt_test.test_cost %a, %ch {id = 7 : i64, _tfrt_cost = 3 : i64} : i32, !tfrt.chain
  tfrt.return %x : i32
}

// CHECK-LABEL: --- Running 'err_s':
// CHECK-NEXT: 'err_s' returned <<error: something bad happened>>
func.func @err_s() -> i32 attributes {tfrt.sync} {
  %x = "tfrt_test.error_s"() : () -> i32
  tfrt.return %x : i32
}

// CHECK-LABEL: --- Running 'err_s0':
// CHECK-NEXT: 'err_s0' returned <<error: something bad happened>>
func.func @err_s0() attributes {tfrt.sync} {
  "tfrt_test.error_s"() : () -> ()
  tfrt.return
}
