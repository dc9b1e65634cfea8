/*
** fuzz_btf.c — the BTF reader (kernels/btf.h) as a fuzz target. The input
** is a BTF file. For each tensor the header announces (at most 64) the
** target checks the record and reads it, from memory and, for the first,
** from a scratch file (the pread path the kernel uses); every tensor it
** could read is written back with btf_write and must read back equal. A
** crash, a sanitizer report or a read that differs is a finding.
*/
#include "fuzz/fuzz.h"
#include "kernels/btf.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

/* Writes [t] as a one-tensor file to memory and reads it back: it must be
** equal, bit for bit. */
static void round_trip(HostAllocator *ha, DenseHostTensor *t)
{
    char *buf = NULL, err[512];
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) abort();
    bool ok = btf_write(f, &t, 1, err, sizeof err);
    fclose(f);
    if (!ok) abort();                       /* every dtype read has a code */
    BtfSource s = btf_memory(buf, n, "round-trip");
    DenseHostTensor *u = btf_read_tensor(&s, 0, t->dtype, t->rank, ha, NULL, err, sizeof err);
    if (!u || !dht_same_type(t, u) ||
        memcmp(dht_data(t), dht_data(u), (size_t)t->nelems * dt_size(t->dtype)) != 0)
        abort();
    obj_release(&u->hdr);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    HostAllocator *ha = ha_create("malloc", fuzz_null());
    char err[512];
    BtfSource s = btf_memory(data, size, "input");
    uint64_t count = 0;
    if (btf_count(&s, &count, err, sizeof err)) {
        for (uint64_t i = 0; i < count && i < 64; i++) {
            BtfEntry e;
            bool found = btf_entry(&s, (int64_t)i, &e, err, sizeof err);
            DenseHostTensor *t = btf_read_tensor(&s, (int64_t)i, DT_INVALID, -1, ha, NULL, err, sizeof err);
            if (found != (t != NULL)) abort();  /* the check and the read agree */
            if (!t) continue;
            /* With the kernel's expectations: right ones succeed, a wrong
            ** rank fails. */
            DenseHostTensor *u = btf_read_tensor(&s, (int64_t)i, t->dtype, t->rank, ha, NULL, err, sizeof err);
            if (!u) abort();
            obj_release(&u->hdr);
            if (btf_read_tensor(&s, (int64_t)i, t->dtype, t->rank + 1, ha, NULL, err, sizeof err)) abort();
            round_trip(ha, t);
            obj_release(&t->hdr);
        }
    }
    btf_read_tensor(&s, -1, DT_INVALID, -1, ha, NULL, err, sizeof err);
    /* The file path of the kernel, on the first tensor. */
    const char *path = fuzz_file(data, size, "btf");
    BtfSource fs;
    if (btf_open(&fs, path, err, sizeof err)) {
        DenseHostTensor *t = btf_read_tensor(&fs, 0, DT_INVALID, -1, ha, NULL, err, sizeof err);
        DenseHostTensor *m = btf_read_tensor(&s, 0, DT_INVALID, -1, ha, NULL, err, sizeof err);
        if ((t == NULL) != (m == NULL)) abort();
        if (t && memcmp(dht_data(t), dht_data(m), (size_t)t->nelems * dt_size(t->dtype))) abort();
        if (t) obj_release(&t->hdr);
        if (m) obj_release(&m->hdr);
        btf_close(&fs);
    }
    ha_destroy(ha);
    return 0;
}
