// MODE: opt
// ARGS: -allow-unregistered-dialect --verify-diagnostics --split-input-file
// An op tfrun does not know, written in custom form, is reported at its
// name (docs/language.md §2.3) before anything after it is read: its
// syntax is unknown, so what follows cannot be taken for its operands or
// its attributes. The parser's tables say where an op's name comes.

// A nullary op at the end of its line: the next statement's result is not
// read as its operand.
func.func @nullary() {
  // expected-error@+2 {{custom op 'hex.new.chain' is unknown}}
  // expected-note@+1 {{did you mean 'tfrt.new.chain'?}}
  %ch0 = hex.new.chain

  %t = "foo.make"() : () -> i32
  tfrt.return
}

// -----

// An op with a region: the region is not read as an attribute dictionary,
// and the ops inside it are not blamed.
func.func @region() {
  // expected-error@+2 {{custom op 'async.execute' is unknown}}
  // expected-note@+1 {{tfrun implements no op of dialect 'async'}}
  %t = async.execute {
    %x = tfrt.constant.i32 1
    foo.yield
  }
  tfrt.return
}

// -----

// A function type after it does not make it the generic form.
func.func @typed(%a: i32) -> i32 {
  // expected-error@+1 {{custom op 'foo.id' is unknown}}
  %b = foo.id %a : (i32) -> i32
  tfrt.return %b : i32
}

// -----

// A bare word where an op's name comes names an op too.
func.func @word() {
  // expected-error@+1 {{custom op 'frobnicate' is unknown}}
  frobnicate
  tfrt.return
}

// -----

// Dotted keys that start a line of a dictionary are keys, not ops.
func.func @keys() attributes {
  tfrt.cost_threshold = 3 : i64,
  foo.flag} {
  %a = "foo.a"() {
    foo.key = 1} : () -> i32
  // expected-error@+1 {{custom op 'foo.next' is unknown}}
  foo.next
}
