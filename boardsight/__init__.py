"""boardsight: read Boggle trays and Scrabble boards from photos and judge the words on them."""

__version__ = "0.1.0"
