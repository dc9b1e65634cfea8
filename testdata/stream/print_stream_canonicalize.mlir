// RUN: tfrt_opt -canonicalize -tfrt-print-stream -verify-diagnostics %s
// tfrun runs its passes in one order, -inline, -canonicalize, then
// -tfrt-print-stream (docs/tools.md §1.4): the remarks describe the
// canonical program. The unused constant is gone and has no remark; the
// rest is one stream of cost 1 (R) + 1 + 1 (no threshold: every op costs 1).

// expected-remark@+1 {{stream id: 0, stream cost: 3, parent stream: -1}}
func.func @canon() -> i32 {
  %unused = tfrt.constant.i32 7
  // expected-remark@+1 {{stream id: 0, stream cost: 3, parent stream: -1}}
  %x = tfrt.constant.i32 1
  // expected-remark@+1 {{stream id: 0, stream cost: 3, parent stream: -1}}
  tfrt.return %x : i32
}
