// --help prints the run options and exits 0 without running anything.
// ARGS: --help

// CHECK: usage: tfrun [run] [OPTIONS] [FILE|-]
// CHECK: --work-queue=s|mstd[:N[,M]]
// CHECK-NOT: --- Running
func.func @f() {
  tfrt.return
}
