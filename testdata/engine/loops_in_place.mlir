// Loop-carried values made in place (interp/vm_compile.c): a tfrt.if whose
// results a loop body returns is computed straight into the loop's
// registers, which are also the registers its regions read their arguments
// from. These are the cases where that could go wrong: results swapped
// (a cycle of moves inside a branch), a branch that would overwrite an
// argument it still reads, an error and objects in those registers (the
// leak check at exit would catch a lost reference). Each function is
// determinate: the exact schedule prints the same (tests/engine_agree.sh
// runs this file on both exact engines).
// ARGS: --schedule=fast
// (error_in_place returns an error: the exit status is 1)
// EXIT: 1

// (a, b) from (1, 10), four times: odd step -> (a + b, b), even step ->
// (b, a): (11,10) (10,11) (21,11) (11,21).
// CHECK-LABEL: --- Running 'if_swap':
// CHECK-NEXT: 'if_swap' returned 11,21,4
func.func @if_swap() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 4
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 10
  %i = tfrt.constant.i32 0
  %r:3 = tfrt.repeat.i32 %n, %a, %b, %i : i32, i32, i32 {
    %one = tfrt.constant.i32 1
    %two = tfrt.constant.i32 2
    %zero = tfrt.constant.i32 0
    %i1 = tfrt.add.i32 %i, %one
    %q, %m = tfrt.div.i32 %i1, %two
    %even = tfrt.equal.i32 %m, %zero
    %t:2 = tfrt.if %even, %a, %b : (i32, i32) -> (i32, i32) {
      tfrt.return %b, %a : i32, i32
    } else {
      %s = tfrt.add.i32 %a, %b
      tfrt.return %s, %b : i32, i32
    }
    tfrt.return %t#0, %t#1, %i1 : i32, i32, i32
  }
  tfrt.return %r#0, %r#1, %r#2 : i32, i32, i32
}

// The then branch makes x = a + 1 before it reads a again (y = a + a):
// x may not be made in a's register. (a, b) from (1, 0), three times:
// (2, 2) (3, 4) (4, 6).
// CHECK-LABEL: --- Running 'read_after':
// CHECK-NEXT: 'read_after' returned 4,6
func.func @read_after() -> (i32, i32) {
  %n = tfrt.constant.i32 3
  %a = tfrt.constant.i32 1
  %b = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %a, %b : i32, i32 {
    %one = tfrt.constant.i32 1
    %t = tfrt.constant.i1 1
    %u:2 = tfrt.if %t, %a, %one : (i32, i32) -> (i32, i32) {
      %x = tfrt.add.i32 %a, %one
      %y = tfrt.add.i32 %a, %a
      tfrt.return %x, %y : i32, i32
    } else {
      tfrt.return %a, %a : i32, i32
    }
    tfrt.return %u#0, %u#1 : i32, i32
  }
  tfrt.return %r#0, %r#1 : i32, i32
}

// Nested ifs three deep, each returning one argument changed and the
// others as they came (TFRT's fizzbuzz's shape): counts of i = 1..12
// divisible by 6, by 3 only, by 2 only: 2 (6 12), 2 (3 9), 4 (2 4 8 10).
// CHECK-LABEL: --- Running 'nested':
// CHECK-NEXT: 'nested' returned 2,2,4
func.func @nested() -> (i32, i32, i32) {
  %n = tfrt.constant.i32 12
  %i = tfrt.constant.i32 0
  %z6 = tfrt.constant.i32 0
  %z3 = tfrt.constant.i32 0
  %z2 = tfrt.constant.i32 0
  %r:4 = tfrt.repeat.i32 %n, %i, %z6, %z3, %z2 : i32, i32, i32, i32 {
    %one = tfrt.constant.i32 1
    %zero = tfrt.constant.i32 0
    %two = tfrt.constant.i32 2
    %three = tfrt.constant.i32 3
    %six = tfrt.constant.i32 6
    %i1 = tfrt.add.i32 %i, %one
    %q6, %m6 = tfrt.div.i32 %i1, %six
    %by6 = tfrt.equal.i32 %m6, %zero
    %t:3 = tfrt.if %by6, %i1, %z6, %z3, %z2, %one, %two, %three : (i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32) {
      %a6 = tfrt.add.i32 %z6, %one
      tfrt.return %a6, %z3, %z2 : i32, i32, i32
    } else {
      %zero1 = tfrt.constant.i32 0
      %q3, %m3 = tfrt.div.i32 %i1, %three
      %by3 = tfrt.equal.i32 %m3, %zero1
      %u:2 = tfrt.if %by3, %i1, %z3, %z2, %one, %two : (i32, i32, i32, i32, i32) -> (i32, i32) {
        %a3 = tfrt.add.i32 %z3, %one
        tfrt.return %a3, %z2 : i32, i32
      } else {
        %zero2 = tfrt.constant.i32 0
        %q2, %m2 = tfrt.div.i32 %i1, %two
        %by2 = tfrt.equal.i32 %m2, %zero2
        %v = tfrt.if %by2, %z2, %one : (i32, i32) -> (i32) {
          %a2 = tfrt.add.i32 %z2, %one
          tfrt.return %a2 : i32
        } else {
          tfrt.return %z2 : i32
        }
        tfrt.return %z3, %v : i32, i32
      }
      tfrt.return %z6, %u#0, %u#1 : i32, i32, i32
    }
    tfrt.return %i1, %t#0, %t#1, %t#2 : i32, i32, i32, i32
  }
  tfrt.return %r#1, %r#2, %r#3 : i32, i32, i32
}

// Objects in the loop's registers: two lists swapped by an if, three
// times (l1 = [7] ends up second).
// CHECK-LABEL: --- Running 'lists':
// CHECK-NEXT: 'lists' returned 0,1
func.func @lists() -> (i64, i64) {
  %l1 = "list.new"() : () -> !tfrt.list
  %l2 = "list.new"() : () -> !tfrt.list
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 7
  %ch1 = "list.append"(%l1, %x, %ch) : (!tfrt.list, i32, !tfrt.chain) -> !tfrt.chain
  %n = tfrt.constant.i32 3
  %r:2 = tfrt.repeat.i32 %n, %l1, %l2 : !tfrt.list, !tfrt.list {
    %t = tfrt.constant.i1 1
    %u:2 = tfrt.if %t, %l1, %l2 : (!tfrt.list, !tfrt.list) -> (!tfrt.list, !tfrt.list) {
      tfrt.return %l2, %l1 : !tfrt.list, !tfrt.list
    } else {
      tfrt.return %l1, %l2 : !tfrt.list, !tfrt.list
    }
    tfrt.return %u#0, %u#1 : !tfrt.list, !tfrt.list
  }
  %s0 = "list.size"(%r#0, %ch1) : (!tfrt.list, !tfrt.chain) -> i64
  %s1 = "list.size"(%r#1, %ch1) : (!tfrt.list, !tfrt.chain) -> i64
  tfrt.return %s0, %s1 : i64, i64
}

// An error made in a loop's register (a division by zero in the first
// iteration), then read by the next iterations' add, which passes it on.
// CHECK-LABEL: --- Running 'error_in_place':
// CHECK: error: unexpected error: runtime error: Divide by zero
// CHECK: 'error_in_place' returned <<error: Divide by zero>>
func.func @error_in_place() -> i32 {
  %n = tfrt.constant.i32 3
  %a = tfrt.constant.i32 5
  %i = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %a, %i : i32, i32 {
    %one = tfrt.constant.i32 1
    %zero = tfrt.constant.i32 0
    %i1 = tfrt.add.i32 %i, %one
    %first = tfrt.equal.i32 %i1, %one
    %u = tfrt.if %first, %a, %zero, %one : (i32, i32, i32) -> (i32) {
      %q, %m = tfrt.div.i32 %a, %zero
      tfrt.return %q : i32
    } else {
      %y = tfrt.add.i32 %a, %one
      tfrt.return %y : i32
    }
    tfrt.return %u, %i1 : i32, i32
  }
  tfrt.return %r#0 : i32
}
