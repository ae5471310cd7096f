"""Small and cached (issue 11): compressed answers, content-hashed static names with an
immutable cache, the manifest, the service worker, the offline page and the version check."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

import companion
from companion import create_app
from companion.web import assets
from companion.web.security import CSP
from tests.web.tablehelp import csrf, enter, new_table

STATIC = companion.ROOT / "static"
STATIC_URL = re.compile(r'(?:src|href)="(/static/[^"]+)"')
GZIP = {"Accept-Encoding": "gzip"}


def test_a_static_name_carries_its_content_hash_and_changes_with_it(tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "vendor").mkdir(parents=True)
    (static / "app.js").write_text("console.log(1);\n" * 100)
    (static / "vendor" / "lib.min.js").write_text("var a = 1;\n")
    before = assets.manifest(static)
    digest = hashlib.sha256((static / "app.js").read_bytes()).hexdigest()[:12]
    assert before["app.js"] == f"app.{digest}.js"
    assert re.fullmatch(r"vendor/lib\.min\.[0-9a-f]{12}\.js", before["vendor/lib.min.js"])
    folder = assets.build(static, before, tmp_path / "build")
    copy = folder / before["app.js"]
    assert copy.read_bytes() == (static / "app.js").read_bytes()
    assert gzip.decompress((folder / (before["app.js"] + ".gz")).read_bytes()) == copy.read_bytes()

    (static / "app.js").write_text("console.log(2);\n" * 100)
    after = assets.manifest(static)
    assert after["app.js"] != before["app.js"]
    assert after["vendor/lib.min.js"] == before["vendor/lib.min.js"]  # untouched file, same name
    assert assets.build(static, after, tmp_path / "build") != folder


def test_the_page_links_a_changed_static_file_under_a_new_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An app started on a copy of the project whose app.js differs by one line hands out
    another URL for it; the other files keep theirs."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "templates").symlink_to(companion.ROOT / "templates")
    (root / "static").symlink_to(STATIC)
    real = _page_static_urls(_app(tmp_path / "a", monkeypatch, root))

    root2 = tmp_path / "project2"
    root2.mkdir()
    (root2 / "templates").symlink_to(companion.ROOT / "templates")
    (root2 / "static").mkdir()
    for path in STATIC.rglob("*"):
        if path.is_file():
            target = root2 / "static" / path.relative_to(STATIC)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    with (root2 / "static" / "app.js").open("a") as out:
        out.write("\n// changed\n")
    changed = _page_static_urls(_app(tmp_path / "b", monkeypatch, root2))

    js = [u for u in real if "/app." in u and u.endswith(".js")]
    js2 = [u for u in changed if "/app." in u and u.endswith(".js")]
    assert js and js2 and js != js2
    assert [u for u in real if u not in js] == [u for u in changed if u not in js2]


def _app(folder: Path, monkeypatch: pytest.MonkeyPatch, root: Path):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(companion, "ROOT", root)
    monkeypatch.setenv("COMPANION_INSTANCE", str(folder / "instance"))
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db.sqlite3'}",
            "STATIC_BUILD_DIR": str(folder / "build"),
        }
    )


def _page_static_urls(app) -> list[str]:  # type: ignore[no-untyped-def]
    return STATIC_URL.findall(app.test_client().get("/offline").get_data(as_text=True))


def test_static_files_are_hashed_immutable_and_compressed(api_client) -> None:
    page = api_client.get("/").get_data(as_text=True)
    urls = STATIC_URL.findall(page)
    assert len(urls) >= 4
    for url in urls:
        name = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", url.removeprefix("/static/"))
        content = (STATIC / name).read_bytes()
        assert url == "/static/" + assets.hashed_name(name, content)
        answer = api_client.get(url, headers=GZIP)
        assert answer.status_code == 200
        cache = answer.headers["Cache-Control"]
        assert "immutable" in cache and int(re.search(r"max-age=(\d+)", cache)[1]) >= 31536000
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        body = answer.data
        if answer.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        assert body == content
    htmx = next(u for u in urls if "htmx-2" in u)
    assert api_client.get(htmx, headers=GZIP).headers["Content-Encoding"] == "gzip"
    assert (
        api_client.get(htmx, headers={"Accept-Encoding": "br, gzip"}).headers["Content-Encoding"]
        == "br"
    )


def test_pages_fragments_and_json_leave_compressed_but_streams_do_not(client, app) -> None:
    table = new_table(client)
    page = client.get(table, headers=GZIP)
    assert page.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page.headers["Vary"]
    assert page.headers["Content-Security-Policy"] == CSP  # the CSP still holds
    assert b"table-version" in gzip.decompress(page.data)
    live = client.get(f"{table}/live", headers=GZIP)
    assert live.headers["Content-Encoding"] == "gzip" and b"sheet" in gzip.decompress(live.data)
    token = table.rsplit("/", 1)[1]
    exported = client.get(f"/t/{token}/games/1/export.json", headers=GZIP)
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    if len(exported.data) > 500 or exported.headers.get("Content-Encoding"):
        json.loads(gzip.decompress(exported.data))
    spec = client.get("/api/v1/openapi.json", headers=GZIP)
    assert spec.headers["Content-Encoding"] == "gzip"
    assert "paths" in json.loads(gzip.decompress(spec.data))

    app.config["STREAM_SECONDS"] = 0.2
    stream = client.get(f"{table}/stream", headers={**GZIP, "Last-Event-ID": "0"})
    assert stream.mimetype == "text/event-stream"
    assert "Content-Encoding" not in stream.headers
    assert "event: update" in stream.get_data(as_text=True)  # plain text, not held back


def test_a_stale_entry_is_still_told_when_the_phone_accepts_gzip(client) -> None:
    table = new_table(client)
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    assert enter(client, table, 1, {0: 8}, **{"version-0": 1, "edit": 1}).status_code == 303
    data = {"csrf_token": csrf(client), "points-0": "2", "version-0": "1", "edit": "1"}
    late = client.post(f"{table}/round/1", data=data, headers={**GZIP, "HX-Request": "true"})
    assert late.status_code == 409
    body = late.data
    if late.headers.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    text = body.decode()
    assert 'value="2"' in text and "now 8" in text


def test_manifest_names_the_app_and_its_icons(api_client) -> None:
    answer = api_client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = json.loads(answer.data)
    assert manifest["name"] == "Companion" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    for size in ("192x192", "512x512"):
        icon = api_client.get(sizes[size]["src"])
        assert icon.status_code == 200 and icon.mimetype == "image/png"
        assert icon.data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(icon.data[16:20]), int.from_bytes(icon.data[20:24])
        assert f"{width}x{height}" == size
    page = api_client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_service_worker_keeps_the_shell_and_not_table_data(api_client) -> None:
    answer = api_client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in answer.headers["Cache-Control"]  # a new version is seen at once
    script = answer.get_data(as_text=True)
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", script)[1])
    assert shell[0] == "/offline"
    page_urls = STATIC_URL.findall(api_client.get("/").get_data(as_text=True))
    assert set(page_urls) <= set(shell)  # what every page loads is there with no network
    assert not [u for u in shell if u.startswith(("/t/", "/s/", "/api/"))]
    offline = api_client.get("/offline")
    assert offline.status_code == 200 and b"You are offline" in offline.data


def test_version_check_names_the_tables_version(client) -> None:
    table = new_table(client)
    token = table.rsplit("/", 1)[1]
    share = re.search(r'href="(/s/[^"]+)"', client.get(table).get_data(as_text=True))[1]
    first = client.get(f"/t/{token}/version").get_json()["version"]
    enter(client, table, 1, {0: 5, 1: 7, 2: 3})
    answer = client.get(f"/t/{token}/version")
    assert answer.headers["Cache-Control"] == "no-store"
    version = answer.get_json()["version"]
    assert version > first
    assert client.get(f"{share}/version").get_json()["version"] == version
    page = client.get(table).get_data(as_text=True)
    assert f'id="table-version" name="seen" value="{version}"' in page
    missing = client.get("/t/nosuchtable/version")
    assert missing.status_code == 404


def test_builds_of_old_static_content_are_dropped_a_day_later(tmp_path: Path) -> None:
    import os

    static = tmp_path / "static"
    static.mkdir()
    (static / "a.css").write_text("a { color: red }\n")
    old = assets.build(static, assets.manifest(static), tmp_path / "build")
    (static / "a.css").write_text("a { color: blue }\n")
    recent = assets.build(static, assets.manifest(static), tmp_path / "build")
    assert old.is_dir() and recent.is_dir()  # an old server may still be serving it
    two_days_ago = old.stat().st_mtime - 2 * 24 * 3600
    os.utime(old, (two_days_ago, two_days_ago))
    (static / "a.css").write_text("a { color: green }\n")
    newest = assets.build(static, assets.manifest(static), tmp_path / "build")
    assert not old.exists() and recent.is_dir() and newest.is_dir()
