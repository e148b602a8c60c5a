# asobi: `make results` regenerates every table; `make test` runs the test suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CORES  ?= all

.PHONY: results test test-slow lint dryrun bench profile release licences clean-results

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed-run: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c constraints.txt -e .
	touch $@

# cffconvert (CITATION.cff checks) 2.0.0, its latest release, requires jsonschema < 4, which
# asobi and snakemake cannot use; it works with jsonschema 4, so it is installed without its
# dependencies (the others it needs are in the test extras).
$(VENV)/.installed-test: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[test]'
	$(BIN)/python -m pip install -q -c constraints.txt --no-deps cffconvert
	touch $@ $(VENV)/.installed-run

# `make results` recovers from an interrupted run by itself: it holds a lock so that no second
# `make results` runs in this checkout, then releases a stale Snakemake lock (left by a killed
# run) and re-runs jobs that were cut off (--rerun-incomplete). SNAKEMAKE_ARGS passes more
# options (e.g. `--configfile config/config.yaml bigger.yaml`).
SNAKEMAKE_ARGS ?=
RUN_LOCK := .snakemake-make-results.lock

# asobi's own modules byte-compiled once (src/**/__pycache__): where PYTHONDONTWRITEBYTECODE is
# set (as on the reference machine), Python never writes them itself, and every job and test
# process of a run compiled the package from source again. Up-to-date files are skipped.
BYTECODE = $(BIN)/python -m compileall -q src >/dev/null

results: $(VENV)/.installed-run
	@$(BYTECODE)
	@flock --nonblock --close --conflict-exit-code 75 $(RUN_LOCK) sh -c '\
	  $(BIN)/snakemake --unlock $(SNAKEMAKE_ARGS) >/dev/null 2>&1 && \
	  $(BIN)/snakemake --cores $(CORES) --rerun-incomplete --printshellcmds \
	    --show-failed-logs $(SNAKEMAKE_ARGS)' \
	  || { status=$$?; [ $$status -ne 75 ] || \
	       echo "asobi: another 'make results' is running in this checkout" >&2; exit $$status; }

test: $(VENV)/.installed-test
	@$(BYTECODE)
	$(BIN)/pytest

test-slow: $(VENV)/.installed-test
	$(BIN)/pytest -m slow

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/snakefmt --check Snakefile workflow/rules
	$(BIN)/pytest -q -p no:cacheprovider tests/test_lint.py::test_snakemake_lint

dryrun: $(VENV)/.installed-run
	$(BIN)/snakemake -n --quiet rules

# The dataset archive dist/asobi-results-<version>.tar.gz (byte-reproducible) of the results,
# and beside it the folder dist/asobi-results-<version>-hub/ (a Hugging Face Hub dataset repo).
release: results
	$(BIN)/asobi report release results --out dist

# The table of every runtime dependency and its licence in docs/publishing.md, from the
# installed packages' metadata (tests/test_publishing.py checks that it is current).
licences: $(VENV)/.installed-run
	$(BIN)/python -m asobi.report.licences --page docs/publishing.md

# Every script in benchmarks/ is a benchmark that runs with no arguments (`_*.py` are their
# shared helpers; the deep-search and merge tools are
# `asobi shiritori deep|merge-proofs|merge-store|transfer`).
bench: $(VENV)/.installed-test
	for script in benchmarks/[!_]*.py; do \
	  echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Where the last `make results` spent its time: per rule and the critical path, from the
# Snakemake log and the benchmark files (docs/PERFORMANCE.md's run table comes from it).
profile: $(VENV)/.installed-run
	$(BIN)/python benchmarks/run_profile.py

clean-results:
	rm -rf results/*/ results/*.parquet results/summary.txt results/datapackage.json results/DATASET.md logs
