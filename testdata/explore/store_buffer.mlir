// RUN: tfrun explore %s | FileCheck %s
// RUN: tfrun explore %s | FileCheck %s --check-prefix=NEVER
// RUN: tfrun explore --model=executor %s | FileCheck %s
// The RFC's first example: one side writes X = 1 and then Y = 2 (chained),
// the other reads r0 = Y and then r1 = X (chained); nothing orders the two
// sides. Each access is atomic, so the outcomes are those of interleaving
// the two chains: r0 = 2 means Y = 2 was written, so X = 1 was written
// before it, and r1 = X is read after r0: r1 must be 1. Hence
// (r0, r1) is (0, 0) (reads first), (0, 1) (X written between the reads
// or before them, Y after) or (2, 1) (writes first) -- never (2, 0).
// Neither side uses rv.assign_add, so both models agree.
func.func @store_buffer() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %zero = tfrt.constant.i32 0
  %x, %chx = "rv.create"(%zero, %ch0) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %y, %chy = "rv.create"(%zero, %chx) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  // Writer: X = 1 then Y = 2.
  %w1 = "rv.assign"(%x, %one, %chy) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  %w2 = "rv.assign"(%y, %two, %w1) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
  // Reader: r0 = Y then r1 = X.
  %r0, %c1 = "rv.read"(%y, %chy) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %r1, %c2 = "rv.read"(%x, %c1) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %r0, %r1 : i32, i32
}
// CHECK: --- Exploring 'store_buffer': 3 outcomes in {{[0-9]+}} schedules
// CHECK-DAG: 'store_buffer' returned 0,0
// CHECK-DAG: 'store_buffer' returned 0,1
// CHECK-DAG: 'store_buffer' returned 2,1
// NEVER-NOT: returned 2,0
