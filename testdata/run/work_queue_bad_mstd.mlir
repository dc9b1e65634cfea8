// ARGS: --work-queue=mstd:x
// EXIT: 1

// CHECK: Invalid argument for mstd work queue: x
// CHECK-NEXT: couldn't create work queue type mstd:x
// CHECK-NOT: --- Running
func.func @f() {
  tfrt.return
}
