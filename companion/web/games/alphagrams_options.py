"""Kept for ``consonants_options``, which reads the commonness threshold the same way; the
AlphaGrams options themselves live in ``companion.games.alphagrams.tableopts``."""

from __future__ import annotations

from companion.games.alphagrams.tableopts import read_min_zipf

__all__ = ["read_min_zipf"]
