/*
** filecheck.c — a FileCheck-compatible matcher.
**
** This is a port of the algorithm of LLVM FileCheck 14 (FileCheck.cpp), kept
** close enough that the two agree on every verdict in tests/filecheck/:
**
**   1. Both texts are canonicalised: "\r\n" becomes "\n" and every run of
**      spaces and tabs becomes one space.
**   2. The check text is scanned for directives. Each pattern becomes either a
**      fixed string or one POSIX extended regex (literal text escaped,
**      `{{re}}` and `[[V:re]]` translated from LLVM's regex dialect, same-line
**      uses of a variable as back-references, other uses substituted at match
**      time). CHECK-DAG and CHECK-NOT patterns attach to the next positive
**      directive (or to an implicit end-of-input one).
**   3. CHECK-LABELs cut the input into regions first; the other directives are
**      then matched region by region, each from where the last match ended.
**
** Offsets into the canonical texts are size_t; a "region" is [from, to).
**
** Known differences from FileCheck 14, all outside what tests use:
**   - numeric substitution blocks ([[#N:]], [[#N+1]]) other than @LINE are
**     reported as unsupported;
**   - LLVM's regex engine fails to match a regex that has both a
**     back-reference (a variable used on the line that defines it) and an
**     alternation followed by more pattern, e.g. `[[V:a|b]] [[V]]` against
**     "a a"; glibc matches it, and so does this matcher.
*/
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/filecheck.h"
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

/* Directive kinds; kind_name() spells the suffixes used in messages. */
enum { K_NONE, K_PLAIN, K_NEXT, K_SAME, K_NOT, K_DAG, K_LABEL, K_EMPTY, K_EOF,
       K_COMMENT, K_BADNOT, K_BADCOUNT };

typedef struct fc_sub {      /* a use of a variable defined on an earlier line */
    char *name;              /* the variable, or the @LINE expression */
    int is_line;             /* nonzero: [name] is an @LINE expression */
    long line_value;         /* value of an @LINE expression */
    size_t idx;              /* insertion point in the regex */
    size_t loc;              /* offset of the name in the check text */
} fc_sub;

typedef struct fc_def {
    char *name;
    int group;               /* capture group in the regex */
    size_t pos, len;         /* what the last match captured (input offsets) */
} fc_def;

typedef struct fc_pat {
    int kind, count, line;
    size_t loc;              /* offset of the pattern text in the check text */
    size_t dloc;             /* offset of the directive's prefix */
    int pfx;                 /* which check prefix (fc.pf) it was written with */
    int fixed;               /* nonzero: [text] is matched literally */
    StrBuf text;               /* the fixed string or the regex */
    int ngroups;             /* capture groups in the regex */
    fc_sub *subs; int nsubs;
    fc_def *defs; int ndefs;
    int has_var;
    regex_t re; int re_ok;   /* compiled [text] when there are no substitutions */
    int never;               /* the regex can never match (see read_checks) */
} fc_pat;

typedef struct fc_str {      /* a positive directive and the DAG/NOTs before it */
    int pat;
    int dn_first, dn_count;  /* indices into fc.pats */
} fc_str;

typedef struct fc_var { char *name; char *value; size_t len; } fc_var;

/* The check prefixes: a comma-separated list, as --check-prefixes takes
** it (pointers into the option string). */
#define FC_MAX_PREFIXES 16
#define PFX(c, i) (int)(c)->pf.len[(i) < 0 ? 0 : (i)], (c)->pf.s[(i) < 0 ? 0 : (i)]
typedef struct fc_prefixes { const char *s[FC_MAX_PREFIXES]; size_t len[FC_MAX_PREFIXES]; int n; } fc_prefixes;

typedef struct fc {
    FILE *err;
    const char *check_name, *input_name, *prefix;
    fc_prefixes pf;
    char *cb; size_t cn;     /* canonical check text */
    char *ib; size_t in;     /* canonical input */
    fc_pat *pats; int npats, cappats;
    fc_str *strs; int nstrs, capstrs;
    fc_var *vars; int nvars, capvars;
} fc;

/* {===================================================================
** Diagnostics in FileCheck's format
** ==================================================================== */

/* Prints `NAME:LINE:COL: KIND: MSG`, the line holding [off] in [buf] and a
** caret with [len]-1 tildes under it. */
static void vdiag(fc *c, int input, size_t off, size_t len, const char *kind,
                  const char *fmt, va_list ap)
{
    if (!c->err) return;
    const char *buf = input ? c->ib : c->cb;
    size_t n = input ? c->in : c->cn;
    if (off > n) off = n;
    /* Lines are counted by '\n'; a lone '\r' also starts a line for the
    ** column and the echoed text, as in LLVM's SourceMgr. */
    size_t ls = off, line = 1;
    while (ls > 0 && buf[ls - 1] != '\n' && buf[ls - 1] != '\r') ls--;
    for (size_t i = 0; i < ls; i++) line += buf[i] == '\n';
    size_t le = off;
    while (le < n && buf[le] != '\n' && buf[le] != '\r') le++;
    fprintf(c->err, "%s:%zu:%zu: %s: ", input ? c->input_name : c->check_name,
            line, off - ls + 1, kind);
    vfprintf(c->err, fmt, ap);
    fputc('\n', c->err);
    fwrite(buf + ls, 1, le - ls, c->err);
    fputc('\n', c->err);
    for (size_t i = ls; i < off; i++) fputc(' ', c->err);
    fputc('^', c->err);
    for (size_t i = 1; i < len && off + i < le; i++) fputc('~', c->err);
    fputc('\n', c->err);
}

static void cerror(fc *c, size_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c, 0, off, 1, "error", fmt, ap);
    va_end(ap);
}

static void inote(fc *c, size_t off, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c, 1, off, len, "note", fmt, ap);
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

/* }=================================================================== */

/* Canonicalises [s] as FileCheck does: drops the \r of "\r\n" and folds runs
** of spaces and tabs into one space. Returns a malloc'd NUL-terminated copy. */
static char *canonicalize(const char *s, size_t n, size_t *out_n)
{
    char *o = malloc(n + 1);
    size_t k = 0;
    if (!o) return NULL;
    for (size_t i = 0; i < n; i++) {
        if (i + 1 < n && s[i] == '\r' && s[i + 1] == '\n') continue;
        if (s[i] != ' ' && s[i] != '\t') { o[k++] = s[i]; continue; }
        o[k++] = ' ';
        while (i + 1 < n && (s[i + 1] == ' ' || s[i + 1] == '\t')) i++;
    }
    o[k] = 0;
    *out_n = k;
    return o;
}

static int part_of_word(char ch) { return isalnum((unsigned char)ch) || ch == '-' || ch == '_'; }

int fc_valid_prefix(const char *p)
{
    if (!p || !isalpha((unsigned char)*p)) return 0;
    for (; *p; p++)
        if (!part_of_word(*p)) return 0;
    return 1;
}

/* {===================================================================
** Finding directives
** ==================================================================== */

/* Parses a modifier list `{LITERAL}:` or a bare `:` at [s]; on success sets
** *rest past the colon. Returns 0 when the text is not a directive. */
static int modifiers(const char *s, const char *e, const char **rest, int *literal)
{
    if (s < e && *s == ':') { *rest = s + 1; return 1; }
    if (s >= e || *s != '{') return 0;
    s++;
    for (;;) {
        while (s < e && (*s == ' ' || *s == '\t')) s++;
        if (e - s >= 7 && !memcmp(s, "LITERAL", 7)) { s += 7; *literal = 1; }
        else return 0;
        while (s < e && (*s == ' ' || *s == '\t')) s++;
        if (s < e && *s == ',') { s++; continue; }
        break;
    }
    if (e - s < 2 || s[0] != '}' || s[1] != ':') return 0;
    *rest = s + 2;
    return 1;
}

static int startswith(const char *s, const char *e, const char *lit)
{
    size_t n = strlen(lit);
    return (size_t)(e - s) >= n && !memcmp(s, lit, n);
}

/* FindCheckType: [s] points just past a prefix of the kind [is_comment].
** Returns the directive kind (K_NONE if none) and sets *rest past the ':'. */
static int check_type(const char *s, const char *e, int is_comment, const char **rest,
                      int *count, int *literal)
{
    *literal = 0;
    *count = 1;
    if (s >= e) return K_NONE;
    if (is_comment) {
        if (*s == ':') { *rest = s + 1; return K_COMMENT; }
        return K_NONE;
    }
    if (*s == ':' || *s == '{')
        return modifiers(s, e, rest, literal) ? K_PLAIN : K_NONE;
    if (*s != '-') return K_NONE;
    s++;
    *rest = s;
    if (startswith(s, e, "COUNT-")) {
        s += 6;
        long long v = 0;
        const char *d = s;
        while (s < e && isdigit((unsigned char)*s) && v <= INT32_MAX) v = v * 10 + (*s++ - '0');
        *rest = s;
        if (s == d || v <= 0 || v > INT32_MAX) return K_BADCOUNT;
        if (s < e && isdigit((unsigned char)*s)) return K_BADCOUNT;
        if (!modifiers(s, e, rest, literal)) return K_BADCOUNT;
        *count = (int)v;
        return K_PLAIN;
    }
    static const struct { const char *word; int kind; } words[] = {
        {"NEXT", K_NEXT}, {"SAME", K_SAME}, {"NOT", K_NOT}, {"DAG", K_DAG},
        {"LABEL", K_LABEL}, {"EMPTY", K_EMPTY},
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        if (startswith(s, e, words[i].word)) {
            const char *t = s + strlen(words[i].word);
            if (modifiers(t, e, rest, literal)) return words[i].kind;
        }
    }
    static const char *const badnot[] = {"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:",
        "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"};
    for (size_t i = 0; i < sizeof badnot / sizeof *badnot; i++)
        if (startswith(s, e, badnot[i])) return K_BADNOT;
    return K_NONE;
}

typedef struct found {
    int kind, count, literal;
    int pfx;                 /* index in the prefix set; -1 for a comment */
    size_t at;               /* offset of the prefix */
    size_t rest;             /* offset just past the directive's colon */
} found;

/* Splits [list] at commas into [pf]. Returns 0 (with a message in [why],
** naming the prefix in [bad]) when a prefix is not valid, repeats another
** or is a comment prefix, as FileCheck refuses them. */
static int split_prefixes(const char *list, fc_prefixes *pf, const char **why, const char **bad, size_t *badlen)
{
    pf->n = 0;
    for (const char *p = list;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        *bad = p; *badlen = len;
        int ok = len > 0 && isalpha((unsigned char)*p);
        for (size_t i = 0; ok && i < len; i++) ok = part_of_word(p[i]);
        if (!ok) {
            *why = "supplied check prefix must start with a letter and contain only alphanumeric "
                   "characters, hyphens, and underscores";
            return 0;
        }
        int dup = (len == 3 && (!memcmp(p, "COM", 3) || !memcmp(p, "RUN", 3)));
        for (int i = 0; i < pf->n; i++) dup |= pf->len[i] == len && !memcmp(pf->s[i], p, len);
        if (dup) { *why = "supplied check prefix must be unique among check and comment prefixes"; return 0; }
        if (pf->n == FC_MAX_PREFIXES) { *why = "too many check prefixes"; return 0; }
        pf->s[pf->n] = p;
        pf->len[pf->n++] = len;
        if (!e) return 1;
        p = e + 1;
    }
}

/* FindFirstMatchingPrefix: finds the next directive in [s, s+n) at or after
** *pos, recognising the prefixes of [pf] and the comment prefixes COM and
** RUN. Returns 0 at the end of the text. */
static int next_directive(const char *s, size_t n, size_t *pos, const fc_prefixes *pf, found *f)
{
    static const char *const comments[] = {"COM", "RUN"};
    size_t i = *pos;
    while (i < n) {
        /* Find the earliest (then longest) occurrence of any prefix. */
        size_t best = n, blen = 0;
        int bwhich = -1;
        for (int k = 0; k < pf->n + 2; k++) {
            const char *p = k < pf->n ? pf->s[k] : comments[k - pf->n];
            size_t len = k < pf->n ? pf->len[k] : 3;
            const char *hit = len <= n - i ? memmem(s + i, n - i, p, len) : NULL;
            if (!hit) continue;
            size_t at = (size_t)(hit - s);
            if (at < best || (at == best && len > blen)) { best = at; blen = len; bwhich = k < pf->n ? k : -1; }
        }
        if (best == n) break;
        if (best == i || !part_of_word(s[best - 1])) {
            const char *rest = NULL;
            int count, literal;
            int kind = check_type(s + best + blen, s + n, bwhich < 0, &rest, &count, &literal);
            if (kind != K_NONE) {
                f->kind = kind;
                f->count = count;
                f->literal = literal;
                f->pfx = bwhich;
                f->at = best;
                f->rest = (size_t)(rest - s);
                /* Scanning resumes at the end of the line: a directive (or
                ** comment) takes the rest of its line. */
                *pos = f->rest;
                while (*pos < n && s[*pos] != '\n' && s[*pos] != '\r') (*pos)++;
                return 1;
            }
        }
        i = best + blen;
        while (i < n && part_of_word(s[i])) i++;
    }
    *pos = n;
    return 0;
}

int fc_has_directives(const char *text, size_t len, const char *prefix)
{
    size_t pos = 0;
    found f;
    fc_prefixes pf;
    const char *why, *bad;
    size_t badlen;
    if (!split_prefixes(prefix ? prefix : "CHECK", &pf, &why, &bad, &badlen)) return 0;
    while (next_directive(text, len, &pos, &pf, &f))
        if (f.kind != K_COMMENT) return 1;
    return 0;
}

/* }=================================================================== */

/* {===================================================================
** Translating LLVM regexes to POSIX ERE
**
** LLVM's Regex is Henry Spencer's engine in REG_EXTENDED mode. Where glibc's
** ERE differs, the translation follows LLVM: `\c` for an ordinary c means c
** (glibc reads `\s`, `\w` ... as classes), `{` not followed by a digit is a
** literal, an empty branch, a repeated repetition or an unmatched `)` is an
** error. Bracket expressions are copied as they are.
** ==================================================================== */

#define MAX_NEST 64   /* nesting of ( ) in one regex; deeper is an error */

static const char *tr_regex(const char *s, size_t n, StrBuf *out, int *ngroups, size_t *erroff)
{
    int atoms[MAX_NEST + 1], alts[MAX_NEST + 1];
    int depth = 0, prev = 0;  /* prev: 0 nothing, 1 atom, 2 repetition */
    atoms[0] = alts[0] = 0;
    *ngroups = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        *erroff = i;
        switch (ch) {
        case '\\':
            if (i + 1 >= n) return "trailing backslash (\\)";
            ch = s[++i];
            if (ch >= '1' && ch <= '9') {
                if (ch - '0' > *ngroups) return "invalid backreference number";
                sb_addc(out, '\\');
                sb_addc(out, ch);
            } else if (strchr("()^$|*+?.[]\\{}", ch) && ch) {
                sb_addc(out, '\\');
                sb_addc(out, ch);
            } else {
                sb_addc(out, ch);
            }
            atoms[depth]++;
            prev = 1;
            break;
        case '[': {
            size_t j = i + 1;
            if (j < n && s[j] == '^') j++;
            if (j < n && s[j] == ']') j++;
            for (;;) {
                if (j >= n) return "brackets ([ ]) not balanced";
                if (s[j] == ']') break;
                if (s[j] == '[' && j + 1 < n && strchr(":.=", s[j + 1])) {
                    char close = s[j + 1];
                    size_t k = j + 2;
                    while (k + 1 < n && !(s[k] == close && s[k + 1] == ']')) k++;
                    if (k + 1 >= n) return "brackets ([ ]) not balanced";
                    j = k + 2;
                    continue;
                }
                j++;
            }
            sb_addn(out, s + i, j + 1 - i);
            i = j;
            atoms[depth]++;
            prev = 1;
            break;
        }
        case '(':
            if (depth == MAX_NEST) return "regular expression too deeply nested";
            sb_addc(out, ch);
            (*ngroups)++;
            depth++;
            atoms[depth] = alts[depth] = 0;
            prev = 0;
            break;
        case ')':
            if (depth == 0) return "parentheses not balanced";
            if (alts[depth] && atoms[depth] == 0) return "empty (sub)expression";
            sb_addc(out, ch);
            depth--;
            atoms[depth]++;
            prev = 1;
            break;
        case '|':
            if (atoms[depth] == 0) return "empty (sub)expression";
            sb_addc(out, ch);
            atoms[depth] = 0;
            alts[depth] = 1;
            prev = 0;
            break;
        case '*': case '+': case '?':
            if (prev != 1) return "repetition-operator operand invalid";
            sb_addc(out, ch);
            prev = 2;
            break;
        case '{':
            if (i + 1 < n && isdigit((unsigned char)s[i + 1])) {
                size_t j = i + 1;
                long lo = 0, hi = -1;
                if (prev != 1) return "repetition-operator operand invalid";
                while (j < n && isdigit((unsigned char)s[j]) && lo <= 255) lo = lo * 10 + (s[j++] - '0');
                if (j < n && s[j] == ',') {
                    j++;
                    if (j < n && isdigit((unsigned char)s[j])) {
                        hi = 0;
                        while (j < n && isdigit((unsigned char)s[j]) && hi <= 255) hi = hi * 10 + (s[j++] - '0');
                    }
                } else {
                    hi = lo;
                }
                if (j >= n || s[j] != '}') return "braces not balanced";
                if (lo > 255 || hi > 255 || (hi >= 0 && hi < lo)) return "invalid repetition count(s)";
                sb_addn(out, s + i, j + 1 - i);
                i = j;
                prev = 2;
                break;
            }
            sb_addn(out, "\\{", 2);
            atoms[depth]++;
            prev = 1;
            break;
        case '}':
            sb_addn(out, "\\}", 2);
            atoms[depth]++;
            prev = 1;
            break;
        default:
            sb_addc(out, ch);
            atoms[depth]++;
            prev = 1;
            break;
        }
    }
    *erroff = n;
    if (depth > 0) return "parentheses not balanced";
    if (atoms[0] == 0) return "empty (sub)expression";
    return NULL;
}

/* Translates [s, s+n) and appends it to [p]'s regex. Returns 0 and reports
** at the fragment on error. */
static int add_regex(fc *c, fc_pat *p, size_t off, size_t n)
{
    StrBuf tmp = {0};
    int groups;
    size_t erroff;
    const char *msg = tr_regex(c->cb + off, n, &tmp, &groups, &erroff);
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
    p->ngroups += groups;
    free(tmp.p);
    return 1;
}

/* }=================================================================== */

/* {===================================================================
** Parsing patterns (Pattern::parsePattern)
** ==================================================================== */

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

/* Handles one substitution block `[[...]]` whose inside is [s, s+n) at
** offset [off] of the check text. Returns 0 after reporting an error. */
static int parse_block(fc *c, fc_pat *p, size_t off, size_t n)
{
    const char *s = c->cb + off;
    p->has_var = 1;
    if (n > 0 && s[0] == '#') {
        long v;
        if (line_expr(s + 1, n - 1, p->line, &v)) return add_sub(p, dupn(s + 1, n - 1), 1, v, off + 1);
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
        if (colon == n && line_expr(s, n, p->line, &v)) return add_sub(p, dupn(s, n), 1, v, off);
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
                sb_addc(&p->text, '\\');
                sb_addc(&p->text, (char)('0' + p->defs[k].group));
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
    p->ndefs++;
    sb_addc(&p->text, '(');
    if (colon + 1 < n && !add_regex(c, p, off + colon + 1, n - colon - 1)) return 0;
    sb_addc(&p->text, ')');
    return 1;
}

/* Returns 1 if [s, s+n) contains the character [ch] twice in a row. */
static int has_pair(const char *s, size_t n, char ch)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == ch && s[i + 1] == ch) return 1;
    return 0;
}

/* Parses the pattern [off, off+n) (trailing whitespace not yet removed). */
static int parse_pattern(fc *c, fc_pat *p, size_t off, size_t n, int literal)
{
    const char *s = c->cb + off;
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
        sb_adds(&p->text, "(\n$)");
        p->ngroups = 1;
        return 1;
    }
    if (literal || n < 2 || (!has_pair(s, n, '{') && !has_pair(s, n, '['))) {
        p->fixed = 1;
        sb_addn(&p->text, s, n);
        return 1;
    }
    size_t i = 0;
    while (i < n) {
        if (n - i >= 2 && s[i] == '{' && s[i + 1] == '{') {
            const char *e = memmem(s + i + 2, n - i - 2, "}}", 2);
            if (!e) { cerror(c, off + i, "found start of regex string with no end '}}'"); return 0; }
            size_t len = (size_t)(e - (s + i + 2));
            sb_addc(&p->text, '(');
            p->ngroups++;
            if (!add_regex(c, p, off + i + 2, len)) return 0;
            sb_addc(&p->text, ')');
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
        i = j;
    }
    if (!p->text.p) sb_adds(&p->text, "");
    return 1;
}

/* }=================================================================== */

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

static int add_str(fc *c, int pat, int dn_first, int dn_count)
{
    if (c->nstrs == c->capstrs) {
        int cap = c->capstrs ? c->capstrs * 2 : 16;
        fc_str *s = realloc(c->strs, sizeof *s * (size_t)cap);
        if (!s) return 0;
        c->strs = s;
        c->capstrs = cap;
    }
    c->strs[c->nstrs].pat = pat;
    c->strs[c->nstrs].dn_first = dn_first;
    c->strs[c->nstrs].dn_count = dn_count;
    c->nstrs++;
    return 1;
}

/* ReadCheckFile: builds c->pats and c->strs. Returns 0 after an error. */
static int read_checks(fc *c)
{
    size_t pos = 0, line = 1, counted = 0;
    int dn_first = 0, found_any = 0;
    found f;
    while (next_directive(c->cb, c->cn, &pos, &c->pf, &f)) {
        for (; counted < f.at; counted++) line += c->cb[counted] == '\n';
        size_t eol = f.rest;
        while (eol < c->cn && c->cb[eol] != '\n' && c->cb[eol] != '\r') eol++;
        pos = eol;
        if (f.kind == K_COMMENT) continue;
        found_any = 1;
        if (f.kind == K_BADNOT) {
            cerror(c, f.rest, "unsupported -NOT combo on prefix '%.*s'", PFX(c, f.pfx));
            return 0;
        }
        if (f.kind == K_BADCOUNT) {
            cerror(c, f.rest, "invalid count in -COUNT specification on prefix '%.*s'", PFX(c, f.pfx));
            return 0;
        }
        size_t ps = f.rest;
        while (ps < eol && (c->cb[ps] == ' ' || c->cb[ps] == '\t')) ps++;
        fc_pat *p = new_pat(c);
        if (!p) return 0;
        p->kind = f.kind;
        p->count = f.count;
        p->line = (int)line;
        p->loc = ps;
        p->dloc = f.at;
        p->pfx = f.pfx;
        if (!parse_pattern(c, p, ps, eol - ps, f.literal)) return 0;
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
        if (!add_str(c, c->npats - 1, dn_first, c->npats - 1 - dn_first)) return 0;
        dn_first = c->npats;
    }
    for (; counted < c->cn; counted++) line += c->cb[counted] == '\n';
    if (dn_first < c->npats) {
        fc_pat *p = new_pat(c);
        if (!p) return 0;
        p->kind = K_EOF;
        p->line = (int)line + 1;
        p->loc = p->dloc = c->cn;
        if (!add_str(c, c->npats - 1, dn_first, c->npats - 1 - dn_first)) return 0;
    }
    if (!found_any) {
        if (c->err) {
            fprintf(c->err, "error: no check strings found with prefix%s ", c->pf.n > 1 ? "es" : "");
            for (int i = 0; i < c->pf.n; i++)
                fprintf(c->err, "%s'%.*s:'", i ? ", " : "", (int)c->pf.len[i], c->pf.s[i]);
            fputc('\n', c->err);
        }
        return 0;
    }
    /* Compile the patterns that need no substitution once. */
    for (int i = 0; i < c->npats; i++) {
        fc_pat *p = &c->pats[i];
        if (p->fixed || p->kind == K_EOF || p->nsubs) continue;
        /* Each fragment was valid on its own; the whole can still be
        ** rejected by glibc (a back-reference to a group that encloses it).
        ** LLVM accepts such a regex and it never matches: so does this. */
        p->re_ok = regcomp(&p->re, p->text.p ? p->text.p : "", REG_EXTENDED | REG_NEWLINE) == 0;
        p->never = !p->re_ok;
    }
    return 1;
}

/* {===================================================================
** Matching
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

/* Pattern::match on the region [from, to). Returns 1 with *pos (absolute)
** and *len on a match, 0 when not found, -1 after reporting an error. */
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
                cerror(c, s->loc, "undefined variable: %s", s->name);
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

/* Pattern::printFuzzyMatch: points at the line most like the pattern. */
static void fuzzy(fc *c, const fc_pat *p, size_t from, size_t to)
{
    const char *ex = p->text.p ? p->text.p : "";
    size_t exn = p->text.n;
    size_t lines = 0, best = (size_t)-1;
    if (exn == 0) return;  /* nothing to compare with (FileCheck prints nothing) */
    double bestq = 0;
    size_t lim = to - from < 4096 ? to - from : 4096;
    for (size_t i = 0; i < lim; i++) {
        const char *b = c->ib + from + i;
        if (*b == '\n') lines++;
        if (*b == ' ' || *b == '\t') continue;
        size_t bn = to - from - i < exn ? to - from - i : exn;
        const char *nl = memchr(b, '\n', bn);
        if (nl) bn = (size_t)(nl - b);
        double q = (double)edit_distance(b, bn, ex, exn) + (double)lines / 100.0;
        if (best == (size_t)-1 || q < bestq) { best = i; bestq = q; }
    }
    if (best && best != (size_t)-1 && bestq < 50)
        inote(c, from + best, 1, "possible intended match here");
}

/* Notes the value of each variable [p] substitutes, at input offset [off]
** (`with "V" equal to "value"`, the value escaped as LLVM's write_escaped). */
static void print_subs(fc *c, const fc_pat *p, size_t off)
{
    for (int i = 0; i < p->nsubs; i++) {
        const fc_sub *s = &p->subs[i];
        char num[32];
        const char *v = num;
        size_t vn;
        if (s->is_line) {
            vn = (size_t)snprintf(num, sizeof num, "%ld", s->line_value);
        } else {
            fc_var *x = find_var(c, s->name);
            if (!x) continue;
            v = x->value;
            vn = x->len;
        }
        char *esc = malloc(vn * 4 + 1);
        size_t k = 0;
        if (!esc) continue;
        for (size_t j = 0; j < vn; j++) {
            unsigned char ch = (unsigned char)v[j];
            if (ch == '\\' || ch == '"') { esc[k++] = '\\'; esc[k++] = (char)ch; }
            else if (ch == '\t') { esc[k++] = '\\'; esc[k++] = 't'; }
            else if (ch == '\n') { esc[k++] = '\\'; esc[k++] = 'n'; }
            else if (ch < 32 || ch > 126) k += (size_t)sprintf(esc + k, "\\%03o", ch);
            else esc[k++] = (char)ch;
        }
        esc[k] = 0;
        inote(c, off, 1, "with \"%s\" equal to \"%s\"", s->name, esc);
        free(esc);
    }
}

static void not_found(fc *c, const fc_pat *p, size_t from, size_t to, int idx)
{
    if (p->count > 1)
        cerror(c, p->loc, "%.*s-COUNT: expected string not found in input (%d out of %d)",
               PFX(c, p->pfx), idx, p->count);
    else
        cerror(c, p->loc, "%.*s%s: expected string not found in input", PFX(c, p->pfx), kind_name(p->kind));
    inote(c, from, 1, "scanning from here");
    print_subs(c, p, from);
    fuzzy(c, p, from, to);
}

/* CheckNot: no NOT pattern may match in [from, to). Returns 1 on a failure. */
static int check_not(fc *c, const int *nots, int nn, size_t from, size_t to)
{
    int fail = 0;
    for (int i = 0; i < nn; i++) {
        const fc_pat *p = &c->pats[nots[i]];
        size_t pos, len;
        int r = match(c, p, from, to, &pos, &len);
        if (r < 0) { fail = 1; continue; }
        if (r == 0) continue;
        cerror(c, p->loc, "%.*s-NOT: excluded string found in input", PFX(c, p->pfx));
        inote(c, pos, len, "found here");
        print_subs(c, p, pos);
        for (int k = 0; k < p->ndefs; k++)
            inote(c, p->defs[k].pos, p->defs[k].len, "captured var \"%s\"", p->defs[k].name);
        fail = 1;
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

/* CheckNext / CheckSame on the skipped region [from, to). Returns 1 on a failure. */
static int check_line(fc *c, const fc_pat *p, size_t from, size_t to)
{
    if (p->kind != K_NEXT && p->kind != K_EMPTY && p->kind != K_SAME) return 0;
    size_t first = from;
    unsigned k = count_newlines(c->ib + from, to - from, &first);
    first += from;
    if (p->kind == K_SAME) {
        if (k == 0) return 0;
        cerror(c, p->loc, "%.*s-SAME: is not on the same line as the previous match", PFX(c, p->pfx));
    } else if (k == 0) {
        cerror(c, p->loc, "%.*s%s: is on the same line as previous match", PFX(c, p->pfx), kind_name(p->kind));
    } else if (k != 1) {
        cerror(c, p->loc, "%.*s%s: is not on the line after the previous match", PFX(c, p->pfx), kind_name(p->kind));
    } else {
        return 0;
    }
    inote(c, to, 1, "'next' match was here");
    inote(c, from, 1, "previous match ended here");
    if (p->kind != K_SAME && k > 1) inote(c, first, 1, "non-matching line after previous match is here");
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
        int pi = s->dn_first + k;
        const fc_pat *p = &c->pats[pi];
        if (p->kind == K_NOT) { nots[(*nn)++] = pi; continue; }
        size_t mpos = start, pos, len;
        int mi = 0;
        for (;;) {
            int r = match(c, p, mpos, to, &pos, &len);
            if (r <= 0) {
                if (r == 0) not_found(c, p, mpos, to, 1);
                else fuzzy(c, p, mpos, to);
                free(rs);
                return (size_t)-1;
            }
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
            mpos = rs[mi].end;
        }
        int last = k + 1 == s->dn_count || c->pats[pi + 1].kind == K_NOT;
        if (last) {
            if (*nn) {
                if (check_not(c, nots, *nn, start, rs[0].pos)) { free(rs); return (size_t)-1; }
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
            if (r == 0) not_found(c, p, end, to, i);
            else fuzzy(c, p, end, to);
            goto done;
        }
        if (i == 1) first = pos;
        /* An empty match where the last one ended repeats forever: the
        ** remaining counts would all match right here. */
        if (len == 0 && pos == end && i > 1) break;
        end = pos + len;
    }
    *mlen = end - first;
    if (!label_scan) {
        if (check_line(c, p, last, first)) goto done;
        if (check_not(c, nots, nn, last, first)) goto done;
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
    c.prefix = opt && opt->prefix ? opt->prefix : "CHECK";
    c.check_name = opt && opt->check_name ? opt->check_name : "<check>";
    c.input_name = opt && opt->input_name ? opt->input_name : "<stdin>";
    const char *why, *bad;
    size_t badlen;
    if (!split_prefixes(c.prefix, &c.pf, &why, &bad, &badlen)) {
        if (diag) fprintf(diag, "error: %s: '%.*s'\n", why, (int)badlen, bad);
        return FC_ERROR;
    }
    int result = FC_ERROR;
    c.cb = canonicalize(check ? check : "", check ? check_len : 0, &c.cn);
    c.ib = canonicalize(input ? input : "", input ? input_len : 0, &c.in);
    if (!c.cb || !c.ib) {
        if (diag) fprintf(diag, "error: out of memory\n");
        goto out;
    }
    if (!read_checks(&c)) goto out;
    if (input_len == 0 && !(opt && opt->allow_empty)) {
        if (diag) fprintf(diag, "error: '%s' is empty.\n", c.input_name);
        goto out;
    }
    result = check_input(&c) ? FC_PASS : FC_FAIL;
out:
    for (int i = 0; i < c.npats; i++) {
        fc_pat *p = &c.pats[i];
        free(p->text.p);
        for (int k = 0; k < p->nsubs; k++) free(p->subs[k].name);
        for (int k = 0; k < p->ndefs; k++) free(p->defs[k].name);
        free(p->subs);
        free(p->defs);
        if (p->re_ok) regfree(&p->re);
    }
    for (int i = 0; i < c.nvars; i++) { free(c.vars[i].name); free(c.vars[i].value); }
    free(c.vars);
    free(c.pats);
    free(c.strs);
    free(c.cb);
    free(c.ib);
    return result;
}
