"""Bounds on untrusted input, shared by every loader (data, maps, saves,
scripts) so no file can hang the program or exhaust its memory.

Players exchange saves and maps: every file is read through `read_bounded`
(regular files only, so neither `/dev/zero` nor a FIFO is ever opened for
reading, and never more than a size limit), and every value that ends up in
a message goes through `cut` (a 100 KB name must not freeze a dialog).
The YAML and JSON readers add the structural bounds below.
"""
from __future__ import annotations

import os
import stat
from typing import Any, NoReturn

MAX_DATA_BYTES = 256_000          # a YAML data file or rules script (shipped ones: < 20 KB; PyYAML reads ~60 KB/s)
MAX_TMJ_BYTES = 512_000           # a Tiled .tmj map (JSON read by the line-keeping YAML reader)
MAX_SAVE_BYTES = 16_000_000       # a save (a few hundred thousand actions)
MAX_DEPTH = 64                    # nesting of YAML / JSON collections
MAX_NODES = 200_000               # YAML nodes after expanding aliases
MAX_ALIASES = 1_000               # YAML alias uses in one file
MAX_INT_DIGITS = 18               # integers in any file (10**18 and up are refused)
MESSAGE_CHARS = 120               # a value quoted in a message


class BoundError(Exception):
    """A file refused before parsing; str() is `file:0: file: what`."""


def cut(value: object, limit: int = MESSAGE_CHARS) -> str:
    """repr() of a value for a message, never longer than `limit` characters;
    linear in `limit`, not in the value (containers are summarised)."""
    if isinstance(value, (dict, list, tuple, set)):
        n = len(value)
        if isinstance(value, dict):                     # as a data file's reader knows them
            return f"<a mapping of {n} {'entry' if n == 1 else 'entries'}>"
        return f"<a list of {n} {'item' if n == 1 else 'items'}>"
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    else:
        text = repr(value)
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return text


def cut_text(text: str, limit: int = 400) -> str:
    """A message (already formatted) cut to `limit` characters."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_bounded(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or BoundError.

    Opened non-blocking so a FIFO cannot block; device files, FIFOs, sockets
    and folders are refused by their type, before anything is read."""
    name = str(path)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise BoundError(f"{cut_text(name)}:0: cannot read {what}: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder, not a file" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise BoundError(f"{cut_text(name)}:0: {what}: {kind}")
        if st.st_size > limit:
            raise BoundError(f"{cut_text(name)}:0: {what}: {st.st_size:,} bytes is too large "
                             f"(at most {limit:,})")
        chunks, total = [], 0
        while True:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            except OSError as e:
                raise BoundError(f"{cut_text(name)}:0: cannot read {what}: {e.strerror}") from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise BoundError(f"{cut_text(name)}:0: {what}: larger than {limit:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text_bounded(path: str | os.PathLike[str], limit: int, what: str = "file") -> str:
    """`read_bounded` decoded as UTF-8 (a BOM is allowed)."""
    data = read_bounded(path, limit, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise BoundError(f"{cut_text(str(path))}:{line}: {what}: not UTF-8 text") from None


def json_int(text: str) -> int:
    """`json.loads(parse_int=...)`: an integer of at most MAX_INT_DIGITS digits."""
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"integer of {len(text)} digits is too large")
    return int(text)


def json_constant(name: str) -> NoReturn:
    """`json.loads(parse_constant=...)`: Infinity and NaN are no numbers a file holds."""
    raise ValueError(f"{name} is not a number a file can hold")


def strict_json(text: str) -> Any:
    """JSON as every untrusted file is read: no Infinity or NaN, no integer
    longer than MAX_INT_DIGITS, no nesting deeper than MAX_DEPTH; ValueError
    in words otherwise (json.JSONDecodeError, a ValueError, for bad syntax)."""
    import json
    try:
        value = json.loads(text, parse_int=json_int, parse_constant=json_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if too_deep(value):
        raise ValueError("nested too deeply")
    return value


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """True when nested lists and dicts go deeper than `limit` (an explicit
    stack, so checking cannot itself overflow the interpreter's)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, (list, tuple)):
            continue
        if d > limit:
            return True
        stack.extend((x, d + 1) for x in v)
    return False
