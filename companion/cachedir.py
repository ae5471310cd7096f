"""Where this user's Companion keeps what it can always work out again: prepared word lists
(``companion.words.loader``) and compiled page templates (``companion.web.templatecache``).
``$XDG_CACHE_HOME/companion/<name>``, else ``~/.cache/companion/<name>``."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache(name: str) -> Path | None:
    """The folder for ``name`` (not made here); None when there is no home folder."""
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return Path(base or Path.home() / ".cache") / "companion" / name
    except RuntimeError:  # no home folder
        return None
