"""No pattern citecheck compiles takes time that grows faster than its input (a ReDoS audit), and no
reference is read beyond `reading.limits.MAX_REFERENCE_CHARS`.

Every pattern is found two ways: the compiled `re`/`regex` patterns a module keeps at its top level
(also inside tuples, lists, sets and dicts there), and every ``re.compile``/``regex.compile``/
``compile_regex`` call and ``re.search``/``re.sub``/… call whose pattern is a literal, wherever it is
written (found in the source). Each is run over adversarial runs (letters, capitals, digits, spaces,
". . .", ", , ,", dashes, "A." repeats, …) of `N` and of 4·`N` characters. Times are CPU times of
this thread (the machine may be busy) and a pattern is flagged only when both the larger run takes
more than `FLOOR` and the time grew more than `GROWTH` times (linear growth is about 4, quadratic
about 16), confirmed by a second measurement.
"""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import regex

import citecheck
from citecheck.entries import read_text
from citecheck.names import ET_AL
from citecheck.reading.combine import read_reference
from citecheck.reading.limits import CUT_WARNING, MAX_REFERENCE_CHARS
from citecheck.regex_cache import compiled

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(citecheck.__file__).parent
UNITS = ("a", "A", "1", "Aa", "aA", "a1", "é", "_", " ", "\n", "a ", "A ", "a b ", ". ", ", ", ".",
         ",", "-", "a.", "A.", "A. ", "A, ", "a-", "1.", "1 ", "a,", ",a", "(", "/", "'", "A1.")
N = 500
FLOOR = 0.003  # CPU seconds at 4·N below which no growth matters
GROWTH = 8.0
_NO_SPACE_RUNS = tuple(unit for unit in UNITS if unit.strip())
TOO_SLOW = 0.05  # CPU seconds at N/16, N/4 or N: flagged at once (a pattern of high degree takes hours at 4·N)

REFERENCE = "inside one reference, or a field, name or identifier of one"
BENCH = "a corpus record's family name, building a benchmark (not an input under check)"
BENCH_FILE = ("one item of a chosen paper's .bbl/.bib or of a BibTeX style's output, building a benchmark or "
              "training set (not an input under check)")
WINDOW = "a window of 21 characters before a period"
FIELD = "one field of a citation or a record (a venue, pages)"
ARGUMENT = "a command-line argument (an arXiv listing or id the user typed)"
NAME = "one author name of a citation or a record"
LINE = "a PDF reference's printed label, or the reference its lines are joined into"
_SPACE_RUN_NAMES = (
    'citecheck.reading.names._ETAL',
    'citecheck.claims.markers._ET_AL_RE',
    'citecheck.claims.markers._NAME_SPLIT_RE',
    'citecheck.reading.cleanup._STATUS_RE',
    'citecheck.reading.collaborations._TITLE_GOES_ON',
    'citecheck.reading.identifiers._ACCESSED_RE',
    'citecheck.reading.identifiers._RETRIEVED_RE',
    'citecheck.reading.names._AND_LOWER',
    'citecheck.reading.names._AND_NEXT',
    'citecheck.reading.names._GROUP_PAREN',
    'citecheck.reading.names._LEFT_OVER',
    'citecheck.reading.names._LOWER_NEXT',
    'citecheck.reading.names._SEP',
    'citecheck.reading.names._YEAR_NEXT',
    'citecheck.reading.names_scripts._PINYIN_SEP_RE',
    'citecheck.reading.names_scripts._RTL_SPLIT_RE',
    'citecheck.reading.names_scripts._SEP_RE',
    'citecheck.reading.pdftext._NAME_AFTER_RE',
    'citecheck.reading.pdftext._QUOTE_PAIR_RE',
    'citecheck.reading.refparse.authors._GLUED_LAST_NAME_RE',
    'citecheck.reading.refparse.books.BOOK_VOLUME_RE',
    'citecheck.reading.refparse.books.PAREN_PUB_RE',
    'citecheck.reading.refparse.container._MONTH_DAY_PAREN_RE',
    'citecheck.reading.refparse.container._PAREN_MONTH_RE',
    'citecheck.reading.refparse.container._PAREN_PAGES_RE',
    'citecheck.reading.refparse.container._ROMAN_VOL_RE',
    'citecheck.reading.refparse.container._SPECIAL_ISSUE_RE',
    'citecheck.reading.refparse.container._TRAILING_DATE_RE',
    'citecheck.reading.refparse.gbt._MARKER_RE',
    'citecheck.reading.refparse.gost.EXTENT_RE',
    'citecheck.reading.refparse.gost._AND_OTHERS_RE',
    'citecheck.reading.refparse.gost._RESPONSIBILITY_RE',
    'citecheck.reading.refparse.gost._SPLIT_RE',
    'citecheck.reading.refparse.head._TITLE_PART_RE',
    'citecheck.reading.refparse.identifiers._EPRINTS_RE',
    'citecheck.reading.refparse.imprint._PAREN_TAIL_RE',
    'citecheck.reading.refparse.imprint._TRAILING_EDITORS_RE',
    'citecheck.reading.refparse.journals._JOURNAL_ONLY_RE',
    'citecheck.reading.refparse.journals._PLACE_END_RE',
    'citecheck.reading.refparse.sentences._THESIS_NEXT_RE',
    'citecheck.reading.refparse.title._IN_BOOK_RE',
    'citecheck.reading.refparse.title._IN_END_RE',
    'citecheck.reading.refparse.title._IOP_EDS_END_RE',
    'citecheck.reading.refparse.title._PAGES_END_RE',
    'citecheck.reading.refparse.title._PLACE_CUT_RE',
    'citecheck.reading.refparse.venue._LABELLED_NO_RE',
    'citecheck.reading.refparse.venue._LABELLED_VOL_RE',
    'citecheck.reading.refparse.works._BRACKETED_RE',
    'citecheck.reading.refparse.works._BRACKETED_WORK_RE',
    'citecheck.reading.refparse.works._REPRINT_RE',
    'citecheck.reading.refparse.works._THEREIN_RE',
    'citecheck.reading.refparse.works._TRAILING_ERRATUM_RE',
    'citecheck.reading.refparse.works._TRANSLATION_RE',
    'citecheck.reading.refparse.years._IMPRINT_CLOSE_RE',
    'citecheck.reading.refparse.years._SPAN_AFTER_AUTHORS_RE',
    'citecheck.reading.refparse.years._SPAN_AFTER_RE',
    'citecheck.reading.refparse.years._VANCOUVER_VOL_RE',
    'citecheck.reading.refparse.years._YEAR_AFTER_AUTHORS_RE',
    'citecheck.extract.text._HEADING_RE',
    'citecheck.index.dumps.dblp._HOMONYM_RE',
    'citecheck.sources._common._PARENTHESES_RE',
    'citecheck.sources.physics._HEAD_RE',
    'citecheck.sources.semanticscholar._ARXIV_NAME',
    'citecheck.venues._PLACE_QUALIFIER_RE',
    'citecheck.verify.authors._SUFFIX',
    'citecheck.verify.titles._SUBTITLE_SEP',
    'citecheck/claims/sentences.py:\\s+([,.;:!?)])',
    'citecheck/export.py:\\s*[-–—]+\\s*',
    'citecheck/extract/bibtex.py:\\s*(?:--+|[-–—‐])\\s*',
    'citecheck/extract/bibtex.py:\\s*\\d{4}-(\\d{1,2})',
    'citecheck/reading/labeller.py:\\s*[-–]+\\s*',
    'citecheck.reading.names_scripts._PINYIN_END_RE',
    'citecheck/extract/pdf.py:(\\d*)\\s*-\\s*(\\d*)|(\\d+)',
    'citecheck/extract/pdf.py:\\s*(\\d+)',
    'citecheck/extract/pdf.py:\\s*\\d+\\s*',
    'citecheck/extract/pdf.py:^\\d{1,4}\\b\\s*|\\s*\\b\\d{1,4}$',
    'citecheck/reading/refparse/books.py:\\s*[-–]\\s*',
    'citecheck/reading/refparse/gost.py:\\s*[-–—]\\s*',
    'citecheck/reading/refparse/imprint.py:\\s*(?:,|\\band\\b|&)\\s*',
    'citecheck/reading/refparse/lexicon.py:\\s*(?:--|[-–—‐])+\\s*',
    'citecheck/reading/refparse/realign.py:,\\s*(?:and\\s+)?|\\s+and\\s+|\\s*&\\s*',
    'citecheck/reading/refparse/scripts.py:\\s+([.,;:)\\]])',
    'citecheck/reading/refparse/title.py:\\s*,',
    'citecheck/reading/refparse/title.py:\\s+(?!in\\b|and\\s+[\\"“‘\'«]|In\\b)[a-z]{2,}',
    'citecheck/reading/refparse/title.py:\\s+by\\b',
    'citecheck/reading/refparse/venue.py:\\s*\\([^()]*$',
    'citecheck/sources/http.py:\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?\\s*',
    'citecheck/sources/urls.py:\\s+[—–|·•:-]\\s+',
)
_KNOWN = {
    'citecheck.reading.identifiers._PII_RE': REFERENCE,
    'citecheck/verify/venue.py:\\([^)]*\\)': FIELD,
    'citecheck.bench.pool._GLUED_INITIALS_RE': BENCH,
    'citecheck.bench.bbl_align._ET_AL_RE': BENCH_FILE,
    'citecheck.bench.bbl_align._TRAILING_INITIALS_RE': BENCH_FILE,
    'citecheck.bench.bbl_align._PAGE_RANGE_RE': BENCH_FILE,
    'citecheck.bench.bst_render._TRAILING_IN_RE': BENCH_FILE,
    'citecheck/bench/bbl_align.py:\\s*(?:--?|\\u2013|\\u2014|,)\\s*': BENCH_FILE,
    'citecheck/bench/bbl_align.py:\\s+[Cc]ollaboration\\b': BENCH_FILE,
    'citecheck/bench/bbl_align.py:\\s*(?:--?|\\u2013|\\u2014)\\s*': BENCH_FILE,
    'citecheck/bench/bbl_align.py:\\s*(?:---|\\u2014|\\u2013)': BENCH_FILE,
    'citecheck/bench/bbl_align.py:[a-z]?\\s*\\)?\\s*[./]\\d': BENCH_FILE,
    'citecheck.claims.sentences._WORD_BEFORE_RE': WINDOW,
    'citecheck.reading.cleanup._LANGUAGE_NOTE_RE': REFERENCE,
    'citecheck.reading.collaborations.COLLAB': REFERENCE,
    'citecheck.reading.identifiers._GAP_BEFORE_SEMICOLON_RE': REFERENCE,
    'citecheck.reading.name_forms.F_FAM_CAPS': REFERENCE,
    'citecheck.reading.name_forms.F_FAM_CAPS_STRICT': REFERENCE,
    'citecheck.reading.name_forms.F_FAM_DOTTED_LAST': REFERENCE,
    'citecheck.reading.name_forms.F_GIVEN_FIRST': REFERENCE,
    'citecheck.reading.name_forms.F_GIVEN_FIRST_NC': REFERENCE,
    'citecheck.reading.name_forms.F_INIT_FIRST': REFERENCE,
    'citecheck.reading.names._BARE_ETAL': REFERENCE,
    'citecheck.reading.names._BARE_PAIR': REFERENCE,
    'citecheck.reading.names._FAMILY_YEAR': REFERENCE,
    'citecheck.reading.names._ORG': REFERENCE,
    'citecheck.reading.names_scripts._CAPS_PINYIN_RE': REFERENCE,
    'citecheck.reading.pdftext._PROTECT_RE': REFERENCE,
    'citecheck.reading.refparse.container._NLM_MEETING_RE': REFERENCE,
    'citecheck.reading.refparse.container._ORG_PIECE_RE': REFERENCE,
    'citecheck.reading.refparse.finish._EDITORS_AFTER_RE': REFERENCE,
    'citecheck.reading.refparse.journals._CODE_RE': REFERENCE,
    'citecheck.reading.refparse.journals._JOURNAL_RUN_RE': REFERENCE,
    'citecheck.reading.refparse.journals._LOWER_WORD_END_RE': REFERENCE,
    'citecheck.reading.refparse.realign._GIVEN_FAMILY': REFERENCE,
    'citecheck.reading.refparse.realign._TRAILING_DATE': REFERENCE,
    'citecheck.reading.refparse.title._IMPRINT_AFTER_YEAR_RE': REFERENCE,
    'citecheck.reading.refparse.title._PLACE_WORD_RE': REFERENCE,
    'citecheck.reading.refparse.venue._AFTER_TITLE_NO_RE': REFERENCE,
    'citecheck.reading.refparse.venue._PAREN_VOL_ISSUE_PAGES_RE': REFERENCE,
    'citecheck.reading.refparse.venue._PAREN_VOL_ISSUE_RE': REFERENCE,
    'citecheck.reading.refparse.years._EMPTY_TAIL_PUNCT_RE': REFERENCE,
    'citecheck.identifiers.ARXIV_OLD_RE': REFERENCE,
    'citecheck.identifiers._ARXIV_MONTH': REFERENCE,
    'citecheck.remote.listing._SPEC': ARGUMENT,
    'citecheck.remote.targets._ARXIV_ARG': ARGUMENT,
    'citecheck.remote.targets._ARXIV_ID': ARGUMENT,
    'citecheck.verify.authors._ET_AL_TAIL': NAME,
    'citecheck/extract/pdf.py:(?:[/_]|\\b10\\.|\\d-|[a-z]{2,}\\.)$': LINE,
    'citecheck/extract/pdf.py:[A-Z].*\\d|\\d.*[A-Z]': LINE,
    'citecheck/reading/refparse/container.py:[\\s,]*\\(\\s*\\d*\\s*\\)\\s*$': REFERENCE,
    'citecheck/reading/refparse/container.py:[\\s,]*통권\\s*$': REFERENCE,
    "citecheck/reading/refparse/head.py:(?:[A-Z][\\w'’-]*\\.\\s*:?\\s*|[A-Z]\\s*:?\\s+)+": REFERENCE,
    'citecheck/reading/refparse/sentences.py:\\S+\\s+\\S': REFERENCE,
    'citecheck/verify/compare.py:\\s*\\d+\\s*[-–—/]+\\s*\\d+\\s*': FIELD,
    'citecheck/verify/venue.py:[\\s.,:]*\\b(?:letters|lett|l)\\b[\\s.]*$': FIELD,
    'citecheck/verify/venue.py:\\(([^)]*)\\)': FIELD,
}

#: Patterns still to rewrite (a list to shorten, not a licence): they grow faster than their input on
#: long runs of white space only ("\\s*…\\s*" side by side), and are held to linear time on every
#: other run. The clean-up and the parser make white space inside a reference single spaces before
#: most of them; a reference is cut at `MAX_REFERENCE_CHARS` before all of those in extract/.
ON_SPACE_RUNS: frozenset[str] = frozenset(_SPACE_RUN_NAMES)

#: Patterns still to rewrite that grow faster than their input on other runs too, and where each is
#: applied: inside one reference (cut at `MAX_REFERENCE_CHARS`: `test_an_adversarial_reference_costs_little`
#: bounds the whole reading) or inside something as small.
KNOWN_SUPERLINEAR: dict[str, str] = _KNOWN

_CALLS = {"compile", "search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split"}
Pattern = re.Pattern[str] | regex.Pattern[str]


def _modules() -> Iterator[Any]:
    for info in pkgutil.walk_packages([str(PACKAGE)], "citecheck."):
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed (ray, a local model)
            continue


def _held(value: object, depth: int = 0) -> Iterator[Pattern]:
    value = compiled(value)  # a pattern declared for compiling on first use
    if isinstance(value, (re.Pattern, regex.Pattern)) and isinstance(value.pattern, str):
        yield value
    elif depth < 2 and isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _held(item, depth + 1)
    elif depth < 2 and isinstance(value, dict):
        for item in value.values():
            yield from _held(item, depth + 1)


def _flags(node: ast.expr | None, engine: Any) -> int:
    """The flags of a call, when they are written as constants (``re.I | re.M``); else 0."""
    if node is None:
        return 0
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _flags(node.left, engine) | _flags(node.right, engine)
    if isinstance(node, ast.Attribute):
        return int(getattr(engine, node.attr, 0))
    return 0


def _literal_calls(path: Path) -> Iterator[tuple[int, Pattern]]:
    """The patterns of the ``re.X(literal, …)`` / ``regex.X`` / ``compile_regex`` / ``compile_re`` calls
    in a file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.attr in _CALLS \
                and func.value.id in ("re", "regex"):
            engine: Any = re if func.value.id == "re" else regex
            at = 1 if func.attr in ("compile", "split") else 2 if func.attr not in ("sub", "subn") else 3
        elif isinstance(func, ast.Name) and func.id in ("compile_regex", "compile_re"):
            engine, at = (regex if func.id == "compile_regex" else re), 1
        else:
            continue
        keyword = next((k.value for k in node.keywords if k.arg == "flags"), None)
        flag_node = node.args[at] if len(node.args) > at else keyword
        try:
            yield node.lineno, engine.compile(node.args[0].value, _flags(flag_node, engine))
        except (re.error, regex.error, TypeError):
            continue  # (not a pattern: a ``str.split``-like call on a module named re)


def all_patterns() -> dict[str, Pattern]:
    """Every pattern, by where it is written: ``module.NAME`` or ``path:pattern``; each once."""
    found: dict[str, Pattern] = {}
    seen: set[tuple[str, int, type]] = set()

    def add(name: str, pattern: Pattern) -> None:
        key = (pattern.pattern, pattern.flags, type(pattern))
        if key not in seen:
            seen.add(key)
            found[name] = pattern

    for module in _modules():
        for attr, value in vars(module).items():
            for pattern in _held(value):
                add(f"{module.__name__}.{attr}", pattern)
    for path in sorted(PACKAGE.rglob("*.py")):
        for _, pattern in _literal_calls(path):
            add(f"{path.relative_to(PACKAGE.parent)}:{pattern.pattern}", pattern)
    return found


def _cpu(pattern: Pattern, text: str, repeats: int = 2) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.thread_time()
        for _ in pattern.finditer(text):
            pass
        best = min(best, time.thread_time() - started)
    return best


def _run(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


def superlinear(pattern: Pattern, n: int = N, units: tuple[str, ...] = UNITS) -> str | None:
    """The first run on which the pattern's time grows faster than the input, with the times."""
    for unit in units:
        for size in (n // 16, n // 4, n):  # (growing: a pattern of high degree takes hours at n)
            small = _cpu(pattern, _run(unit, size), 1)
            if small > TOO_SLOW:
                return f"{unit!r}: {small:.2f} s at {size} characters"
        large = _cpu(pattern, _run(unit, 4 * n))
        if large <= FLOOR or large <= GROWTH * small:
            continue
        small, large = _cpu(pattern, _run(unit, n), 3), _cpu(pattern, _run(unit, 4 * n), 3)
        if large > FLOOR and large > GROWTH * small:
            return f"{unit!r}: {small * 1000:.1f} ms → {large * 1000:.1f} ms"
    return None


PATTERNS = all_patterns()


def test_the_audit_finds_the_patterns_of_every_kind() -> None:
    names = set(PATTERNS)
    assert len(names) > 500
    assert "citecheck.reading.pdftext._ARTEFACT_RE" in names  # a module's own `re` pattern
    assert any(name.startswith("citecheck.reading.names.") for name in names
               if isinstance(PATTERNS[name], regex.Pattern))  # a `regex` one
    assert any(".py:" in name for name in names)  # one compiled inside a function


def test_every_listed_exception_is_still_a_pattern() -> None:
    assert set(PATTERNS) >= ON_SPACE_RUNS | set(KNOWN_SUPERLINEAR)


def _owner(name: str) -> str:
    return name.split(":", 1)[0] if ".py:" in name else name.rsplit(".", 1)[0]


@pytest.mark.parametrize("module", sorted({_owner(name) for name in PATTERNS}))
def test_no_pattern_grows_faster_than_its_input(module: str) -> None:
    bad = {name: run for name, pattern in PATTERNS.items()
           if _owner(name) == module and name not in KNOWN_SUPERLINEAR
           and (run := superlinear(pattern, units=_NO_SPACE_RUNS if name in ON_SPACE_RUNS else UNITS))}
    assert not bad, "\n".join(f"{name} ({PATTERNS[name].pattern[:80]!r}): {run}" for name, run in bad.items())


#: patterns rewritten to stay linear, with the form they had: they must match exactly what it matched
REWRITTEN = {
    "citecheck.reading.pdftext._ARTEFACT_RE": (
        r"(?<=\w) [,.](?=\S)|\( | \)|[a-z]{2}[.,][A-Z][a-z]|\w -[a-z]|[a-z]- [a-z]|"
        r"\b(?:of|the|and|in|for|with)(?:the|of|and|a|an|in)\b|[a-z]{4,}(?:of|the|and)\b", 0),
    "citecheck.reading.refparse.lexicon.EDITION_END_RE": (
        r"[,.]?\s*(?:\d+\s*(?:st|nd|rd|th)|first|second|third|fourth|fifth|revised|new)\s*(?:edn|ed|edition)\.?$",
        re.I),
    "citecheck.extract.latex._KV_RE": (r"(\w+)=", 0),
    "citecheck.extract.bibtex._AND_RE": (r"\s+and\s+", re.I),
    "citecheck.names._ET_AL_STRIP": (r"\s*[,;]?\s*" + ET_AL + r"\s*", re.I),
    "citecheck.reading.names._ETAL": (r"\s*[,;]?\s*" + ET_AL, 0),
    "citecheck.extract.pdf._PAGE_NUMBER_RE": (r"^\s*(?:page\s+)?[-–]?\s*\d{1,4}\s*[-–]?\s*(?:of\s+\d+)?\s*$", re.I),
    "citecheck.reading.author_blocks._LOOSE_SPLIT": (r"\s*(?:;|,?\s+and\s+|,?\s*&\s*)\s*", 0),
}
_PIECES = ("a", "e", "o", "t", "h", "n", "d", "f", "A", "Z", "é", "1", "9", " ", "  ", "\n", ",", ".", "-", "(",
           ")", ":", "=", "_", "of", "the", "and", "in", "with", "an", "Nuclear", "studyof", "ab.Cd", " -", "- ",
           "3rd", "2nd", "st", " ed", "edn", "edition", "third", "revised", "doi", "doi:", "[pii]", "S0304",
           "family", "=", "{", "}", " and ", "AND", "\u0301", "²", ";", "&", "et al.", "et", "al", "etc.",
           "and others", "u. a.", "...", "…", "\t", ", and ",
           "page", "Page ", "of ", "–", " 12", "12 ")


def _outcome(pattern: Pattern, text: str) -> list[object]:
    """Every match, and the first match in (and at the start of) each tail of the text: callers search
    whole strings or slices; they match from a position only where the pattern has no lookbehind."""
    found: list[object] = [(m.span(), m.groups()) for m in pattern.finditer(text)]
    for pos in range(0, len(text) + 1, 3):
        for m in (pattern.search(text[pos:]), pattern.match(text[pos:])):
            found.append(m and (m.span(), m.groups()))
    return found


@pytest.mark.parametrize("name", sorted(REWRITTEN))
def test_a_rewritten_pattern_matches_what_it_matched(name: str) -> None:
    source, flags = REWRITTEN[name]
    module, attr = name.rsplit(".", 1)
    after = compiled(getattr(importlib.import_module(module), attr))
    before = (regex if isinstance(after, regex.Pattern) else re).compile(source, flags)
    rnd = random.Random(name)
    texts = [_run(unit, 60) for unit in UNITS]
    texts += ["".join(rnd.choice(_PIECES) for _ in range(rnd.randint(1, 25))) for _ in range(20000)]
    for text in texts:
        assert _outcome(after, text) == _outcome(before, text), text


# -- the cap on one reference -------------------------------------------------------------------
def test_a_reference_longer_than_the_cap_is_cut_and_says_so() -> None:
    word = "a" * (1 << 20)
    [citation] = read_text(f"Doe, J. (2001). {word}. J. Phys. 1, 2.\n", "refs.txt")
    assert len(citation.raw) == MAX_REFERENCE_CHARS
    assert CUT_WARNING in citation.parse_warnings
    assert citation.parse_confidence <= 0.3
    assert citation.fields.title and len(citation.fields.title) < MAX_REFERENCE_CHARS


def test_a_reference_within_the_cap_is_read_whole() -> None:
    text = "Doe, J. (2001). A title of a reasonable length. J. Phys. 1, 2."
    [citation] = read_text(text + "\n", "refs.txt")
    assert citation.raw == text
    assert CUT_WARNING not in citation.parse_warnings


def test_a_reference_with_two_hundred_authors_written_out_is_read_whole() -> None:
    """Collaboration papers with every author written out (LOFAR's A&A paper: 201 names, 2,706
    characters in a .bbl list) are real references, not runaway input."""
    heads, tails = ["Ba", "Ko", "Ri", "Mel", "Su", "Da", "Ve", "Lo", "Ha", "Ni"], \
        ["ker", "vin", "sen", "dorf", "lani", "mura", "stra", "vic", "tano", "berg"]
    families = [("van " if n % 2 else "") + h + t for n, h in enumerate(heads) for t in tails] * 2
    names = ", ".join(f"{chr(65 + i % 26)}. {chr(66 + i % 20)}. {family}" for i, family in enumerate(families))
    text = f"{names}, and J. van Zwieten. LOFAR: The LOw-Frequency ARray. A&A, 556:A2, 2013."
    assert 3000 < len(text) <= MAX_REFERENCE_CHARS
    rec = read_reference(text).record
    assert rec.title == "LOFAR: The LOw-Frequency ARray" and len(rec.author) == 201
    assert (rec.volume, rec.page, rec.year) == ("556", "A2", 2013)


@pytest.mark.parametrize("unit", ["a", "A", "1", "Aa", "A. ", "A.", "a.", "-", ", ", "a-", "1.", "A, ", " ",
                                  "\n", " \t", ". "])
def test_an_adversarial_reference_costs_little(unit: str) -> None:
    """A reference of one adversarial run between two letters, as long as the cap allows, is read in
    about a second of CPU at most (under 0.9 s measured at a cap of 4,000 characters, the worst a run of
    "A. "; the bound is generous for a busy machine)."""
    text = "A" + _run(unit, MAX_REFERENCE_CHARS + 100) + "B"
    started = time.process_time()
    read_reference(text)
    assert time.process_time() - started < 5.0


def test_a_one_megabyte_word_is_checked_in_seconds(tmp_path: Path) -> None:
    """`citecheck check` of a file holding one 1 MiB word as a reference's title, and of a file that
    is nothing but that word, finishes in seconds of CPU (the whole command: start-up included)."""
    word = "a" * (1 << 20)
    for name, body in (("titled.txt", f"Doe, J. (2001). {word}. J. Phys. 1, 2.\n"), ("word.txt", word)):
        (tmp_path / name).write_text(body, encoding="utf-8")
        proc = subprocess.Popen(
            [sys.executable, "-m", "citecheck", "check", str(tmp_path / name), "--offline", "-q",
             "--fail-on", "never", "-f", "jsonl", "-o", str(tmp_path / f"{name}.jsonl")],
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        stderr = proc.stderr.read().decode() if proc.stderr else ""
        assert os.waitstatus_to_exitcode(status) in (0, 2), stderr  # (2: no references in the word)
        assert "Traceback" not in stderr
        assert usage.ru_utime + usage.ru_stime < 20.0, name
