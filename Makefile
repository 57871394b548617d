# Two commands matter: `make demo` (set up, then check the bundled example offline) and
# `make test` (set up, then run the test suite). Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/citecheck check --offline examples/report.md examples/references.bib --fail-on never

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/pytest -q

# Every benchmark (hours on 2 cores; needs ../shared/data), then docs/benchmarks.md rendered from
# benchmarks/figures/. BENCH=claims,record_faces runs some; see `benchmarks/run_all.py --list`.
bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py $(if $(BENCH),--only $(BENCH))

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache
