/*
** outfile.h — the one way tfrun writes an output file (docs/tools.md §6):
** `opt -o`, `lint --fix -o`, `test --update`, `test --json=FILE`,
** `--xunit-xml-output=FILE`, `btf pack -o` and `run --trace=FILE` all go
** through it.
**
** A target that is a regular file, or a name that does not exist yet, is
** written to a temporary file in the same directory, with the target's
** permission bits (0666 less the umask for a new file); outfile_close()
** flushes it, checks every write, fsyncs it, and only then renames it over
** the target. The temporary file has no name (O_TMPFILE) until just before
** the rename, when it is linked as `.NAME.tfrun-PID-N`, so that nothing is
** left behind even when tfrun exits on running out of memory; where the
** file system cannot make such files it is named from the start. Any failure on the way (a
** write error, a full disk, the caller's own failure through
** outfile_discard()) removes the temporary file and leaves the target byte
** for byte as it was. A symbolic link is followed: the file it names is
** replaced, the link stays. An existing target that is not a regular file
** (a terminal, a pipe, /dev/null, /dev/full) is written in place, and a
** failed write is reported all the same. "-" (or NULL) is standard output.
**
** Writes go through a stdio stream of our own (fopencookie) whose every
** write(2) is checked, so the first error's errno is kept (stdio's error
** flag forgets it).
**
** outfile_guard_std() opens /dev/null onto any of descriptors 0-2 that is
** closed, at start-up, so that no file tfrun opens later lands on one of
** them: `tfrun test DIR >&-` must not see its output written into whatever
** the directory scan opened as descriptor 1. Output and error are opened
** read-only, input write-only, so that using a stream that was closed
** still fails with EBADF as it would have.
**
** Fault injection (make faultinj, base/fault.c): with TFRUN_FAIL_IO=N the
** Nth file operation made here (creating the temporary file, each write,
** the fsync, the close, the rename) fails once with ENOSPC; TFRUN_COUNT_IO prints how
** many there were at exit (`tfrun: N output operations`).
** tests/fault_sweep.sh fails each in turn and checks the target.
**
** Not thread-safe: an OutFile belongs to one thread.
**
** Module prefix: outfile_.
*/
#ifndef TFRUN_BASE_OUTFILE_H
#define TFRUN_BASE_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct OutFile {
    FILE *f;            /* write here (NULL after close or discard) */
    const char *path;   /* the target as given (borrowed); NULL for stdout */
    char *target;       /* the file replaced (a link's target), malloc'ed */
    char *tmp;          /* the temporary file's name, or NULL */
    bool anon;          /* the temporary file has no name yet (O_TMPFILE) */
    int fd;             /* -1 for stdout */
    int err;            /* the first failure's errno; 0 while all is well */
    const char *what;   /* what failed: "create", "write", "fsync", ... */
} OutFile;

/* Opens [path] for writing as above ("-" or NULL: standard output). False
** when nothing can be written (the temporary file cannot be made, the
** target is a directory): outfile_error() says why, and nothing is left
** to close. */
bool outfile_open(OutFile *o, const char *path);

/* Finishes: flushes, checks, fsyncs, closes, renames over the target
** (standard output is only flushed: tfrun reports an error of its standard
** output once, at exit, cli/main.c). True when the target now holds
** exactly what was written; else the target is as it
** was, the temporary file is gone, and outfile_error() says why. */
bool outfile_close(OutFile *o);

/* Gives up: closes and removes the temporary file; the target is left as
** it was (for a file written in place or standard output, what was written
** stays written). */
void outfile_discard(OutFile *o);

/* "write error on 'PATH': No space left on device" and the like, for the
** last failure of [o] (a static buffer per call site is not needed: the
** text is kept in [buf] of [n] bytes and returned). */
const char *outfile_error(const OutFile *o, char *buf, size_t n);

/* Writes [n] bytes of [data] to [path] as a whole (open, write, close).
** False on failure with the message in [buf]; the target is then as it
** was. */
bool outfile_write_all(const char *path, const void *data, size_t n, char *buf, size_t bufsize);

/* See above; call first thing in main(). */
void outfile_guard_std(void);

#ifdef TFRUN_FAULT_INJECT
/* base/fault.c: 0, or the errno the next file operation must fail with. */
int tf_fault_io(void);
#endif

#endif
