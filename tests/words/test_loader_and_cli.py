from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from flask import Flask

from companion.words import loader, registry
from companion.words.cli import dict_cli


def test_shipped_english_list_has_metadata_and_copyright():
    folder = loader.DEFAULT_DIR
    meta = json.loads((folder / "en.json").read_text())
    assert {"name", "language", "source", "licence"} <= set(meta)
    assert "Kevin Atkinson" in (folder / "en.COPYRIGHT").read_text()
    head = (folder / "en.txt").read_text().split("\n", 2000)[:2000]
    assert all(w.isascii() and w.isalpha() and w.islower() for w in head if w)


def test_add_checks_and_installs_a_list(tmp_path: Path):
    src = tmp_path / "mine.txt"
    src.write_text("Zebra\napple\n\n# a comment\napple\nquokka\n")
    out = tmp_path / "lists"
    result = CliRunner().invoke(
        dict_cli,
        ["add", str(src), "--name", "My list", "--language", "en", "--into", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert (out / "my-list.txt").read_text() == "apple\nquokka\nzebra\n"
    meta = json.loads((out / "my-list.json").read_text())
    assert meta["name"] == "My list" and meta["language"] == "en" and meta["words"] == 3


def test_add_refuses_lines_that_are_not_words(tmp_path: Path):
    src = tmp_path / "bad.txt"
    src.write_text("apple\ntwo words\nr2d2\n")
    args = ["add", str(src), "--name", "Bad", "--language", "en", "--into", str(tmp_path / "o")]
    result = CliRunner().invoke(dict_cli, args)
    assert result.exit_code != 0 and "line 2" in result.output
    assert not (tmp_path / "o" / "bad.txt").exists()
    result = CliRunner().invoke(dict_cli, [*args, "--skip-invalid"])
    assert result.exit_code == 0 and (tmp_path / "o" / "bad.txt").read_text() == "apple\n"


def test_add_refuses_non_utf8_and_an_existing_id(tmp_path: Path):
    src = tmp_path / "latin.txt"
    src.write_bytes("caf\xe9\n".encode("latin-1"))
    args = ["add", str(src), "--name", "L", "--language", "fr", "--into", str(tmp_path)]
    assert "UTF-8" in CliRunner().invoke(dict_cli, args).output
    (tmp_path / "good.txt").write_text("a\n")
    args = [
        "add",
        str(tmp_path / "good.txt"),
        "--name",
        "Good",
        "--language",
        "en",
        "--into",
        str(tmp_path),
    ]
    CliRunner().invoke(dict_cli, args)
    again = CliRunner().invoke(dict_cli, args)
    assert again.exit_code != 0 and "--replace" in again.output


def test_list_shows_lists_and_counts(tmp_path: Path):
    (tmp_path / "tiny.txt").write_text("cat\ndog\n")
    result = CliRunner().invoke(dict_cli, ["list", "--dir", str(tmp_path)])
    assert result.exit_code == 0
    lines = {line.split()[0]: line for line in result.output.splitlines()[1:]}
    assert "254272" in lines["en"]
    assert lines["tiny"].split()[1] == "2"


def test_registry_loads_extra_folders_and_shares_one_copy(tmp_path: Path):
    (tmp_path / "tiny.txt").write_text("cat\ndog\n")
    (tmp_path / "tiny.json").write_text('{"name": "Tiny", "language": "en"}')
    first, second = Flask("a"), Flask("b")
    for app in (first, second):
        app.config["DICTIONARY_DIRS"] = [str(tmp_path)]
        registry.init_app(app)
    with first.app_context():
        tiny = registry.get_lexicon("tiny")
        assert "DOG" in tiny and tiny.info.name == "Tiny"
    with second.app_context():
        assert registry.get_lexicon("tiny") is tiny
        assert {s.id for s in registry.lexicons()} >= {"en", "tiny"}
