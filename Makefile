# tfrun — the only build entry point.
#
#   make            build bin/tfrun (says what is missing, installs nothing)
#   make run        install missing dependencies, build, run an example
#   make test       install missing dependencies, build, then every stage of
#                   TEST_STAGES (one line each; logs in build/test-logs)
#   V=1             show the commands and every stage's output
#   make asan       the whole test suite under AddressSanitizer + UBSan
#   make tsan       the whole test suite under ThreadSanitizer
#   make agree-long exact against auto on 5000 random programs, each ordered
#                   function explored (tests/gen_programs.py)
#   make bench      benchmarks against peers, the hooks' cost when off (bench/)
#   make install    PREFIX=/usr/local: binary and man page
#   make clean
#
# BUILD and BIN may be overridden (BUILD=build/asan ...) so that several builds
# (sanitizers, parallel developers) live side by side without sharing objects.
# Generated sources (re2c, lemon) go to $(BUILD)/gen and are never committed.

CC      ?= cc
BUILD   ?= build
BIN     ?= bin
PREFIX  ?= /usr/local
OPT     ?= -O2
SAN     ?=
CFLAGS  ?=
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# OpenBLAS (Debian's libopenblas-dev, pthread flavour) does the f32/f64
# matrix products (kernels/gemm.c): its CBLAS header and library live in a
# directory of their own under the multiarch triplet. The library is opened
# at start-up with dlopen, after OPENBLAS_NUM_THREADS is set (gemm.c says
# why), so it is a path, not a link flag.
MULTIARCH := $(or $(shell gcc -print-multiarch 2>/dev/null),x86_64-linux-gnu)
BLAS_INC = /usr/include/$(MULTIARCH)/openblas-pthread
BLAS_LIB = /usr/lib/$(MULTIARCH)/openblas-pthread/libopenblas.so.0
ALLCFLAGS = -std=c11 -D_GNU_SOURCE $(OPT) -g $(WARN) $(SAN) -pthread -I. -I$(BUILD)/gen -I$(BLAS_INC) \
            -DTFRUN_OPENBLAS='"$(BLAS_LIB)"' $(CFLAGS)
LDLIBS  = -pthread -lm -ldl
LDFLAGS ?=

GEN      = $(BUILD)/gen
LEXER_C  = $(GEN)/lexer.c
GRAMMAR_C = $(GEN)/grammar.c
GRAMMAR_H = $(GEN)/grammar.h

# Modules. Each is an archive so a test links only what it uses. base/ (the
# allocation path, base/alloc.h) serves every other module.
BASE_SRC  = $(wildcard base/*.c)
OPS_SRC   = $(wildcard ops/*.c)
FRONT_SRC = $(wildcard lexer/*.c parser/*.c ir/*.c)
RT_SRC    = $(wildcard interp/*.c)
KERN_SRC  = $(wildcard kernels/*.c)
ANA_SRC   = $(wildcard analysis/*.c)
CLI_SRC   = $(filter-out cli/main.c,$(wildcard cli/*.c))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
BASE_OBJ  = $(call obj,$(BASE_SRC))
OPS_OBJ   = $(call obj,$(OPS_SRC))
FRONT_OBJ = $(call obj,$(FRONT_SRC)) $(BUILD)/obj/gen/lexer.o $(BUILD)/obj/gen/grammar.o
RT_OBJ    = $(call obj,$(RT_SRC))
KERN_OBJ  = $(call obj,$(KERN_SRC))
ANA_OBJ   = $(call obj,$(ANA_SRC))
CLI_OBJ   = $(call obj,$(CLI_SRC))

LIBBASE  = $(BUILD)/libbase.a
LIBOPS   = $(BUILD)/libops.a
LIBFRONT = $(BUILD)/libfront.a
LIBRT    = $(BUILD)/librt.a
LIBKERN  = $(BUILD)/libkern.a
LIBANA   = $(BUILD)/libana.a
LIBCLI   = $(BUILD)/libcli.a
# Link order: each archive once, after every archive that uses it (the
# dependencies go one way, docs/internals.md): the CLI uses the analyses, the
# kernels, the runtime and the front end; the analyses use the kernels' value
# printers (kernels/ext.h) and the runtime; the kernels use the runtime's
# kernel ABI (interp/kernel_abi.h); the runtime uses the IR; the front end
# (lexer, parser, IR) uses the op table (ops/); everything uses base/.
ALL_LIBS = $(LIBCLI) $(LIBANA) $(LIBKERN) $(LIBRT) $(LIBFRONT) $(LIBOPS) $(LIBBASE)
# Two archives are linked whole. The kernel archive, because nothing refers
# to its members by name: its start-up registrations bind the op table's
# rows to their kernels (kernels/registry.c) and add the native functions
# to interp/'s registry (kernels/control.c). And the CLI archive, because
# main.o refers to the subcommands weakly; a weak reference never pulls a
# member out of an archive.
LINK_LIBS = -Wl,--whole-archive $(LIBCLI) -Wl,--no-whole-archive $(LIBANA) \
            -Wl,--whole-archive $(LIBKERN) -Wl,--no-whole-archive $(LIBRT) $(LIBFRONT) $(LIBOPS) $(LIBBASE)

TFRUN = $(BIN)/tfrun

# Recipes print one short line each ("  CC cli/run.c"); V=1 prints the
# commands instead.
V ?=
quiet = $(if $(V),,@printf '  %-6s %s\n' '$(1)' '$(2)';)

.PHONY: all deps deps-test check-build-deps run test layers rows unit readme agree agree-long bench-check kernels-doc kernels-doc-check manpage-check lint-sweep canon-sweep deep pfor-bounded mem-limit interrupt oracle tfrt-corpus golden asan tsan fuzz fuzz-build fuzz-smoke fuzz-bins fuzz-regress faultinj fault-sweep bench install clean
.DEFAULT_GOAL := all
all: $(TFRUN)

# ---------------------------------------------------------------- dependencies
# Debian packages; installed with apt-get when missing. Not root and no sudo:
# a clear message naming the packages.
BUILD_PKGS = re2c:re2c lemon:lemon libcriterion-dev:/usr/include/criterion/criterion.h \
             libedit-dev:/usr/include/histedit.h libopenblas-dev:$(BLAS_INC)/cblas.h
TEST_PKGS  = llvm-14-tools:/usr/bin/FileCheck-14 bsdutils:/usr/bin/script \
             python3:python3 lua5.4:lua5.4 mlir-16-tools:mlir-opt-16 graphviz:dot \
             python3-numpy:/usr/lib/python3/dist-packages/numpy/__init__.py
# The packages of list $(1) whose file or command is missing, into $$missing.
define find_missing
	missing=""; for pair in $(1); do pkg=$${pair%%:*}; what=$${pair#*:}; \
	  case "$$what" in /*) [ -e "$$what" ] || missing="$$missing $$pkg";; \
	                   *) command -v "$$what" >/dev/null 2>&1 || missing="$$missing $$pkg";; esac; \
	done
endef
define install_missing
	@$(find_missing); \
	if [ -n "$$missing" ]; then \
	  echo "tfrun: installing missing packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO=sudo; \
	  else echo "tfrun: cannot install$$missing: not root and no sudo. Run: sudo apt-get install$$missing" >&2; exit 1; fi; \
	  ( $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing ) >$(BUILD)/apt.log 2>&1 \
	    || { echo "tfrun: apt-get install$$missing failed; see $(BUILD)/apt.log" >&2; tail -5 $(BUILD)/apt.log >&2; exit 1; }; \
	fi
endef
deps:
	@mkdir -p $(BUILD)
	$(call install_missing,$(BUILD_PKGS))
# A plain `make` installs nothing: it says what is missing and how to get it.
check-build-deps:
	@$(call find_missing,$(BUILD_PKGS)); \
	if [ -n "$$missing" ]; then \
	  echo "tfrun: missing build dependencies:$$missing" >&2; \
	  echo "tfrun: install them with: sudo apt-get install$$missing" >&2; \
	  echo "tfrun: (or run 'make run' or 'make test', which install what is missing)" >&2; exit 1; \
	fi
deps-test: deps
	$(call install_missing,$(TEST_PKGS))

# ---------------------------------------------------------------- generated code
$(LEXER_C): lexer/lexer.re $(GRAMMAR_H)
	@mkdir -p $(GEN)
	$(call quiet,RE2C,$<)re2c -W -b --no-generation-date --no-version -o $@ $<
# The family tokens come from ops/families.def (parser/grammar.y says where).
$(GRAMMAR_C) $(GRAMMAR_H) &: parser/grammar.y ops/families.def | check-build-deps
	@mkdir -p $(GEN)
	$(call quiet,LEMON,$<)toks=$$(sed -n 's/^FAMILY(\([A-Z_]*\),.*/OP_\1/p' ops/families.def | tr '\n' ' '); \
	  sed "s/@FAMILY_TOKENS@/$$toks/" parser/grammar.y > $(GEN)/grammar.y
	$(if $(V),,@)lemon -q -T/usr/share/lemon/lempar.c -d$(GEN) $(GEN)/grammar.y
	@test -f $(GRAMMAR_H) || { echo "lemon produced no header" >&2; exit 1; }
	@touch $(GRAMMAR_H)   # lemon keeps an unchanged header's old date

# ---------------------------------------------------------------- objects
$(BUILD)/obj/%.o: %.c | $(GRAMMAR_H)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)$(CC) $(ALLCFLAGS) -MMD -MP -c $< -o $@
# Generated files: lemon's template and re2c output are not ours to fix.
$(BUILD)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)$(CC) $(ALLCFLAGS) -Wno-unused-variable -Wno-unused-parameter -Wno-missing-prototypes -Wno-shadow -MMD -MP -c $< -o $@

$(LIBBASE):  $(BASE_OBJ)  ; @rm -f $@; ar rcs $@ $^
$(LIBOPS):   $(OPS_OBJ)   ; @rm -f $@; ar rcs $@ $^
$(LIBFRONT): $(FRONT_OBJ) ; @rm -f $@; ar rcs $@ $^
$(LIBRT):    $(RT_OBJ)    ; @rm -f $@; ar rcs $@ $^
$(LIBKERN):  $(KERN_OBJ)  ; @rm -f $@; ar rcs $@ $^
$(LIBANA):   $(ANA_OBJ)   ; @rm -f $@; ar rcs $@ $^
$(LIBCLI):   $(CLI_OBJ)   ; @rm -f $@; ar rcs $@ $^

$(TFRUN): $(BUILD)/obj/cli/main.o $(ALL_LIBS) | check-build-deps
	@mkdir -p $(BIN)
	$(call quiet,LINK,$@)$(CC) $(SAN) $(LDFLAGS) -o $@ $< $(LINK_LIBS) $(LDLIBS)

# ---------------------------------------------------------------- unit tests
# One criterion binary per tests/test_*.c. A test of one module links only the
# archives it needs (TESTLIBS_name); the default is everything.
TEST_SRC  = $(wildcard tests/test_*.c)
TEST_BINS = $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
TESTLIBS_front = $(LIBFRONT) $(LIBOPS) $(LIBBASE)
TESTLIBS_rt    = $(LIBRT) $(LIBOPS) $(LIBBASE)
testlibs = $(if $(filter test_lexer test_parser test_verify test_print,$(1)),$(TESTLIBS_front),\
           $(if $(filter test_any test_async_value test_workqueue,$(1)),$(TESTLIBS_rt),$(LINK_LIBS)))
# (The archives alone are prerequisites; a literal % here would be the stem.)
archives = $(filter %.a,$(1))
# CRITERION=shim (make tsan only) compiles the tests against tests/shim and links
# its runner instead of -lcriterion: Criterion cannot start under ThreadSanitizer
# (tests/shim/criterion/criterion.h says why).
CRITERION ?= lib
CRIT_OBJ = $(if $(filter shim,$(CRITERION)),$(BUILD)/obj/tests/shim/shim.o)
$(BUILD)/obj/tests/%.o: ALLCFLAGS += $(if $(CRIT_OBJ),-Itests/shim)
.SECONDEXPANSION:
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $$(call archives,$$(call testlibs,$$*)) $(CRIT_OBJ)
	@mkdir -p $(dir $@)
	$(call quiet,LINK,$@)$(CC) $(SAN) $(LDFLAGS) -o $@ $< $(CRIT_OBJ) $(call testlibs,$*) $(if $(CRIT_OBJ),,-lcriterion) $(LDLIBS)

# The test objects are intermediate files of a chain of rules; keep them,
# so that make neither rebuilds nor removes them each time.
.SECONDARY: $(patsubst tests/%.c,$(BUILD)/obj/tests/%.o,$(TEST_SRC))
unit: $(TEST_BINS)
	@fail=""; for t in $(TEST_BINS); do echo "== $$t"; $$t --jobs=2 || fail="$$fail $${t##*/}"; done; \
	  if [ -n "$$fail" ]; then echo "criterion: failed:$$fail" >&2; exit 1; fi; \
	  echo "criterion: $(words $(TEST_BINS)) test programs, every test passed"

# Every example of the README and of the tutorial is run and compared
# (tests/readme_check.sh); the stage fails if either document does.
readme: $(TFRUN)
	@st=0; sh tests/readme_check.sh $(TFRUN) README.md || st=1; \
	sh tests/readme_check.sh $(TFRUN) docs/tutorial.md || st=1; exit $$st

# Exact and auto (and fast where a program asks for it) print the same
# (docs/execution.md §7; tests/engine_agree.sh), on every golden program and,
# with TFRT_CORPUS=DIR, on TFRT's test files; then on random programs
# (tests/gen_programs.py, docs/analysis.md §8), with `tfrun explore`
# confirming that the functions auto runs fast have one outcome. Both also
# compare the exact schedule's two engines (interp/xe.c, the default, and
# interp/exec.c under TFRUN_EXACT_ENGINE=reference; docs/engine.md).
# agree-long: many more random programs, every ordered function explored.
GEN_COUNT ?= 300
GEN_LONG_COUNT ?= 5000
agree: $(TFRUN)
	@TFRT_CORPUS="$(TFRT_CORPUS)" sh tests/engine_agree.sh $(TFRUN)
	@python3 tests/gen_programs.py $(TFRUN) --count $(GEN_COUNT) --seed 1 --explore 60 --engines --keep $(BUILD)/gen-fail

agree-long: $(TFRUN)
	@TFRT_CORPUS="$(TFRT_CORPUS)" sh tests/engine_agree.sh $(TFRUN)
	@python3 tests/gen_programs.py $(TFRUN) --count $(GEN_LONG_COUNT) --seed 100000 --explore $(GEN_LONG_COUNT) --engines --keep $(BUILD)/gen-fail

# Every benchmark of bench/ gives the same answer in tfrun, python3 and lua5.4
# at a small size (tests/bench_check.sh).
bench-check: $(TFRUN)
	@sh tests/bench_check.sh $(TFRUN)

# tfrun's generic form against mlir-opt-16's (tests/mlir_oracle.sh).
oracle: $(TFRUN)
	@sh tests/mlir_oracle.sh $(TFRUN)

# Deep nesting within a 1 MB stack, one level more a diagnostic
# (tests/deep_nesting.sh).
deep: $(TFRUN)
	@sh tests/deep_nesting.sh $(TFRUN)

# tfrt.parallel_for.i32 over 2^31 blocks stops at a timeout in bounded
# memory, and its chunked split runs every block once (tests/pfor_bounded.sh).
pfor-bounded: $(TFRUN)
	@sh tests/pfor_bounded.sh $(TFRUN)

# A run that outgrows the memory ceiling (--max-memory, TFRUN_MAX_MEMORY,
# by default three quarters of the machine's) stops with `out of memory`
# (tests/memory_limit.sh).
mem-limit: $(TFRUN)
	@sh tests/memory_limit.sh $(TFRUN)

# SIGINT, SIGTERM or SIGHUP stops a run as --timeout does: the result line,
# the profile and the trace written, `tfrun: Cancelled: interrupted`, status
# 128 + the signal (tests/interrupt.sh).
interrupt: $(TFRUN)
	@sh tests/interrupt.sh $(TFRUN)

# The reproducers of fuzzing's findings (tests/fuzz-regressions/) through
# bin/tfrun, and through the fuzz targets when `make fuzz-build` built them
# (tests/fuzz_regress.sh).
fuzz-regress: $(TFRUN)
	@sh tests/fuzz_regress.sh $(TFRUN) build/fuzz

canon-sweep: $(TFRUN)
	@sh tests/canon_sweep.sh $(TFRUN)

# `tfrun lint --fix` on every golden program, and on mutants of the
# determinate ones with one chain edge dropped: the fix verifies, is its own
# fix, re-lints as its exit status says, and a complete fix prints what the
# original printed (tests/lint_fix_sweep.sh); the same for 60 random programs
# of tests/gen_programs.py. The mutants come from tests/lint_mutate.c (test
# code).
LINT_MUTATE = $(BUILD)/tests/lint_mutate
$(LINT_MUTATE): $(BUILD)/obj/tests/lint_mutate.o $(LIBFRONT) $(LIBOPS) $(LIBBASE)
	@mkdir -p $(dir $@)
	$(call quiet,LINK,$@)$(CC) $(SAN) $(LDFLAGS) -o $@ $< $(LIBFRONT) $(LIBOPS) $(LIBBASE) $(LDLIBS)

lint-sweep: $(TFRUN) $(LINT_MUTATE)
	@sh tests/lint_fix_sweep.sh $(TFRUN) $(LINT_MUTATE)

# docs/kernels.md is the op table as `tfrun ops --markdown` writes it:
# `make kernels-doc` rewrites it, `make test` checks that it is current.
kernels-doc: $(TFRUN)
	$(TFRUN) ops --markdown > docs/kernels.md

# The manual page names every subcommand and option --help names, and its
# EXAMPLES use only those (tests/manpage_check.py).
manpage-check: $(TFRUN)
	@python3 tests/manpage_check.py $(TFRUN) docs/tfrun.1

kernels-doc-check: $(TFRUN)
	@if $(TFRUN) ops --markdown | cmp -s - docs/kernels.md; then echo "docs/kernels.md is current"; \
	else echo "docs/kernels.md is stale: run 'make kernels-doc'"; exit 1; fi

# The .mlir files of TFRT's repository, each with the outcome recorded in
# tests/tfrt-corpus/MANIFEST (tests/tfrt_corpus.sh; --update rewrites it).
# The files are not in the tree: TFRT_CORPUS=DIR names them (a checkout of
# tensorflow/runtime); without it the target says it is skipped.
tfrt-corpus: $(TFRUN)
	@TFRT_CORPUS="$(TFRT_CORPUS)" sh tests/tfrt_corpus.sh $(TFRUN)

# Every row of the op table is run by some golden program: the tree's, or
# one tests/rows.py writes for the dtype and rank variants (tests/rows.py).
rows: $(TFRUN)
	@python3 tests/rows.py $(TFRUN) $(BUILD)/rows

# Every #include runs down the layers of docs/internals.md (tests/layers.sh).
layers:
	@sh tests/layers.sh

# The golden suite: `tfrun test` over testdata/ and examples/.
golden: $(TFRUN)
	$(TFRUN) test testdata examples

# `make test`: every stage below in turn (tests/stages.sh): one line each,
# the stage's own summary at its end, the log in build/test-logs/; V=1 shows
# everything as it runs. The last line counts the stages.
TEST_STAGES = layers unit readme rows agree bench-check kernels-doc-check manpage-check lint-sweep canon-sweep \
              deep pfor-bounded mem-limit interrupt fuzz-regress fault-sweep oracle tfrt-corpus golden
test: deps-test
	@$(MAKE) --no-print-directory all
	@MAKE="$(MAKE)" V="$(V)" sh tests/stages.sh $(TEST_STAGES)

run: deps
	@$(MAKE) --no-print-directory all
	$(TFRUN) examples/hello.mlir

# ---------------------------------------------------------------- sanitizers
# Unit tests, then the golden suite run by the sanitized tfrun. In the golden
# run the sanitizers write their reports to files under $(1)/reports (a report
# mixed into a test's output could still satisfy loose CHECK lines, and one
# that exits 1 passes a `// EXIT: 1` test); any report file fails the target.
# UBSan ignores log_path when linked with ASan, so it aborts instead: a crash
# fails every golden test. $(2): sanitizer option variables, each VAR=OPTIONS
# (log_path is added), $(3): options of `tfrun test`.
define san_golden
	@rm -rf $(1)/reports; mkdir -p $(1)/reports
	@for v in $(2); do export "$$v:log_path=$(CURDIR)/$(1)/reports/report"; done; \
	  $(1)/bin/tfrun test $(3) testdata examples; st=$$?; \
	  if ls $(1)/reports | grep -q .; then cat $(1)/reports/*; \
	    echo "$@: sanitizer reports in the golden suite (above; files in $(1)/reports)" >&2; exit 1; fi; \
	  exit $$st
endef
ASAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# Criterion 2.4.1's runner leaks 48 bytes with --jobs=2 (tests/lsan.supp).
# Then every golden program once more under --schedule=fast and once under
# --schedule=exact, on its own queue (tests/san_sweep.sh): the compiled
# engine and the cheaper exact engine (interp/xe.c) under ASan and UBSan.
asan: deps-test
	@LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  $(MAKE) --no-print-directory BUILD=build/asan BIN=build/asan/bin OPT=-O1 SAN="$(ASAN_FLAGS)" \
	  unit build/asan/bin/tfrun
	$(call san_golden,build/asan,ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=abort_on_error=1,)
	@sh tests/san_sweep.sh build/asan/bin/tfrun $(CURDIR)/build/asan/sweep asan own fast exact
# The shim's runner is checked first (tests/shim/selftest.sh). The tests' own
# time limits were chosen for the plain build; TSan runs several times slower,
# so the shim's runner stretches them, and `tfrun test` gets more. Then every
# golden program runs twice more on two worker threads, under auto and under
# fast (tests/san_sweep.sh).
TSAN_SLOWDOWN = 5
TSAN_GOLDEN_TIMEOUT = 300
tsan: deps-test
	@mkdir -p build/tsan
	@SHIM_SELFTEST_OUT=build/tsan/shim_selftest sh tests/shim/selftest.sh $(CC) -std=c11 -D_GNU_SOURCE \
	  -O1 -g $(WARN) -fsanitize=thread
	@SHIM_TIMEOUT_SCALE=$(TSAN_SLOWDOWN) $(MAKE) --no-print-directory BUILD=build/tsan BIN=build/tsan/bin \
	  OPT=-O1 SAN="-fsanitize=thread" CRITERION=shim unit build/tsan/bin/tfrun
	$(call san_golden,build/tsan,TSAN_OPTIONS=second_deadlock_stack=1,--timeout $(TSAN_GOLDEN_TIMEOUT))
	@sh tests/san_sweep.sh build/tsan/bin/tfrun $(CURDIR)/build/tsan/sweep tsan mstd:2 auto fast

# ---------------------------------------------------------------- fault injection
# build/fault/bin/tfrun fails the Nth allocation of tfrun's own code when
# TFRUN_FAIL_ALLOC=N is set (base/alloc.h, base/fault.c: the linker wraps
# malloc, calloc, realloc, strdup and strndup). tests/fault_sweep.sh runs a
# few programs (parse and run of examples, opt) failing each N of a sample:
# each run ends with the right output or a clean `out of memory`, never a
# signal. TFRUN_FAIL_IO=N fails the Nth operation on an output file
# (base/outfile.h); the sweep checks that every such failure leaves the
# target byte for byte as it was. (In make test.)
FAULT_WRAP = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup
faultinj: deps
	@$(MAKE) --no-print-directory BUILD=build/fault BIN=build/fault/bin OPT=-O1 CFLAGS=-DTFRUN_FAULT_INJECT \
	  LDFLAGS="$(FAULT_WRAP)" build/fault/bin/tfrun
fault-sweep: faultinj
	@sh tests/fault_sweep.sh build/fault/bin/tfrun

# ---------------------------------------------------------------- fuzzing
# libFuzzer targets (fuzz/*.c) under ASan + UBSan, built with clang in
# build/fuzz: opt (print is a fixed point), run (exact and fast, with a time
# budget per function), verify (opt --verify-diagnostics --split-input-file),
# check (the CHECK matcher), repl (REPL sessions), explore (the schedule
# explorer on a small budget, every witness replayed to its outcome), btf
# (the BTF reader, kernels/btf.h) and lint (lint --fix keeps its contract:
# the fix verifies, only adds order, is its own fix, and its exit status
# says whether the result is determinate). The seed corpus is every .mlir
# of testdata/ and examples/, copied into build/fuzz/seed, and for btf the
# files fuzz/btf_seeds.py makes; what
# a run finds to be new goes to build/fuzz/corpus; crashes to
# build/fuzz/crashes (their reproducers belong in tests/fuzz-regressions/,
# which `make test` runs). The dictionary is fuzz/tokens.dict (the
# grammar's tokens) plus every op name of ops/ops.def.
#   make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGETS="opt run"]   N seconds each (60)
#   make fuzz-smoke                                       10 seconds each (CI)
FUZZ_TARGETS ?= opt run verify check repl explore btf lint
FUZZ_SECONDS ?= 60
FUZZ_DIR  = build/fuzz
FUZZ_SAN  = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_PKGS = clang:clang libclang-rt-14-dev:/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
FUZZ_SEEDS = $(wildcard testdata/*/*.mlir examples/*.mlir)
FUZZ_RUN_FLAGS = -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 -close_fd_mask=3 \
                 -handle_int=0 -print_final_stats=1

fuzz-build: deps
	@mkdir -p $(FUZZ_DIR)
	$(call install_missing,$(FUZZ_PKGS))
	@LSAN_OPTIONS=detect_leaks=0 $(MAKE) --no-print-directory BUILD=$(FUZZ_DIR) BIN=$(FUZZ_DIR)/bin CC=clang OPT=-O1 \
	  SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" fuzz-bins

# (Inside the sub-make: BUILD is $(FUZZ_DIR).)
fuzz-bins: $(patsubst %,$(BUILD)/fuzz_%,$(FUZZ_TARGETS)) $(BUILD)/seed.stamp $(BUILD)/tfrun.dict

$(BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz.h $(ALL_LIBS)
	$(call quiet,LINK,$@)$(CC) $(ALLCFLAGS) -fsanitize=fuzzer -o $@ $< $(LINK_LIBS) $(LDLIBS)

$(BUILD)/seed.stamp: $(FUZZ_SEEDS) fuzz/btf_seeds.py
	@rm -rf $(BUILD)/seed
	@for t in opt run verify check explore lint; do mkdir -p $(BUILD)/seed/$$t; \
	  for f in $(FUZZ_SEEDS); do cp $$f $(BUILD)/seed/$$t/$$(echo $$f | tr / _); done; done
	@mkdir -p $(BUILD)/seed/repl; cp testdata/repl/*.mlir $(BUILD)/seed/repl/
	@python3 fuzz/btf_seeds.py $(BUILD)/seed/btf
	@touch $@

$(BUILD)/tfrun.dict: fuzz/tokens.dict ops/ops.def
	@{ cat fuzz/tokens.dict; sed -n 's/^OPI*([a-z0-9_]*, *"\([^"]*\)".*/"\1"/p' ops/ops.def; } > $@

# Each target in turn for FUZZ_SECONDS; a crash stops with its input
# saved under build/fuzz/crashes and the status of the fuzzer.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_DIR)/crashes
	@for t in $(FUZZ_TARGETS); do mkdir -p $(FUZZ_DIR)/corpus/$$t; echo "== fuzz_$$t ($(FUZZ_SECONDS) s)"; \
	  ASAN_OPTIONS=detect_leaks=1 $(FUZZ_DIR)/fuzz_$$t $(FUZZ_RUN_FLAGS) -dict=$(FUZZ_DIR)/tfrun.dict \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$t- $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seed/$$t \
	    > $(FUZZ_DIR)/$$t.log 2>&1; st=$$?; \
	  grep -E '^stat::number_of_executed_units|^stat::new_units_added' $(FUZZ_DIR)/$$t.log | tr '\n' ' '; echo; \
	  if [ $$st -ne 0 ]; then tail -40 $(FUZZ_DIR)/$$t.log; echo "fuzz_$$t: finding (log $(FUZZ_DIR)/$$t.log)" >&2; exit 1; fi; \
	done

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=10

# ---------------------------------------------------------------- benchmarks
BENCH_PKGS = lua5.4:lua5.4 luajit:luajit python3:python3 mlir-16-tools:mlir-opt-16 valgrind:valgrind \
             python3-numpy:/usr/lib/python3/dist-packages/numpy/__init__.py
bench: deps
	$(call install_missing,$(BENCH_PKGS))
	@$(MAKE) --no-print-directory all
	@sh bench/run.sh $(TFRUN)

# ---------------------------------------------------------------- install
install: $(TFRUN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(TFRUN) $(DESTDIR)$(PREFIX)/bin/tfrun
	install -m 644 docs/tfrun.1 $(DESTDIR)$(PREFIX)/share/man/man1/tfrun.1

clean:
	rm -rf build bin

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
