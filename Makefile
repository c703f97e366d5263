# boardsight: set-up, demo, tests, training. Everything installs into .venv.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: demo test test-train train-boggle lint bench bench-boggle bench-read venv clean
.PHONY: demo test test-train lint bench bench-boggle bench-scrabble train-scrabble venv clean

demo: $(VENV)/.installed
	$(BIN)/boardsight lexicon info enable
	$(BIN)/boardsight lexicon check QAT SUQ QI XYZZY || true
	$(BIN)/boardsight solve examples/board-5x5.txt
	$(BIN)/boardsight check examples/board-5x5.txt examples/boggle-game/alice.txt examples/boggle-game/bob.txt \
		--challenges examples/boggle-game/challenges.txt --missed 5
	$(BIN)/boardsight read examples/boggle_tray.jpg
	$(BIN)/boardsight solve examples/boggle_tray.jpg

test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest

# The model-training tests need the train extra (PyTorch, onnx); plain `make test` leaves them out.
test-train: $(VENV)/.installed-train
	$(BIN)/python -m pytest tests/models/training

# Rebuild boardsight/models/boggle_cubes.onnx from nothing: render trays, train on the CPU, export.
train-boggle: $(VENV)/.installed-train
	$(BIN)/boardsight train boggle

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check boardsight tests benchmarks
	$(BIN)/ruff format --check boardsight tests benchmarks

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench_lexicon.py

bench-boggle: $(VENV)/.installed
	$(BIN)/python benchmarks/bench_boggle.py

bench-read: $(VENV)/.installed
	$(BIN)/python benchmarks/bench_read.py
# Scrabble: the reading time on 12 MP photos, and the square classifier rebuilt from nothing (CPU, ~1.5 h).
bench-scrabble: $(VENV)/.installed
	$(BIN)/python benchmarks/bench_read_scrabble.py

train-scrabble: $(VENV)/.installed-train
	$(BIN)/boardsight train scrabble

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV) && $(PYTHON) -m venv --without-pip $(VENV) \
		&& $(PYTHON) -m pip --python $(BIN)/python install --quiet pip; }

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[dev]'
	touch $@ $(VENV)/.installed

# PyTorch's CPU-only wheels: the default ones pull in gigabytes of CUDA libraries.
$(VENV)/.installed-train: pyproject.toml | $(BIN)/python
	$(PIP) --extra-index-url https://download.pytorch.org/whl/cpu -e '.[dev,train]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-dev

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
