"""`regex` patterns compiled once per installation instead of once per run.

The author grammar's patterns (``\\p{Lu}`` classes, every name form spelled out) take about 0.2 s to
compile, a fifth of a run's start-up — and a run that checks one paper's fifty references is mostly
start-up. The `regex` module pickles a compiled pattern together with its compiled code, and loading
that takes milliseconds. So `compile_regex` answers from ``cache_dir()/regex-patterns.pickle`` when
the file holds the same pattern and flags compiled by the same `regex` and Python versions, and a run
that had to compile patterns writes the file back at exit (atomically; only the patterns the run
asked for, so it never grows with old versions of the code).

The file is read with an unpickler that can build nothing but `regex` patterns (any other class in
it is refused and the file ignored), and a file that is missing, unreadable, of another version or
refused just means compiling as before. ``CITECHECK_REGEX_CACHE=0`` turns the cache off.
"""

from __future__ import annotations

import atexit
import logging
import os
import pickle
import sys
from pathlib import Path
from typing import Any

import regex
from regex import _regex

from citecheck.cachedir import cache_dir, pattern_caches_on, write_atomically

__all__ = ["compile_regex"]

log = logging.getLogger(__name__)

FILE_NAME = "regex-patterns.pickle"
FORMAT = 1
_Key = tuple[str, int]


def _stamp() -> tuple[int, str, tuple[int, int]]:
    return FORMAT, regex.__version__, sys.version_info[:2]


class _PatternsOnly(pickle.Unpickler):
    """Builds compiled `regex` patterns and plain containers; refuses every other class."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("regex._regex", "compile"):
            return _regex.compile  # type: ignore[attr-defined]
        raise pickle.UnpicklingError(f"{module}.{name}: not a compiled pattern")


class _Store:
    def __init__(self) -> None:
        self.loaded: dict[_Key, Any] | None = None
        self.used: dict[_Key, Any] = {}
        self.compiled_here = False
        self.enabled = False
        self.pid = os.getpid()

    def path(self) -> Path:
        return cache_dir() / FILE_NAME

    def load(self) -> dict[_Key, Any]:
        if self.loaded is None:
            self.loaded = {}
            if pattern_caches_on():
                self.enabled = True
                self.loaded = self._read()
                atexit.register(self.save)
        return self.loaded

    def _read(self) -> dict[_Key, Any]:
        try:
            with self.path().open("rb") as fh:
                stamp, patterns = _PatternsOnly(fh).load()
        except FileNotFoundError:
            return {}
        except Exception as exc:  # a damaged or foreign file: compile as before
            log.debug("ignoring the compiled-pattern cache: %s", exc)
            return {}
        if stamp != _stamp() or not isinstance(patterns, dict):
            return {}
        return {k: p for k, p in patterns.items() if isinstance(p, regex.Pattern) and p.pattern == k[0]}

    def save(self) -> None:
        """Write the patterns this run asked for, if it compiled any (main process only)."""
        if not (self.enabled and self.compiled_here and self.used) or os.getpid() != self.pid:
            return
        try:
            data = pickle.dumps((_stamp(), self.used), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # a pattern that does not pickle: never fail a run's exit
            log.debug("could not write the compiled-pattern cache: %s", exc)
            return
        write_atomically(self.path(), data, "compiled-pattern cache")


_STORE = _Store()


def compile_regex(pattern: str, flags: int = 0) -> regex.Pattern[str]:
    """`regex.compile`, answered from the cache file when it holds this pattern."""
    key = (pattern, int(flags))
    found = _STORE.load().get(key)
    if found is None:
        found = regex.compile(pattern, flags)
        _STORE.compiled_here = True
    _STORE.used[key] = found
    return found
