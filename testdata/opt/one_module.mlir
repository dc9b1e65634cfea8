// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// One module a file (docs/syntax.md): MLIR would wrap a module that comes
// after other top-level items, or is followed by some, in an implicit
// module and nest it; tfrun does not nest modules, so each is an error at
// the item that breaks the rule, never a silent merge into one module.

func.func @before() {
  tfrt.return
}
// expected-error@+1 {{a 'module' after functions or ops: tfrun reads one module and does not nest modules}}
module {
  func.func @inside() {
    tfrt.return
  }
}

// -----

"foo.decl"() : () -> ()
// expected-error@+1 {{a 'module' after functions or ops}}
module {
}

// -----

module {
  func.func @inside() {
    tfrt.return
  }
}
// expected-error@+1 {{nothing may follow the module: tfrun reads one module and does not nest modules}}
func.func @after() {
  tfrt.return
}

// -----

module {
}
// expected-error@+1 {{nothing may follow the module}}
"foo.decl"() : () -> ()

// -----

"builtin.module"() ({
^bb0:
}) : () -> ()
// expected-error@+1 {{nothing may follow the module}}
"func.func"() ({
  "tfrt.return"() : () -> ()
}) {function_type = () -> (), sym_name = "g"} : () -> ()

// -----

module {
}
// expected-error@+1 {{only one 'module' is allowed}}
module {
}
