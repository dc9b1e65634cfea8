#!/bin/sh
# tools/recite.sh [ROOT] — rewrite the citations of the old out-of-tree spec
# (spec/dialect.md and spec/tfrun.md, section sign and number, and shorter forms) in the
# sources under ROOT (default: the current directory) into citations of the
# docs/ pages that now hold that content, by the table in
# ROOT/docs/citations.md. POSIX sh and sed only.
#
# Files rewritten: *.c *.h *.y *.re *.def *.sh and Makefile, outside .git,
# build/, bin/ and docs/, and not this script. Almost only comments change;
# two help texts cite the spec too (`tfrun lint --help` in cli/lint.c and
# the header of `tfrun ops --markdown` in cli/ops.c), so after a run
# `make kernels-doc` brings docs/kernels.md up to date (the script says so).
# Prints each file it changed, then the citations it could not map (left
# as they were); exit status 1 if there were any.
#
# Forms handled (docs/citations.md, "Other forms of citation"):
#   spec/dialect.md (§N), dialect.md (§N), spec (§N) → the dialect.md rows
#   spec/tfrun.md (§N), tfrun.md (§N)              → the tfrun.md rows
#   continuations: ", §N"  "–§N"  "-§N"  "–N"  "-N"  " and §N"  " / §N"
#   a citation split over two comment lines ("(spec/tfrun.md" / "** §7)")
#   a bare §N: dialect.md, except in analysis/ (bare numbers there cite
#   docs/analysis.md) — existing "docs/PAGE.md §N" citations are kept.
set -eu

ROOT=${1:-.}
TABLE=$ROOT/docs/citations.md
[ -f "$TABLE" ] || { echo "recite.sh: no table $TABLE" >&2; exit 2; }

LC_ALL=C
export LC_ALL

tmp=${TMPDIR:-/tmp}/recite.$$
mkdir "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# Section number: digits, then .digits groups (a trailing full stop is not
# part of it).
NUM='\([0-9][0-9]*\(\.[0-9][0-9]*\)*\)'
# Markers used between the passes. "~#" occurs nowhere in the sources.
#   ~#D9.4#~ = dialect.md §9.4   ~#T8#~ = tfrun.md §8   ~#K#~ = a kept "§"

# ---- 1. the table: one sed command per row, marker → docs citation --------
sed -n \
  -e 's/^| `spec\/dialect\.md §\([0-9.]*\)` | `docs\/\([a-z-]*\.md\) §\([0-9.]*\)` |.*/D \1 \2 \3/p' \
  -e 's/^| `spec\/tfrun\.md §\([0-9.]*\)` | `docs\/\([a-z-]*\.md\) §\([0-9.]*\)` |.*/T \1 \2 \3/p' \
  "$TABLE" >"$tmp/rows"
[ -s "$tmp/rows" ] || { echo "recite.sh: no rows in $TABLE" >&2; exit 2; }
while read -r k n page sec; do
    n_re=$(printf '%s\n' "$n" | sed 's/\./\\./g')
    printf 's/~#%s%s#~/docs\\/%s §%s/g\n' "$k" "$n_re" "$page" "$sec"
done <"$tmp/rows" >"$tmp/expand.sed"

# ---- 2. the passes ---------------------------------------------------------
# Pass A: a citation whose file name ends one comment line and whose § starts
# the next: join the two lines and move the citation to the second.
cat >"$tmp/a.sed" <<'EOF'
/dialect\.md$/{
$!N
s/\(spec\/\)\{0,1\}dialect\.md\(\n[ *]*\)§/\2~#OD§/
}
/tfrun\.md$/{
$!N
s/\(spec\/\)\{0,1\}tfrun\.md\(\n[ *]*\)§/\2~#OT§/
}
/spec$/{
$!N
s/spec\(\n[ *]*\)§/\1~#OD§/
}
EOF

# Pass B: prefixes become open markers; other docs citations are protected;
# open markers close around their number; continuations follow the marker
# before them.
cat >"$tmp/b.sed" <<EOF
s/spec\/dialect\.md calls/docs\/kernel-behaviour.md §5 calls/g
s/\(spec\/\)\{0,1\}dialect\.md §/~#OD§/g
s/\(spec\/\)\{0,1\}tfrun\.md §/~#OT§/g
s/spec §/~#OD§/g
s/\.md §/.md ~#K#~/g
s/~#OD§$NUM/~#D\1#~/g
s/~#OT§$NUM/~#T\1#~/g
:c
s/\(~#\([DT]\)[0-9.]*#~\), §$NUM/\1, ~#\2\3#~/
tc
s/\(~#\([DT]\)[0-9.]*#~\)–§$NUM/\1–~#\2\3#~/
tc
s/\(~#\([DT]\)[0-9.]*#~\)-§$NUM/\1-~#\2\3#~/
tc
s/\(~#\([DT]\)[0-9.]*#~\)–$NUM/\1–~#\2\3#~/
tc
s/\(~#\([DT]\)[0-9.]*#~\)-$NUM/\1-~#\2\3#~/
tc
s/\(~#\([DT]\)[0-9.]*#~\) and §$NUM/\1 and ~#\2\3#~/
tc
s/\(~#\([DT]\)[0-9.]*#~\) \/ §$NUM/\1 \/ ~#\2\3#~/
tc
EOF

# Pass C (not under analysis/): a bare §N cites dialect.md.
cat >"$tmp/c.sed" <<EOF
s/§$NUM/~#D\1#~/g
EOF

# Pass D: expand markers (table), restore kept §, put back what the table
# does not know, then let consecutive numbers on one page share its name.
{
    cat "$tmp/expand.sed"
    cat <<'EOF'
s/~#K#~/§/g
s/~#D\([0-9.]*\)#~/spec\/dialect.md §\1/g
s/~#T\([0-9.]*\)#~/spec\/tfrun.md §\1/g
:s
s/\(docs\/\([a-z-]*\)\.md §[0-9.]*[0-9]\), docs\/\2\.md §/\1, §/
ts
s/\(docs\/\([a-z-]*\)\.md §[0-9.]*[0-9]\)–docs\/\2\.md §/\1–§/
ts
s/\(docs\/\([a-z-]*\)\.md §[0-9.]*[0-9]\)-docs\/\2\.md §/\1-§/
ts
s/\(docs\/\([a-z-]*\)\.md §[0-9.]*[0-9]\) and docs\/\2\.md §/\1 and §/
ts
s/\(docs\/\([a-z-]*\)\.md §[0-9.]*[0-9]\) \/ docs\/\2\.md §/\1 \/ §/
ts
s/\(docs\/[a-z-]*\.md §[0-9.]*[0-9]\)–docs\//\1, docs\//g
s/\(docs\/[a-z-]*\.md §[0-9.]*[0-9]\)-docs\//\1, docs\//g
EOF
} >"$tmp/d.sed"

# Pass E: where pass A moved a citation to the next line, bring the page name
# back to the end of the first line: "(docs/tools.md" / "** §2)".
cat >"$tmp/e.sed" <<'EOF'
/[( ]$/{
$!N
s/(\(\n[ *]*\)docs\/\([a-z-]*\.md\) §/(docs\/\2\1§/
s/ \(\n[ *]*\)docs\/\([a-z-]*\.md\) §/ docs\/\2\1§/
}
EOF

# ---- 3. the files ----------------------------------------------------------
find "$ROOT" \( -path "$ROOT/.git" -o -path "$ROOT/build" -o -path "$ROOT/bin" \
        -o -path "$ROOT/docs" \) -prune -o -type f \
     \( -name '*.c' -o -name '*.h' -o -name '*.y' -o -name '*.re' -o -name '*.def' \
        -o -name '*.sh' -o -name Makefile \) -print |
sort >"$tmp/files"

: >"$tmp/left"
while IFS= read -r f; do
    case $f in
        */tools/recite.sh) continue ;;
    esac
    grep -Eq '§|dialect\.md|tfrun\.md' "$f" || continue
    case $f in
        "$ROOT"/analysis/*) sed -f "$tmp/a.sed" "$f" | sed -f "$tmp/b.sed" | sed -f "$tmp/d.sed" | sed -f "$tmp/e.sed" >"$tmp/out" ;;
        *) sed -f "$tmp/a.sed" "$f" | sed -f "$tmp/b.sed" | sed -f "$tmp/c.sed" | sed -f "$tmp/d.sed" | sed -f "$tmp/e.sed" >"$tmp/out" ;;
    esac
    if ! cmp -s "$f" "$tmp/out"; then
        cat "$tmp/out" >"$f"          # keeps the file's mode
        echo "$f"
        case $f in
            */cli/ops.c) echo "  (the header of 'tfrun ops --markdown' changed: run 'make kernels-doc')" ;;
        esac
    fi
    grep -En 'spec/[a-z]*\.md|dialect\.md|tfrun\.md|spec §|~#' "$f" |
        sed "s|^|$f:|" >>"$tmp/left" || true
done <"$tmp/files"

if [ -s "$tmp/left" ]; then
    echo "recite.sh: citations left as they were:" >&2
    cat "$tmp/left" >&2
    exit 1
fi
