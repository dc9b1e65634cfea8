// RUN: tfrt_opt -tfrt-print-stream %s 2>&1 >/dev/null | FileCheck %s
// The remarks as TFRT's pass words them, on stderr without
// --verify-diagnostics (the module is still printed, on stdout): the
// function first, then its ops in order; an op that starts streams lists
// them as `child streams`, in the order of their first ops. The streams
// are those of print_stream.mlir.

// CHECK:      print_stream_text.mlir:[[#@LINE+1]]:1: remark: stream id: 0, stream cost: 2, parent stream: -1, child streams: [4, 1]{{$}}
func.func @from_root() {
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:10: remark: stream id: 4, stream cost: 2, parent stream: 0{{$}}
  %ch0 = tfrt.new.chain
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:8: remark: stream id: 1, stream cost: 4, parent stream: 0, child streams: [2]{{$}}
  %x = tfrt.constant.i32 42
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:9: remark: stream id: 4, stream cost: 2, parent stream: 0{{$}}
  %c1 = tfrt.constant.i32 1
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:10: remark: stream id: 1, stream cost: 4, parent stream: 0{{$}}
  %ch1 = tfrt.print.i32 %x, %ch0
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:8: remark: stream id: 2, stream cost: 1, parent stream: 1{{$}}
  %y = tfrt_test.do.async %x, %c1 : (i32, i32) -> (i32) {
    // CHECK-NOT: remark
    %y_res = tfrt.add.i32 %x, %c1
    tfrt.return %y_res : i32
  }
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:10: remark: stream id: 1, stream cost: 4, parent stream: 0{{$}}
  %ch2 = tfrt.print.i32 %x, %ch1
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:10: remark: stream id: 1, stream cost: 4, parent stream: 0{{$}}
  %ch3 = tfrt.print.i32 %y, %ch2
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:3: remark: stream id: 0, stream cost: 2, parent stream: -1{{$}}
  tfrt.return
}

// Stream ids are creation numbers, not first-use order: %x starts 3 (%y)
// before 2 (%z).
// CHECK:      print_stream_text.mlir:[[#@LINE+1]]:1: remark: stream id: 1, stream cost: 5, parent stream: -1{{$}}
func.func @fixed_costs(%a: i32) -> i32 attributes {tfrt.cost_threshold = 5 : i64} {
  // CHECK:      print_stream_text.mlir:[[#@LINE+1]]:8: remark: stream id: 1, stream cost: 5, parent stream: -1, child streams: [3, 2]{{$}}
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 2 : i64} : i32
  %y = tfrt_test.test_cost %x {id = 1 : i64, _tfrt_cost = 6 : i64} : i32
  %z = tfrt_test.test_cost %x {id = 2 : i64, _tfrt_cost = 7 : i64} : i32
  %w = tfrt_test.test_cost %x {id = 3 : i64, _tfrt_cost = 1 : i64} : i32
  tfrt.return %x : i32
}
