#!/bin/sh
# Every example in README.md (or another document: docs/tutorial.md) is
# real. Three kinds of marker, each followed by a fenced code block:
#   <!-- file: PATH -->      the block is the whole of PATH
#   <!-- excerpt: PATH -->   the block appears verbatim in PATH, and the text
#                            just above the marker says so ("excerpt of"), so
#                            that no reader takes a part for the whole file
#   <!-- run: COMMAND -->    running COMMAND (with `tfrun` meaning the built
#                            binary, in the repository root) must print exactly
#                            the block (stdout and stderr combined); the exit
#                            status is not checked, so failing commands can be shown
# Prints one line per failure and ends with `N passed, N failed`.
# usage: tests/readme_check.sh path/to/tfrun [README.md]
set -u
TFRUN=$1
README=${2:-README.md}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bindir=$tmp/bin
mkdir -p "$bindir"
ln -s "$(cd "$(dirname "$TFRUN")" && pwd)/$(basename "$TFRUN")" "$bindir/tfrun"

# Split README into numbered (kind, arg, block) triples.
awk -v dir="$tmp" '
  /^<!-- (file|excerpt|run): .* -->$/ {
    kind = $2; sub(/:$/, "", kind)
    arg = $0; sub(/^<!-- (file|excerpt|run): /, "", arg); sub(/ -->$/, "", arg)
    n++; printf "%s\n", kind > (dir "/" n ".kind"); printf "%s\n", arg > (dir "/" n ".arg")
    printf "%d\n", NR > (dir "/" n ".line"); printf "%s\n", above > (dir "/" n ".above")
    want = 1; next
  }
  want == 0 && NF > 0 { above = $0 }
  want == 1 && /^```/ { want = 2; printf "" > (dir "/" n ".block"); next }
  want == 2 && /^```/ { want = 0; next }
  want == 2 { print > (dir "/" n ".block") }
' "$README"

# In the document's order (a command may read what an earlier one wrote;
# a glob would put 10 before 9).
pass=0; fail=0; n=0
while [ -e "$tmp/$((n + 1)).kind" ]; do
  n=$((n + 1)); k=$tmp/$n.kind
  i=${k%.kind}
  kind=$(cat "$k"); arg=$(cat "$i.arg"); line=$(cat "$i.line")
  if [ ! -f "$i.block" ]; then
    echo "$README:$line: marker not followed by a code block"; fail=$((fail + 1)); continue
  fi
  case $kind in
  file)
    if [ ! -f "$arg" ]; then
      echo "$README:$line: no such file: $arg"; fail=$((fail + 1))
    elif cmp -s "$i.block" "$arg"; then pass=$((pass + 1))
    else echo "$README:$line: the block is not the whole of $arg (an excerpt is marked '<!-- excerpt: $arg -->' and says so above it)"; fail=$((fail + 1)); fi ;;
  excerpt)
    if [ ! -f "$arg" ]; then
      echo "$README:$line: no such file: $arg"; fail=$((fail + 1))
    elif ! grep -qi "excerpt of" "$i.above"; then
      echo "$README:$line: the text above an excerpt of $arg does not say 'excerpt of'"; fail=$((fail + 1))
    elif awk 'FNR == 1 { f++ } f == 1 { b = b $0 "\n" } f == 2 { t = t $0 "\n" }
              END { exit(index(t, b) ? 0 : 1) }' "$i.block" "$arg"
    then pass=$((pass + 1))
    else echo "$README:$line: the block is not an excerpt of $arg"; fail=$((fail + 1)); fi ;;
  run)
    PATH="$bindir:$PATH" sh -c "$arg" > "$i.out" 2>&1 < /dev/null
    if cmp -s "$i.out" "$i.block"; then pass=$((pass + 1))
    else
      echo "$README:$line: output of '$arg' differs from the README:"
      diff "$i.block" "$i.out" | head -20
      fail=$((fail + 1))
    fi ;;
  esac
done
# Links: a #fragment names a heading of the document (GitHub's anchors), a
# relative path names a file or folder of the tree, and FILE.md#fragment a
# heading of that file (the tutorial links into the README's sections).
if links=$(python3 - "$README" <<'PY'
import os, re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
body = re.sub(r"```.*?```", "", text, flags=re.S)
def slug(h):
    h = h.strip().lower().replace("`", "")
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")
def headings(t):
    t = re.sub(r"```.*?```", "", t, flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.*)$", t, re.M)}
anchors = headings(text)
bad = 0
for m in re.finditer(r"\]\(([^)\s]+)\)", body):
    target = m.group(1)
    if re.match(r"[a-z]+:", target):
        continue
    file, _, frag = target.partition("#")
    line = body.count("\n", 0, m.start()) + 1
    other = os.path.join(os.path.dirname(path), file)
    if file and not os.path.exists(other):
        print(f"{path}: link to a missing file: {target}"); bad += 1
    elif file and frag and file.endswith(".md") and \
            frag not in headings(open(other, encoding="utf-8").read()):
        print(f"{path}: link to a missing heading of {file}: #{frag}"); bad += 1
    elif not file and frag not in anchors:
        print(f"{path}: link to a missing heading: #{frag}"); bad += 1
sys.exit(1 if bad else 0)
PY
); then pass=$((pass + 1)); else echo "$links"; fail=$((fail + 1)); fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
