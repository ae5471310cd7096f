"""Reading word lists from disk (impure): ``<id>.txt`` plus ``<id>.json`` metadata.

Format (see ``dictionaries/README.md``): ``<id>.txt`` is UTF-8, one word per line; blank lines
and lines starting with ``#`` are ignored; words are stored lowercase. ``<id>.json`` is
``{"name", "language", "source", "licence"}`` (``words``, a count, is optional and only
informative). Commonness comes from wordfreq for the list's language, when it has one.

Each file is loaded at most once per process (cached by path, size and modification time), so
every app in the process shares one copy of each list. A list is read from its prepared form
(``companion.words.prepared``: words, commonness and anagram index, about 0.1 s of CPU) kept in
a cache folder (``COMPANION_WORDS_CACHE``, else ``$XDG_CACHE_HOME/companion/words``, else
``~/.cache/companion/words``); the first load of a list's content works them out (about 2.5 s
for the English list) and stores that form. The file's name holds a fingerprint of the list,
its language, the wordfreq release and this package's code, so it is never stale. A folder
that cannot be written only costs the time.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from companion.cachedir import user_cache
from companion.words import prepared
from companion.words.lexicon import Lexicon, LexiconInfo, ZipfSource

log = logging.getLogger(__name__)
_PLAIN = re.compile(r"[a-z\n]*")
DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "dictionaries"

_cache: dict[tuple[str, int, int], Lexicon] = {}
_lock = threading.Lock()


def list_ids(dirs: Iterable[Path]) -> dict[str, Path]:
    """Every ``<id>.txt`` in ``dirs``; for an id found twice the first folder wins."""
    found: dict[str, Path] = {}
    for folder in dirs:
        folder = Path(folder)
        if not folder.is_dir():
            log.warning("dictionary folder %s does not exist", folder)
            continue
        for path in sorted(folder.glob("*.txt")):
            if path.stem in found:
                log.warning(
                    "dictionary %s: id %r already loaded from %s", path, path.stem, found[path.stem]
                )
                continue
            found[path.stem] = path
    return found


def read_info(path: Path) -> LexiconInfo:
    """The metadata next to ``path`` (``<id>.json``); the id and "und" when it is missing."""
    meta_path = path.with_suffix(".json")
    meta: dict[str, object] = {}
    if meta_path.exists():
        loaded = json.loads(meta_path.read_text(encoding="utf-8"))
        meta = loaded if isinstance(loaded, dict) else {}
    text = {k: str(meta.get(k, "")) for k in ("name", "language", "source", "licence")}
    return LexiconInfo(
        id=path.stem,
        name=text["name"] or path.stem,
        language=text["language"] or "und",
        source=text["source"],
        licence=text["licence"],
    )


def clean_lines(lines: Iterable[str]) -> tuple[list[str], list[tuple[int, str]]]:
    """Words from the lines of a list, and the (line number, text) of lines that are not one
    word of letters (a space, a digit, punctuation)."""
    words: list[str] = []
    bad: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        word = line.strip()
        if not word or word.startswith("#"):
            continue
        if word.isalpha():
            words.append(word.lower())
        else:
            bad.append((number, word))
    return words, bad


def read_words(path: Path) -> list[str]:
    """The words of a list file; lines that are not a word are skipped (and logged)."""
    return words_in(path.read_text(encoding="utf-8"), path)


def words_in(text: str, path: Path) -> list[str]:
    """The words of the text of the list file ``path`` (named in the log)."""
    if _PLAIN.fullmatch(text):  # the usual case: lowercase a-z words, one a line
        return text.split()
    words, bad = clean_lines(text.splitlines())
    if bad:
        log.warning("dictionary %s: %d lines skipped (first: line %d)", path, len(bad), bad[0][0])
    return words


def wordfreq_zipf(language: str) -> ZipfSource:
    """A Zipf source backed by wordfreq's list for ``language`` (None when it has none)."""

    def source(words: Sequence[str]) -> list[float] | None:
        table = _zipf_table(language)
        return None if table is None else [table.get(w, 0.0) for w in words]

    return source


def _zipf_table(language: str) -> dict[str, float] | None:
    try:
        import wordfreq

        read: Callable[..., list[list[str]]] = getattr(
            wordfreq.get_frequency_list, "__wrapped__", wordfreq.get_frequency_list
        )
        buckets = read(language, "best")  # uncached read: the table below is all we keep
    except (LookupError, ImportError, ValueError):
        return None
    return {w: (900 - i) / 100 for i, bucket in enumerate(buckets) for w in bucket}


def load(path: Path) -> Lexicon:
    """The lexicon in ``path``, loaded once per process (reloaded if the file changed)."""
    path = Path(path).resolve()
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _lock:
        if key not in _cache:
            _cache[key] = _read(path)
        return _cache[key]


# the code that works out the prepared form: a change to it makes a new fingerprint
_CODE = ("lexicon.py", "anagram.py", "loader.py", "prepared.py")
_KEEP_OLD_SECONDS = 24 * 3600


def cache_folder() -> Path | None:
    """Where prepared lists are kept (None: no home folder to keep them in)."""
    configured = os.environ.get("COMPANION_WORDS_CACHE")
    return Path(configured) if configured else user_cache("words")


def fingerprint(data: bytes, info: LexiconInfo) -> str:
    """What the prepared form of the list file ``data`` is worked out from, hashed."""
    digest = hashlib.sha256(prepared.MAGIC + prepared.LAYOUT.encode())
    digest.update(f"\n{info.language}\n{_wordfreq_release()}\n".encode())
    here = Path(__file__).parent
    for name in _CODE:
        digest.update((here / name).read_bytes())
    digest.update(data)
    return digest.hexdigest()


def _wordfreq_release() -> str:
    from importlib import metadata

    try:
        return metadata.version("wordfreq")
    except metadata.PackageNotFoundError:
        return "none"


def _read(path: Path) -> Lexicon:
    """The list in ``path``: from its prepared form when there is one, else worked out from
    the file (and its prepared form stored for the next time)."""
    info = read_info(path)
    data = path.read_bytes()
    key = fingerprint(data, info)
    folder = cache_folder()
    kept = None if folder is None else folder / f"{info.id}-{key[:32]}.words"
    if kept is not None:
        try:
            found = prepared.decode(kept.read_bytes(), key, info)
        except OSError:
            found = None
        if found is not None:
            try:
                os.utime(kept)  # in use: kept from the clean-up of unused forms
            except OSError:
                pass
            return found
    lexicon = Lexicon(info, words_in(data.decode("utf-8"), path), wordfreq_zipf(info.language))
    if kept is not None:
        _store(kept, prepared.encode(key, lexicon))
    return lexicon


def _store(kept: Path, data: bytes) -> None:
    """Write ``kept`` whole or not at all (two processes may write it at once), and drop
    the same list's prepared forms unused for a day (each read marks its file used)."""
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".prepare-", dir=kept.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, kept)
        except BaseException:
            os.unlink(temporary)
            raise
        stem = kept.name.rsplit("-", 1)[0]
        for old in kept.parent.glob(f"{stem}-*.words"):
            same_list = old.name.rsplit("-", 1)[0] == stem  # not "en-gb-..." for "en"
            if same_list and old != kept and time.time() - old.stat().st_mtime > _KEEP_OLD_SECONDS:
                old.unlink(missing_ok=True)
    except OSError as exc:
        log.info("prepared word list not kept in %s: %s", kept.parent, exc)


def loaded() -> list[Lexicon]:
    """The lexicons this process has loaded so far."""
    with _lock:
        return list(_cache.values())


def write_list(folder: Path, info: LexiconInfo, words: Iterable[str]) -> Path:
    """Install a list: ``<folder>/<id>.txt`` (sorted, unique) and ``<id>.json``."""
    folder.mkdir(parents=True, exist_ok=True)
    unique = sorted(set(words))
    path = folder / f"{info.id}.txt"
    path.write_text("".join(w + "\n" for w in unique), encoding="utf-8")
    meta = {
        "name": info.name,
        "language": info.language,
        "source": info.source,
        "licence": info.licence,
        "words": len(unique),
    }
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return path
