/*
** lexer.re — re2c input for tfrun's tokenizer (docs/language.md §1). The
** generated lexer.c is a build product ($(BUILD)/gen); edit this file.
**
** The buffer ends in a NUL sentinel, so there is no refill. Named patterns
** first, then one rule per line. Anything longer than a line is a plain C
** function outside the re2c block, or a labelled section of lex_next after
** it when it goes on scanning a token the DFA started.
**
** Speed (instructions per token matter: a 200 000-op file has 3.2 million
** tokens): the DFA only picks the token by its first bytes. The long runs
** inside tokens (identifier tails, value names, string bodies) and the
** spaces after a token are scanned by C loops over one byte-class table,
** which beats re2c's states and saves a DFA round trip per blank run. re2c
** runs with -b (bit vectors; -g computed gotos measured slower), which rules
** out re2c:eof, hence the sentinel rule "\x00".
*/
#include <string.h>
#include "base/brackets.h"
#include "lexer/lexer.h"
#include "base/utf8.h"
#include "grammar.h"

void lex_init(Lexer *lx, const char *text, size_t len) {
    lx->base = lx->cur = text;
    lx->col0 = (uintptr_t)text - 1;
    lx->lim = text + len;
    lx->line = 1;
    lx->err = NULL;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

long lex_unescape(const Token *t, char *out, const char **bad) {
    const char *p = t->s + 1, *e = t->s + t->len - 1;
    long n = 0;
    while (p < e) {
        if (*p != '\\') { out[n++] = *p++; continue; }
        if (p + 1 >= e) { *bad = p; return -1; }
        switch (p[1]) {
        case '\\': out[n++] = '\\'; p += 2; break;
        case '"':  out[n++] = '"';  p += 2; break;
        case 'n':  out[n++] = '\n'; p += 2; break;
        case 't':  out[n++] = '\t'; p += 2; break;
        default: {
            int hi = p + 2 < e ? hexval((unsigned char)p[1]) : -1;
            int lo = hi >= 0 ? hexval((unsigned char)p[2]) : -1;
            if (lo < 0) { *bad = p; return -1; }
            out[n++] = (char)(hi * 16 + lo);
            p += 3;
        }
        }
    }
    return n;
}

bool lex_int_value(const Token *t, bool *neg, uint64_t *mag, bool *hex) {
    const char *p = t->s, *e = t->s + t->len;
    *neg = false; *mag = 0; *hex = false;
    if (p < e && *p == '-') { *neg = true; p++; }
    if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        *hex = true;
        for (p += 2; p < e; p++) {
            int d = hexval((unsigned char)*p);
            if (*mag >> 60) return false;
            *mag = *mag * 16 + (uint64_t)d;
        }
        return true;
    }
    for (; p < e; p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (*mag > (UINT64_MAX - d) / 10) return false;
        *mag = *mag * 10 + d;
    }
    return true;
}

/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:yyfill:enable = 0;
*/

const char *lex_token_name(int kind) {
    switch (kind) {
    case 0: return "end of input";
    case TK_ILLEGAL: return "invalid token";
    case TK_BARE_ID: return "identifier";
    case TK_VALUE: case TK_VALUE_HASH: return "SSA value";
    case TK_VALUE_GROUP: return "result group";
    case TK_SYMBOL: return "symbol";
    case TK_HASH_ID: return "alias";
    case TK_CARET_ID: return "block label";
    case TK_DIALECT_TYPE: case TK_TENSOR_TYPE: case TK_COMPLEX_TYPE: return "type";
    case TK_OPAQUE_ATTR: return "attribute";
    case TK_STRING: return "string";
    case TK_INT: return "integer";
    case TK_FLOAT: return "float";
    case TK_LPAREN: return "'('";
    case TK_RPAREN: return "')'";
    case TK_LBRACE: return "'{'";
    case TK_RBRACE: return "'}'";
    case TK_LBRACKET: return "'['";
    case TK_RBRACKET: return "']'";
    case TK_LT: return "'<'";
    case TK_GT: return "'>'";
    case TK_COMMA: return "','";
    case TK_EQ: return "'='";
    case TK_COLON: return "':'";
    case TK_ARROW: return "'->'";
    case TK_MODULE: case TK_GEN_MODULE: return "'module'";
    case TK_FUNC: case TK_GEN_FUNC: return "'func.func'";
    case TK_PRIVATE: return "'private'";
    case TK_ATTRIBUTES: return "'attributes'";
    case TK_LOC: return "'loc'";
    case TK_UNKNOWN: return "'unknown'";
    case TK_FUSED: return "'fused'";
    case TK_CALLSITE: return "'callsite'";
    case TK_AT: return "'at'";
    case TK_ELSE: return "'else'";
    case TK_TO: return "'to'";
    case TK_FIXED: return "'fixed'";
    case TK_TRUE: return "'true'";
    case TK_FALSE: return "'false'";
    case TK_UNIT: return "'unit'";
    case TK_DENSE: return "'dense'";
    case TK_PARALLEL_ITERATIONS: return "'parallel_iterations'";
    default:
        if (kind >= TK_OP_GENERIC && kind < TK_OP_FAMILY_END) return "operation name";
        return "token";
    }
}

/* Byte classes for the loops written in C around the DFA (ORDER: the
** patterns id, valname and str, docs/language.md §1). C_STR ends the plain run
** of a string body ('"', '\\', '\n', NUL or a non-ASCII byte); C_DIGIT is
** [0-9]; C_VSTART and C_VNAME are the first and the other bytes of a
** valname that does not start with a digit; C_SUFFIX is '#' and ':';
** C_ID is [A-Za-z0-9_$.], the bytes after the first of an identifier. */
enum { C_STR = 1, C_DIGIT = 2, C_VSTART = 4, C_VNAME = 8, C_SUFFIX = 16, C_ID = 32 };
static const unsigned char cclass[256] = {
    /* 0x00 */ 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0,
    /* 0x10 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 0x20 */ 0, 0, 1, 16, 44, 0, 0, 0, 0, 0, 0, 0, 0, 12, 44, 0,
    /* 0x30 */ 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 16, 0, 0, 0, 0, 0,
    /* 0x40 */ 0, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44,
    /* 0x50 */ 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 0, 1, 0, 0, 44,
    /* 0x60 */ 0, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44,
    /* 0x70 */ 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 44, 0, 0, 0, 0, 0,
    /* 0x80 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0x90 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0xA0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0xB0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0xC0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0xD0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0xE0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 0xF0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* Scans a string body from [p], just after the opening quote:
**     ([^"\\\n\x00] | "\\" [^\n\x00])* "\""
** Returns the byte after the closing quote and sets *wide if the literal
** holds a non-ASCII byte (its UTF-8 must then be checked). If the string is
** unterminated, returns the end of the error token (the newline or NUL, after
** a trailing backslash) and sets *open. */
static inline const unsigned char *scan_string(const unsigned char *p, int *wide, int *open) {
    for (;;) {
        while (!(cclass[*p] & C_STR)) p++;
        unsigned c = *p;
        if (c == '"') return p + 1;
        if (c >= 0x80) { *wide = 1; p++; continue; }
        if (c == '\\' && p[1] != '\n' && p[1] != 0) {
            if (p[1] >= 0x80) *wide = 1;
            p += 2;
            continue;
        }
        *open = 1;
        return c == '\\' ? p + 1 : p;
    }
}

/* The slow ends of lex_next, out of line so that its hot path keeps few
** registers. Both fill *t and return its kind. */

/* A string literal [start, end) with non-ASCII bytes: TK_ILLEGAL on the
** first byte of bad UTF-8, else [kind]. */
static __attribute__((noinline)) int wide_string(Lexer *lx, Token *t, int kind, const char *start, const char *end) {
    const char *bad = utf8_check(start, end);
    t->line = lx->line;
    lx->cur = end;
    if (bad) {
        lx->err = "invalid UTF-8 in string literal";
        t->kind = TK_ILLEGAL; t->s = bad; t->len = 1;
        t->col = (int)((uintptr_t)bad - lx->col0);
        return TK_ILLEGAL;
    }
    t->kind = kind; t->s = start; t->len = (uint32_t)(end - start);
    t->col = (int)((uintptr_t)start - lx->col0);
    return kind;
}

/* A byte >= 0x80 outside a string: a whole valid character or one invalid
** byte, both TK_ILLEGAL. */
static __attribute__((noinline)) int non_ascii(Lexer *lx, Token *t, const char *start) {
    int n = utf8_seq_len((const unsigned char *)start, (size_t)(lx->lim - start));
    if (n == 0) { lx->err = "invalid UTF-8 in input"; n = 1; }
    else lx->err = "unexpected character";
    t->kind = TK_ILLEGAL; t->s = start; t->len = (uint32_t)n;
    t->line = lx->line; t->col = (int)((uintptr_t)start - lx->col0);
    lx->cur = start + n;
    return TK_ILLEGAL;
}

/* A token [start, end) of [kind] that spans lines (a parametric type or
** attribute): at the line and column of its start, and the lexer's line
** count moves past the newlines inside it. */
static __attribute__((noinline)) int multi_line(Lexer *lx, Token *t, int kind, const unsigned char *start,
                                                const unsigned char *end) {
    t->kind = kind;
    t->s = (const char *)start;
    t->len = (uint32_t)(end - start);
    t->line = lx->line;
    t->col = (int)((uintptr_t)start - lx->col0);
    for (const unsigned char *p = start; p < end; p++)
        if (*p == '\n') { lx->line++; lx->col0 = (uintptr_t)p; }
    while (*end == ' ') end++;
    lx->cur = (const char *)end;
    return kind;
}

/* Fills *t with the token [start, end) of [kind] and moves past it and the
** spaces after it (one call per token instead of one per blank run). The
** identifier path has its own inlined copy: sharing one tail with the DFA
** rules costs a register move on every token. */
static inline int finish(Lexer *lx, Token *t, int kind, const unsigned char *start, const unsigned char *end) {
    t->kind = kind;
    t->s = (const char *)start;
    t->len = (uint32_t)(end - start);
    t->line = lx->line;
    while (*end == ' ') end++;
    lx->cur = (const char *)end;
    t->col = (int)((uintptr_t)start - lx->col0);   /* apart from t->line: GCC packs the pair through SSE */
    return kind;
}

int lex_next(Lexer *lx, Token *t) {
    const unsigned char *YYCURSOR = (const unsigned char *)lx->cur, *YYMARKER;
    const unsigned char *start;
    int kind;
again:
    start = YYCURSOR;
    /*!re2c
    id      = [A-Za-z_][A-Za-z0-9_$.]*;
    dim     = [0-9]+ | "?";
    elemty  = id | "complex<" id ">" | "!" id;
    dec     = [0-9]+;

    "\x00"                       { goto nul; }
    [ \t\r\f\v]                  { goto again; }
    "\n" [ \t]*                  { lx->line++; lx->col0 = (uintptr_t)start; goto again; }
    "//" [^\n\x00]*              { goto again; }

    "module"                     { kind = TK_MODULE; goto keyword; }
    "func" | "func.func"         { kind = TK_FUNC; goto keyword; }
    "private"                    { kind = TK_PRIVATE; goto keyword; }
    "attributes"                 { kind = TK_ATTRIBUTES; goto keyword; }
    "loc"                        { kind = TK_LOC; goto keyword; }
    "unknown"                    { kind = TK_UNKNOWN; goto keyword; }
    "fused"                      { kind = TK_FUSED; goto keyword; }
    "callsite"                   { kind = TK_CALLSITE; goto keyword; }
    "at"                         { kind = TK_AT; goto keyword; }
    "else"                       { kind = TK_ELSE; goto keyword; }
    "to"                         { kind = TK_TO; goto keyword; }
    "fixed"                      { kind = TK_FIXED; goto keyword; }
    "true"                       { kind = TK_TRUE; goto keyword; }
    "false"                      { kind = TK_FALSE; goto keyword; }
    "unit"                       { kind = TK_UNIT; goto keyword; }
    "dense"                      { kind = TK_DENSE; goto keyword; }
    "parallel_iterations"        { kind = TK_PARALLEL_ITERATIONS; goto keyword; }

    "tensor<" (dim "x")* elemty ">" { kind = TK_TENSOR_TYPE; goto done; }
    "tensor<*x" elemty ">"       { kind = TK_TENSOR_TYPE; goto done; }
    "complex<" id ">"            { kind = TK_COMPLEX_TYPE; goto done; }
    ("tensor" | "memref" | "vector" | "tuple") "<" { kind = TK_TENSOR_TYPE; goto body; }
    ("affine_map" | "affine_set" | "array") "<" { kind = TK_OPAQUE_ATTR; goto body; }
    [A-Za-z_]                    { goto ident; }
    "%"                          { goto value; }
    "@" id                       { kind = TK_SYMBOL; goto done; }
    "@\""                        { kind = TK_SYMBOL; goto string; }
    "#" id                       { kind = TK_HASH_ID; goto done; }
    "#" id "<"                   { kind = TK_OPAQUE_ATTR; goto body; }
    "^" [A-Za-z0-9_$.]+          { kind = TK_CARET_ID; goto done; }
    "!" id                       { kind = TK_DIALECT_TYPE; goto done; }
    "!" id "<"                   { kind = TK_DIALECT_TYPE; goto body; }

    "-"? dec                     { kind = TK_INT; goto done; }
    "-"? "0x" [0-9a-fA-F]+       { kind = TK_INT; goto done; }
    "-"? dec "." [0-9]* ([eE] [+\-]? dec)? { kind = TK_FLOAT; goto done; }
    "\""                         { kind = TK_STRING; goto string; }

    "("                          { kind = TK_LPAREN; goto done; }
    ")"                          { kind = TK_RPAREN; goto done; }
    "{"                          { kind = TK_LBRACE; goto done; }
    "}"                          { kind = TK_RBRACE; goto done; }
    "["                          { kind = TK_LBRACKET; goto done; }
    "]"                          { kind = TK_RBRACKET; goto done; }
    "<"                          { kind = TK_LT; goto done; }
    ">"                          { kind = TK_GT; goto done; }
    ","                          { kind = TK_COMMA; goto done; }
    "="                          { kind = TK_EQ; goto done; }
    ":"                          { kind = TK_COLON; goto done; }
    "->"                         { kind = TK_ARROW; goto done; }

    [\x80-\xff]                  { return non_ascii(lx, t, (const char *)start); }
    *                            { lx->err = "unexpected character"; kind = TK_ILLEGAL; goto done; }
    */

nul:
    /* The sentinel ends the input; any other NUL byte is an error. */
    if ((const char *)start == lx->lim) { YYCURSOR = start; kind = 0; goto done; }
    lx->err = "NUL byte in input";
    kind = TK_ILLEGAL;
    goto done;
keyword:
    /* A keyword followed by an identifier byte is the start of an id. */
    if (!(cclass[*YYCURSOR] & C_ID)) goto done;
ident:
    /* The rest of an identifier, id = [A-Za-z_][A-Za-z0-9_$.]*, after its
    ** first byte or a keyword it starts with: the DFA leaves this loop to C
    ** (4 instructions a byte instead of 6). */
    while (cclass[*YYCURSOR] & C_ID) YYCURSOR++;
    return finish(lx, t, TK_BARE_ID, start, YYCURSOR);
value: {
        /* "%" valname ("#" dec | ":" dec)? with
        **     valname = [0-9]+ | [A-Za-z_$.\-][A-Za-z0-9_$.\-]*
        ** scanned here, which saves the DFA's backtracking on a plain "%name"
        ** and its range tests on the first byte. A lone "%" is the default
        ** rule's "unexpected character". */
        unsigned c = cclass[*YYCURSOR];
        if (c & C_DIGIT) {
            do c = cclass[*++YYCURSOR]; while (c & C_DIGIT);
        } else if (c & C_VSTART) {
            do c = cclass[*++YYCURSOR]; while (c & C_VNAME);
        } else {
            lx->err = "unexpected character";
            kind = TK_ILLEGAL;
            goto done;
        }
        kind = TK_VALUE;
        if ((c & C_SUFFIX) && (cclass[YYCURSOR[1]] & C_DIGIT)) {
            kind = *YYCURSOR == '#' ? TK_VALUE_HASH : TK_VALUE_GROUP;
            YYCURSOR += 2;
            while (cclass[*YYCURSOR] & C_DIGIT) YYCURSOR++;
        }
        goto done;
    }
body: {
        /* The rest of a parametric type or attribute after its "<": balanced
        ** brackets and string literals up to the matching ">", on any number
        ** of lines (docs/syntax.md). The parser sees the whole thing as one
        ** token; ir/types.c and parser/build_attr.c read what they know of
        ** the inside. */
        const unsigned char *end = (const unsigned char *)brackets_close((const char *)YYCURSOR, lx->lim);
        if (!end) {
            lx->err = "unbalanced '<' character in type or attribute (its '>' is missing)";
            kind = TK_ILLEGAL;
            YYCURSOR = start + 1;
            goto done;
        }
        YYCURSOR = end;
        if (memchr(start, '\n', (size_t)(end - start))) return multi_line(lx, t, kind, start, end);
        goto done;
    }
string: {
        int wide = 0, open = 0;
        YYCURSOR = scan_string(YYCURSOR, &wide, &open);
        if (open) { lx->err = "unterminated string literal"; kind = TK_ILLEGAL; }
        else if (wide) return wide_string(lx, t, kind, (const char *)start, (const char *)YYCURSOR);
    }
done:
    return finish(lx, t, kind, start, YYCURSOR);
}
