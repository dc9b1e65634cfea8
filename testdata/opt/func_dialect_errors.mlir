// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// func.return and func.call are checked as mlir-opt-16 checks them, in its
// words (docs/syntax.md "The func dialect").

func.func @count(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@count) returns 1}}
  return
}

// -----

func.func @type(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @type}}
  return %b : i64
}

// -----

func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @caller(%a: i32) -> i32 {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %x = call @callee(%a, %a) : (i32, i32) -> i32
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  %y = call @missing(%a) : (i32) -> i32
  return %a : i32
}

// -----

// Only a function body ends in func.return.
func.func @nested(%a: i32) {
  "foo.s"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }) : () -> ()
  return
}

// -----

// func is the default dialect in a func.func body and in the regions of
// ops in generic form there, not in the region of a custom op.
func.func @region(%c: i1) {
  tfrt.if %c : () -> () {
    // expected-error@+2 {{custom op 'return' is unknown}}
    // expected-note@+1 {{'return' stands for 'func.return' only in a func.func body (and the regions of ops in generic form there)}}
    return
  }
  return
}

// -----

// Nor in a function in generic form (mlir-opt says so too).
"func.func"() ({
  // expected-error@+1 {{custom op 'call' is unknown}}
  call @g() : () -> ()
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "g"} : () -> ()
