"""``companion dict add FILE`` and ``companion dict list`` (a click group, wired in by the app).

Folders: the shipped ``dictionaries/`` plus those in ``COMPANION_DICTIONARIES`` (colon-separated,
the same variable the app reads into ``DICTIONARY_DIRS``) plus any ``--dir``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import click

from companion.words import loader
from companion.words.lexicon import LexiconInfo

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


def _dirs(extra: tuple[Path, ...]) -> list[Path]:
    env = [Path(d) for d in os.environ.get("COMPANION_DICTIONARIES", "").split(":") if d]
    return [loader.DEFAULT_DIR, *env, *extra]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "list"


@click.group("dict")
def dict_cli() -> None:
    """Word lists: install one, or list what is loaded."""


@dict_cli.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--name", required=True, help="Shown to players, e.g. 'English (my tournament list)'."
)
@click.option("--language", required=True, help="Language code, e.g. en, fr, de.")
@click.option("--id", "list_id", help="Short id (default: from the name), used in the API.")
@click.option("--source", default="", help="Where the list comes from.")
@click.option("--licence", default="", help="Its licence.")
@click.option("--into", type=click.Path(file_okay=False, path_type=Path), help="Folder.")
@click.option("--skip-invalid", is_flag=True, help="Drop lines that are not one word.")
@click.option("--replace", is_flag=True, help="Replace a list with the same id.")
def add(
    file: Path,
    name: str,
    language: str,
    list_id: str | None,
    source: str,
    licence: str,
    into: Path | None,
    skip_invalid: bool,
    replace: bool,
) -> None:
    """Check FILE (UTF-8, one word per line) and install it as a word list."""
    list_id = list_id or _slug(name)
    if not ID_PATTERN.match(list_id):
        raise click.BadParameter(
            f"{list_id!r}: use a-z, 0-9, - and _ (40 at most)", param_hint="--id"
        )
    folder = into or loader.DEFAULT_DIR
    if (folder / f"{list_id}.txt").exists() and not replace:
        raise click.ClickException(f"a list with id {list_id!r} exists in {folder}; add --replace")
    words = _checked_words(file, skip_invalid)
    info = LexiconInfo(list_id, name, language, source or str(file.name), licence)
    path = loader.write_list(folder, info, words)
    click.echo(f"Installed {len(set(words))} words as {list_id!r} in {path}")


def _checked_words(file: Path, skip_invalid: bool) -> list[str]:
    lines = _read_lines(file)
    words, bad = loader.clean_lines(lines)
    if bad and not skip_invalid:
        shown = "; ".join(f"line {n}: {text!r:.40}" for n, text in bad[:5])
        raise click.ClickException(
            f"{len(bad)} lines are not one word of letters ({shown}). "
            "Fix them or add --skip-invalid."
        )
    if not words:
        raise click.ClickException(f"{file} has no words")
    if bad:
        click.echo(f"Skipped {len(bad)} lines that are not one word.")
    return words


def _read_lines(file: Path) -> list[str]:
    """The file's lines, read with a progress bar (by bytes)."""
    lines: list[str] = []
    size = file.stat().st_size
    try:
        with (
            file.open("rb") as handle,
            click.progressbar(length=size, label=f"Reading {file.name}") as bar,
        ):
            for raw in handle:
                lines.append(raw.decode("utf-8"))
                bar.update(len(raw))
    except UnicodeDecodeError as err:
        line = len(lines) + 1
        raise click.ClickException(f"{file}: line {line} is not UTF-8 ({err.reason})") from None
    return lines


@dict_cli.command("list")
@click.option("--dir", "extra", multiple=True, type=click.Path(path_type=Path), help="Folder.")
def list_lists(extra: tuple[Path, ...]) -> None:
    """Show every word list found, with its word count."""
    paths = loader.list_ids(_dirs(extra))
    if not paths:
        click.echo("No word lists found.")
        return
    click.echo(f"{'id':<16} {'words':>9}  {'language':<8} name (file)")
    for list_id, path in sorted(paths.items()):
        lexicon = loader.load(path)
        info = lexicon.info
        click.echo(f"{list_id:<16} {len(lexicon):>9}  {info.language:<8} {info.name} ({path})")
