"""The :class:`Lexicon`: a set of folded words with fast membership and prefix queries."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from boardsight.lexicon.folding import Folding, fold_word


@dataclass(frozen=True)
class LexiconInfo:
    """Where a lexicon came from and what loading it left out."""

    name: str
    source: str
    licence: str
    folding: Folding
    encoding: str
    content_hash: str
    dropped: dict[str, int] = field(default_factory=dict)
    duplicates: int = 0


class Lexicon:
    """An immutable word set. Words are stored folded (upper case, accents folded).

    ``word in lexicon`` folds the query first, so ``"qat" in lexicon`` works.
    """

    def __init__(self, sorted_words: list[str], info: LexiconInfo) -> None:
        self._sorted = sorted_words
        self._words = frozenset(sorted_words)
        self.info = info

    @classmethod
    def from_words(
        cls, words: Iterable[str], *, name: str = "custom", folding: Folding = "english"
    ) -> Lexicon:
        """Build a lexicon from words in memory (handy for tests and tiny word games)."""
        folded = sorted({fold_word(word, folding) for word in words if word})
        info = LexiconInfo(
            name=name, source="memory", licence="n/a", folding=folding, encoding="n/a", content_hash=""
        )
        return cls(folded, info)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def words(self) -> frozenset[str]:
        """Every word, folded."""
        return self._words

    @property
    def sorted_words(self) -> list[str]:
        """Every word, folded, in code-point order (do not modify)."""
        return self._sorted

    def fold(self, word: str) -> str:
        """Fold ``word`` the way this lexicon's words are folded."""
        return fold_word(word, self.info.folding)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        return word in self._words or self.fold(word) in self._words

    def __len__(self) -> int:
        return len(self._sorted)

    def __iter__(self) -> Iterator[str]:
        return iter(self._sorted)

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (folded)."""
        folded = self.fold(prefix)
        index = bisect.bisect_left(self._sorted, folded)
        return index < len(self._sorted) and self._sorted[index].startswith(folded)

    def words_with_prefix(self, prefix: str) -> list[str]:
        """Every word that starts with ``prefix`` (folded), in order."""
        folded = self.fold(prefix)
        start = bisect.bisect_left(self._sorted, folded)
        end = bisect.bisect_left(self._sorted, folded + "\U0010ffff")
        return self._sorted[start:end]

    @cached_property
    def alphabet(self) -> str:
        """Every letter used by some word, sorted."""
        return "".join(sorted(set("".join(self._sorted))))

    def __repr__(self) -> str:
        return f"Lexicon({self.info.name!r}, {len(self)} words)"
