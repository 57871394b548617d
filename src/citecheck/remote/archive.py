"""What an arXiv e-print holds: a PDF, one gzipped file, or a (gzipped) tar of the source.

Everything happens in memory, and nothing an archive names is ever used as a path:

- what the gzip layer unpacks is counted as it is read; past `MAX_UNPACKED_BYTES` (or past
  `MAX_MEMBERS` members) the e-print is refused as a compression bomb, having held at most one
  tar block and one kept file in memory;
- a member named with an absolute path, a drive or a ``..`` step makes the whole e-print refused
  (an archive built to write outside its folder is not a paper's source); links, devices and
  other non-files are ignored, each with a note;
- only the files a bibliography can live in are kept (`KEPT_SUFFIXES`), each within the input
  limit, all of them together within it too.
"""

from __future__ import annotations

import gzip
import io
import tarfile
import zlib
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Literal

from citecheck.extract.decode import MAX_INPUT_BYTES
from citecheck.remote import FetchError

#: the most bytes an e-print may unpack to (sources with figures run to tens of MiB)
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
#: the most members one tar may have
MAX_MEMBERS = 20_000
#: the files kept (read) from a source tree
KEPT_SUFFIXES = frozenset({".tex", ".ltx", ".latex", ".bbl", ".bib"})

Kind = Literal["pdf", "source"]


@dataclass
class Unpacked:
    """An e-print's kind and, for a source, its kept files by archive path (or ``main.tex``)."""

    kind: Kind
    files: dict[str, bytes] = field(default_factory=dict)
    pdf: bytes = b""
    notes: list[str] = field(default_factory=list)


class _Counted(io.RawIOBase):
    """Reads a decompressing stream, refusing once more than the cap has come out of it."""

    def __init__(self, head: bytes, stream: io.BufferedIOBase, what: str) -> None:
        self.head = head
        self.stream = stream
        self.what = what
        self.total = len(head)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]  # (bytearray too)
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        try:
            chunk = self.stream.read(min(len(buffer), 1 << 16))
        except (OSError, EOFError, zlib.error) as exc:
            raise FetchError(self.what, f"the e-print's gzip stream is damaged ({exc})") from None
        self.total += len(chunk)
        if self.total > MAX_UNPACKED_BYTES:
            raise FetchError(self.what, f"the e-print unpacks to more than {MAX_UNPACKED_BYTES >> 20}"
                                        " MiB; refused (a compression bomb?)")
        buffer[:len(chunk)] = chunk
        return len(chunk)


def unpack(body: bytes, what: str) -> Unpacked:
    """The e-print `body` (as arXiv serves it) read into memory; `FetchError` when refused."""
    if body.startswith(b"%PDF") or b"%PDF" in body[:1024]:
        return Unpacked("pdf", pdf=body)
    if body[:2] == b"\x1f\x8b":
        stream: io.BufferedIOBase = gzip.GzipFile(fileobj=io.BytesIO(body))
    else:
        stream = io.BytesIO(body)
    try:
        head = stream.read(tarfile.BLOCKSIZE)
    except (OSError, EOFError, zlib.error) as exc:
        raise FetchError(what, f"the e-print's gzip stream is damaged ({exc})") from None
    counted: io.BufferedIOBase = io.BufferedReader(_Counted(head, stream, what), 1 << 16)
    if head.startswith(b"%PDF"):
        return Unpacked("pdf", pdf=_read_capped(counted, what, "the gzipped PDF"))
    if _is_tar(head):
        return _untar(counted, what)
    if body[:2] != b"\x1f\x8b":
        raise FetchError(what, "the e-print is neither a PDF, a gzip file nor a tar archive")
    # one gzipped file: arXiv's form for a single .tex source
    return Unpacked("source", files={"main.tex": _read_capped(counted, what, "the source file")})


def _is_tar(block: bytes) -> bool:
    if len(block) < tarfile.BLOCKSIZE:
        return False
    try:
        tarfile.TarInfo.frombuf(block, "utf-8", "surrogateescape")
    except tarfile.HeaderError:
        return False
    return True


def _read_capped(stream: io.BufferedIOBase, what: str, name: str) -> bytes:
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise FetchError(what, f"{name} is over the {MAX_INPUT_BYTES >> 20} MiB input limit; refused")
    return data


def _safe_name(name: str) -> str | None:
    """The member's path when it stays inside the archive, else None."""
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return None
    parts = PurePosixPath(name.replace("\\", "/")).parts
    if ".." in parts:
        return None
    clean = "/".join(p for p in parts if p not in (".", ""))
    return clean or None


def _untar(stream: io.BufferedIOBase, what: str) -> Unpacked:
    out = Unpacked("source")
    kept = 0
    try:
        with tarfile.open(fileobj=stream, mode="r|") as tar:
            for count, member in enumerate(tar, start=1):
                if count > MAX_MEMBERS:
                    raise FetchError(what, f"the e-print has more than {MAX_MEMBERS:,} members;"
                                           " refused")
                name = _safe_name(member.name)
                if name is None:
                    raise FetchError(what, f"archive member {member.name!r} points outside the"
                                           " archive; the e-print is refused")
                if not member.isfile():
                    if member.issym() or member.islnk():
                        out.notes.append(f"{name}: a link in the archive; ignored")
                    elif not member.isdir():
                        out.notes.append(f"{name}: not a regular file; ignored")
                    continue
                if PurePosixPath(name).suffix.lower() not in KEPT_SUFFIXES:
                    continue
                if member.size > MAX_INPUT_BYTES or kept + member.size > MAX_INPUT_BYTES:
                    out.notes.append(f"{name}: over the {MAX_INPUT_BYTES >> 20} MiB input limit; "
                                     "not read")
                    continue
                handle = tar.extractfile(member)
                if handle is not None:
                    out.files[name] = handle.read(member.size)
                    kept += member.size
    except tarfile.TarError as exc:
        raise FetchError(what, f"the e-print's tar archive is damaged ({exc})") from None
    return out


__all__ = ["KEPT_SUFFIXES", "MAX_MEMBERS", "MAX_UNPACKED_BYTES", "Unpacked", "unpack"]
