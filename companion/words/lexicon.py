"""A lexicon: one immutable word list with fast membership and optional commonness.

Pure: the words (and a function giving their Zipf commonness) are passed in; nothing here
reads files. Words are stored lowercase; every query is case-insensitive, so ``"QUIz"`` (a
wild played as Z) is looked up as ``quiz``.

Commonness is wordfreq's Zipf scale (about 7 for "the", 3 for a word met once per million
words, 0 for a word wordfreq does not know). It is shown beside a verdict and used by the
"common words only" house rule, but it is never the authority on validity by itself: a word
must be in the list first.
"""

from __future__ import annotations

import threading
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
ZipfSource = Callable[[Sequence[str]], Sequence[float] | None]


@dataclass(frozen=True)
class LexiconInfo:
    """What a list is and where it comes from (the ``<id>.json`` next to ``<id>.txt``)."""

    id: str
    name: str
    language: str
    source: str = ""
    licence: str = ""


def normalise(word: str) -> str:
    """The stored form of a word: trimmed, lowercase."""
    return word.strip().lower()


class Lexicon:
    """One word list. Build it once per process and share it (it is never mutated).

    ``words`` is sorted A-Z; ``zipf_source`` (optional) is called
    once, on first need, with that tuple and returns one Zipf value per word.
    """

    def __init__(
        self, info: LexiconInfo, words: Iterable[str], zipf_source: ZipfSource | None = None
    ) -> None:
        unique = set(words)
        joined = "\n".join(unique)
        if joined != joined.lower() or len(joined.split()) != len(unique):  # not yet normalised
            unique = set(map(normalise, unique))
        unique.discard("")
        self.info = info
        self.words: tuple[str, ...] = tuple(sorted(unique))
        self._set = frozenset(self.words)
        self._zipf_source = zipf_source
        self._cache: dict[str, Any] = {}
        self._lock = threading.RLock()

    @classmethod
    def prepared(
        cls,
        info: LexiconInfo,
        words: tuple[str, ...],
        zipf: Sequence[float] | None,
        kept: dict[str, object] | None = None,
    ) -> Lexicon:
        """A lexicon from words already stored (lowercase, unique, sorted A-Z: a prepared
        list, see ``companion.words.prepared``), their Zipf values (None: the language has no
        commonness) and values derived from them to keep with it (see ``cached``)."""
        lexicon = cls(info, ())
        lexicon.words = words
        lexicon._set = frozenset(words)
        lexicon._cache.update(kept or {})
        lexicon._cache["zipf"] = zipf
        return lexicon

    @property
    def id(self) -> str:
        return self.info.id

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and normalise(word) in self._set

    def is_word(self, word: str, min_zipf: float | None = None) -> bool:
        """In the list, and (with the "common words only" house rule) common enough."""
        if word not in self:
            return False
        return min_zipf is None or self.zipf(word) >= min_zipf

    def position(self, word: str) -> int | None:
        """Index of ``word`` in ``words`` (None when absent)."""
        key = normalise(word)
        i = bisect_left(self.words, key)
        return i if i < len(self.words) and self.words[i] == key else None

    @property
    def has_commonness(self) -> bool:
        return self.zipf_table() is not None

    def zipf_table(self) -> Sequence[float] | None:
        """Zipf value of every word, aligned with ``words`` (None when unknown)."""
        return self.cached("zipf", self._build_zipf)

    def zipf(self, word: str) -> float:
        """Commonness of ``word`` on the Zipf scale; 0.0 when not known or not a word."""
        table = self.zipf_table()
        i = self.position(word)
        return 0.0 if table is None or i is None else round(float(table[i]), 2)

    def cached(self, key: str, build: Callable[[], T]) -> T:
        """A value derived from the words, built once (thread-safe) and kept with the list."""
        if key not in self._cache:
            with self._lock:
                if key not in self._cache:
                    self._cache[key] = build()
        value: T = self._cache[key]
        return value

    def _build_zipf(self) -> Sequence[float] | None:
        if self._zipf_source is None:
            return None
        values = self._zipf_source(self.words)
        return None if values is None else array("f", values)

    def __repr__(self) -> str:
        return f"<Lexicon {self.info.id!r}: {len(self.words)} words>"
