"""The command lines' stderr console (rich), built on first use.

Importing rich and building a `Console` is about a tenth of a one-entry check's start-up; a run that
prints nothing on stderr (and has too few citations for a progress bar) never pays it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["stderr_console"]


@cache
def stderr_console() -> Console:
    """One `rich.console.Console` on stderr for the process (it looks up ``sys.stderr`` when it prints)."""
    from rich.console import Console

    return Console(stderr=True)
