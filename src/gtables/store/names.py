"""File names of tables: readable, reversible by checking, safe on every file system.

``tables/<family>/<rest of the spec>.h5``, every byte outside ``A-Z a-z 0-9 . _ , = + -``
written ``%XX`` (a leading ``.`` too, so no table name is hidden or clashes with a temporary
file).  A name that would pass :data:`MAX_NAME` bytes keeps a readable start and ends in
``~<sha256 of the spec>``; ``~`` is never produced by escaping, so the two forms cannot clash.
A stored file's spec must give back its own name (:func:`file_name`), or it is refused.
"""
from __future__ import annotations

import hashlib
import re

SUFFIX = ".h5"
MAX_NAME = 200           # bytes; file systems take 255
_SAFE = re.compile(rb"[A-Za-z0-9._,=+\-]")


def escape(text: str) -> str:
    out = []
    for i, byte in enumerate(text.encode("utf-8")):
        ch = bytes([byte])
        if _SAFE.fullmatch(ch) and not (i == 0 and ch == b"."):
            out.append(ch.decode())
        else:
            out.append(f"%{byte:02X}")
    return "".join(out)


def split(spec: str) -> tuple[str, str]:
    family, _, rest = spec.partition(":")
    return family, rest


def family_dir(spec: str) -> str:
    return escape(split(spec)[0]) or "%00"


def file_name(spec: str) -> str:
    """The file name (without folder) of the table or checkpoint named ``spec``."""
    body = escape(split(spec)[1]) or "%00"
    if len(body) + len(SUFFIX) > MAX_NAME:
        cut = body[:120]
        cut = cut[:cut.rfind("%")] if "%" in cut[-2:] else cut
        body = f"{cut}~{hashlib.sha256(spec.encode()).hexdigest()[:40]}"
    return body + SUFFIX


def relname(spec: str) -> str:
    """``<family>/<file name>``."""
    return f"{family_dir(spec)}/{file_name(spec)}"
