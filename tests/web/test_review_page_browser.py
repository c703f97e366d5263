"""The review page in a real browser (Debian's chromium driven by Playwright): read, fix, re-judge.

Skipped, with the reason, where Playwright or chromium is missing. The server runs in a
thread on a free loopback port for the tests of this module.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
from conftest import BOARD, TRAY, TRAY_GRID

from boardsight.boggle.parse import parse_board
from boardsight.boggle.solver import solve as solve_board

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
uvicorn = pytest.importorskip("uvicorn", reason="uvicorn (the web extra) is not installed")

from boardsight.web.server import create_app  # noqa: E402

TIMEOUT_MS = 60_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server_url(photo_folder: Path):
    port = free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server_url: str):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(server_url)
    yield opened
    context.close()
    assert not errors, errors


def word_on_one_path(grid: list[list[str]]) -> tuple[str, list[str]]:
    """A word of the tray and its path (cell names), to break by fixing one of its cells."""
    solution = solve_board(parse_board("/".join("".join(row) for row in grid)), "enable", "ntu")
    found = solution.words[0]
    return found.word.lower(), solution.board.path_names(found.path)


def test_a_tray_is_read_fixed_by_click_and_type_and_rejudged(page) -> None:
    word, path = word_on_one_path(TRAY_GRID)
    page.set_input_files("#photo-input", str(TRAY))
    page.wait_for_selector("#grid td[data-cell='E5']")
    cells = page.locator("#grid td")
    assert cells.count() == 25
    assert [cells.nth(index).inner_text() for index in range(5)] == [
        face[0] + face[1:].lower() for face in TRAY_GRID[0]
    ]
    assert page.locator("#overlay polygon.cell").count() == 25
    page.locator("#players .player-name").first.fill("alice")
    page.locator("#players .player-words").first.fill(f"{word}\n")
    verdict = page.locator(f"#verdicts tr.verdict[data-word='{word.upper()}']")
    verdict.wait_for()
    assert "valid" in verdict.get_attribute("class")
    cell = path[1]
    page.click(f"#grid td[data-cell='{cell}']")
    page.keyboard.press("#")
    page.wait_for_selector(f"#grid td[data-cell='{cell}'].fixed")
    assert page.locator(f"#grid td[data-cell='{cell}']").inner_text() == "#"
    page.wait_for_selector(f"#verdicts tr.verdict.not_on_board[data-word='{word.upper()}']")
    page.keyboard.press("Control+z")
    page.wait_for_selector(f"#verdicts tr.verdict.valid[data-word='{word.upper()}']")
    assert page.locator("#fix-list li").count() == 0


def test_two_letter_faces_and_qu_come_from_the_keyboard(page) -> None:
    page.set_input_files("#photo-input", str(TRAY))
    page.wait_for_selector("#grid td[data-cell='A1']")
    page.click("#grid td[data-cell='A1']")
    page.keyboard.press("q")
    page.wait_for_selector("#grid td[data-cell='A1'].fixed")
    assert page.locator("#grid td[data-cell='A1']").inner_text() == "Qu"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("t")
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector(\"#grid td[data-cell='B1']\").textContent === 'Th'")
    assert [item.inner_text() for item in page.locator("#fix-list li").all()] == ["A1=QU", "B1=TH"]


def test_a_board_with_a_blank_is_fixed_and_its_words_rejudged(page) -> None:
    page.select_option("#game-select", "scrabble")
    page.set_input_files("#photo-input", str(BOARD))
    page.wait_for_selector("#scrabble-words li")
    assert page.locator("#grid td").count() == 225
    quiz = page.locator("#scrabble-words li", has_text="QUIZ 1H")
    assert quiz.count() == 1 and "valid" in quiz.get_attribute("class")
    page.click("#grid td[data-cell='K1']")
    page.keyboard.press("?")
    page.keyboard.press("e")
    page.wait_for_selector("#grid td[data-cell='K1'].blank.fixed")
    assert page.locator("#grid td[data-cell='K1']").inner_text() == "e"
    invalid = page.locator("#scrabble-words li.invalid", has_text="QUIe")
    invalid.wait_for()
    assert "not a word" in invalid.inner_text()
    page.fill("#rack", "AEINRST")
    page.wait_for_selector("#moves li")
    page.locator("#moves li").first.hover()
    assert page.locator("#grid td.ghost").count() >= 1


def test_dragging_a_corner_reads_the_board_again_from_there_keeping_the_fixes(page) -> None:
    page.select_option("#game-select", "boggle")
    page.set_input_files("#photo-input", str(TRAY))
    page.wait_for_selector("#grid td[data-cell='A1']")
    page.click("#grid td[data-cell='C3']")
    page.keyboard.press("z")
    page.wait_for_selector("#grid td[data-cell='C3'].fixed")
    before = page.evaluate("Review.reading")
    handle = page.locator("#overlay circle.corner[data-corner='0']").bounding_box()
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 4, y + 3, steps=4)
    page.mouse.up()
    page.wait_for_function(f"Review.reading.reading_id !== {before['reading_id']!r}")
    after = page.evaluate("Review.reading")
    assert after["corners"][0][0] > before["corners"][0][0] and after["corners"][1:] == before["corners"][1:]
    assert after["applied_fixes"] == ["C3=Z"] and after["grid"][2][2] == "Z"
    assert after["grid"][0] == before["grid"][0]


def test_clicking_a_word_challenges_it_and_changes_the_score(page) -> None:
    page.select_option("#game-select", "boggle")
    page.set_input_files("#photo-input", str(TRAY))
    page.wait_for_selector("#solution li")
    page.locator("#players .player-name").first.fill("alice")
    page.locator("#players .player-words").first.fill("zzzz\n")
    row = page.locator("#verdicts tr.verdict[data-word='ZZZZ']")
    row.wait_for()
    assert "dropped" not in row.get_attribute("class")  # stands: nobody challenged it
    row.click()
    page.wait_for_selector("#verdicts tr.verdict.challenged.dropped[data-word='ZZZZ']")
    assert "successful" in page.locator("#verdicts tr.verdict[data-word='ZZZZ']").inner_text()


def test_a_score_sheet_photo_fills_a_players_list(page, tmp_path: Path) -> None:
    pytest.importorskip("rapidocr_onnxruntime", reason="the PP-OCR sheet reader needs rapidocr-onnxruntime")
    import numpy as np

    from boardsight.datasets.synth.handwriting import HAND_FACES
    from boardsight.datasets.synth.sheets import SheetSpec, render_sheet

    fonts = tuple(face for face in HAND_FACES if face.name == "Liberation Sans")
    jpeg, _ = render_sheet(np.random.default_rng(11), SheetSpec(words=(8, 8), fonts=fonts), 1200)
    sheet = tmp_path / "alice.jpg"
    sheet.write_bytes(jpeg)
    page.select_option("#game-select", "boggle")
    page.set_input_files("#photo-input", str(TRAY))
    page.wait_for_selector("#solution li")
    page.locator("#players .player-name").first.fill("alice")
    page.locator("#players .sheet-input").first.set_input_files(str(sheet))
    page.wait_for_function("document.querySelector('#players .sheet-note').textContent.includes('read from')")
    assert page.locator("#players .player-words").first.input_value().strip()
    page.wait_for_selector("#verdicts h4.player-score[data-player='alice']")
