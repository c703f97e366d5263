import numpy as np
import torch
from toy_data import bars, toy_metadata

from boardsight.models.onnx_classifier import OnnxClassifier, softmax
from boardsight.models.preprocess import normalise, prepare_batch
from boardsight.models.training.augment import AugmentConfig, augment_batch, normalise_tensor
from boardsight.models.training.export import export_classifier
from boardsight.models.training.network import build_network, count_parameters
from boardsight.models.training.trainer import TrainConfig, predict_logits, train_classifier


def test_torch_normalisation_is_the_runtime_normalisation() -> None:
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 256, (16, 16), dtype=np.uint8) for _ in range(4)]
    raw = np.stack(crops)[:, None]
    expected = prepare_batch(crops, (16, 16), {"colour": "gray", "normalise": "per_image"})
    twin = normalise_tensor(torch.from_numpy(raw.astype(np.float32)), "per_image").numpy()
    np.testing.assert_allclose(twin, expected, atol=1e-5)
    np.testing.assert_allclose(
        normalise(raw, "unit"), normalise_tensor(torch.from_numpy(raw).float(), "unit")
    )


def test_augmentation_keeps_shape_and_range() -> None:
    pixels = torch.full((8, 1, 16, 16), 128.0)
    pixels[:, :, 4:8] = 20
    out = augment_batch(pixels, AugmentConfig(quarter_turns=True), torch.Generator().manual_seed(0))
    assert out.shape == pixels.shape
    assert float(out.min()) >= 0 and float(out.max()) <= 255
    assert not torch.equal(out, pixels)


def _geometry_only(**changes) -> AugmentConfig:
    still = dict(rotate_degrees=0.0, scale=0.0, shift=0.0, gain=0.0, offset=0.0, gamma=0.0)
    return AugmentConfig(blur_probability=0.0, noise=0.0, **still, **changes)


def test_stroke_weight_only_darkens_or_only_lightens_each_crop() -> None:
    pixels = torch.full((16, 1, 20, 20), 220.0)
    pixels[:, :, 4:16, 8:12] = 30  # a dark stroke
    out = augment_batch(pixels, _geometry_only(stroke_probability=1.0), torch.Generator().manual_seed(1))
    heavier = (out <= pixels + 1e-3).flatten(1).all(dim=1)
    lighter = (out >= pixels - 1e-3).flatten(1).all(dim=1)
    assert bool((heavier | lighter).all())
    assert bool(heavier.any()) and bool(lighter.any())
    change = (out - pixels).flatten(1).sum(dim=1)
    assert bool((change[heavier & ~lighter] < -100).all()) and bool((change[lighter & ~heavier] > 100).all())


def test_stretch_and_slant_change_the_shape_not_the_light() -> None:
    pixels = torch.full((8, 1, 24, 24), 200.0)
    pixels[:, :, 8:16, 8:16] = 40  # a dark square
    config = _geometry_only(aspect=0.3, shear=0.3)
    out = augment_batch(pixels, config, torch.Generator().manual_seed(2))
    assert not torch.allclose(out, pixels)
    assert float(out.min()) >= 39 and float(out.max()) <= 201
    plain = augment_batch(pixels, _geometry_only(), torch.Generator().manual_seed(2))
    torch.testing.assert_close(plain, pixels)


def test_network_shape_and_size() -> None:
    network = build_network(1, 33)
    assert network(torch.zeros(2, 1, 40, 40)).shape == (2, 33)
    assert count_parameters(network) < 200_000


def test_train_export_and_run_a_toy_classifier(tmp_path) -> None:
    train, validation = bars(512, 1), bars(128, 2)
    config = TrainConfig(
        epochs=3, batch_size=64, widths=(8, 16), threads=1, augment=AugmentConfig(rotate_degrees=3)
    )
    trained = train_classifier(train, validation, config, log=lambda _: None)
    assert trained.validation_accuracy > 0.95
    assert set(trained.per_class_accuracy) == {"h", "v"}
    path = export_classifier(trained.network, toy_metadata(), tmp_path / "toy.onnx")
    classifier = OnnxClassifier(path)
    assert classifier.class_names == ["h", "v"]
    probabilities = classifier.probabilities(list(validation.images[:40]))
    np.testing.assert_allclose(
        probabilities,
        softmax(predict_logits(trained.network, validation.images[:40], "per_image")),
        atol=1e-4,
    )
