// VARIANTS: --work-queue=mstd:2
// Shapes (docs/kernel-behaviour.md §8, ts.*).

// CHECK-LABEL: --- Running 'shapes':
func.func @shapes() -> (i64, i64, i1, i1, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %s = ts.build_shape [1 : i64, 57 : i64, 92 : i64]
  %ch1 = ts.print_shape %s, %ch0
  %e = ts.build_shape []
  %ch2 = ts.print_shape %e, %ch1
  %n = ts.get_num_elements %s
  %i = tfrt.constant.i32 1
  %d = ts.get_dimension %s, %i
  %s2 = ts.build_shape [1 : i64, 57 : i64, 92 : i64]
  %eq = ts.equal_shape %s, %s2
  %ne = ts.equal_shape %s, %e
  tfrt.return %n, %d, %eq, %ne, %ch2 : i64, i64, i1, i1, !tfrt.chain
}
// CHECK-NEXT: shape = [1, 57, 92]
// CHECK-NEXT: shape = []
// CHECK-NEXT: 'shapes' returned 5244,57,1,0,!tfrt.chain value

// CHECK-LABEL: --- Running 'fixed_rank':
func.func @fixed_rank() {
  %ch0 = tfrt.new.chain
  %s1 = ts.build_shape [5 : i64]
  %f1 = ts.as_fixed_rank_shape.1 %s1
  %ch1 = ts.print_fixed_rank_shape.1 %f1, %ch0
  %s2 = ts.build_shape [2 : i64, 3 : i64]
  %f2 = ts.as_fixed_rank_shape.2 %s2
  %ch2 = ts.print_fixed_rank_shape.2 %f2, %ch1
  %s3 = ts.build_shape [4 : i64, 0 : i64, 6 : i64]
  %f3 = ts.as_fixed_rank_shape.3 %s3
  %ch3 = ts.print_fixed_rank_shape.3 %f3, %ch2
  tfrt.return
}
// CHECK-NEXT: fixed_rank_shape = [5]
// CHECK-NEXT: fixed_rank_shape = [2, 3]
// A fixed-rank shape with a zero dimension prints as [] (docs/kernel-behaviour.md §8).
// CHECK-NEXT: fixed_rank_shape = []

// CHECK-LABEL: --- Running 'partial':
func.func @partial() -> (!ts.shape, !ts.shape, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %p = ts.build_partial_shape [2 : i64, -1 : i64, 3 : i64, -1 : i64]
  %ch1 = ts.print_partial_shape %p, %ch0
  %u = ts.build_unranked_partial_shape
  %ch2 = ts.print_partial_shape %u, %ch1
  %k = ts.build_partial_shape [4 : i64, 5 : i64]
  %s = ts.to_shape %k
  %ch3 = ts.print_shape %s, %ch2
  %back = ts.to_partial_shape %s
  %ch4 = ts.print_partial_shape %back, %ch3
  %bad = ts.to_shape %p // expected-error {{Unknown dimensions at following indices = [1, 3]}}
  %bad2 = ts.to_shape %u // expected-error {{Unknown rank}}
  tfrt.return %bad, %bad2, %ch4 : !ts.shape, !ts.shape, !tfrt.chain
}
// CHECK-NEXT: partial_tensor_shape = [2, -1, 3, -1]
// CHECK-NEXT: partial_tensor_shape = Unknown rank
// CHECK-NEXT: shape = [4, 5]
// CHECK-NEXT: partial_tensor_shape = [4, 5]
// CHECK-NEXT: 'partial' returned <<error: Unknown dimensions at following indices = [1, 3]>>,<<error: Unknown rank>>,!tfrt.chain value
