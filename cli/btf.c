/*
** btf.c — `tfrun btf`: look into and make files in TFRT's binary tensor
** format (docs/tools.md §7; the format: kernels/btf.h,
** docs/kernel-behaviour.md §13).
**
**   tfrun btf info FILE            one line per tensor: index, dtype, shape, offset
**   tfrun btf print FILE [N...]    the tensors (all, or those numbered N) as
**                                  tfrt_dht.print_tensor prints them
**   tfrun btf pack -o OUT SPEC...  writes a file of the tensors SPEC describe:
**                                  DTYPE:DIMS:VALUES, e.g. f32:2x3:1,2,3,4,5,6
**
** A problem of the file is one line `FILE: tensor N: MESSAGE` on stderr and
** exit status 1 (info and print go on with the other tensors); a usage
** error exit status 2.
*/
#include "base/alloc.h"
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "base/outfile.h"
#include "cli/cli.h"
#include "kernels/btf.h"

static const char usage_text[] =
    "usage: tfrun btf info FILE\n"
    "       tfrun btf print FILE [N...]\n"
    "       tfrun btf pack -o OUT SPEC...\n"
    "\n"
    "Files in TFRT's binary tensor format (BTF), the files\n"
    "btf.read_dense_tensor.DT.R reads:\n"
    "  info   one line per tensor: `N: DTYPE [D1, D2] at OFFSET`\n"
    "  print  the tensors (all, or those numbered N) as tfrt_dht.print_tensor\n"
    "         prints them, each after `N: `\n"
    "  pack   writes OUT with one tensor per SPEC, in order. SPEC is\n"
    "         DTYPE:DIMS:VALUES: DTYPE one of i8 i16 i32 i64 f32 f64 ui8 ui16\n"
    "         ui32 ui64; DIMS like 2x3 (empty for a scalar); VALUES separated\n"
    "         by commas, one per element, or one for all of them, or none\n"
    "         for zeros. Example: tfrun btf pack -o t.btf i32:2x2:1,2,3,4 f32:3:0.5\n"
    "Exit status: 0, 1 when a file has a problem (one line each on stderr),\n"
    "2 for usage.\n";

static int usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "tfrun btf: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    return 2;
}

/* {=====================================================================
** info, print
** ====================================================================== */

static int cmd_info(const char *path)
{
    char err[512];
    BtfSource s;
    uint64_t n;
    if (!btf_open(&s, path, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
        return 1;
    }
    if (!btf_count(&s, &n, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
        btf_close(&s);
        return 1;
    }
    printf("%s: %" PRIu64 " tensor%s, %" PRIu64 " bytes\n", path, n, n == 1 ? "" : "s", s.size);
    int rc = 0;
    /* A count past what the offsets could hold is reported once, below. */
    uint64_t shown = n < s.size / 8 ? n : s.size / 8;
    for (uint64_t i = 0; i < shown; i++) {
        BtfEntry e;
        if (!btf_entry(&s, (int64_t)i, &e, err, sizeof err)) {
            fprintf(stderr, "%s: tensor %" PRIu64 ": %s\n", path, i, err);
            rc = 1;
            continue;
        }
        char dims[256];
        shape_format_dims(dims, sizeof dims, e.dims, e.rank);
        printf("%" PRIu64 ": %s %s at %" PRIu64 "\n", i, dt_name(e.dtype), dims, e.offset);
    }
    if (shown < n) {
        BtfEntry e;
        btf_entry(&s, (int64_t)shown, &e, err, sizeof err);
        fprintf(stderr, "%s: tensor %" PRIu64 ": %s\n", path, shown, err);
        rc = 1;
    }
    btf_close(&s);
    return rc;
}

static int cmd_print(const char *path, int nidx, char **idx)
{
    char err[512];
    BtfSource s;
    uint64_t n = 0;
    if (!btf_open(&s, path, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
        return 1;
    }
    if (!nidx && !btf_count(&s, &n, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
        btf_close(&s);
        return 1;
    }
    HostAllocator *ha = ha_create("malloc", stderr);
    int rc = 0;
    uint64_t total = nidx ? (uint64_t)nidx : n;
    for (uint64_t k = 0; k < total; k++) {
        int64_t i = (int64_t)k;
        if (nidx) {
            char *end;
            errno = 0;
            long long v = strtoll(idx[k], &end, 10);
            if (*end || end == idx[k] || errno) {
                fprintf(stderr, "tfrun btf: '%s' is not a tensor number\n", idx[k]);
                rc = 2;
                break;
            }
            i = v;
        }
        DenseHostTensor *t = btf_read_tensor(&s, i, DT_INVALID, -1, ha, NULL, err, sizeof err);
        if (!t) {
            fprintf(stderr, "%s: tensor %" PRId64 ": %s\n", path, i, err);
            rc = rc ? rc : 1;
            if (!nidx && i >= (int64_t)(s.size / 8)) break;   /* the rest cannot exist either */
            continue;
        }
        char *text = dht_format(t);
        printf("%" PRId64 ": %s\n", i, text);
        free(text);
        obj_release(&t->hdr);
    }
    ha_destroy(ha);
    btf_close(&s);
    return rc;
}

/* {=====================================================================
** pack
** ====================================================================== */

/* The tensor SPEC describes (DTYPE:DIMS:VALUES), or NULL after a message. */
static DenseHostTensor *parse_spec(HostAllocator *ha, const char *spec)
{
    const char *c1 = strchr(spec, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c2) {
        fprintf(stderr, "tfrun btf pack: '%s' is not DTYPE:DIMS:VALUES\n", spec);
        return NULL;
    }
    char dtname[16];
    size_t dl = (size_t)(c1 - spec);
    DType dt = DT_INVALID;
    if (dl < sizeof dtname) {
        memcpy(dtname, spec, dl);
        dtname[dl] = 0;
        dt = dt_from_suffix(dtname);
    }
    if (dt == DT_INVALID || btf_code(dt) < 0) {
        fprintf(stderr, "tfrun btf pack: '%.*s' is not a BTF dtype (i8 i16 i32 i64 f32 f64 ui8 ui16 ui32 ui64)\n",
                (int)dl, spec);
        return NULL;
    }
    int64_t dims[BTF_MAX_RANK];
    int rank = 0;
    for (const char *p = c1 + 1; p < c2;) {
        char *end;
        errno = 0;
        long long d = strtoll(p, &end, 10);
        if (end == p || errno || d < 0 || rank == BTF_MAX_RANK || (end != c2 && *end != 'x')) {
            fprintf(stderr, "tfrun btf pack: '%.*s' is not a shape like 2x3 (at most %d dimensions)\n",
                    (int)(c2 - c1 - 1), c1 + 1, BTF_MAX_RANK);
            return NULL;
        }
        dims[rank++] = d;
        p = end == c2 ? c2 : end + 1;
    }
    DenseHostTensor *t = dht_new(ha, dt, rank, dims);
    if (!t) {
        fprintf(stderr, "tfrun btf pack: cannot allocate a %s tensor of that shape\n", dtname);
        return NULL;
    }
    const char *v = c2 + 1;
    int64_t n = 0;
    while (*v) {
        char *end;
        DScalar s = { DS_INT, 0, 0, 0 };
        errno = 0;
        if (dt == DT_F32 || dt == DT_F64) {
            s.kind = DS_FLOAT;
            s.f = strtod(v, &end);
        } else if (dt >= DT_UI8 && dt <= DT_UI64) {
            s.i = (int64_t)strtoull(v, &end, 0);
        } else {
            s.i = strtoll(v, &end, 0);
        }
        if (end == v || errno || (*end && *end != ',')) {
            fprintf(stderr, "tfrun btf pack: '%s' is not a list of %s values\n", c2 + 1, dtname);
            obj_release(&t->hdr);
            return NULL;
        }
        if (n < t->nelems) dht_store(t, n, s);
        n++;
        v = *end ? end + 1 : end;
    }
    if (n == 1) {
        for (int64_t i = 1; i < t->nelems; i++) memcpy((char *)dht_data(t) + (size_t)i * dt_size(dt), dht_data(t),
                                                    dt_size(dt));
    } else if (n != 0 && n != t->nelems) {
        fprintf(stderr, "tfrun btf pack: '%s' has %" PRId64 " values for %" PRId64 " elements\n", spec, n,
                t->nelems);
        obj_release(&t->hdr);
        return NULL;
    }
    return t;
}

static int cmd_pack(int argc, char **argv)
{
    const char *out = NULL;
    int first = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) { out = argv[++i]; first = i + 1; }
        else if (!strncmp(argv[i], "-o", 2) && argv[i][2]) { out = argv[i] + 2; first = i + 1; }
        else break;
    }
    if (!out) return usage("pack wants -o OUT%s", "");
    int n = argc - first;
    HostAllocator *ha = ha_create("malloc", stderr);
    DenseHostTensor **ts = calloc((size_t)n + 1, sizeof *ts);
    if (!ts) tf_out_of_memory();
    int rc = 0;
    for (int i = 0; i < n && !rc; i++)
        if (!(ts[i] = parse_spec(ha, argv[first + i]))) rc = 2;
    if (!rc) {
        OutFile of;
        char err[256];
        if (!outfile_open(&of, out)) {
            fprintf(stderr, "tfrun btf pack: %s\n", outfile_error(&of, err, sizeof err));
            rc = 1;
        } else if (!btf_write(of.f, ts, n, err, sizeof err)) {
            outfile_discard(&of);
            fprintf(stderr, "tfrun btf pack: %s: %s\n", out, err);
            rc = 1;
        } else if (!outfile_close(&of)) {
            fprintf(stderr, "tfrun btf pack: %s\n", outfile_error(&of, err, sizeof err));
            rc = 1;
        }
    }
    for (int i = 0; i < n; i++)
        if (ts[i]) obj_release(&ts[i]->hdr);
    free(ts);
    ha_destroy(ha);
    return rc;
}

int cli_btf(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        if (argc < 2) return usage("a command is needed%s", "");
        fputs(usage_text, stdout);
        return 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "info")) {
        if (argc != 3) return usage("info takes one FILE%s", "");
        return cmd_info(argv[2]);
    }
    if (!strcmp(cmd, "print")) {
        if (argc < 3) return usage("print takes FILE [N...]%s", "");
        return cmd_print(argv[2], argc - 3, argv + 3);
    }
    if (!strcmp(cmd, "pack")) return cmd_pack(argc - 2, argv + 2);
    return usage("unknown command '%s'", cmd);
}
