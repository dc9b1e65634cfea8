// MODE: opt
// CoreRT's custom forms (docs/language.md §2.8) print back as written, with
// TFRT's spelling: executeop's attribute dictionary in the order given, the
// result count after the colon (none for no result), the chain result of
// executeop.seq as a group of its own; corert.cond and corert.while leave
// the chain out of their type lists. A generic form the custom syntax says
// exactly prints custom.

// CHECK-LABEL: func.func @forms(%arg0: !corert.tensorhandle) -> !corert.tensorhandle {
// CHECK-NEXT:    %0 = tfrt.new.chain
// CHECK-NEXT:    %1 = corert.get_op_handler %0 "cpu"
// CHECK-NEXT:    %2 = corert.executeop(%1) "tf.Op"(%arg0) {z = 1 : i32, a = [1, 2], "with space" = "s"} : 1
// CHECK-NEXT:    corert.executeop(%1) "tf.Op"(%arg0, %2)
// CHECK-NEXT:    %3, %4:2 = corert.executeop.seq(%1, %0) "tf.Op"() : 2
// CHECK-NEXT:    %5 = corert.executeop.seq(%1, %3) "tf.Op"(%4#1)
// CHECK-NEXT:    %6 = corert.executeop(%1) "tf.Op"() {} {f = "g"} : 1
// CHECK-NEXT:    %7 = corert.executeop(%1) "tf.Op"() {k = dense<1> : tensor<2xi32>} {f = "g", h = "i"} : 1
// CHECK-NEXT:    %8 = corert.const_dense_tensor dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %9 = corert.const_string_tensor {shape = [1, 2], value = ["const", "string"]}
// CHECK-NEXT:    %10 = corert.create_dense_tensor.ui64 {shape = [1, 1], value = [1 : ui64]}
// CHECK-NEXT:    %11:2 = corert.cond %8 @pick @pick (%5, %arg0) : (!corert.tensorhandle) -> (!corert.tensorhandle)
// CHECK-NEXT:    %12:2 = corert.while @cond @pick (%11#0, %11#1) : (!corert.tensorhandle) -> (!corert.tensorhandle)
// CHECK-NEXT:    %13 = corert.register_op_handler %1 "other"
// CHECK-NEXT:    %14 = corert.executeop(%1) "tf.Op"() : 1
// CHECK-NEXT:    %15 = "corert.executeop"(%1) {op_attrs = {{\[\[}}"k", 1 : i32], ["k", 2 : i32]], op_func_attrs = [], op_name = "tf.Op"} : (!corert.ophandler) -> !corert.tensorhandle
// CHECK-NEXT:    "corert.test"() {shape = #corert.shape<1x?x3>, type = !corert.string} : () -> ()
// CHECK-NEXT:    tfrt.return %2 : !corert.tensorhandle
// CHECK-NEXT:  }
func.func @forms(%arg : !corert.tensorhandle) -> !corert.tensorhandle {
  %ch = tfrt.new.chain
  %cpu = corert.get_op_handler %ch "cpu"
  %r0 = corert.executeop(%cpu) "tf.Op"(%arg) {z = 1 : i32, a = [1, 2], "with space" = "s"} : 1
  corert.executeop(%cpu) "tf.Op"(%arg, %r0)
  %c1, %r1:2 = corert.executeop.seq(%cpu, %ch) "tf.Op"() : 2
  %c2 = corert.executeop.seq(%cpu, %c1) "tf.Op"(%r1#1)
  %r3 = corert.executeop(%cpu) "tf.Op"() {} {f = "g"} : 1
  %r4 = corert.executeop(%cpu) "tf.Op"() {k = dense<1> : tensor<2xi32>} {f = "g", h = "i"} : 1
  %d = corert.const_dense_tensor dense<[0, 1]> : tensor<2xi64>
  %s = corert.const_string_tensor {shape = [1, 2], value = ["const", "string"]}
  %u = corert.create_dense_tensor.ui64 {shape = [1, 1], value = [1 : ui64]}
  %x:2 = corert.cond %d @pick @pick (%c2, %arg) : (!corert.tensorhandle) -> (!corert.tensorhandle)
  %y:2 = corert.while @cond @pick (%x#0, %x#1) : (!corert.tensorhandle) -> (!corert.tensorhandle)
  %reg = corert.register_op_handler %cpu "other"
  // The generic form: custom when it can be, generic when a key repeats.
  %g1 = "corert.executeop"(%cpu) {op_attrs = [], op_func_attrs = [], op_name = "tf.Op"} : (!corert.ophandler) -> !corert.tensorhandle
  %g2 = "corert.executeop"(%cpu) {op_attrs = [["k", 1 : i32], ["k", 2 : i32]], op_func_attrs = [], op_name = "tf.Op"} : (!corert.ophandler) -> !corert.tensorhandle
  // The corert dialect takes ops it does not define, as TFRT's does.
  "corert.test"() {shape = #corert.shape<1x?x3>, type = !corert.string} : () -> ()
  tfrt.return %r0 : !corert.tensorhandle
}

func.func @pick(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  tfrt.return %ch, %x : !tfrt.chain, !corert.tensorhandle
}

func.func @cond(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  tfrt.return %ch, %x : !tfrt.chain, !corert.tensorhandle
}

// CHECK-LABEL: func.func @sync() attributes {tfrt.sync} {
// CHECK-NEXT:    %0 = corert_sync.get_op_handler "cpu"
// CHECK-NEXT:    %1 = corert_sync.executeop(%0) "tfrt_test.create_dense_tensor"() {shape = [1], values = [1 : i32]} : 1
func.func @sync() attributes {tfrt.sync} {
  %cpu = corert_sync.get_op_handler "cpu"
  %r = corert_sync.executeop(%cpu) "tfrt_test.create_dense_tensor"() {shape = [1], values = [1 : i32]} : 1
  tfrt.return
}
