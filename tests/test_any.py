"""``Any`` only where JSON first enters (DESIGN.md, "One seam"): every other type says what it
holds, and mypy checks it. JSON that has just entered (a request body, a form, a stored
payload read back) is ``Entered``, and a game's own State or Options where the shell holds
every game at once is ``Opaque``: both declared once, in ``companion.games.protocol``.

The modules below still hold some ``Any`` (counted as names in the source, imports aside),
each at most as many as listed, so none can grow back; a module made precise is taken off
(or its count lowered) in the same change. The two named escapes are counted too."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

# where the named escapes are declared: their one ``Any`` each
DECLARED = {"companion/games/protocol.py": 2}

# modules not yet precise: the game packages other work was changing at the time (Hearts,
# Consonants, Follow the Author, the trick base), the web layer, and a few SQL/JSON edges
NOT_YET = {
    "companion/games/consonants/options.py": 1,
    "companion/games/follow_the_author/options.py": 1,
    "companion/games/hearts/options.py": 1,
    "companion/games/optionvalues.py": 1,
    "companion/games/trickgame/entries.py": 1,
    "companion/games/trickgame/hands.py": 1,
    "companion/web/kinds.py": 1,
    "companion/words/lexicon.py": 1,
}

# how often each package may use the named escapes (uses, declarations aside)
ESCAPES = {
    ("Entered", "games"): 69,  # the forms a game reads: each reader's form
    ("Entered", "tables"): 5,
    ("Entered", "web"): 70,
    ("Opaque", "games"): 15,
    ("Opaque", "tables"): 4,
    ("Opaque", "web"): 4,
}


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def names(path: Path, wanted: str) -> int:
    """How often ``wanted`` is used as a name in the module (``typing.Any`` included; an
    import is not a use)."""
    tree = ast.parse(path.read_text())
    return sum(
        1
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id == wanted)
        or (isinstance(node, ast.Attribute) and node.attr == wanted)
    )


def counted(wanted: str) -> dict[str, int]:
    found = {}
    for path in modules():
        n = names(path, wanted)
        if n:
            found[path.relative_to(ROOT).as_posix()] = n
    return found


def test_any_only_where_allowed_and_never_more():
    allowed = {**NOT_YET, **DECLARED}
    found = counted("Any")
    grown = {m: (n, allowed.get(m, 0)) for m, n in found.items() if n > allowed.get(m, 0)}
    assert not grown, (
        f"Any came back (module: (now, allowed)): {grown}. Say what the value holds; JSON "
        "that has just entered is games.protocol.Entered, a game's own state in the shell "
        "games.protocol.Opaque."
    )


def test_the_allowlist_follows_the_code_down():
    found = counted("Any")
    allowed = {**NOT_YET, **DECLARED}
    lower = {m: (found.get(m, 0), n) for m, n in allowed.items() if found.get(m, 0) < n}
    assert not lower, f"fewer Any than listed (module: (now, listed)): lower the list: {lower}"


def test_the_named_escapes_do_not_spread():
    for (alias, package), most in ESCAPES.items():
        uses = Counter()
        for path in (PACKAGE / package).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            uses[rel] = names(path, alias) - (1 if rel in DECLARED else 0)
        total = sum(uses.values())
        assert total <= most, (
            f"{alias} is used {total} times in companion/{package}, at most {most}"
        )


def test_the_count_sees_annotations(tmp_path: Path):
    # annotations are read as written (``from __future__ import annotations``), imports not
    module = tmp_path / "m.py"
    module.write_text(
        "from __future__ import annotations\nimport typing\nfrom typing import Any\n"
        "x: dict[str, Any] = {}\ndef f(a: typing.Any) -> list[Any]: ...\n"
    )
    assert names(module, "Any") == 3
