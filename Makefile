# kver: entry points only; each part builds itself.
#
#   make lab      install what is missing, boot Debian's own kernel images as
#                 shipped (lab.conf shipped:, a download and a boot each, no
#                 build: their rows come first), build the trees' kernels (side
#                 by side) with the kver series, boot them in QEMU at the
#                 default SUBLEVEL points, in the upstream and the Debian style,
#                 and print the verdict
#   make check    every test: host unit tests and the QEMU boots; T=NAME
#                 runs only the tests whose name matches the glob *NAME*
#   make matrix   every design from patches/variants/ built, booted, judged
#   make series-check  the kver series: apply, checkpatch, build after every patch
#                 and in the configurations its #ifs reach, kunit.py, and its
#                 tests failing on a kernel without the clamp (docs/series.md)
#   make series-export AUTHOR="Name <address>"  the series' postings in the
#                 form to send with git send-email (LINUX=tree for
#                 get_maintainer.pl, SERIES_OUT=folder; build/series-export)
#   make bench    benchmarks (ratios)
#   make bench-audit  the audit's lint part against grep and Coccinelle
#                 (bench/audit-lint.sh; AUDIT_RUN=DIR, default the latest run)
#   make fuzz     the libFuzzer targets, FUZZ_SECONDS (600) in all
#   make mutate   mutation testing of the host code (tests/mutate/, LIST=file)
#   make audit    every DKMS package of Debian 11 and 12, linted and built
#                 against the kernels past 255 (docs/audit.md; AUDIT_ARGS=...)
#   make install  the library, the kver command and the headers (PREFIX=...)
#
# make lab takes POINTS="255 256", TREES="6.1", SERIES=mainline, STYLE=debian,
# SHIPPED="5.10.262" (Debian's images to boot first; SHIPPED=none: none).

include config.mk

PREFIX ?= /usr/local
TREES  ?= $(call lab_conf,trees)
SERIES ?= kver
STYLE  ?=
POINTS ?=
SHIPPED ?=
FUZZ_SECONDS ?= 600

.PHONY: all tools tools-locked deps lab lab-trees check check-host check-lab matrix series-check series-export bench bench-audit fuzz mutate audit install clean

all: tools

# One build of the tools at a time: the lab's scripts each make them, side
# by side (three trees, the matrix's styles), and a CC other than the last
# build's (the Debian-style runs give the plugins "ccache gcc") rebuilds
# every object; two such builds in the same folders link half-written
# objects. flock is util-linux's.
TOOLS_LOCK = $(or $(OUT),$(CURDIR)/build)/tools.lock

tools:
	@mkdir -p $(dir $(TOOLS_LOCK))
	@flock $(TOOLS_LOCK) $(MAKE) --no-print-directory tools-locked

tools-locked:
	$(MAKE) -C lib all
	$(MAKE) -C cli all
	$(MAKE) -C lab all
	$(MAKE) -C probe all
	$(MAKE) -C lint all
	$(MAKE) -C audit all
	$(MAKE) -C matrix all
	$(MAKE) -C tests/lab/inits all

deps:
	sh lab/deps.sh --update

# Without STYLE: the default points in the upstream style, then the points
# of lab.conf's debian-points as Debian names its kernels (5.10 at its own
# 262: 5.10.0-46-amd64).
# Debian's own images first, a verdict within minutes (only their packages
# are installed before them); one that fails does not stop the builds, and
# fails make lab at its end.
lab:
	@rc=0; \
	if [ "$(SHIPPED)" != none ]; then \
		sh lab/deps.sh --update --shipped && sh lab/run.sh --shipped $(SHIPPED) || rc=1; \
	fi; \
	$(MAKE) --no-print-directory deps lab-trees || rc=1; \
	exit $$rc

lab-trees:
ifeq ($(STYLE),)
	sh lab/run.sh --trees "$(TREES)" --series "$(SERIES)" $(POINTS)
	sh lab/run.sh --trees "$(TREES)" --series "$(SERIES)" --style debian $(or $(POINTS),$(call lab_conf,debian-points))
else
	sh lab/run.sh --trees "$(TREES)" --series "$(SERIES)" --style "$(STYLE)" $(POINTS)
endif

check: deps
	sh tests/run.sh $(if $(T),"$(T)")

check-host:
	sh tests/run.sh --host $(if $(T),"$(T)")

check-lab:
	sh tests/run.sh --lab $(if $(T),"$(T)")

matrix: deps tools
	sh matrix/run.sh --trees "$(TREES)"

series-check: deps
	for t in $(TREES); do sh tests/series/check-series.sh --build --kunit $$t || exit 1; done
	for t in $(TREES); do sh tests/series/fail-on-broken.sh $$t || exit 1; done

series-export: tools
	sh tests/series/export.sh $(if $(AUTHOR),--author "$(AUTHOR)") $(if $(LINUX),--linux "$(LINUX)") \
		$(if $(SERIES_OUT),--out "$(SERIES_OUT)")

bench: deps tools
	sh bench/lab-point.sh

bench-audit: deps tools
	sh bench/audit-lint.sh $(AUDIT_RUN)

fuzz:
	$(MAKE) -C fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS)

mutate:
	sh tests/mutate/run.sh $(if $(LIST),"$(LIST)")

audit: deps tools
	sh audit/run.sh $(AUDIT_ARGS)

install:
	$(MAKE) -C lib install PREFIX=$(PREFIX)
	$(MAKE) -C cli install PREFIX=$(PREFIX)
	$(MAKE) -C lint install PREFIX=$(PREFIX)

clean:
	rm -rf build
