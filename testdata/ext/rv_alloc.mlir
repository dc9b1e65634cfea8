// ARGS: --work-queue=s --host-allocator=test_fixed_size_1k
// VARIANTS: --work-queue=mstd:2
// A tensor in a variable is a copy, allocated through the host allocator
// like every tensor (docs/execution.md §1.10): 100 i32 elements take
// 64 + 400 = 464 bytes, so a 1 KiB allocator holds the tensor and the
// variable's copy, but not a third copy for a snapshot. (rv_alloc.mstd.mlir:
// the same on mstd:2.)

// CHECK-LABEL: --- Running 'no_room_to_read':
func.func @no_room_to_read() -> (!t.tensor, !rv.var, !t.tensor) {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [100 : i64]
  %v, %ch1 = "rv.create"(%t, %ch0) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain)
  %r, %ch2 = "rv.read"(%v, %ch1) : (!rv.var, !tfrt.chain) -> (!t.tensor, !tfrt.chain) // expected-error {{rv.read: cannot allocate tensor}}
  tfrt.return %t, %v, %r : !t.tensor, !rv.var, !t.tensor
}
// CHECK: Allocating 464 bytes. 560 remaining.
// CHECK: Allocating 464 bytes. 96 remaining.
// CHECK: Attempted to allocate 464 bytes. However current capacity is only 96.
// CHECK: 'no_room_to_read' returned !t.tensor value,!rv.var value,<<error: rv.read: cannot allocate tensor>>
// CHECK-DAG: Freeing 464 bytes. 560 available.
// CHECK-DAG: Freeing 464 bytes. 1024 available.

// 150 elements take 664 bytes: the tensor fits, its copy does not.
// CHECK-LABEL: --- Running 'no_room_to_create':
func.func @no_room_to_create() -> (!t.tensor, !rv.var) {
  %ch0 = tfrt.new.chain
  %t = tfrt_dht.create_uninitialized_tensor.i32.1 [150 : i64]
  %v, %ch1 = "rv.create"(%t, %ch0) : (!t.tensor, !tfrt.chain) -> (!rv.var, !tfrt.chain) // expected-error {{rv.create: cannot allocate tensor}}
  tfrt.return %t, %v : !t.tensor, !rv.var
}
// CHECK: Allocating 664 bytes. 360 remaining.
// CHECK: Attempted to allocate 664 bytes. However current capacity is only 360.
// CHECK: 'no_room_to_create' returned !t.tensor value,<<error: rv.create: cannot allocate tensor>>
// CHECK: Freeing 664 bytes. 1024 available.
