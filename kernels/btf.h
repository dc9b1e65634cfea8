/*
** btf.h — TFRT's binary tensor format (BTF): reading one tensor of a file by
** its index, checking a whole file, and writing one (docs/kernel-behaviour.md
** §13 describes the layout and every message).
**
**     u64 count, u64 offset[count]                the file header
**     at each offset: u64 rank, u8 dtype, u8 layout, u8 pad[6],
**                     u64 dims[rank], data (row-major), zeros to 8 bytes
**
** All numbers little-endian. dtype codes: 0 i8, 1 i16, 2 i32, 3 i64, 4 f32,
** 5 f64, 6 ui8, 7 ui16, 8 ui32, 9 ui64; layout 0 is row-major dense (1,
** TFRT's experimental COO layout, is reported as unsupported).
**
** Every problem of a file is an error message, never a crash or a short
** read taken as zeros: a missing file, a header or offset table cut short,
** an index past the count, an offset or dims past the end, data cut short,
** an unknown dtype or layout, negative or overflowing dims. The reader
** never trusts a size it read before checking it against the file's.
**
** Used by the btf.read_dense_tensor.DT.R kernels (btf.c), `tfrun btf`
** (cli/btf.c) and the fuzz target fuzz/fuzz_btf.c.
**
** Threads: reentrant; a BtfSource is used by one thread at a time.
** Ownership: btf_read_tensor returns a NEW tensor (+1).
**
** Module prefix: btf_.
*/
#ifndef TFRUN_BTF_H
#define TFRUN_BTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "kernels/dht.h"

/* The largest rank tfrun reads from a file: a tensor's (DHT_MAX_RANK). */
#define BTF_MAX_RANK DHT_MAX_RANK

/* The bytes of a BTF file: an open file (read with pread) or a buffer. */
typedef struct BtfSource {
    const unsigned char *mem;    /* NULL: the file [fd] */
    int fd;
    uint64_t size;               /* bytes in the file or buffer */
    const char *name;            /* for messages: the path as given */
} BtfSource;

/* One tensor record, as btf_entry found it (checked against the size). */
typedef struct BtfEntry {
    uint64_t offset;             /* where its header starts */
    DType dtype;                 /* DT_INVALID never: btf_entry fails first */
    int code;                    /* the dtype code of the file */
    int rank;
    int64_t dims[BTF_MAX_RANK];
    int64_t nelems;
    uint64_t data_off, data_bytes;
} BtfEntry;

/* Opens [path] (relative to the working directory). False, with
** `failed to open file PATH for reading` in [err], when it cannot. */
bool btf_open(BtfSource *s, const char *path, char *err, size_t cap);
void btf_close(BtfSource *s);
/* A source over [n] bytes at [p] (borrowed). */
BtfSource btf_memory(const void *p, size_t n, const char *name);

/* The number of tensors the header announces (not checked against the
** offsets: btf_entry does that for each). */
bool btf_count(const BtfSource *s, uint64_t *count, char *err, size_t cap);
/* Finds and checks tensor [index] (negative: `invalid tensor index`). */
bool btf_entry(const BtfSource *s, int64_t index, BtfEntry *e, char *err, size_t cap);
/* Reads tensor [index] as a new tensor from [a] (site: the op for the
** allocator's report), after checking that its dtype is [dt] and its rank
** [rank] (dt DT_INVALID or rank -1: any). NULL with [err] on any problem. */
DenseHostTensor *btf_read_tensor(const BtfSource *s, int64_t index, DType dt, int rank,
                                 HostAllocator *a, const struct Op *site, char *err, size_t cap);

/* The BTF dtype code of [dt], or -1 when BTF has none (bool, halves,
** complex). */
int btf_code(DType dt);
/* Writes [n] tensors as one BTF file to [out]. False, with [err], when a
** tensor's dtype has no BTF code or the write fails. */
bool btf_write(FILE *out, DenseHostTensor *const *ts, int n, char *err, size_t cap);

#endif
