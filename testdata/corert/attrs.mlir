// VARIANTS: --work-queue=mstd:2
// CoreRT's attribute sets (TFRT's OpAttrs; docs/kernel-behaviour.md §14):
// made empty, set one key at a time (ordered by chains: op_attrs_set.*
// writes the set), printed sorted by key, frozen into an immutable copy.
// Arrays print at most five elements.

// CHECK-LABEL: --- Running 'kinds':
func.func @kinds() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %s = "corert.create_op_attrs"() : () -> !corert.opattrs
  // CHECK-NEXT: OpAttrs is empty
  %ch1 = "tfrt_test.corert.op_attrs_print"(%s, %ch0) : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.op_attrs_set.bool"(%s, %ch1) {key = "b", value = true} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.op_attrs_set.i32"(%s, %ch2) {key = "i", value = -4 : i32} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.op_attrs_set.f32"(%s, %ch3) {key = "f", value = 0.25 : f32} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.op_attrs_set.str"(%s, %ch4) {key = "s", value = "hi"} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch6 = "corert.op_attrs_set.dtype"(%s, %ch5) {key = "t", value = !corert.qint8} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch7 = "corert.op_attrs_set.dense"(%s, %ch6) {key = "d", value = dense<[[1.5, 2.5, 3.5]]> : tensor<1x3xf64>} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch8 = "corert.op_attrs_set.shape"(%s, %ch7) {key = "sh", value = #corert.shape<2x?x4>} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch9 = "corert.op_attrs_set.aggregate"(%s, %ch8) {key = "agg", value = [dense<1> : tensor<2xi8>, [dense<true> : tensor<i1>], 7 : i32]} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch10 = "corert.op_attrs_set_array.i64"(%s, %ch9) {key = "a64", value = [1, 2, 3, 4, 5, 6]} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch11 = "corert.op_attrs_set_array.f32"(%s, %ch10) {key = "af", value = [0.5 : f32, -1.0 : f32]} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch12 = "corert.op_attrs_set_array.i32"(%s, %ch11) {key = "ai", value = []} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  // CHECK-NEXT: OpAttrs contains 11 entries:
  // CHECK-NEXT:   'a64' type=I64 value=[1, 2, 3, 4, 5...]
  // CHECK-NEXT:   'af' type=F32 value=[5.000000e-01, -1.000000e+00]
  // CHECK-NEXT:   'agg' type=AGGREGATE value=elt_count=3 [{dtype=I8, rank=1, elt_count=2}, {elt_count=1 [{dtype=BOOL, rank=0, elt_count=1}]}, {unknown}]
  // CHECK-NEXT:   'ai' type=I32 value=[]
  // CHECK-NEXT:   'b' type=BOOL value=1
  // CHECK-NEXT:   'd' type=DENSE value=dtype=F64, rank=2, elt_count=3
  // CHECK-NEXT:   'f' type=F32 value=2.500000e-01
  // CHECK-NEXT:   'i' type=I32 value=-4
  // CHECK-NEXT:   's' type=CHAR value=[h, i]
  // CHECK-NEXT:   'sh' type=SHAPE value=<2x-1x4>
  // CHECK-NEXT:   't' type=DTYPE value=QI8
  // CHECK-EMPTY:
  %ch13 = "tfrt_test.corert.op_attrs_print"(%s, %ch12) : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch13 : !tfrt.chain
}
// CHECK-NEXT: 'kinds' returned !tfrt.chain value

// A frozen copy does not see later sets.
// CHECK-LABEL: --- Running 'freeze':
func.func @freeze() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %s = "corert.create_op_attrs"() : () -> !corert.opattrs
  %ch1 = "corert.op_attrs_set.i32"(%s, %ch0) {key = "x", value = 1 : i32} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ref, %ch2 = "tfrt_test.corert.op_attrs_freeze"(%s, %ch1) : (!corert.opattrs, !tfrt.chain) -> (!corert.opattrs_ref, !tfrt.chain)
  %ch3 = "corert.op_attrs_set.dtype"(%s, %ch2) {key = "y", value = i1} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  // CHECK-NEXT: OpAttrs contains 1 entries:
  // CHECK-NEXT:   'x' type=I32 value=1
  // CHECK-EMPTY:
  // CHECK-NEXT: OpAttrs contains 2 entries:
  // CHECK-NEXT:   'x' type=I32 value=1
  // CHECK-NEXT:   'y' type=DTYPE value=BOOL
  %ch4 = "tfrt_test.corert.op_attrs_ref_print"(%ref, %ch3) : (!corert.opattrs_ref, !tfrt.chain) -> !tfrt.chain
  %ch5 = "tfrt_test.corert.op_attrs_print"(%s, %ch4) : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK: 'freeze' returned !tfrt.chain value

// TFRT keeps the first value of a key set twice, silently; tfrun reports
// it. A set_array element of another type is reported too.
// CHECK-LABEL: --- Running 'errors':
func.func @errors() -> (!tfrt.chain, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %s = "corert.create_op_attrs"() : () -> !corert.opattrs
  %ch1 = "corert.op_attrs_set.i32"(%s, %ch0) {key = "x", value = 1 : i32} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.op_attrs_set.f32"(%s, %ch1) {key = "x", value = 1.0 : f32} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain // expected-error {{runtime error: op attribute 'x' is already set}}
  %ch3 = "corert.op_attrs_set_array.i32"(%s, %ch1) {key = "y", value = [1 : i32, 2 : i64]} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain // expected-error {{element 1 of attribute 'value' is not an i32}}
  tfrt.return %ch2, %ch3 : !tfrt.chain, !tfrt.chain
}
// CHECK-NEXT: 'errors' returned <<error: op attribute 'x' is already set>>,<<error: element 1 of attribute 'value' is not an i32>>
