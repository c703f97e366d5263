"""Fonts for printed letters, split so a reader can be tested on fonts it never trained on.

Fonts come from free Debian font packages (see the README and ``.ci/run``): whole families
belong to one split, so a held-out font is not a sibling weight of a training font. When
no font of a split is installed, Pillow's own scalable default font stands in, so the
renderer still works on a bare machine.

Some training faces are kept for one game (``only_for``): the Boggle cube classifier
learns from more and heavier serif, slab and monospaced faces than the Scrabble tiles
were rendered with, and adding them for everyone would change the Scrabble renderer's
output. None of them is a clone or derivative of a held-out face (no TeX Gyre, no Noto
Sans, no Carlito), so the held-out fonts stay unseen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from boardsight.errors import BadInputError

FONT_SPLITS = ("train", "holdout", "all")

FONT_DIRS = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".fonts",
    Path.home() / ".local/share/fonts",
)


@dataclass(frozen=True)
class FontFace:
    """One font file: its name, file name, ``sans`` or ``serif``, split, the one game it is
    kept for (None: every game), and whether its capitals are letters a pen writes."""

    name: str
    filename: str
    kind: str
    split: str
    only_for: str | None = None
    pen_capitals: bool = True


# Debian package of each family: fonts-dejavu-core, fonts-liberation, fonts-croscore,
# fonts-freefont-ttf, fonts-urw-base35, fonts-roboto-unhinted, fonts-open-sans, fonts-lato.
FONT_FACES: tuple[FontFace, ...] = (
    FontFace("DejaVu Sans Bold", "DejaVuSans-Bold.ttf", "sans", "train"),
    FontFace("DejaVu Sans Condensed Bold", "DejaVuSansCondensed-Bold.ttf", "sans", "train"),
    FontFace("DejaVu Serif Bold", "DejaVuSerif-Bold.ttf", "serif", "train"),
    FontFace("Liberation Sans Bold", "LiberationSans-Bold.ttf", "sans", "train"),
    FontFace("Liberation Sans Regular", "LiberationSans-Regular.ttf", "sans", "train"),
    FontFace("Liberation Serif Bold", "LiberationSerif-Bold.ttf", "serif", "train"),
    FontFace("Arimo Bold", "Arimo-Bold.ttf", "sans", "train"),
    FontFace("Tinos Bold", "Tinos-Bold.ttf", "serif", "train"),
    FontFace("FreeSans Bold", "FreeSansBold.ttf", "sans", "train"),
    FontFace("FreeSerif Bold", "FreeSerifBold.ttf", "serif", "train"),
    FontFace("Nimbus Sans Bold", "NimbusSans-Bold.otf", "sans", "train"),
    FontFace("Nimbus Roman Bold", "NimbusRoman-Bold.otf", "serif", "train"),
    FontFace("URW Gothic Demi", "URWGothic-Demi.otf", "sans", "train"),
    FontFace("URW Gothic Book", "URWGothic-Book.otf", "sans", "train"),
    FontFace("Roboto Bold", "Roboto-Bold.ttf", "sans", "train"),
    FontFace("Roboto Medium", "Roboto-Medium.ttf", "sans", "train"),
    FontFace("Roboto Condensed Bold", "RobotoCondensed-Bold.ttf", "sans", "train"),
    # Boggle only. Slab-serif and monospaced faces print I (and other bare strokes) with wide
    # bars, heavy serif faces have bracketed serifs: the shapes a sans-heavy set lacks.
    # Already installed by the packages above:
    FontFace("Nimbus Mono PS Bold", "NimbusMonoPS-Bold.otf", "serif", "train", "boggle"),
    FontFace("FreeMono Bold", "FreeMonoBold.ttf", "serif", "train", "boggle"),
    FontFace("Liberation Mono Bold", "LiberationMono-Bold.ttf", "serif", "train", "boggle"),
    FontFace("DejaVu Serif Condensed Bold", "DejaVuSerifCondensed-Bold.ttf", "serif", "train", "boggle"),
    FontFace("DejaVu Sans Mono Bold", "DejaVuSansMono-Bold.ttf", "sans", "train", "boggle"),
    FontFace("Liberation Sans Narrow Bold", "LiberationSansNarrow-Bold.ttf", "sans", "train", "boggle"),
    FontFace("Nimbus Sans Narrow Bold", "NimbusSansNarrow-Bold.otf", "sans", "train", "boggle"),
    FontFace("Roboto Black", "Roboto-Black.ttf", "sans", "train", "boggle"),
    # fonts-roboto-slab, fonts-courier-prime, fonts-go, fonts-crosextra-caladea, fonts-sil-charis,
    # fonts-paratype, fonts-noto-core, fonts-linuxlibertine, fonts-league-spartan, fonts-clear-sans:
    FontFace("Roboto Slab Bold", "RobotoSlab-Bold.otf", "serif", "train", "boggle"),
    FontFace("Courier Prime Bold", "Courier Prime Bold.otf", "serif", "train", "boggle"),
    FontFace("Go Mono Bold", "Go-Mono-Bold.ttf", "serif", "train", "boggle"),
    FontFace("Caladea Bold", "Caladea-Bold.ttf", "serif", "train", "boggle"),
    FontFace("Charis SIL Bold", "CharisSIL-Bold.ttf", "serif", "train", "boggle"),
    FontFace("PT Serif Bold", "PTF75F.ttf", "serif", "train", "boggle"),
    FontFace("Noto Serif Bold", "NotoSerif-Bold.ttf", "serif", "train", "boggle"),
    FontFace("Linux Libertine Bold", "LinLibertine_RB.otf", "serif", "train", "boggle"),
    FontFace("Go Bold", "Go-Bold.ttf", "sans", "train", "boggle"),
    FontFace("PT Sans Bold", "PTS75F.ttf", "sans", "train", "boggle"),
    FontFace("League Spartan Bold", "LeagueSpartan-Bold.otf", "sans", "train", "boggle"),
    FontFace("Clear Sans Bold", "ClearSans-Bold.ttf", "sans", "train", "boggle"),
    FontFace("Linux Biolinum Bold", "LinBiolinum_RB.otf", "sans", "train", "boggle"),
    # fonts-adf-accanthis, fonts-adf-romande, fonts-adf-baskervald, fonts-adf-verana, fonts-ebgaramond,
    # fonts-sil-gentium-basic, fonts-oldstandard, fonts-cantarell, fonts-cabin: more heavy old-style,
    # transitional and modern serifs (none a clone of a held-out face), and two more sans faces.
    FontFace("Accanthis ADF Bold", "AccanthisADFStd-Bold.otf", "serif", "train", "boggle"),
    FontFace("Romande ADF Demi Bold", "RomandeADFStd-DemiBold.otf", "serif", "train", "boggle"),
    FontFace("Baskervald ADF Bold", "BaskervaldADFStd-Bold.otf", "serif", "train", "boggle"),
    FontFace("Baskervald ADF Heavy", "BaskervaldADFStd-Heavy.otf", "serif", "train", "boggle"),
    FontFace("Verana Bold", "Verana-Bold.otf", "serif", "train", "boggle"),
    FontFace("EB Garamond Bold", "EBGaramond12-Bold.otf", "serif", "train", "boggle"),
    FontFace("Gentium Basic Bold", "GenBasB.ttf", "serif", "train", "boggle"),
    FontFace("Gentium Book Basic Bold", "GenBkBasB.ttf", "serif", "train", "boggle"),
    FontFace("Old Standard Bold", "OldStandard-Bold.ttf", "serif", "train", "boggle"),
    FontFace("Verana Sans Bold", "VeranaSans-Bold.otf", "sans", "train", "boggle"),
    FontFace("Cantarell Extra Bold", "Cantarell-ExtraBold.otf", "sans", "train", "boggle"),
    FontFace("Cabin Bold", "Cabin-Bold.otf", "sans", "train", "boggle"),
    # Scrabble tile crops only (boardsight.datasets.synth.tile_crops): the regular and medium
    # weights of training families (the packages above), so tiles are also printed lighter.
    FontFace("DejaVu Sans", "DejaVuSans.ttf", "sans", "train", "tiles"),
    FontFace("DejaVu Sans Condensed", "DejaVuSansCondensed.ttf", "sans", "train", "tiles"),
    FontFace("DejaVu Serif", "DejaVuSerif.ttf", "serif", "train", "tiles"),
    FontFace("Liberation Serif Regular", "LiberationSerif-Regular.ttf", "serif", "train", "tiles"),
    FontFace("Liberation Sans Narrow Regular", "LiberationSansNarrow-Regular.ttf", "sans", "train", "tiles"),
    FontFace("Arimo Regular", "Arimo-Regular.ttf", "sans", "train", "tiles"),
    FontFace("Tinos Regular", "Tinos-Regular.ttf", "serif", "train", "tiles"),
    FontFace("Cousine Bold", "Cousine-Bold.ttf", "serif", "train", "tiles"),
    FontFace("FreeSans", "FreeSans.ttf", "sans", "train", "tiles"),
    FontFace("FreeSerif", "FreeSerif.ttf", "serif", "train", "tiles"),
    FontFace("Nimbus Sans Regular", "NimbusSans-Regular.otf", "sans", "train", "tiles"),
    FontFace("Nimbus Roman Regular", "NimbusRoman-Regular.otf", "serif", "train", "tiles"),
    FontFace("Nimbus Sans Narrow Regular", "NimbusSansNarrow-Regular.otf", "sans", "train", "tiles"),
    FontFace("Roboto Regular", "Roboto-Regular.ttf", "sans", "train", "tiles"),
    FontFace("Roboto Condensed Regular", "RobotoCondensed-Regular.ttf", "sans", "train", "tiles"),
    FontFace("Roboto Condensed Medium", "RobotoCondensed-Medium.ttf", "sans", "train", "tiles"),
    FontFace("Open Sans Bold", "OpenSans-Bold.ttf", "sans", "holdout"),
    FontFace("Open Sans Semibold", "OpenSans-Semibold.ttf", "sans", "holdout"),
    FontFace("Lato Black", "Lato-Black.ttf", "sans", "holdout"),
    FontFace("Lato Bold", "Lato-Bold.ttf", "sans", "holdout"),
    FontFace("C059 Bold", "C059-Bold.otf", "serif", "holdout"),
    FontFace("P052 Bold", "P052-Bold.otf", "serif", "holdout"),
    FontFace("URW Bookman Demi", "URWBookman-Demi.otf", "serif", "holdout"),
)

PILLOW_DEFAULT = FontFace("Pillow default", "", "sans", "all")


@cache
def _installed_files() -> dict[str, str]:
    """File name -> path for every font file under the usual font folders."""
    extra = os.environ.get("BOARDSIGHT_FONT_DIRS", "")
    folders = [Path(p) for p in extra.split(os.pathsep) if p] + list(FONT_DIRS)
    found: dict[str, str] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for root, _dirs, files in sorted(os.walk(folder)):
            for name in sorted(files):
                found.setdefault(name, os.path.join(root, name))
    return found


def font_path(face: FontFace) -> str | None:
    """Where ``face`` is installed, or None."""
    return _installed_files().get(face.filename) if face.filename else None


def check_split(split: str) -> None:
    """An unknown font split is a one-line error."""
    if split not in FONT_SPLITS:
        raise BadInputError(f"unknown font split {split!r}; choose one of {', '.join(FONT_SPLITS)}")


def faces_of(faces: tuple[FontFace, ...], split: str, game: str | None = None) -> tuple[FontFace, ...]:
    """The faces of ``split`` among ``faces``, installed or not; faces kept for one game only when
    that game is named."""
    return tuple(face for face in of_split(faces, split) if face.only_for in (None, game))


def of_split(faces: tuple[FontFace, ...], split: str) -> tuple[FontFace, ...]:
    """The faces of ``split`` among ``faces``, whatever game each is kept for."""
    check_split(split)
    return tuple(face for face in faces if split == "all" or face.split == split)


def installed_or_default(faces: tuple[FontFace, ...]) -> tuple[FontFace, ...]:
    """The installed ones of ``faces``, or Pillow's own font when none is: never empty."""
    return tuple(face for face in faces if font_path(face) is not None) or (PILLOW_DEFAULT,)


def fonts_for(split: str, game: str | None = None) -> tuple[FontFace, ...]:
    """Installed fonts of ``split`` (``train``, ``holdout`` or ``all``) for ``game``; never empty.

    Faces kept for one game come only when that game is named.
    """
    return installed_or_default(faces_of(FONT_FACES, split, game))


def missing_fonts_note(split: str, faces: tuple[FontFace, ...]) -> str | None:
    """A one-line warning when faces of ``split`` among ``faces`` are not installed, else None.

    A set asked for in held-out faces but rendered in Pillow's built-in font (or in only some of
    them) measures something else, so the renderer's user is told which and how to install them.
    """
    wanted = of_split(faces, split)  # ``faces`` are already the game's own
    missing = [face.name for face in wanted if font_path(face) is None]
    if not missing:
        return None
    install = "scripts/install-system-packages installs the font packages of system-packages.txt"
    if len(missing) == len(wanted):
        return f"warning: none of the {split} fonts is installed; rendering in Pillow's own font ({install})"
    return (
        f"warning: {len(missing)} of the {len(wanted)} {split} fonts are not installed "
        f"({', '.join(missing)}); rendering in the others ({install})"
    )


def pick_font(rng: np.random.Generator, fonts: tuple[FontFace, ...], sans_share: float) -> FontFace:
    """A font from ``fonts``, sans-serif with probability ``sans_share`` when both kinds exist."""
    sans = [face for face in fonts if face.kind == "sans"]
    serif = [face for face in fonts if face.kind != "sans"]
    pool = sans if (rng.random() < sans_share and sans) or not serif else serif
    return pool[int(rng.integers(len(pool)))]


@cache
def load_font(face: FontFace, size: int) -> ImageFont.FreeTypeFont:
    """The font at ``size`` pixels (cached per process)."""
    path = font_path(face)
    if path is None:
        return ImageFont.load_default(size=size)  # type: ignore[return-value]
    return ImageFont.truetype(path, size=size)


def ink(text: str, face: FontFace, size: int) -> np.ndarray:
    """Coverage (float32, 0..1) of ``text`` drawn at ``size`` px, cropped to its ink."""
    font = load_font(face, max(4, int(size)))
    left, top, right, bottom = font.getbbox(text)
    width, height = max(1, right - left), max(1, bottom - top)
    canvas = Image.new("L", (width + 4, height + 4), 0)
    ImageDraw.Draw(canvas).text((2 - left, 2 - top), text, font=font, fill=255)
    mask = np.asarray(canvas, dtype=np.float32) * (1.0 / 255.0)
    rows = np.flatnonzero(mask.max(axis=1) > 0.02)
    cols = np.flatnonzero(mask.max(axis=0) > 0.02)
    if len(rows) == 0 or len(cols) == 0:
        return np.zeros((1, 1), np.float32)
    return mask[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]


def cap_height_ink(face: FontFace, size: int) -> int:
    """Height in pixels of a capital letter's ink at ``size`` (for scaling glyphs alike)."""
    return ink("H", face, size).shape[0]
