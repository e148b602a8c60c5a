# asobi: `make results` regenerates every table; `make test` runs the test suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CORES  ?= all

.PHONY: results test test-slow lint dryrun bench clean-results

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed-run: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c constraints.txt -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[test]'
	touch $@ $(VENV)/.installed-run

results: $(VENV)/.installed-run
	$(BIN)/snakemake --cores $(CORES) --printshellcmds --show-failed-logs

test: $(VENV)/.installed-test
	$(BIN)/pytest

test-slow: $(VENV)/.installed-test
	$(BIN)/pytest -m slow

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/snakefmt --check Snakefile workflow/rules
	$(BIN)/snakemake --lint

dryrun: $(VENV)/.installed-run
	$(BIN)/snakemake -n --quiet rules

bench: $(VENV)/.installed-test
	for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean-results:
	rm -rf results/*/ results/*.parquet results/summary.txt results/datapackage.json results/DATASET.md logs benchmarks/*/ benchmarks/*.tsv
