"""Hostile and unlucky files: LaTeX reaching outside its folder, zip bombs, odd encodings."""

from __future__ import annotations

import io
import json
import resource
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from citecheck.entries import read_path
from citecheck.extract import InputError
from citecheck.extract.decode import MAX_INPUT_BYTES, decode
from citecheck.extract.texfiles import MAX_DEPTH

ENTRY = "@article{inside, title={A Title Long Enough To Be Checked}, author={Doe, Jane}, year={2001}}\n"
SECRET = "@article{outside, title={Never Read From Outside}, author={Evil, Eve}, year={1999}}\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "refs.bib").write_text(SECRET, encoding="utf-8")
    (tmp_path / "outside.tex").write_text("\\begin{thebibliography}{1}\n\\bibitem{x} Evil, E. "
                                          "Never read from outside. 1999.\n\\end{thebibliography}\n")
    doc = tmp_path / "paper"
    doc.mkdir()
    (doc / "local.bib").write_text(ENTRY, encoding="utf-8")
    return doc


@pytest.mark.parametrize("command", [
    "\\input{../outside}", "\\include{../outside}", "\\bibliography{../refs}",
    "\\addbibresource{../refs.bib}", "\\bibliography{ABS}", "\\input{ABS_TEX}",
    "\\bibliography{~/refs}",
])
def test_latex_never_reads_outside_its_folder(project: Path, command: str) -> None:
    command = command.replace("ABS_TEX", str(project.parent / "outside"))
    command = command.replace("ABS", str(project.parent / "refs"))
    tex = project / "main.tex"
    tex.write_text(f"\\cite{{inside}}\n{command}\n\\bibliography{{local}}\n", encoding="utf-8")
    cites = read_path(tex)
    text = json.dumps([c.model_dump(mode="json") for c in cites])
    assert "Never" not in text and "Evil" not in text
    assert any(c.error and "not read" in c.error for c in cites)
    assert any(c.fields.title == "A Title Long Enough To Be Checked" for c in cites)


def test_latex_symlink_out_of_the_folder_is_refused(project: Path) -> None:
    (project / "link.bib").symlink_to(project.parent / "refs.bib")
    tex = project / "main.tex"
    tex.write_text("\\nocite{*}\\bibliography{link}\n", encoding="utf-8")
    cites = read_path(tex)
    assert all("Never" not in (c.fields.title or "") for c in cites)


def test_latex_include_depth_is_limited(tmp_path: Path) -> None:
    for i in range(MAX_DEPTH + 3):
        (tmp_path / f"f{i}.tex").write_text(f"\\input{{f{i + 1}}}\n", encoding="utf-8")
    (tmp_path / f"f{MAX_DEPTH + 3}.tex").write_text(
        "\\begin{thebibliography}{1}\\bibitem{a} Doe, J. Deep. 2001.\\end{thebibliography}")
    main = tmp_path / "main.tex"
    main.write_text("\\input{f0}\n", encoding="utf-8")
    cites = read_path(main)
    assert any(c.error and "nested more than" in c.error for c in cites)


def test_latex_includes_count_against_the_input_limit(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import citecheck.extract.texfiles as texfiles

    monkeypatch.setattr(texfiles, "MAX_INPUT_BYTES", 2000)
    (tmp_path / "big.bib").write_text(ENTRY * 40, encoding="utf-8")
    main = tmp_path / "main.tex"
    main.write_text("\\nocite{*}\\bibliography{big}\n", encoding="utf-8")
    cites = read_path(main)
    assert len(cites) == 1 and "input limit" in (cites[0].error or "")


def _docx_bomb(xml_mb: int) -> bytes:
    para = b"<w:p><w:r><w:t>" + b"a" * 1000 + b"</w:t></w:r></w:p>"
    head = (b'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
            b'wordprocessingml/2006/main"><w:body>')
    count = xml_mb * (1 << 20) // len(para)
    buf = io.BytesIO()
    with (zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf,
          zf.open("word/document.xml", "w", force_zip64=True) as fh):
        fh.write(head)
        for _ in range(count // 1000):
            fh.write(para * 1000)
        fh.write(b"</w:body></w:document>")
    return buf.getvalue()


def test_docx_bomb_is_refused_in_little_memory(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.docx"
    bomb.write_bytes(_docx_bomb(190))
    assert bomb.stat().st_size < 1_000_000  # the 555 KB / 190 MB case of the issue
    code = ("import resource, sys\nfrom citecheck.extract import read_path, InputError\n"
            "try:\n    read_path(sys.argv[1])\nexcept InputError as exc:\n    print(exc)\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", code, str(bomb)], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert "over 50 MiB" in out[0] or "limit" in out[0]
    assert int(out[-1]) * 1024 < 500 * (1 << 20), f"peak RSS {int(out[-1]) >> 10} MiB"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 0


@pytest.mark.parametrize("padding", [0, 3 << 20])  # a prolog longer than one unpacked chunk
def test_docx_doctype_is_refused(tmp_path: Path, padding: int) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("word/document.xml", '<?xml version="1.0"?>' + " " * padding
                    + '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')
    (tmp_path / "d.docx").write_bytes(buf.getvalue())
    with pytest.raises(InputError, match="DOCTYPE"):
        read_path(tmp_path / "d.docx")


_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _docx_of(xml: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("word/document.xml", xml)
    return buf.getvalue()


_PEAK_RSS_KIB = """
import pathlib, resource
status = pathlib.Path("/proc/self/status")
if status.exists():  # this process's own peak (ru_maxrss also counts the parent's, from the fork)
    print(next(int(l.split()[1]) for l in status.read_text().splitlines() if l.startswith("VmHWM:")))
else:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _read_in_subprocess(path: Path) -> tuple[str, int]:
    """read_path(path) in a fresh interpreter: the error it gives ("" for none) and its peak RSS."""
    code = ("import sys\nfrom citecheck.extract import read_path, InputError\n"
            "try:\n    read_path(sys.argv[1])\n    print()\nexcept InputError as exc:\n    print(exc)\n"
            + _PEAK_RSS_KIB)
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                         check=True, timeout=120).stdout.splitlines()
    return out[0], int(out[-1]) * 1024  # KiB


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_utf16_billion_laughs_docx_is_refused_in_little_memory(tmp_path: Path, encoding: str) -> None:
    # 400 KB of text in one reference: under expat's own amplification guard
    entities = '<!ENTITY a0 "lol ">' + "".join(
        f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 6))
    xml = (f'<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE w:document [{entities}]>'
           f'<w:document xmlns:w="{_W}"><w:body><w:p><w:r><w:t>References</w:t></w:r></w:p>'
           '<w:p><w:r><w:t>Smith, J. (2001). &a5; Nature, 4, 5-6.</w:t></w:r></w:p></w:body></w:document>')
    path = tmp_path / "laughs.docx"
    path.write_bytes(_docx_of(xml.encode(encoding)))
    assert path.stat().st_size < 2_000  # 100,000 "lol"s once expanded
    error, peak = _read_in_subprocess(path)
    assert error.startswith(f"{path}: word/document.xml declares a DOCTYPE"), error
    assert peak < 100 << 20, f"peak RSS {peak >> 20} MiB"


def test_unfinished_paragraph_of_empty_runs_is_refused_in_little_memory(tmp_path: Path) -> None:
    path = tmp_path / "runs.docx"
    buf = io.BytesIO()
    with (zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf,
          zf.open("word/document.xml", "w", force_zip64=True) as fh):
        fh.write(f'<w:document xmlns:w="{_W}"><w:body><w:p>'.encode())
        for _ in range(80):
            fh.write(b"<w:r/>" * 100_000)  # 8 M runs, and the paragraph never ends
    path.write_bytes(buf.getvalue())
    error, peak = _read_in_subprocess(path)
    assert error == f"{path}: paragraph 1 of word/document.xml has over 500,000 XML elements; not read"
    assert peak < 100 << 20, f"peak RSS {peak >> 20} MiB"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"])
def test_wide_and_bom_encodings_decode(encoding: str) -> None:
    text = "@article{k, title={Über die Quantentheorie der Wärme}, year={1905}}\n"
    assert decode(text.encode(encoding), "x.bib").text.lstrip("\ufeff") == text


def test_latin1_is_decoded_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "old.bib"
    path.write_bytes("@article{k, title={Über die Quantentheorie der Wärme}, year={1905}}\n"
                     .encode("latin-1") + b"% \x81\n")
    cites = read_path(path)
    assert cites[0].fields.title == "Über die Quantentheorie der Wärme"
    assert any("not valid UTF-8 at byte 19 (0xdc); read as Latin-1" in w for w in cites[0].parse_warnings)


def test_nul_anywhere_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "late.bib"
    path.write_bytes(ENTRY.encode() * 1000 + b"\x00" + ENTRY.encode())
    with pytest.raises(InputError, match=f"NUL byte at byte {len(ENTRY) * 1000}"):
        read_path(path)


def test_size_limit_is_stated_in_mib(tmp_path: Path) -> None:
    path = tmp_path / "huge.bib"
    with path.open("wb") as fh:
        fh.truncate(MAX_INPUT_BYTES + 1)
    with pytest.raises(InputError, match=r"50\.0 MiB, over the 50 MiB limit"):
        read_path(path)


def test_pages_respects_the_size_limit(tmp_path: Path) -> None:
    from citecheck.extract.cli import read_inputs

    path = tmp_path / "huge.pdf"
    with path.open("wb") as fh:
        fh.truncate(MAX_INPUT_BYTES + 10)
    cites, errors = read_inputs([path], pages="1-2")
    assert not cites and "over the 50 MiB limit" in errors[0]


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_stdin_in_latin1_or_utf16_with_output_file(tmp_path: Path, encoding: str) -> None:
    from typer.testing import CliRunner

    from citecheck.cli import app

    text = ("@article{einstein, title={Über die von der molekularkinetischen Theorie der Wärme "
            "geforderte Bewegung}, author={Einstein, Albert}, journal={Annalen der Physik}, "
            "year={1905}}\n")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(app, ["check", "-", "--offline", "-f", "jsonl", "-o", str(out),
                                      "--fail-on", "never", "-q"], input=text.encode(encoding))
    assert result.exit_code == 0, result.output
    assert result.exception is None
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["einstein"]
    assert "Wärme" in json.dumps(rows, ensure_ascii=False)
