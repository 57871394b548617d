"""citecheck: catch hallucinated citations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["Checker", "Citation", "Label", "Record", "Verdict", "__version__"]

if TYPE_CHECKING:
    from citecheck.checker import Checker
    from citecheck.model import Citation, Label, Record, Verdict


def __getattr__(name: str) -> Any:
    # Lazy so that `import citecheck` stays cheap for the CLI's --help.
    if name == "Checker":
        from citecheck.checker import Checker

        return Checker
    if name in {"Citation", "Label", "Record", "Verdict"}:
        from citecheck import model

        return getattr(model, name)
    raise AttributeError(name)
