// ARGS: --init-function=register_op_handlers_cpu
// VARIANTS: --work-queue=mstd:2
// VARIANTS: --schedule=fast
// The ops of the cpu op handler (docs/kernel-behaviour.md §14), each on
// values worked out by hand. Shape errors and the like: op_errors.mlir.

// CHECK-LABEL: --- Running 'register_op_handlers_cpu':
func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'create':
func.func @create() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  // One value fills the tensor; as many values as elements set each.
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [7 : i64] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3], values = [0.5 : f32, -1.0 : f32, 2.0 : f32] } : 1
  %c = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [], values = [true] } : 1
  %d = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [1, 3], value = 2.5 : f64 } : 1
  %e = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [], value = -3 : i8 } : 1
  // CHECK-NEXT: DenseHostTensor dtype = i64, shape = [2, 2], values = [7, 7, 7, 7]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [5.000000e-01, -1.000000e+00, 2.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = i1, shape = [], values = [1]
  // CHECK-NEXT: ScalarHostTensor dtype = f64, shape = [1, 3], value = 2.500000e+00
  // CHECK-NEXT: ScalarHostTensor dtype = i8, shape = [], value = -3
  %ch1 = "corert.print_tensorhandle"(%a, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%b, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%c, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%d, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%e, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'create' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'add':
func.func @add() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %d = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2], values = [1 : i32, 2 : i32, 3 : i32, 4 : i32] } : 1
  %s = corert.executeop(%cpu) "tfrt_test.create_from_scalar"() { shape = [2, 2], value = 10 : i32 } : 1
  // dense + dense, scalar + dense, dense + scalar: dense; scalar + scalar: scalar.
  %dd = corert.executeop(%cpu) "tfrt_test.add"(%d, %d) : 1
  %sd = corert.executeop(%cpu) "tfrt_test.add"(%s, %d) : 1
  %ds = corert.executeop(%cpu) "tfrt_test.add"(%d, %s) : 1
  %ss = corert.executeop(%cpu) "tfrt_test.add"(%s, %s) : 1
  // The dense-only variants take the scalar made dense; denseonly3 adds in
  // a task of its own (its handle comes later).
  %o1 = corert.executeop(%cpu) "tfrt_test.add.denseonly"(%s, %d) : 1
  %o2 = corert.executeop(%cpu) "tfrt_test.add.denseonly2"(%d, %s) : 1
  %o3 = corert.executeop(%cpu) "tfrt_test.add.denseonly3"(%s, %s) : 1
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [2, 4, 6, 8]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [11, 12, 13, 14]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [11, 12, 13, 14]
  // CHECK-NEXT: ScalarHostTensor dtype = i32, shape = [2, 2], value = 20
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [11, 12, 13, 14]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [11, 12, 13, 14]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [20, 20, 20, 20]
  %ch1 = "corert.print_tensorhandle"(%dd, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%sd, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%ds, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%ss, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%o1, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch6 = "corert.print_tensorhandle"(%o2, %ch5) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch7 = "corert.print_tensorhandle"(%o3, %ch6) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch7 : !tfrt.chain
}
// CHECK-NEXT: 'add' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'matmul':
func.func @matmul() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  // a = [[1, 2, 3], [4, 5, 6]], b = [[1, 0], [0, 1], [1, 1]]
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32, 4.0 : f32, 5.0 : f32, 6.0 : f32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3, 2], values = [1.0 : f32, 0.0 : f32, 0.0 : f32, 1.0 : f32, 1.0 : f32, 1.0 : f32] } : 1
  // a x b = [[4, 5], [10, 11]]; b x a = [[1, 2, 3], [4, 5, 6], [5, 7, 9]]
  %ab = corert.executeop(%cpu) "tfrt_test.matmul"(%a, %b) {transpose_a = false, transpose_b = false} : 1
  %ba = corert.executeop(%cpu) "tfrt_test.matmul"(%b, %a) {transpose_a = false, transpose_b = false} : 1
  // a^T x a^T is not defined; a x a^T = [[14, 32], [32, 77]]; a^T x a = [[17, 22, 27], [22, 29, 36], [27, 36, 45]]
  %aat = corert.executeop(%cpu) "tfrt_test.matmul"(%a, %a) {transpose_a = false, transpose_b = true} : 1
  %ata = corert.executeop(%cpu) "tfrt_test.matmul"(%a, %a) {transpose_a = true, transpose_b = false} : 1
  // b^T x a^T = (a x b)^T = [[4, 10], [5, 11]]
  %btat = corert.executeop(%cpu) "tfrt_test.matmul"(%b, %a) {transpose_a = true, transpose_b = true} : 1
  %i = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1, 2], values = [2147483647 : i32, 3 : i32] } : 1
  %j = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 1], values = [2 : i32, -1 : i32] } : 1
  // 2147483647 * 2 - 3 wraps to -5, as tfrt_dht.matmul.i32 does.
  %ij = corert.executeop(%cpu) "tfrt_test.matmul"(%i, %j) {transpose_a = false, transpose_b = false} : 1
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [4.000000e+00, 5.000000e+00, 1.000000e+01, 1.100000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3, 3], values = [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 5.000000e+00, 7.000000e+00, 9.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [1.400000e+01, 3.200000e+01, 3.200000e+01, 7.700000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3, 3], values = [1.700000e+01, 2.200000e+01, 2.700000e+01, 2.200000e+01, 2.900000e+01, 3.600000e+01, 2.700000e+01, 3.600000e+01, 4.500000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [2, 2], values = [4.000000e+00, 1.000000e+01, 5.000000e+00, 1.100000e+01]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [1, 1], values = [-5]
  %ch1 = "corert.print_tensorhandle"(%ab, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%ba, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%aat, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%ata, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%btat, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch6 = "corert.print_tensorhandle"(%ij, %ch5) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch6 : !tfrt.chain
}
// CHECK-NEXT: 'matmul' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'elementwise':
func.func @elementwise() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %f = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [4], values = [-1.5 : f32, 0.0 : f32, 2.0 : f32, -0.0 : f32] } : 1
  %i = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [4], values = [-7 : i32, 0 : i32, 3 : i32, 3 : i32] } : 1
  %j = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [4], values = [-7 : i32, 1 : i32, 3 : i32, -3 : i32] } : 1
  %rf = corert.executeop(%cpu) "tfrt_test.relu"(%f) : 1
  %ri = corert.executeop(%cpu) "tfrt_test.relu"(%i) : 1
  // equal gives 1 and 0 in the arguments' dtype.
  %eq = corert.executeop(%cpu) "tfrt_test.equal"(%i, %j) : 1
  %eqf = corert.executeop(%cpu) "tfrt_test.equal"(%f, %rf) : 1
  // cast to f32 and f16 (f16 prints as its bits: 1.0 is 15360, -7.0 is 50944 (0xc700), 3.0 is 16896).
  %c32 = corert.executeop(%cpu) "tfrt_test.cast"(%i) { type = "f32" } : 1
  %c16 = corert.executeop(%cpu) "tfrt_test.cast"(%i) { type = "f16" } : 1
  %r16 = corert.executeop(%cpu) "tfrt_test.relu"(%c16) : 1
  %back = corert.executeop(%cpu) "tfrt_test.cast"(%r16) { type = "f32" } : 1
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [0.000000e+00, 0.000000e+00, 2.000000e+00, 0.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4], values = [0, 0, 3, 3]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [4], values = [1, 0, 1, 0]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [0.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [-7.000000e+00, 0.000000e+00, 3.000000e+00, 3.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = f16, shape = [4], values = [fp16(50944), fp16(0), fp16(16896), fp16(16896)]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [4], values = [0.000000e+00, 0.000000e+00, 3.000000e+00, 3.000000e+00]
  %ch1 = "corert.print_tensorhandle"(%rf, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%ri, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%eq, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%eqf, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%c32, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch6 = "corert.print_tensorhandle"(%c16, %ch5) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch7 = "corert.print_tensorhandle"(%back, %ch6) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch7 : !tfrt.chain
}
// CHECK-NEXT: 'elementwise' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'reductions':
func.func @reductions() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  // [[3, 9, 9], [-1, -2, -3]]: argmax along axis 1 takes the first of equal maxima.
  %m = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 3], values = [3.0 : f32, 9.0 : f32, 9.0 : f32, -1.0 : f32, -2.0 : f32, -3.0 : f32] } : 1
  %am = corert.executeop(%cpu) "tfrt_test.argmax"(%m) { axis = 1 : i32 } : 1
  // Rank 3 [2, 2, 2]: [[[1, 5], [4, 2]], [[0, 0], [7, -1]]] -> [[1, 0], [1, 0]]
  %r3 = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2, 2, 2], values = [1 : i64, 5 : i64, 4 : i64, 2 : i64, 0 : i64, 0 : i64, 7 : i64, -1 : i64] } : 1
  %am3 = corert.executeop(%cpu) "tfrt_test.argmax"(%r3) { axis = 1 : i32 } : 1
  // Means along axis 0: [1, 3.5, 3] and, of i32 [7, 2, 4] (integers), 13 / 3 = 4.
  %mean = corert.executeop(%cpu) "tfrt_test.reduce_mean"(%m) { axis = 0 : i32 } : 1
  %v = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3], values = [7 : i32, 2 : i32, 4 : i32] } : 1
  %imean = corert.executeop(%cpu) "tfrt_test.reduce_mean"(%v) { axis = 0 : i32 } : 1
  // broadcast a [3] row to [2, 3].
  %row = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3], values = [1 : i32, 2 : i32, 3 : i32] } : 1
  %bc = corert.executeop(%cpu) "tfrt_test.broadcast"(%row) { shape = [2, 3] } : 1
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2], values = [1, 0]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 0, 1, 0]
  // CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [1.000000e+00, 3.500000e+00, 3.000000e+00]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [], values = [4]
  // CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 3], values = [1, 2, 3, 1, 2, 3]
  %ch1 = "corert.print_tensorhandle"(%am, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch2 = "corert.print_tensorhandle"(%am3, %ch1) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch3 = "corert.print_tensorhandle"(%mean, %ch2) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch4 = "corert.print_tensorhandle"(%imean, %ch3) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  %ch5 = "corert.print_tensorhandle"(%bc, %ch4) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch5 : !tfrt.chain
}
// CHECK-NEXT: 'reductions' returned !tfrt.chain value
