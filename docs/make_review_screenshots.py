"""Rebuild docs/review-boggle.png and docs/review-scrabble.png: the review page at work.

    .venv/bin/python docs/make_review_screenshots.py

Starts the page on a free loopback port, drives Debian's chromium with Playwright
(``/usr/bin/chromium``) through the bundled examples and saves each screenshot as a
256-colour PNG 1100 pixels wide to keep it small:

- Boggle: examples/boggle_tray.jpg read, two players' lists of the tray's words with one
  word not on it, that word challenged, one cell fixed from the keyboard, a word's path hovered;
- Scrabble: examples/scrabble_board.jpg read, a rack typed and the best move hovered.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from boardsight.boggle.parse import parse_board
from boardsight.boggle.solver import solve
from boardsight.web.server import create_app, serving_in_background

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CHROMIUM = "/usr/bin/chromium"
TRAY_BOARD = "OCRNY/EULNC/AXENO/ETSEL/IEREN"  # examples/boggle_tray.json
VIEWPORT = {"width": 1360, "height": 1400}
WIDTH = 1100  # pixels of the saved screenshot


def save_small(png: bytes, out: Path) -> None:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.Resampling.LANCZOS)
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size // 1024} KB)")


def boggle(page) -> None:
    page.select_option("#game-select", "boggle")
    page.set_input_files("#photo-input", str(EXAMPLES / "boggle_tray.jpg"))
    page.wait_for_selector("#solution li")
    words = [found.word.lower() for found in solve(parse_board(TRAY_BOARD)).words]
    lists = {"alice": [*words[0:12:2], "quince"], "bob": [*words[1:12:3], *words[0:4:2], "exalt"]}
    for index, (name, written) in enumerate(lists.items()):
        page.locator("#players .player-name").nth(index).fill(name)
        page.locator("#players .player-words").nth(index).fill("\n".join(written))
    page.wait_for_selector("#verdicts tr.verdict")
    page.locator("#verdicts tr.verdict[data-word='QUINCE']").click()
    page.wait_for_selector("#verdicts tr.verdict.challenged")
    page.click("#grid td[data-cell='E1']")
    page.keyboard.press("t")
    page.wait_for_selector("#grid td[data-cell='E1'].fixed")
    page.wait_for_timeout(500)
    page.locator("#solution li").first.hover()
    page.wait_for_selector("#overlay polyline.path", state="attached")


def scrabble(page) -> None:
    page.select_option("#game-select", "scrabble")
    page.set_input_files("#photo-input", str(EXAMPLES / "scrabble_board.jpg"))
    page.wait_for_selector("#scrabble-words li")
    page.fill("#rack", "AEINST?")
    page.wait_for_selector("#moves li")
    page.locator("#moves li").first.hover()
    page.wait_for_selector("#grid td.ghost")


def main() -> None:
    with serving_in_background(create_app()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, drive in (("boggle", boggle), ("scrabble", scrabble)):
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(60_000)
            page.goto(url)
            drive(page)
            save_small(page.screenshot(), ROOT / "docs" / f"review-{name}.png")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
