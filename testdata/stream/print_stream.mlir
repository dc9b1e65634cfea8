// RUN: tfrt_opt -tfrt-print-stream -verify-diagnostics -split-input-file %s
// -tfrt-print-stream (docs/tools.md §1.4): a remark at each function (its
// stream is R's) and at each op of its body, worked out by hand with the
// rules of docs/execution.md §6.2. `expected-remark` matches a substring,
// so the child stream lists are checked in print_stream_text.mlir.

// No threshold (from-root mode, T = max cfr = 4), the body of
// docs/execution.md §6.7's async_add: {ret, R} = 0 (cost 2), {k2, k4, k6,
// k7} = 1 (cost 4), {k5} = 2 (cost 1, started by k2), {k1, k3} = 4 (cost 2;
// k3's stream 3 merged into it). The ops in do.async's region get no
// remark: TFRT's pass walks the function body only.
// expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
func.func @from_root() {
  // expected-remark@+1 {{stream id: 4, stream cost: 2, parent stream: 0}}
  %ch0 = tfrt.new.chain
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %x = tfrt.constant.i32 42
  // expected-remark@+1 {{stream id: 4, stream cost: 2, parent stream: 0}}
  %c1 = tfrt.constant.i32 1
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %ch1 = tfrt.print.i32 %x, %ch0
  // expected-remark@+1 {{stream id: 2, stream cost: 1, parent stream: 1}}
  %y = tfrt_test.do.async %x, %c1 : (i32, i32) -> (i32) {
    %y_res = tfrt.add.i32 %x, %c1
    tfrt.return %y_res : i32
  }
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %ch2 = tfrt.print.i32 %x, %ch1
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %ch3 = tfrt.print.i32 %y, %ch2
  // expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
  tfrt.return
}

// The same body with threshold 1 (plain mode): nothing merges, k3 keeps a
// stream of its own (3) and every op costs 1.
// expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
func.func @threshold_1() attributes {tfrt.cost_threshold = 1 : i64} {
  // expected-remark@+1 {{stream id: 4, stream cost: 1, parent stream: 0}}
  %ch0 = tfrt.new.chain
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %x = tfrt.constant.i32 42
  // expected-remark@+1 {{stream id: 3, stream cost: 1, parent stream: 0}}
  %c1 = tfrt.constant.i32 1
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %ch1 = tfrt.print.i32 %x, %ch0
  // expected-remark@+1 {{stream id: 2, stream cost: 1, parent stream: 1}}
  %y = tfrt_test.do.async %x, %c1 : (i32, i32) -> (i32) {
    %y_res = tfrt.add.i32 %x, %c1
    tfrt.return %y_res : i32
  }
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %ch2 = tfrt.print.i32 %x, %ch1
  // expected-remark@+1 {{stream id: 1, stream cost: 4, parent stream: 0}}
  %ch3 = tfrt.print.i32 %y, %ch2
  // expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
  tfrt.return
}

// A function of one op: the return and R, stream 0 of cost 2.
// expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
func.func @one_op() {
  // expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
  tfrt.return
}

// A declaration has no body and gets no remark.
func.func private @native_add(i32, i32) -> i32 attributes {tfrt.native}

// -----

// Fixed costs (_tfrt_cost) in plain mode, T = 5: %x's users %y (6) and %z
// (7) stay streams of their own (3 and 2); the cheap %w starts the groups
// and the return's stream 0 merges into it, so R's stream is 1, of cost
// 1 (R) + 2 (%x) + 1 (%w) + 1 (return).
// expected-remark@+1 {{stream id: 1, stream cost: 5, parent stream: -1}}
func.func @fixed_costs(%a: i32) -> i32 attributes {tfrt.cost_threshold = 5 : i64} {
  // expected-remark@+1 {{stream id: 1, stream cost: 5, parent stream: -1}}
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 2 : i64} : i32
  // expected-remark@+1 {{stream id: 3, stream cost: 6, parent stream: 1}}
  %y = tfrt_test.test_cost %x {id = 1 : i64, _tfrt_cost = 6 : i64} : i32
  // expected-remark@+1 {{stream id: 2, stream cost: 7, parent stream: 1}}
  %z = tfrt_test.test_cost %x {id = 2 : i64, _tfrt_cost = 7 : i64} : i32
  // expected-remark@+1 {{stream id: 1, stream cost: 5, parent stream: -1}}
  %w = tfrt_test.test_cost %x {id = 3 : i64, _tfrt_cost = 1 : i64} : i32
  // expected-remark@+1 {{stream id: 1, stream cost: 5, parent stream: -1}}
  tfrt.return %x : i32
}

// -----

// The module's threshold (3) for a body with a region: every op but the
// return costs 3. %one has no scheduled user (the print's parent is the
// repeat, of larger cfr) and is stream 1; the rest is R's stream 0, of cost
// 1 + 3 + 3 + 1. Nothing in the repeat's body gets a remark.
module attributes {tfrt.cost_threshold = 3 : i64} {
  // expected-remark@+1 {{stream id: 0, stream cost: 8, parent stream: -1}}
  func.func @module_threshold(%n: i32, %ch0: !tfrt.chain) -> !tfrt.chain {
    // expected-remark@+1 {{stream id: 1, stream cost: 3, parent stream: 0}}
    %one = tfrt.constant.i32 1
    // expected-remark@+1 {{stream id: 0, stream cost: 8, parent stream: -1}}
    %ch1 = tfrt.repeat.i32 %n, %ch0 : !tfrt.chain {
      %c = tfrt.constant.i32 7
      %ch2 = tfrt.print.i32 %c, %ch0
      tfrt.return %ch2 : !tfrt.chain
    }
    // expected-remark@+1 {{stream id: 0, stream cost: 8, parent stream: -1}}
    %ch3 = tfrt.print.i32 %one, %ch1
    // expected-remark@+1 {{stream id: 0, stream cost: 8, parent stream: -1}}
    tfrt.return %ch3 : !tfrt.chain
  }
}

// -----

// The body of testdata/run/order_default.mlir, whose run prints id 0, id 2,
// id 1: %x is in %a's stream (3, run inline), %z's stream (1) was created
// before %y's (2), so its task comes first.
// expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
func.func @order() {
  // expected-remark@+1 {{stream id: 3, stream cost: 2, parent stream: 0}}
  %a = tfrt.constant.i32 1
  // expected-remark@+1 {{stream id: 3, stream cost: 2, parent stream: 0}}
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 1 : i64} : i32
  // expected-remark@+1 {{stream id: 2, stream cost: 1, parent stream: 3}}
  %y = tfrt_test.test_cost %a {id = 1 : i64, _tfrt_cost = 1 : i64} : i32
  // expected-remark@+1 {{stream id: 1, stream cost: 1, parent stream: 3}}
  %z = tfrt_test.test_cost %a {id = 2 : i64, _tfrt_cost = 1 : i64} : i32
  // expected-remark@+1 {{stream id: 0, stream cost: 2, parent stream: -1}}
  tfrt.return
}

// -----

// A function's tfrt.cost_threshold of 0 leaves T unset for its body even
// under the module's 10 (TFRT reads the function's attribute whenever it is
// there): from-root mode, T = max cfr = 18. cfr: %x 1+6 = 7, %y and %z
// 1+2 = 3, %w 7+10 = 17 (parent %x), return 18. Backward: {ret} = 0 (1);
// %w joins 0 (17+1 >= 18; cost 11); %z = 1 (2), %y = 2 (2); %x joins 0
// (7+11 >= 18; cost 17); R: 0 is above (1+17), %y's stream 2 starts a
// group, %z's 1 merges into it (1+2+2 < 18; cost 4); R joins 0 (18).
// With T = 10 (the module's) all of them would be in stream 0, cost 22.
module attributes {tfrt.cost_threshold = 10 : i64} {
// expected-remark@+1 {{stream id: 0, stream cost: 18, parent stream: -1}}
func.func @zero_is_unset(%a: i32) -> i32 attributes {tfrt.cost_threshold = 0} {
  // expected-remark@+1 {{stream id: 0, stream cost: 18, parent stream: -1}}
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 6 : i64} : i32
  // expected-remark@+1 {{stream id: 2, stream cost: 4, parent stream: 0}}
  %y = tfrt_test.test_cost %a {id = 1 : i64, _tfrt_cost = 2 : i64} : i32
  // expected-remark@+1 {{stream id: 2, stream cost: 4, parent stream: 0}}
  %z = tfrt_test.test_cost %a {id = 2 : i64, _tfrt_cost = 2 : i64} : i32
  // expected-remark@+1 {{stream id: 0, stream cost: 18, parent stream: -1}}
  %w = tfrt_test.test_cost %x, %y, %z {id = 3 : i64, _tfrt_cost = 10 : i64} : i32, i32, i32
  // expected-remark@+1 {{stream id: 0, stream cost: 18, parent stream: -1}}
  tfrt.return %w : i32
}
}
