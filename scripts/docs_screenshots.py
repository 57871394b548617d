"""Take the screenshots in docs/img/ with headless chromium (Playwright): the web page after a
check of the bundled examples, and the HTML report (wide and narrow).

    python scripts/docs_screenshots.py [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers.citecheck_serve import serve  # noqa: E402

EXAMPLES = [Path("examples") / "report.md", Path("examples") / "references.bib"]
OUT = ROOT / "docs" / "img"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.html"
        subprocess.run([sys.executable, "-m", "citecheck", "check", "--offline", "-q", "--fail-on",
                        "never", "-f", "html", "-o", str(report), *map(str, EXAMPLES)], check=True, cwd=ROOT)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1100, "height": 1250})
            page.goto(report.as_uri())
            page.screenshot(path=str(OUT / "html-report.png"))
            narrow = browser.new_page(viewport={"width": 390, "height": 1100})
            narrow.goto(report.as_uri())
            narrow.locator("article.card").nth(2).scroll_into_view_if_needed()
            narrow.screenshot(path=str(OUT / "html-report-narrow.png"))
            with serve("--offline") as url:
                web = browser.new_page(viewport={"width": 1100, "height": 1150})
                web.goto(url + "/")
                web.set_input_files("#files", [str(ROOT / p) for p in EXAMPLES])
                web.click("#go")
                web.wait_for_selector("body[data-state=done]", timeout=120_000)
                web.frame_locator("#report").locator("article.card").first.wait_for()
                web.screenshot(path=str(OUT / "web-page.png"))
            browser.close()
    for name in ("html-report.png", "html-report-narrow.png", "web-page.png"):
        print(OUT / name, (OUT / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
