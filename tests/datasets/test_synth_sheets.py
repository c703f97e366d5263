"""Rendered score sheets: the sidecar follows the word-list format and the boxes lie on the photo."""

from __future__ import annotations

import json

import cv2
import numpy as np

from boardsight.datasets.synth.fonts import FontFace
from boardsight.datasets.synth.handwriting import HAND_FACES, Hand, hand_fonts, write_word
from boardsight.datasets.synth.sheet_writer import generate_sheets
from boardsight.datasets.synth.sheets import as_written
from boardsight.sheets.label import parse_sheet_label, sheet_examples


def test_a_written_word_has_ink_and_a_baseline() -> None:
    face = hand_fonts("train")[0]
    coverage, baseline = write_word(
        np.random.default_rng(0), "QUIET", Hand.sample(np.random.default_rng(1), face, 30)
    )
    assert coverage.max() > 0.5
    assert 0 < baseline < coverage.shape[0]


def test_generated_sheets_are_labelled_and_reproducible(tmp_path) -> None:
    first = generate_sheets(tmp_path / "a", count=2, seed=5, words=(6, 9))
    again = generate_sheets(tmp_path / "b", count=2, seed=5, words=(6, 9))
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in again]
    examples = list(sheet_examples(tmp_path / "a"))
    assert len(examples) == 2
    for image_path, label in examples:
        image = cv2.imread(str(image_path))
        height, width = image.shape[:2]
        assert 6 <= len(label.words) <= 9
        assert label.board
        for word in label.words:
            x0, y0, x1, y1 = word.box
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        payload = json.loads(image_path.with_suffix(".json").read_text())
        assert parse_sheet_label(payload).words == label.words


def test_some_written_totals_are_circled_and_say_so() -> None:
    from boardsight.datasets.synth.sheets import SheetSpec, render_sheet

    spec = SheetSpec(words=(3, 3), fonts=hand_fonts("train")[:1])
    payloads = [render_sheet(np.random.default_rng(seed), spec, 500)[1] for seed in range(12)]
    labels = [parse_sheet_label(payload) for payload in payloads]
    circled = [label.total_circled for label in labels]
    assert any(circled) and not all(circled)
    assert all(label.total is not None for label in labels if label.total_circled)


def test_a_word_near_the_paper_edge_is_moved_and_squeezed_onto_the_page() -> None:
    from boardsight.datasets.synth.sheets import fit_on_page

    coverage = np.zeros((20, 100), np.float32)
    coverage[5:15, 10:90] = 1.0
    same, left = fit_on_page(coverage, 50, 40, 200)
    assert left == 50 and same is coverage
    moved, left = fit_on_page(coverage, 50, 40, 135)
    assert left == 45 and moved is coverage
    squeezed, left = fit_on_page(coverage, 50, 40, 110)
    assert left == 40
    ink = np.flatnonzero(squeezed.max(axis=0) > 0.3)
    assert left + ink[-1] < 110
    assert ink[-1] - ink[0] > 50


def test_a_face_whose_capitals_no_pen_writes_is_written_in_small_letters() -> None:
    pen = FontFace("Pen", "pen.ttf", "hand", "holdout")
    outline = FontFace("Outline", "outline.ttf", "hand", "holdout", pen_capitals=False)
    by_pen, by_outline = np.random.default_rng(3), np.random.default_rng(3)
    pen_words = [as_written(by_pen, "QUIET", pen) for _ in range(200)]
    outline_words = [as_written(by_outline, "QUIET", outline) for _ in range(200)]
    assert set(outline_words) == {"quiet"}
    assert set(pen_words) == {"QUIET", "Quiet", "quiet"}
    assert pen_words.count("QUIET") > 100
    assert by_pen.random() == by_outline.random()


def test_femkeklaver_writes_small_letters_and_the_other_faces_capitals() -> None:
    faces = {face.name: face for face in HAND_FACES}
    assert not faces["Femkeklaver"].pen_capitals
    assert all(face.pen_capitals for name, face in faces.items() if name != "Femkeklaver")
