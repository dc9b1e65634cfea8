/*
** parser.c — the driver between the re2c lexer and the lemon parser
** (DESIGN.md "Front end"), and the public entry points of parser.h.
**
** The driver's two jobs besides feeding tokens:
**
** 1. A bare identifier with a dot in it is looked up in the op table and
**    sent as the token of its syntax family (unknown names as OP_GENERIC);
**    the grammar's %fallback turns such a token back into BARE_ID where an
**    identifier is wanted.
**
** 2. Fast statements. Most of a large program is statements of two shapes,
**    `%r = "op"(%a, %b) : (T, T) -> T` and `%r = op.name %a, %b`, and
**    pushing their tokens through lemon's shifts and reductions, with a
**    scratch list per rule, was most of the parse. At a `%name` token the
**    driver reads ahead; if the statement has one of those shapes (parser/build.h,
**    FastStmt), and lemon would begin a statement here
**    (irParseAtStmt asks lemon's own tables), the statement goes to lemon as
**    one FAST_STMT token, whose action (irb_fast_stmt) builds the op in one
**    allocation, or runs the grammar's actions in their order when anything
**    is unusual. Otherwise the tokens read ahead are sent one by one. The IR
**    and the diagnostics are the same either way: tests/test_fast_stmt.c
**    parses every case both ways (ParseOptions.no_fast_stmts).
*/
#include <stdlib.h>
#include <string.h>
#include "parser/parser.h"
#include "parser/build.h"
#include "ir/arena.h"
#include "ops/optable.h"
#include "lexer/lexer.h"
#include "grammar.h"

/* The lemon-generated parser (grammar.c). */
void *irParseAlloc(void *(*alloc)(size_t), ParseCtx *ctx);
void irParse(void *p, int kind, Token tok);
void irParseFree(void *p, void (*dealloc)(void *));
bool irParseAtStmt(void *p);
bool irParseAtOpName(void *p);
bool irParseTakesOpName(void *p);

/* The family tokens of grammar.y, indexed by SyntaxFamily: the Makefile
** writes them into the grammar from ops/families.def, in its order. */
static const int famtok[SYN__COUNT] = {
#define FAMILY(name, syntax) TK_OP_##name,
#include "ops/families.def"
#undef FAMILY
};
_Static_assert(TK_OP_FAMILY_END - TK_OP_GENERIC == SYN__COUNT,
               "the grammar has one consecutive token per family of ops/families.def");

struct ParseScope {
    Module *m;
    Block *block;
    Scope *scope;
};

/* The driver's state: the lexer, the lemon parser, and tokens read ahead
** by the fast-statement reader that must be sent again one by one. */
/* A repeated signature. Consecutive statements often have the same types
** text, `: (i32, i32) -> i32`; its tokens are then copied from the last
** statement whose signature was lexed, moved to the new place, instead of
** being lexed again. The lexer has no state but its position, so the same
** bytes give the same tokens, provided the text is on one line (the copies
** keep the line) and a blank follows it (so its last token ends there). */
typedef struct Signature {
    const char *s; uint32_t len;   /* from '(' of the inputs to the last result token */
    Token tok[4 * FAST_MAX_LIST + 4]; int ntok;
    uint8_t in[FAST_MAX_LIST], out[FAST_MAX_LIST];   /* indices into tok[] */
    int nin, nout;
    bool out_paren;
} Signature;

typedef struct Driver {
    ParseCtx *c;
    void *p;
    Lexer lx;
    /* Two statement buffers: lemon reduces `stmt ::= FAST_STMT` only when
    ** the next token arrives, so the statement just sent (ctx->fast) must
    ** stay intact while the next one is read into the other buffer. */
    FastStmt fsbuf[2];
    FastStmt *fs;                /* the buffer being read */
    int replay, nreplay;         /* fs->tok[replay..nreplay) are still to send */
    bool fast_ok;                /* the last token sent was FAST_STMT, so
                                    another one would be shifted too */
    Signature sig;               /* the last signature read token by token */
} Driver;

static bool has_dot(const Token *t) {
    for (uint32_t i = 0; i < t->len; i++) if (t->s[i] == '.') return true;
    return false;
}

/* Sends [t] to the parser (a dotted bare identifier as the token of its
** op's syntax family). Returns false when parsing has ended.
**
** A bare word where an op's name comes (the parser's tables say so,
** irParseAtOpName) that names no op is reported at once, at the op
** (docs/language.md §2.3): `custom op 'foo.bar' is unknown`. Read further,
** the rest of its statement would be taken for something else (the next
** statement's results as its operands, a region as an attribute
** dictionary) and the error would come later, somewhere else. */
static bool feed(Driver *dr, Token t) {
    ParseCtx *c = dr->c;
    int kind = t.kind;
    if (kind == TK_ILLEGAL) {
        irb_error(c, &t, "%s", dr->lx.err);
        return false;
    }
    /* In an op's place, perhaps: after `=`, or first on its line (a cheap
    ** test before asking the parser's tables). */
    bool op_place = kind == TK_BARE_ID && (c->last.kind == TK_EQ || t.line > c->last.line);
    if (kind == TK_BARE_ID && has_dot(&t)) {
        const OpInfo *info = optable_lookup(t.s, t.len);
        kind = info ? famtok[info->family] : TK_OP_GENERIC;
        c->op_s = t.s;
        c->op_len = t.len;
        c->op_info = info;
        /* An unknown name where an op's name comes; or in an op's place
        ** where nothing could take it (at module level, where only the
        ** generic form is read). */
        if (!info && op_place && (irParseAtOpName(dr->p) || !irParseTakesOpName(dr->p))) {
            irb_unknown_op(c, &t);
            return false;
        }
    } else if (op_place && irParseAtOpName(dr->p)) {
        const OpInfo *info = irb_short_form(t.s, t.len);
        if (!info) {
            irb_unknown_op(c, &t);
            return false;
        }
        kind = famtok[info->family];
        c->op_s = t.s;
        c->op_len = t.len;
        c->op_info = info;
    }
    /* The generic form of a function or of the module (grammar.y: gfunc,
    ** gmodule). Where the grammar wants no such thing (an op inside a
    ** function, an attribute key) %fallback makes them plain strings: the
    ** parser decides, since the driver runs a token ahead of the actions. */
    if (kind == TK_STRING) {
        if (t.len == 11 && !memcmp(t.s, "\"func.func\"", 11)) kind = TK_GEN_FUNC;
        else if (t.len == 16 && !memcmp(t.s, "\"builtin.module\"", 16)) kind = TK_GEN_MODULE;
    }
    c->last = t;
    dr->fast_ok = false;
    irParse(dr->p, kind, t);
    return !c->failed && kind != 0;
}

/* The next token: a read-ahead one first. */
static void pull(Driver *dr, Token *t) {
    if (dr->replay < dr->nreplay) *t = dr->fs->tok[dr->replay++];
    else lex_next(&dr->lx, t);
}

/* A token that may be a type. (A dotted identifier such as `foo.bar` is
** taken too: the grammar would send it back to an identifier through its
** %fallback and reject it as a type, which irb_fast_stmt then does.) */
static bool is_type(const Token *t) {
    return t->kind == TK_BARE_ID || t->kind == TK_DIALECT_TYPE || t->kind == TK_TENSOR_TYPE
        || t->kind == TK_COMPLEX_TYPE;
}

/* The reader of fast statements: the token array and its length are
** locals (not reloaded from the Driver after every call to the lexer). */
typedef struct Reader {
    Lexer *lx;
    Token *tok;
    int n;
} Reader;

/* Reads the next token and returns its kind. (No bounds check: the lists
** are limited to FAST_MAX_LIST entries, so the longest shape fits.) */
static int next(Reader *r) {
    return lex_next(r->lx, &r->tok[r->n++]);
}

/* Reads `T, T, ... )` (after a '(' already read) into [list]. */
static bool type_list(Reader *r, uint8_t *list, int *n) {
    if (next(r) == TK_RPAREN) return true;
    for (;;) {
        if (!is_type(&r->tok[r->n - 1]) || *n == FAST_MAX_LIST) return false;
        list[(*n)++] = (uint8_t)(r->n - 1);
        int k = next(r);
        if (k == TK_RPAREN) return true;
        if (k != TK_COMMA) return false;
        next(r);
    }
}

/* Reads `%a, %b, ...` into fs->operand, from the token just read (of
** kind [k]). Returns the kind of the token after the list, or -1 when it
** is not a list of plain values. */
static int value_list(Reader *r, FastStmt *fs, int k) {
    for (;;) {
        if (k != TK_VALUE || fs->noperands == FAST_MAX_LIST) return -1;
        fs->operand[fs->noperands++] = (uint8_t)(r->n - 1);
        if ((k = next(r)) != TK_COMMA) return k;
        k = next(r);
    }
}

static bool blank(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

/* Remembers the signature just read (fs->tok from types_at up to the token
** before the last one, which follows the statement) when it is on one line
** and a blank follows it. */
static void keep_signature(Driver *dr, const Reader *r) {
    const FastStmt *fs = dr->fs;
    Signature *sg = &dr->sig;
    const Token *first = &r->tok[fs->types_at], *last = &r->tok[r->n - 2];
    const char *end = last->s + last->len;
    sg->s = NULL;
    /* (A parametric type may span lines though it is one token.) */
    if (first->line != last->line || end >= dr->lx.lim || !blank(*end)
        || memchr(first->s, '\n', (size_t)(end - first->s)))
        return;
    sg->ntok = r->n - 1 - fs->types_at;
    if (sg->ntok > (int)(sizeof sg->tok / sizeof sg->tok[0])) return;
    memcpy(sg->tok, first, (size_t)sg->ntok * sizeof *first);
    for (int i = 0; i < fs->nin; i++) sg->in[i] = (uint8_t)(fs->in[i] - fs->types_at);
    for (int i = 0; i < fs->nout; i++) sg->out[i] = (uint8_t)(fs->out[i] - fs->types_at);
    sg->nin = fs->nin;
    sg->nout = fs->nout;
    sg->out_paren = fs->out_paren;
    sg->len = (uint32_t)(end - first->s);
    sg->s = first->s;
}

/* After the ':' of a statement: when the kept signature's text comes next,
** followed by a blank, appends copies of its tokens (at their new place)
** and moves the lexer past it. */
static bool same_signature(Driver *dr, Reader *r) {
    const Signature *sg = &dr->sig;
    Lexer *lx = &dr->lx;
    const char *at = lx->cur;
    if (!sg->s || (size_t)(lx->lim - at) <= sg->len || memcmp(at, sg->s, sg->len) != 0
        || !blank(at[sg->len]))
        return false;
    FastStmt *fs = dr->fs;
    fs->types_at = r->n;
    for (int i = 0; i < sg->ntok; i++) {
        Token *t = &r->tok[r->n++];
        *t = sg->tok[i];
        t->s = at + (t->s - sg->s);
        t->line = lx->line;
        t->col = (int)((uintptr_t)t->s - lx->col0);
    }
    for (int i = 0; i < sg->nin; i++) fs->in[i] = (uint8_t)(fs->types_at + sg->in[i]);
    for (int i = 0; i < sg->nout; i++) fs->out[i] = (uint8_t)(fs->types_at + sg->out[i]);
    fs->nin = sg->nin;
    fs->nout = sg->nout;
    fs->out_paren = sg->out_paren;
    lx->cur = at + sg->len;
    return true;
}

/* After the value token [first]: reads ahead while the text has the
** FastStmt shape. True with the whole statement in dr->fs and the token
** after it (which the shape requires to begin another statement or to
** close the block, so that the parser certainly reduces this one) as the
** last entry; false with everything read in dr->fs->tok for sending. */
static bool read_fast(Driver *dr, const Token *first) {
    FastStmt *fs = dr->fs;
    Reader r = { &dr->lx, fs->tok, 1 };
    bool shape = false;
    fs->tok[0] = *first;
    fs->rhash = irb_fast_begin(dr->c, first);
    fs->noperands = fs->nin = fs->nout = 0;
    fs->out_paren = false;
    fs->custom = NULL;
    if (next(&r) != TK_EQ) goto out;
    int k = next(&r);
    if (k == TK_BARE_ID) {
        /* `%r = op.name %a, ...`: an op whose syntax is its operands. */
        const Token *op = &r.tok[r.n - 1];
        const OpInfo *info = has_dot(op) ? optable_lookup(op->s, op->len) : NULL;
        if (!info || info->family != SYN_OPERANDS) goto out;
        fs->custom = info;
        if ((k = value_list(&r, fs, next(&r))) < 0) goto out;
        goto last;
    }
    if (k != TK_STRING || next(&r) != TK_LPAREN) goto out;
    k = next(&r);
    if (k != TK_RPAREN && value_list(&r, fs, k) != TK_RPAREN) goto out;
    if (next(&r) != TK_COLON) goto out;
    if (same_signature(dr, &r)) {
        k = next(&r);
        goto last;
    }
    if (next(&r) != TK_LPAREN) goto out;
    fs->types_at = r.n - 1;
    if (!type_list(&r, fs->in, &fs->nin) || next(&r) != TK_ARROW) goto out;
    if (next(&r) == TK_LPAREN) {
        fs->out_paren = true;
        if (!type_list(&r, fs->out, &fs->nout)) goto out;
    } else {
        if (!is_type(&r.tok[r.n - 1])) goto out;
        fs->out[fs->nout++] = (uint8_t)(r.n - 1);
    }
    k = next(&r);
    keep_signature(dr, &r);
last:;
    const Token *nt = &r.tok[r.n - 1];
    shape = k == TK_VALUE || k == TK_RBRACE || k == TK_STRING || (k == TK_BARE_ID && has_dot(nt));
out:
    fs->ntok = r.n;
    return shape;
}

/* Feeds [text] (NUL at text[len], kept alive by the module) to a new parser after
** the mode token [mode]. Returns false after a diagnostic.
**
** Fast statements: at a `%name` token the driver reads ahead; when the
** statement has the FastStmt shape and the parser would shift FAST_STMT
** here, the statement goes to the parser as that one token (its action
** builds the op directly, without a dozen shifts and reductions and their
** scratch lists). Otherwise the tokens read ahead are sent one by one. */
static bool run(ParseCtx *c, int mode, const char *text, size_t len) {
    Driver dr;
    dr.c = c;
    dr.p = irParseAlloc(malloc, c);
    if (!dr.p) {
        irb_error_at(c, 0, 0, "out of memory");
        return false;
    }
    dr.fs = &dr.fsbuf[0];
    dr.sig.s = NULL;
    dr.replay = dr.nreplay = 0;
    dr.fast_ok = false;
    lex_init(&dr.lx, text, len);
    if (c->first_line > 1) dr.lx.line = c->first_line;
    Token t;
    memset(&t, 0, sizeof t);
    t.line = dr.lx.line; t.col = 1; t.s = text;
    irParse(dr.p, mode, t);
    bool have = false;             /* t is a token not sent yet */
    for (;;) {
        if (!have) pull(&dr, &t);
        have = false;
        if (t.kind == TK_VALUE && dr.replay == dr.nreplay && !c->no_fast) {
            bool shape = read_fast(&dr, &t);
            if (shape && (dr.fast_ok || irParseAtStmt(dr.p))) {
                FastStmt *fs = dr.fs;
                t = fs->tok[--fs->ntok];     /* the next statement's first token */
                have = true;
                c->last = fs->tok[0];
                /* Lemon reduces `stmt ::= FAST_STMT` (building ctx->fast)
                ** when the next token arrives. When that token is another
                ** FAST_STMT, the only other effect would be the action-less
                ** `stmts ::= stmts stmt`, so the previous statement is
                ** built here and the one on lemon's stack now stands for
                ** this one. */
                if (dr.fast_ok) irb_fast_stmt(c);
                else irParse(dr.p, TK_FAST_STMT, fs->tok[0]);
                c->fast = fs;                /* for the reduction of this one */
                dr.fs = fs == &dr.fsbuf[0] ? &dr.fsbuf[1] : &dr.fsbuf[0];
                dr.fast_ok = true;
                if (c->failed) break;
                continue;
            }
            dr.replay = 1;                  /* tok[0] is t itself */
            dr.nreplay = dr.fs->ntok;
        }
        if (!feed(&dr, t)) break;
    }
    irParseFree(dr.p, free);
    c->fast = NULL;
    return !c->failed;
}

/* A parse context for [m]; its scratch arena (lists, pending ops) is freed
** by ctx_free. Without scratch memory the IR arena is used instead. */
static void ctx_init(ParseCtx *c, Module *m, const char *file, DiagSink *d) {
    memset(c, 0, sizeof *c);
    c->m = m;
    c->a = m->arena;
    c->tmp = arena_new();
    c->d = d;
    c->file = file;
}

static void ctx_free(ParseCtx *c) {
    arena_free(c->tmp);
    c->tmp = NULL;
}

/* Moves the functions parsed by [c] into its module (replacing same-named
** ones when [replace]). */
static bool commit_funcs(ParseCtx *c, bool replace) {
    Module *m = c->m;
    int n = m->nfuncs + c->funcs.n;
    Func **fs = arena_grow(c->a, m->funcs, (size_t)m->nfuncs, (size_t)n + 1, sizeof *fs);
    if (!fs) { irb_error_at(c, 0, 0, "out of memory"); return false; }
    int k = m->nfuncs;
    for (int i = 0; i < c->funcs.n; i++) {
        Func *f = c->funcs.v[i];
        int at = -1;
        for (int j = 0; replace && j < k; j++) if (fs[j]->name == f->name) at = j;
        if (at < 0) at = k++;
        f->index = at;
        fs[at] = f;
    }
    m->funcs = fs;
    m->nfuncs = k;
    ir_index_funcs(m);
    return true;
}

/* Parses the text of [m] (its own copy, or borrowed when [borrowed]: then
** the sink borrows it too, as the caller promised it outlives both). Frees
** [m] and returns NULL on failure. */
static Module *parse_whole(Module *m, bool borrowed, DiagSink *d, const ParseOptions *o) {
    int first = o && o->first_line > 1 ? o->first_line : 1;
    if (d) {
        if (borrowed) diag_add_source_borrowed_at(d, m->filename, m->source, m->source_len, first);
        else diag_add_source(d, m->filename, m->source, m->source_len);
    }
    ParseCtx c;
    ctx_init(&c, m, m->filename, d);
    c.no_fast = o && o->no_fast_stmts;
    c.first_line = first;
    irb_module_scope(&c);
    if (!c.failed && run(&c, TK_MODE_MODULE, m->source, m->source_len)) {
        irb_finish_aliases(&c);
        if (!c.failed) commit_funcs(&c, false);
        irb_commit_top(&c);
    }
    ctx_free(&c);
    if (c.failed) {
        ir_module_free(m);
        return NULL;
    }
    return m;
}

Module *parse_module(const char *filename, const char *text, size_t len, DiagSink *d) {
    return parse_module_with(filename, text, len, d, NULL);
}

Module *parse_module_with(const char *filename, const char *text, size_t len, DiagSink *d,
                          const ParseOptions *o) {
    if (!filename) filename = "<stdin>";
    Module *m = ir_module_new(filename, text, len);
    if (!m) {
        if (d) diag_emit(d, DIAG_ERROR, filename, 0, 0, "out of memory");
        return NULL;
    }
    return parse_whole(m, false, d, o);
}

Module *parse_module_borrowed(const char *filename, const char *text, size_t len, DiagSink *d) {
    return parse_module_borrowed_with(filename, text, len, d, NULL);
}

Module *parse_module_borrowed_with(const char *filename, const char *text, size_t len, DiagSink *d,
                                   const ParseOptions *o) {
    if (!filename) filename = "<stdin>";
    if (!text) { text = ""; len = 0; }
    Module *m = ir_module_new_borrowed(filename, text, len);
    if (!m) {
        if (d) diag_emit(d, DIAG_ERROR, filename, 0, 0, "out of memory");
        return NULL;
    }
    return parse_whole(m, true, d, o);
}

ParseScope *parse_scope_new(Module *m) {
    ParseCtx c;
    ctx_init(&c, m, m->filename, NULL);
    ParseScope *s = arena_alloc(m->arena, sizeof *s);
    Block *b = irb_block_new(&c, NULL, NULL);
    bool okay = s && b && irb_scope_push(&c, b);
    ctx_free(&c);
    if (!okay) return NULL;
    b->names_unique = false;       /* parse_ops_into lets names shadow */
    s->m = m;
    s->block = b;
    s->scope = c.scope;
    return s;
}

Block *parse_scope_block(const ParseScope *s) {
    return s->block;
}

/* A NUL-terminated copy of the text in the module's arena. */
static const char *keep_text(Module *m, const char *text, size_t len) {
    return arena_strndup(m->arena, text, len);
}

/* The start shared by the REPL entry points: keeps a copy of [text] in the
** module (named [filename], "<repl>" when NULL), registers it with the sink
** and initialises [c]. Returns the copy, or NULL (reported) when out of memory. */
static const char *begin_into(ParseCtx *c, Module *m, const char *filename, const char *text,
                              size_t len, DiagSink *d) {
    const char *name = filename ? filename : "<repl>";
    const char *file = ir_name(m, name, strlen(name));
    const char *copy = keep_text(m, text, len);
    if (!file || !copy) {
        if (d) diag_emit(d, DIAG_ERROR, filename, 0, 0, "out of memory");
        return NULL;
    }
    if (d) diag_add_source(d, file, copy, len);
    ctx_init(c, m, file, d);
    return copy;
}

int parse_ops_into(ParseScope *s, const char *filename, const char *text, size_t len,
                   DiagSink *d, Op **first) {
    Module *m = s->m;
    if (first) *first = NULL;
    ParseCtx c;
    const char *copy = begin_into(&c, m, filename, text, len, d);
    if (!copy) return -1;
    c.allow_shadow = true;
    c.scope = s->scope;
    ScopeSnap *snap = irb_snapshot(&c);
    if (!snap) { ctx_free(&c); return -1; }
    int before = s->block->nops;
    if (run(&c, TK_MODE_OPS, copy, len)) irb_finish_aliases(&c);
    if (!c.failed && c.scope != s->scope) irb_error_at(&c, 0, 0, "unterminated region");
    if (c.failed) {
        c.scope = s->scope;
        irb_restore(&c, snap);
        ctx_free(&c);
        return -1;
    }
    ctx_free(&c);
    if (first && s->block->nops > before) *first = s->block->ops[before];
    return s->block->nops - before;
}

int parse_funcs_into(Module *m, const char *filename, const char *text, size_t len, DiagSink *d) {
    ParseCtx c;
    const char *copy = begin_into(&c, m, filename, text, len, d);
    if (!copy) return -1;
    /* Redefinitions replace, so duplicate names within one call only. */
    if (run(&c, TK_MODE_FUNCS, copy, len)) irb_finish_aliases(&c);
    bool okay = !c.failed && commit_funcs(&c, true);
    int n = c.funcs.n;
    ctx_free(&c);
    return okay ? n : -1;
}
