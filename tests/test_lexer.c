/*
** test_lexer.c — the re2c tokenizer: every token kind with its position,
** string escapes, and bad input (NUL bytes, invalid UTF-8, huge tokens,
** unterminated strings, stray characters, truncated text).
*/
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "lexer/lexer.h"
#include "grammar.h"

#define MAXTOK 64

typedef struct Lexed {
    Token t[MAXTOK];
    int n;
    const char *err;
} Lexed;

/* Copies made by lexn, freed after each test (tokens point into them). */
static char *copies[256];
static int ncopies;
static void free_copies(void) {
    while (ncopies > 0) free(copies[--ncopies]);
}
TestSuite(lexer, .fini = free_copies);

/* Lexes [len] bytes of [src] (copied with a NUL sentinel) up to the end or
** the first error. */
static Lexed lexn(const char *src, size_t len) {
    Lexed r;
    memset(&r, 0, sizeof r);
    char *buf = malloc(len + 1);
    if (ncopies < 256) copies[ncopies++] = buf;
    memcpy(buf, src, len);
    buf[len] = 0;
    Lexer lx;
    lex_init(&lx, buf, len);
    while (r.n < MAXTOK) {
        int k = lex_next(&lx, &r.t[r.n]);
        r.n++;
        if (k == 0 || k == TK_ILLEGAL) { r.err = lx.err; break; }
    }
    return r;
}
static Lexed lex(const char *src) { return lexn(src, strlen(src)); }

static void expect_tok(const Token *t, int kind, const char *text, int line, int col) {
    cr_expect_eq(t->kind, kind, "kind of '%s': got %d, want %d", text, t->kind, kind);
    cr_expect_eq(t->len, strlen(text), "length of '%s': got %u", text, t->len);
    cr_expect(strncmp(t->s, text, t->len) == 0, "text: got '%.*s', want '%s'", (int)t->len, t->s, text);
    cr_expect_eq(t->line, line, "line of '%s': got %d, want %d", text, t->line, line);
    cr_expect_eq(t->col, col, "col of '%s': got %d, want %d", text, t->col, col);
}

Test(lexer, identifiers_and_keywords) {
    Lexed r = lex("tfrt.repeat.i32 foo_bar$1 module func func.func private attributes loc unknown fused "
                  "callsite at else to fixed true false unit dense parallel_iterations");
    int kinds[] = { TK_BARE_ID, TK_BARE_ID, TK_MODULE, TK_FUNC, TK_FUNC, TK_PRIVATE, TK_ATTRIBUTES, TK_LOC,
                    TK_UNKNOWN, TK_FUSED, TK_CALLSITE, TK_AT, TK_ELSE, TK_TO, TK_FIXED, TK_TRUE, TK_FALSE,
                    TK_UNIT, TK_DENSE, TK_PARALLEL_ITERATIONS, 0 };
    cr_assert_eq(r.n, (int)(sizeof kinds / sizeof kinds[0]));
    for (int i = 0; i < r.n; i++) cr_expect_eq(r.t[i].kind, kinds[i], "token %d", i);
    expect_tok(&r.t[0], TK_BARE_ID, "tfrt.repeat.i32", 1, 1);
    expect_tok(&r.t[1], TK_BARE_ID, "foo_bar$1", 1, 17);
    /* Keywords are whole words only. */
    Lexed k = lex("modules loc0 trueish");
    cr_expect_eq(k.t[0].kind, TK_BARE_ID);
    cr_expect_eq(k.t[1].kind, TK_BARE_ID);
    cr_expect_eq(k.t[2].kind, TK_BARE_ID);
}

Test(lexer, values_symbols_types) {
    Lexed r = lex("%ch0 %0 %y_res %a.b-c %b#1 %b:2 @f @basic.i32 @\"quoted name\" #loc0 ^bb0\n"
                  "  !tfrt.chain !ts.fixed_rank_shape.2 !t.tensor tensor<2x3xi32> tensor<*xf32> "
                  "tensor<?x4xcomplex<f64>> complex<f32> tensor<f32>");
    expect_tok(&r.t[0], TK_VALUE, "%ch0", 1, 1);
    expect_tok(&r.t[1], TK_VALUE, "%0", 1, 6);
    expect_tok(&r.t[2], TK_VALUE, "%y_res", 1, 9);
    expect_tok(&r.t[3], TK_VALUE, "%a.b-c", 1, 16);
    expect_tok(&r.t[4], TK_VALUE_HASH, "%b#1", 1, 23);
    expect_tok(&r.t[5], TK_VALUE_GROUP, "%b:2", 1, 28);
    expect_tok(&r.t[6], TK_SYMBOL, "@f", 1, 33);
    expect_tok(&r.t[7], TK_SYMBOL, "@basic.i32", 1, 36);
    expect_tok(&r.t[8], TK_SYMBOL, "@\"quoted name\"", 1, 47);
    expect_tok(&r.t[9], TK_HASH_ID, "#loc0", 1, 62);
    expect_tok(&r.t[10], TK_CARET_ID, "^bb0", 1, 68);
    expect_tok(&r.t[11], TK_DIALECT_TYPE, "!tfrt.chain", 2, 3);
    expect_tok(&r.t[12], TK_DIALECT_TYPE, "!ts.fixed_rank_shape.2", 2, 15);
    expect_tok(&r.t[13], TK_DIALECT_TYPE, "!t.tensor", 2, 38);
    expect_tok(&r.t[14], TK_TENSOR_TYPE, "tensor<2x3xi32>", 2, 48);
    expect_tok(&r.t[15], TK_TENSOR_TYPE, "tensor<*xf32>", 2, 64);
    expect_tok(&r.t[16], TK_TENSOR_TYPE, "tensor<?x4xcomplex<f64>>", 2, 78);
    expect_tok(&r.t[17], TK_COMPLEX_TYPE, "complex<f32>", 2, 103);
    expect_tok(&r.t[18], TK_TENSOR_TYPE, "tensor<f32>", 2, 116);
    cr_expect_eq(r.t[19].kind, 0);
}

Test(lexer, value_group_needs_digits) {
    /* `%arg0:i32` is a value, a colon and a type, not a result group. */
    Lexed r = lex("%arg0:i32");
    expect_tok(&r.t[0], TK_VALUE, "%arg0", 1, 1);
    expect_tok(&r.t[1], TK_COLON, ":", 1, 6);
    expect_tok(&r.t[2], TK_BARE_ID, "i32", 1, 7);
}

Test(lexer, numbers) {
    Lexed r = lex("42 -1 0 0x3F800000 -0x10 1.0 -2.5 1.000000e-01 3.E+5 7.");
    expect_tok(&r.t[0], TK_INT, "42", 1, 1);
    expect_tok(&r.t[1], TK_INT, "-1", 1, 4);
    expect_tok(&r.t[2], TK_INT, "0", 1, 7);
    expect_tok(&r.t[3], TK_INT, "0x3F800000", 1, 9);
    expect_tok(&r.t[4], TK_INT, "-0x10", 1, 20);
    expect_tok(&r.t[5], TK_FLOAT, "1.0", 1, 26);
    expect_tok(&r.t[6], TK_FLOAT, "-2.5", 1, 30);
    expect_tok(&r.t[7], TK_FLOAT, "1.000000e-01", 1, 35);
    expect_tok(&r.t[8], TK_FLOAT, "3.E+5", 1, 48);
    expect_tok(&r.t[9], TK_FLOAT, "7.", 1, 54);
}

Test(lexer, punctuation) {
    Lexed r = lex("(){}[]<>,=:->");
    int kinds[] = { TK_LPAREN, TK_RPAREN, TK_LBRACE, TK_RBRACE, TK_LBRACKET, TK_RBRACKET, TK_LT, TK_GT,
                    TK_COMMA, TK_EQ, TK_COLON, TK_ARROW, 0 };
    cr_assert_eq(r.n, 13);
    for (int i = 0; i < 13; i++) {
        cr_expect_eq(r.t[i].kind, kinds[i], "token %d", i);
        if (i < 12) cr_expect_eq(r.t[i].col, i + 1, "col of token %d", i);
    }
    cr_expect_eq(r.t[11].len, 2u);
}

Test(lexer, comments_and_lines) {
    Lexed r = lex("// CHECK: x\n  %a = // trailing\n\n\t%b // -----\n");
    expect_tok(&r.t[0], TK_VALUE, "%a", 2, 3);
    expect_tok(&r.t[1], TK_EQ, "=", 2, 6);
    expect_tok(&r.t[2], TK_VALUE, "%b", 4, 2);
    cr_expect_eq(r.t[3].kind, 0);
    cr_expect_eq(r.t[3].line, 5);
}

Test(lexer, dense_and_loc_pieces) {
    Lexed r = lex("dense<[[1, 2]]> : tensor<1x2xi32> loc(\"f.py\":3:4)");
    int kinds[] = { TK_DENSE, TK_LT, TK_LBRACKET, TK_LBRACKET, TK_INT, TK_COMMA, TK_INT, TK_RBRACKET,
                    TK_RBRACKET, TK_GT, TK_COLON, TK_TENSOR_TYPE, TK_LOC, TK_LPAREN, TK_STRING, TK_COLON,
                    TK_INT, TK_COLON, TK_INT, TK_RPAREN, 0 };
    cr_assert_eq(r.n, (int)(sizeof kinds / sizeof kinds[0]));
    for (int i = 0; i < r.n; i++) cr_expect_eq(r.t[i].kind, kinds[i], "token %d", i);
}

Test(lexer, string_escapes) {
    Lexed r = lex("\"a\\\\b\\\"c\\nd\\te\\41\\ff\"");
    cr_assert_eq(r.t[0].kind, TK_STRING);
    char out[64];
    const char *bad = NULL;
    long n = lex_unescape(&r.t[0], out, &bad);
    cr_assert_eq(n, 11);
    cr_expect(memcmp(out, "a\\b\"c\nd\te" "A" "\xff", 11) == 0);
    /* A bad escape is reported at its backslash. */
    Lexed b = lex("\"x\\q\"");
    cr_assert_eq(b.t[0].kind, TK_STRING);
    n = lex_unescape(&b.t[0], out, &bad);
    cr_expect_eq(n, -1);
    cr_expect_eq(bad, b.t[0].s + 2);
    /* A lone hex digit is a bad escape too. */
    Lexed h = lex("\"\\4\"");
    cr_expect_eq(lex_unescape(&h.t[0], out, &bad), -1);
}

Test(lexer, utf8_in_strings_and_comments) {
    Lexed r = lex("// héllo ✓\n\"naïve ✓\"");
    expect_tok(&r.t[0], TK_STRING, "\"naïve ✓\"", 2, 1);
}

Test(lexer, nul_byte_is_an_error_at_its_line) {
    Lexed r = lexn("%a\n %b\0 %c", 10);
    cr_assert_eq(r.t[2].kind, TK_ILLEGAL);
    cr_expect_eq(r.t[2].line, 2);
    cr_expect_eq(r.t[2].col, 4);
    cr_expect_str_eq(r.err, "NUL byte in input");
}

Test(lexer, invalid_utf8) {
    Lexed r = lex("%a \xff");
    cr_assert_eq(r.t[1].kind, TK_ILLEGAL);
    cr_expect_eq(r.t[1].col, 4);
    cr_expect_str_eq(r.err, "invalid UTF-8 in input");
    Lexed s = lex("\n  \"ab\xc3\x28\"");
    cr_assert_eq(s.t[0].kind, TK_ILLEGAL);
    cr_expect_eq(s.t[0].line, 2);
    cr_expect_eq(s.t[0].col, 6);
    cr_expect_str_eq(s.err, "invalid UTF-8 in string literal");
    /* Overlong encodings and surrogates are invalid too. */
    cr_expect_eq(lex("\"\xc0\xaf\"").t[0].kind, TK_ILLEGAL);
    cr_expect_eq(lex("\"\xed\xa0\x80\"").t[0].kind, TK_ILLEGAL);
    /* A valid non-ASCII character outside a string is just unexpected. */
    Lexed u = lex("é");
    cr_expect_eq(u.t[0].kind, TK_ILLEGAL);
    cr_expect_str_eq(u.err, "unexpected character");
    cr_expect_eq(u.t[0].len, 2u);
}

Test(lexer, huge_identifier) {
    size_t n = 1 << 20;
    char *s = malloc(n + 8);
    memset(s, 'a', n);
    memcpy(s + n, " %x", 4);
    Lexed r = lexn(s, n + 3);
    cr_assert_eq(r.t[0].kind, TK_BARE_ID);
    cr_expect_eq(r.t[0].len, (uint32_t)n);
    cr_expect_eq(r.t[1].kind, TK_VALUE);
    cr_expect_eq(r.t[1].col, (int)n + 2);
    free(s);
}

Test(lexer, unterminated_string) {
    Lexed r = lex("x = \"abc\n\"");
    cr_assert_eq(r.t[2].kind, TK_ILLEGAL);
    cr_expect_eq(r.t[2].col, 5);
    cr_expect_str_eq(r.err, "unterminated string literal");
    Lexed e = lex("\"abc\\");
    cr_expect_eq(e.t[0].kind, TK_ILLEGAL);
    Lexed s = lex("@\"abc");
    cr_expect_eq(s.t[0].kind, TK_ILLEGAL);
}

Test(lexer, stray_characters) {
    const char *bad[] = { "$", "%", "@", "!", "#", "^", "?", "*", "&", "-", ";", "\\", "`", "'" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Lexed r = lex(bad[i]);
        cr_expect_eq(r.t[0].kind, TK_ILLEGAL, "'%s' should be illegal", bad[i]);
        cr_expect_eq(r.t[0].col, 1);
    }
}

Test(lexer, truncated_input_never_reads_past_the_end) {
    const char *src = "func.func @f(%a: i32) -> tensor<2x3xi32> { %x = \"a\\41\" 0x1F 1.5e+3 }";
    size_t n = strlen(src);
    for (size_t cut = 0; cut <= n; cut++) {
        Lexed r = lexn(src, cut);
        cr_assert(r.n > 0);
        int last = r.t[r.n - 1].kind;
        cr_expect(last == 0 || last == TK_ILLEGAL || r.n == MAXTOK, "cut at %zu", cut);
        for (int i = 0; i < r.n; i++)
            cr_expect(r.t[i].s + r.t[i].len <= r.t[0].s - r.t[0].col + 1 + cut + 1, "token past end at cut %zu", cut);
    }
}

Test(lexer, token_names) {
    cr_expect_str_eq(lex_token_name(TK_RPAREN), "')'");
    cr_expect_str_eq(lex_token_name(0), "end of input");
    cr_expect_str_eq(lex_token_name(TK_OP_IF), "operation name");
    cr_expect_str_eq(lex_token_name(TK_INT), "integer");
}

/* The blank, newline and identifier loops written in C around the DFA
** (lexer.re): positions after every kind of blank, and long runs. */
Test(lexer, positions_after_blanks) {
    Lexed r = lex("\ta\t\tb \t c\r\nd\f\ve  \n \t f");
    expect_tok(&r.t[0], TK_BARE_ID, "a", 1, 2);
    expect_tok(&r.t[1], TK_BARE_ID, "b", 1, 5);
    expect_tok(&r.t[2], TK_BARE_ID, "c", 1, 9);
    expect_tok(&r.t[3], TK_BARE_ID, "d", 2, 1);
    expect_tok(&r.t[4], TK_BARE_ID, "e", 2, 4);
    expect_tok(&r.t[5], TK_BARE_ID, "f", 3, 4);
    expect_tok(&r.t[6], 0, "", 3, 5);
    /* Runs of 300 spaces and of 300 newlines with indentation. */
    char buf[2048];
    size_t n = 0;
    buf[n++] = 'x';
    for (int i = 0; i < 300; i++) buf[n++] = ' ';
    buf[n++] = 'y';
    for (int i = 0; i < 300; i++) { buf[n++] = '\n'; buf[n++] = ' '; buf[n++] = ' '; }
    buf[n++] = 'z';
    for (int i = 0; i < 3; i++) buf[n++] = ' ';
    Lexed l = lexn(buf, n);
    expect_tok(&l.t[0], TK_BARE_ID, "x", 1, 1);
    expect_tok(&l.t[1], TK_BARE_ID, "y", 1, 302);
    expect_tok(&l.t[2], TK_BARE_ID, "z", 301, 3);
    expect_tok(&l.t[3], 0, "", 301, 7);
}

Test(lexer, tokens_without_blanks_between) {
    Lexed r = lex("%a,%b:i32->(x)");
    int kinds[] = { TK_VALUE, TK_COMMA, TK_VALUE, TK_COLON, TK_BARE_ID, TK_ARROW, TK_LPAREN, TK_BARE_ID,
                    TK_RPAREN, 0 };
    cr_assert_eq(r.n, (int)(sizeof kinds / sizeof kinds[0]));
    for (int i = 0; i < r.n; i++) cr_expect_eq(r.t[i].kind, kinds[i], "token %d", i);
    expect_tok(&r.t[4], TK_BARE_ID, "i32", 1, 7);
    expect_tok(&r.t[9], 0, "", 1, 15);
}

Test(lexer, end_of_input_after_comments_and_blanks) {
    Lexed r = lex("%a // x");
    expect_tok(&r.t[1], 0, "", 1, 8);
    Lexed b = lex("%a \n  ");
    expect_tok(&b.t[1], 0, "", 2, 3);
    Lexed c = lex("// only\n// comments");
    expect_tok(&c.t[0], 0, "", 2, 12);
    Lexed e = lex("");
    expect_tok(&e.t[0], 0, "", 1, 1);
    cr_expect_eq(e.n, 1);
}

Test(lexer, value_suffixes) {
    Lexed r = lex("%a#1 %a:2 %0#12 %x.y-z:345 %a#b %a:b %a#1x");
    expect_tok(&r.t[0], TK_VALUE_HASH, "%a#1", 1, 1);
    expect_tok(&r.t[1], TK_VALUE_GROUP, "%a:2", 1, 6);
    expect_tok(&r.t[2], TK_VALUE_HASH, "%0#12", 1, 11);
    expect_tok(&r.t[3], TK_VALUE_GROUP, "%x.y-z:345", 1, 17);
    /* Without a digit after it the '#' or ':' is not part of the value. */
    expect_tok(&r.t[4], TK_VALUE, "%a", 1, 28);
    expect_tok(&r.t[5], TK_HASH_ID, "#b", 1, 30);
    expect_tok(&r.t[6], TK_VALUE, "%a", 1, 33);
    expect_tok(&r.t[7], TK_COLON, ":", 1, 35);
    expect_tok(&r.t[8], TK_BARE_ID, "b", 1, 36);
    expect_tok(&r.t[9], TK_VALUE_HASH, "%a#1", 1, 38);
    expect_tok(&r.t[10], TK_BARE_ID, "x", 1, 42);
    /* A digit name stops at the first non-digit. */
    Lexed d = lex("%12ab");
    expect_tok(&d.t[0], TK_VALUE, "%12", 1, 1);
    expect_tok(&d.t[1], TK_BARE_ID, "ab", 1, 4);
    /* Names may start with $ . - and _ too. */
    Lexed s = lex("%$x %.y %-z %_w");
    expect_tok(&s.t[0], TK_VALUE, "%$x", 1, 1);
    expect_tok(&s.t[1], TK_VALUE, "%.y", 1, 5);
    expect_tok(&s.t[2], TK_VALUE, "%-z", 1, 9);
    expect_tok(&s.t[3], TK_VALUE, "%_w", 1, 13);
}

Test(lexer, value_suffix_at_end_of_input) {
    Lexed h = lex("%a#");
    expect_tok(&h.t[0], TK_VALUE, "%a", 1, 1);
    cr_assert_eq(h.t[1].kind, TK_ILLEGAL);        /* a lone '#' */
    cr_expect_eq(h.t[1].col, 3);
    cr_expect_eq(h.t[1].len, 1u);
    cr_expect_str_eq(h.err, "unexpected character");
    Lexed c = lex("%a:");
    expect_tok(&c.t[0], TK_VALUE, "%a", 1, 1);
    expect_tok(&c.t[1], TK_COLON, ":", 1, 3);
    expect_tok(&c.t[2], 0, "", 1, 4);
    Lexed g = lex("%a:7");
    expect_tok(&g.t[0], TK_VALUE_GROUP, "%a:7", 1, 1);
    expect_tok(&g.t[1], 0, "", 1, 5);
    /* A lone '%', and one before a byte that starts no name. */
    Lexed p = lex("%");
    cr_expect_eq(p.t[0].kind, TK_ILLEGAL);
    cr_expect_eq(p.t[0].len, 1u);
    Lexed q = lex("% a");
    cr_expect_eq(q.t[0].kind, TK_ILLEGAL);
    cr_expect_eq(q.t[0].len, 1u);
    cr_expect_str_eq(q.err, "unexpected character");
}

Test(lexer, tokens_right_before_nul) {
    /* Each token ends at a NUL byte that is not the sentinel. */
    const char *srcs[] = { "%a", "%a#1", "%12", "abc", "module", "func.func", "\"s\"", "@f", "#x", "^bb",
                           "!t.x", "42", "1.5", "0x1F", "->", "(" };
    int kinds[] = { TK_VALUE, TK_VALUE_HASH, TK_VALUE, TK_BARE_ID, TK_MODULE, TK_FUNC, TK_STRING, TK_SYMBOL,
                    TK_HASH_ID, TK_CARET_ID, TK_DIALECT_TYPE, TK_INT, TK_FLOAT, TK_INT, TK_ARROW, TK_LPAREN };
    for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++) {
        char buf[32];
        size_t n = strlen(srcs[i]);
        memcpy(buf, srcs[i], n);
        buf[n] = 0;
        buf[n + 1] = 'x';
        Lexed r = lexn(buf, n + 2);
        expect_tok(&r.t[0], kinds[i], srcs[i], 1, 1);
        cr_expect_eq(r.t[1].kind, TK_ILLEGAL, "after '%s'", srcs[i]);
        cr_expect_eq(r.t[1].col, (int)n + 1);
        cr_expect_str_eq(r.err, "NUL byte in input");
        /* And at the end of the input. */
        Lexed e = lex(srcs[i]);
        expect_tok(&e.t[0], kinds[i], srcs[i], 1, 1);
        expect_tok(&e.t[1], 0, "", 1, (int)n + 1);
    }
}

Test(lexer, keywords_as_identifier_prefixes) {
    Lexed r = lex("modulex func.funcx func.fo func.func func. fusedx tensor tensorx unit_ at$ to.x");
    expect_tok(&r.t[0], TK_BARE_ID, "modulex", 1, 1);
    expect_tok(&r.t[1], TK_BARE_ID, "func.funcx", 1, 9);
    expect_tok(&r.t[2], TK_BARE_ID, "func.fo", 1, 20);
    expect_tok(&r.t[3], TK_FUNC, "func.func", 1, 28);
    expect_tok(&r.t[4], TK_BARE_ID, "func.", 1, 38);
    expect_tok(&r.t[5], TK_BARE_ID, "fusedx", 1, 44);
    expect_tok(&r.t[6], TK_BARE_ID, "tensor", 1, 51);
    expect_tok(&r.t[7], TK_BARE_ID, "tensorx", 1, 58);
    expect_tok(&r.t[8], TK_BARE_ID, "unit_", 1, 66);
    expect_tok(&r.t[9], TK_BARE_ID, "at$", 1, 72);
    expect_tok(&r.t[10], TK_BARE_ID, "to.x", 1, 76);
    /* A type that does not close is an error at its start (docs/syntax.md:
    ** a parametric type is one token up to its '>'). */
    Lexed t = lex("tensor<2x");
    expect_tok(&t.t[0], TK_ILLEGAL, "t", 1, 1);
    Lexed u = lex("memref<4xf32) x");
    expect_tok(&u.t[0], TK_ILLEGAL, "m", 1, 1);
    Lexed w = lex("  !foo.bar<\n  \"x\",\n  3\n}");
    expect_tok(&w.t[0], TK_ILLEGAL, "!", 1, 3);
    cr_expect_str_eq(w.err, "unbalanced '<' character in type or attribute (its '>' is missing)");
    /* One that spans lines is one token at its start; the tokens after it
    ** have their own lines and columns. */
    Lexed ml = lex("a !foo.bar<\n  \"x\",\n 3> b\n#x.y<{a = 1,\n b = 2}>\nc");
    expect_tok(&ml.t[0], TK_BARE_ID, "a", 1, 1);
    expect_tok(&ml.t[1], TK_DIALECT_TYPE, "!foo.bar<\n  \"x\",\n 3>", 1, 3);
    expect_tok(&ml.t[2], TK_BARE_ID, "b", 3, 5);
    expect_tok(&ml.t[3], TK_OPAQUE_ATTR, "#x.y<{a = 1,\n b = 2}>", 4, 1);
    expect_tok(&ml.t[4], TK_BARE_ID, "c", 6, 1);
    /* A string inside still ends at its line. */
    Lexed us = lex("!foo.bar<\"a\n\">");
    expect_tok(&us.t[0], TK_ILLEGAL, "!", 1, 1);
    /* ... and one that closes is one token, brackets and strings inside. */
    Lexed v = lex("memref<4xf32, affine_map<(d0) -> (d0)>> !foo.bar<\"a>\", [1]> #x.y<{a = 1}>");
    expect_tok(&v.t[0], TK_TENSOR_TYPE, "memref<4xf32, affine_map<(d0) -> (d0)>>", 1, 1);
    expect_tok(&v.t[1], TK_DIALECT_TYPE, "!foo.bar<\"a>\", [1]>", 1, 41);
    expect_tok(&v.t[2], TK_OPAQUE_ATTR, "#x.y<{a = 1}>", 1, 61);
    /* Keywords next to punctuation. */
    Lexed p = lex("loc(unknown)");
    expect_tok(&p.t[0], TK_LOC, "loc", 1, 1);
    expect_tok(&p.t[2], TK_UNKNOWN, "unknown", 1, 5);
}

Test(lexer, string_edges) {
    /* A string with a NUL inside is unterminated at the NUL. */
    Lexed z = lexn("\"a\0b\"", 5);
    cr_assert_eq(z.t[0].kind, TK_ILLEGAL);
    cr_expect_eq(z.t[0].len, 2u);
    cr_expect_str_eq(z.err, "unterminated string literal");
    /* A trailing backslash belongs to the error token. */
    Lexed b = lex("\"ab\\\nx");
    cr_assert_eq(b.t[0].kind, TK_ILLEGAL);
    cr_expect_eq(b.t[0].len, 4u);
    Lexed e = lex("  @\"abc\\");
    cr_assert_eq(e.t[0].kind, TK_ILLEGAL);
    cr_expect_eq(e.t[0].col, 3);
    cr_expect_eq(e.t[0].len, 6u);
    /* Escaped quotes and backslashes, and non-ASCII bytes, after escapes too. */
    Lexed q = lex("\"a\\\"b\\\\\" x");
    expect_tok(&q.t[0], TK_STRING, "\"a\\\"b\\\\\"", 1, 1);
    expect_tok(&q.t[1], TK_BARE_ID, "x", 1, 10);
    Lexed u = lex("@\"é\\é\" \"✓\"");
    expect_tok(&u.t[0], TK_SYMBOL, "@\"é\\é\"", 1, 1);
    expect_tok(&u.t[1], TK_STRING, "\"✓\"", 1, 10);
    /* Invalid UTF-8 right after an escape, or cut by the closing quote. */
    Lexed v = lex("x \"\\\xc3\"");
    cr_assert_eq(v.t[1].kind, TK_ILLEGAL);
    cr_expect_eq(v.t[1].col, 5);
    cr_expect_eq(v.t[1].len, 1u);
    cr_expect_str_eq(v.err, "invalid UTF-8 in string literal");
    /* A string right before the end of a line and of the input. */
    Lexed l = lex("\"a\"\n\"b\"");
    expect_tok(&l.t[0], TK_STRING, "\"a\"", 1, 1);
    expect_tok(&l.t[1], TK_STRING, "\"b\"", 2, 1);
    expect_tok(&l.t[2], 0, "", 2, 4);
}

Test(lexer, scanning_goes_on_after_errors) {
    /* The parser stops at the first error, but the lexer can go on. */
    Lexer lx;
    Token t;
    const char *src = "a ` b \xff c";
    lex_init(&lx, src, strlen(src));
    int kinds[] = { TK_BARE_ID, TK_ILLEGAL, TK_BARE_ID, TK_ILLEGAL, TK_BARE_ID, 0 };
    int cols[] = { 1, 3, 5, 7, 9, 10 };
    for (int i = 0; i < 6; i++) {
        cr_expect_eq(lex_next(&lx, &t), kinds[i], "token %d", i);
        cr_expect_eq(t.col, cols[i], "col of token %d", i);
    }
    cr_expect_str_eq(lx.err, "invalid UTF-8 in input");
}
