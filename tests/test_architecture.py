"""The package's shape, enforced: the stage order (every module placed), no import circles, no
private name used across modules, and the reading stage used by its readers only, through its
public names.

Each rule is a function of a source root (a package directory) that returns what breaks it; the
tests run it over ``src/citecheck`` and over a small tree written to break it on purpose. An import
counts wherever it is written: at the top, under ``if TYPE_CHECKING:`` or inside a function (a lazy
import still ties two modules together). Names are relative to the root package
("index.search"); the root package itself (``citecheck/__init__.py``: the version and lazy
re-exports of the public API) is the facade, outside the order and the graph.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "citecheck"
DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"

#: the pipeline, lowest first: a module may import its own stage and the ones before it. A key is a
#: top-level module or package; a dotted key places a part of a package elsewhere (its most
#: specific key wins). Every top-level module and package must be here, and every key must exist.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("concepts", ("errors", "folding", "function_words", "names", "titles", "venues", "identifiers",
                  "normalize", "model", "model_stages", "markup", "places", "retraction", "coverage",
                  "verify.titles", "deadline", "runctl", "cachedir", "regex_cache", "years", "console", "latex_text",
                  "word_lines")),
    ("extract", ("extract",)),
    ("reading", ("reading",)),
    ("sources", ("sources", "index")),
    ("retrieve", ("retrieve", "retrieve_text")),
    # reading.reconcile: the reading that agrees best with a record, judged by the comparator
    ("verify", ("verify", "reading.reconcile", "llm.schemas", "llm.grounding")),
    ("decide", ("decide",)),
    ("orchestrate", ("checker", "check_options", "entries", "parallel", "llm", "claims")),
    ("report", ("report", "export", "extract.cli", "remote")),  # extract.cli: `citecheck extract` writes
    ("runners", ("batch", "bench", "llm.calibrate", "service")),
    ("commands", ("cli", "__main__")),
)
ORDER = {key: rank for rank, (_, keys) in enumerate(STAGES) for key in keys}

#: the reading stage: every reading of a reference's text, made once. Outside it, a module uses its
#: public modules only (`reading/__init__.py`, and `reading/reconcile.py`, which sits above the
#: comparator), and of them only the names their ``__all__`` lists; and only the readers use it:
#: the checker, its worker processes (`parallel.py`), the LLM re-reader (`llm/`) and `entries.py`,
#: which reads an input's entries for whoever needs their fields before a check. Extract, below
#: it, hands every entry over unread.
READING_STAGE = "reading"
READING_PUBLIC = ("reading", "reading.reconcile")
READERS = ("checker", "entries", "parallel", "llm")
#: modules other than the readers that use the reading stage: none (an arXiv ``journal_ref`` is read
#: by the index's own journal-reference reader, `index.journal_ref`). Only ever shrinks.
READING_USER_DEBT: set[str] = set()
#: private modules imported from outside their package: the adapters' shared mapping helpers,
#: used by the dblp dump reader (the live adapter's mapping) and the paper route (identifier paths)
PRIVATE_MODULE_USES = {
    ("index.dumps.dblp", "sources._common"),
    ("remote.paper", "sources._common"),
}


# -- the package as data -------------------------------------------------------------------------
@dataclass(frozen=True)
class Import:
    importer: str  # module that imports ("" for the root package)
    target: str  # module imported (the submodule when ``from pkg import sub`` names one)
    name: str  # the name imported from it ("" for ``import a.b``)
    bound: str  # the name it gets in the importer
    line: int


def modules(root: Path) -> dict[str, Path]:
    """Every module under ``root``, by dotted name relative to it (a package is its ``__init__``)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _relative(dotted: str, package: str) -> str | None:
    if dotted == package:
        return ""
    return dotted[len(package) + 1:] if dotted.startswith(package + ".") else None


@cache
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imports_of(module: str, path: Path, package: str, known: Mapping[str, Path]) -> Iterator[Import]:
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _relative(alias.name, package)
                if target is not None:
                    bound = alias.asname or ""  # ``import pkg.a.b`` binds the root: the facade
                    yield Import(module, target, "", bound, alias.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the importer's package upwards
                here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([package, *filter(None, here), *filter(None, [base])])
            source = _relative(base, package)
            if source is None:
                continue
            for alias in node.names:
                sub = f"{source}.{alias.name}" if source else alias.name
                target = sub if sub in known else source
                yield Import(module, target, alias.name, alias.asname or alias.name, alias.lineno)


def imports(root: Path) -> list[Import]:
    """Every import of one of the package's own modules, by any module of it."""
    known = modules(root)
    return [imp for module, path in known.items() for imp in _imports_of(module, path, root.name, known)]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


# -- the rules -----------------------------------------------------------------------------------
def stage_of(module: str, order: Mapping[str, int]) -> int | None:
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in order:
            return order[".".join(parts[:end])]
    return None


def stage_violations(root: Path, order: Mapping[str, int]) -> list[str]:
    """Modules the order leaves out, keys naming no module, and imports of a later stage."""
    known = modules(root)
    tops = {name.split(".")[0] for name in known if name}
    problems = [f"{top}: not placed in the stage order" for top in sorted(tops - set(order))]
    packages = {name.rsplit(".", 1)[0] for name in known if "." in name}
    problems += [f"{key}: in the stage order, but no such module" for key in sorted(order)
                 if key not in known and key not in packages]
    for imp in imports(root):
        here, there = stage_of(imp.importer, order), stage_of(imp.target, order)
        if imp.importer and imp.target and here is not None and there is not None and there > here:
            problems.append(f"{imp.importer}:{imp.line} imports {imp.target}, a later stage")
    return list(dict.fromkeys(problems))


def cycles(root: Path) -> list[list[str]]:
    """The circles of the import graph (each a strongly connected set of modules, sorted)."""
    graph: dict[str, set[str]] = {}
    for imp in imports(root):
        if imp.importer and imp.target and imp.importer != imp.target:
            graph.setdefault(imp.importer, set()).add(imp.target)
    return _strongly_connected(graph)


def _strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while (member := stack.pop()) != node:
                group.append(member)
            if group:
                found.append(sorted([node, *group]))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def private_uses(root: Path, allowed: Iterable[tuple[str, str]] = ()) -> list[str]:
    """Private names (``_x``) one module takes from another: imported by name, read as an
    attribute of an imported module or class (``mod._x``), or a private module imported from
    outside its package."""
    known = modules(root)
    allowed = set(allowed)
    problems = []
    for module, path in known.items():
        bound: dict[str, str] = {}
        for imp in _imports_of(module, path, root.name, known):
            if imp.name and _private(imp.name) and imp.target != module:
                problems.append(f"{module}:{imp.line} imports {imp.name} from {imp.target}")
            if imp.bound:
                bound[imp.bound] = imp.target
            owner = _private_owner(imp.target)
            if owner is not None and not _within(module, owner) and (module, imp.target) not in allowed:
                problems.append(f"{module}:{imp.line} imports {imp.target}, private to {owner or 'the root'}")
        problems += _private_attributes(module, path, bound)
    return problems


def _private_owner(target: str) -> str | None:
    """The package a private module belongs to (None: the module is not private)."""
    parts = target.split(".")
    for i, part in enumerate(parts):
        if _private(part):
            return ".".join(parts[:i])
    return None


def _private_attributes(module: str, path: Path, bound: Mapping[str, str]) -> list[str]:
    """``name._x`` where ``name`` is bound by an import from another module of the package."""
    return [
        f"{module}:{node.lineno} uses {node.value.id}.{node.attr} of {bound[node.value.id]}"
        for node in ast.walk(_parse(path))
        if isinstance(node, ast.Attribute) and _private(node.attr)
        and isinstance(node.value, ast.Name) and node.value.id in bound
        and bound[node.value.id] != module
    ]


def exported(path: Path) -> set[str]:
    """The names a module's ``__all__`` lists (a literal list or tuple of strings)."""
    for node in _parse(path).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__"
                                                for t in node.targets):
            return set(ast.literal_eval(node.value))
    return set()


def reading_internal_uses(root: Path, stage: str, public: Iterable[str]) -> set[tuple[str, str]]:
    """(importer, module) for each import of a module of the reading stage that is not one of its
    ``public`` modules, and (importer, "module.name") for each name taken from a public module
    that its ``__all__`` does not list, by a module outside the stage."""
    known = modules(root)
    names = {module: exported(known[module]) for module in public if module in known}
    found = set()
    for imp in imports(root):
        if not _within(imp.target, stage) or _within(imp.importer, stage):
            continue
        if imp.target not in names:
            found.add((imp.importer, imp.target))
        elif imp.name and imp.name not in names[imp.target]:
            found.add((imp.importer, f"{imp.target}.{imp.name}"))
    return found


def reading_users(root: Path, stage: str, readers: Iterable[str]) -> set[str]:
    """The modules outside the reading stage, other than the readers, that import from it."""
    readers = tuple(readers)
    return {
        imp.importer for imp in imports(root)
        if _within(imp.target, stage) and not _within(imp.importer, stage)
        and not any(_within(imp.importer, reader) for reader in readers)
    }


# -- the package obeys them ----------------------------------------------------------------------
def test_every_module_has_a_stage_and_none_imports_a_later_one() -> None:
    assert stage_violations(SRC, ORDER) == []


def test_the_imports_between_modules_make_no_circle() -> None:
    assert cycles(SRC) == []


def test_no_module_takes_a_private_name_of_another() -> None:
    assert private_uses(SRC, PRIVATE_MODULE_USES) == []


def test_every_allowed_private_module_use_is_still_there() -> None:
    every = private_uses(SRC)
    for importer, target in PRIVATE_MODULE_USES:
        assert any(p.startswith(f"{importer}:") and f" {target}," in p for p in every), (importer, target)


def test_outside_the_reading_stage_only_its_public_names_are_used() -> None:
    assert reading_internal_uses(SRC, READING_STAGE, READING_PUBLIC) == set()


def test_only_the_readers_use_the_reading_stage() -> None:
    found = reading_users(SRC, READING_STAGE, READERS)
    assert found - READING_USER_DEBT == set(), "a new user of the reading stage"
    assert READING_USER_DEBT - found == set(), "no longer a user: remove it from READING_USER_DEBT"


def test_the_reading_stage_public_modules_and_readers_named_exist() -> None:
    known = modules(SRC)
    for name in (READING_STAGE, *READING_PUBLIC, *READERS):
        assert any(_within(module, name) for module in known), name
    for module in READING_PUBLIC:
        assert exported(known[module]), f"{module} lists no public names (__all__)"


def pictured_stages(text: str) -> list[tuple[str, set[str]]]:
    """The stage lines of the document's first picture, top first: each stage and the files it
    names (a stage's line may wrap; words in parentheses are comments)."""
    stages = {name for name, _ in STAGES}
    found: list[tuple[str, set[str]]] = []
    continues = False
    for line in text.split("```")[1].splitlines():
        words = re.sub(r"\(.*?\)", "", line).split()
        if words and words[0] in stages and line.startswith("   " + words[0]):
            found.append((words[0], set(words[1:])))
            continues = True
        elif continues and words and line.startswith(" " * 8):
            found[-1][1].update(words)
        else:
            continues = False
    return found


def _file_of(key: str) -> str:
    path = key.replace(".", "/")
    return f"{path}/" if (SRC / path).is_dir() else f"{path}.py"


def test_the_architecture_picture_shows_the_stage_order() -> None:
    expected = [(name, {_file_of(key) for key in keys}) for name, keys in reversed(STAGES)]
    assert pictured_stages(DOC.read_text(encoding="utf-8")) == expected


# -- each rule catches a deliberate violation ----------------------------------------------------
def _tree(root: Path, files: Mapping[str, str]) -> Path:
    package = root / "pkg"
    for name, text in {"__init__.py": "", **files}.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return package


def test_an_import_of_a_later_stage_and_an_unplaced_module_are_reported(tmp_path: Path) -> None:
    package = _tree(tmp_path, {
        "low.py": "def late():\n    from pkg.high import run\n",
        "high.py": "import pkg.low\nrun = 1\n",
        "newcomer.py": "",
    })
    problems = stage_violations(package, {"low": 0, "high": 1, "gone": 2})
    assert problems == [
        "newcomer: not placed in the stage order",
        "gone: in the stage order, but no such module",
        "low:2 imports high, a later stage",
    ]
    assert stage_violations(package, {"low": 1, "high": 1, "newcomer": 0}) == []


def test_a_part_of_a_package_placed_apart_is_judged_by_its_own_stage(tmp_path: Path) -> None:
    package = _tree(tmp_path, {
        "tool/__init__.py": "", "tool/base.py": "", "tool/run.py": "from pkg.user import x\n",
        "user.py": "from pkg.tool.base import y\nfrom pkg.tool import run\n",
    })
    problems = stage_violations(package, {"tool": 2, "tool.base": 0, "user": 1})
    assert problems == ["user:2 imports tool.run, a later stage"]


def test_a_circle_through_a_lazy_or_type_only_import_is_reported(tmp_path: Path) -> None:
    package = _tree(tmp_path, {
        "a.py": "from pkg.b import x\n",
        "b.py": "def f():\n    from pkg import a\nx = 1\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.d import D\n",
        "d.py": "from pkg.c import *\nclass D: ...\n",
        "e.py": "from pkg.a import x\n",
    })
    assert cycles(package) == [["a", "b"], ["c", "d"]]


def test_private_names_taken_from_another_module_are_reported(tmp_path: Path) -> None:
    package = _tree(tmp_path, {
        "a.py": "from pkg.b import (\n    public,\n    _hidden,\n)\n",
        "b.py": "public = _hidden = 1\ndef _own():\n    return _hidden\n",
        "c.py": "import pkg.b as b\nfrom pkg.b import public\nvalue = b._hidden + public.real\n",
        "d.py": "from pkg.sub._impl import thing\n",
        "sub/__init__.py": "", "sub/_impl.py": "thing = 1\n", "sub/ok.py": "from pkg.sub._impl import thing\n",
    })
    assert sorted(private_uses(package)) == [
        "a:3 imports _hidden from b",
        "c:3 uses b._hidden of b",
        "d:1 imports sub._impl, private to sub",
    ]
    assert sorted(private_uses(package, {("d", "sub._impl")})) == [
        "a:3 imports _hidden from b", "c:3 uses b._hidden of b"]


def test_a_reading_internal_or_a_user_outside_the_readers_is_reported(tmp_path: Path) -> None:
    package = _tree(tmp_path, {
        "reading/__init__.py": "__all__ = ['read']\nfrom pkg.reading.parse import read, _hidden\n",
        "reading/parse.py": "def read(): ...\ndef _hidden(): ...\ndef other(): ...\n",
        "reading/reconcile.py": "__all__ = ('reconcile',)\nfrom pkg.reading import read as reconcile\n",
        "retriever.py": "def find():\n    from pkg.reading.parse import read\n",
        "boss.py": "from pkg.reading import read\nfrom pkg.reading.reconcile import reconcile\n",
        "worker.py": "from pkg.reading import read, other\nimport pkg.reading.parse\n",
        "user.py": "from pkg.reading import read\n",
    })
    public = ["reading", "reading.reconcile"]
    assert reading_internal_uses(package, "reading", public) == {
        ("retriever", "reading.parse"), ("worker", "reading.other"), ("worker", "reading.parse")}
    assert reading_users(package, "reading", ["boss", "worker"]) == {"retriever", "user"}


def test_the_package_with_a_deliberate_violation_fails_the_reading_rules(tmp_path: Path) -> None:
    """The rules as configured for the package catch an import of the reading internals added to
    a copy of it: retrieval taking the labeller, and the checker a name the stage does not export;
    and extract reading an entry as it finds it."""
    import shutil

    copy = Path(shutil.copytree(SRC, tmp_path / "citecheck", ignore=shutil.ignore_patterns("__pycache__")))
    for module, line in (("retrieve.py", "from citecheck.reading.labeller import tokenize\n"),
                         ("checker.py", "from citecheck.reading.reconcile import _realigned\n"),
                         ("extract/text.py", "from citecheck.reading import read_reference\n")):
        path = copy / module
        path.write_text(path.read_text(encoding="utf-8") + line, encoding="utf-8")
    assert reading_internal_uses(copy, READING_STAGE, READING_PUBLIC) == {
        ("retrieve", "reading.labeller"), ("checker", "reading.reconcile._realigned")}
    assert private_uses(copy, PRIVATE_MODULE_USES) != []
    assert [p for p in stage_violations(copy, ORDER) if p.startswith("extract.")] == [
        f"extract.text:{len((copy / 'extract/text.py').read_text(encoding='utf-8').splitlines())} "
        "imports reading, a later stage"]
    assert reading_users(copy, READING_STAGE, READERS) - READING_USER_DEBT == {"retrieve", "extract.text"}
