"""benchmarks/journal_refs.py: it reads its data or says why, and scores its fixture field by field
and end to end."""

from __future__ import annotations

from pathlib import Path


def test_the_benchmark_reads_its_data_or_says_why(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "journal_refs.py"), "--corpus", str(tmp_path)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.startswith("skipped:") and "arxiv-browse" in out.stdout


def test_the_journal_refs_benchmark_on_its_fixture() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import journal_refs as J
    from parser_accuracy import Tally

    corpus = Path(__file__).parent / "data" / "journal_refs"
    refs = J.references(corpus, "validation")
    assert len(refs) == 8 and {r["form"] for r in refs} == {"titled", "untitled"}
    assert any(r["text"].endswith("JHEP 0705:086,2007") for r in refs)  # the journal reference as typed
    tally = Tally()
    for ref in refs:
        J.score(tally, ref)
    for field in ("container-title", "volume", "pages", "year"):
        assert tally.row(field)[2] == 1.0, (field, tally.errors[field])
    unread = J.references(corpus, "validation", unread=True)
    assert [r["gold"]["journal"] for r in unread] == [[None, None]] * 2
    counts = J.e2e(refs, corpus, None)  # an index of the fixture's records, built, then every reference checked
    assert counts[("titled", "EXACT")] == 4 and counts[("untitled", "EXACT")] == 4
