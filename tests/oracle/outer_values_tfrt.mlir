// A region of an unknown op uses the values around it; the regions of
// TFRT's ops inside it stay isolated and take what they need as block
// arguments (docs/language.md §2.7), and an unknown op inside one of them
// sees those arguments (docs/syntax.md "Regions of unknown ops").
func.func @f(%c: i1, %x: i32) -> i32 {
  %one = "tfrt.constant.i32"() {value = 1 : i32} : () -> i32
  %r = "foo.wrap"() ({
    %s = "tfrt.add.i32"(%x, %one) : (i32, i32) -> i32
    %t = "tfrt.if"(%c, %s) ({
    ^bb0(%a: i32):
      %u = "foo.in_if"() ({
        %v = "tfrt.add.i32"(%a, %a) : (i32, i32) -> i32
        "foo.yield"(%v) : (i32) -> ()
      }) : () -> i32
      "tfrt.return"(%u) : (i32) -> ()
    }, {
    ^bb0(%a: i32):
      "tfrt.return"(%a) : (i32) -> ()
    }) : (i1, i32) -> i32
    %w = "tfrt.add.i32"(%t, %s) : (i32, i32) -> i32
    "foo.yield"(%w) : (i32) -> ()
  }) : () -> i32
  "tfrt.return"(%r) : (i32) -> ()
}
