// A bad work queue argument (docs/execution.md §1.2): TFRT_LOG error, then the driver's
// message; exit 1 and nothing runs.
// ARGS: --work_queue_type=s:1
// EXIT: 1

// CHECK: Invalid argument for s work queue: 1
// CHECK-NEXT: couldn't create work queue type s:1
// CHECK-NOT: --- Running
func.func @f() {
  tfrt.return
}
