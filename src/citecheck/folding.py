"""Character folding: the one place that turns accents and case into comparable text.

``fold`` lower-cases and strips accents (ß→ss, Greek letters spelled out); LaTeX is decoded by
`latex_text.latex_to_text`. The concept modules (`names`, `titles`, `venues`) build their keys on these.
"""

from __future__ import annotations

import unicodedata

_SPECIAL_LETTERS = str.maketrans(
    {"ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d",
     "ı": "i", "œ": "oe", "Œ": "oe", "þ": "th", "ð": "d"}
)
_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi",
    "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "φ": "phi", "χ": "chi", "ψ": "psi",
    "ω": "omega", "Γ": "gamma", "Δ": "delta", "Θ": "theta", "Λ": "lambda", "Σ": "sigma",
    "Φ": "phi", "Ψ": "psi", "Ω": "omega", "ϕ": "phi", "ϵ": "epsilon", "µ": "mu",
}
_GREEK_TRANS = str.maketrans({k: f" {v} " for k, v in _GREEK.items()})


class _DropCombining(dict[int, int | None]):
    """``str.translate`` table deleting combining marks, filled as characters are met (a
    C-level lookup per character instead of a Python call)."""

    def __missing__(self, cp: int) -> int | None:
        value = None if unicodedata.combining(chr(cp)) else cp
        self[cp] = value
        return value


_DROP_COMBINING = _DropCombining()


def drop_combining(text: str) -> str:
    """``text`` without its combining marks (after NFKD: the accents of decomposed letters)."""
    return text if text.isascii() else text.translate(_DROP_COMBINING)


def fold(text: str) -> str:
    """Lower-case ASCII folding: accents removed, ß→ss, Greek letters spelled out."""
    if text.isascii():  # the common case; every step below is the identity on ASCII
        return text.lower()
    text = text.translate(_SPECIAL_LETTERS).translate(_GREEK_TRANS)
    text = unicodedata.normalize("NFKD", text)
    if not text.isascii():
        text = text.translate(_DROP_COMBINING)
    return text.lower()


# letters that match an ASCII one under re.I but do not lower-case to it ("ſ" is an "s", "ı" an "i")
_CASE_TWINS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def caseless(text: str) -> str:
    """``text`` lower-cased so that an ``re.I`` pattern's ASCII literal, lower-cased, is in it wherever
    the pattern can match (a cheap test before running the pattern)."""
    return text.lower() if text.isascii() else text.translate(_CASE_TWINS).lower()
