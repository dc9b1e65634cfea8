/*
** filecheck.c — a FileCheck-compatible matcher.
**
** This is a port of the algorithm of LLVM FileCheck 14 (FileCheck.cpp), kept
** close enough that the two agree, byte for byte, on the verdicts, messages
** and input dumps of the corpus tests/filecheck/ and of the random cases of
** tests/test_filecheck.c, flags included:
**
**   1. Both texts are canonicalised: "\r\n" becomes "\n" and, unless
**      --strict-whitespace, every run of spaces and tabs becomes one space.
**   2. The -D definitions become variables, each --implicit-check-not a NOT
**      pattern; then the check text is scanned for directives. Each pattern
**      becomes either a fixed string or one POSIX extended regex (literal text
**      escaped, `{{re}}` and `[[V:re]]` translated from LLVM's regex dialect,
**      same-line uses of a variable as back-references, other uses
**      substituted at match time; with --match-full-lines every positive
**      pattern is a regex anchored at both ends of a line). The implicit NOT
**      patterns, then the CHECK-DAG and CHECK-NOT patterns written before a
**      positive directive, attach to it (the ones after the last, to an
**      implicit end-of-input one).
**   3. CHECK-LABELs cut the input into regions first; the other directives are
**      then matched region by region, each from where the last match ended.
**   4. Every result FileCheck records for its input dump (a match, a failed
**      search, a fuzzy match, a note) is recorded in the same order when a
**      dump is asked for, and cli/filecheck_dump.c draws it.
**
** The check text's syntax (directives, LLVM's regex dialect) is read by
** cli/filecheck_syntax.c and the dump drawn by cli/filecheck_dump.c
** (cli/filecheck_int.h). Offsets into the canonical texts are size_t; a
** "region" is [from, to).
** Diagnostics name one of the sources: the check text, an implicit pattern
** (FileCheck shows it as `command line:1:COL` in "-implicit-check-not='P'"),
** the -D list ("Global defines"), or the input.
**
** Known differences from FileCheck 14, all outside what tests use:
**   - numeric substitution blocks ([[#N:]], [[#N+1]]) other than @LINE, and
**     numeric -D#N=VALUE definitions, are reported as unsupported;
**   - LLVM's regex engine fails to match a regex that has both a
**     back-reference (a variable used on the line that defines it) and an
**     alternation followed by more pattern, e.g. `[[V:a|b]] [[V]]` against
**     "a a"; glibc matches it, and so does this matcher;
**   - for a pattern that is only a variable use ([[V]]), FileCheck 14 finds
**     its "possible intended match" from an uninitialised value; this
**     matcher shows none (see fuzzy()).
*/
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/filecheck.h"
#include "cli/filecheck_int.h"
#include "base/strbuf.h"

/* {===================================================================
** Regex escaping (the buffer is base/strbuf.h)
** ==================================================================== */

/* Appends [s] with every regex metacharacter escaped (LLVM's Regex::escape). */
static void sb_add_escaped(StrBuf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (strchr("()^$|*+?.[]\\{}", s[i]) && s[i]) sb_addc(b, '\\');
        sb_addc(b, s[i]);
    }
}

/* }=================================================================== */

typedef struct fc_sub {      /* a use of a variable defined on an earlier line */
    char *name;              /* the variable, or the @LINE expression */
    int is_line;             /* nonzero: [name] is an @LINE expression */
    long line_value;         /* value of an @LINE expression */
    size_t idx;              /* insertion point in the regex */
    size_t loc;              /* offset of the name in the pattern's source */
} fc_sub;

typedef struct fc_def {
    char *name;
    int group;               /* capture group in the regex */
    size_t pos, len;         /* what the last match captured (input offsets) */
} fc_def;

#define PFX_IMPLICIT (-2)    /* fc_pat.pfx of an --implicit-check-not pattern */

typedef struct fc_pat {
    int kind, count, line;
    int src;                 /* its source: 0 the check text, k the k-th implicit pattern */
    size_t loc;              /* offset of the pattern text in its source */
    size_t dloc;             /* offset of the directive's prefix */
    int pfx;                 /* which check prefix (fc.pf) it was written with */
    int literal;             /* written with the {LITERAL} modifier */
    int fixed;               /* nonzero: [text] is matched literally */
    StrBuf text;             /* the fixed string or the regex */
    StrBuf example;          /* the regex in LLVM's dialect (its RegExStr): what
                                the fuzzy match compares the input with */
    int ngroups;             /* capture groups in the regex */
    fc_sub *subs; int nsubs;
    fc_def *defs; int ndefs;
    int has_var;
    regex_t re; int re_ok;   /* compiled [text] when there are no substitutions */
    int never;               /* the regex can never match (see read_checks) */
} fc_pat;

typedef struct fc_str {      /* a positive directive and the DAG/NOTs before it */
    int pat;
    int pfx;                 /* the prefix its messages name: its own; for the
                                end of input, the first one */
    int dn_first, dn_count;  /* its DAG and NOT patterns: fc.dn[dn_first...] */
} fc_str;

typedef struct fc_var { char *name; char *value; size_t len; } fc_var;

/* A text diagnostics point into: its name and bytes. */
typedef struct fc_src { const char *name; char *text; size_t n; } fc_src;
#define SRC_INPUT (-1)

typedef struct fc {
    FILE *err;
    const char *check_name, *input_name, *prefix;
    int default_prefix;      /* no prefix was given: "CHECK" */
    int strict, full, verbose; /* --strict-whitespace, --match-full-lines, -v/-vv */
    int record;              /* a dump is asked for: record its results */
    fcs_prefixes pf;
    fc_src *src; int nsrc;   /* 0: the check text; 1..nimp: implicit patterns;
                                nimp+1: the -D list */
    int nimp;
    int psrc;                /* the source being parsed */
    char *cb; size_t cn;     /* canonical check text (src[0]) */
    char *ib; size_t in;     /* canonical input */
    size_t eof_loc;          /* where scanning for directives stopped */
    fc_pat *pats; int npats, cappats;
    fc_str *strs; int nstrs, capstrs;
    int *dn; int ndn, capdn; /* pattern indices of each string's DAG/NOT list */
    fc_var *vars; int nvars, capvars;
    fcd_diag *dg; int ndg, capdg; /* recorded results (when [record]) */
} fc;

#define PB(c) ((c)->src[(c)->psrc].text)   /* the text being parsed */

/* {===================================================================
** Diagnostics in FileCheck's format
** ==================================================================== */

/* The name of prefix [i] of [c] (the first for -1; IMPLICIT-CHECK for an
** implicit pattern), as "%.*s" arguments. */
static int pfx_len(const fc *c, int i)
{
    return i == PFX_IMPLICIT ? 14 : (int)c->pf.len[i < 0 ? 0 : i];
}
static const char *pfx_str(const fc *c, int i)
{
    return i == PFX_IMPLICIT ? "IMPLICIT-CHECK" : c->pf.s[i < 0 ? 0 : i];
}
#define PFX(c, i) pfx_len(c, i), pfx_str(c, i)

/* Writes [s, s+n) as LLVM's SourceMgr shows a source line: each tab
** expanded to the next multiple of 8 columns. [under], when not NULL, is the
** caret line to write instead, one character per character of [s] (a
** character under a tab fills the tab's columns). */
static void put_line(FILE *f, const char *s, size_t n, const char *under, size_t un)
{
    size_t col = 0;
    for (size_t i = 0; i < (under ? un : n); i++) {
        char ch = under ? under[i] : s[i];
        if (i >= n || s[i] != '\t') { fputc(ch, f); col++; continue; }
        do { fputc(under ? ch : ' ', f); col++; } while (col % 8);
    }
    fputc('\n', f);
}

/* Prints `NAME:LINE:COL: KIND: MSG`, the line holding [off] in source [src]
** (SRC_INPUT: the input) and under it a caret, followed by tildes to the
** end of the range [off, off+len) on that line, as SMDiagnostic::print. */
static void vdiag(fc *c, int src, size_t off, size_t len, const char *kind,
                  const char *fmt, va_list ap)
{
    if (!c->err) return;
    const char *buf = src == SRC_INPUT ? c->ib : c->src[src].text;
    size_t n = src == SRC_INPUT ? c->in : c->src[src].n;
    if (off > n) off = n;
    /* Lines are counted by '\n'; a lone '\r' also starts a line for the
    ** column and the echoed text, as in LLVM's SourceMgr. */
    size_t ls = off, line = 1;
    while (ls > 0 && buf[ls - 1] != '\n' && buf[ls - 1] != '\r') ls--;
    for (size_t i = 0; i < ls; i++) line += buf[i] == '\n';
    size_t le = off;
    while (le < n && buf[le] != '\n' && buf[le] != '\r') le++;
    fprintf(c->err, "%s:%zu:%zu: %s: ", src == SRC_INPUT ? c->input_name : c->src[src].name,
            line, off - ls + 1, kind);
    vfprintf(c->err, fmt, ap);
    fputc('\n', c->err);
    put_line(c->err, buf + ls, le - ls, NULL, 0);
    /* Under a line with a non-ASCII byte LLVM draws no caret (its columns
    ** could be wrong). */
    for (size_t i = ls; i < le; i++)
        if (buf[i] & 0x80) return;
    /* The caret line, without trailing blanks. */
    size_t w = le - ls, at = off - ls, un = at + 1;
    char *under = malloc(w + 1);
    if (!under) return;
    memset(under, ' ', w + 1);
    for (size_t i = at; len > 1 && i < at + len && i < w; i++) under[i] = '~';
    under[at] = '^';
    while (un < w + 1 && under[un] == '~') un++;
    put_line(c->err, buf + ls, w, under, un);
    free(under);
}

/* An error at [off] of source [src]. */
static void serror(fc *c, int src, size_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c, src, off, 1, "error", fmt, ap);
    va_end(ap);
}

/* An error at [off] of the text being parsed. */
static void cerror(fc *c, size_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c, c->psrc, off, 1, "error", fmt, ap);
    va_end(ap);
}

static void inote(fc *c, size_t off, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c, SRC_INPUT, off, len, "note", fmt, ap);
    va_end(ap);
}

/* The suffix of kind [k] in messages ("-NEXT"), "" for plain ones. */
static const char *kind_name(int k)
{
    switch (k) {
    case K_NEXT: return "-NEXT";
    case K_SAME: return "-SAME";
    case K_NOT: return "-NOT";
    case K_DAG: return "-DAG";
    case K_LABEL: return "-LABEL";
    case K_EMPTY: return "-EMPTY";
    default: return "";
    }
}

/* FileCheckType::getDescription: how messages name pattern [p] written
** under prefix [pfx] ("CHECK-NEXT", "CHECK-COUNT", "CHECK{LITERAL}"). */
static const char *describe(const fc *c, const fc_pat *p, int pfx, char *buf, size_t cap)
{
    if (p->kind == K_EOF) return "implicit EOF";
    snprintf(buf, cap, "%.*s%s%s", PFX(c, pfx), p->count > 1 ? "-COUNT" : kind_name(p->kind),
             p->literal ? "{LITERAL}" : "");
    return buf;
}

/* }=================================================================== */

/* Canonicalises [s] as FileCheck does: drops the \r of "\r\n" and, unless
** [strict], folds runs of spaces and tabs into one space. Returns a malloc'd
** NUL-terminated copy. */
static char *canonicalize(const char *s, size_t n, int strict, size_t *out_n)
{
    char *o = malloc(n + 1);
    size_t k = 0;
    if (!o) return NULL;
    for (size_t i = 0; i < n; i++) {
        if (i + 1 < n && s[i] == '\r' && s[i + 1] == '\n') continue;
        if (strict || (s[i] != ' ' && s[i] != '\t')) { o[k++] = s[i]; continue; }
        o[k++] = ' ';
        while (i + 1 < n && (s[i + 1] == ' ' || s[i + 1] == '\t')) i++;
    }
    o[k] = 0;
    *out_n = k;
    return o;
}

/* {===================================================================
** Parsing patterns (Pattern::parsePattern)
** ==================================================================== */

/* Translates [off, off+n) of the text being parsed and appends it to [p]'s
** regex (and the fragment as written to its example). Returns 0 and reports
** at the fragment on error. */
static int add_regex(fc *c, fc_pat *p, size_t off, size_t n)
{
    StrBuf tmp = {0};
    int groups;
    size_t erroff;
    const char *msg = fcs_translate_regex(PB(c) + off, n, &tmp, &groups, &erroff);
    if (!msg && tmp.p) {
        regex_t re;
        int rc = regcomp(&re, tmp.p, REG_EXTENDED | REG_NEWLINE);
        if (rc) {
            char local[128];
            regerror(rc, &re, local, sizeof local);
            cerror(c, off, "invalid regex: %s", local);
            free(tmp.p);
            return 0;
        }
        regfree(&re);
    }
    if (msg) {
        cerror(c, off, "invalid regex: %s", msg);
        free(tmp.p);
        return 0;
    }
    sb_addn(&p->text, tmp.p, tmp.n);
    sb_addn(&p->example, PB(c) + off, n);
    p->ngroups += groups;
    free(tmp.p);
    return 1;
}

/* Appends [s] to both the regex and the example of [p]. */
static void add_both(fc_pat *p, const char *s, size_t n)
{
    sb_addn(&p->text, s, n);
    sb_addn(&p->example, s, n);
}

static char *dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d) return NULL;
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* FindRegexVarEnd: the offset of the "]]" closing a substitution block in
** [s, s+n), or (size_t)-1. Sets *bad when a ']' has no '['. */
static size_t var_end(const char *s, size_t n, int *bad)
{
    size_t i = 0;
    int depth = 0;
    *bad = 0;
    while (i < n) {
        if (i + 1 < n && s[i] == ']' && s[i + 1] == ']' && depth == 0) return i;
        if (s[i] == '\\') { i += 2; continue; }
        if (s[i] == '[') depth++;
        else if (s[i] == ']') {
            if (depth == 0) { *bad = 1; return i; }
            depth--;
        }
        i++;
    }
    return (size_t)-1;
}

/* Parses an @LINE expression `@LINE`, `@LINE+N`, `@LINE-N` (with optional
** spaces) in [s, s+n). Returns 1 and sets *value. */
static int line_expr(const char *s, size_t n, int line, long *value)
{
    size_t i = 0;
    while (i < n && s[i] == ' ') i++;
    if (n - i < 5 || memcmp(s + i, "@LINE", 5)) return 0;
    i += 5;
    while (i < n && s[i] == ' ') i++;
    long v = line;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
        int neg = s[i++] == '-';
        long k = 0;
        while (i < n && s[i] == ' ') i++;
        if (i >= n || !isdigit((unsigned char)s[i])) return 0;
        while (i < n && isdigit((unsigned char)s[i]) && k < 100000000) k = k * 10 + (s[i++] - '0');
        while (i < n && s[i] == ' ') i++;
        v = neg ? v - k : v + k;
    }
    if (i != n) return 0;
    *value = v;
    return 1;
}

static int add_sub(fc_pat *p, char *name, int is_line, long value, size_t loc)
{
    fc_sub *subs = realloc(p->subs, sizeof *subs * (size_t)(p->nsubs + 1));
    if (!subs) { free(name); return 0; }
    p->subs = subs;
    subs[p->nsubs].name = name;
    subs[p->nsubs].is_line = is_line;
    subs[p->nsubs].line_value = value;
    subs[p->nsubs].idx = p->text.n;
    subs[p->nsubs].loc = loc;
    p->nsubs++;
    return 1;
}

/* Handles one substitution block `[[...]]` whose inside is [off, off+n) of
** the text being parsed. Returns 0 after reporting an error. */
static int parse_block(fc *c, fc_pat *p, size_t off, size_t n)
{
    const char *s = PB(c) + off;
    p->has_var = 1;
    if (n > 0 && s[0] == '#') {
        long v;
        if (line_expr(s + 1, n - 1, p->line, &v)) {
            /* An implicit pattern has no line: FileCheck finds @LINE undefined. */
            size_t at = 1;
            while (s[at] == ' ') at++;
            if (p->src) return add_sub(p, dupn("@LINE", 5), 0, 0, off + at);
            return add_sub(p, dupn(s + 1, n - 1), 1, v, off + 1);
        }
        cerror(c, off, "numeric substitution blocks other than [[#@LINE]] are not supported");
        return 0;
    }
    size_t colon = 0;
    while (colon < n && s[colon] != ':') colon++;
    for (size_t i = 0; i < colon; i++)
        if (s[i] == ' ' || s[i] == '\t') { cerror(c, off + i, "unexpected whitespace"); return 0; }
    size_t i = 0;
    if (i < n && s[i] == '$') i++;
    if (i < n && s[i] == '@') {
        long v;
        if (colon == n && line_expr(s, n, p->line, &v)) {
            if (p->src) return add_sub(p, dupn("@LINE", 5), 0, 0, off + i);
            return add_sub(p, dupn(s, n), 1, v, off);
        }
        if (colon < n) { cerror(c, off + i, "invalid name in string variable definition"); return 0; }
        cerror(c, off + i, "invalid pseudo numeric variable '%.*s'", (int)n, s);
        return 0;
    }
    if (i >= n || !(isalpha((unsigned char)s[i]) || s[i] == '_')) {
        cerror(c, off + i, "invalid variable name");
        return 0;
    }
    size_t ns = 0;  /* a global variable's name keeps its '$' */
    while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_')) i++;
    char *name = dupn(s + ns, i - ns);
    if (!name) return 0;
    if (colon == n) {
        /* A use: a back-reference when defined earlier on this line. */
        if (i != n) { free(name); cerror(c, off + ns, "invalid name in string variable use"); return 0; }
        for (int k = p->ndefs - 1; k >= 0; k--) {
            if (!strcmp(p->defs[k].name, name)) {
                free(name);
                if (p->defs[k].group > 9) {
                    cerror(c, off + ns, "Can't back-reference more than 9 variables");
                    return 0;
                }
                char ref[3] = {'\\', (char)('0' + p->defs[k].group), 0};
                add_both(p, ref, 2);
                return 1;
            }
        }
        return add_sub(p, name, 0, 0, off + ns);
    }
    if (i != colon) { free(name); cerror(c, off + ns, "invalid name in string variable definition"); return 0; }
    fc_def *defs = realloc(p->defs, sizeof *defs * (size_t)(p->ndefs + 1));
    if (!defs) { free(name); return 0; }
    p->defs = defs;
    p->ngroups++;
    defs[p->ndefs].name = name;
    defs[p->ndefs].group = p->ngroups;
    defs[p->ndefs].pos = defs[p->ndefs].len = 0;
    p->ndefs++;
    add_both(p, "(", 1);
    if (colon + 1 < n && !add_regex(c, p, off + colon + 1, n - colon - 1)) return 0;
    add_both(p, ")", 1);
    return 1;
}

/* Returns 1 if [s, s+n) contains the character [ch] twice in a row. */
static int has_pair(const char *s, size_t n, char ch)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == ch && s[i + 1] == ch) return 1;
    return 0;
}

/* Parses the pattern [off, off+n) of the text being parsed (trailing
** whitespace not yet removed). */
static int parse_pattern(fc *c, fc_pat *p, size_t off, size_t n)
{
    const char *s = PB(c) + off;
    /* --match-full-lines anchors every positive pattern; with
    ** --strict-whitespace too, the blanks around it count. */
    int full = c->full && p->kind != K_NOT;
    if (!(c->strict && c->full))
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    if (n == 0 && p->kind != K_EMPTY) {
        cerror(c, off, "found empty check string with prefix '%.*s:'", PFX(c, p->pfx));
        return 0;
    }
    if (n > 0 && p->kind == K_EMPTY) {
        cerror(c, off, "found non-empty check string for empty check with prefix '%.*s:'", PFX(c, p->pfx));
        return 0;
    }
    if (p->kind == K_EMPTY) {
        add_both(p, "(\n$)", 4);
        p->ngroups = 1;
        return 1;
    }
    if (p->literal || (!full && (n < 2 || (!has_pair(s, n, '{') && !has_pair(s, n, '['))))) {
        p->fixed = 1;
        sb_addn(&p->text, s, n);
        return 1;
    }
    if (full) add_both(p, c->strict ? "^" : "^ *", c->strict ? 1 : 3);
    size_t i = 0;
    while (i < n) {
        if (n - i >= 2 && s[i] == '{' && s[i + 1] == '{') {
            const char *e = memmem(s + i + 2, n - i - 2, "}}", 2);
            if (!e) { cerror(c, off + i, "found start of regex string with no end '}}'"); return 0; }
            size_t len = (size_t)(e - (s + i + 2));
            add_both(p, "(", 1);
            p->ngroups++;
            if (!add_regex(c, p, off + i + 2, len)) return 0;
            add_both(p, ")", 1);
            i += 2 + len + 2;
            continue;
        }
        if (n - i >= 2 && s[i] == '[' && s[i + 1] == '[' && !(n - i >= 3 && s[i + 2] == '[')) {
            int bad;
            size_t e = var_end(s + i + 2, n - i - 2, &bad);
            if (bad) { cerror(c, off + i + 2 + e, "missing closing \"]\" for regex variable"); return 0; }
            if (e == (size_t)-1) { cerror(c, off + i, "Invalid substitution block, no ]] found"); return 0; }
            if (!parse_block(c, p, off + i + 2, e)) return 0;
            i += 2 + e + 2;
            continue;
        }
        /* Literal text up to the next "{{" or "[[" (searched from i+1). */
        size_t j = i + 1;
        while (j < n && !(j + 1 < n && ((s[j] == '{' && s[j + 1] == '{') || (s[j] == '[' && s[j + 1] == '['))))
            j++;
        sb_add_escaped(&p->text, s + i, j - i);
        sb_add_escaped(&p->example, s + i, j - i);
        i = j;
    }
    if (full) add_both(p, c->strict ? "$" : " *$", c->strict ? 1 : 3);
    if (!p->text.p) sb_adds(&p->text, "");
    return 1;
}

/* }=================================================================== */

/* {===================================================================
** Variables
** ==================================================================== */

static fc_var *find_var(fc *c, const char *name)
{
    for (int i = 0; i < c->nvars; i++)
        if (!strcmp(c->vars[i].name, name)) return &c->vars[i];
    return NULL;
}

static void set_var(fc *c, const char *name, const char *v, size_t len)
{
    fc_var *x = find_var(c, name);
    char *val = dupn(v, len);
    if (!val) return;
    if (!x) {
        if (c->nvars == c->capvars) {
            int cap = c->capvars ? c->capvars * 2 : 8;
            fc_var *nv = realloc(c->vars, sizeof *nv * (size_t)cap);
            if (!nv) { free(val); return; }
            c->vars = nv;
            c->capvars = cap;
        }
        x = &c->vars[c->nvars++];
        x->name = dupn(name, strlen(name));
        x->value = NULL;
    }
    free(x->value);
    x->value = val;
    x->len = len;
}

/* -D: each "NAME=VALUE" of [defs] (an '=' after a nonempty name, checked
** by fc_check) defines the string variable NAME, its VALUE taken as it is,
** blanks unfolded. Names are checked as FileCheck's defineCmdlineVariables
** checks them; errors point into the "Global defines" text listing the
** definitions, each followed by an empty line. Returns 0 after errors. */
static int define_vars(fc *c, const char *const *defs, int n)
{
    int src = c->nsrc - 1, ok = 1;
    StrBuf list = {0};
    size_t *at = malloc(sizeof *at * (size_t)n);
    if (!at) return 0;
    for (int i = 0; i < n; i++) {
        sb_printf(&list, "Global define #%d: ", i + 1);
        at[i] = list.n;
        sb_printf(&list, "%s\n", defs[i]);
    }
    c->src[src].text = list.p;
    c->src[src].n = list.n;
    for (int i = 0; i < n; i++) {
        const char *d = defs[i], *eq = strchr(d, '=');
        size_t nlen = (size_t)(eq - d), k = 0;
        int pseudo = d[0] == '@';
        if (d[0] == '$' || pseudo) k++;
        if (k >= nlen || !(isalpha((unsigned char)d[k]) || d[k] == '_')) {
            serror(c, src, at[i], "invalid variable name");
        } else {
            while (k < nlen && (isalnum((unsigned char)d[k]) || d[k] == '_')) k++;
            if (!pseudo && k == nlen) {
                /* A name defined twice keeps its first value, as in FileCheck. */
                char *name = dupn(d, nlen);
                if (name && !find_var(c, name)) set_var(c, name, eq + 1, strlen(eq + 1));
                free(name);
                continue;
            }
            serror(c, src, at[i], "invalid name in string variable definition '%.*s'", (int)nlen, d);
        }
        if (c->err) fputc('\n', c->err);
        ok = 0;
    }
    free(at);
    return ok;
}

/* }=================================================================== */

/* {===================================================================
** Reading the directives (FileCheck::readCheckFile)
** ==================================================================== */

static fc_pat *new_pat(fc *c)
{
    if (c->npats == c->cappats) {
        int cap = c->cappats ? c->cappats * 2 : 16;
        fc_pat *p = realloc(c->pats, sizeof *p * (size_t)cap);
        if (!p) return NULL;
        c->pats = p;
        c->cappats = cap;
    }
    fc_pat *p = &c->pats[c->npats++];
    memset(p, 0, sizeof *p);
    p->count = 1;
    return p;
}

/* Adds the positive directive of pattern [pat], naming prefix [pfx] in its
** messages. Its DAG/NOT list is every implicit pattern (pats[0, nimp)),
** then the DAG/NOT directives written since the last positive one
** (pats[dn_from, pat)). */
static int add_str(fc *c, int pat, int pfx, int dn_from)
{
    if (c->nstrs == c->capstrs) {
        int cap = c->capstrs ? c->capstrs * 2 : 16;
        fc_str *s = realloc(c->strs, sizeof *s * (size_t)cap);
        if (!s) return 0;
        c->strs = s;
        c->capstrs = cap;
    }
    int need = c->nimp + (pat - dn_from);
    if (c->ndn + need > c->capdn) {
        int cap = c->capdn * 2 + need + 16;
        int *dn = realloc(c->dn, sizeof *dn * (size_t)cap);
        if (!dn) return 0;
        c->dn = dn;
        c->capdn = cap;
    }
    fc_str *s = &c->strs[c->nstrs++];
    s->pat = pat;
    s->pfx = pfx;
    s->dn_first = c->ndn;
    for (int k = 0; k < c->nimp; k++) c->dn[c->ndn++] = k;
    for (int k = dn_from; k < pat; k++) c->dn[c->ndn++] = k;
    s->dn_count = c->ndn - s->dn_first;
    return 1;
}

/* The order FileCheck lists prefixes in (a std::set of StringRefs). */
static int cmp_pfx(const fc *c, int a, int b)
{
    size_t la = c->pf.len[a], lb = c->pf.len[b];
    int r = memcmp(c->pf.s[a], c->pf.s[b], la < lb ? la : lb);
    return r ? r : (la > lb) - (la < lb);
}

/* "no check strings found with prefix 'A:'": for every prefix in [used]
** that is 0, in FileCheck's order. */
static void report_unused(fc *c, const int *used)
{
    int order[FC_MAX_PREFIXES], n = 0;
    for (int i = 0; i < c->pf.n; i++) {
        if (used[i]) continue;
        int k = n++;
        while (k > 0 && cmp_pfx(c, order[k - 1], i) > 0) { order[k] = order[k - 1]; k--; }
        order[k] = i;
    }
    if (!c->err) return;
    fprintf(c->err, "error: no check strings found with prefix%s ", n > 1 ? "es" : "");
    for (int i = 0; i < n; i++) fprintf(c->err, "%s'%.*s:'", i ? ", " : "", PFX(c, order[i]));
    fputc('\n', c->err);
}

/* ReadCheckFile: defines the -D variables, parses the implicit patterns,
** then builds c->pats and c->strs from the check text. Returns 0 after an
** error. */
static int read_checks(fc *c, const fc_options *opt)
{
    if (opt && opt->n_defines && !define_vars(c, opt->defines, opt->n_defines)) return 0;
    /* An implicit pattern that does not parse is reported and, as in
    ** FileCheck, kept as far as it got (never matching when that is
    ** nothing): it does not change the verdict. */
    static const char imp_head[] = "-implicit-check-not='";
    for (int k = 0; k < c->nimp; k++) {
        c->psrc = 1 + k;
        fc_pat *p = new_pat(c);
        if (!p) return 0;
        p->kind = K_NOT;
        p->src = 1 + k;
        p->pfx = PFX_IMPLICIT;
        p->loc = p->dloc = sizeof imp_head - 1;
        if (!parse_pattern(c, p, p->loc, c->src[p->src].n - p->loc - 1) && !p->text.n) p->never = 1;
    }
    c->psrc = 0;

    size_t pos = 0, line = 1, counted = 0;
    int dn_from = c->npats, used[FC_MAX_PREFIXES] = {0};
    fcs_found f;
    while (fcs_next_directive(c->cb, c->cn, &pos, &c->pf, &f)) {
        for (; counted < f.at; counted++) line += c->cb[counted] == '\n';
        size_t eol = f.rest;
        while (eol < c->cn && c->cb[eol] != '\n' && c->cb[eol] != '\r') eol++;
        pos = eol;
        if (f.kind == K_COMMENT) continue;
        used[f.pfx] = 1;
        if (f.kind == K_BADNOT) {
            cerror(c, f.rest, "unsupported -NOT combo on prefix '%.*s'", PFX(c, f.pfx));
            return 0;
        }
        if (f.kind == K_BADCOUNT) {
            cerror(c, f.rest, "invalid count in -COUNT specification on prefix '%.*s'", PFX(c, f.pfx));
            return 0;
        }
        /* The pattern starts after the blanks, which count with both
        ** --strict-whitespace and --match-full-lines. */
        size_t ps = f.rest;
        if (!(c->strict && c->full))
            while (ps < eol && (c->cb[ps] == ' ' || c->cb[ps] == '\t')) ps++;
        fc_pat *p = new_pat(c);
        if (!p) return 0;
        p->kind = f.kind;
        p->count = f.count;
        p->line = (int)line;
        p->loc = ps;
        p->dloc = f.at;
        p->pfx = f.pfx;
        p->literal = f.literal;
        if (!parse_pattern(c, p, ps, eol - ps)) return 0;
        if (p->kind == K_LABEL && p->has_var) {
            cerror(c, f.at, "found '%.*s-LABEL:' with variable definition or use", PFX(c, f.pfx));
            return 0;
        }
        if ((p->kind == K_NEXT || p->kind == K_SAME || p->kind == K_EMPTY) && c->nstrs == 0) {
            cerror(c, f.at, "found '%.*s-%s' without previous '%.*s: line", PFX(c, f.pfx),
                   p->kind == K_NEXT ? "NEXT" : p->kind == K_EMPTY ? "EMPTY" : "SAME", PFX(c, f.pfx));
            return 0;
        }
        if (p->kind == K_DAG || p->kind == K_NOT) continue;
        if (!add_str(c, c->npats - 1, p->pfx, dn_from)) return 0;
        dn_from = c->npats;
    }
    c->eof_loc = pos;
    /* Every prefix must be used (unless --allow-unused-prefixes), except
    ** that --implicit-check-not alone checks something under the default
    ** prefix. */
    int nused = 0;
    for (int i = 0; i < c->pf.n; i++) nused += used[i];
    int unused_ok = opt && opt->allow_unused_prefixes;
    if ((nused == 0 || (!unused_ok && nused < c->pf.n)) && (c->nimp == 0 || !c->default_prefix)) {
        report_unused(c, used);
        return 0;
    }
    if (dn_from < c->npats || c->nimp) {
        fc_pat *p = new_pat(c);
        if (!p) return 0;
        p->kind = K_EOF;
        p->loc = p->dloc = c->eof_loc;
        p->line = 1;
        for (size_t i = 0; i < c->eof_loc; i++) p->line += c->cb[i] == '\n';
        if (!add_str(c, c->npats - 1, 0, dn_from)) return 0;
    }
    /* Compile the patterns that need no substitution once. */
    for (int i = 0; i < c->npats; i++) {
        fc_pat *p = &c->pats[i];
        if (p->fixed || p->kind == K_EOF || p->nsubs || p->never) continue;
        /* Each fragment was valid on its own; the whole can still be
        ** rejected by glibc (a back-reference to a group that encloses it).
        ** LLVM accepts such a regex and it never matches: so does this. */
        p->re_ok = regcomp(&p->re, p->text.p ? p->text.p : "", REG_EXTENDED | REG_NEWLINE) == 0;
        p->never = !p->re_ok;
    }
    return 1;
}

/* }=================================================================== */

/* {===================================================================
** Matching
** ==================================================================== */

/* Pattern::match on the region [from, to). Returns 1 with *pos (absolute)
** and *len on a match, 0 when not found, -1 after reporting that the
** pattern uses an undefined variable. */
static int match(fc *c, const fc_pat *p, size_t from, size_t to, size_t *pos, size_t *len)
{
    if (p->kind == K_EOF) { *pos = to; *len = 0; return 1; }
    if (p->never) return 0;
    if (p->fixed) {
        const char *h = memmem(c->ib + from, to - from, p->text.p, p->text.n);
        if (!h) return 0;
        *pos = (size_t)(h - c->ib);
        *len = p->text.n;
        return 1;
    }
    regex_t tmp;
    const regex_t *re = &p->re;
    if (p->nsubs) {
        StrBuf rx = {0};
        size_t last = 0;
        int undefined = 0;
        char num[32];
        for (int i = 0; i < p->nsubs; i++) {
            const fc_sub *s = &p->subs[i];
            sb_addn(&rx, p->text.p + last, s->idx - last);
            last = s->idx;
            if (s->is_line) {
                snprintf(num, sizeof num, "%ld", s->line_value);
                sb_adds(&rx, num);
                continue;
            }
            fc_var *v = find_var(c, s->name);
            if (!v) {
                serror(c, p->src, s->loc, "undefined variable: %s", s->name);
                undefined = 1;
                continue;
            }
            sb_add_escaped(&rx, v->value, v->len);
        }
        sb_addn(&rx, p->text.p + last, p->text.n - last);
        if (undefined) { free(rx.p); return -1; }
        int rc = regcomp(&tmp, rx.p ? rx.p : "", REG_EXTENDED | REG_NEWLINE);
        free(rx.p);
        if (rc) return 0;  /* as in read_checks: such a regex never matches */
        re = &tmp;
    }
    size_t ng = (size_t)p->ngroups + 1;
    regmatch_t small[16], *m = ng <= 16 ? small : malloc(sizeof *m * ng);
    int ok = 0;
    if (m) {
        m[0].rm_so = 0;
        m[0].rm_eo = (regoff_t)(to - from);
        ok = regexec(re, c->ib + from, ng, m, REG_STARTEND) == 0;
    }
    if (ok) {
        for (int i = 0; i < p->ndefs; i++) {
            const regmatch_t *g = &m[p->defs[i].group];
            fc_def *d = &p->defs[i];
            d->pos = g->rm_so >= 0 ? from + (size_t)g->rm_so : from;
            d->len = g->rm_so >= 0 ? (size_t)(g->rm_eo - g->rm_so) : 0;
            set_var(c, d->name, c->ib + d->pos, d->len);
        }
        size_t skip = p->kind == K_EMPTY;
        *pos = from + (size_t)m[0].rm_so + skip;
        *len = (size_t)(m[0].rm_eo - m[0].rm_so) - skip;
    }
    if (m != small) free(m);
    if (p->nsubs) regfree(&tmp);
    return ok;
}

/* {-------------------------------------------------------------------
** Results: messages now, and the record the input dump draws
** -------------------------------------------------------------------- */

/* A message of [kind] ("error", "remark") at pattern [p]. */
static void pmsg(fc *c, const fc_pat *p, const char *kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c, p->src, p->loc, 1, kind, fmt, ap);
    va_end(ap);
}

/* Records a result of pattern [p] for the dump: its [type] (FCD_*), the
** input range [from, to) and a [note] (copied; NULL for the type's own). */
static void add_diag(fc *c, const fc_pat *p, int type, size_t from, size_t to, const char *note)
{
    static const char *const abbrev[] = {
        [K_PLAIN] = "check", [K_NEXT] = "next", [K_SAME] = "same", [K_NOT] = "not",
        [K_DAG] = "dag", [K_LABEL] = "label", [K_EMPTY] = "empty", [K_EOF] = "eof",
    };
    if (!c->record) return;
    if (c->ndg == c->capdg) {
        int cap = c->capdg ? c->capdg * 2 : 16;
        fcd_diag *d = realloc(c->dg, sizeof *d * (size_t)cap);
        if (!d) return;
        c->dg = d;
        c->capdg = cap;
    }
    fcd_diag *d = &c->dg[c->ndg++];
    const char *t = p->kind == K_PLAIN && p->count > 1 ? "count" : abbrev[p->kind];
    if (p->src) snprintf(d->label, sizeof d->label, "%s:imp%d", t, p->src);
    else snprintf(d->label, sizeof d->label, "%s:%d", t, p->line);
    d->key = (int)(p - c->pats);
    d->type = type;
    d->from = from;
    d->to = to;
    d->note = note ? dupn(note, strlen(note)) : NULL;
}

/* Turns the last results of [p] (the match just recorded and its notes)
** into [type]: FileCheck's AdjustPrevDiags. */
static void retype_diags(fc *c, const fc_pat *p, int type)
{
    for (int i = c->ndg - 1; i >= 0 && c->dg[i].key == (int)(p - c->pats); i--) c->dg[i].type = type;
}

/* The note on substitution [s]: `with "NAME" equal to "VALUE"`, the value
** escaped as LLVM's write_escaped. Returns 0 for an undefined variable. */
static int sub_note(fc *c, const fc_sub *s, StrBuf *out)
{
    char num[32];
    const char *v = num;
    size_t vn;
    if (s->is_line) {
        vn = (size_t)snprintf(num, sizeof num, "%ld", s->line_value);
    } else {
        fc_var *x = find_var(c, s->name);
        if (!x) return 0;
        v = x->value;
        vn = x->len;
    }
    /* FileCheck shows the value as substituted: regex-escaped. */
    StrBuf esc = {0};
    sb_add_escaped(&esc, v, vn);
    out->n = 0;
    sb_printf(out, "with \"%s\" equal to \"", s->name);
    for (size_t j = 0; j < esc.n; j++) {
        unsigned char ch = (unsigned char)esc.p[j];
        if (ch == '\\' || ch == '"') { sb_addc(out, '\\'); sb_addc(out, (char)ch); }
        else if (ch == '\t') sb_adds(out, "\\t");
        else if (ch == '\n') sb_adds(out, "\\n");
        else if (ch < 32 || ch > 126) sb_printf(out, "\\%03o", ch);
        else sb_addc(out, (char)ch);
    }
    sb_addc(out, '"');
    sb_free(&esc);
    return 1;
}

/* printSubstitutions: the value of each variable [p] substitutes, at input
** offset [off]: as notes ([print]) or as results of [type] for the dump. */
static void report_subs(fc *c, const fc_pat *p, size_t off, int print, int type)
{
    StrBuf note = {0};
    for (int i = 0; i < p->nsubs; i++) {
        if (!sub_note(c, &p->subs[i], &note)) continue;
        if (print) inote(c, off, 1, "%s", note.p);
        else add_diag(c, p, type, off, off, note.p);
    }
    sb_free(&note);
}

/* printVariableDefs: what each variable [p] defines captured, in input
** order: as notes ([print]) or as results of [type] for the dump. */
static void report_defs(fc *c, const fc_pat *p, int print, int type)
{
    int order[64], n = 0;
    for (int i = 0; i < p->ndefs && n < 64; i++) {
        int k = n++;
        while (k > 0 && p->defs[order[k - 1]].pos > p->defs[i].pos) { order[k] = order[k - 1]; k--; }
        order[k] = i;
    }
    char note[300];
    for (int i = 0; i < n; i++) {
        const fc_def *d = &p->defs[order[i]];
        snprintf(note, sizeof note, "captured var \"%s\"", d->name);
        if (print) inote(c, d->pos, d->len, "%s", note);
        else add_diag(c, p, type, d->pos, d->pos + d->len, note);
    }
}

/* StringRef::edit_distance with replacements allowed. */
static size_t edit_distance(const char *a, size_t an, const char *b, size_t bn)
{
    size_t *row = malloc(sizeof *row * (bn + 1));
    if (!row) return (size_t)-1;
    for (size_t j = 0; j <= bn; j++) row[j] = j;
    for (size_t i = 1; i <= an; i++) {
        size_t prev = row[0];
        row[0] = i;
        for (size_t j = 1; j <= bn; j++) {
            size_t old = row[j];
            size_t best = prev + (a[i - 1] == b[j - 1] ? 0 : 1);
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            if (old + 1 < best) best = old + 1;
            row[j] = best;
            prev = old;
        }
    }
    size_t d = row[bn];
    free(row);
    return d;
}

/* Pattern::printFuzzyMatch: points at the line most like the pattern (its
** fixed string, or its regex as written). */
static void fuzzy(fc *c, const fc_pat *p, size_t from, size_t to)
{
    const StrBuf *ex = p->fixed ? &p->text : &p->example;
    size_t exn = ex->n;
    size_t lines = 0, best = (size_t)-1;
    /* With nothing to compare with (a pattern that is only a variable use),
    ** FileCheck 14's edit distance reads an uninitialised value: whether it
    ** prints a fuzzy match is not defined. This prints none. */
    if (exn == 0) return;
    double bestq = 0;
    size_t lim = to - from < 4096 ? to - from : 4096;
    for (size_t i = 0; i < lim; i++) {
        const char *b = c->ib + from + i;
        if (*b == '\n') lines++;
        if (*b == ' ' || *b == '\t') continue;
        size_t bn = to - from - i < exn ? to - from - i : exn;
        const char *nl = memchr(b, '\n', bn);
        if (nl) bn = (size_t)(nl - b);
        double q = (double)edit_distance(b, bn, ex->p, exn) + (double)lines / 100.0;
        if (best == (size_t)-1 || q < bestq) { best = i; bestq = q; }
    }
    if (best && best != (size_t)-1 && bestq < 50) {
        add_diag(c, p, FCD_FUZZY, from + best, from + best, NULL);
        inote(c, from + best, 1, "possible intended match here");
    }
}

/* printNoMatch: pattern [p] searched [from, to) for its [idx]-th match and
** found none; its messages name prefix [spfx]. [expected] is 0 for a
** CHECK-NOT; [invalid] when match() reported an undefined variable.
** Returns 1 when that is an error. */
static int no_match(fc *c, const fc_pat *p, int spfx, size_t from, size_t to, int idx, int expected,
                    int invalid)
{
    int error = expected || invalid;
    if (!error && c->verbose < 2) return 0;
    int type = invalid ? FCD_NONE_INVALID : expected ? FCD_NONE_EXPECTED : FCD_NONE_EXCLUDED;
    add_diag(c, p, type, from, to, NULL);
    if (c->record) {
        char note[300];
        for (int i = 0; invalid && i < p->nsubs; i++) {
            if (p->subs[i].is_line || find_var(c, p->subs[i].name)) continue;
            snprintf(note, sizeof note, "undefined variable: %s", p->subs[i].name);
            add_diag(c, p, type, from, from, note);
        }
        report_subs(c, p, from, 0, type);
        if (!error) return 0;   /* -vv: recorded, not printed */
    }
    if (!invalid) {
        char d[256];
        const char *what = describe(c, p, spfx, d, sizeof d);
        if (p->count > 1)
            pmsg(c, p, error ? "error" : "remark", "%s: %s string not found in input (%d out of %d)", what,
                 expected ? "expected" : "excluded", idx, p->count);
        else
            pmsg(c, p, error ? "error" : "remark", "%s: %s string not found in input", what,
                 expected ? "expected" : "excluded");
        inote(c, from, 1, "scanning from here");
    }
    report_subs(c, p, from, 1, type);
    if (expected) fuzzy(c, p, from, to);
    return error;
}

/* printMatch: pattern [p] matched [pos, pos+len), its [idx]-th time; its
** messages name prefix [spfx]. [expected] is 0 for a CHECK-NOT, whose
** match is an error; an expected match is reported only with -v (the end
** of input with -vv), as a remark when no dump records it. Returns 1 when
** that is an error. */
static int matched(fc *c, const fc_pat *p, int spfx, int expected, size_t pos, size_t len, int idx)
{
    if (expected && (!c->verbose || (c->verbose < 2 && p->kind == K_EOF))) return 0;
    int type = expected ? FCD_FOUND_EXPECTED : FCD_FOUND_EXCLUDED;
    add_diag(c, p, type, pos, pos + len, NULL);
    if (c->record) {
        report_subs(c, p, pos, 0, type);
        report_defs(c, p, 0, type);
        if (expected) return 0;
    }
    char d[256];
    const char *what = describe(c, p, spfx, d, sizeof d);
    if (p->count > 1)
        pmsg(c, p, expected ? "remark" : "error", "%s: %s string found in input (%d out of %d)", what,
             expected ? "expected" : "excluded", idx, p->count);
    else
        pmsg(c, p, expected ? "remark" : "error", "%s: %s string found in input", what,
             expected ? "expected" : "excluded");
    inote(c, pos, len, "found here");
    report_subs(c, p, pos, 1, type);
    report_defs(c, p, 1, type);
    return !expected;
}

/* }------------------------------------------------------------------- */

/* CheckNot: no NOT pattern may match in [from, to); messages name prefix
** [spfx]. Returns 1 on a failure. */
static int check_not(fc *c, const int *nots, int nn, size_t from, size_t to, int spfx)
{
    int fail = 0;
    for (int i = 0; i < nn; i++) {
        const fc_pat *p = &c->pats[nots[i]];
        size_t pos, len;
        int r = match(c, p, from, to, &pos, &len);
        if (r <= 0) fail |= no_match(c, p, spfx, from, to, 1, 0, r < 0);
        else fail |= matched(c, p, spfx, 0, pos, len, 1);
    }
    return fail;
}

static unsigned count_newlines(const char *s, size_t n, size_t *first)
{
    unsigned k = 0;
    size_t i = 0;
    for (;;) {
        while (i < n && s[i] != '\n' && s[i] != '\r') i++;
        if (i >= n) return k;
        k++;
        if (i + 1 < n && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i] != s[i + 1]) i++;
        i++;
        if (k == 1) *first = i;
    }
}

/* CheckNext / CheckSame on the skipped region [from, to), the match being
** [to, to+mlen). Returns 1 on a failure. */
static int check_line(fc *c, const fc_pat *p, size_t from, size_t to, size_t mlen)
{
    if (p->kind != K_NEXT && p->kind != K_EMPTY && p->kind != K_SAME) return 0;
    size_t first = from;
    unsigned k = count_newlines(c->ib + from, to - from, &first);
    first += from;
    if (p->kind == K_SAME) {
        if (k == 0) return 0;
        pmsg(c, p, "error", "%.*s-SAME: is not on the same line as the previous match", PFX(c, p->pfx));
    } else if (k == 0) {
        pmsg(c, p, "error", "%.*s%s: is on the same line as previous match", PFX(c, p->pfx), kind_name(p->kind));
    } else if (k != 1) {
        pmsg(c, p, "error", "%.*s%s: is not on the line after the previous match", PFX(c, p->pfx),
             kind_name(p->kind));
    } else {
        return 0;
    }
    inote(c, to, 1, "'next' match was here");
    inote(c, from, 1, "previous match ended here");
    if (p->kind != K_SAME && k > 1) inote(c, first, 1, "non-matching line after previous match is here");
    /* With -v the match is recorded already: it becomes the bad one. */
    if (c->verbose) retype_diags(c, p, FCD_FOUND_WRONG_LINE);
    else add_diag(c, p, FCD_FOUND_WRONG_LINE, to, to + mlen, NULL);
    return 1;
}

typedef struct range { size_t pos, end; } range;

/* CheckDag: matches the DAG groups of [s] from [from]; collects the NOTs
** after the last group in [nots]. Returns the end of the last group, or
** (size_t)-1 on failure. */
static size_t check_dag(fc *c, const fc_str *s, size_t from, size_t to, int *nots, int *nn)
{
    size_t start = from;
    range *rs = NULL;
    int nr = 0, cap = 0;
    *nn = 0;
    for (int k = 0; k < s->dn_count; k++) {
        int pi = c->dn[s->dn_first + k];
        const fc_pat *p = &c->pats[pi];
        if (p->kind == K_NOT) { nots[(*nn)++] = pi; continue; }
        size_t mpos = start, pos, len;
        int mi = 0;
        for (;;) {
            int r = match(c, p, mpos, to, &pos, &len);
            if (r <= 0) {
                no_match(c, p, s->pfx, mpos, to, 1, 1, r < 0);
                free(rs);
                return (size_t)-1;
            }
            /* -vv reports every match, the discarded ones too. */
            if (c->verbose >= 2) matched(c, p, s->pfx, 1, pos, len, 1);
            range m = {pos, pos + len};
            int overlap = 0;
            for (; mi < nr; mi++) {
                if (m.pos < rs[mi].end) { overlap = rs[mi].pos < m.end; break; }
            }
            if (!overlap) {
                if (nr == cap) {
                    cap = cap ? cap * 2 : 8;
                    range *nrs = realloc(rs, sizeof *nrs * (size_t)cap);
                    if (!nrs) { free(rs); return (size_t)-1; }
                    rs = nrs;
                }
                memmove(rs + mi + 1, rs + mi, sizeof *rs * (size_t)(nr - mi));
                rs[mi] = m;
                nr++;
                break;
            }
            if (c->verbose >= 2) {
                if (c->record) retype_diags(c, p, FCD_FOUND_DISCARDED);
                else inote(c, rs[mi].pos, rs[mi].end - rs[mi].pos, "match discarded, overlaps earlier DAG match here");
            }
            mpos = rs[mi].end;
        }
        if (c->verbose < 2) matched(c, p, s->pfx, 1, pos, len, 1);
        int last = k + 1 == s->dn_count || c->pats[c->dn[s->dn_first + k + 1]].kind == K_NOT;
        if (last) {
            if (*nn) {
                if (check_not(c, nots, *nn, start, rs[0].pos, s->pfx)) { free(rs); return (size_t)-1; }
                *nn = 0;
            }
            start = rs[nr - 1].end;
            nr = 0;
        }
    }
    free(rs);
    return start;
}

/* FileCheckString::Check on the region [from, to). Returns the absolute
** position of the match and sets *mlen, or (size_t)-1 on failure. */
static size_t check_str(fc *c, const fc_str *s, size_t from, size_t to, int label_scan, size_t *mlen)
{
    const fc_pat *p = &c->pats[s->pat];
    size_t last = from;
    int stack_nots[16], *nots = s->dn_count <= 16 ? stack_nots : malloc(sizeof *nots * (size_t)s->dn_count);
    int nn = 0;
    size_t result = (size_t)-1;
    if (!nots) return result;
    if (!label_scan) {
        last = check_dag(c, s, from, to, nots, &nn);
        if (last == (size_t)-1) goto done;
    }
    size_t end = last, first = 0, pos, len;
    for (int i = 1; i <= p->count; i++) {
        int r = match(c, p, end, to, &pos, &len);
        if (r <= 0) {
            no_match(c, p, s->pfx, end, to, i, 1, r < 0);
            goto done;
        }
        matched(c, p, s->pfx, 1, pos, len, i);
        if (i == 1) first = pos;
        /* An empty match where the last one ended repeats forever: the
        ** remaining counts would all match right here. */
        if (len == 0 && pos == end && i > 1) break;
        end = pos + len;
    }
    *mlen = end - first;
    if (!label_scan) {
        if (check_line(c, p, last, first, *mlen)) goto done;
        if (check_not(c, nots, nn, last, first, s->pfx)) goto done;
    }
    result = first;
done:
    if (nots != stack_nots) free(nots);
    return result;
}

/* FileCheck::checkInput. Returns 1 when every directive matched. */
static int check_input(fc *c)
{
    size_t buf = 0;
    int failed = 0, i = 0, j = 0;
    for (;;) {
        size_t rfrom = buf, rto;
        if (j == c->nstrs) {
            rto = c->in;
        } else {
            const fc_str *ls = &c->strs[j];
            if (c->pats[ls->pat].kind != K_LABEL) { j++; continue; }
            size_t len = 0;
            size_t pos = check_str(c, ls, buf, c->in, 1, &len);
            if (pos == (size_t)-1) return 0;
            rto = pos + len;
            buf = rto;
            j++;
        }
        for (; i != j; i++) {
            size_t len = 0;
            size_t pos = check_str(c, &c->strs[i], rfrom, rto, 0, &len);
            if (pos == (size_t)-1) { failed = 1; i = j; break; }
            rfrom = pos + len;
        }
        if (j == c->nstrs) break;
    }
    return !failed;
}

/* }=================================================================== */

int fc_check(const char *check, size_t check_len, const char *input, size_t input_len,
             const fc_options *opt, FILE *diag)
{
    fc c;
    memset(&c, 0, sizeof c);
    c.err = diag;
    c.default_prefix = !(opt && opt->prefix);
    c.prefix = opt && opt->prefix ? opt->prefix : "CHECK";
    c.check_name = opt && opt->check_name ? opt->check_name : "<check>";
    c.input_name = opt && opt->input_name ? opt->input_name : "<stdin>";
    c.strict = opt && opt->strict_whitespace;
    c.full = opt && opt->match_full_lines;
    c.verbose = opt ? opt->verbose : 0;
    int dump = opt ? opt->dump : FC_DUMP_NEVER;
    c.record = diag && dump != FC_DUMP_NEVER;
    c.nimp = opt && opt->n_implicit_not > 0 ? opt->n_implicit_not : 0;
    int ndef = opt && opt->n_defines > 0 ? opt->n_defines : 0;

    /* What FileCheck's command line checks of each -D first; numeric
    ** variables are refused here. */
    int bad = 0;
    for (int i = 0; i < ndef; i++) {
        const char *d = opt->defines[i], *eq = strchr(d, '=');
        const char *why = !eq ? "Missing equal sign in command-line definition"
                        : eq == d ? "Missing variable name in command-line definition"
                        : d[0] == '#' ? "error: numeric variables (-D#NAME=VALUE) are not supported:" : NULL;
        if (!why) continue;
        if (diag) fprintf(diag, "%s '-D%s'\n", why, d);
        bad = 1;
    }
    if (bad) return FC_ERROR;
    const char *why, *badp;
    size_t badlen;
    if (!fcs_split_prefixes(c.prefix, &c.pf, &why, &badp, &badlen)) {
        if (diag) fprintf(diag, "error: %s: '%.*s'\n", why, (int)badlen, badp);
        return FC_ERROR;
    }
    int result = FC_ERROR;
    c.cb = canonicalize(check ? check : "", check ? check_len : 0, c.strict, &c.cn);
    c.ib = canonicalize(input ? input : "", input ? input_len : 0, c.strict, &c.in);
    c.nsrc = 1 + c.nimp + (ndef > 0);
    c.src = calloc((size_t)c.nsrc, sizeof *c.src);
    if (!c.cb || !c.ib || !c.src) {
        if (diag) fprintf(diag, "error: out of memory\n");
        goto out;
    }
    c.src[0] = (fc_src){c.check_name, c.cb, c.cn};
    for (int k = 0; k < c.nimp; k++) {
        /* FileCheck shows an implicit pattern inside this text, unfolded. */
        StrBuf t = {0};
        sb_printf(&t, "-implicit-check-not='%s'", opt->implicit_not[k]);
        c.src[1 + k] = (fc_src){"command line", t.p, t.n};
    }
    if (ndef) c.src[c.nsrc - 1] = (fc_src){"Global defines", NULL, 0};
    if (!read_checks(&c, opt)) goto out;
    if (input_len == 0 && !(opt && opt->allow_empty)) {
        if (diag) fprintf(diag, "FileCheck error: '%s' is empty.\n", c.input_name);
        if (diag && opt && opt->command_line) fprintf(diag, "FileCheck command line: %s\n", opt->command_line);
        goto out;
    }
    result = check_input(&c) ? FC_PASS : FC_FAIL;
    if (dump == FC_DUMP_ALWAYS || (dump == FC_DUMP_FAIL && result == FC_FAIL)) {
        if (diag) {
            fprintf(diag, "\nInput file: %s\nCheck file: %s\n\n-dump-input=help explains the following input dump.\n\n",
                    c.input_name, c.check_name);
            int filter = opt->dump_filter ? opt->dump_filter
                         : dump == FC_DUMP_ALWAYS ? FC_FILTER_ALL : FC_FILTER_ERROR;
            fcd_dump(diag, c.ib, c.in, c.dg, c.ndg, filter, opt->dump_context);
        }
    }
out:
    for (int i = 0; i < c.npats; i++) {
        fc_pat *p = &c.pats[i];
        free(p->text.p);
        free(p->example.p);
        for (int k = 0; k < p->nsubs; k++) free(p->subs[k].name);
        for (int k = 0; k < p->ndefs; k++) free(p->defs[k].name);
        free(p->subs);
        free(p->defs);
        if (p->re_ok) regfree(&p->re);
    }
    for (int i = 0; i < c.nvars; i++) { free(c.vars[i].name); free(c.vars[i].value); }
    for (int i = 0; i < c.ndg; i++) free(c.dg[i].note);
    for (int i = 1; c.src && i < c.nsrc; i++) free(c.src[i].text);
    free(c.src);
    free(c.dg);
    free(c.dn);
    free(c.vars);
    free(c.pats);
    free(c.strs);
    free(c.cb);
    free(c.ib);
    return result;
}
