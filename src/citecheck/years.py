"""Years and months: the range of years a cited work can carry, the one builder of a year's
pattern, and the month names every reader and writer shares.

A four-digit number in this range is read as a year ("(2019)", "Nature 1991"); outside it, it is a
page, a volume or an article number. `YEAR` is the range every reader uses; a rule that must not
take an older number for a year ("1850" as a page in a physics journal) narrows it from below
with `year_pattern(first=...)`, never by writing the digits out again.
"""

from __future__ import annotations

#: the first year of the plausible range (early printed books cite from here on)
FIRST_YEAR = 1600
#: the last year of the plausible range
LAST_YEAR = 2099


def year_pattern(first: int = FIRST_YEAR) -> str:
    """Regex text (no group) for a four-digit year from `first` (the start of a century from 1000
    to 1900) to `LAST_YEAR`: 1600 gives ``(?:1[6-9]|20)\\d\\d``."""
    if first % 100 or not 1000 <= first <= 1900:
        raise ValueError(f"a year range starts at a century from 1000 to 1900, not {first}")
    digit = first // 100 % 10
    lead = "19" if digit == 9 else f"1[{digit}-9]"
    return rf"(?:{lead}|20)\d\d"


#: a year in the plausible range
YEAR = year_pattern()

#: the months in English, in order (the parser's `reading.refparse.lexicon.MONTH` reads them from
#: their first three letters on, and `OTHER_MONTHS`)
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
#: the French and German months whose names are not the English ones (regex text, as the parser reads
#: them: "mars" and "mai" in lower case only, the other French ones in any case)
OTHER_MONTHS = (r"mars|mai|(?i:janvier|février|fevrier|avril|juin|juillet|août|aout|septembre|octobre|novembre|"
                r"décembre)|Januar|Februar|März|Juni|Juli|Oktober|Dezember")
#: BibTeX's month macros, in order: "jan" … "dec"
MONTH_ABBREVIATIONS = tuple(m[:3].lower() for m in MONTHS)
