#!/bin/sh
# Every include runs down the layer picture of docs/internals.md:
#
#   cli > analysis > kernels > interp > parser > ir > lexer, ops > base
#
# A directory may include its own headers and those of any layer below it
# (parser/ also the lexer's); an include of a layer above is a failure, named
# with the file and line. fuzz/ and tests/ sit above everything.
# usage: tests/layers.sh
set -u
rank() {
  case $1 in
    base) echo 0;; ops) echo 1;; lexer) echo 1;; ir) echo 2;; parser) echo 3;;
    interp) echo 4;; kernels) echo 5;; analysis) echo 6;; cli) echo 7;;
    *) echo -1;;
  esac
}
bad=0 n=0
for dir in base ops lexer ir parser interp kernels analysis cli; do
  me=$(rank $dir)
  for f in $dir/*.c $dir/*.h $dir/*.y $dir/*.re $dir/*.def; do
    [ -f "$f" ] || continue
    # "#include "dir/file"" lines, with their line numbers
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]*/' "$f" |
    while IFS= read -r line; do
      num=${line%%:*}
      inc=$(echo "$line" | sed 's/.*include[[:space:]]*"\([a-z_]*\)\/.*/\1/')
      [ "$inc" = "$dir" ] && continue
      r=$(rank "$inc")
      # lexer and ops share a floor but neither may include the other
      if [ "$r" -lt 0 ] || [ "$r" -gt "$me" ] || { [ "$r" -eq "$me" ]; }; then
        echo "$f:$num: $dir/ includes $inc/, which is not below it (docs/internals.md)"
      fi
    done
  done
done > /tmp/layers.$$
n=$(grep -c . /tmp/layers.$$)
cat /tmp/layers.$$; rm -f /tmp/layers.$$
if [ "$n" -ne 0 ]; then echo "layers: $n includes run up"; exit 1; fi
echo "layers: every include runs down"
