/*
** filecheck_syntax.c — the syntax of a FileCheck check text, as FileCheck 14
** reads it: which prefixes are valid, where the next directive is and of
** which kind (FindFirstMatchingPrefix, FindCheckType), and LLVM's regex
** dialect turned into the POSIX extended regexes glibc runs. The matcher
** (cli/filecheck.c) builds its patterns from these; `tfrun test` asks
** fc_has_directives whether a file checks anything.
**
** Ownership: every function reads borrowed text and keeps nothing.
** Threads: no global state.
**
** Module prefix: fcs_ (and fc_has_directives, fc_valid_prefix from
** cli/filecheck.h).
*/
#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include "cli/filecheck.h"
#include "cli/filecheck_int.h"
#include "base/strbuf.h"

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

/* FileCheck::ValidateCheckPrefixes, splitting the list. */
int fcs_split_prefixes(const char *list, fcs_prefixes *pf, const char **why, const char **bad, size_t *badlen)
{
    pf->n = 0;
    pf->text = NULL;
    pf->from = 0;
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

/* FindFirstMatchingPrefix and FindCheckType. */
int fcs_next_directive(const char *s, size_t n, size_t *pos, fcs_prefixes *pf, fcs_found *f)
{
    static const char *const comments[] = {"COM", "RUN"};
    size_t i = *pos;
    /* The scan only moves forward: an occurrence found earlier at or after
    ** i is still the first one there, and nowhere stays nowhere. A new text,
    ** or a position before the last, starts the memory afresh. */
    bool fresh = pf->text != s || i < pf->from;
    pf->text = s;
    pf->from = i;
    while (i < n) {
        /* Find the earliest (then longest) occurrence of any prefix. */
        size_t best = n, blen = 0;
        int bwhich = -1;
        for (int k = 0; k < pf->n + 2; k++) {
            const char *p = k < pf->n ? pf->s[k] : comments[k - pf->n];
            size_t len = k < pf->n ? pf->len[k] : 3;
            if (fresh || (pf->next[k] != SIZE_MAX && pf->next[k] < i)) {
                const char *hit = len <= n - i ? memmem(s + i, n - i, p, len) : NULL;
                pf->next[k] = hit ? (size_t)(hit - s) : SIZE_MAX;
            }
            if (pf->next[k] == SIZE_MAX) continue;
            size_t at = pf->next[k];
            if (at < best || (at == best && len > blen)) { best = at; blen = len; bwhich = k < pf->n ? k : -1; }
        }
        fresh = false;
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
    *pos = i;   /* FileCheck leaves its end-of-input pattern here */
    return 0;
}

int fc_has_directives(const char *text, size_t len, const char *prefix)
{
    size_t pos = 0;
    fcs_found f;
    fcs_prefixes pf;
    const char *why, *bad;
    size_t badlen;
    if (!fcs_split_prefixes(prefix ? prefix : "CHECK", &pf, &why, &bad, &badlen)) return 0;
    while (fcs_next_directive(text, len, &pos, &pf, &f))
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
** error, and `.` matches a NUL byte too. Bracket expressions are checked as
** LLVM checks them and copied as they are.
** ==================================================================== */

#define MAX_NEST 64   /* nesting of ( ) in one regex; deeper is an error */

static const char EBRACK[] = "brackets ([ ]) not balanced", ERANGE[] = "invalid character range",
                  ECTYPE[] = "invalid character class", ECOLLATE[] = "invalid collating element";

/* A collating element `[.x.]` or `[=x=]` from [*j] (just inside it) up to
** its closing [endc] "]" (not consumed): LLVM knows single characters and
** POSIX's names, of which this takes the single characters only. */
static const char *coll_elem(const char *s, size_t n, size_t *j, char endc, int *value)
{
    size_t start = *j;
    while (*j < n && !(s[*j] == endc && *j + 1 < n && s[*j + 1] == ']')) (*j)++;
    if (*j >= n) return EBRACK;
    if (*j - start != 1) return ECOLLATE;
    *value = (signed char)s[start];
    return NULL;
}

/* One symbol of a bracket expression at [*j]: a character or `[.x.]`. */
static const char *bracket_symbol(const char *s, size_t n, size_t *j, int *value)
{
    if (*j >= n) return EBRACK;
    if (!(s[*j] == '[' && *j + 1 < n && s[*j + 1] == '.')) {
        *value = (signed char)s[(*j)++];
        return NULL;
    }
    *j += 2;
    const char *msg = coll_elem(s, n, j, '.', value);
    if (msg) return msg;
    if (!(*j + 1 < n && s[*j] == '.' && s[*j + 1] == ']')) return ECOLLATE;
    *j += 2;
    return NULL;
}

/* One term of a bracket expression at [*j] (Spencer's p_b_term): a class
** `[:name:]`, an equivalence class `[=x=]`, a symbol or a range. */
static const char *bracket_term(const char *s, size_t n, size_t *j)
{
    static const char *const classes[] = {"alnum", "digit", "punct", "alpha", "graph", "space", "blank",
                                          "lower", "upper", "cntrl", "print", "xdigit", NULL};
    if (s[*j] == '-') return ERANGE;
    if (s[*j] == '[' && *j + 1 < n && (s[*j + 1] == ':' || s[*j + 1] == '=')) {
        char k = s[*j + 1];
        *j += 2;
        if (*j >= n) return EBRACK;
        if (s[*j] == '-' || s[*j] == ']') return k == ':' ? ECTYPE : ECOLLATE;
        if (k == ':') {
            size_t start = *j;
            while (*j < n && isalpha((unsigned char)s[*j])) (*j)++;
            int known = 0;
            for (int c = 0; classes[c] && !known; c++)
                known = strlen(classes[c]) == *j - start && !memcmp(classes[c], s + start, *j - start);
            if (!known) return ECTYPE;
        } else {
            int v;
            const char *msg = coll_elem(s, n, j, '=', &v);
            if (msg) return msg;
        }
        if (*j >= n) return EBRACK;
        if (!(*j + 1 < n && s[*j] == k && s[*j + 1] == ']')) return k == ':' ? ECTYPE : ECOLLATE;
        *j += 2;
        return NULL;
    }
    int start, finish;
    const char *msg = bracket_symbol(s, n, j, &start);
    if (msg) return msg;
    finish = start;
    if (*j + 1 < n && s[*j] == '-' && s[*j + 1] != ']') {
        (*j)++;
        if (s[*j] == '-') { (*j)++; finish = '-'; }
        else if ((msg = bracket_symbol(s, n, j, &finish))) return msg;
    }
    return start <= finish ? NULL : ERANGE;
}

/* Checks the bracket expression whose text starts at [j] (after its '[')
** as LLVM's regcomp does (p_bracket), for the same errors in the same
** order; glibc then reads it unchanged. Sets *end to its ']'. */
static const char *bracket(const char *s, size_t n, size_t j, size_t *end)
{
    if (j < n && s[j] == '^') j++;
    if (j < n && (s[j] == ']' || s[j] == '-')) j++;
    while (j < n && s[j] != ']' && !(s[j] == '-' && j + 1 < n && s[j + 1] == ']')) {
        const char *msg = bracket_term(s, n, &j);
        if (msg) return msg;
    }
    if (j < n && s[j] == '-') j++;
    if (j >= n || s[j] != ']') return EBRACK;
    *end = j;
    return NULL;
}

/* What LLVM's Regex accepts, in glibc's dialect. */
const char *fcs_translate_regex(const char *s, size_t n, StrBuf *out, int *ngroups, size_t *erroff)
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
            size_t j;
            const char *msg = bracket(s, n, i + 1, &j);
            if (msg) return msg;
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
        case '.':
            /* Any character but a newline, a NUL byte too (glibc's '.'
            ** does not match NUL; LLVM's does). */
            sb_adds(out, "[^\n]");
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
