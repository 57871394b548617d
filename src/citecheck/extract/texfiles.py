"""The files a ``.tex`` document pulls in, confined to the document's folder.

``\\input``, ``\\include``, ``\\subfile``, ``\\bibliography`` and ``\\addbibresource`` are followed
only to files inside the folder of the document (or below it; symbolic links are resolved first),
never to absolute paths or ``../``; includes nest at most `MAX_DEPTH` deep; and everything read
for one document, the document included, counts against the one input size limit. A refused or
over-limit file is reported (as an error entry naming it), never read.
"""

from __future__ import annotations

import re
from pathlib import Path

from citecheck.extract.decode import MAX_INPUT_BYTES, decode, limit_text
from citecheck.extract.errors import InputError

MAX_DEPTH = 8
_INPUT_RE = re.compile(r"\\(?:input|include|subfile)\s*\{([^{}]+)\}")


class TexProject:
    """Resolves and reads the files of one document, keeping count of what was read."""

    def __init__(self, name: str, size: int) -> None:
        stdin = name in ("<stdin>", "-")
        self.name = name
        self.root = (Path.cwd() if stdin else Path(name).parent).resolve()
        self.used = size
        self.refused: list[tuple[str, str]] = []  # (reference as written, why)

    def resolve(self, ref: str, suffix: str) -> Path | None:
        """The file `ref` names, or None (and a note in `refused`) when it lies outside."""
        raw = ref.strip()
        path = Path(raw)
        if not path.suffix:
            path = path.with_name(path.name + suffix)
        if path.is_absolute() or raw.startswith("~"):
            self.refused.append((raw, "an absolute path; only files in the document's folder are read"))
            return None
        full = (self.root / path).resolve()
        if not full.is_relative_to(self.root):
            self.refused.append((raw, "outside the document's folder; not read"))
            return None
        return full

    def read(self, path: Path) -> str:
        """The text of an included file, within what is left of the size limit."""
        size = path.stat().st_size
        if self.used + size > MAX_INPUT_BYTES:
            raise InputError(str(path), f"the document and the files it includes pass the"
                                        f" {limit_text()} input limit; not read")
        self.used += size
        decoded = decode(path.read_bytes(), str(path))
        return decoded.text

    def collect(self, text: str, strip: object, depth: int = 0,
                seen: set[Path] | None = None, name: str | None = None) -> list[tuple[str, str]]:
        """(file name, comment-free text) of the document and every file it \\input s."""
        seen = seen if seen is not None else set()
        files = [(name or self.name, text)]
        for m in _INPUT_RE.finditer(text):
            if depth >= MAX_DEPTH:
                self.refused.append((m.group(1).strip(), f"nested more than {MAX_DEPTH} deep"))
                break
            path = self.resolve(m.group(1), ".tex")
            if path is None or path in seen or not path.is_file():
                continue
            seen.add(path)
            try:
                sub = strip(self.read(path))  # type: ignore[operator]  # strip is a callable attribute set in __init__
            except (OSError, InputError) as exc:
                self.refused.append((m.group(1).strip(), getattr(exc, "reason", None) or str(exc)))
                continue
            files.extend(self.collect(sub, strip, depth + 1, seen, str(path)))
        return files


__all__ = ["MAX_DEPTH", "TexProject"]
