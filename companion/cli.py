"""The ``companion`` command: ``serve`` runs the app; ``dict`` manages word lists; ``prune``
removes tables idle for too long (a hosted server's disk stays bounded)."""

from __future__ import annotations

import os
import sys

import click
import qrcode

from companion.netinfo import lan_address

WORKER_CLASSES = ("gevent", "gthread")  # companion.server checks the same names


@click.group()
def main() -> None:
    """Companion: the card-table companion."""


def serve_url(host: str, port: int, public_url: str | None) -> str:
    if public_url:
        return public_url.rstrip("/")
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


def who_can_open(host: str, public_url: str | None) -> str:
    """Whether phones can reach the address shown, in words for the console."""
    if public_url:
        return "phones open it at that address"
    if host in ("localhost", "::1") or host.startswith("127."):
        return (
            "only this computer can open it: phones cannot reach "
            f"{host}; serve with --host 0.0.0.0 to let phones on your network in"
        )
    return "phones on the same network can open it"


def print_qr(url: str) -> None:
    code = qrcode.QRCode(border=1)
    code.add_data(url)
    code.print_ascii(out=sys.stdout, invert=True)


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--public-url", default=None, help="The address phones should open, if not ours.")
@click.option("--workers", default=1, show_default=True, type=int, help="Worker processes.")
@click.option(
    "--worker-class",
    type=click.Choice(WORKER_CLASSES),
    default="gevent",
    show_default=True,
    help="gevent: a connection costs no thread (streams by the thousand); gthread: a thread "
    "per connection being served (the old model).",
)
@click.option(
    "--connections",
    default=4000,
    show_default=True,
    type=click.IntRange(min=1),
    help="Open connections per worker, event streams included.",
)
@click.option(
    "--threads",
    default=64,
    show_default=True,
    type=click.IntRange(min=1),
    help="gthread only: threads per worker (gevent needs none).",
)
@click.option("--no-qr", is_flag=True, help="Do not draw the QR code.")
def serve(
    host: str,
    port: int,
    public_url: str | None,
    workers: int,
    worker_class: str,
    connections: int,
    threads: int,
    no_qr: bool,
) -> None:
    """Serve Companion with gunicorn (a production WSGI server)."""
    from companion.server import run

    url = serve_url(host, port, public_url)
    os.environ["COMPANION_PUBLIC_URL"] = url
    click.echo(f"Companion is at {url}  ({who_can_open(host, public_url)})")
    if not no_qr:
        print_qr(url)
    run(host, port, workers, threads, worker_class, connections)


@main.command()
@click.option(
    "--idle-days",
    required=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Remove tables with no change for more than this many days.",
)
@click.option("--dry-run", is_flag=True, help="List the tables it would remove; remove none.")
def prune(idle_days: float, dry_run: bool) -> None:
    """Remove tables idle for longer than --idle-days (all their games and seats)."""
    from companion import create_app
    from companion.tables import prune as pruning

    with create_app().app_context():
        found = pruning.idle(idle_days)
        verb = "would remove" if dry_run else "removing"
        click.echo(
            f"{len(found)} table{'' if len(found) == 1 else 's'} idle for more than "
            f"{idle_days:g} days; {verb} them:"
            if found
            else f"No table has been idle for more than {idle_days:g} days."
        )
        for t in found:
            name = f" {t.name!r}" if t.name else ""
            click.echo(
                f"  table {t.id}{name}: {t.game}, {t.seats or 'no seats'}; "
                f"last change {t.last:%Y-%m-%d %H:%M} UTC"
            )
        if found and not dry_run:
            removed = pruning.remove([t.id for t in found])
            click.echo(f"Removed {removed} table{'' if removed == 1 else 's'}.")


def _add_word_commands() -> None:
    try:
        from companion.words.cli import dict_cli
    except ImportError:
        return
    main.add_command(dict_cli, "dict")


_add_word_commands()
