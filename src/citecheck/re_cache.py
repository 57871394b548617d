"""The standard `re` patterns of citecheck's modules compiled once per installation.

The parser's modules compile about 420 `re` patterns when they are imported — 0.15–0.2 s, a fifth of
the command's start-up, paid again by every run (and a run that checks one paper's fifty references
is mostly start-up). `re` compiles a pattern in two steps: Python code parses it and emits the
matcher's code (a list of integers; the slow part), then `_sre.compile` builds the pattern object from
that code (fast, and it validates the code). `install` routes `re`'s compiler through a file in the
cache directory that keeps, for each pattern, the emitted code: a later run hands the code straight to
`_sre.compile` and gets the same pattern object.

Only patterns written in citecheck's own modules and compiled at import (a module's top level) are
kept: a pattern built at run time from a citation's text ("Serb\\.\\s*Astr") never reaches the file,
nor does another package's pattern. The file is JSON (integers, strings), stamped with the exact
Python build; one that is missing, unreadable, of another build, or whose code `_sre` refuses just
means compiling as before. A run writes the file back at exit only when it compiled one of those
patterns itself, and then only the patterns it asked for (atomically; main process only).

Installed by the command-line entry (`citecheck.__main__`) before anything is imported; importing
citecheck as a library changes nothing. ``CITECHECK_REGEX_CACHE=0`` turns it off, as it does the
`regex` patterns' cache (`citecheck.regex_cache`). Python's `re` internals used here
(``re._parser.parse``, ``re._compiler._code``) are those of CPython 3.11–3.13; on any other
interpreter `install` does nothing.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # (re's C engine: always loaded with re)
import atexit
import json
import logging
import os
import platform
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from citecheck.cachedir import cache_dir, pattern_caches_on, write_atomically

__all__ = ["install"]

log = logging.getLogger(__name__)

FILE_NAME = "re-patterns.json"
FORMAT = 1
#: (flags, code, groups, groupindex, indexgroup): `_sre.compile`'s arguments after the pattern
_Parts = tuple[int, list[int], int, dict[str, int], list[str | None]]
_Key = tuple[str, int]


def _stamp() -> list[Any]:
    return [FORMAT, sys.version, platform.python_implementation(), _sre.MAGIC, _sre.CODESIZE]


def supported() -> bool:
    return platform.python_implementation() == "CPython" and (3, 11) <= sys.version_info[:2] <= (3, 13)


def _parts(pattern: str, flags: int) -> _Parts:
    """What `re._compiler.compile` hands `_sre.compile` (the same steps, kept instead of used)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    return flags | parsed.state.flags, list(code), parsed.state.groups - 1, groupindex, indexgroup


def _valid(entry: Any) -> bool:
    if not (isinstance(entry, list) and len(entry) == 7):
        return False
    pattern, flags, final, code, groups, groupindex, indexgroup = entry
    return (isinstance(pattern, str) and type(flags) is int and type(final) is int
            and isinstance(code, list) and all(type(c) is int for c in code) and type(groups) is int
            and isinstance(groupindex, dict)
            and all(isinstance(k, str) and type(v) is int for k, v in groupindex.items())
            and isinstance(indexgroup, list)
            and all(g is None or isinstance(g, str) for g in indexgroup))


def _built(pattern: str, parts: _Parts, strict: bool = False) -> Any:
    """The pattern object `_sre` builds from stored code; None when it refuses the code (unless
    ``strict``: then its error is raised)."""
    try:
        return _sre.compile(pattern, parts[0], parts[1], parts[2], parts[3], tuple(parts[4]))
    except Exception:
        if strict:
            raise
        return None


def _from_module_top(frame: FrameType | None) -> bool:
    """The first caller outside `re` is a citecheck module's top level (a pattern in its source)."""
    while frame is not None and frame.f_globals.get("__name__") in ("re", "re._compiler", "functools"):
        frame = frame.f_back
    return (frame is not None and frame.f_code.co_name == "<module>"
            and str(frame.f_globals.get("__name__", "")).startswith("citecheck."))


class _Store:
    def __init__(self, path: Path, original: Any) -> None:
        self.path = path
        self.original = original  # re's own compiler
        self.loaded: dict[_Key, _Parts] = {}
        self.used: dict[_Key, _Parts] = {}
        self.compiled_here = False
        self.broken = False  # re's internals differ from what this expects: compile as re does
        self.pid = os.getpid()

    def read(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:  # a damaged file: compile as before
            log.debug("ignoring the compiled re-pattern cache: %s", exc)
            return
        if not isinstance(data, dict) or data.get("stamp") != _stamp():
            return
        for entry in data.get("patterns", ()):
            if _valid(entry):
                pattern, flags, *parts = entry
                self.loaded[pattern, flags] = tuple(parts)

    def compile(self, pattern: Any, flags: int = 0) -> Any:
        if self.broken or type(pattern) is not str or not _from_module_top(sys._getframe(1)):
            return self.original(pattern, flags)
        key = (pattern, flags)
        stored = self.loaded.get(key)
        # (code `_sre` refuses — a damaged file — is compiled afresh, like a pattern not in the file)
        if stored is not None and (compiled := _built(pattern, stored)) is not None:
            parts = stored
        else:
            try:
                parts = _parts(pattern, flags)
                compiled = _built(pattern, parts, strict=True)
            except Exception as exc:  # re's internals are not what this was written for
                log.debug("re pattern cache off: %s", exc)
                self.broken = True
                return self.original(pattern, flags)
            self.compiled_here = True
        self.used[key] = parts
        return compiled

    def save(self) -> None:
        """Write the patterns this run asked for, if it compiled any itself (main process only)."""
        if self.broken or not (self.compiled_here and self.used) or os.getpid() != self.pid:
            return
        patterns = [[p, f, *parts] for (p, f), parts in self.used.items()]
        data = json.dumps({"stamp": _stamp(), "patterns": patterns}, ensure_ascii=False)
        write_atomically(self.path, data.encode("utf-8"), "re-pattern cache")


_STORE: _Store | None = None


def install() -> None:
    """Route `re`'s compiler through the cache file (once; not when turned off or unsupported)."""
    global _STORE
    if _STORE is not None or not pattern_caches_on() or not supported():
        return
    from re import _compiler  # type: ignore[attr-defined]

    store = _Store(cache_dir() / FILE_NAME, _compiler.compile)
    store.read()
    _compiler.compile = store.compile
    _STORE = store
    atexit.register(store.save)
