#!/bin/sh
# Writes a large program in MLIR's generic op form (which mlir-opt parses
# with -allow-unregistered-dialect): $1 functions of 200 ops each.
n=${1:-500}
awk -v n="$n" 'BEGIN {
  for (f = 0; f < n; f++) {
    printf "func.func @f%d(%%a: i32, %%b: i32) -> i32 {\n", f
    printf "  %%v0 = \"tfrt.add.i32\"(%%a, %%b) : (i32, i32) -> i32\n"
    for (i = 1; i < 200; i++)
      printf "  %%v%d = \"tfrt.add.i32\"(%%v%d, %%a) {note = \"op %d\", k = %d : i64} : (i32, i32) -> i32\n", i, i - 1, i, i
    printf "  \"tfrt.return\"(%%v199) : (i32) -> ()\n}\n"
  }
}'
