"""The command line's side of remote papers: arguments that name one are fetched and read here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from citecheck.model import Citation

if TYPE_CHECKING:  # the fetching stack (httpx) is imported only when a paper is fetched
    from citecheck.remote.paper import Paper


@dataclass
class RemoteInputs:
    """What the remote arguments gave: citations, one header per paper, and the failures."""

    local: list[str] = field(default_factory=list)  # the arguments that are files (or stdin)
    citations: list[Citation] = field(default_factory=list)
    papers: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    routes: list[str] = field(default_factory=list)  # one line per paper for stderr
    papers_read: list[Paper] = field(default_factory=list)  # the papers themselves (check --claims)


def read_remote(args: list[str]) -> RemoteInputs:
    """Fetch every argument that names a remote paper; leave the others in ``local``."""
    from citecheck.remote.targets import parse_target

    out = RemoteInputs()
    targets = []
    for arg in args:
        target = parse_target(arg)
        if target is None:
            out.local.append(arg)
        else:
            targets.append(target)
    if targets:
        _fetch_all(targets, out)
    return out


def _fetch_all(targets: list[Any], out: RemoteInputs) -> None:
    import asyncio

    from citecheck.extract.errors import InputError
    from citecheck.remote import FetchError
    from citecheck.remote.paper import PaperFetcher
    from citecheck.sources.config import load_config

    async def run() -> None:
        fetcher = PaperFetcher(load_config())
        try:
            for target in targets:
                try:
                    paper = await fetcher.fetch(target)
                except (FetchError, InputError) as exc:
                    out.errors.append(str(exc))
                    continue
                out.citations.extend(paper.citations)
                out.papers.append(paper.header())
                out.papers_read.append(paper)
                notes = "".join(f"\n  note: {n}" for n in paper.notes)
                out.routes.append(f"{paper.label}: {paper.route}; {len(paper.citations)} references"
                                  + notes)
        finally:
            await fetcher.aclose()

    asyncio.run(run())


__all__ = ["RemoteInputs", "read_remote"]
