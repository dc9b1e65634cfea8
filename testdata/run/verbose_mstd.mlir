// ARGS: -verbose -work_queue_type=mstd:3,5 -host_allocator_type=malloc

// CHECK:      Choosing malloc.
// CHECK-NEXT: Choosing Multi-threaded C++ work queue (3 threads, 5 blocking threads) work queue.
// CHECK-NEXT: Choosing fast schedule: auto: every conflicting pair of effects is ordered.
// CHECK-NEXT: --- Running 'f':
func.func @f() {
  tfrt.return
}
