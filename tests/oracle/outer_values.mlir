// oracle: custom form too
// Regions of ops tfrun does not know use the values around them
// (docs/syntax.md "Regions of unknown ops"), nested several levels: a
// function's arguments and earlier values, a result of a group (%p#1), a
// block argument of an enclosing region and a value of an enclosing
// region in a deeper one. Sibling regions may define the same name (%d).
// mlir-opt numbers a block's results first, then each region from the
// numbers after them, and so does tfrun, in both forms. At module level a
// region sees the module level's values; each function is isolated.
%m = "foo.global"() : () -> i32
"foo.init"() ({
  %i = "foo.use"(%m) : (i32) -> i32
  "foo.body"() ({
    "foo.yield"(%i, %m) : (i32, i32) -> ()
  }) : () -> ()
  "foo.yield"(%i) : (i32) -> ()
}) : () -> ()
func.func @f(%x: i32, %y: i64) -> i32 {
  %a = "foo.a"(%x) : (i32) -> i32
  %p:2 = "foo.pair"() : () -> (i32, i64)
  %r = "foo.wrap"(%a) ({
  ^bb0(%b: i32):
    %c = "foo.use"(%x, %a, %b, %p#1) : (i32, i32, i32, i64) -> i32
    "foo.nest"() ({
      %d = "foo.use"(%c, %b, %y) : (i32, i32, i64) -> i32
      "foo.deeper"() ({
      ^bb0(%e: i32):
        %f = "foo.use"(%d, %c, %e, %x) : (i32, i32, i32, i32) -> i32
        "foo.yield"(%f) : (i32) -> ()
      }) : () -> ()
      "foo.yield"(%d) : (i32) -> ()
    }, {
      %d = "foo.other"(%c) : (i32) -> i32
      "foo.yield"(%d, %p#0) : (i32, i32) -> ()
    }) : () -> ()
    %g = "foo.after"(%c) : (i32) -> i32
    "foo.yield"(%g) : (i32) -> ()
  }) : (i32) -> i32
  %s = "foo.next"(%r, %x) : (i32, i32) -> i32
  "foo.again"() ({
    "foo.yield"(%s, %r, %p#0) : (i32, i32, i32) -> ()
  }) : () -> ()
  return %s : i32
}
func.func @g(%x: i32) {
  "foo.wrap"() ({
    %c = "foo.use"(%x) : (i32) -> i32
    "foo.yield"(%c) : (i32) -> ()
  }) : () -> ()
  return
}
