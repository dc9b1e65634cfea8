// Nested and sibling regions: mlir-opt numbers a block's own results
// first, then each region from the counters as they were before it, so
// sibling regions reuse %2 and %arg1.
func.func @f(%c: i1) -> i32 {
  %0 = "x.if"(%c) ({
  ^bb0(%p: i32):
    %a = "x.v"() : () -> i32
    %n = "x.nest"(%a) ({
    ^bb0(%q: i32):
      %d = "x.v"() : () -> i32
      "tfrt.return"(%d) : (i32) -> ()
    }) : (i32) -> i32
    "tfrt.return"(%n) : (i32) -> ()
  }, {
  ^bb0(%r: i32):
    %b = "x.v"() : () -> i32
    %b2 = "x.v"() : () -> i32
    "tfrt.return"(%b) : (i32) -> ()
  }) : (i1) -> i32
  %1 = "x.v"() : () -> i32
  "tfrt.return"(%1) : (i32) -> ()
}
