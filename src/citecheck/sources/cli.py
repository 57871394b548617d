"""``citecheck cache info|clear``: inspect or empty the live-source response cache."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from citecheck.sources.cache import cache_clear, cache_info, default_cache_path
from citecheck.sources.config import load_config


def _path() -> Path:
    """The cache `build_sources` uses: ``cache_dir`` from settings, else the default."""
    try:
        cfg = load_config()
    except ValueError:
        return default_cache_path()
    return default_cache_path(cfg.cache_dir)


cache_app = typer.Typer(help="Inspect or clear the live-source response cache.",
                        no_args_is_help=True)


@cache_app.command("info")
def info_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Where the cache lives and what it holds."""
    data = cache_info(_path())
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    typer.echo(f"cache: {data['path']}")
    typer.echo(f"entries: {data['entries']} ({data['found']} found, {data['not_found']} not found,"
               f" {data['expired']} expired), {data['bytes']} bytes")
    for source, count in sorted(data["by_source"].items()):
        typer.echo(f"  {source}: {count}")
    if data.get("corrupt"):
        typer.echo(f"corrupt: {data['corrupt']}", err=True)


@cache_app.command("clear")
def clear_command(
    source: Annotated[str | None, typer.Option("--source", help="Only this source's entries.")] = None,
) -> None:
    """Remove cached answers (all, or one source's)."""
    removed = cache_clear(_path(), source=source)
    typer.echo(f"removed {removed} cached entries")
