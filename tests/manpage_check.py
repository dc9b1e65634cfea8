#!/usr/bin/env python3
"""tests/manpage_check.py TFRUN MANPAGE -- the manual page cannot drift from
--help (make manpage-check, part of make test).

Every option that `tfrun SUB --help` names, for every subcommand `tfrun
--help` lists, must appear in the manual page; so must every subcommand.
The page must have the sections a manual page is expected to have
(NAME, SYNOPSIS, DESCRIPTION, EXAMPLES, EXIT STATUS, SEE ALSO), and every
example command in EXAMPLES must be a subcommand or option tfrun knows.
"""
import re
import subprocess
import sys

tfrun, page_path = sys.argv[1], sys.argv[2]
with open(page_path) as f:
    page = f.read()
# Plain text of the roff source: escapes and font changes out.
text = re.sub(r'\\f[BIRP]', '', page).replace('\\-', '-').replace('\\(em', '--').replace('\\e', '\\')

def run(*args):
    r = subprocess.run([tfrun, *args], capture_output=True, text=True)
    return r.stdout + r.stderr

bad = []
sections = set(re.findall(r'^\.SH\s+"?([A-Z ]+?)"?\s*$', page, re.M))
for s in ("NAME", "SYNOPSIS", "DESCRIPTION", "EXAMPLES", "EXIT STATUS", "SEE ALSO"):
    if s not in sections:
        bad.append("no .SH %s section" % s)

top = run("--help")
subs = []
for line in top.splitlines():
    m = re.match(r'\s*(?:usage:\s*)?tfrun\s+(?:\[)?([a-z]+)', line)
    if m and m.group(1) not in subs:
        subs.append(m.group(1))
opt_re = re.compile(r'(?<![\w\-/.=])(--?[a-zA-Z][\w\-]*)')
checked = 0
for sub in subs:
    if not re.search(r'(?<![\w-])tfrun\s+(?:\[)?%s\b' % sub, text) and not re.search(r'^\.SH\s+%s\b' % sub.upper(), page, re.M):
        bad.append("subcommand '%s' is not in the manual page" % sub)
    help_text = run(sub, "--help")
    for opt in sorted(set(opt_re.findall(help_text))):
        word = opt.lstrip("-")
        # FileCheck's directive suffixes (-NEXT, -DAG) are not options, and
        # -h is --help's other spelling.
        if (len(word) > 1 and word.replace("-", "").isupper()) or opt == "-h":
            continue
        checked += 1
        if not re.search(r'(?<![\w\-])%s(?![\w\-])' % re.escape(opt), text):
            bad.append("tfrun %s --help names %s, the manual page does not" % (sub, opt))

# EXAMPLES: each command line (`tfrun ...`, not a `tfrun>` prompt's) names
# a subcommand tfrun knows (or a file: run), and every option it gives is
# one that subcommand's --help names.
m = re.search(r'^\.SH\s+EXAMPLES\s*$(.*?)^\.SH', page, re.M | re.S)
examples = 0
helps = {}
for line in (m.group(1) if m else "").splitlines():
    line = re.sub(r'\\f[BIRP]', '', line).replace('\\-', '-').strip()
    words = line.split()
    if len(words) < 2 or words[0] != "tfrun":
        continue
    examples += 1
    sub = words[1] if words[1] in subs else "run"
    if sub not in helps:
        helps[sub] = run(sub, "--help")
    for w in words[1:]:
        if not w.startswith("-") or w == "-":
            continue
        opt = w.split("=")[0]
        if not re.search(r'(?<![\w\-])%s(?![\w\-])' % re.escape(opt), helps[sub]):
            bad.append("EXAMPLES: '%s': tfrun %s --help does not name %s" % (line, sub, opt))
if examples == 0:
    bad.append("EXAMPLES has no command line")

for b in bad:
    print("manpage: " + b)
print("manpage: %d subcommands, %d options of --help, %d examples, %d problems in %s"
      % (len(subs), checked, examples, len(bad), page_path))
sys.exit(1 if bad else 0)
