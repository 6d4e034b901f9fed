# Quire: the two commands a fresh Debian machine needs are `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/quire
# The release build: the Swift runtime and Foundation linked into the binary (a 74 MB file that
# runs without the toolchain installed and starts in about half the time: no symbol lookups in
# the Swift libraries at each start). The C libraries stay shared. Without the run-time
# exclusivity checks (`swift_beginAccess` on every access to a class's stored property or a
# global: 3.6% of the layout thread's instructions); debug builds, which the tests run, keep
# them, so a violation still traps there. A flag of the build, not of Package.swift, so that
# the library stays usable as any package's dependency (SwiftPM refuses unsafe flags there).
# No $ORIGIN run path: with the Swift libraries inside, the loader has nothing to find beside
# the binary, and each of its 20 libraries was first looked for there (40 failed opens and
# stats at each start, in whatever folder it is installed in).
# Generic types' metadata made by direct calls, not by demangling their names at run time:
# each name's demangling checked its arguments' conformances by scanning all 5,400 of the
# binary's conformance records, 50 scans per render (7 M instructions, 8% of a one-line
# document's).
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -enforce-exclusivity=unchecked \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

.PHONY: all deps build release install demo test cluster-test docs bench pathological fuzz fuzz-coverage clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The binary to install: .build/release/quire.
release: deps
	$(RELEASE_BUILD)

# Installs the release binary as $(DESTDIR)$(PREFIX)/bin/quire (make install PREFIX=$$HOME/.local).
PREFIX ?= /usr/local
install: release
	install -D -m 755 .build/release/quire "$(DESTDIR)$(PREFIX)/bin/quire"

# Renders every Samples/*.md into Samples/out/*.pdf, the excerpt sample cut to 4 lines, and the
# typography sample on A5 with the compact template (justified, hyphenated).
demo: build
	@mkdir -p Samples/out
	@for f in Samples/*.md; do \
	  out="Samples/out/$$(basename "$${f%.md}").pdf"; \
	  $(BIN) render "$$f" -o "$$out" && echo "rendered $$out" || exit 1; \
	done
	@$(BIN) render Samples/excerpts.md --excerpt-lines 4 -o Samples/out/excerpts-cut.pdf \
	  && echo "rendered Samples/out/excerpts-cut.pdf (--excerpt-lines 4)"
	@$(BIN) render Samples/typography.md --template compact --page-size a5 -o Samples/out/typography-a5.pdf \
	  && echo "rendered Samples/out/typography-a5.pdf (--template compact --page-size a5: justified, hyphenated)"

# The unit and end-to-end tests (docs/testing.md): built, then run by scripts/test.sh, a few
# test classes at a time (TEST_JOBS, default one more than the cores), each shared render made
# once. The pathological inputs run here at sizes that prove the same; their full sizes are
# `make pathological`'s.
#
# The tests are built optimised (-c release, with -enable-testing for their @testable imports)
# in a folder of their own (.build/tests, so that `make release`'s flags and theirs do not
# rebuild each other): the suite takes 2.4 times less CPU than in a debug build (255 s against
# 624 s; a debug build's time goes mostly to unoptimised Swift), and keeps the run-time
# exclusivity checks that every build but RELEASE_BUILD keeps. TEST_CONFIG=debug builds them
# for a debugger, or for quicker rebuilds after a small change.
TEST_CONFIG ?= release
TEST_SCRATCH := .build/tests
TEST_BUILD := $(SWIFT) build --scratch-path $(TEST_SCRATCH) -c $(TEST_CONFIG) $(if $(filter release,$(TEST_CONFIG)),-Xswiftc -enable-testing)
test: deps
	$(TEST_BUILD) --build-tests
	TEST_SCRATCH=$(TEST_SCRATCH) TEST_CONFIG=$(TEST_CONFIG) scripts/test.sh

# deploy/slurm-batch.sh on a private one-node Slurm cluster (Debian's slurmctld, slurmd and
# munge, installed here, not by `make test`): a 4-task array over the corpus, checked against
# one process, then a cancelled task and a killed node, retried (scripts/cluster-test.sh).
# Runs the tests' binary (TEST_BUILD: already built after `make test`); QUIRE_BINARY names another.
cluster-test: deps
	@scripts/install-deps.sh cluster
	$(TEST_BUILD) --product quire
	QUIRE_BINARY=$${QUIRE_BINARY:-$$($(TEST_BUILD) --show-bin-path)/quire} scripts/cluster-test.sh

clean:
	rm -rf .build Samples/out

# The library's documentation (Sources/Quire/API/Quire.docc and every public symbol's comment) as
# .build/Quire.doccarchive; fails on a DocC warning or an undocumented public symbol.
docs: deps
	@scripts/docs.sh

# Benchmarks: ratios measured side by side in one run (see scripts/bench.sh).
bench: deps
	@SWIFT_BUILD_RELEASE="$(RELEASE_BUILD)" scripts/bench.sh

# The pathological inputs at the issue's full sizes (10 MB file, 50,000-row table, 100,000
# links, ...) rendered by the release binary; prints each one's time. Also the tests whose
# full inputs `make test` runs smaller (docs/testing.md lists them): the 34,000-item list, the
# 1.2 MB file parsed in sections, the valgrind run, 2,000 control runs, the 60-mutant fuzz run,
# the whole corpus in excerpt mode, excerpts at five N (ExcerptEveryNTests, ExcerptMathTests).
# Not part of `make test` nor of .ci/run; CI may run it as a job of its own.
PATHOLOGICAL_TESTS := PathologicalTests|StreamingCLITests|HostileInputTests|FuzzTests/testFixedSeed|SamplesTests/testCorpusInExcerptMode|ExcerptEveryNTests|ExcerptMathTests|ParagraphEngineTests/testAMegabyte
pathological: deps
	$(RELEASE_BUILD)
	$(SWIFT) build --build-tests
	QUIRE_PATHOLOGICAL=full QUIRE_BINARY=$(CURDIR)/.build/release/quire \
	  $(SWIFT) test --skip-build --disable-swift-testing --filter '$(PATHOLOGICAL_TESTS)' > .build/pathological.log 2>&1; \
	  status=$$?; grep -E "pathological|error|Executed" .build/pathological.log; exit $$status

# The fuzzer (docs/fuzzing.md): mutants of Tests/Corpus and Samples rendered by the debug binary
# for FUZZ_SECONDS under time and memory limits; crashes, timeouts, invalid PDFs and reader
# complaints minimized into FUZZ_OUT/findings, counts in FUZZ_OUT/summary.txt. A short
# fixed-seed run is part of `make test` (Tests/quireCLITests/FuzzTests.swift).
FUZZ_SECONDS ?= 1800
FUZZ_SEED ?= 1
FUZZ_JOBS ?= 2
FUZZ_OUT ?= .build/fuzz
fuzz: build
	scripts/fuzz.py --binary $(BIN) --seed $(FUZZ_SEED) --seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS) --out $(FUZZ_OUT)

# Coverage-guided libFuzzer over Quire.render and Quire.excerpts (scripts/fuzz-coverage.sh);
# not part of make test (its first build takes about ten minutes). Runs FUZZ_SECONDS; what it
# finds goes to FUZZ_OUT/coverage.
fuzz-coverage: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_OUT=$(FUZZ_OUT)/coverage scripts/fuzz-coverage.sh
