"""The training tests need the ``train`` extra (PyTorch, onnx), which ``make test`` installs."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for toy_data
