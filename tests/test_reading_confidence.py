"""The reading's confidence: two readers that disagree make it low, and a low one reaches the model.

The narrative citation below is read by the rules as title "Jefferts showed in their 1989 piece for";
the labeller reads another title and no such authors, so the confidence falls under the re-read
point. A loopback OpenAI-compatible endpoint answers the parse request; nothing leaves the machine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from citecheck.cli import app
from citecheck.index.build import build_index
from citecheck.model import Name, Record
from citecheck.reading import read_reference
from citecheck.reading.confidence import Evidence, field_agreement, reading_confidence
from citecheck.reading.reconcile import LOW_PARSE_CONFIDENCE
from tests.servers.llm import FakeModelServer

DATA = Path(__file__).parent / "data" / "llm"
NARRATIVE = ("As Keyser & Jefferts showed in their 1989 piece for Rev Sci Instrum (vol 60 p 2711) on the "
             "magnetic susceptibility of materials used in precision balances.")
runner = CliRunner()


def test_a_narrative_citation_is_read_with_low_confidence() -> None:
    assert read_reference(NARRATIVE).confidence < LOW_PARSE_CONFIDENCE


@pytest.mark.parametrize("text", [
    "A. Einstein, B. Podolsky, and N. Rosen, Can quantum-mechanical description of physical reality be "
    "considered complete?, Phys. Rev. 47, 777 (1935).",
    "Keyser P T and Jefferts S R 1989 Magnetic susceptibility of some materials used for apparatus "
    "construction (at 295 K) Rev. Sci. Instrum. 60 2711",
])
def test_a_reference_both_readers_agree_on_is_read_with_high_confidence(text: str) -> None:
    assert read_reference(text).confidence >= 0.75


def test_agreement_compares_titles_names_and_venues_by_their_keys() -> None:
    a = Record(title="Magnetic Susceptibility of Some Materials", author=[Name(family="Keyser", given="P")],
               container_title="Rev. Sci. Instrum.")
    b = Record(title="magnetic susceptibility of some materials", author=[Name(family="Keyser")],
               container_title="Rev Sci Instrum")
    assert all(field_agreement(f, a, b) for f in ("title", "author", "container_title"))
    assert field_agreement("title", a, Record(title="Jefferts showed in their 1989 piece for")) is False
    assert field_agreement("container_title", Record(), Record()) is None


def test_disagreement_the_labeller_is_sure_of_lowers_the_confidence() -> None:
    chosen = Record(title="Jefferts showed in their 1989 piece", author=[Name(family="Keyser", given="As")])
    agreeing = Evidence(1.0, chosen, chosen.model_copy(), {"title": 0.9, "author": 0.9})
    other = Record(title="on the magnetic susceptibility of materials")
    sure = Evidence(1.0, chosen, other, {"title": 0.95})
    unsure = Evidence(1.0, chosen, other, {"title": 0.2})
    assert reading_confidence(sure) < reading_confidence(unsure) < reading_confidence(agreeing)
    assert reading_confidence(Evidence(0.4, chosen, None, {})) == 0.4  # no labeller: the rules' own


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("narrative-index") / "index.sqlite"
    build_index(path, [DATA / "real-records.jsonl"])
    return path


def check(db: Path, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["check", "--offline", "--index", str(db), "--no-cache", "-f", "json",
                                 "--fail-on", "never", str(DATA / "narrative.txt"), *args])
    assert result.exit_code == 0, result.output
    (verdict,) = json.loads(result.stdout)["verdicts"]
    return dict(verdict)


def model_reading(payload: dict[str, Any]) -> dict[str, Any]:
    """What a model reads in the sentence: the names, year, journal, volume and page it states; no
    title (the sentence describes the work, it does not name it)."""
    assert "Keyser & Jefferts" in payload["reference"]
    return {"type": "article-journal", "title": None,
            "author": [{"family": "Keyser", "given": None}, {"family": "Jefferts", "given": None}],
            "issued": 1989, "container-title": "Rev Sci Instrum", "volume": "60", "issue": None,
            "page": "2711", "publisher": None, "DOI": None, "arxiv": None}


def test_the_narrative_citation_reaches_the_model_and_is_exact(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeModelServer({"ParseAnswer": model_reading}) as server:
        monkeypatch.setenv("CITECHECK_LLM_URL", server.base_url)
        verdict = check(db, "--llm", "openai-compatible:test")
        assert len(server.by_schema("ParseAnswer")) == 1  # the parse request reached it
    assert verdict["label"] == "EXACT", verdict["rationale"]
    assert verdict["match"]["DOI"] == "10.1063/1.1140646"


def test_without_a_model_the_narrative_citation_is_not_called_other_peoples_work(db: Path) -> None:
    verdict = check(db)
    assert verdict["label"] != "MAJOR", verdict["rationale"]
    assert "other people" not in verdict["rationale"]
