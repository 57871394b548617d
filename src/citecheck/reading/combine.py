"""One reference string read by the rules and by the learned labeller, and the two combined.

`read_reference(text)` is what the readers call. The labeller (reading/labeller.py, a CRF trained
on real PDF-extracted gold and on corpus records rendered in hundreds of CSL styles) reads every
free-text reference and says how sure it is of each field (CRF marginals); the PDF clean-up pass
and the rule parser read it too. The reading is the rules' record, with two passes over it:

- where the string looks PDF-extracted, the rule parse is doubtful, the rules' journal is unknown,
  their title has no title-like words or a name holds a journal word or a number (`wants_labeller`),
  `combine` applies the hand-written choices the learned arbiter did not make redundant (measured by
  benchmarks/arbiter.py):
  - title: where the labeller is sure (marginal ≥ `SURE`) that there is none, the rules' title is
    dropped if the text is doubtful or it is plainly no title (an abbreviation, a number, "arXiv", a
    known journal: "Nucl. Instr", "al") — and only where a journal and a volume or page remain; on
    doubtful text the labeller's title wins when it is a part of the rules' title (the rules ran it
    into the authors or the journal; never cut before a subtitle's ":"); where the journal is taken
    from the labeller, a rules title that was its start ("Muon Catal." + "Fusion") or that runs the
    labeller's title into it (IOP: "Indecomposable fusion products Nucl. Phys. B") gives way;
  - journal: one the abbreviation table knows beats one it does not; the labeller's fuller name wins
    when the rules kept only its end ("Phys" of "Astropart. Phys.") or no word at all ("V69"), when
    it is fairly sure (marginal ≥ `FULLER`) and the words before are abbreviations or the whole is
    known; a name the rules glued to the journal ("and Brown D Nature") goes; where the rules read no
    journal, the labeller's is taken when it is sure (or on PDF-like text);
  - authors: the labeller's when the rules read a journal word or a number as a family name
    ("J. Bahcall Phys. Rev." → "Phys"), or ran the last names into the title;
  - volume: the labeller's, when it is sure and the rules read a journal but no volume, or on PDF-like
    text where only the labeller found one (authors likewise);
- then, for every reference, the learned arbiter (reading/arbiter.py, `arbitrate`) weighs each field
  where the labeller reads otherwise (`weighable`: never a part of a journal or title the rules read
  whole, nor authors where the rules read none) and takes the labeller's value where the field's
  fitted model says it scores better — for the fields where 5-fold grouped cross-validation on the
  validation splits says the arbiter reads better than these rules (scripts/fit_arbiter.py writes
  data/arbiter.json; benchmarks/arbiter.py measures it). The hand-written thresholds it replaced
  (the labeller's title or journal wherever its marginal was ≥ 0.95; on PDF-like text a page or
  year only the labeller found) are gone. Identifiers always come from the rules.

The reading's confidence comes from both readers (reading/confidence.py). The reading not chosen is
kept (`Reading.alternative`) when it differs in title, journal, volume or first page: retrieval
searches with it when the first reading finds nothing, so the reading that retrieves a record wins
(retrieve.py, `alternative_readings`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from citecheck.function_words import FUNCTION_WORDS, TITLE_JOINERS
from citecheck.model import Citation, Record, free_text
from citecheck.names import (
    LATIN_AND_WORDS,
    PARTICLES,
    SUFFIXES,
    alternation,
    is_collective,
    name_key,
    names_cover,
)
from citecheck.normalize import journal_key, journal_table
from citecheck.places import known_place
from citecheck.reading.arbiter import (
    ARBITED,
    Context,
    in_question,
    labeller_better,
    rest_read_otherwise,
)
from citecheck.reading.boundaries import (
    glued_word,
    has_words,
    mend_boundaries,
    without_names_in_title,
)
from citecheck.reading.cleanup import without_language_note
from citecheck.reading.confidence import Evidence, reading_confidence
from citecheck.reading.labeller import LabelledReading, read_labelled_scored
from citecheck.reading.limits import CUT_CONFIDENCE, CUT_WARNING, cut_reference
from citecheck.reading.pdftext import artefact_count, clean_pdf_text, is_known_word, is_pdf_like
from citecheck.reading.refparse import ParsedReference, parse_reference
from citecheck.reading.refparse.journals import names_a_venue
from citecheck.reading.refparse.lexicon import COUNTRIES
from citecheck.reading.refparse.title import conference_name
from citecheck.reading.refparse.web import read_by_name
from citecheck.reading.vocabulary import is_plain_word
from citecheck.titles import searchable_title, title_key
from citecheck.venues import (
    JOURNAL_WORDS,
    abbreviated_journal_word,
    dotless_abbreviation,
    journal_reference,
    known_journal,
    names_a_meeting_or_journal,
    names_known_journal,
)

__all__ = ["Reading", "arbitrate", "combine", "other_readings", "read_reference", "wants_labeller"]

#: rule parses below this confidence are doubtful: the labeller is asked
LOW_CONFIDENCE = 0.75
#: the labeller's marginal probability above which its reading of a field is trusted over the rules'
SURE = 0.95


@dataclass
class Reading:
    record: Record
    confidence: float
    warnings: tuple[str, ...]
    alternative: Record | None = None  # the other reading, when it differs
    sources: dict[str, str] = field(default_factory=dict)  # field → "rules" | "labeller"
    evidence: Evidence | None = None  # what `confidence` was judged from (reading/confidence.py)

    @property
    def rules_confidence(self) -> float:
        """The rule parser's own confidence (is the text a reference at all?), where `confidence`
        is the probability that the reading is right."""
        return self.evidence.rules_confidence if self.evidence else self.confidence


def _known_journal(name: str | None) -> bool:
    return bool(name) and journal_key(name) in journal_table()


def wants_labeller(text: str, rules: ParsedReference) -> bool:
    """The labeller runs only where it can change something: a doubtful or PDF-like reading, or a
    journal name the abbreviation table does not know (the labeller's may be one it knows)."""
    rec = rules.record
    return (rules.confidence < LOW_CONFIDENCE or is_pdf_like(text)
            or (bool(rec.container_title) and not _known_journal(rec.container_title))
            or (bool(rec.title) and not _title_like(rec.title or "")) or _misread_names(rec)
            or bool(_NAMES_HEAD_RE.match(rec.title or "")))


#: a title that starts with what may be names cut off by a full stop or colon ("Gill GS. Title",
#: "Lind M., Johnson, M. and Sandblad, B. Title", "R. Title"): the labeller may read them as authors
_NAMES_HEAD_RE = re.compile(r"^.{0,80}?(?<![\w.])(?!(?:I{1,3}|IV|VI{0,3}|IX|X)\b)[A-Z]{1,3}\.?\s*[.:;]\s")


_NAME_TAIL_RE = re.compile(r"^(?:(?:and|&)\s+)?[A-Z][\w'’-]+(?:(?:\s+[A-Z]\.?){1,3}[\s,]*|\s*,\s*)$")


def _name_glued_journal(rec: Record, model: Record) -> bool:
    """The rules ran the last author into the journal ("and Brown D Nature"), the labeller did not."""
    mine, theirs = rec.container_title, model.container_title
    if not mine or not theirs or not mine.endswith(theirs) or mine == theirs:
        return False
    return bool(_NAME_TAIL_RE.match(mine[: -len(theirs)].strip()))


def _better_journal(rec: Record, model: Record) -> bool:
    """The labeller names a journal the table knows, the rules one it does not — unless the
    labeller's is a word of the rules' title or venue ("The nature, effects …", "… Place in Nature")
    or the rules' name extends it (a series letter: "Z. Phys. A"; abbreviated words before it: "Tech.
    Phys. Lett.")."""
    theirs = model.container_title
    if not _known_journal(theirs) or _known_journal(rec.container_title):
        return False
    key = journal_key(theirs)
    longer = len((rec.container_title or "").split()) - len((theirs or "").split()) >= 3
    mine = journal_key(rec.container_title)
    if mine.startswith(key):
        return False  # the rules' has more: "Z. Phys. A" over "Z. Phys."
    extra = (rec.container_title or "").split()[: -len((theirs or "").split()) or None]
    if mine.endswith(key) and extra and all(w[:1].isupper() and abbreviated_journal_word(w) for w in extra):
        return False  # or abbreviated journal words before it: "Tech. Phys. Lett." over "Phys. Lett."
    return key not in journal_key(rec.title) and not (longer and key in mine)


#: the labeller's marginal above which its longer reading of a journal is taken
FULLER = 0.7


def _fuller_journal(rec: Record, scored: LabelledReading, title: str | None = None) -> bool:
    """The rules kept only the end of the journal ("Phys" of "Astropart. Phys.", "Meth. A" of "Nucl.
    Instr. Meth. A": the words before went to the authors or to their ``title``) or no words at all
    ("V69"), and the labeller reads the whole name."""
    mine, theirs = rec.container_title or "", scored.record.container_title or ""
    if _cut_in_two(title, mine, theirs):
        return True
    if not mine or not theirs or scored.confidence.get("container", 0.0) < FULLER:
        return False
    if not has_words(mine):
        return True
    a, b = journal_key(mine), journal_key(theirs)
    if not (len(b) > len(a) and b.endswith(a) and len(theirs.split()) > len(mine.split())):
        return False
    # the words before are a known name's or abbreviations, not a title's end ("Argentina. Gondwana Research")
    head = theirs.split()[: len(theirs.split()) - len(mine.split())]
    if _known_journal(theirs) or _abbreviated(head):
        return True
    # or the rules' title, when it reads as a venue: "Journal of Combinatorial Theory" + "Series A"
    return bool(rec.title) and title_key(" ".join(head)) == title_key(rec.title or "") and names_a_venue(rec.title or "")


def _cut_in_two(title: str | None, mine: str, theirs: str) -> bool:
    """The rules cut an abbreviated name in two, title and journal ("ACM Trans. Model" + "Comput.
    Simul." of "ACM Trans. Model. Comput. Simul."): the words before are abbreviations with a stop or
    acronyms."""
    if not (title and has_words(mine) and journal_key(f"{title} {mine}") == journal_key(theirs)):
        return False
    head = theirs.split()[: len(theirs.split()) - len(mine.split())]
    return bool(head) and any(w.endswith(".") for w in head) and all(
        len(w.rstrip(".")) <= 6 and (w.endswith(".") or w.isupper()) and w[:1].isupper() for w in head)


def _abbreviated(words: list[str]) -> bool:
    """Every word a journal name's abbreviation or acronym ("ACM", "Trans.", "Model."), "&", "in", "of"."""
    return bool(words) and all(re.fullmatch(r"[A-Z][^\W\d_]{0,5}\.?|&|in|of", w) for w in words)


_NAME_END_RE = re.compile(r"(?:^|\s)[A-Z]\.\s?[A-Z][^\W\d_]+$")  # "… and C. Meier" before the title


def _inner_title(mine: str | None, theirs: str | None, named: bool = False) -> bool:
    """``theirs`` is a part of ``mine`` cut at punctuation (or a year) on both ends: "Smith J 2012
    Title", "Title. Nucl. Phys" hold "Title"; "Cars - a lane-change test" does not hold "Cars - a lane"."""
    if not mine or not theirs or title_key(mine) == title_key(theirs):
        return False
    i = mine.lower().find(theirs.lower())
    if i < 0:
        return False
    before, after = mine[:i].rstrip(), mine[i + len(theirs):]
    if theirs.count("(") > theirs.count(")") or _PART_END_RE.search(theirs):
        return False  # cut inside a parenthesis ("U q (C" of "U q (C(n + 1)) at …") or after a part
    if _CUT_INSIDE_RE.search(theirs + after[:3]):
        return False  # cut inside a number ("= 2" of "= 2.76TeV", "2" of "2, 6-diaminopurine") or after an initial ("E. coli")
    if named and re.fullmatch(r"[A-Z][a-z]+,", before):
        return False  # the rules have the names; one word before is the title's ("Thermodynamics, …")
    return (not before or before[-1] in ".,;:)\"”" or before[-4:].isdigit()
            or bool(_NAME_END_RE.search(before))) and (
        not after or after[0] in ".,;\"“" or (after[0] == ":" and any(c in _ASCII_DIGITS for c in after)))
    # not before "(": a parenthesis after the title is the title's ("(LHC)", "(in German)", "(II)"); on the
    # train and validation splits no reading was won by cutting there
    # ":" only when a number follows (the rest of the reference), not a subtitle; a number, not a
    # chemical formula's subscript (": LaNiO₃ and LaCuO₃")


_ASCII_DIGITS = "0123456789"
_PART_END_RE = re.compile(r"[.,:]\s*[IVX]{1,4}$")  # "Ionization Yield of Radiations. II"
_CUT_INSIDE_RE = re.compile(r"\d[.,]\s?\d.{0,2}$|(?<![\w.])[A-Z]\.\s?[a-z].?$")


def _journal_in_title(rec: Record, model: Record) -> bool:
    """The rules' title was the start of the journal the labeller read whole ("Muon Catal." +
    "Fusion"), or the labeller's title followed by that journal ("Indecomposable fusion products
    Nucl. Phys. B 477"): the journal now taken from the labeller, the title goes with it."""
    mine, journal = journal_key(rec.title), journal_key(rec.container_title)
    if not model.title:
        return bool(mine) and mine in journal
    title, theirs, name = rec.title or "", model.title, rec.container_title or ""
    i = title.find(theirs)
    if i < 0 or len(title) <= len(theirs) or not name:
        return False
    rest = title[i + len(theirs):]
    return (bool(journal) and journal in journal_key(rest)) or name in rest  # (a CJK name has no key)


def _title_can_give_way(rec: Record, model: Record) -> bool:
    """A journal the rules ran into their title is taken only with the labeller's title (a reading
    whose title still holds the journal would be judged as another work)."""
    name, title = model.container_title or "", rec.title or ""
    key = journal_key(name)
    if not title or not (name in title or (key and key in journal_key(title))):
        return True
    if not model.title:
        return bool(journal_key(title)) and journal_key(title) in key  # the "title" was the journal
    return searchable_title(model.title) and model.title in title


def _sure(model: LabelledReading, label: str) -> bool:
    return model.confidence.get(label, 0.0) >= SURE


def _misread_names(rec: Record) -> bool:
    """The rules took a journal word or a number for a family name ("J. Bahcall Phys. Rev." →
    family "Phys"; "3GPP TS 23.501" → family "23.501")."""
    return any(a.family and (journal_key(a.family) in JOURNAL_WORDS or any(c.isdigit() for c in a.family))
               for a in rec.author)


def _names_go_on(rec: Record, model: Record) -> bool:
    """The labeller's list is the rules' and more names the rules put in no field ("…, C. Thornton, R .walczak
    ,and S .M .Hooker ,Nucl. Instrum. …": the rules stopped at the lower-case name)."""
    mine, theirs = rec.author, model.author
    if not mine or len(theirs) <= len(mine) or any(a.literal for a in theirs):
        return False
    if [name_key(a.family) for a in mine] != [name_key(a.family) for a in theirs[: len(mine)]]:
        return False
    elsewhere = f"{rec.title or ''} {rec.container_title or ''}".lower()
    given = {w.strip(".,").lower() for a in mine for w in (a.given or "").split()}
    return all(a.family and a.family[:1].isupper() and a.family.lower() not in elsewhere
               and (a.given or len(mine) > 1)  # one name and a word after it: "Morton, Michael S. Scott"
               and a.family.lower() not in given and a.family.rstrip(".") not in SUFFIXES
               and not known_place(a.family) for a in theirs[len(mine):])


_INITIAL_RE = re.compile(r"(?<![\w.])[A-Z]{1,3}(?![\w])")


def _names_in_title(rec: Record, scored: LabelledReading) -> bool:
    """The rules ran the last authors into the title ("Gill GS. Extracellular …", "J. frees.
    Object-oriented …"); the labeller read them as authors: the rules' title is the labeller's
    behind a part cut at ". " or ": " whose every word stands in the labeller's author names, or is
    a word it labelled an author where its names stop short ("…, and Andrei . Mesinger .21CMMC …")."""
    model = scored.record
    mine, theirs = rec.title or "", model.title or ""
    if not theirs or len(mine) <= len(theirs) or not mine.endswith(theirs) or not model.author:
        return False
    prefix = mine[: -len(theirs)].rstrip()
    if not prefix or prefix[-1] not in ".:;":
        return False
    if _INITIAL_RE.search(prefix) and names_cover(prefix, model.author):
        return True  # initials make it names ("Gill GS."); a word alone may be the title's ("Xlnet:")
    return _labelled_names(prefix, scored.author_words)


def _labelled_names(prefix: str, labelled: frozenset[str]) -> bool:
    """Every word of ``prefix`` is one the labeller labelled an author (or "and", "et al."), written as a name's
    (capitalised, an initial or a particle), with an initial or two capitalised words among them: a
    name the labeller's list did not read ("Andrei . Mesinger"; not "A problem of V. M. Zolotarev")."""
    words = re.findall(r"[^\W\d_]+", prefix)
    if not words or not all((w.lower() in labelled and (w[0].isupper() or len(w) == 1 or w in PARTICLES))
                            or w.lower() in LATIN_AND_WORDS or w.lower() == "al" for w in words):
        return False
    return bool(_INITIAL_RE.search(prefix)) or sum(w[0].isupper() and len(w) > 1 for w in words) >= 2


def _title(rec: Record, model: LabelledReading, doubtful: bool, names_cut: bool) -> bool:
    """Whether the labeller's title (or its "no title") replaces the rules'."""
    theirs = model.record.title
    if rec.title and not theirs:
        # journal references without a title: the rules made one up from a name or the journal
        # (only where a journal and a volume or page remain to find the work by)
        m = model.record
        journal = m.container_title if _fuller_journal(rec, model, rec.title) else rec.container_title or m.container_title
        # (a title that reads as one stays, digits and all: "… Metal Poor Galaxy I Zw 18")
        return _locates(journal, rec, m) and _sure(model, "no-title") and not _reads_as_title(rec.title) and (
            doubtful or _made_up_title(rec.title))
    if names_cut:  # `_names_in_title`
        return True
    # the rules ran it into the authors or journal
    return doubtful and _inner_title(rec.title, theirs, bool(rec.author)) and not _named_head(rec, theirs or "")


_MADE_UP_RE = re.compile(r"\b[A-Z][a-z]{0,5}\.|\d|arxiv|^\W*\w{0,3}\W*$", re.I)


_WORD_RE = re.compile(r"[^\W\d_]{4,}(?![.\w])")


def _title_like(title: str) -> bool:
    """Two whole words of four letters or more (not abbreviations: "Nucl. Instr", "J. Engrg")."""
    return len(_WORD_RE.findall(title)) >= 2


_LOWER_WORD_RE = re.compile(r"(?<![\w.])[a-z]{4,}(?![\w.])")


_CAP_WORD_RE = re.compile(r"(?<![\w.])[A-Z][a-z]{3,}(?![\w.])")
# words that join a title's words and no list of names ("and" does: "Brown and Young")
_TITLE_JOINER_RE = re.compile(rf"(?<!\S){alternation(TITLE_JOINERS)}(?!\S)")


def _reads_as_title(title: str) -> bool:
    """Two lower-case words of four letters or more that the word list knows ("LHCb detector
    performance", "Quantum affine algebras"), or a Title Case title: capitalised words the list knows
    and no list of names does, two alone ("Neutron Stars"), two joined by a function word ("Theory of Superconductivity") or three
    ("Infrared Evolution Equations: Method and Applications"): a title, not names or a journal the
    rules made one of."""
    if sum(is_known_word(w) for w in _LOWER_WORD_RE.findall(title)) >= 2:
        return True
    known = sum(is_plain_word(w) for w in _CAP_WORD_RE.findall(title))
    if known == 2 and len(title.split()) == 2 and not known_journal(title):
        return True  # two such words and nothing else: "Neutron Stars", "Cosmic Strings"
    return known >= 3 or (known >= 2 and bool(_TITLE_JOINER_RE.search(title)))


def _made_up_title(title: str) -> bool:
    """A "title" with an abbreviation, a number or arXiv in it, or a short word ("al"), or a known
    journal name ("Nucl. Instr", "Nature, 1991V349 665", "arXiv.org") is a misread, not a title."""
    return bool(_MADE_UP_RE.search(title)) or _known_journal(title)


def combine(rules: ParsedReference, scored: LabelledReading | None,
            pdf_like: bool) -> tuple[Record, dict[str, str]]:
    """The rules' record with the fields where the labeller is the better reader (measured on the
    validation split, docs/benchmarks.md)."""
    rec = rules.record.model_copy(deep=True)
    origin: dict[str, str] = {}
    if scored is None:
        return rec, origin
    model = scored.record
    doubtful = pdf_like or rules.confidence < LOW_CONFIDENCE

    def take(attr: str) -> None:
        if attr == "title" and model.title and not searchable_title(model.title):
            return  # too short to look the work up by: keep the rules' (longer) title
        setattr(rec, attr, getattr(model, attr))
        origin[attr] = "labeller"

    names_cut = _names_in_title(rec, scored)
    if venue_read_as_title(rec, model):
        take("title")
        take("container_title")
    elif _title(rec, scored, doubtful, names_cut):
        if names_cut and len(model.author) > len(rec.author):
            take("author")
        take("title")
    if _venue_held_title_end(rec, model):
        take("container_title")
        take("title")
        if rec.title and rec.title.count("”") > rec.title.count("“"):  # "“Local” Demagnetization …" cut at "“"
            rec.title = rec.title.replace("”", "", 1)
    if _name_glued_journal(rec, model):
        take("container_title")  # IOP/Harvard: "… and Brown D 2012 Nature 489 282"
        if len(model.author) > len(rec.author):
            take("author")
    elif (_better_journal(rec, model) or (_fuller_journal(rec, scored, rules.record.title) and _title_can_give_way(rec, model))
          or (model.container_title and not rec.container_title and not _only_a_place(model.container_title)
              and not _title_read_as_venue(rec, model)
              and (pdf_like or (_sure(scored, "container") and _title_can_give_way(rec, model))))):
        take("container_title")
    if model.author and ((_misread_names(rec) and not _misread_names(model)) or _names_go_on(rec, model)):
        take("author")
    if not rec.volume and model.volume and _sure(scored, "volume") and rec.container_title:
        take("volume")
    if origin.get("container_title") and rec.title and _journal_in_title(rec, model):
        take("title")  # the rules' "title" held the journal the labeller read (IOP: "Title Nucl. Phys. B")
    if pdf_like:
        for attr in ("author", "volume"):
            if not getattr(rec, attr) and getattr(model, attr):
                take(attr)
    rec.container_title, rec.volume = journal_reference(rec.container_title, rec.volume)
    return located(rec, origin, rules.record, model)


def _venue_held_title_end(rec: Record, model: Record) -> bool:
    """The rules' venue ran from the title's last words into the journal the labeller read alone, and
    the labeller's title holds those words: "… Transition Metals" + "Platinum. Phys. Rev." against
    "… Transition Metals: Platinum" + "Phys. Rev."; "“Local”" + "Demagnetization in a Rectangular
    Ferromagnetic Prism. Phys. Status Solidi B" (a quoted word opening the title)."""
    venue, theirs = rec.container_title or "", model.container_title or ""
    if not (theirs and rec.title and model.title and venue != theirs and venue.endswith(theirs)):
        return False
    before = venue[: -len(theirs)]
    head = before.strip(" .,;:")
    last = head.rsplit(None, 1)[-1] if head else ""
    if not has_words(head) or not before[-1:].isspace() or any(q in head for q in "\"“”«»"):
        return False
    if abbreviated_journal_word(last + ".") or last.lower() in JOURNAL_WORDS or last.lower() in FUNCTION_WORDS:
        return False  # the labeller cut a name ("Nucl." of "Nucl. Instrum. …", "… Conservation of" + "Nature")
    if not (names_known_journal(theirs) or dotless_abbreviation(theirs)) or names_known_journal(venue):
        return False  # "Stochastic Process." + "Appl."; the rules' "New J. Phys." whole
    if before.rstrip()[-1:] not in ".,;:" and not last[1:].islower():
        return False  # "CRC" + "Crit Rev Clin Lab Sci"
    if _quote_closed(model.title):
        return False  # the title closed by its quotation mark ("… Innocence.\" Hot Spots")
    return title_key(model.title) == title_key(f"{rec.title} {head}")


def _quote_closed(title: str) -> bool:
    """A quotation mark beside a stop or comma: where a quoted title ends ("…,”", "…”.")."""
    return any((a in ".,;:!?" and b in _QUOTE_MARKS) or (a in _QUOTE_MARKS and b in ".,;:") for a, b in pairwise(title))


_QUOTE_MARKS = "\"“”'’"


def located(rec: Record, origin: dict[str, str], rules: Record,
            model: Record | None) -> tuple[Record, dict[str, str]]:
    """A title dropped must leave a journal reference to look the work up by (the reading's journal
    with a volume or page of it or of the labeller's ``model``); where none is left the rules' title
    stays (checked again after the arbiter)."""
    readings = (rec, model) if model else (rec,)
    if not origin.get("title") or rec.title or _locates(rec.container_title, *readings):
        return rec, origin
    out = rec.model_copy()
    out.title = rules.title
    return out, {k: v for k, v in origin.items() if k != "title"}


def _locates(journal: str | None, *readings: Record) -> bool:
    """A journal (a word of it) with a volume or a page of either reading: a work can be found
    without a title."""
    return has_words(journal) and any(r.volume or r.page for r in readings)


def venue_read_as_title(rec: Record, model: Record) -> bool:
    """The rules have no title and read the labeller's title, and no more, as their venue, which names
    no known journal ("S. Weinberg, The Quantum Theory of Fields, vol. 2, Cambridge University Press
    (1996)"): it is the title (the mirror of `_title_read_as_venue`). An edited book the rules read as an
    untitled chapter's container (with its series) stays so, and so does a meeting's name ("in Proc. 34th
    Int. Cosmic Ray Conference (ICRC 2015)": the paper's own title is not given)."""
    venue, theirs = rec.container_title or "", model.title or ""
    if rec.title or rec.type == "chapter" or rec.collection_title or model.container_title:
        return False
    return (searchable_title(theirs) and journal_key(venue) == journal_key(theirs)
            and not names_known_journal(venue) and not names_a_meeting_or_journal(venue))


def _title_read_as_venue(rec: Record, model: Record) -> bool:
    """The labeller's venue is the rules' whole title ('"Topological quantum chemistry," arXiv:…'):
    with no venue of their own the rules' reading stands, unless the text is a known journal's name."""
    key = journal_key(model.container_title)
    return bool(key) and key == journal_key(rec.title) and not _known_journal(model.container_title)


def _only_a_place(name: str) -> bool:
    """"Mexico", "Merida": a meeting's place the labeller read as the venue."""
    return name.strip(" .,()") in COUNTRIES or known_place(name)


def _differs(a: Record, b: Record) -> bool:
    return (title_key(a.title or "") != title_key(b.title or "")
            or journal_key(a.container_title) != journal_key(b.container_title)
            or (a.volume or "") != (b.volume or "") or (a.first_page or "") != (b.first_page or ""))


def read_reference(text: str) -> Reading:
    """The reading the checker uses first, with the other one as an alternative (fresh copies:
    callers may change them)."""
    r = _read(text)
    return Reading(r.record.model_copy(deep=True), r.confidence, r.warnings,
                   r.alternative.model_copy(deep=True) if r.alternative else None, dict(r.sources), r.evidence)


@dataclass(frozen=True)
class Readers:
    """What the two readers said about one reference string."""

    rules: ParsedReference
    scored: LabelledReading | None
    pdf_like: bool
    cut: bool
    weighed: bool  # `wants_labeller`: `combine` weighs the two field by field


def readers_of(text: str) -> Readers:
    text, cut = cut_reference(text)
    rules = parse_reference(clean_pdf_text(text))
    if (named := without_names_in_title(rules.record, text)) is not rules.record:  # the list's end left in the title
        rules = ParsedReference(named, rules.confidence, rules.warnings)
    if cut:
        rules = ParsedReference(rules.record, min(rules.confidence, CUT_CONFIDENCE),
                                tuple(dict.fromkeys((CUT_WARNING, *rules.warnings))))
    if read_by_name(rules.record):  # a name and a URL (refparse/web.py): the labeller reads names there
        return Readers(rules, None, is_pdf_like(text), cut, False)
    scored = read_labelled_scored(text)  # every free-text reference: the labeller reads it first
    return Readers(rules, scored, is_pdf_like(text), cut, wants_labeller(text, rules))


def hand_reading(r: Readers) -> tuple[Record, dict[str, str]]:
    """The record the hand-written rules choose (`combine`), and which fields came from the labeller."""
    if not r.weighed:
        return r.rules.record, {}
    record, origin = combine(r.rules, r.scored, r.pdf_like)
    for attr in ("title", "container_title"):
        if origin.get(attr) and getattr(record, attr):  # a meeting's place is no part of its name
            setattr(record, attr, conference_name(getattr(record, attr)))
    return record, origin


def labeller_candidate(model: Record) -> Record:
    """The labeller's reading post-processed as the rules' is: the journal and its volume as a reader
    gives them (`journal_reference`), a meeting's place cut from its name."""
    out = model.model_copy(deep=True)
    out.container_title, out.volume = journal_reference(out.container_title, out.volume)
    for attr in ("title", "container_title"):
        if getattr(out, attr):
            setattr(out, attr, conference_name(getattr(out, attr)))
    return out


def arbiter_context(text: str, r: Readers) -> Context:
    return Context(r.scored.confidence if r.scored else {}, r.rules.confidence, r.pdf_like,
                   artefact_count(text), r.weighed, any(q in text for q in "\"“”"),
                   len(text.split()))


def weighable(attr: str, mine: Record, theirs: Record) -> bool:
    """Whether the arbiter weighs the labeller's value of the field at all: it reads the field
    otherwise (`in_question`), and not as a part of a name the rules read whole — the end of their
    journal ("Astron. Lett." of "Sov. Astron. Lett.", "Phys ." of "Astropart. Phys.")."""
    if not in_question(attr, mine, theirs):
        return False
    if attr == "container_title":
        a, b = journal_key(mine.container_title), journal_key(theirs.container_title)
        return not (a and b and a != b and a.endswith(b))
    if attr == "title":
        return _title_weighable(mine, theirs)
    # nor authors where the rules read none (names misread there make "the authors are other people": a
    # false MAJOR end to end), nor a name the labeller could not split ("Roe R. Open Collaboration")
    return attr != "author" or (bool(mine.author) and all(n.family for n in theirs.author))


def _title_weighable(mine: Record, theirs: Record) -> bool:
    """Not a title cut inside a parenthesis or holding the reading's journal, nor one where the rules
    read the venue and no title (the venue read as a title), nor one
    that runs the rules' title into the journal ("… plasma Tech" of "Tech. Phys. Lett.") or cuts it
    short anywhere but before what the labeller read as another field — its journal or publisher ("… sequence" of "… sequence in research"; "An Introduction to quantum field theory" of
    "…, Addison-Wesley")."""
    title = theirs.title or ""
    if title.count("(") != title.count(")"):
        return False  # cut inside a parenthesis ("p 2711) on the magnetic …")
    if any(n.literal and is_collective(n.literal) and title_key(title) == title_key(n.literal) for n in mine.author):
        return False  # a collaboration among the authors ("K. Abe et al. (Super-Kamiokande Collaboration), …")
    journal = journal_key(mine.container_title)
    if journal and journal in journal_key(title):
        return False  # the title run into the reading's journal ("… Mottinsulator Physica B 403 1440")
    if _glued_to_journal(mine, title, journal) or _named_head(mine, title):
        return False
    if not mine.title:
        return not mine.container_title or bool(theirs.container_title)
    a, b = title_key(mine.title), title_key(title)
    if not a or not b or a == b or (b not in a and a not in b):
        return True
    return b in a and rest_read_otherwise("title", mine, theirs)


def _glued_to_journal(mine: Record, title: str, journal: str) -> bool:
    """The labeller's title ends with the start of the rules' journal, and without it is (a part of)
    the rules' title: the title's last word glued to the journal's first in the PDF text ("… in
    WeylsemimetalsPhys .Rev . B", "… Galaxy ClustersAstrophys .J .664"), which the rules' clean-up
    split and the labeller read whole."""
    a, b = _unspaced_key(mine.title or ""), _unspaced_key(title)
    if not (journal and a and b):
        return False
    if b.startswith(a) and len(b) > len(a):
        return journal.startswith(b[len(a):])
    # (the labeller cut the title's start too; its last word glued to the journal's first, split
    # or not: "… ClustersAstrophys", "… Superconductors Phys" of "SuperconductorsPhys .Rev.")
    for tail in (_unspaced_key(glued_word(title)), _unspaced_key(_split_last_word(title))):
        if tail and journal.startswith(tail) and len(b) > len(tail) + 8 and b.endswith(tail) and b[: -len(tail)] in a:
            return True
    return False


def _split_last_word(title: str) -> str:
    """The title's last word where a word, not a stop, precedes it ("… Superconductors Phys", not
    "… User's Guide. MathWorks"), and it is short enough to be a journal's first word."""
    head, _, last = title.rstrip().rpartition(" ")
    return last if head[-1:].isalnum() and last.isalpha() and len(last) <= 12 else ""


def _unspaced_key(title: str) -> str:
    """`title_key` without its spaces: a glued and a split spelling of the same words key alike."""
    return title_key(title).replace(" ", "")


def _named_head(rec: Record, theirs: str) -> bool:
    """The labeller's title is the rules' without its first word, where the rules read the authors
    before it: a name before the subtitle ("DIRAC: A community grid solution", "CHIPS: The
    Cosmological HI Power Spectrum Estimator"), which the labeller reads as the last author's, or a
    number that is not the year ("2020 global reassessment of …"), which it reads as a date."""
    mine = rec.title or ""
    at = mine.find(theirs) if len(theirs) >= 8 and rec.author else -1
    head = mine[:at].strip() if at > 0 else ""
    if head.isdigit():
        return len(head) == 4 and head != rec.year
    word = head[:-1].rstrip()
    return head.endswith(":") and word[:1].isalnum() and all(c.isalnum() or c in "+-" for c in word)


def weighed_at_all(r: Readers) -> bool:
    """The arbiter weighs a reading where the labeller read the text and the rules did not take it for
    a note in the reference list (no reference: nothing to weigh)."""
    return r.scored is not None and not (r.rules.record.custom or {}).get("note")


def arbitrate(record: Record, origin: dict[str, str], text: str,
              r: Readers) -> tuple[Record, dict[str, str]]:
    """The labeller's value of each field where the learned arbiter (reading/arbiter.py) gives it
    better odds than the chosen one's."""
    if not weighed_at_all(r) or r.scored is None:
        return record, origin
    theirs, ctx = labeller_candidate(r.scored.record), arbiter_context(text, r)
    taken = [attr for attr in ARBITED if weighable(attr, record, theirs)
             and labeller_better(attr, record, theirs, origin.get(attr) == "labeller", ctx)]
    if not taken:
        return record, origin
    out, origin = record.model_copy(deep=True), dict(origin)
    for attr in taken:
        setattr(out, attr, getattr(theirs, attr))
        origin[attr] = "labeller"
    return out, origin


def _without_language_notes(rec: Record) -> Record:
    """The title and venue without the language of the work noted in them ("… Rontgenstrahlen (in
    German)"): the labeller reads the text as it is, where the rules read it without such notes."""
    for attr in ("title", "container_title"):
        value = getattr(rec, attr)
        if value and (bare := without_language_note(value)) != value and has_words(bare):
            rec = rec.model_copy(update={attr: bare})
    return rec


@lru_cache(maxsize=2048)
def _read(text: str) -> Reading:
    r = readers_of(text)
    rules, scored = r.rules, r.scored
    record, origin = located(*arbitrate(*hand_reading(r), text, r), rules.record, scored.record if scored else None)
    record = _without_language_notes(mend_boundaries(record, text))
    evidence = Evidence(rules.confidence, record, scored.record if scored else None,
                        scored.confidence if scored else {}, r.pdf_like, len(origin), r.cut)
    if not r.weighed and not origin:  # the rules' reading as it is: no other reading to keep
        return Reading(record, reading_confidence(evidence), rules.warnings, evidence=evidence)
    alternative = None
    for other in (rules.record, scored.record if scored else None):
        if other is not None and _differs(record, other):
            alternative = other
            break
    warnings = rules.warnings
    if origin:
        warnings = (*warnings, "fields from the learned labeller: " + ", ".join(sorted(origin)))
    return Reading(record, reading_confidence(evidence), warnings, alternative, origin, evidence)


def _other_reading(text: str) -> Record | None:
    return _read(text).alternative


def other_readings(citation: Citation) -> list[Record]:
    """The reading of the citation's text that its fields do not hold (rules vs labeller), if any:
    retrieval searches with it when the first reading finds nothing, and the checker judges with
    it when it agrees better with the record found."""
    if not free_text(citation) or not citation.raw.strip():
        return []
    alt = _other_reading(" ".join(citation.raw.split()))
    cited = citation.fields
    if alt is None or not _differs(alt, cited):
        return []
    if any(getattr(cited, f) and not getattr(alt, f) for f in ("issued", "volume", "page", "DOI")):
        return []  # a reading that drops a number or identifier would hide its discrepancy
    out = alt.model_copy(deep=True)
    out.id, out.type = cited.id, cited.type  # the type decides how strictly fields are compared
    if not cited.container_title:
        # a venue the first reading did not see would excuse a year as the preprint's later
        # publication (verify/compare.py): the other reading corrects a venue, never adds one
        out.container_title = out.container_title_short = None
    return [out]
