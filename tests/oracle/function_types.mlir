// Function types as value types (docs/syntax.md): arguments of functions
// and of blocks, results of ops and of functions, nested in function types
// and in tuples; a single result that is a function type is parenthesised.
func.func @f(%g: (i32) -> i32, %h: () -> (), %k: (i32, f32) -> (i64, i1)) -> ((i32) -> i64) {
  %0 = "foo.op"() : () -> ((i32) -> i64)
  %1 = "foo.op"(%g) : ((i32) -> i32) -> tuple<(i32) -> i32, i64>
  %2:2 = "foo.op"() : () -> ((i32) -> i64, () -> ((i1) -> i1))
  "foo.r"(%h, %k) ({
  ^bb0(%a: (i32) -> i32, %b: i1):
    "foo.y"(%a) : ((i32) -> i32) -> ()
  }) {t = (i32) -> ((i1) -> i1), u = tuple<() -> ()>, v = [(i32) -> i32]} : (() -> (), (i32, f32) -> (i64, i1)) -> ()
  "tfrt.return"(%0) : ((i32) -> i64) -> ()
}
func.func private @d((i32) -> i32) -> (() -> ())
