/*
** test_tsink.c — TFRT's debug tracing sink (interp/tsink.h): its lines, its
** levels, and when its buffer is written (llvm::raw_ostream::write's rule,
** worked out here byte by byte with small blocks).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/tsink.h"

typedef struct Out {
    char *buf;
    size_t len;
    FILE *f;
} Out;

static void out_open(Out *o)
{
    o->buf = NULL;
    o->len = 0;
    o->f = open_memstream(&o->buf, &o->len);
    cr_assert(o->f);
}

/* What has been written so far (the sink flushes what it writes). */
static void written(Out *o, const char *want)
{
    cr_assert_eq(o->len, strlen(want), "written %zu bytes, want %zu: '%.*s'", o->len, strlen(want),
                 (int)o->len, o->buf ? o->buf : "");
    cr_assert(o->len == 0 || !memcmp(o->buf, want, o->len), "written '%.*s', want '%s'", (int)o->len, o->buf, want);
}

static void out_close(Out *o)
{
    fclose(o->f);
    free(o->buf);
}

Test(tsink, unbuffered_writes_each_line_at_once)
{
    Out o;
    out_open(&o);
    TSink *s = tsink_new_block(o.f, TSINK_DEFAULT, 0);
    tsink_push(s, "Bef Executor");
    written(&o, "Scope:Bef Executor\n");
    tsink_push(s, "Function: %s", "f");
    tsink_pop(s);
    written(&o, "Scope:Bef Executor\nScope:Function: f\nEnd Scope\n");
    cr_assert(tsink_finish(s));
    tsink_free(s);
    out_close(&o);
}

Test(tsink, levels)
{
    Out o;
    out_open(&o);
    TSink *s = tsink_new_block(o.f, TSINK_DEFAULT, 0);
    cr_assert(tsink_on(s, TSINK_DEFAULT));
    cr_assert_not(tsink_on(s, TSINK_VERBOSE));
    cr_assert_not(tsink_on(s, TSINK_NONE));
    cr_assert_not(tsink_on(NULL, TSINK_DEFAULT));
    tsink_free(s);
    s = tsink_new_block(o.f, TSINK_VERBOSE, 0);
    cr_assert(tsink_on(s, TSINK_VERBOSE));
    cr_assert_not(tsink_on(s, TSINK_DEBUG));
    tsink_free(s);
    out_close(&o);
}

/* A block of 16: "Scope:ab\n" (9) stays; "Scope:" fits (15); "cdef" does
** not: "c" fills the block, which is written, "def" and "\n" stay. */
Test(tsink, a_full_block_is_written_when_a_byte_more_comes)
{
    Out o;
    out_open(&o);
    TSink *s = tsink_new_block(o.f, TSINK_DEFAULT, 16);
    tsink_push(s, "ab");
    written(&o, "");
    tsink_push(s, "cdef");
    written(&o, "Scope:ab\nScope:c");
    /* "End Scope\n" (10): 4 + 10 = 14 bytes held, nothing more written. */
    tsink_pop(s);
    written(&o, "Scope:ab\nScope:c");
    cr_assert(tsink_finish(s));
    written(&o, "Scope:ab\nScope:cdef\nEnd Scope\n");
    tsink_free(s);
    out_close(&o);
}

/* A piece that exactly fills the block leaves it unwritten until the next
** byte: "Scope:" + "0123456789" = 16. The name's "\n" writes it. */
Test(tsink, an_exactly_full_block_waits_for_the_next_byte)
{
    Out o;
    out_open(&o);
    TSink *s = tsink_new_block(o.f, TSINK_DEFAULT, 16);
    tsink_push(s, "0123456789");
    written(&o, "Scope:0123456789");
    cr_assert(tsink_finish(s));
    written(&o, "Scope:0123456789\n");
    tsink_free(s);
    out_close(&o);
}

/* A piece met by an empty buffer and larger than a block goes out directly
** in whole blocks, its remainder kept. With a block of 8: the first
** "End Scope\n" (10) meets an empty buffer: 8 go directly, "e\n" stays; the
** second fills the block with "End Sc" (written) and keeps "ope\n". After
** the tie's flush, "Scope:" (6) stays, the 20-byte name fills the block
** with "AB" (written), then 16 bytes go directly and "ST" stays. */
Test(tsink, whole_blocks_of_a_long_piece_go_directly)
{
    Out o;
    out_open(&o);
    TSink *s = tsink_new_block(o.f, TSINK_DEFAULT, 8);
    tsink_pop(s);
    written(&o, "End Scop");
    tsink_pop(s);
    written(&o, "End Scope\nEnd Sc");
    tsink_flush(s);    /* the tie: what is held goes now */
    written(&o, "End Scope\nEnd Scope\n");
    tsink_push(s, "ABCDEFGHIJKLMNOPQRST");
    written(&o, "End Scope\nEnd Scope\nScope:ABCDEFGHIJKLMNOPQR");
    cr_assert(tsink_finish(s));
    written(&o, "End Scope\nEnd Scope\nScope:ABCDEFGHIJKLMNOPQRST\n");
    tsink_free(s);
    out_close(&o);
}

/* "Scope:" exactly fills a block of 6, so the name meets a full buffer:
** the block is written, then the name's first 12 bytes directly, 5 kept;
** "\n" makes the block full again, written when "End Scope\n" comes,
** whose first 6 bytes then go directly. */
Test(tsink, a_name_after_an_exactly_full_prefix)
{
    Out o;
    out_open(&o);
    TSink *s = tsink_new_block(o.f, TSINK_DEFAULT, 6);
    tsink_push(s, "ABCDEFGHIJKLMNOPQ");
    written(&o, "Scope:ABCDEFGHIJKL");
    tsink_pop(s);
    written(&o, "Scope:ABCDEFGHIJKLMNOPQ\nEnd Sc");
    cr_assert(tsink_finish(s));
    written(&o, "Scope:ABCDEFGHIJKLMNOPQ\nEnd Scope\n");
    tsink_free(s);
    out_close(&o);
}

/* A write that fails is reported by tsink_finish, and nothing more is
** tried. */
Test(tsink, a_failed_write_is_reported)
{
    FILE *f = fopen("/dev/full", "w");
    if (!f) cr_skip_test("no /dev/full");
    TSink *s = tsink_new_block(f, TSINK_DEFAULT, 0);
    tsink_push(s, "x");
    cr_assert_not(tsink_finish(s));
    cr_assert_neq(tsink_error(s), 0);
    tsink_free(s);
    fclose(f);
}
