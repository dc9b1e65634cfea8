// RUN: bef_executor_debug_tracing --enable_tracing --test_init_function=register_op_handlers_cpu --functions=loop %s > %t
// RUN: FileCheck %s --match-full-lines --check-prefix=BLOCK --input-file=%t
// RUN: test $(grep -c '^Scope:tf.AddV2#op_handler=cpu#$' %t) -eq 59
// RUN: not bef_executor_debug_tracing --enable_tracing --test_init_function=register_op_handlers_cpu --functions=bad %s 2>&1 | FileCheck %s --match-full-lines --check-prefix=TIE
//
// When TFRT's debug tracing sink writes (docs/tools.md §5.6). Its buffer is
// the output's block, 4096 bytes on a pipe, and is written when a line does
// not fit (whole blocks, as llvm::raw_ostream writes), before a diagnostic
// (llvm::errs() is tied to llvm::outs()) and at exit.
//
// The first run: @loop runs 60 tf.AddV2 before it prints. Its trace, by TFRT's
// scopes: 212 bytes before the loop ("Scope:Bef Executor\n" 19,
// "Scope:Function: register_op_handlers_cpu\n" 41, "End Scope\n" 10,
// "Scope:Function: loop\n" 21, the constant tensor's two scopes 52 + 49 and
// two "End Scope\n" 20), then 79 bytes per op ("Scope:tf.AddV2#op_handler=
// cpu#\n" 31, "Scope:RunDispatch: tf.AddV2\n" 28, two "End Scope\n" 20):
// 4952 bytes in all. After 49 ops, 212 + 49 * 79 = 4083 bytes: the first
// block ends 13 bytes into the 50th op's first line, "Scope:tf.AddV". It
// is written when that line is, before @loop prints, so the print's line
// is glued to "Scope:tf.AddV"; the other 4952 - 4096 = 856 bytes come at
// exit. The 50th op's line is thus split: 49 whole ones before it, 10
// after.
//
// BLOCK:      --- Running 'register_op_handlers_cpu':
// BLOCK-NEXT: --- Running 'loop':
// BLOCK-NEXT: Scope:Bef Executor
// BLOCK:      Scope:tf.AddVDenseHostTensor dtype = f32, shape = [1], values = [1.152922e+18]
// BLOCK-NEXT: 'loop' returned !tfrt.chain value
// BLOCK-NEXT: 2#op_handler=cpu#
// BLOCK-NEXT: Scope:RunDispatch: tf.AddV2
//
// The second: @bad's tf.AddV2 fails in its metadata function. The diagnostic
// writes the trace so far first, so it follows the scope it came from; the
// scopes still open close at exit.
//
// TIE:      --- Running 'register_op_handlers_cpu':
// TIE-NEXT: --- Running 'bad':
// TIE-NEXT: Scope:Bef Executor
// TIE-NEXT: Scope:Function: register_op_handlers_cpu
// TIE-NEXT: End Scope
// TIE-NEXT: Scope:Function: bad
// TIE-NEXT: Scope:tfrt_test.create_dense_tensor#op_handler=cpu#
// TIE-NEXT: Scope:RunDispatch: tfrt_test.create_dense_tensor
// TIE-NEXT: End Scope
// TIE-NEXT: End Scope
// TIE-NEXT: Scope:tfrt_test.create_dense_tensor#op_handler=cpu#
// TIE-NEXT: Scope:RunDispatch: tfrt_test.create_dense_tensor
// TIE-NEXT: End Scope
// TIE-NEXT: End Scope
// TIE-NEXT: Scope:tf.AddV2#op_handler=cpu#
// TIE-NEXT: {{.*}}debug_sink_buffer.mlir:{{[0-9]+}}:8: error: unexpected error: runtime error: Dimensions must be equal, but are 2 and 3
// TIE-NEXT: %c = corert.executeop(%cpu) "tf.AddV2"(%a, %b) : 1
// TIE-NEXT: ^
// TIE-NEXT: 'bad' returned <<error: Dimensions must be equal, but are 2 and 3>>
// TIE-NEXT: End Scope
// TIE-NEXT: End Scope
// TIE-NEXT: End Scope

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

func.func @bad() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [2], values = [1.0 : f32, 2.0 : f32] } : 1
  %b = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [3], values = [1.0 : f32, 2.0 : f32, 3.0 : f32] } : 1
  %c = corert.executeop(%cpu) "tf.AddV2"(%a, %b) : 1
  %ch1 = "corert.print_tensorhandle"(%c, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}

// 2^60 once doubled 60 times from 1.0: 1.152922e+18.
func.func @loop() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [1.0 : f32] } : 1
  %n = tfrt.constant.i32 60
  %r, %h = tfrt.repeat.i32 %n, %a, %cpu : !corert.tensorhandle, !corert.ophandler {
    %b = corert.executeop(%cpu) "tf.AddV2"(%a, %a) : 1
    tfrt.return %b, %cpu : !corert.tensorhandle, !corert.ophandler
  }
  %ch1 = "corert.print_tensorhandle"(%r, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}
