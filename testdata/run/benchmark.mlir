// tfrt_test.benchmark (docs/kernel-behaviour.md §5): 11 statistics lines; Count is the number of
// recorded runs (max_count; warm-up runs are not recorded).

// CHECK:      --- Running 'bench':
// CHECK-NEXT: BM:add.i32:Duration(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:Count: 100
// CHECK-NEXT: BM:add.i32:Time Min(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:Time 50%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:Time 95%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:Time 99%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:CPU Min(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:CPU 50%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:CPU 95%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:CPU 99%(ns): {{[0-9]+}}
// CHECK-NEXT: BM:add.i32:CPU utilization(percent): {{[0-9.]+e[+-][0-9]+}}
// CHECK-NEXT: --- Running 'after':
func.func @bench() {
  %c = tfrt.constant.i32 42
  tfrt_test.benchmark "add.i32"(%c : i32) duration_secs = 100, max_count = 100, num_warmup_runs = 10 {
    %r = tfrt.add.i32 %c, %c
    tfrt.return %r : i32
  }
  tfrt.return
}
func.func @after() {
  tfrt.return
}
