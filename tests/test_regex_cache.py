"""Compiled `regex` patterns kept between runs (citecheck.regex_cache): loaded instead of compiled,
written back only when a run compiled something, and never trusted beyond compiled patterns; both
kinds of module pattern (`compile_regex`, `compile_re`) compiled on first use."""

from __future__ import annotations

import copy
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
import regex

from citecheck import regex_cache as rc

NAME = r"(?P<family>[\p{Lu}][\p{Ll}]+),\s(?P<given>[\p{Lu}]\.)"


def _used(pattern: str) -> regex.Pattern[str]:
    """`compile_regex` of ``pattern``, used once (compiled or loaded by then)."""
    compiled = rc.compile_regex(pattern)
    compiled.match("")
    return compiled


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> rc._Store:
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("CITECHECK_REGEX_CACHE", raising=False)
    fresh = rc._Store()
    monkeypatch.setattr(rc, "_STORE", fresh)
    return fresh


def test_a_pattern_compiled_once_is_loaded_the_next_time(store: rc._Store, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    first = rc.compile_regex(NAME)
    assert not store.compiled_here  # nothing is compiled before the pattern is used
    first.match("")
    assert store.compiled_here
    store.save()
    assert (tmp_path / rc.FILE_NAME).is_file()
    again = rc._Store()
    monkeypatch.setattr(rc, "_STORE", again)
    loaded = _used(NAME)
    assert not again.compiled_here  # answered from the file
    assert loaded.pattern == first.pattern and loaded.flags == first.flags
    m = loaded.match("Müller, J. and others")
    assert m is not None and (m.group("family"), m.group("given")) == ("Müller", "J.")


def test_nothing_is_written_when_nothing_was_compiled(store: rc._Store, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _used(NAME)
    store.save()
    stamp = (tmp_path / rc.FILE_NAME).stat().st_mtime_ns
    again = rc._Store()
    monkeypatch.setattr(rc, "_STORE", again)
    _used(NAME)
    again.save()
    assert (tmp_path / rc.FILE_NAME).stat().st_mtime_ns == stamp


def test_a_run_keeps_the_patterns_its_modules_declare(store: rc._Store, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _used(NAME)
    _used(r"old pattern \d+")
    store.save()
    again = rc._Store()
    monkeypatch.setattr(rc, "_STORE", again)
    rc.compile_regex(NAME)  # still written in the code, not used by this run
    _used(r"new pattern \w+")
    again.save()
    with (tmp_path / rc.FILE_NAME).open("rb") as fh:
        _, kept = pickle.load(fh)
    assert {k[0] for k in kept} == {NAME, r"new pattern \w+"}  # the old one is no longer written anywhere


class _Evil:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.getenv, ("HOME",))


@pytest.mark.parametrize("content", [
    pickle.dumps((rc._stamp(), {(NAME, 0): _Evil()})),  # a class other than a compiled pattern
    pickle.dumps(((0, "0", (3, 0)), {(NAME, 0): regex.compile(NAME)})),  # another regex / Python version
    pickle.dumps((rc._stamp(), {("something else", 0): regex.compile(NAME)})),  # a key that is not the pattern
    b"not a pickle at all",
])
def test_a_file_that_is_not_ours_is_ignored(store: rc._Store, tmp_path: Path, content: bytes) -> None:
    (tmp_path / rc.FILE_NAME).write_bytes(content)
    pattern = _used(NAME)
    assert store.compiled_here  # compiled as if there were no file
    assert pattern.match("Smith, A.") is not None


def test_the_cache_can_be_turned_off(store: rc._Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CITECHECK_REGEX_CACHE", "0")
    _used(NAME)
    store.save()
    assert not (tmp_path / rc.FILE_NAME).exists()


def test_a_cache_directory_that_cannot_be_written_is_no_error(store: rc._Store, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("CITECHECK_CACHE_DIR", str(blocker / "cache"))  # under a file: mkdir fails
    _used(NAME)
    store.save()  # no exception
    assert not (blocker.parent / "cache").exists()


def test_a_run_writes_the_file_at_exit_and_the_next_run_loads_it(tmp_path: Path) -> None:
    env = {**os.environ, "CITECHECK_CACHE_DIR": str(tmp_path)}
    env.pop("CITECHECK_REGEX_CACHE", None)
    code = ("from citecheck.reading.names import scan_authors\nfrom citecheck import regex_cache as rc\n"
            "scan_authors('Müller, J., Łukasz, K. and Ødegård, P., Phys. Rev. B 47, 1 (2001)')\n"
            "print(rc._STORE.compiled_here, len(rc._STORE.used))")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    compiled, count = first.stdout.split()
    assert compiled == "True" and int(count) >= 5  # the author grammar's patterns this list needed
    assert second.stdout.split() == ["False", count]


def test_a_pattern_that_does_not_pickle_leaves_no_file_and_no_error(store: rc._Store, tmp_path: Path) -> None:
    _used(NAME)
    store.used[("unpicklable", 0)] = lambda: None  # stands for any object pickle refuses
    store.save()  # no exception at exit
    assert list(tmp_path.iterdir()) == []  # neither the file nor a temporary one


def test_a_module_pattern_is_compiled_by_its_first_use(store: rc._Store) -> None:
    lazy = rc.compile_re(r"(?P<volume>\d+)\s*\((?P<issue>\d+)\)", re.I)
    assert lazy.pattern == r"(?P<volume>\d+)\s*\((?P<issue>\d+)\)"  # the text needs no compiling
    assert "search" not in vars(lazy)
    m = lazy.search("Phys. Rev. 47 (10), 777")
    assert m is not None and m.group("issue") == "10"
    assert "search" in vars(lazy)  # from now on the compiled pattern's own method
    eager = re.compile(lazy.pattern, re.I)
    assert (lazy.flags, lazy.groups, lazy.groupindex) == (eager.flags, eager.groups, eager.groupindex)
    assert lazy.sub(r"\g<volume>", "47 (10)") == eager.sub(r"\g<volume>", "47 (10)") == "47"


def test_a_module_pattern_copies_and_pickles_as_the_compiled_pattern(store: rc._Store) -> None:
    for lazy, engine in ((rc.compile_re(r"\bet al\b", re.I), re.Pattern), (rc.compile_regex(NAME), regex.Pattern)):
        for other in (pickle.loads(pickle.dumps(lazy)), copy.deepcopy(lazy), copy.copy(lazy)):
            assert isinstance(other, engine) and other.pattern == lazy.pattern


def test_importing_the_author_grammar_compiles_nothing() -> None:
    code = ("import sys\nimport citecheck.reading.names\nfrom citecheck import regex_cache as rc\n"
            "print('regex' in sys.modules, rc._STORE.loaded is None, len(rc._STORE.declared) > 40)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "True"]  # neither `regex` nor the file loaded
