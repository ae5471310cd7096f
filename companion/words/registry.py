"""The loaded lexicons of a Flask app: ``init_app(app)``, then ``lexicons()`` / ``get_lexicon``.

Lists come from the shipped ``dictionaries/`` folder plus every folder in
``app.config["DICTIONARY_DIRS"]`` (a list of paths), found at start and loaded on first use
(set ``app.config["DICTIONARY_PRELOAD"] = True`` to load them all at start, with what the
judge and the helper derive from them: ``companion serve`` does, so that no phone's request
waits while a worker reads a list). Loaded lists are shared by every app of the process (see
``loader.load``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app

from companion.errors import Unreadable
from companion.words import loader
from companion.words.anagram import index_of
from companion.words.lexicon import Lexicon

EXTENSION = "lexicons"


@dataclass(frozen=True)
class LexiconSummary:
    id: str
    name: str
    language: str
    words: int

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "language": self.language, "words": self.words}


class LexiconRegistry:
    """The lists one app can use, by id, loaded lazily."""

    def __init__(self, dirs: list[Path]) -> None:
        self.dirs = dirs
        self.paths = loader.list_ids(dirs)

    def ids(self) -> list[str]:
        return sorted(self.paths)

    def get(self, lexicon_id: str) -> Lexicon:
        path = self.paths.get(lexicon_id)
        if path is None:
            known = ", ".join(self.ids()) or "none"
            raise Unreadable(
                f"field 'lexicon': unknown lexicon {lexicon_id!r:.40} (known: {known})", "lexicon"
            )
        return loader.load(path)

    def summaries(self) -> list[LexiconSummary]:
        out = []
        for lexicon_id in self.ids():
            lex = self.get(lexicon_id)
            out.append(LexiconSummary(lex.id, lex.info.name, lex.info.language, len(lex)))
        return out


def dirs_for(app: Flask) -> list[Path]:
    extra = app.config.get("DICTIONARY_DIRS") or []
    return [loader.DEFAULT_DIR, *(Path(d) for d in extra)]


def init_app(app: Flask) -> LexiconRegistry:
    """Find the app's lists and store the registry in ``app.extensions["lexicons"]``."""
    registry = LexiconRegistry(dirs_for(app))
    app.extensions[EXTENSION] = registry
    app.jinja_env.globals["lexicon_name"] = lexicon_name
    if app.config.get("DICTIONARY_PRELOAD"):
        preload(registry)
    return registry


def preload(registry: LexiconRegistry) -> None:
    """Load every list now, with its commonness and its anagram index (the helper's): about
    two seconds for the English list, spent as a worker starts instead of in the first
    request that needs them, while every other phone of that worker waits."""
    for lexicon_id in registry.ids():
        lexicon = registry.get(lexicon_id)
        lexicon.zipf_table()
        index_of(lexicon)


def current_registry() -> LexiconRegistry:
    """The current app's registry (set up on first use if ``init_app`` was not called)."""
    registry = current_app.extensions.get(EXTENSION)
    if not isinstance(registry, LexiconRegistry):
        registry = init_app(current_app)
    return registry


def lexicons() -> list[LexiconSummary]:
    return current_registry().summaries()


def lexicon_name(lexicon_id: str) -> str:
    """The name players see for a list (its id when this server has no such list)."""
    registry = current_registry()
    if lexicon_id not in registry.paths:
        return lexicon_id
    return registry.get(lexicon_id).info.name


def get_lexicon(lexicon_id: str) -> Lexicon:
    """The lexicon with this id; ``Unreadable`` (400 in the API) when there is none."""
    return current_registry().get(lexicon_id)
