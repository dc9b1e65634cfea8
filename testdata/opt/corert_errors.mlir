// MODE: opt
// ARGS: --verify-diagnostics --split-input-file
// CoreRT's custom forms read only as TFRT writes them, and the verifier's
// checks of CoreRT ops (docs/language.md §2.8, §2.9).

// An op of SYN_CORERT in another op's form.
func.func @f(%h: !corert.ophandler) {
  // expected-error@+1 {{'corert.cond' is not written this way: it is 'corert.cond %c @t @f (%ch, %a, ...) : (Ta, ...) -> (Tr, ...)'}}
  %r = corert.cond(%h) "x"() : 1
  tfrt.return
}

// -----

// The operands take the types TFRT's parser gives them.
func.func @f(%x: i32) { // expected-note {{prior use here}}
  %ch = tfrt.new.chain
  %cpu = corert.get_op_handler %ch "cpu"
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: '!corert.tensorhandle' vs 'i32'}}
  %r = corert.executeop(%cpu) "some.op"(%x) : 1
  tfrt.return
}

// -----

func.func @f(%h: !corert.ophandler) {
  // expected-error@+1 {{'corert.executeop.seq' takes an op handler and a chain in parentheses, got 1 operands}}
  %ch = corert.executeop.seq(%h) "x"()
  tfrt.return
}

// -----

func.func @f(%h: !corert.ophandler) {
  // expected-error@+1 {{duplicate attribute 'k'}}
  %r = corert.executeop(%h) "x"() {k = 1, k = 2} : 1
  tfrt.return
}

// -----

func.func @f(%h: !corert.ophandler) {
  // expected-error@+1 {{'corert_sync.executeop' takes no function attributes}}
  %r = corert_sync.executeop(%h) "x"() {} {f = "g"} : 1
  tfrt.return
}

// -----

func.func @f(%h: !corert.ophandler, %ch: !tfrt.chain) {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %s = corert.executeop.seq(%h, %ch) "x"() : 1
  tfrt.return
}

// -----

func.func @t(%ch: !tfrt.chain) -> !tfrt.chain {
  tfrt.return %ch : !tfrt.chain
}

func.func @f(%c: !corert.tensorhandle, %x: !corert.tensorhandle) {
  // expected-error@+1 {{'corert.cond' takes a chain first in its argument list}}
  %r:2 = corert.cond %c @t @t (%x) : () -> (!corert.tensorhandle)
  tfrt.return
}

// -----

// TFRT's message for op_attrs that are not [key, value] pairs.
func.func @f(%h: !corert.ophandler) {
  // expected-error@+1 {{'corert.executeop' op each op_attr should be a key-value pair, where the key is a string}}
  %r = "corert.executeop"(%h) {op_name = "some.op", op_attrs = [1 : i32], op_func_attrs = []} : (!corert.ophandler) -> !corert.tensorhandle
  tfrt.return
}

// -----

func.func @t(%ch: !tfrt.chain, %x: i32) -> (!tfrt.chain, i32) {
  tfrt.return %ch, %x : !tfrt.chain, i32
}

// The branches take the operands after the condition.
func.func @f(%c: !corert.tensorhandle, %ch: !tfrt.chain, %x: !corert.tensorhandle) {
  // expected-error@+2 {{'corert.cond' op operand type mismatch @t: operand #2 is '!corert.tensorhandle', callee expects 'i32'}}
  // expected-error@+1 {{'corert.cond' op result type mismatch @t: result #1 is '!corert.tensorhandle', callee returns 'i32'}}
  %r:2 = corert.cond %c @t @t (%ch, %x) : (!corert.tensorhandle) -> (!corert.tensorhandle)
  tfrt.return
}

// -----

func.func @body(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, !corert.tensorhandle) {
  tfrt.return %ch, %x : !tfrt.chain, !corert.tensorhandle
}

func.func @c(%ch: !tfrt.chain, %x: !corert.tensorhandle) -> (!tfrt.chain, i1) {
  %t = tfrt.constant.i1 1
  tfrt.return %ch, %t : !tfrt.chain, i1
}

// corert.while's condition function gives a chain and a handle.
func.func @f(%ch: !tfrt.chain, %x: !corert.tensorhandle) {
  // expected-error@+1 {{'corert.while' op the condition function @c must return (!tfrt.chain, !corert.tensorhandle)}}
  %r:2 = corert.while @c @body (%ch, %x) : (!corert.tensorhandle) -> (!corert.tensorhandle)
  tfrt.return
}

// -----

func.func @f(%a: !corert.opattrs, %ch: !tfrt.chain) {
  // expected-error@+1 {{'corert.op_attrs_set.dtype' op attribute 'value' failed to satisfy constraint: type attribute}}
  %s = "corert.op_attrs_set.dtype"(%a, %ch) {key = "k", value = 1 : i32} : (!corert.opattrs, !tfrt.chain) -> !tfrt.chain
  tfrt.return
}
