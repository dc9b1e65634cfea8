// --timeout stops a benchmark between two runs of its body: it was meant
// to run for 100 seconds; it reports nothing, and its chain is the
// cancellation's error. Before, it ran on until the watchdog's forced exit
// two seconds after the timeout.
// ARGS: --timeout=0.3
// EXIT: 1

// CHECK:      --- Running 'bench':
// CHECK-NEXT: 'bench' returned <<error: Cancelled: timeout>>
// CHECK-NEXT: tfrun: Cancelled: timeout
// CHECK-NOT: BM:
func.func @bench() -> !tfrt.chain {
  %c = tfrt.constant.i32 42
  %b = tfrt_test.benchmark "long"(%c : i32) duration_secs = 100, max_count = 2000000000, num_warmup_runs = 0 {
    %r = tfrt.add.i32 %c, %c
    tfrt.return %r : i32
  }
  tfrt.return %b : !tfrt.chain
}
