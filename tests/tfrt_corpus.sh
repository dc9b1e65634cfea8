#!/bin/sh
# The .mlir files of TFRT's own repository through tfrun, each with one
# outcome (docs/tools.md §2.1). The files are not in this tree: $TFRT_CORPUS
# names a directory that holds them under their repository paths (a
# checkout of tensorflow/runtime, tests/tfrt-corpus/README.md); without it
# the script says it is skipped and exits 0. The outcomes:
#   runs              `tfrun test FILE` passes (its RUN lines, docs/tools.md §2);
#   parses [WHY]      `tfrun opt -allow-unregistered-dialect FILE` (with
#                     --split-input-file when a RUN line uses it) succeeds, its
#                     output reads back to the same text, and where mlir-opt-16
#                     reads FILE too, both print the same generic form (as
#                     tests/mlir_oracle.sh); WHY is the first error of
#                     `tfrun test FILE`, the reason it does not run;
#   rejected: REASON  opt gives a diagnostic; REASON is its first line, and an
#                     op of a dialect tfrun does not implement must be reported
#                     at the op as `custom op 'X' is unknown` (docs/language.md §2.3).
# A file that runs or parses but whose print does not read back to itself is
# `unstable: ...`, one whose generic form differs from mlir-opt-16's
# `differs: ...`, a misplaced unknown-op diagnostic `misreported: ...`: all
# three are recorded like the others, so that they are seen and fixed.
# Never allowed, whatever the manifest says: a crash (a signal, a sanitizer
# report) or a timeout (10 s a command).
# The outcomes are compared with tests/tfrt-corpus/MANIFEST (one line a file:
# `PATH OUTCOME [reason]`; the files are the .mlir files tests/tfrt-corpus/SOURCES
# lists; its other lines are the test data they read, test_data/*.btf); any
# change or crash is a failure (exit 1). RUN lines run in $TFRT_CORPUS
# (`tfrun test --exec-root`), as TFRT's lit runs them in the repository's
# root: that is where their data paths start.
# usage: TFRT_CORPUS=DIR tests/tfrt_corpus.sh [--update] [path/to/tfrun]
#   --update rewrites the manifest (never with a crash in it).
set -u
DIR=${TFRT_CORPUS:-}
MANIFEST=tests/tfrt-corpus/MANIFEST
SOURCES=tests/tfrt-corpus/SOURCES
MLIR_OPT=${MLIR_OPT:-mlir-opt-16}
# Longer than the 10 s limit by design, so `tfrun test` is not run on them:
# their benchmarks run for a fixed time (duration_secs): 4 x 3 s, and 5 s
# for each of several Eigen benchmarks; bm_mnist and eager_mnist's 10 s.
SLOW="mlir_tests/basic_kernels/parallel.benchmark.mlir
 backends/common/mlir_tests/compat/eigen/conv2d.bias.benchmarks.mlir
 backends/common/mlir_tests/compat/eigen/conv2d_grad_filter.benchmarks.mlir
 backends/common/mlir_tests/compat/eigen/conv2d_grad_input.benchmarks.mlir
 backends/common/mlir_tests/compat/eigen/matmul.benchmarks.mlir
 integrationtest/mnist/mnist.mlir
 integrationtest/mnist/eager_mnist.mlir"

# The first line of FILE matching the extended regex RE, without the paths
# of the corpus file (absolute or relative) and leading blanks or '| '.
first() {
  grep -E -m1 "$2" "$1" | sed -e 's/^ *|* *//' -e "s|$ABS: *||g" -e "s|$F: *||g" -e 's/[[:space:]]*$//'
}

# A crash, a timeout or a sanitizer report in the output file $2 of a
# command that exited with status $1: prints what it was.
crashed() {
  if [ "$1" -eq 124 ]; then echo "timed out after 10 s"; return 0; fi
  if [ "$1" -gt 128 ]; then echo "killed by signal $(( $1 - 128 ))"; return 0; fi
  first "$2" 'AddressSanitizer|LeakSanitizer|ThreadSanitizer|UndefinedBehaviorSanitizer|\.[ch]:[0-9]+:[0-9]+: runtime error:|crashed with signal|timed out after' | grep . && return 0
  return 1
}

# The line number and name of the first op in custom form, outside comments,
# whose dialect is not one of $DIALECTS (nothing when there is none).
unknown_op() {
  awk -v dialects="$DIALECTS" '
    BEGIN { n = split(dialects, d, " "); for (i = 1; i <= n; i++) known[d[i]] = 1 }
    /^[ \t]*\/\// { next }
    { s = $0; sub(/^[ \t]*/, "", s)
      if (match(s, /^%[^=]*=[ \t]*/)) s = substr(s, RLENGTH + 1)
      if (match(s, /^[a-z_][a-z0-9_]*\.[A-Za-z0-9_.]+/)) {
        op = substr(s, 1, RLENGTH); dl = op; sub(/\..*/, "", dl)
        if (!(dl in known)) { print NR, op; exit }
      } }' "$1"
}

# One file: prints `PATH OUTCOME [reason]` (or `PATH crash: ...`).
classify() {
  F=$1 ABS=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") REL=${1#"$DIR"/}
  tmp=$(mktemp -d)
  split=
  grep -q '^// *RUN:.*-split-input-file' "$F" && split=--split-input-file
  why=
  ran=no
  case " $(echo $SLOW) " in
    *" $REL "*) why="not run: longer than 10 s by design";;
    *) timeout 10 "$TFRUN" test --exec-root="$DIR" "$F" > "$tmp/test" 2>&1; st=$?
       if c=$(crashed $st "$tmp/test"); then echo "$REL crash: tfrun test: $c"; rm -rf "$tmp"; return; fi
       if [ $st -eq 0 ]; then ran=yes
       else why=$(first "$tmp/test" 'error:|command not found|unknown option')
            [ -n "$why" ] || why=$(first "$tmp/test" '^FAIL' | sed 's/^FAIL [^ ]*: //')
       fi;;
  esac
  timeout 10 "$TFRUN" opt -allow-unregistered-dialect $split "$F" > "$tmp/o1" 2> "$tmp/e1"; st=$?
  if c=$(crashed $st "$tmp/e1"); then echo "$REL crash: tfrun opt: $c"; rm -rf "$tmp"; return; fi
  if [ $st -ne 0 ]; then
    # Its RUN lines pass: an expected-error test, say, that opt alone rejects.
    if [ $ran = yes ]; then echo "$REL runs"; rm -rf "$tmp"; return; fi
    reason=$(first "$tmp/e1" 'error:')
    [ -n "$reason" ] || reason="exit status $st and no diagnostic"
    # The first op in custom form of a dialect tfrun does not implement: when
    # it comes before the error, the error must be at it, naming it.
    set -- $(unknown_op "$F")
    if [ $# -eq 2 ] && [ "$1" -le "${reason%%:*}" ] 2> /dev/null &&
       ! echo "$reason" | grep -q "^$1:[0-9]*: error: custom op '$2' is unknown"; then
      echo "$REL misreported: $reason (the op $2 of line $1 comes first)"; rm -rf "$tmp"; return
    fi
    echo "$REL rejected: $reason"; rm -rf "$tmp"; return
  fi
  timeout 10 "$TFRUN" opt -allow-unregistered-dialect $split "$tmp/o1" > "$tmp/o2" 2> "$tmp/e2"; st=$?
  if c=$(crashed $st "$tmp/e2"); then echo "$REL crash: tfrun opt of its own output: $c"; rm -rf "$tmp"; return; fi
  if [ $st -ne 0 ]; then
    echo "$REL unstable: its print does not read back: $(first "$tmp/e2" 'error:' | sed "s|$tmp/o1:||")"; rm -rf "$tmp"; return
  fi
  if ! cmp -s "$tmp/o1" "$tmp/o2"; then
    echo "$REL unstable: its print is not a fixed point (line $(cmp "$tmp/o1" "$tmp/o2" | sed -n 's/.* line \([0-9]*\).*/\1/p'))"; rm -rf "$tmp"; return
  fi
  if [ -n "$HAVE_MLIR_OPT" ] &&
     timeout 10 "$MLIR_OPT" --allow-unregistered-dialect $split --mlir-print-op-generic "$F" > "$tmp/want" 2> /dev/null; then
    timeout 10 "$TFRUN" opt -allow-unregistered-dialect $split -mlir-print-op-generic "$F" > "$tmp/got" 2>&1; st=$?
    if c=$(crashed $st "$tmp/got"); then echo "$REL crash: tfrun opt -mlir-print-op-generic: $c"; rm -rf "$tmp"; return; fi
    if ! cmp -s "$tmp/want" "$tmp/got"; then
      echo "$REL differs: its generic form is not mlir-opt-16's (line $(diff "$tmp/want" "$tmp/got" | sed -n '1s/^\([0-9]*\).*/\1/p'))"; rm -rf "$tmp"; return
    fi
  fi
  if [ $ran = yes ]; then echo "$REL runs"; else echo "$REL parses${why:+ $why}"; fi
  rm -rf "$tmp"
}

if [ "${1:-}" = --one ]; then   # one file, for the parallel run below
  TFRUN=$2 DIALECTS=$3 HAVE_MLIR_OPT=$4 DIR=$5
  classify "$6"
  exit 0
fi

update=no
if [ "${1:-}" = --update ]; then update=yes; shift; fi
if [ -z "$DIR" ] || [ ! -d "$DIR" ]; then
  echo "tfrt corpus: skipped: TFRT_CORPUS is not a directory (tests/tfrt-corpus/README.md says how to get the files)"
  exit 0
fi
DIR=$(cd "$DIR" && pwd)
TFRUN=${1:-bin/tfrun}
[ -x "$TFRUN" ] || { echo "tfrt corpus: $TFRUN not found (make it first)" >&2; exit 1; }
HAVE_MLIR_OPT=
command -v "$MLIR_OPT" > /dev/null 2>&1 && HAVE_MLIR_OPT=yes
[ -n "$HAVE_MLIR_OPT" ] || echo "tfrt corpus: $MLIR_OPT not found: generic forms are not compared (make test installs it)"
# The dialects of tfrun's op table (`tfrun ops`), plus the builtin ones.
DIALECTS="builtin func $("$TFRUN" ops | sed -n 's/^\([a-z_][a-z0-9_]*\)\..*/\1/p' | sort -u | tr '\n' ' ')"

out=$(mktemp)
trap 'rm -f "$out" "$out.m" "$out.found" "$out.missing"' EXIT
# The files SOURCES lists (its first column), as they are under $DIR; one
# that is not there is an outcome too.
cut -d' ' -f1 "$SOURCES" | grep '\.mlir$' | while read -r p; do
  if [ -f "$DIR/$p" ]; then echo "$DIR/$p"; else echo "$p missing: not under $DIR" >&2; fi
done 2> "$out.missing" |
  xargs -P 2 -I{} sh "$0" --one "$TFRUN" "$DIALECTS" "$HAVE_MLIR_OPT" "$DIR" {} > "$out.found"
cat "$out.found" "$out.missing" | LC_ALL=C sort > "$out"

for o in runs parses rejected unstable differs misreported missing crash; do
  n=$(grep -c "^[^ ]* $o" "$out")
  [ "$n" -eq 0 ] || printf '%s: %s\n' "$o" "$n"
done
crashes=$(grep -c '^[^ ]* crash:' "$out")
grep '^[^ ]* crash:' "$out" | sed 's/^/CRASH /'

if [ $update = yes ]; then
  [ "$crashes" -eq 0 ] || { echo "tfrt corpus: not updating $MANIFEST with crashes in it" >&2; exit 1; }
  cp "$out" "$MANIFEST"
  echo "tfrt corpus: $(wc -l < "$out") files, $MANIFEST rewritten"
  exit 0
fi

# Compare by path: a file new to the corpus or gone from it is a change too.
LC_ALL=C sort "$MANIFEST" 2> /dev/null > "$out.m"
n=$(wc -l < "$out") same=$(comm -12 "$out" "$out.m" | wc -l)
changed=0
for p in $( (cut -d' ' -f1 "$out"; cut -d' ' -f1 "$out.m") | LC_ALL=C sort -u); do
  now=$(grep -m1 "^$p " "$out" | cut -d' ' -f2-)
  was=$(grep -m1 "^$p " "$out.m" | cut -d' ' -f2-)
  [ "$now" = "$was" ] && continue
  changed=$((changed + 1))
  echo "CHANGED $p"
  echo "    was: ${was:-(not in the manifest)}"
  echo "    now: ${now:-(no such file)}"
done
echo "tfrt corpus: $n files, $same unchanged, $changed changed"
[ $changed -eq 0 ] && [ "$crashes" -eq 0 ]
