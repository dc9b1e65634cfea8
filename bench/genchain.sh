#!/bin/sh
# Writes one function that is a straight chain of $1 `tfrt.add.i32` ops.
#   bench/genchain.sh N custom   custom syntax, run by `tfrun` (ns per kernel)
#   bench/genchain.sh N generic  generic form with a "tfrt.return", which
#                                mlir-opt parses with --allow-unregistered-dialect
n=${1:-1000000}
form=${2:-custom}
awk -v n="$n" -v form="$form" 'BEGIN {
  if (form == "generic") {
    printf "func.func @chain(%%a: i32) -> i32 {\n"
    printf "  %%v0 = \"tfrt.add.i32\"(%%a, %%a) : (i32, i32) -> i32\n"
    for (i = 1; i < n; i++)
      printf "  %%v%d = \"tfrt.add.i32\"(%%v%d, %%a) : (i32, i32) -> i32\n", i, i - 1
    printf "  \"tfrt.return\"(%%v%d) : (i32) -> ()\n}\n", n - 1
  } else {
    printf "func.func @chain() -> i32 {\n  %%one = tfrt.constant.i32 1\n"
    printf "  %%v0 = tfrt.add.i32 %%one, %%one\n"
    for (i = 1; i < n; i++) printf "  %%v%d = tfrt.add.i32 %%v%d, %%one\n", i, i - 1
    printf "  tfrt.return %%v%d : i32\n}\n", n - 1
  }
}'
