"""Word lists load from a prepared form (``companion.words.prepared``) kept in a cache folder:
the same words, commonness and anagram index as worked out from the list file, never a stale
one, and a broken or unwritable cache only costs time."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.words import loader, prepared
from companion.words.anagram import index_of
from companion.words.helper import anagrams, find
from companion.words.judge import judge
from companion.words.lexicon import Lexicon


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("COMPANION_WORDS_CACHE", str(folder))
    return folder


def fresh(path: Path) -> Lexicon:
    """``path`` loaded as a new process would (not the copy this process keeps)."""
    for key in [k for k in loader._cache if k[0] == str(path.resolve())]:
        del loader._cache[key]
    return loader.load(path)


def same(a: Lexicon, b: Lexicon) -> None:
    assert a.info == b.info and a.words == b.words and len(a) == len(b)
    za, zb = a.zipf_table(), b.zipf_table()
    assert (None if za is None else list(za)) == (None if zb is None else list(zb))
    ia, ib = index_of(a), index_of(b)
    assert ia.words == ib.words and list(ia.zipf) == list(ib.zipf)
    assert ia.at_least == ib.at_least and ia.length_at_least == ib.length_at_least


def write(folder: Path, words: str, language: str = "und") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.json").write_text(json.dumps({"name": "Mine", "language": language}))
    path = folder / "mine.txt"
    path.write_text(words)
    return path


def test_the_english_list_judges_the_same_from_its_prepared_form():
    path = loader.DEFAULT_DIR / "en.txt"
    info = loader.read_info(path)
    built = Lexicon(info, loader.read_words(path), loader.wordfreq_zipf(info.language))
    read = prepared.decode(prepared.encode("k", built), "k", info)
    assert read is not None and read.has_commonness
    same(built, read)
    for play in (["QI", "ZA"], ["ETUI"], ["BLDG"], ["QUIz"], ["AIOLI", "CWM"], ["XYZZYQ"]):
        assert judge(read, play) == judge(built, play)
    assert anagrams(read, "retains", 1) == anagrams(built, "retains", 1)
    assert find(read, "aeinrst", 0, ["AE"], min_zipf=2.5) == find(
        built, "aeinrst", 0, ["AE"], min_zipf=2.5
    )


def test_a_list_is_read_back_from_its_prepared_form(cache: Path, tmp_path: Path):
    path = write(tmp_path / "lists", "Zebra\napple\n# a note\nquokka\ncat\nact\n")
    first = fresh(path)
    kept = list(cache.glob("mine-*.words"))
    assert len(kept) == 1
    second = fresh(path)
    assert second is not first
    same(first, second)
    assert second.words == ("act", "apple", "cat", "quokka", "zebra")
    assert "ZEBRA" in second and not second.has_commonness


def test_a_changed_list_is_never_answered_from_an_old_prepared_form(cache: Path, tmp_path: Path):
    path = write(tmp_path / "lists", "cat\ndog\n")
    assert fresh(path).words == ("cat", "dog")
    path.write_text("cat\ncow\n")  # same size: only the content tells them apart
    os.utime(path, ns=(1, 1))
    assert fresh(path).words == ("cat", "cow")
    assert len(list(cache.glob("mine-*.words"))) == 2


def test_commonness_comes_back_with_the_list(cache: Path, tmp_path: Path):
    path = write(tmp_path / "lists", "the\ncat\nqi\nzzzzq\n", language="en")
    first = fresh(path)
    second = fresh(path)
    same(first, second)
    assert second.zipf("the") > second.zipf("cat") > 0 and second.zipf("zzzzq") == 0


def test_a_damaged_prepared_form_is_made_again(cache: Path, tmp_path: Path):
    path = write(tmp_path / "lists", "cat\ndog\nemu\n")
    first = fresh(path)
    (kept,) = cache.glob("mine-*.words")
    data = kept.read_bytes()
    for damaged in (data[:-3], data[: len(data) // 2], b"", data.replace(b"emu", b"eme")[:-1]):
        kept.write_bytes(damaged)
        same(fresh(path), first)
    assert kept.read_bytes() == data


def test_a_cache_folder_that_cannot_be_written_only_costs_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("COMPANION_WORDS_CACHE", str(blocker / "cache"))
    path = write(tmp_path / "lists", "cat\ndog\n")
    assert fresh(path).words == ("cat", "dog")
    assert fresh(path).words == ("cat", "dog")
