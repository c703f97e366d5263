"""The bundled board readers: importing this module registers each of them.

Each reader module registers its functions with
:func:`boardsight.vision.reading.register_reader`; a new reader module is imported here.
"""

from boardsight.vision.boggle import onnx_reader as boggle_onnx
from boardsight.vision.boggle import tesseract_reader as boggle_tesseract
from boardsight.vision.scrabble import onnx_reader as scrabble_onnx
from boardsight.vision.scrabble import tesseract_reader as scrabble_tesseract

BUNDLED = (boggle_onnx, boggle_tesseract, scrabble_onnx, scrabble_tesseract)
