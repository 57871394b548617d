"""Bytes → text for every text input, with the encoding detected and never guessed silently.

* A byte-order mark decides: UTF-8, UTF-16 LE/BE, UTF-32 LE/BE.
* Without one, UTF-16/32 text is recognised by its pattern of zero bytes (ASCII-range text in
  UTF-16 has every other byte zero).
* Otherwise the text must be UTF-8. When it is not, the input is decoded as Windows-1252 (or, for
  the five bytes that code page leaves undefined, Latin-1) and a note says so, naming the first
  byte that is not UTF-8 — old BibTeX files are often Latin-1, and refusing them helps no one.
* A NUL byte anywhere in text that is not UTF-16/32 makes the input binary: a clear error.
* Inputs are limited to `MAX_INPUT_BYTES` (50 MiB), stated in the unit it is measured in.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from citecheck.extract.errors import InputError

MAX_INPUT_BYTES = 50 * 1024 * 1024

_BOMS = (  # longest first: the UTF-32 LE mark starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass
class Decoded:
    text: str
    encoding: str
    note: str | None = None  # set when the encoding was a fallback the user should know about


def size_text(n: int) -> str:
    return f"{n / (1 << 20):.1f} MiB"


def limit_text() -> str:
    return f"{MAX_INPUT_BYTES >> 20} MiB"


def check_size(name: str, size: int) -> None:
    if size > MAX_INPUT_BYTES:
        raise InputError(name, f"file is {size_text(size)}, over the {limit_text()} limit")


def read_limited(path: Path, name: str | None = None) -> bytes:
    """A file's bytes, refusing missing files, folders and files over the size limit."""
    name = name or str(path)
    if not path.exists():
        raise InputError(name, "no such file")
    if path.is_dir():
        raise InputError(name, "is a directory")
    check_size(name, path.stat().st_size)
    with path.open("rb") as fh:
        return read_stream(fh, name)


def read_stream(stream: BinaryIO, name: str) -> bytes:
    """At most the size limit from a stream (stdin): one byte more is an error."""
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(name, f"input is over the {limit_text()} limit")
    return data


def _wide_encoding(data: bytes) -> str | None:
    """UTF-16/32 without a BOM, recognised by where the zero bytes fall."""
    sample = data[:4096]
    n = len(sample) - len(sample) % 4
    if n < 8:
        return None
    quads = [sample[i:i + 4] for i in range(0, n, 4)]
    if all(q[2:] == b"\0\0" for q in quads) and sum(q[0] != 0 for q in quads) > len(quads) / 2:
        return "utf-32-le"
    if all(q[:2] == b"\0\0" for q in quads) and sum(q[3] != 0 for q in quads) > len(quads) / 2:
        return "utf-32-be"
    even, odd = sample[0:n:2], sample[1:n:2]
    if odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return None


def _strict(data: bytes, encoding: str, name: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError(name, f"not valid {encoding.upper()} at byte {exc.start}"
                               f" (0x{data[exc.start]:02x})") from None


def decode(data: bytes, name: str) -> Decoded:
    """Decode an input's bytes (see the module docstring); `InputError` when they are not text."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return Decoded(_nul_free(_strict(data[len(bom):], encoding, name), name), encoding)
    if b"\0" in data:
        wide = _wide_encoding(data)
        if wide is None:
            at = data.index(b"\0")
            raise InputError(name, f"contains a NUL byte at byte {at}: a binary file, not text")
        return Decoded(_nul_free(_strict(data, wide, name), name), wide)
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as exc:
        at = exc.start
    try:
        text, encoding = data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:
        text, encoding = data.decode("latin-1"), "Latin-1"
    note = (f"not valid UTF-8 at byte {at} (0x{data[at]:02x}); read as {encoding}."
            " Save the file as UTF-8 if characters look wrong")
    return Decoded(text, encoding, note)


def _nul_free(text: str, name: str) -> str:
    at = text.find("\0")
    if at >= 0:
        raise InputError(name, f"contains a NUL character at character {at}: not a text file")
    return text


__all__ = ["MAX_INPUT_BYTES", "Decoded", "check_size", "decode", "read_limited", "read_stream"]
