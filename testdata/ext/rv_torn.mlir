// ARGS: --work-queue=mstd:2
// VARIANTS: --work-queue=s
// Whole-tensor writes raced against reads (docs/kernel-behaviour.md §10: a read never
// observes a partial write). 2000 unordered parallel_for blocks: even
// blocks assign a tensor of 8192 ones, then one of 8192 twos; odd blocks
// read a snapshot and check that it is all ones or all twos (tensor_equal,
// with tfrt.if as the "or"), counting the reads and the torn snapshots in
// two more variables. An implementation without the lock fails this only
// now and then (it depends on two blocks overlapping); ThreadSanitizer and
// the threaded test in tests/test_ext.c catch it every time.
// (rv_torn.s.mlir runs this file on the single-threaded queue.)

// CHECK-LABEL: --- Running 'torn':
func.func @torn() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c1 = tfrt_dht.create_uninitialized_tensor.i32.1 [8192 : i64]
  %ch1 = tfrt_dht.fill_tensor_with_constant.i32 %c1, %ch0 1 : i32
  %c2 = tfrt_dht.create_uninitialized_tensor.i32.1 [8192 : i64]
  %ch2 = tfrt_dht.fill_tensor_with_constant.i32 %c2, %ch1 2 : i32
  %v, %ch3 = "rv.create"(%c1, %ch2) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %zero = tfrt.constant.i32 0
  %bad, %ch4 = "rv.create"(%zero, %ch3) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %reads, %ch5 = "rv.create"(%zero, %ch4) : (i32, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %lo = tfrt.constant.i32 0
  %hi = tfrt.constant.i32 2000
  %bs = tfrt.constant.i32 1
  %all = tfrt.parallel_for.i32 %lo to %hi fixed %bs, %v, %c1, %c2, %bad, %reads, %ch5 : !rv.var, !t.tensor, !t.tensor, !rv.var, !rv.var, !tfrt.chain {
    %two = tfrt.constant.i32 2
    %q, %r = tfrt.div.i32 %lo, %two
    %z = tfrt.constant.i32 0
    %even = tfrt.equal.i32 %r, %z
    %done = tfrt.if %even, %v, %c1, %c2, %bad, %reads, %ch5 : (!rv.var, !t.tensor, !t.tensor, !rv.var, !rv.var, !tfrt.chain) -> !tfrt.chain {
      %w1 = "rv.assign"(%v, %c1, %ch5) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
      %w2 = "rv.assign"(%v, %c2, %w1) : (!rv.var, !t.tensor, !tfrt.chain) -> !tfrt.chain
      tfrt.return %w2 : !tfrt.chain
    } else {
      %s, %r1 = "rv.read"(%v, %ch5) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain)
      %is1, %r2 = tfrt_dht.tensor_equal.i32 %s, %c1, %r1
      %ok = tfrt.if %is1, %s, %c2, %r2 : (!t.tensor, !t.tensor, !tfrt.chain) -> i1 {
        %yes = tfrt.constant.i1 1
        tfrt.return %yes : i1
      } else {
        %is2, %r3 = tfrt_dht.tensor_equal.i32 %s, %c2, %r2
        tfrt.return %is2 : i1
      }
      %miss = tfrt.if %ok : () -> i32 {
        %no = tfrt.constant.i32 0
        tfrt.return %no : i32
      } else {
        %one = tfrt.constant.i32 1
        tfrt.return %one : i32
      }
      %r4 = "rv.assign_add"(%bad, %miss, %r2) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
      %one = tfrt.constant.i32 1
      %r5 = "rv.assign_add"(%reads, %one, %r2) : (!rv.var, i32, !tfrt.chain) -> !tfrt.chain
      %r6 = tfrt.merge.chains %r4, %r5 : !tfrt.chain, !tfrt.chain
      tfrt.return %r6 : !tfrt.chain
    }
    tfrt.return %done : !tfrt.chain
  }
  %n, %ch6 = "rv.read"(%reads, %all) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  %t, %ch7 = "rv.read"(%bad, %all) : (!rv.var, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %n, %t : i32, i32
}
// CHECK-NEXT: 'torn' returned 1000,0
