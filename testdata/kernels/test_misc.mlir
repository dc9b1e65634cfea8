// VARIANTS: --work-queue=mstd:2
// tfrt_test kernels about values and locations (docs/kernel-behaviour.md §5, docs/execution.md §6.6).

// get_uniqueness: %a has one use, so the kernel's operand slot holds the only
// reference; %b is also returned, so its register keeps a second one.
// CHECK-LABEL: --- Running 'uniqueness':
func.func @uniqueness() -> (i1, i1, i32) {
  %a = tfrt.constant.i32 1
  %u = "tfrt_test.get_uniqueness"(%a) : (i32) -> i1
  %b = tfrt.constant.i32 2
  %v = "tfrt_test.get_uniqueness"(%b) : (i32) -> i1
  tfrt.return %u, %v, %b : i1, i1, i32
}
// CHECK-NEXT: 'uniqueness' returned 1,0,2

// CHECK-LABEL: --- Running 'indirect':
func.func @indirect() -> (i32, f32, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.f32 0.5
  %x, %y = "tfrt_test.make_indirect"(%a, %b) : (i32, f32) -> (i32, f32)
  %z = tfrt.add.i32 %x, %x
  %ch1 = tfrt.print.i32 %z, %ch0
  %ch2 = "tfrt_test.as_chain"(%x, %y, %ch1) : (i32, f32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %x, %y, %ch2 : i32, f32, !tfrt.chain
}
// CHECK-NEXT: int32 = 6
// CHECK-NEXT: 'indirect' returned 3,5.000000e-01,!tfrt.chain value

// print_debug_info (docs/kernel-behaviour.md §5 rules): name -> the name; fused -> the names of
// its name children; call site -> the callee's name; file -> none.
// CHECK-LABEL: --- Running 'debug_info':
func.func @debug_info() {
  %ch0 = tfrt.new.chain
  %ch1 = "tfrt_test.print_debug_info"(%ch0) : (!tfrt.chain) -> !tfrt.chain loc("my_kernel")
  %ch2 = "tfrt_test.print_debug_info"(%ch1) : (!tfrt.chain) -> !tfrt.chain loc(fused["a", "file.py":1:2, "b"])
  %ch3 = "tfrt_test.print_debug_info"(%ch2) : (!tfrt.chain) -> !tfrt.chain
  %ch4 = "tfrt_test.print_debug_info"(%ch3) : (!tfrt.chain) -> !tfrt.chain loc(callsite("callee" at "caller.py":3:4))
  %ch5 = "tfrt_test.print_debug_info"(%ch4) : (!tfrt.chain) -> !tfrt.chain loc("file.py":10:20)
  %ch6 = "tfrt_test.print_debug_info"(%ch5) : (!tfrt.chain) -> !tfrt.chain loc(#alias)
  tfrt.return
}
// CHECK-NEXT: my_kernel
// CHECK-NEXT: ab
// CHECK-NEXT: Kernel has no debug info
// CHECK-NEXT: callee
// CHECK-NEXT: Kernel has no debug info
// CHECK-NEXT: aliased

// unique_loc: each op has its own location identity, so no error.
// CHECK-LABEL: --- Running 'unique_loc':
func.func @unique_loc() -> !tfrt.chain {
  %ch0 = "tfrt_test.unique_loc"() {name = "a"} : () -> !tfrt.chain loc("same")
  %ch1 = "tfrt_test.unique_loc"() {name = "b"} : () -> !tfrt.chain loc("same")
  %ch2 = tfrt.merge.chains %ch0, %ch1 : !tfrt.chain, !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}
// CHECK-NEXT: 'unique_loc' returned !tfrt.chain value

// logging writes six TFRT_LOG lines to stderr.
// CHECK-LABEL: --- Running 'logging':
func.func @logging() {
  %s = tfrt_test.get_string {value = "msg"}
  %ch = "tfrt_test.logging"(%s) : (!tfrt.string) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: {{I .*}}] from TFRT_LOG(INFO): msg
// CHECK-NEXT: {{W .*}}] from TFRT_LOG(WARNING): msg
// CHECK-NEXT: {{E .*}}] from TFRT_LOG(ERROR): msg
// CHECK-NEXT: {{I .*}}] from TFRT_LOG_IF(INFO, true): msg
// CHECK-NEXT: {{W .*}}] from TFRT_LOG_IF(WARNING, true): msg
// CHECK-NEXT: {{E .*}}] from TFRT_LOG_IF(ERROR, true): msg

// Test resources print when they are created and destroyed.
// CHECK-LABEL: --- Running 'resource':
func.func @resource() {
  %ch0 = tfrt.new.chain
  %r, %ch1 = "tfrt_test.allocate_resource"(%ch0) : (!tfrt.chain) -> (!tfrt.test.resource, !tfrt.chain)
  %ch2 = "tfrt_test.deallocate_resource"(%r, %ch1) : (!tfrt.test.resource, !tfrt.chain) -> !tfrt.chain
  %ch3 = "tfrt_test.print_hello"(%ch2) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: Allocated TestResource
// CHECK-NEXT: Destroyed TestResource
// CHECK-NEXT: tfrt_test.deallocate_resource done
// CHECK-NEXT: hello host executor!

// When deallocate_resource is skipped (error chain), the resource dies with
// its last reference: after the skipped kernel released its operands.
// CHECK-LABEL: --- Running 'resource_skipped':
func.func @resource_skipped() {
  %ch0 = tfrt.new.chain
  %r, %ch1 = "tfrt_test.allocate_resource"(%ch0) : (!tfrt.chain) -> (!tfrt.test.resource, !tfrt.chain)
  %e = "tfrt_test.error_chain"(%ch1) : (!tfrt.chain) -> !tfrt.chain // expected-error {{error chain}}
  %ch2 = "tfrt_test.deallocate_resource"(%r, %e) : (!tfrt.test.resource, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
// CHECK-NEXT: Allocated TestResource
// CHECK-NEXT: Destroyed TestResource
// CHECK-NOT: deallocate_resource done
// CHECK-LABEL: --- Running 'dense_attr':

func.func @dense_attr() {
  %ch0 = tfrt.new.chain
  %t = "tfrt_test.const_dense_attr"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> !t.tensor
  %ch1 = tfrt_dht.print_tensor %t, %ch0
  %s = "tfrt_test.const_dense_attr"() {value = dense<1.5> : tensor<3xf32>} : () -> !t.tensor
  %ch2 = tfrt_dht.print_tensor %s, %ch1
  tfrt.return
}
// CHECK-NEXT: DenseHostTensor dtype = i32, shape = [2, 2], values = [1, 2, 3, 4]
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [3], values = [1.500000e+00, 1.500000e+00, 1.500000e+00]

#alias = loc("aliased")
