// MODE: repl
// The arguments of :run are read as program text reads literals
// (docs/tools.md §3): the lexer's tokens, escapes and messages.

func.func @s(%x: !tfrt.string) -> !tfrt.chain {
  %ch = tfrt.new.chain
  %c = "any.print"(%x, %ch) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}
// CHECK: defined @s

// A string takes the escapes of program text: \n \t \" \\ and two hex digits.
:run @s("tab\there \"q\" \41\\")
// CHECK-NEXT: any = "tab\there \"q\" A\\"
// CHECK-NEXT: 's' returned !tfrt.chain value
:run @s("x" : !tfrt.string)
// CHECK-NEXT: any = "x"
// CHECK-NEXT: 's' returned !tfrt.chain value

// Any other escape is rejected with the parser's message, at the backslash
// (as in `{value = "a\qb"}`).
:run @s("a\qb")
// CHECK-NEXT: <repl>:[[@LINE-1]]:11: error: invalid escape sequence in string literal
:run @s("abc)
// CHECK: <repl>:[[@LINE-1]]:9: error: unterminated string literal

func.func @i(%x: i32) -> i32 {
  tfrt.return %x : i32
}
// CHECK: defined @i

// Integers are decimal or 0x hex, as in an attribute: 010 is ten.
:run @i(010)
// CHECK-NEXT: 'i' returned 10
:run @i(0x10)
// CHECK-NEXT: 'i' returned 16
:run @i(+5)
// CHECK-NEXT: <repl>:[[@LINE-1]]:9: error: unexpected character

func.func @f(%x: f32) -> f32 {
  tfrt.return %x : f32
}
// CHECK: defined @f

// A float is a float or integer literal; a hex integer is the bit pattern.
:run @f(2.5)
// CHECK-NEXT: 'f' returned 2.500000e+00
:run @f(-3)
// CHECK-NEXT: 'f' returned -3.000000e+00
:run @f(0x3F800000)
// CHECK-NEXT: 'f' returned 1.000000e+00
:run @f(nan)
// CHECK-NEXT: <repl>:[[@LINE-1]]:9: error: argument 1 of '@f' must be a number of type f32
