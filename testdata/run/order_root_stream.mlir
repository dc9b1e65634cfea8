// Default options (no tfrt.cost_threshold): the pseudo kernel joins the
// stream that holds the return, not the most expensive stream under it
// (docs/execution.md §6.2, step 2: "ret if set"). So every kernel without
// operands starts in the outline list; the switch picks %ch's stream (the
// first one), and the others become tasks in ascending stream order.
//
// Forward pass: %ch, %v, the unused constant and the return hang off R with
// cfr 1; vt.add has cfr 2 (parent %v); vt.print cfr 3 (parent vt.add), so
// T = 3, from-root mode. Backward pass: the return is stream 0, the unused
// constant 1, vt.print 2 (vt.add and %v join it: cost 3), %ch 3. At R,
// stream 2 is above (1 + 3 >= 3), streams 3, 1 and 0 are each a group of
// their own (1 + 1 + 1 >= 3), and 0 holds the return: R joins stream 0.
// Start: outline [%ch(3), %v(2), const(1)]; the switch to stream 3 leaves
// [const, %v] as tasks, sorted: const (1) first, then %v (2). %ch runs
// inline and prints nothing. The first task makes 5 and drops it; the second
// makes 10, runs vt.add inline (20; 10 dies when its second use is
// released), and vt.print inline, after which 20 dies.
//
// TFRT versions whose stream analysis had no return rule (default
// threshold 1; R joined its most expensive child stream, here %v's) ran %v
// inline first and printed 10 before 5: see docs/execution.md §6.7.
func.func @root_joins_return() {
  %ch = tfrt.new.chain
  %v = "vt.constant"() {value = 10 : i32} : () -> !vt.value
  %w = "vt.add"(%v, %v) : (!vt.value, !vt.value) -> !vt.value
  "vt.print"(%w, %ch) : (!vt.value, !tfrt.chain) -> !tfrt.chain
  "vt.constant"() {value = 5 : i32} : () -> !vt.value
  tfrt.return
}
// CHECK:      --- Running 'root_joins_return':
// CHECK-NEXT: constructed vt.value(5)
// CHECK-NEXT: move constructed vt.value(5)
// CHECK-NEXT: destroyed vt.value(5)
// CHECK-NEXT: constructed vt.value(10)
// CHECK-NEXT: move constructed vt.value(10)
// CHECK-NEXT: constructed vt.value(20)
// CHECK-NEXT: move constructed vt.value(20)
// CHECK-NEXT: destroyed vt.value(10)
// CHECK-NEXT: print vt_value(20)
// CHECK-NEXT: destroyed vt.value(20)
// CHECK-NOT: {{.}}
