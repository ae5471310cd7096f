#!/usr/bin/env python3
"""Rebuild dictionaries/en.txt, the default English list for word games.

Source: SCOWL's category files as Debian ships them in the ``scowl`` package
(``apt-get install scowl``; 2020.12.07-2 for the shipped file), in /usr/share/dict/scowl.

Steps (all in this script, so the result is the same on any machine with that package):

1. Take the *word* files only - ``{english,american,british,british_z,canadian,australian,
   variant_1,variant_2,variant_3}-words.{10,20,35,40,50,55,60,70,80}``. SCOWL keeps
   abbreviations, proper names, upper-case words, contractions and Roman numerals in other
   files, which are left out.
   Size 95 (SCOWL's "insane" level, full of misspellings) is left out too.
2. Keep entries made only of lowercase a-z (drops accented words and possessives).
3. Drop single letters, every two-letter entry not in ``en-src/en-two-letter.lst`` (letter
   plurals, unit symbols), every Roman numeral except ``mix``, and ``en-src/en-drop.lst``.
4. Add ``en-src/en-two-letter.lst`` and ``en-src/en-add.lst`` (real words SCOWL files under
   abbreviations, such as AA and OE, or lacks, such as ETUI and AIOLI).
5. Sort (C locale) and write one word a line to en.txt; update the count in en.json.

Run: ``python3 dictionaries/build_en.py [--scowl /usr/share/dict/scowl]``.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARIANTS = (
    "english",
    "american",
    "british",
    "british_z",
    "canadian",
    "australian",
    "variant_1",
    "variant_2",
    "variant_3",
)
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80)
PLAIN = re.compile(r"[a-z]+")
ROMAN = re.compile(r"m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
ROMAN_WORDS = {"mix"}


def read_lst(name: str) -> set[str]:
    text = (HERE / "en-src" / name).read_text(encoding="utf-8")
    lines = (line for line in text.splitlines() if not line.startswith("#"))
    return {word for line in lines for word in line.split()}


def scowl_words(folder: Path) -> set[str]:
    words: set[str] = set()
    for variant in VARIANTS:
        for size in SIZES:
            path = folder / f"{variant}-words.{size}"
            if path.exists():
                text = path.read_text(encoding="latin-1")
                words.update(w for w in text.split() if PLAIN.fullmatch(w))
    return words


def is_roman(word: str) -> bool:
    return bool(ROMAN.fullmatch(word)) and word not in ROMAN_WORDS


def build(folder: Path) -> list[str]:
    two = read_lst("en-two-letter.lst")
    words = {w for w in scowl_words(folder) if len(w) > 2 and not is_roman(w)}
    words -= read_lst("en-drop.lst")
    words |= two | read_lst("en-add.lst")
    return sorted(words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    args = parser.parse_args()
    if not args.scowl.is_dir():
        raise SystemExit(f"{args.scowl} not found: apt-get install scowl")
    words = build(args.scowl)
    (HERE / "en.txt").write_text("".join(w + "\n" for w in words), encoding="utf-8")
    meta_path = HERE / "en.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["words"] = len(words)
    meta_path.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"en.txt: {len(words)} words")


if __name__ == "__main__":
    main()
