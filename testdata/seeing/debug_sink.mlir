// RUN: bef_executor_debug_tracing --enable_tracing --test_init_function=register_op_handlers_cpu %s > %t.pipe
// RUN: FileCheck %s --match-full-lines --input-file=%t.pipe
// RUN: test $(wc -l < %t.pipe) -eq 23
// RUN: bef_executor_debug_tracing --enable_tracing --tracing_level=verbose --test_init_function=register_op_handlers_cpu %s | FileCheck %s --match-full-lines --check-prefix=VERB
// RUN: bef_executor_debug_tracing --enable_tracing --tracing_level=debug --test_init_function=register_op_handlers_cpu %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: bef_executor_debug_tracing --enable_tracing --tracing_level=debug --test_init_function=register_op_handlers_cpu %s 2>/dev/null | FileCheck %s --match-full-lines --check-prefix=VERB
// RUN: bef_executor_debug_tracing --test_init_function=register_op_handlers_cpu %s | FileCheck %s --check-prefix=OFF --implicit-check-not=Scope
// RUN: tfrun run --enable_tracing --tracing-sink=debug --verbose --test_init_function=register_op_handlers_cpu %s 2>&1 >/dev/null | FileCheck %s --check-prefix=EXACT
// RUN: script -qec "tfrun run --enable_tracing --tracing-sink=debug --test_init_function=register_op_handlers_cpu %s" /dev/null < /dev/null | FileCheck %s --check-prefix=TTY
// RUN: not tfrun run --tracing-sink=json %s 2>&1 | FileCheck %s --check-prefix=SINK
//
// TFRT's debug tracing sink (bef_executor_debug_tracing, tfrun run
// --tracing-sink=debug; docs/tools.md §5.6). Scopes, as TFRT opens them: the
// driver's run ("Bef Executor"), each function it runs ("Function: NAME";
// none for one it does not run), each CoreRT op run through
// corert.executeop ("OP#op_handler=cpu#", the handler's own name) and
// inside it the handler's computation ("RunDispatch: OP"); at level verbose
// also the op's metadata function ("RunMetadataFunction"). A synchronous
// function gets its function scope and nothing inside. Level debug is
// clamped to verbose, with TFRT's warning, as in TFRT's default build.
//
// The lines are written to their own buffer, the size of the output's
// block (4096 on a pipe), and flushed when it fills and at exit: under a
// pipe this short run prints all of its output first, then all 16 trace
// lines (7 + 16 = 23 lines). On a terminal (script) nothing is buffered
// and the lines come where they happen.

// CHECK:      --- Running 'register_op_handlers_cpu':
// CHECK-NEXT: --- Running 'ops':
// CHECK-NEXT: DenseHostTensor dtype = f32, shape = [1], values = [4.000000e+00]
// CHECK-NEXT: 'ops' returned !tfrt.chain value
// CHECK-NEXT: --- Not running 'with_args' because it has arguments.
// CHECK-NEXT: --- Running 'sync_fn':
// CHECK-NEXT: 'sync_fn' returned 3
// CHECK-NEXT: Scope:Bef Executor
// CHECK-NEXT: Scope:Function: register_op_handlers_cpu
// CHECK-NEXT: End Scope
// CHECK-NEXT: Scope:Function: ops
// CHECK-NEXT: Scope:tfrt_test.create_dense_tensor#op_handler=cpu#
// CHECK-NEXT: Scope:RunDispatch: tfrt_test.create_dense_tensor
// CHECK-NEXT: End Scope
// CHECK-NEXT: End Scope
// CHECK-NEXT: Scope:tf.AddV2#op_handler=cpu#
// CHECK-NEXT: Scope:RunDispatch: tf.AddV2
// CHECK-NEXT: End Scope
// CHECK-NEXT: End Scope
// CHECK-NEXT: End Scope
// CHECK-NEXT: Scope:Function: sync_fn
// CHECK-NEXT: End Scope
// CHECK-NEXT: End Scope

// VERB:      'sync_fn' returned 3
// VERB-NEXT: Scope:Bef Executor
// VERB-NEXT: Scope:Function: register_op_handlers_cpu
// VERB-NEXT: End Scope
// VERB-NEXT: Scope:Function: ops
// VERB-NEXT: Scope:tfrt_test.create_dense_tensor#op_handler=cpu#
// VERB-NEXT: Scope:RunMetadataFunction
// VERB-NEXT: End Scope
// VERB-NEXT: Scope:RunDispatch: tfrt_test.create_dense_tensor
// VERB-NEXT: End Scope
// VERB-NEXT: End Scope
// VERB-NEXT: Scope:tf.AddV2#op_handler=cpu#
// VERB-NEXT: Scope:RunMetadataFunction
// VERB-NEXT: End Scope
// VERB-NEXT: Scope:RunDispatch: tf.AddV2
// VERB-NEXT: End Scope
// VERB-NEXT: End Scope
// VERB-NEXT: End Scope
// VERB-NEXT: Scope:Function: sync_fn
// VERB-NEXT: End Scope
// VERB-NEXT: End Scope

// WARN: W {{.*}} tracing.cc:101] Tracing level 'debug' clamped to TFRT_MAX_TRACING_LEVEL ('verbose')

// Without --enable_tracing the sink prints nothing.
// OFF: 'sync_fn' returned 3

// Under auto the run is exact: the lines follow the kernels' order.
// EXACT: Choosing exact schedule: the debug tracing sink's lines follow the kernels' order.

// TTY:      Scope:Bef Executor
// TTY-NEXT: --- Running 'register_op_handlers_cpu':
// TTY-NEXT: Scope:Function: register_op_handlers_cpu
// TTY-NEXT: End Scope
// TTY-NEXT: --- Running 'ops':
// TTY-NEXT: Scope:Function: ops
// TTY-NEXT: Scope:tfrt_test.create_dense_tensor#op_handler=cpu#
// TTY-NEXT: Scope:RunDispatch: tfrt_test.create_dense_tensor
// TTY-NEXT: End Scope
// TTY-NEXT: End Scope
// TTY-NEXT: Scope:tf.AddV2#op_handler=cpu#
// TTY-NEXT: Scope:RunDispatch: tf.AddV2
// TTY-NEXT: End Scope
// TTY-NEXT: End Scope
// TTY-NEXT: DenseHostTensor dtype = f32, shape = [1], values = [4.000000e+00]
// TTY-NEXT: 'ops' returned !tfrt.chain value
// TTY-NEXT: End Scope
// TTY-NEXT: --- Not running 'with_args' because it has arguments.
// TTY-NEXT: --- Running 'sync_fn':
// TTY-NEXT: Scope:Function: sync_fn
// TTY-NEXT: 'sync_fn' returned 3
// TTY-NEXT: End Scope
// TTY-NEXT: End Scope

// SINK: tfrun: invalid tracing sink 'json' (want chrome or debug)

func.func @register_op_handlers_cpu() {
  %null = "corert.create_null_op_handler"() : () -> !corert.ophandler
  %cpu = "corert.create_cpu_op_handler"(%null) : (!corert.ophandler) -> !corert.ophandler
  corert.register_op_handler %cpu "cpu"
  tfrt.return
}

func.func @ops() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %cpu = corert.get_op_handler %ch0 "cpu"
  %a = corert.executeop(%cpu) "tfrt_test.create_dense_tensor"() { shape = [1], values = [2.0 : f32] } : 1
  %b = corert.executeop(%cpu) "tf.AddV2"(%a, %a) : 1
  %ch1 = "corert.print_tensorhandle"(%b, %ch0) : (!corert.tensorhandle, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}

func.func @with_args(%x: i32) -> i32 {
  tfrt.return %x : i32
}

func.func @sync_fn() -> i32 attributes {tfrt.sync} {
  %x = tfrt.constant_s.i32 1
  %y = tfrt.constant_s.i32 2
  %z = "tfrt.add_s.i32"(%x, %y) : (i32, i32) -> i32
  tfrt.return %z : i32
}
