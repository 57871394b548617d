"""PDF-extraction damage on labelled segments (citecheck.bench.pdf_damage)."""

from __future__ import annotations

import random
import re
import unicodedata

from citecheck.bench.parsing_data import LabelledReference
from citecheck.bench.pdf_damage import MEASURED, DamageRates, KindRate, damage, measure

REF = LabelledReference(
    "r1", "apa/r1", "rendered",
    [("author", "Stepanow, S., Sommer, J.-U., & Zürich, I."), ("other", "("), ("date", "1998"),
     ("other", ")."), ("title", "Localization transition of random copolymers at interfaces: "
                      "a field theoretic approach to efficient flows"), ("other", "."),
     ("container", "Phys. Rev. Lett."), ("volume", "81"), ("other", ","), ("pages", "4412–4415")],
    spaced=[False, True, False, False, True, False, True, True, False, True])

#: every kind shown, at a high rate
HEAVY = DamageRates(1.0, {k: KindRate(1.0, 0.6) for k in MEASURED.kinds})


def _core(text: str) -> str:
    """The text with what the damage may add or take away removed: spaces, hyphens, accents."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s\-¨´`ˆ˜ˇ¸]", "", text)


def test_damage_keeps_every_label_on_its_text() -> None:
    no_new_chars = DamageRates(1.0, {k: r for k, r in HEAVY.kinds.items()
                                     if k not in ("ocr", "stray_punct")})
    for seed in range(30):
        out = damage(REF, random.Random(seed), no_new_chars)
        assert [label for label, _ in out.segments] == [label for label, _ in REF.segments]
        assert len(out.spaced) == len(out.segments)
        for (_, before), (_, after) in zip(REF.segments, out.segments, strict=True):
            assert after and after == after.strip()
            assert _core(after) == _core(before)


def test_damage_changes_the_text_and_records_the_kinds() -> None:
    out = damage(REF, random.Random(1), HEAVY)
    assert out.text != REF.text
    assert set(out.gold["damage"]) == set(MEASURED.kinds)  # type: ignore[arg-type]
    assert REF.gold == {}  # the input is not touched


def test_damage_is_deterministic_for_a_seed() -> None:
    a = damage(REF, random.Random(7), HEAVY)
    b = damage(REF, random.Random(7), HEAVY)
    c = damage(REF, random.Random(8), HEAVY)
    assert a == b and a.text != c.text


def test_ligatures_and_missing_spaces_appear() -> None:
    rates = DamageRates(1.0, {"ligature": KindRate(1.0, 1.0), "missing_space": KindRate(1.0, 1.0)})
    out = damage(REF, random.Random(0), rates)
    assert "ﬁ" in out.text and "ﬂ" in out.text
    assert "Phys.Rev.Lett." in out.text


def test_measure_finds_the_damage_of_real_pdf_strings() -> None:
    refs = [LabelledReference(str(i), "d", "grobid", [("other", t)], spaced=[False]) for i, t in
            enumerate(["A. Bunde ,H .Stanley ,Phys.Rev.Lett. 81 (1998) 4412",
                       "Kantelhardt, J. W., Multifractal analysis of nonsta- tionary series, "
                       "PhysicaA : StatisticalMechanics 316 (2002) 87",
                       "J. Smith, Efﬁcient ﬂows, J. Fluid Mech. 12, 1 (1990)",
                       "M. Doe, A clean reference, Nature 400, 12 (1999)."])]
    rates, n = measure(refs)
    assert n == 4 and rates.damaged == 0.75
    for kind in ("missing_space", "space_before_punct", "hyphen_break", "glued_words", "ligature"):
        assert rates.kinds[kind].present > 0, kind
    assert rates.kinds["ocr"].present == 0
