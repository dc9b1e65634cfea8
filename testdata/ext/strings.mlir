// ARGS: --work-queue=s
// VARIANTS: --work-queue=mstd:2
// Strings (docs/kernel-behaviour.md §11): str.concat, str.len (code points), and
// str.unicode_split (a list of one-code-point strings); any.print quotes
// strings with C escapes. Every print is ordered by a chain and every
// function returns its last chain, so the output is the same on any queue.
// (strings.mstd.mlir is this file with --work-queue=mstd:2.)

// CHECK-LABEL: --- Running 'concat':
func.func @concat() -> (!tfrt.string, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %a = tfrt_test.get_string {value = "tf"}
  %b = tfrt_test.get_string {value = "run"}
  %ab = "str.concat"(%a, %b) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  %ch1 = "any.print"(%ab, %ch0) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  // Longer than the 7 inline bytes: a heap string.
  %abab = "str.concat"(%ab, %ab) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  %ch2 = "any.print"(%abab, %ch1) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %e = tfrt_test.get_string {value = ""}
  %same = "str.concat"(%e, %abab) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  %ch3 = "any.print"(%same, %ch2) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  %ee = "str.concat"(%e, %e) : (!tfrt.string, !tfrt.string) -> !tfrt.string
  %ch4 = "any.print"(%ee, %ch3) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  tfrt.return %abab, %ch4 : !tfrt.string, !tfrt.chain
}
// CHECK-NEXT: any = "tfrun"
// CHECK-NEXT: any = "tfruntfrun"
// CHECK-NEXT: any = "tfruntfrun"
// CHECK-NEXT: any = ""
// CHECK-NEXT: 'concat' returned !tfrt.string value,!tfrt.chain value

// str.len counts code points, not bytes: "héllo €" is 7 code points in
// 10 bytes (é is 2 bytes, € is 3).
// CHECK-LABEL: --- Running 'len':
func.func @len() -> (i64, i64, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %s = tfrt_test.get_string {value = "héllo €"}
  %n = "str.len"(%s) : (!tfrt.string) -> i64
  %ch1 = tfrt.print.i64 %n, %ch0
  %e = tfrt_test.get_string {value = ""}
  %z = "str.len"(%e) : (!tfrt.string) -> i64
  %ch2 = tfrt.print.i64 %z, %ch1
  // A 4-byte code point (U+1F600) and an escaped NUL byte count one each.
  %x = tfrt_test.get_string {value = "\F0\9F\98\80\00"}
  %m = "str.len"(%x) : (!tfrt.string) -> i64
  %ch3 = tfrt.print.i64 %m, %ch2
  tfrt.return %n, %m, %ch3 : i64, i64, !tfrt.chain
}
// CHECK-NEXT: int64 = 7
// CHECK-NEXT: int64 = 0
// CHECK-NEXT: int64 = 2
// CHECK-NEXT: 'len' returned 7,2,!tfrt.chain value

// CHECK-LABEL: --- Running 'split':
func.func @split() -> (!tfrt.list, !tfrt.chain) {
  %ch0 = tfrt.new.chain
  %s = tfrt_test.get_string {value = "aé€\F0\9F\98\80z"}
  %l = "str.unicode_split"(%s) : (!tfrt.string) -> !tfrt.list
  %ch1 = "any.print"(%l, %ch0) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain
  %n = "list.size"(%l) : (!tfrt.list) -> i64
  %ch2 = tfrt.print.i64 %n, %ch1
  %e = tfrt_test.get_string {value = ""}
  %le = "str.unicode_split"(%e) : (!tfrt.string) -> !tfrt.list
  %ch3 = "any.print"(%le, %ch2) : (!tfrt.list, !tfrt.chain) -> !tfrt.chain
  tfrt.return %l, %ch3 : !tfrt.list, !tfrt.chain
}
// CHECK-NEXT: any = ["a", "é", "€", "😀", "z"]
// CHECK-NEXT: int64 = 5
// CHECK-NEXT: any = []
// CHECK-NEXT: 'split' returned !tfrt.list value,!tfrt.chain value

// any.print escapes: the named C escapes, other control bytes and bytes
// that are not valid UTF-8 as three octal digits; valid UTF-8 stays as is.
// CHECK-LABEL: --- Running 'escapes':
func.func @escapes() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %s = tfrt_test.get_string {value = "q\"b\\s\n\tz\01\1B\7Fé\FF"}
  %ch1 = "any.print"(%s, %ch0) : (!tfrt.string, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}
// CHECK-NEXT: any = "q\"b\\s\n\tz\001\033\177é\377"
// CHECK-NEXT: 'escapes' returned !tfrt.chain value

// Invalid UTF-8 is an error of the kernels that decode code points; N is
// the 0-based offset of the first byte of the bad sequence.
// CHECK-LABEL: --- Running 'bad_utf8':
func.func @bad_utf8() -> (i64, !tfrt.list, i64, i64) {
  %a = tfrt_test.get_string {value = "ab\FFc"}
  %n = "str.len"(%a) : (!tfrt.string) -> i64 // expected-error {{invalid UTF-8 at byte 2}}
  %b = tfrt_test.get_string {value = "é\C0\AF"}
  %l = "str.unicode_split"(%b) : (!tfrt.string) -> !tfrt.list // expected-error {{invalid UTF-8 at byte 2}}
  // A surrogate (U+D800) and a truncated sequence at the end.
  %c = tfrt_test.get_string {value = "\ED\A0\80"}
  %m = "str.len"(%c) : (!tfrt.string) -> i64 // expected-error {{invalid UTF-8 at byte 0}}
  %d = tfrt_test.get_string {value = "xyz\E2\82"}
  %k = "str.len"(%d) : (!tfrt.string) -> i64 // expected-error {{invalid UTF-8 at byte 3}}
  tfrt.return %n, %l, %m, %k : i64, !tfrt.list, i64, i64
}
// CHECK-NEXT: 'bad_utf8' returned <<error: invalid UTF-8 at byte 2>>,<<error: invalid UTF-8 at byte 2>>,<<error: invalid UTF-8 at byte 0>>,<<error: invalid UTF-8 at byte 3>>

// A 1 MiB string (19 doublings of "ab") splits into 1 048 576 one-character
// strings; each is inline in its list slot (the allocation count is checked
// by tests/test_ext.c).
// CHECK-LABEL: --- Running 'one_mib':
func.func @one_mib() -> (i64, i64) {
  %s0 = tfrt_test.get_string {value = "ab"}
  %n = tfrt.constant.i32 19
  %s = tfrt.repeat.i32 %n, %s0 : !tfrt.string {
    %t = "str.concat"(%s0, %s0) : (!tfrt.string, !tfrt.string) -> !tfrt.string
    tfrt.return %t : !tfrt.string
  }
  %len = "str.len"(%s) : (!tfrt.string) -> i64
  %l = "str.unicode_split"(%s) : (!tfrt.string) -> !tfrt.list
  %k = "list.size"(%l) : (!tfrt.list) -> i64
  tfrt.return %len, %k : i64, i64
}
// CHECK-NEXT: 'one_mib' returned 1048576,1048576
