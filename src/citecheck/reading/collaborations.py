"""Collaborations signing as authors ("ATLAS Collaboration", "CMS Collab.", "Particle Data Group"): the
pattern the author grammar (reading/names.py) reads them by, the names a match gives, and the tests the
title pass asks of a piece of text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from citecheck.function_words import FUNCTION_WORDS
from citecheck.model import Name
from citecheck.reading.name_forms import U
from citecheck.regex_cache import compile_re, compile_regex

if TYPE_CHECKING:
    import regex

__all__ = ["COLLAB", "collab_names", "joint_collaboration", "leading_collaboration", "only_a_collaboration",
           "signs_as_collaboration"]

# a word of a collaboration's name: capitalised or a number, or a lower-case one with a digit ("Muon g-2")
_WORD = rf"(?:[{U}\d][\w/&+.-]*|\p{{Ll}}+-?\d[\w/&+.-]*)"
COLLAB = compile_regex(
    rf"(?:[Tt]he\s+)?(?P<name>(?:{_WORD}\s+){{0,5}}?{_WORD}(?:\s+and\s+(?:[{U}][\w/&+-]*\s+){{0,2}}[{U}][\w/&+-]*)?\s+[Cc]ollab(?:orations?\b|\.)(?:\s+[IVXL]{{1,6}}\b)?"
    rf"|[Cc]ollaboration\s+[{U}][\w/&+-]*|(?:[{U}][\w-]+\s+){{0,4}}(?:Group|Consortium|Team|Working Group)\b)"  # (not "Groups Geom. Dyn.")
)


def collab_names(match: re.Match[str] | regex.Match[str]) -> list[Name]:
    text = match.group(0).strip()
    text = re.sub(r"^[Tt]he\s+", "", text)
    text = re.sub(r"\bcollaboration(s?)\b", r"Collaboration\1", text)  # as the corpus writes it
    text = re.sub(r"\b[Cc]ollab\.$", "Collaboration", text)  # "CMS Collab."
    text = re.sub(r"(?<=Collaboration)\s+[IVXL]+$", "", text)  # "Planck Collaboration XIII": the paper's number
    joint = re.match(r"^(\S+)\s+and\s+(\S+)\s+Collaborations$", text)
    if joint:
        return [Name(literal=f"{joint.group(1)} Collaboration"), Name(literal=f"{joint.group(2)} Collaboration")]
    return [Name(literal=text)]


# a lower-case word after "Collaboration" ("Open Collaboration in particle physics", "Smith J 2010
# Collaboration networks …"): a title
_TITLE_GOES_ON = compile_re(r"\s+(?!(?:et|and|collab\w*)\b|in\s*:)[a-z]")  # ("… Collaboration in: Proc.")


def signs_as_collaboration(match: re.Match[str] | regex.Match[str]) -> bool:
    """A `COLLAB` match the author grammar may take as an author: not a title that runs on in lower
    case after "Collaboration", nor a Title Case title that ends in it ("The Affordances Of Media Spaces
    For Collaboration": a collaboration's name has no function words)."""
    return _no_function_words(match.group("name")) and _TITLE_GOES_ON.match(match.string, match.end()) is None


def _no_function_words(name: str | None) -> bool:
    """A collaboration's name has no function words ("and" joins two collaborations)."""
    return not any(w in _FUNCTION_WORDS for w in (name or "").lower().split())


# (less "and": it joins two collaborations, "CMS and ATLAS Collaborations")
_FUNCTION_WORDS = FUNCTION_WORDS - {"and"}


_COLLABORATION_WORD = compile_regex(r"\b[Cc]ollab(?:orations?\b|\.)")


def only_a_collaboration(text: str) -> bool:
    """``text`` names a collaboration and nothing else ("SLAC-E122 Collaboration", "CMS Collab.", the
    Particle Data Group); other groups ("The Renormalization Group") are not taken here."""
    text = text.strip(" ,;:").rstrip(".")
    if re.fullmatch(r"(?:[Tt]he\s+)?Particle\s+Data\s+Group", text):
        return True
    text += "." if text.endswith("ollab") else ""  # "CMS Collab."
    # (the word first: the grammar's full match costs several times its search)
    if _COLLABORATION_WORD.search(text) is None:
        return False
    m = COLLAB.fullmatch(text)
    return m is not None and _no_function_words(m.group("name"))


_LEADING_COLLAB = compile_regex(r"(?P<collab>(?:[Tt]he\s+)?(?:\S+\s+){0,3}?\S+\s+[Cc]ollab(?:orations?\b|\.))[\s.,:;]+(?P<rest>.+)")


def leading_collaboration(text: str) -> tuple[str, str] | None:
    """(collaboration, the rest) when ``text`` opens with a collaboration's name and more follows:
    "CMS Collaboration Physica 55 83" → ("CMS Collaboration", "Physica 55 83"). By shape only ("Open
    Collaboration networks …" splits too): the caller says what must follow."""
    m = _LEADING_COLLAB.fullmatch(text)
    if m is None or not only_a_collaboration(m.group("collab")):
        return None
    return m.group("collab").strip(" ."), m.group("rest")


def joint_collaboration(text: str) -> tuple[list[Name], int] | None:
    """Collaborations listed with commas before one "collaboration(s)", as INSPIRE writes them
    ("Virgo, LIGO Scientific collaboration, B.P. Abbott et al.", "LIGO Scientific, Virgo
    Collaborations"): their names and where they end; None unless the text opens so. No piece may
    read as a person ("R. Diener, LCTPC Collaboration" is a speaker for one collaboration)."""
    m = _COLLABORATION_WORD.search(text, 0, 80)
    if m is None or "," not in text[: m.start()]:
        return None
    pieces = [p.strip() for p in text[: m.start()].split(",")]
    if len(pieces) > 3 or any(not p or any(len(w.rstrip(".")) <= 1 or w.endswith(".") for w in p.split())
                              or COLLAB.fullmatch(f"{p} Collaboration") is None for p in pieces):
        return None
    return [Name(literal=f"{p} Collaboration") for p in pieces], m.end()
