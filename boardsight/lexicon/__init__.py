"""Word lists for the solvers: loading, folding and fast queries.

>>> from boardsight.lexicon import load_lexicon
>>> lexicon = load_lexicon("enable")
>>> "qat" in lexicon, lexicon.has_prefix("QUI")
(True, True)
"""

from boardsight.lexicon.folding import FOLDINGS, Folding, fold_word
from boardsight.lexicon.lexicon import Lexicon, LexiconInfo
from boardsight.lexicon.registry import DEFAULT_LEXICON, NAMED_LEXICONS, load_lexicon

__all__ = [
    "DEFAULT_LEXICON",
    "FOLDINGS",
    "NAMED_LEXICONS",
    "Folding",
    "Lexicon",
    "LexiconInfo",
    "fold_word",
    "load_lexicon",
]
