// RUN: tfrun --trace=%t.json --schedule=exact --work-queue=mstd:2 %s | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %t.json --min-threads 2 --min-cross-thread-flows 1 --kernel tfrt_test.do.async=2 --kernel tfrt.repeat.i32=2 --kernel tfrt.mul.i32=4000 --kernel tfrt.print.i32=2
// RUN: tfrun --trace=%t.fast.json --schedule=fast --work-queue=mstd:2 %s | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %t.fast.json --min-threads 2 --min-cross-thread-flows 1 --kernel tfrt_test.do.async=2 --kernel tfrt.repeat.i32=2 --kernel tfrt.mul.i32=4000 --kernel tfrt.print.i32=2
// The trace of a run on two workers, checked by its structure
// (tests/trace_check.py; docs/tools.md §5.1): the do.async bodies run on
// worker threads, so the trace has at least two threads, each named, with
// slices nested properly on each; a flow goes from the main thread's
// do.async kernel to the first kernel of its body on a worker, and from the
// kernel that made each result to the print that waited for it; every
// kernel ran as often as the program says, under both schedules (the
// fast one's compiled loops report each kernel too).

// CHECK: --- Running 'main':
// CHECK-DAG: int32 = 4001
// CHECK-DAG: int32 = 6001
func.func @main() {
  %n = tfrt.constant.i32 2000
  %x = tfrt.constant.i32 1
  %ra = tfrt_test.do.async %n, %x : (i32, i32) -> (i32) {
    %two = tfrt.constant.i32 2
    %r:2 = tfrt.repeat.i32 %n, %x, %two : i32, i32 {
      %y = tfrt.mul.i32 %x, %two
      %z = "tfrt.minus.i32"(%y, %x) : (i32, i32) -> i32
      %w = tfrt.add.i32 %z, %two
      tfrt.return %w, %two : i32, i32
    }
    tfrt.return %r#0 : i32
  }
  %rb = tfrt_test.do.async %n, %x : (i32, i32) -> (i32) {
    %three = tfrt.constant.i32 3
    %r:2 = tfrt.repeat.i32 %n, %x, %three : i32, i32 {
      %y = tfrt.mul.i32 %x, %three
      %z = "tfrt.minus.i32"(%y, %x) : (i32, i32) -> i32
      %z2 = "tfrt.minus.i32"(%z, %x) : (i32, i32) -> i32
      %w = tfrt.add.i32 %z2, %three
      tfrt.return %w, %three : i32, i32
    }
    tfrt.return %r#0 : i32
  }
  %ch = tfrt.new.chain
  %c1 = tfrt.print.i32 %ra, %ch
  %c2 = tfrt.print.i32 %rb, %c1
  tfrt.return
}
