"""One lexicon: each word list and identifier pattern is written out in one module only.

Every other module builds its patterns from the owner's constants (`names.ET_AL_WORDS`,
`names.SUFFIX`, `identifiers.DOI_PREFIX`, `identifiers.ARXIV_NEW`, ...). The scan reads the regex
text as it stands in the source, so a second spelling of a list fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from citecheck import identifiers, names, years

SRC = Path(__file__).resolve().parents[1] / "src" / "citecheck"

#: a particle, for spotting a particle list written as regex text
_P = "(?:van|von|de|der|den|da|di|du|del|la|le)"
#: an English function word, for spotting a list of them written out
_F = "(?:of|the|an?|in|on|for|to|and|at|by|with|from)"
#: a spelling that writes a list or a pattern out, and the one module (under src/citecheck) that may
LEXICON: dict[str, tuple[re.Pattern[str], str]] = {
    "et al. spelled with its space": (re.compile(r"et\\s[+*?]al"), "names.py"),
    # (German "u. a." as regex text too)
    "and others / co-workers": (re.compile(r"co-\?workers|\bu\\\.\\s\*a\b"), "names.py"),
    # (the multilingual list: "and", "et", "und", "y", ...)
    "'and' words": (re.compile(r'"and", "et"|"et", "und"|"und", "y"|\band\|et\|und\b'), "names.py"),
    # (four in a row, as a list or as regex text)
    "English function words": (re.compile(rf'"{_F}", "{_F}", "{_F}", "{_F}"|\b{_F}\|{_F}\|{_F}\|{_F}\b'),
                               "function_words.py"),
    # (as regex text "III|II|IV" or as a list "III", "II", "IV")
    "name suffixes": (re.compile(r"III\W{1,6}II\W{1,6}IV|II\|III\|IV"), "names.py"),
    "DOI prefix": (re.compile(r"10\\\.\\d\{4,9\}"), "identifiers.py"),
    "new-style arXiv id": (re.compile(r"\\d\{4\}\\\.\\d\{4,5\}"), "identifiers.py"),
    "old-style arXiv number": (re.compile(r"/\\d\{7\}"), "identifiers.py"),
    "arXiv DataCite DOI": (re.compile(r"10\\\.48550/arxiv"), "identifiers.py"),
    # (three particles in a row as regex text, or a list "van", "von"; `reading.name_forms.PARTICLE`,
    # the grammar of capitalised and compound particles, "[vV]on(?:\\s+[dD]e[rnm])?", is no list)
    "name particles": (re.compile(rf'(?<![\w\]]){_P}\|{_P}\|{_P}\b|"van", "von"'), "names.py"),
    # (and as the parser's regex text, "Jan(?:uary)?", and its French and German names)
    "month names": (re.compile(r'"jan", "feb"|"january", "february"|"January", "February"|\bJan\|Feb\b|'
                               r'Jan\(\?:uary\)|\bjanvier\b|\bJanuar\b'), "years.py"),
    # (a range's digits: "1[6-9]", "1[89]", "(?:19|20)", "20\d\d")
    "plausible year range": (re.compile(r"1\[\d-?9?\]\\d|1\[\d-9\]\||\|20\)\\d|20\\d\\d|20\\d\{2\}"), "years.py"),
}


#: modules that still spell a list out beside its owner: none. A set chosen for one purpose (which
#: words a journal name, a venue comparison or a title joiner may hold) is named in the owner and
#: built there from its list, and the module imports it. Stays empty.
LEXICON_DEBT: dict[str, set[str]] = {}


def spellings(root: Path) -> dict[str, set[str]]:
    """For each concept of `LEXICON`, the modules under `root` that spell it out."""
    found: dict[str, set[str]] = {name: set() for name in LEXICON}
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name, (pattern, _) in LEXICON.items():
            if pattern.search(text):
                found[name].add(path.relative_to(root).as_posix())
    return found


@pytest.mark.parametrize("name", sorted(LEXICON))
def test_each_word_list_and_identifier_pattern_is_written_in_its_owner_only(name: str) -> None:
    assert spellings(SRC)[name] == {LEXICON[name][1]} | LEXICON_DEBT.get(name, set())


def test_a_second_spelling_of_a_list_is_found(tmp_path: Path) -> None:
    for rel in ("names.py", "identifiers.py", "years.py", "function_words.py"):
        (tmp_path / rel).write_text((SRC / rel).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "extract").mkdir()
    (tmp_path / "extract" / "stray.py").write_text(
        'import re\nDOI = re.compile(r"\\b10\\.\\d{4,9}/\\S+")\n'
        'ETAL = re.compile(r"\\s+et\\s+al\\.?")\nJR = r"(?:Jr|Sr|III|II|IV)"\n'
        'YEAR = r"\\((?:1[89]|20)\\d\\d\\)"\nNAME = r"(?:(?:de|van|von|der)\\s+)?[A-Z]\\w+"\n'
        'MONTHS = ("jan", "feb", "mar")\nMONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?)"\n'
        'STOP = frozenset({"of", "the", "and", "for"})\nAND = ("and", "et", "und")\n', encoding="utf-8")
    found = spellings(tmp_path)
    assert found["DOI prefix"] == {"identifiers.py", "extract/stray.py"}
    assert found["et al. spelled with its space"] == {"names.py", "extract/stray.py"}
    assert found["name suffixes"] == {"names.py", "extract/stray.py"}
    assert found["plausible year range"] == {"years.py", "extract/stray.py"}
    assert found["name particles"] == {"names.py", "extract/stray.py"}
    assert found["month names"] == {"years.py", "extract/stray.py"}
    assert found["English function words"] == {"function_words.py", "extract/stray.py"}
    assert found["'and' words"] == {"names.py", "extract/stray.py"}
    assert found["new-style arXiv id"] == {"identifiers.py"}


def test_the_shared_patterns_match_what_they_name() -> None:
    assert re.fullmatch(names.ET_AL_SHORT, "et  al.")
    assert re.fullmatch(names.SUFFIX_DOTTED, "Jnr.") and re.fullmatch(names.SUFFIX_DOTTED, "III")
    assert not re.fullmatch(names.SUFFIX_DOTTED, "III.")
    assert re.fullmatch(identifiers.DOI_PREFIX, "10.1103")
    assert re.fullmatch(identifiers.ARXIV_NEW, "2104.14294")
    assert [y for y in ("1599", "1600", "2099", "2100") if re.fullmatch(years.YEAR, y)] == ["1600", "2099"]
    assert re.fullmatch(years.year_pattern(1800), "1850") and not re.fullmatch(years.year_pattern(1900), "1850")
    assert names.strip_et_al("Smith, J. and collaborators") == ("Smith, J.", True)
    assert names.parse_person("Smith, Jnr., John").suffix == "Jnr."


#: patterns the reading stage declares at module level (compiled at import or, through
#: `regex_cache.compile_re` / `compile_regex`, on first use); it may only go down (a new rule builds
#: on the lexicons' constants or an existing pattern, not on yet another one)
#: (361: 299 `re` patterns — 300 before the labeller's and clean-up's changes — and 62 `regex` ones,
#: three of them hoisted from function bodies of names_scripts.py to module level; the count before
#: patterns compiled on first use saw the `re` ones only)
READING_PATTERN_CEILING = 361

_COUNT_PATTERNS = r"""
import importlib, pkgutil, re, sys
import regex
count = 0
def wrap(mod):
    orig = mod.compile
    def compile(pattern, flags=0, *a, **k):
        global count
        f = sys._getframe(1)
        while f and f.f_code.co_filename.endswith(("re/__init__.py", "regex.py", "_regex_core.py")):
            f = f.f_back
        if f and "citecheck/reading/" in f.f_code.co_filename.replace("\\", "/"):
            count += 1
        return orig(pattern, flags, *a, **k)
    mod.compile = compile
wrap(re)
wrap(regex)
import citecheck.regex_cache as rc
def declared(orig):
    def compile(pattern, flags=0):
        global count
        if "citecheck/reading/" in sys._getframe(1).f_code.co_filename.replace("\\", "/"):
            count += 1
        return orig(pattern, flags)
    return compile
rc.compile_re = declared(rc.compile_re)
rc.compile_regex = declared(rc.compile_regex)
package = importlib.import_module("citecheck.reading")
for info in pkgutil.walk_packages(package.__path__, "citecheck.reading."):
    importlib.import_module(info.name)
print(count)
"""


def reading_pattern_count() -> int:
    """Patterns the modules of `citecheck.reading` compile (re and regex) or declare for compiling on
    first use (`regex_cache.compile_re` / `compile_regex`) while all of them are imported, in a fresh
    interpreter."""
    out = subprocess.run([sys.executable, "-c", _COUNT_PATTERNS], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1])


def test_the_reading_stage_compiles_no_more_patterns_than_its_ceiling() -> None:
    assert reading_pattern_count() <= READING_PATTERN_CEILING


def test_an_edition_is_read_in_english_german_french_and_russian() -> None:
    from citecheck.reading.refparse.lexicon import EDITION_END_RE

    for text, edition in (("Title, 3rd ed.", "3rd ed."), ("Geschichte der Soziologie. 9. Auflage", "9. Auflage"),
                          ("Analyse, 3. éd.", "3. éd."), ("Физика. 2-е изд.", "2-е изд.")):
        m = EDITION_END_RE.search(text)
        assert m is not None and m.group(0).strip(" ,.") == edition.strip("."), text
    assert EDITION_END_RE.search("Chapter 9. Auflage und mehr") is None
