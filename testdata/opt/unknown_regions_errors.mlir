// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// What a region of an unknown op may not use or define (docs/syntax.md
// "Regions of unknown ops"), as mlir-opt-16 rejects it, and where tfrun
// reads more strictly.

// A value of the block around the op, defined after it: mlir-opt's
// 'operand #0 does not dominate this use'. tfrun reads in order.
func.func @later() {
  "foo.w"() ({
    // expected-error@+1 {{use of undeclared SSA value name '%z'}}
    "foo.u"(%z) : (i32) -> ()
  }) : () -> ()
  %z = "foo.c"() : () -> i32
  tfrt.return
}

// -----

// The op's own result (mlir-opt: does not dominate).
func.func @own() {
  %r = "foo.w"() ({
    // expected-error@+1 {{use of undeclared SSA value name '%r'}}
    "foo.u"(%r) : (i32) -> ()
  }) : () -> i32
  tfrt.return
}

// -----

// mlir-opt-16 reads the region of an unregistered op as a graph region,
// where a use may come before its definition; tfrun reads it in order.
func.func @graph() {
  "foo.w"() ({
    // expected-error@+1 {{use of undeclared SSA value name '%late'}}
    "foo.u"(%late) : (i32) -> ()
    %late = "foo.c"() : () -> i32
  }) : () -> ()
  tfrt.return
}

// -----

// One name, one value up to the nearest isolated op: an outer name is not
// defined again inside (no shadowing, as in MLIR) ...
func.func @shadow(%x: i32) {
  "foo.w"() ({
    // expected-error@+1 {{redefinition of SSA value '%x'}}
    %x = "foo.c"() : () -> i32
  }) : () -> ()
  tfrt.return
}

// -----

// ... nor as a block argument.
func.func @shadow_arg(%x: i32) {
  %y = tfrt.add.i32 %x, %x
  "foo.w"() ({
  // expected-error@+1 {{redefinition of SSA value '%y'}}
  ^bb0(%y: i32):
    "foo.yield"() : () -> ()
  }) : () -> ()
  tfrt.return
}

// -----

// A sibling region's values are not seen.
func.func @sibling() {
  "foo.w"() ({
    %a = "foo.c"() : () -> i32
    "foo.yield"() : () -> ()
  }, {
    // expected-error@+1 {{use of undeclared SSA value name '%a'}}
    "foo.u"(%a) : (i32) -> ()
  }) : () -> ()
  tfrt.return
}

// -----

// Each function is isolated: another function's values are not there.
func.func @one(%x: i32) {
  tfrt.return
}
func.func @two() {
  "foo.w"() ({
    // expected-error@+1 {{use of undeclared SSA value name '%x'}}
    "foo.u"(%x) : (i32) -> ()
  }) : () -> ()
  tfrt.return
}

// -----

// TFRT's region ops stay isolated inside a region of an unknown op: the
// tfrt.if region takes %x as an operand or not at all.
func.func @tfrt_if(%c: i1, %x: i32) {
  "foo.w"() ({
    tfrt.if %c : () -> () {
      // expected-error@+1 {{'%x' is defined outside of this region (regions are isolated from above)}}
      %y = tfrt.add.i32 %x, %x
      tfrt.return
    }
    "foo.yield"() : () -> ()
  }) : () -> ()
  tfrt.return
}

// -----

// So does an unknown op's region inside a repeat body: it sees the body's
// values and arguments, not the function's.
func.func @in_repeat(%n: i32, %x: i32) {
  %v = tfrt.constant.i32 1
  tfrt.repeat.i32 %n, %v : i32 {
    "foo.w"() ({
      "foo.u"(%v) : (i32) -> ()
      // expected-error@+1 {{'%x' is defined outside of this region (regions are isolated from above)}}
      "foo.u"(%x) : (i32) -> ()
    }) : () -> ()
    tfrt.return %v : i32
  }
  tfrt.return
}

// -----

// MLIR's builtin.module is isolated from above.
func.func @nested_module(%x: i32) {
  "foo.w"() ({
    "builtin.module"() ({
      // expected-error@+1 {{'%x' is defined outside of this region (regions are isolated from above)}}
      "foo.u"(%x) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
  tfrt.return
}

// -----

// At module level, a region sees the values before its op.
"foo.w"() ({
  // expected-error@+1 {{use of undeclared SSA value name '%g' (at module level a value is defined before its uses)}}
  "foo.u"(%g) : (i32) -> ()
}) : () -> ()
%g = "foo.g"() : () -> i32
