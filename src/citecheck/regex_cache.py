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

Both kinds of pattern written at the top of citecheck's modules are compiled on first use:
`compile_regex` and `compile_re` (`re.compile`'s twin) answer an object that compiles the pattern
the first time a method or attribute other than ``pattern`` is asked for and from then on hands out
the compiled pattern's own methods. Reading one free-text reference uses fewer than half of the
reading stage's ~400 patterns, and a BibTeX entry almost none: compiling them all was a third of a
one-entry check's start-up. A run writes back the patterns it compiled together with those of the
file that its modules still declare, so the file fills up with what runs use.
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from citecheck.cachedir import cache_dir, pattern_caches_on, write_atomically

if TYPE_CHECKING:  # `regex` (and pickle) are imported by the first pattern used, not by importing this
    import regex

__all__ = ["compile_re", "compile_regex", "compiled"]

log = logging.getLogger(__name__)

FILE_NAME = "regex-patterns.pickle"
FORMAT = 1
_Key = tuple[str, int]


def _stamp() -> tuple[int, str, tuple[int, int]]:
    import regex

    return FORMAT, regex.__version__, sys.version_info[:2]


def _patterns_only(fh: Any) -> Any:
    """What the file holds, read by an unpickler that builds compiled `regex` patterns and plain
    containers and refuses every other class."""
    import pickle

    from regex import _regex

    class PatternsOnly(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if (module, name) == ("regex._regex", "compile"):
                return _regex.compile  # type: ignore[attr-defined]
            raise pickle.UnpicklingError(f"{module}.{name}: not a compiled pattern")

    return PatternsOnly(fh).load()


class _Store:
    def __init__(self) -> None:
        self.loaded: dict[_Key, Any] | None = None
        self.used: dict[_Key, Any] = {}
        self.declared: set[_Key] = set()  # every pattern this run's modules wrote, used or not
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
                stamp, patterns = _patterns_only(fh)
        except FileNotFoundError:
            return {}
        except Exception as exc:  # a damaged or foreign file: compile as before
            log.debug("ignoring the compiled-pattern cache: %s", exc)
            return {}
        import regex

        if stamp != _stamp() or not isinstance(patterns, dict):
            return {}
        return {k: p for k, p in patterns.items() if isinstance(p, regex.Pattern) and p.pattern == k[0]}

    def save(self) -> None:
        """Write the patterns this run compiled or used, and those of the file that this run's
        modules still declare, if it compiled any (main process only)."""
        if not (self.enabled and self.compiled_here and self.used) or os.getpid() != self.pid:
            return
        import pickle

        kept = {k: p for k, p in (self.loaded or {}).items() if k in self.declared}
        try:
            data = pickle.dumps((_stamp(), {**kept, **self.used}), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # a pattern that does not pickle: never fail a run's exit
            log.debug("could not write the compiled-pattern cache: %s", exc)
            return
        write_atomically(self.path(), data, "compiled-pattern cache")


_STORE = _Store()


def _cached_regex(pattern: str, flags: int) -> Any:
    """`regex.compile`, answered from the cache file when it holds this pattern."""
    key = (pattern, int(flags))
    found = _STORE.load().get(key)
    if found is None:
        import regex

        found = regex.compile(pattern, flags)
        _STORE.compiled_here = True
    _STORE.used[key] = found
    return found


class _OnFirstUse:
    """A pattern compiled the first time anything but its text is asked of it. Then the compiled
    pattern's public methods and attributes are copied onto the object, so that later calls
    (``P.search(text)``) find them in its ``__dict__`` and never come back here."""

    def __init__(self, pattern: str, flags: int, compile: Callable[[str, int], Any]) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compile = compile

    def __getattr__(self, name: str) -> Any:  # only for names not in __dict__ yet
        if name.startswith("__"):
            raise AttributeError(name)  # copy, pickle and the like probe dunders: compile nothing
        compiled = self._compile(self.pattern, self._flags)
        self.__dict__.update({n: getattr(compiled, n) for n in dir(compiled) if not n.startswith("_")})
        return getattr(compiled, name)

    def __reduce__(self) -> tuple[Callable[[str, int], Any], tuple[str, int]]:
        return self._compile, (self.pattern, self._flags)  # unpickled as the compiled pattern

    def __repr__(self) -> str:
        return f"compiled on first use: {self.pattern!r}"


def compile_regex(pattern: str, flags: int = 0) -> regex.Pattern[str]:
    """`regex.compile` on first use, answered from the cache file when it holds this pattern."""
    _STORE.declared.add((pattern, int(flags)))
    return cast("regex.Pattern[str]", _OnFirstUse(pattern, flags, _cached_regex))


def compile_re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile` on first use (for the patterns written at the top of a module)."""
    return cast("re.Pattern[str]", _OnFirstUse(pattern, flags, re.compile))


def compiled(value: object) -> object:
    """The compiled pattern a pattern on first use stands for (compiling it now); any other value as it is
    (for audits that look for the patterns a module holds)."""
    if isinstance(value, _OnFirstUse):
        return value._compile(value.pattern, value._flags)
    return value
