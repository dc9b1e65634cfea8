#!/bin/sh
# `make bench`: the runtime microbenchmark, then the peer comparison.
# usage: bench/run.sh [path/to/tfrun]
set -eu
here=$(dirname "$0")
echo "== runtime core (bench/micro.sh)"
sh "$here/micro.sh"
if [ -f "$here/peers.sh" ]; then
  echo
  echo "== against peers (bench/peers.sh)"
  sh "$here/peers.sh" "$@"
fi
echo
echo "== the REPL's debugger (bench/repl.sh)"
sh "$here/repl.sh" "$@"
