"""The web page in a real headless browser (Debian's chromium driven by Playwright).

Skipped, with the reason, where Playwright or a chromium binary is missing; ``.ci/run``
installs chromium. The screenshot is saved as a test artefact under ``test-artifacts/``
(or ``$CITECHECK_TEST_ARTIFACTS``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi) is not installed")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from tests.servers.citecheck_serve import serve  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT / "examples" / "references.bib"
ARTIFACTS = Path(os.environ.get("CITECHECK_TEST_ARTIFACTS", ROOT / "test-artifacts"))


def _chromium() -> str | None:
    for candidate in (os.environ.get("CITECHECK_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    path = _chromium()
    if path is None:
        pytest.skip("no chromium binary (apt-get install chromium; .ci/run does)")
    with sync_api.sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        except Exception as exc:  # a chromium that cannot start here is a skip, not a failure
            pytest.skip(f"chromium at {path} does not start: {exc}")
        yield b
        b.close()


def test_upload_a_bib_and_read_the_verdicts(browser: object) -> None:
    with serve("--offline") as url:
        page = browser.new_page(viewport={"width": 1200, "height": 1000})  # type: ignore[attr-defined]
        page.goto(url + "/")
        page.set_input_files("#files", str(BIB))
        page.click("#go")
        page.wait_for_selector("body[data-state=done]", timeout=120_000)
        shown = sorted(page.locator("#counts span").evaluate_all("els => els.map(e => e.textContent)"))
        assert shown == ["1 EXACT", "1 MAJOR", "1 UNVERIFIED", "2 MINOR"]
        assert "done: 5 of 5" in page.text_content("#state")
        report = page.frame_locator("#report")
        report.locator("article.card").first.wait_for(timeout=30_000)
        labels = report.locator("article.card").evaluate_all("els => els.map(e => e.dataset.label)")
        assert sorted(labels) == ["EXACT", "MAJOR", "MINOR", "MINOR", "UNVERIFIED"]
        # the report's own filter works inside the frame
        report.locator("input[value=EXACT]").uncheck()
        assert report.locator("article.card:not(.hidden)").count() == 4
        bib = page.request.get(url + "/" + page.get_attribute("#dl-bib", "href"))
        assert "@article{keys1963" in bib.text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        report.locator("input[value=EXACT]").check()
        page.screenshot(path=str(ARTIFACTS / "web-page.png"), full_page=True)
        assert (ARTIFACTS / "web-page.png").stat().st_size > 10_000


def test_pasted_text_and_an_error_are_shown(browser: object) -> None:
    with serve("--offline") as url:
        page = browser.new_page()  # type: ignore[attr-defined]
        page.goto(url + "/")
        page.click("#go")
        assert "Paste some references" in page.text_content("#error")
        page.fill("#text", "[1] <script>window.pwned=1</script> A. Nobody, Made-up results on nothing, "
                           "J. Imag. Res. 1, 1 (2020).")
        page.click("#go")
        page.wait_for_selector("body[data-state=done]", timeout=120_000)
        assert page.evaluate("window.pwned") is None
        raw = page.frame_locator("#report").locator("article.card .raw").first
        assert "<script>window.pwned=1</script>" in raw.text_content(timeout=30_000)
        assert page.frame_locator("#report").locator("article.card script").count() == 0
        page.fill("#text", "Keys, J. D. & Dutton, H. M. (1963). Diffusion and solid solubility of "
                           "silver in single-crystal bismuth telluride. J. Phys. Chem. Solids 24, 563.")
        page.click("#go")
        page.wait_for_selector("body[data-state=done]", timeout=120_000)
        assert page.text_content("#counts") == "1 EXACT"


def test_in_text_citations_checked_from_the_page(browser: object) -> None:
    """The page's --claims checkbox: the report shows the document's findings and, in each card,
    the sentences that cite the entry."""
    doc = ROOT / "tests" / "data" / "claims" / "numeric-report.md"
    with serve("--offline") as url:
        page = browser.new_page(viewport={"width": 1200, "height": 1000})  # type: ignore[attr-defined]
        page.goto(url + "/")
        page.set_input_files("#files", str(doc))
        page.check("#claims")
        page.click("#go")
        page.wait_for_selector("body[data-state=done]", timeout=120_000)
        report = page.frame_locator("#report")
        findings = report.locator("section.findings")
        findings.wait_for(timeout=30_000)
        text = findings.text_content() or ""
        assert "Document findings (2)" in text and "[9]" in text
        assert "Graphene was first isolated" in (report.locator("article.card").first.text_content() or "")
