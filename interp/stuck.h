/*
** stuck.h — work that never ran (docs/tools.md §5.4; the contract's §11):
** when the run of a function has quiesced with kernels still waiting for
** values that can never be produced, which kernels with an effect never
** ran, and why, down to the cause.
**
** What the executor keeps for it costs nothing on the common path and
** needs no hooks:
**   - the host's set of waiting frames: a frame joins it the first time a
**     value it needs is produced unavailable (interp/exec.c registers a
**     continuation: stuck_watch_frame), and leaves it when it is freed
**     (stuck_unwatch_frame). A kernel that waits for ever waits for such
**     a value, so its frame is in the set;
**   - parked invocations: a kernel that queues an invocation until a
**     resource is free (rv.critical on a busy critical section) registers
**     it with exec_park() (interp/kernel_abi.h), naming the invocation
**     that holds the resource.
** After wq_quiesce() nothing runs any more, so what is still there never
** will; stuck_report() reads it. A frame's registers and arrival counts
** say which of its kernels ran (a kernel ran once all it waits for
** arrived: nothing is left queued).
**
** The causes it names (docs/tools.md §5.4): an operand whose producer never
** ran (followed to what that producer waits for), an argument the caller
** passed unavailable (followed into the caller), an invocation that never
** returns (followed into it), a parked invocation waiting for a resource
** held by the invocation it runs in (a self-deadlock: where that
** invocation took the resource), or by another one (followed into that
** one, and a cycle of such waits said to be one), and an async value that
** nothing left to run will produce.
**
** Threads: watch/unwatch and parks from any thread (one mutex per host);
** the report only after the request's work has quiesced.
**
** Module prefix: stuck_.
*/
#ifndef TFRUN_STUCK_H
#define TFRUN_STUCK_H

#include <stdbool.h>
#include "interp/exec.h"
#include "ir/diag.h"

struct Frame;

/* ---- the executor's side (interp/exec.c, interp/plan.c) ----
** stuck_watch_frame / stuck_unwatch_frame are inline, in
** interp/exec_int.h, with the set itself. */
/* host_free: the set and the parks still registered. */
void stuck_free(Host *h);

/* ---- the report ---- */

/* After request [rq] has quiesced: for every kernel of its frames that
** never ran and has an effect (it prints, writes an operand, has effects
** the analysis does not model, or invokes a body that has one), emits
**     FILE:L:C: error: 'OP' never ran: it waits for %v, which is never produced
** then `called from` notes for its frame, then the notes of the cause
** chain, and for each of [results] (the values function [fn] returned to
** the driver, +0; NULL/0: none) that is not available,
**     FILE:L:C: error: result #I of 'NAME' is never produced
** at [fn]'s tfrt.return, with the same notes. At most 10 errors, then a
** note counting the others. Emits through [d] (NULL: the host's sink).
** [rq] NULL: the frames and parks of every request no earlier report was
** about (a run whose request the caller does not see: tfrun run --replay).
** Returns the number of errors it emitted (0: nothing was stuck). */
int stuck_report(Host *h, const RequestContext *rq, const Func *fn, AsyncValue *const *results,
                 int nresults, DiagSink *d);

/* The notes of the cause chain for result [result] of [op] (a kernel that
** ran and left that result unavailable), looked up among the frames and
** parks of [rq] (NULL: of every request): what the REPL shows for a value
** that is never produced. Returns the number of notes. */
int stuck_explain(Host *h, const RequestContext *rq, const Op *op, int result, DiagSink *d);

/* Number of frames of [rq] (NULL: of any request) in the waiting set. */
int stuck_nframes(Host *h, const RequestContext *rq);

#endif
