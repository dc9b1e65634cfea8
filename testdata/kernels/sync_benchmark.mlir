// tfrt_test.sync_benchmark (docs/kernel-behaviour.md §5, "Sync benchmark"):
// runs a tfrt.sync function in a loop inside the kernel. @print_it prints
// its tensor once a run: 2 warm-up runs and 3 timed ones print 5 times,
// then the eleven BM: lines named after the function (Count: 3).
func.func @print_it(%t : !t.tensor) attributes {tfrt.sync} {
  tfrt_dht_sync.print_tensor %t
  tfrt.return
}

// CHECK-LABEL: --- Running 'bm':
func.func @bm() attributes {tfrt.sync} {
  %t = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1 : i64], values = [7 : i32]} : () -> !t.tensor
  tfrt_test.sync_benchmark @print_it(%t : !t.tensor) duration_secs = 100, max_count = 3, num_warmup_runs = 2
  tfrt.return
}
// CHECK-COUNT-5: DenseHostTensor dtype = i32, shape = [1], values = [7]
// CHECK-NEXT: BM:print_it:Duration(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:Count: 3
// CHECK-NEXT: BM:print_it:Time Min(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:Time 50%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:Time 95%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:Time 99%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:CPU Min(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:CPU 50%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:CPU 95%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:CPU 99%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:print_it:CPU utilization(percent): {{.*}}e+{{[0-9]+}}

// num_warmup_runs defaults to 1: 1 + 2 prints.
// CHECK-LABEL: --- Running 'bm_default_warmup':
func.func @bm_default_warmup() attributes {tfrt.sync} {
  %t = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1 : i64], values = [8 : i32]} : () -> !t.tensor
  tfrt_test.sync_benchmark @print_it(%t : !t.tensor) duration_secs = 100, max_count = 2
  tfrt.return
}
// CHECK-COUNT-3: DenseHostTensor dtype = i32, shape = [1], values = [8]
// CHECK-NEXT: BM:print_it:Duration(ns):
// CHECK-NEXT: BM:print_it:Count: 2

// The errors of TFRT's kernel: a tfrt.sync function fails with the error
// (no diagnostic, no report).
func.func @not_sync(%t : !t.tensor) {
  tfrt.return
}

func.func @returns_one(%t : !t.tensor) -> i32 attributes {tfrt.sync} {
  %one = tfrt.constant_s.i32 1
  tfrt.return %one : i32
}

// CHECK-LABEL: --- Running 'target_not_sync':
func.func @target_not_sync() attributes {tfrt.sync} {
  %t = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1 : i64], values = [7 : i32]} : () -> !t.tensor
  tfrt_test.sync_benchmark @not_sync(%t : !t.tensor) duration_secs = 1, max_count = 1
  tfrt.return
}
// CHECK-NEXT: 'target_not_sync' returned <<error: SyncBenchmark op requires the input function be a sync function>>

// CHECK-LABEL: --- Running 'target_returns':
func.func @target_returns() attributes {tfrt.sync} {
  %t = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1 : i64], values = [7 : i32]} : () -> !t.tensor
  tfrt_test.sync_benchmark @returns_one(%t : !t.tensor) duration_secs = 1, max_count = 1
  tfrt.return
}
// CHECK-NEXT: 'target_returns' returned <<error: SyncBenchmark op requires the input function have zero return value>>

// CHECK-LABEL: --- Running 'no_max_count':
func.func @no_max_count() attributes {tfrt.sync} {
  %t = "tfrt_dht_sync.create_dense_tensor.i32"() {shape = [1 : i64], values = [7 : i32]} : () -> !t.tensor
  tfrt_test.sync_benchmark @print_it(%t : !t.tensor) duration_secs = 1
  tfrt.return
}
// CHECK-NEXT: 'no_max_count' returned <<error: missing attribute 'max_count' (a non-negative integer)>>
