"""The Table API's part of the OpenAPI description (../shared/TABLE_API.md), with every
game's actions listed from the games themselves."""

from __future__ import annotations

from companion.tables.registry import GAMES
from companion.web.openapi import Schema

ERROR: Schema = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string"}},
}
STALE: Schema = {
    "type": "object",
    "required": ["error", "target", "target_version", "current"],
    "properties": {
        "error": {"type": "string"},
        "target": {"type": "object"},
        "target_version": {"type": "integer"},
        "current": {},
    },
}
# undo's target is the whole table: its version and value now are the table's version
TABLE_STALE: Schema = {
    "type": "object",
    "required": ["error", "target", "target_version", "current"],
    "properties": {
        "error": {"type": "string"},
        "target": {"type": "string", "enum": ["table"]},
        "target_version": {"type": "integer"},
        "current": {"type": "integer"},
    },
}
VERSION = (
    "The table's version: how many changes this table has had (its own count; it says "
    "nothing about other tables)."
)
BEARER: list[dict[str, list[str]]] = [{"tableKey": []}]


def _json(schema: Schema) -> Schema:
    return {"content": {"application/json": {"schema": schema}}}


def _answers(ok: Schema, code: str = "200", **more: tuple[str, Schema]) -> Schema:
    out: Schema = {code: {"description": "Done.", **_json(ok)}}
    out["400"] = {"description": "The body cannot be read.", **_json(ERROR)}
    for status, (words, schema) in more.items():
        out[status.removeprefix("s")] = {"description": words, **_json(schema)}
    return out


NO_KEY = "No key, or an unknown key (checked before the body is read)."


def _op(
    summary: str,
    body: Schema | None,
    answers: Schema,
    keyed: bool = True,
    security: list[dict[str, list[str]]] | None = None,
    no_key: str = NO_KEY,
) -> Schema:
    """One operation: its summary, its JSON body if any, its answers; a keyed one names its
    key (``security``, the table key by default) and answers 401 without it."""
    op: Schema = {"summary": summary, "responses": answers}
    if body is not None:
        op["requestBody"] = {"required": True, **_json(body)}
    if keyed:
        op["security"] = BEARER if security is None else security
        answers.setdefault("401", {"description": no_key, **_json(ERROR)})
    return op


def actions_text() -> str:
    lines = []
    for key, kind in GAMES.items():
        for name, words in kind.table.actions.items():
            lines.append(f"- {key} `{name}`: {words}")
    return "\n".join(lines)


def paths() -> Schema:
    obj: Schema = {"type": "object"}
    action: Schema = {
        "type": "object",
        "required": ["action", "target", "version"],
        "properties": {
            "action": {"type": "string"},
            "target": obj,
            "version": {"type": "integer", "minimum": 0},
            "data": obj,
            "game_number": {
                "type": "integer",
                "minimum": 1,
                "description": "Optional: the game the action was made in (GET "
                "/table's game_number); 409 once that game is over.",
            },
        },
    }
    refused = ("The rules refuse it now; nothing stored.", ERROR)
    stale = ("The target changed since the version named; nothing stored.", STALE)
    return {
        "/api/v1/tables": {
            "post": _op(
                "Start a table; answers the host key (shown once). A circle's table: "
                "`circle_key` and `members` (member ids in seat order) instead of `names`.",
                {
                    "type": "object",
                    "properties": {
                        "game": {"type": "string"},
                        "names": {"type": "array", "items": {"type": "string"}},
                        "options": obj,
                        "circle_key": {"type": "string"},
                        "members": {"type": "array", "items": {"type": "integer"}},
                    },
                },
                _answers(
                    obj,
                    "201",
                    s429=(
                        "Too many tables started from this address in the last "
                        "minute; nothing made (see Retry-After).",
                        ERROR,
                    ),
                ),
                keyed=False,
            )
        },
        "/api/v1/join/{token}": {
            "post": {
                **_op(
                    "Take a seat; answers the seat key (shown once).",
                    {
                        "type": "object",
                        "required": ["seat"],
                        "properties": {"seat": {"type": "integer"}, "name": {"type": "string"}},
                    },
                    _answers(
                        obj,
                        s403=("Joining is locked.", ERROR),
                        s404=("No table at this join link.", ERROR),
                        s409=("The seat is taken.", ERROR),
                    ),
                    keyed=False,
                ),
                "parameters": [
                    {"name": "token", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
            }
        },
        "/api/v1/table": {
            "get": _op(
                "The table for this key: seats, sheet, the game's state.",
                None,
                {
                    "200": {
                        "description": "The table.",
                        **_json(
                            {
                                "type": "object",
                                "properties": {
                                    "version": {"type": "integer", "description": VERSION}
                                },
                            }
                        ),
                    }
                },
            )
        },
        "/api/v1/table/actions": {
            "post": _op(
                "One action on an explicit target at the version seen. Actions:\n" + actions_text(),
                action,
                _answers(obj, s403=("This key may not.", ERROR), s409=stale, s422=refused),
            )
        },
        "/api/v1/table/undo": {
            "post": _op(
                "Undo the newest change still in force (a batch saved together, whole).",
                {
                    "type": "object",
                    "required": ["version"],
                    "properties": {"version": {"type": "integer", "description": VERSION}},
                },
                _answers(
                    obj,
                    s403=("This key may not.", ERROR),
                    s422=refused,
                    s409=(
                        "The table changed since the version named; nothing undone.",
                        TABLE_STALE,
                    ),
                ),
            )
        },
        "/api/v1/table/host": {
            "post": _op(
                "Host actions: lock, unlock, free a seat, rotate the links. Adding or removing a "
                "seat (custom sheet) is a game action with a version: `add-seat` and `remove-seat` "
                "under /api/v1/table/actions.",
                {
                    "type": "object",
                    "required": ["action"],
                    "properties": {
                        "action": {"type": "string", "enum": ["lock", "unlock", "free", "rotate"]},
                        "seat": {"type": "integer"},
                    },
                },
                _answers(obj, s403=("Not the host key.", ERROR)),
            )
        },
    }
