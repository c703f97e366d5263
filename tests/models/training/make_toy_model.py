"""Rebuild tests/models/data/toy_bars.onnx, the small model the runtime tests classify with.

Run from the repository root: ``python tests/models/training/make_toy_model.py``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toy_data import TOY_MODEL, bars, toy_metadata

from boardsight.models.training.augment import AugmentConfig
from boardsight.models.training.export import export_classifier
from boardsight.models.training.trainer import TrainConfig, train_classifier

if __name__ == "__main__":
    config = TrainConfig(
        epochs=4, batch_size=64, widths=(8, 16), threads=1, augment=AugmentConfig(rotate_degrees=3)
    )
    trained = train_classifier(bars(1024, 1), bars(256, 2), config)
    metadata = toy_metadata()
    metadata.validation_accuracy = trained.validation_accuracy
    TOY_MODEL.parent.mkdir(parents=True, exist_ok=True)
    export_classifier(trained.network, metadata, TOY_MODEL)
    print(f"wrote {TOY_MODEL} ({TOY_MODEL.stat().st_size} bytes)")
