#!/bin/sh
# `make bench`: the runtime microbenchmark, the cost of the executor's hooks
# (bench/hooks.sh), then the peer comparison.
# usage: bench/run.sh [path/to/tfrun]
set -eu
here=$(dirname "$0")
echo "== runtime core (bench/micro.sh)"
sh "$here/micro.sh"
echo
echo "== the executor's hooks, off and attached (bench/hooks.sh)"
sh "$here/hooks.sh" "$@"
if [ -f "$here/peers.sh" ]; then
  echo
  echo "== against peers (bench/peers.sh)"
  sh "$here/peers.sh" "$@"
fi
