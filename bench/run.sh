#!/bin/sh
# `make bench`: the runtime microbenchmark, the cost of the executor's hooks
# (bench/hooks.sh), the peer comparison, the share of golden programs
# auto runs fast, then the REPL's debugger (going back, and what it costs
# a run).
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
echo
echo "== the share of golden programs auto runs fast (bench/auto_share.py)"
python3 "$here/auto_share.py" "${1:-bin/tfrun}"
echo
echo "== the REPL's debugger (bench/repl.sh)"
sh "$here/repl.sh" "$@"
