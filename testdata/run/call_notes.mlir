// RUN: not tfrun run --schedule=exact %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast %s 2>&1 | FileCheck %s
// A runtime error inside calls is followed by one `note: called from` per
// caller, innermost first (docs/execution.md §1.7), whatever runs the calls:
// the same lines under the exact engine (the chain is carried in the
// context) and the compiled one (its own frames, and callees compiled
// inline into their callers: @leaf and @fail are, @b is not).

func.func @leaf(%x: i32) -> i32 {
  %z = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %x, %z
  tfrt.return %q : i32
}

func.func @fail(%x: i32) -> i32 {
  %f = "tfrt_test.fail"() : () -> i32
  tfrt.return %f : i32
}

// One call deep (@leaf compiled inline into @one).
// CHECK-LABEL: --- Running 'one':
// CHECK-NEXT: {{.*}}call_notes.mlir:11:12: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %q, %r = tfrt.div.i32 %x, %z
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:31:8: note: called from
// CHECK-NEXT: %r = tfrt.call @leaf(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'one' returned <<error: Divide by zero>>
func.func @one() -> i32 {
  %c = tfrt.constant.i32 7
  %r = tfrt.call @leaf(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// Three calls deep.
func.func @b(%x: i32) -> i32 {
  %r = tfrt.call @fail(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @a(%x: i32) -> i32 {
  %r = tfrt.call @b(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'three':
// CHECK-NEXT: {{.*}}call_notes.mlir:16:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %f = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:37:8: note: called from
// CHECK-NEXT: %r = tfrt.call @fail(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:42:8: note: called from
// CHECK-NEXT: %r = tfrt.call @b(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:62:8: note: called from
// CHECK-NEXT: %r = tfrt.call @a(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'three' returned <<error: something bad happened>>
func.func @three() -> i32 {
  %c = tfrt.constant.i32 7
  %r = tfrt.call @a(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// A call in a tfrt.if region: the region runs at its op's depth (it is not
// a call), the call inside it is one.
func.func @in_if(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.if %t, %x : (i32) -> (i32) {
    %y = tfrt.call @b(%x) : (i32) -> i32
    tfrt.return %y : i32
  } else {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'if_region':
// CHECK-NEXT: {{.*}}call_notes.mlir:16:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %f = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:37:8: note: called from
// CHECK-NEXT: %r = tfrt.call @fail(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:71:10: note: called from
// CHECK-NEXT: %y = tfrt.call @b(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:95:8: note: called from
// CHECK-NEXT: %r = tfrt.call @in_if(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'if_region' returned <<error: something bad happened>>
func.func @if_region() -> i32 {
  %c = tfrt.constant.i32 1
  %r = tfrt.call @in_if(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// tfrt.while calls its body function: the while is the caller. @div_body
// has no call of its own (compiled inline into the loop), @call_body has.
func.func @div_body(%i: i32) -> (i32, i1) {
  %z = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %i, %z
  %f = tfrt.constant.i1 0
  tfrt.return %q, %f : i32, i1
}

func.func @call_body(%i: i32) -> (i32, i1) {
  %y = tfrt.call @fail(%i) : (i32) -> i32
  %f = tfrt.constant.i1 0
  tfrt.return %y, %f : i32, i1
}

func.func @loop_div(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.while %t @div_body(%x) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

func.func @loop_call(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.while %t @call_body(%x) parallel_iterations(1) : (i32) -> (i32)
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'while_inline':
// CHECK-NEXT: {{.*}}call_notes.mlir:103:12: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %q, %r = tfrt.div.i32 %i, %z
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:116:8: note: called from
// CHECK-NEXT: %r = tfrt.while %t @div_body(%x) parallel_iterations(1) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:139:8: note: called from
// CHECK-NEXT: %r = tfrt.call @loop_div(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'while_inline' returned <<error: Divide by zero>>
func.func @while_inline() -> i32 {
  %c = tfrt.constant.i32 1
  %r = tfrt.call @loop_div(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'while_calls':
// CHECK-NEXT: {{.*}}call_notes.mlir:16:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %f = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:109:8: note: called from
// CHECK-NEXT: %y = tfrt.call @fail(%i) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:122:8: note: called from
// CHECK-NEXT: %r = tfrt.while %t @call_body(%x) parallel_iterations(1) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:159:8: note: called from
// CHECK-NEXT: %r = tfrt.call @loop_call(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'while_calls' returned <<error: something bad happened>>
func.func @while_calls() -> i32 {
  %c = tfrt.constant.i32 1
  %r = tfrt.call @loop_call(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// tfrt.cond calls the branch it takes.
// CHECK-LABEL: --- Running 'cond':
// CHECK-NEXT: {{.*}}call_notes.mlir:11:12: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %q, %r = tfrt.div.i32 %x, %z
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:175:8: note: called from
// CHECK-NEXT: %r = tfrt.cond %t @fail @leaf (%c) : (i32) -> (i32)
// CHECK-NEXT: ^
// CHECK-NEXT: 'cond' returned <<error: Divide by zero>>
func.func @cond() -> i32 {
  %t = tfrt.constant.i1 0
  %c = tfrt.constant.i32 3
  %r = tfrt.cond %t @fail @leaf (%c) : (i32) -> (i32)
  tfrt.return %r : i32
}

// A body that stays on the dataflow engine under either schedule (it has a
// kernel with deferred results) calling compiled code: the compiled calls
// come first, then the context's.
// CHECK-LABEL: --- Running 'mixed':
// CHECK-NEXT: {{.*}}call_notes.mlir:16:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %f = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:37:8: note: called from
// CHECK-NEXT: %r = tfrt.call @fail(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:42:8: note: called from
// CHECK-NEXT: %r = tfrt.call @b(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:199:8: note: called from
// CHECK-NEXT: %r = tfrt.call @a(%d) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'mixed' returned <<error: something bad happened>>
func.func @mixed() -> i32 {
  %c = tfrt.constant.i32 1
  %d = "tfrt_test.async_copy.i32"(%c) : (i32) -> i32
  %r = tfrt.call @a(%d) : (i32) -> i32
  tfrt.return %r : i32
}

// An error inside a tfrt.sync function emits nothing; the kernel that
// invoked it reports it, with its own chain.
func.func @sync_fail(%a: i32, %b: i32) -> i32 attributes {tfrt.sync} {
  %e = "tfrt_test.fail_s"() : () -> i32
  tfrt.return %e : i32
}

func.func @calls_sync(%x: i32) -> i32 {
  %c = "tfrt_test.invoke_sync_function.i32_i32.i32"(%x, %x) {fn = @sync_fail} : (i32, i32) -> i32
  tfrt.return %c : i32
}

// CHECK-LABEL: --- Running 'sync':
// CHECK-NEXT: {{.*}}call_notes.mlir:211:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %c = "tfrt_test.invoke_sync_function.i32_i32.i32"(%x, %x) {fn = @sync_fail} : (i32, i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes.mlir:225:8: note: called from
// CHECK-NEXT: %r = tfrt.call @calls_sync(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'sync' returned <<error: something bad happened>>
func.func @sync() -> i32 {
  %c = tfrt.constant.i32 7
  %r = tfrt.call @calls_sync(%c) : (i32) -> i32
  tfrt.return %r : i32
}
// CHECK-NOT: {{.}}
