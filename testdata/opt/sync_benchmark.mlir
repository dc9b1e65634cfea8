// MODE: opt
// tfrt_test.sync_benchmark's custom form (docs/language.md §2.8): opt
// reads it, keeps the target as the target_fn symbol and the keywords as
// i64 attributes, and prints it back as written. What it does when it runs:
// testdata/kernels/sync_benchmark.mlir.
func.func @add(%a: i32, %b: i32) -> i32 attributes {tfrt.sync} {
  %c = tfrt.add_s.i32 %a, %b
  tfrt.return %c : i32
}
func.func @bench() {
  %a = tfrt.constant.i32 1
  tfrt_test.sync_benchmark @add(%a : i32, %a : i32) duration_secs = 1, max_count = 10, num_warmup_runs = 2
  tfrt.return
}
// CHECK-LABEL: func.func @bench() {
// CHECK-NEXT: %0 = tfrt.constant.i32 1
// CHECK-NEXT: tfrt_test.sync_benchmark @add(%0 : i32, %0 : i32) duration_secs = 1, max_count = 10, num_warmup_runs = 2
// CHECK-NEXT: tfrt.return
