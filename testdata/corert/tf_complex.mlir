// ARGS: --init-function=register_op_handlers_cpu
// The cpu op handler's arithmetic on complex tensors, and the dtypes its
// dispatch leaves out (docs/kernel-behaviour.md §14): TFRT registers
// tf.AddV2, tf.Sub, tf.Mul and tf.RealDiv for the integers, f16, f32, f64,
// complex64 and complex128, so bf16 and i1 are errors. Complex values in
// dense attributes (as tf.Const reads them) were once read as zeros.

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

// CHECK-LABEL: --- Running 'complex_arithmetic':
func.func @complex_arithmetic() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tf.Const"() {value = dense<[(1.0, 2.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>} : 1
  %b = corert.executeop(%cpu) "tf.Const"() {value = dense<[(0.5, 0.5), (2.0, 0.0)]> : tensor<2xcomplex<f32>>} : 1
  // (1+2i)(0.5+0.5i) = 0.5 - 1 + (0.5 + 1)i; (1+2i)/(0.5+0.5i) =
  // (1+2i)(0.5-0.5i)/0.5 = (1.5+0.5i)/0.5 = 3+i; (3-i)/2 = 1.5-0.5i.
  %add = corert.executeop(%cpu) "tf.AddV2"(%a, %b) : 1
  %sub = corert.executeop(%cpu) "tf.Sub"(%a, %b) : 1
  %mul = corert.executeop(%cpu) "tf.Mul"(%a, %b) : 1
  %div = corert.executeop(%cpu) "tf.RealDiv"(%a, %b) : 1
  // [2, 1] * [2] -> [2, 2]: (1+i)i = -1+i, (1+i)1, 2i, 2.
  %d = corert.executeop(%cpu) "tf.Const"() {value = dense<[[(1.0, 1.0)], [(2.0, 0.0)]]> : tensor<2x1xcomplex<f64>>} : 1
  %e = corert.executeop(%cpu) "tf.Const"() {value = dense<[(0.0, 1.0), (1.0, 0.0)]> : tensor<2xcomplex<f64>>} : 1
  %de = corert.executeop(%cpu) "tf.Mul"(%d, %e) : 1
  // CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2], values = [(1.000000e+00,2.000000e+00), (3.000000e+00,-1.000000e+00)]
  // CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2], values = [(1.500000e+00,2.500000e+00), (5.000000e+00,-1.000000e+00)]
  // CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2], values = [(5.000000e-01,1.500000e+00), (1.000000e+00,-1.000000e+00)]
  // CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2], values = [(-5.000000e-01,1.500000e+00), (6.000000e+00,-2.000000e+00)]
  // CHECK-NEXT: DenseHostTensor dtype = complex64, shape = [2], values = [(3.000000e+00,1.000000e+00), (1.500000e+00,-5.000000e-01)]
  // CHECK-NEXT: DenseHostTensor dtype = complex128, shape = [2, 2], values = [(-1.000000e+00,1.000000e+00), (1.000000e+00,1.000000e+00), (0.000000e+00,2.000000e+00), (2.000000e+00,0.000000e+00)]
  %ch1 = corert.executeop.seq(%cpu, %ch0) "tfrt_test.print"(%a) : 0
  %ch2 = corert.executeop.seq(%cpu, %ch1) "tfrt_test.print"(%add) : 0
  %ch3 = corert.executeop.seq(%cpu, %ch2) "tfrt_test.print"(%sub) : 0
  %ch4 = corert.executeop.seq(%cpu, %ch3) "tfrt_test.print"(%mul) : 0
  %ch5 = corert.executeop.seq(%cpu, %ch4) "tfrt_test.print"(%div) : 0
  %ch6 = corert.executeop.seq(%cpu, %ch5) "tfrt_test.print"(%de) : 0
  tfrt.return %ch6 : !tfrt.chain
}
// CHECK-NEXT: 'complex_arithmetic' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'dispatch_errors':
func.func @dispatch_errors() -> (!corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle) {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %h = corert.executeop(%cpu) "tf.Const"() {value = dense<[1.5, 2.0]> : tensor<2xbf16>} : 1
  %b = corert.executeop(%cpu) "tf.Const"() {value = dense<[true, false]> : tensor<2xi1>} : 1
  %c = corert.executeop(%cpu) "tf.Const"() {value = dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>} : 1
  %x = corert.executeop(%cpu) "tf.AddV2"(%h, %h) : 1 // expected-error {{runtime error: Unsupported input dtype: bf16}}
  %y = corert.executeop(%cpu) "tf.Mul"(%b, %b) : 1 // expected-error {{runtime error: Unsupported input dtype: i1}}
  %z = corert.executeop(%cpu) "tf.Less"(%c, %c) : 1 // expected-error {{runtime error: Unsupported input dtype: complex64}}
  tfrt.return %x, %y, %z : !corert.tensorhandle, !corert.tensorhandle, !corert.tensorhandle
}
// CHECK-NEXT: 'dispatch_errors' returned <<error: Unsupported input dtype: bf16>>,<<error: Unsupported input dtype: i1>>,<<error: Unsupported input dtype: complex64>>
