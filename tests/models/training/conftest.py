"""The training tests need the ``train`` extra (PyTorch, onnx); without it they are not collected.

``make test-train`` installs the extra and runs them.
"""

import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for toy_data

collect_ignore_glob = (
    [] if importlib.util.find_spec("torch") and importlib.util.find_spec("onnx") else ["test_*.py"]
)
