// ARGS: -work_queue_type bogus
// EXIT: 1

// CHECK: couldn't create work queue type bogus
// CHECK-NOT: --- Running
func.func @f() {
  tfrt.return
}
