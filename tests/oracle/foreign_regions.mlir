// Regions of ops tfrun does not know end as their dialect says: any
// terminator or none, as mlir-opt-16 reads them (docs/language.md §4).
func.func @f() {
  "x.op"() ({
    "x.yield"() : () -> ()
  }) : () -> ()
  "x.op2"() ({
  ^bb0(%a: i32):
    %b = "x.inc"(%a) : (i32) -> i32
    "x.yield"(%b) : (i32) -> ()
  }, {
  }) : () -> ()
  "tfrt.return"() : () -> ()
}
