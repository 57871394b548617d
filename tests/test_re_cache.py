"""The standard `re` patterns of citecheck's modules kept between runs (citecheck.re_cache): the same
pattern objects as compiling them, only module-level patterns of citecheck's own modules stored (never
one built from a citation's text), and a damaged or foreign file never trusted."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from citecheck import re_cache

pytestmark = pytest.mark.skipif(not re_cache.supported(), reason="needs CPython 3.11–3.13's re internals")

MODULE_CODE = "import re\nNAME = re.compile(r'(?P<family>[A-Z][a-z]+),\\s(?P<given>[A-Z]\\.)', re.I)\n"
RUNTIME_CODE = "import re\ndef year(text, y):\n    return re.search(r'\\(' + y + r'\\)', text)\n"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> re_cache._Store:
    """A store routed into `re` for this test only (re's own cache emptied before and after)."""
    from re import _compiler  # type: ignore[attr-defined]

    fresh = re_cache._Store(tmp_path / re_cache.FILE_NAME, _compiler.compile)
    monkeypatch.setattr(_compiler, "compile", fresh.compile)
    re.purge()
    yield fresh
    re.purge()


def _module(code: str, name: str = "citecheck.fake_module",
            store: re_cache._Store | None = None) -> dict[str, Any]:
    """Run `code` as a module named `name` (compiling through `store` when given)."""
    from re import _compiler  # type: ignore[attr-defined]

    re.purge()
    namespace: dict[str, Any] = {"__name__": name}
    saved = _compiler.compile
    if store is not None:
        _compiler.compile = store.compile
    try:
        exec(compile(code, f"<{name}>", "exec"), namespace)
    finally:
        _compiler.compile = saved
    return namespace


def _reopened(store: re_cache._Store) -> re_cache._Store:
    """The next run's store: the same file, read."""
    again = re_cache._Store(store.path, store.original)
    again.read()
    return again


def test_a_module_pattern_is_stored_and_the_next_run_builds_the_same_pattern(
        store: re_cache._Store, tmp_path: Path) -> None:
    first = _module(MODULE_CODE)["NAME"]
    assert store.compiled_here and len(store.used) == 1
    store.save()
    again = _reopened(store)
    assert list(again.loaded) == list(store.used)
    loaded = _module(MODULE_CODE, store=again)["NAME"]
    assert not again.compiled_here  # answered from the file
    # CPython compares two patterns' flags, text and compiled code
    assert loaded == first == store.original(first.pattern, re.I)
    m = loaded.match("miller, j. and others")
    assert m is not None and m.group("family", "given") == ("miller", "j.")


def test_a_pattern_built_at_run_time_or_by_another_package_is_not_stored(store: re_cache._Store) -> None:
    year = _module(RUNTIME_CODE)["year"]
    assert year("Phys. Rev. (2016)", "2016") is not None
    _module(MODULE_CODE, name="somebody_else")
    assert not store.used and not store.compiled_here
    store.save()
    assert not store.path.exists()


def test_nothing_is_written_when_the_run_compiled_nothing(store: re_cache._Store) -> None:
    _module(MODULE_CODE)
    store.save()
    stamp = store.path.stat().st_mtime_ns
    again = _reopened(store)
    _module(MODULE_CODE, store=again)
    again.save()
    assert not again.compiled_here and store.path.stat().st_mtime_ns == stamp


@pytest.mark.parametrize("damage", ["not json", "foreign stamp", "bad code", "bad types"])
def test_a_damaged_or_foreign_file_means_compiling_as_before(store: re_cache._Store, damage: str) -> None:
    first = _module(MODULE_CODE)["NAME"]
    store.save()
    data = json.loads(store.path.read_text(encoding="utf-8"))
    if damage == "not json":
        store.path.write_text("{", encoding="utf-8")
    else:
        if damage == "foreign stamp":
            data["stamp"][1] = "2.7.18"
        elif damage == "bad code":
            data["patterns"][0][3] = [99999] * len(data["patterns"][0][3])
        else:
            data["patterns"][0][3] = ["x"]
        store.path.write_text(json.dumps(data), encoding="utf-8")
    again = _reopened(store)
    assert bool(again.loaded) == (damage == "bad code")  # only well-formed entries are read
    rebuilt = _module(MODULE_CODE, store=again)["NAME"]
    assert again.compiled_here and rebuilt == first  # compiled afresh, the same pattern


PARSER_RUN = """
import json, sys
from citecheck import re_cache
re_cache.install()
import citecheck.extract.combine, citecheck.checker
store = re_cache._STORE
same = None
if store is not None and store.loaded:
    import _sre
    same = all(
        _sre.compile(p, parts[0], parts[1], parts[2], parts[3], tuple(parts[4])) == store.original(p, f)
        for (p, f), parts in store.loaded.items())
print(json.dumps({"installed": store is not None, "compiled": bool(store and store.compiled_here),
                  "used": len(store.used) if store else 0, "same": same}))
"""


def _parser_run(env: dict[str, str]) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", PARSER_RUN], env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_the_parsers_patterns_loaded_from_the_file_are_those_compiled(tmp_path: Path) -> None:
    env = {**os.environ, "CITECHECK_CACHE_DIR": str(tmp_path)}
    env.pop("CITECHECK_REGEX_CACHE", None)
    assert _parser_run({**env, "CITECHECK_REGEX_CACHE": "0"})["installed"] is False
    assert not (tmp_path / re_cache.FILE_NAME).exists()
    first = _parser_run(env)  # compiles, writes the file at exit
    assert first["compiled"] and first["used"] > 300
    second = _parser_run(env)  # loads every pattern from the file
    assert second == {"installed": True, "compiled": False, "used": first["used"], "same": True}


def test_a_cache_directory_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    from re import _compiler  # type: ignore[attr-defined]

    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    store = re_cache._Store(blocker / "cache" / re_cache.FILE_NAME, _compiler.compile)  # under a file
    _module(MODULE_CODE, store=store)
    assert store.compiled_here
    store.save()  # no exception at exit
    assert not (blocker.parent / "cache").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_turned_off_it_leaves_re_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    from re import _compiler  # type: ignore[attr-defined]

    monkeypatch.setenv("CITECHECK_REGEX_CACHE", "0")
    monkeypatch.setattr(re_cache, "_STORE", None)
    before = _compiler.compile
    re_cache.install()
    assert _compiler.compile is before and re_cache._STORE is None


def test_re_internals_other_than_expected_mean_compiling_as_re_does(store: re_cache._Store,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def changed(pattern: str, flags: int) -> Any:
        raise TypeError("_code() takes 3 positional arguments")  # stands for a future Python's re

    monkeypatch.setattr(re_cache, "_parts", changed)
    name = _module(MODULE_CODE)["NAME"]
    assert name == store.original(name.pattern, re.I) and name.match("Smith, J.")
    assert store.broken and not store.used
    _module(MODULE_CODE)  # and from then on re compiles alone
    store.save()
    assert not store.path.exists()
