"""Only ``companion/tables/service.py`` writes a game's events (DESIGN.md, "One seam"): no
other module calls a function of ``companion.tables.store`` that appends events, builds an
event row itself or sends its own INSERT into ``events``.

Which store functions write is read from ``store.py`` itself (a function that builds an
``Event``, uses the events table or calls another such function), not kept as a list here,
so a new writer in the store is covered the day it is written.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
STORE = COMPANION / "tables" / "store.py"
# the one writer, the store it writes with, and the schema's own history
WRITERS = {"companion/tables/service.py", "companion/tables/store.py"}
EVENT_TABLE_NAMES = {"Event", "EVENTS"}


def store_writers(source: str) -> set[str]:
    """The functions of the store's ``source`` that write events, directly or through
    another of them (a fixed point over the module's own calls)."""
    tree = ast.parse(source)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    # module-level statements built on the events table (``_INSERT = insert(EVENTS)...``)
    table_names = set(EVENT_TABLE_NAMES)
    for node in tree.body:
        if isinstance(node, ast.Assign) and _uses(node.value, table_names):
            table_names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    writes = {name for name, fn in functions.items() if _writes_directly(fn, table_names)}
    while True:
        more = {name for name, fn in functions.items()
                if name not in writes and _calls(fn) & writes}  # fmt: skip
        if not more:
            return writes
        writes |= more


def _uses(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def _writes_directly(fn: ast.FunctionDef, table_names: set[str]) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "Event":  # an ORM row
                return True
            if node.func.id == "insert" and node.args and _uses(node.args[0], table_names):
                return True
        if isinstance(node, ast.Name) and node.id in table_names - {"Event"}:
            return True  # the events table itself (``EVENTS``, ``_INSERT``)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "insert into events" in node.value.lower():
                return True
    return False


def _calls(fn: ast.FunctionDef) -> set[str]:
    return {n.func.id for n in ast.walk(fn)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}  # fmt: skip


def violations(source: str, writers: set[str]) -> list[str]:
    """Where ``source`` writes events itself: a call of a store function in ``writers`` (by
    the module, an alias of it, or the function imported by name), an ``Event`` row built,
    an insert into the events table, or SQL text inserting into ``events``."""
    tree = ast.parse(source)
    modules: set[str] = set()  # names bound to companion.tables.store
    functions: set[str] = set()  # names bound to one of its writers
    event_names: set[str] = set()  # names bound to the events model
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                bound = alias.asname or alias.name
                if node.module == "companion.tables" and alias.name == "store":
                    modules.add(bound)
                elif node.module == "companion.tables.store" and alias.name in writers:
                    functions.add(bound)
                elif node.module == "companion.tables.models" and alias.name == "Event":
                    event_names.add(bound)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "companion.tables.store" and alias.asname:
                    modules.add(alias.asname)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in writers
                    and isinstance(func.value, ast.Name) and func.value.id in modules):  # fmt: skip
                found.append(f"line {node.lineno}: {func.value.id}.{func.attr}()")
            elif isinstance(func, ast.Name) and func.id in functions:
                found.append(f"line {node.lineno}: {func.id}()")
            elif isinstance(func, ast.Name) and func.id in event_names:
                found.append(f"line {node.lineno}: builds an event row")
            elif (isinstance(func, ast.Name) and func.id == "insert" and node.args
                  and _uses(node.args[0], event_names)):  # fmt: skip
                found.append(f"line {node.lineno}: inserts into the events table")
            elif (isinstance(func, ast.Attribute) and func.attr == "insert"
                  and _uses(func.value, event_names)):  # fmt: skip
                found.append(f"line {node.lineno}: inserts into the events table")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "insert into events" in node.value.lower():
                found.append(f"line {node.lineno}: SQL inserting into events")
    return found


WRITERS_NOW = store_writers(STORE.read_text())


def modules() -> list[Path]:
    files = sorted(COMPANION.rglob("*.py"))
    return [p for p in files if "migrations" not in p.parts]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", modules(), ids=_name)
def test_only_the_service_writes_events(path: Path):
    name = _name(path)
    if name in WRITERS:
        return
    found = violations(path.read_text(), WRITERS_NOW)
    assert not found, f"{name} writes events itself (only tables/service.py may): {found}"


def test_the_store_writers_are_found_from_the_store_itself():
    """The writers the check looks for are read from store.py: every way it writes."""
    assert {"append", "insert_events", "insert_after", "insert_kept", "create_table",
            "new_game"} <= WRITERS_NOW  # fmt: skip
    assert not {"events", "table_by", "lock_game", "rotate", "slot_version"} & WRITERS_NOW


def test_the_check_sees_each_way_of_writing():
    """The check would fail for a module that writes events itself, however it is spelled."""
    cases = [
        "from companion.tables import store\nstore.append(g, 'join', 'A', 0, {})",
        "from companion.tables import store as s\ns.insert_events(1, [])",
        "from companion.tables.store import append as add\nadd(g, 'lock', 'Host', None, {})",
        "import companion.tables.store as st\nst.create_table('custom', {}, [], 'p')",
        "from companion.tables.models import Event\ndb.session.add(Event(game_id=1, kind='x'))",
        "from companion.tables.models import Event as E\nc.execute(insert(E).values(kind='x'))",
        "from companion.tables.models import Event\nc.execute(Event.__table__.insert())",
        "c.exec_driver_sql('INSERT INTO events (kind) VALUES (1)')",
    ]
    for source in cases:
        assert violations(source, WRITERS_NOW), source
    fine = "from companion.tables import store, service\nstore.table_by('token', t)\n"
    assert violations(fine + "service.act_table(t, g, a, who)", WRITERS_NOW) == []


def test_a_new_writer_in_the_store_is_found_without_listing_it():
    sneak = "\n\ndef sneak(game):\n    return append(game, 'x', '', None, {})\n"
    source = STORE.read_text() + sneak
    assert "sneak" in store_writers(source)
