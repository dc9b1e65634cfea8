// tfrt.if / tfrt.cond / tfrt.case (docs/kernel-behaviour.md §3). The results are sequenced by data
// only, so this runs the same under both queues.
// ARGS: --work-queue=mstd:2

func.func @add_one(%x: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %y = tfrt.add.i32 %x, %one
  tfrt.return %y : i32
}
func.func @double(%x: i32) -> i32 {
  %y = tfrt.add.i32 %x, %x
  tfrt.return %y : i32
}
func.func @negate(%x: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %y = "tfrt.minus.i32"(%zero, %x) : (i32, i32) -> i32
  tfrt.return %y : i32
}

// CHECK: --- Running 'if_then_else':
// CHECK-NEXT: 'if_then_else' returned 11,20
func.func @if_then_else() -> (i32, i32) {
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %x = tfrt.constant.i32 10
  %a = tfrt.if %t, %x : (i32) -> (i32) {
    %r = tfrt.call @add_one(%x) : (i32) -> i32
    tfrt.return %r : i32
  } else {
    %r = tfrt.call @double(%x) : (i32) -> i32
    tfrt.return %r : i32
  }
  %b = tfrt.if %f, %x : (i32) -> (i32) {
    %r = tfrt.call @add_one(%x) : (i32) -> i32
    tfrt.return %r : i32
  } else {
    %r = tfrt.call @double(%x) : (i32) -> i32
    tfrt.return %r : i32
  }
  tfrt.return %a, %b : i32, i32
}

// An if without else and without results. The print is not ordered with
// the result, so under mstd either line may come first.
// CHECK-NEXT: --- Running 'if_no_else':
// CHECK-DAG: int32 = 5
// CHECK-DAG: 'if_no_else' returned 5
// CHECK-NOT: int32 = 5
func.func @if_no_else() -> i32 {
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %x = tfrt.constant.i32 5
  tfrt.if %t, %x : (i32) -> () {
    %ch = tfrt.new.chain
    %ch1 = tfrt.print.i32 %x, %ch
    tfrt.return
  }
  tfrt.if %f, %x : (i32) -> () {
    %ch = tfrt.new.chain
    %ch1 = tfrt.print.i32 %x, %ch
    tfrt.return
  }
  tfrt.return %x : i32
}

// CHECK: --- Running 'cond':
// CHECK-NEXT: 'cond' returned 8,14
func.func @cond() -> (i32, i32) {
  %t = tfrt.constant.i1 1
  %f = tfrt.constant.i1 0
  %x = tfrt.constant.i32 7
  %a = tfrt.cond %t @add_one @double (%x) : (i32) -> (i32)
  %b = tfrt.cond %f @add_one @double (%x) : (i32) -> (i32)
  tfrt.return %a, %b : i32, i32
}

// An index < 0 or >= the number of branches selects the last branch.
// CHECK-NEXT: --- Running 'case':
// CHECK-NEXT: 'case' returned 4,6,-3,-3
func.func @case() -> (i32, i32, i32, i32) {
  %i0 = tfrt.constant.i32 0
  %i1 = tfrt.constant.i32 1
  %i9 = tfrt.constant.i32 9
  %im = tfrt.constant.i32 -1
  %x = tfrt.constant.i32 3
  %a = tfrt.case %i0 [@add_one, @double, @negate] (%x) : (i32) -> (i32)
  %b = tfrt.case %i1 [@add_one, @double, @negate] (%x) : (i32) -> (i32)
  %c = tfrt.case %i9 [@add_one, @double, @negate] (%x) : (i32) -> (i32)
  %d = tfrt.case %im [@add_one, @double, @negate] (%x) : (i32) -> (i32)
  tfrt.return %a, %b, %c, %d : i32, i32, i32, i32
}

// The condition comes from an asynchronous kernel: the branch runs when it
// resolves.
// CHECK-NEXT: --- Running 'if_async_cond':
// CHECK-NEXT: 'if_async_cond' returned 43
func.func @if_async_cond() -> i32 {
  %c = "tfrt_test.async_constant.i1"() {value = true} : () -> i1
  %x = tfrt.constant.i32 42
  %r = tfrt.if %c, %x : (i32) -> (i32) {
    %r1 = tfrt.call @add_one(%x) : (i32) -> i32
    tfrt.return %r1 : i32
  } else {
    tfrt.return %x : i32
  }
  tfrt.return %r : i32
}
