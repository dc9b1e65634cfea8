/*
** tutorial.c — TFRT's tutorial kernels (docs/kernel-behaviour.md §7): a
** `!my.coordinate` pair of i32 and its printer.
*/
#include <inttypes.h>
#include "kernels/klib.h"
#include "kernels/kernel.h"

#define OP(id, ...) void k_##id(KernelFrame *);
#include "ops/ops.def"
#undef OP

typedef struct Coordinate {
    Object hdr;        /* registered kind "!my.coordinate" */
    int32_t x, y;
} Coordinate;

static uint32_t coord_kind(void) { return obj_register_type("!my.coordinate"); }

void k_tfrt_tutorial_create_coordinate(KernelFrame *f)
{
    Coordinate *c = (Coordinate *)obj_alloc(coord_kind(), sizeof *c, NULL);
    c->x = kf_i32(f, 0);
    c->y = kf_i32(f, 1);
    kf_set(f, 0, any_obj(&c->hdr));
}

void k_tfrt_tutorial_print_coordinate(KernelFrame *f)
{
    Coordinate *c = (Coordinate *)any_unbox_obj(*kf_arg(f, 0), coord_kind());
    if (!c) {
        kf_error(f, "operand #0 is not a !my.coordinate");
        return;
    }
    kl_out(f->ctx->host, "(%" PRId32 ", %" PRId32 ")\n", c->x, c->y);
    kf_set_chain(f, 0);
}
