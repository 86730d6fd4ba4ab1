"""The bounded pre-read every map parser goes through (expat today, pytmx
or another reader tomorrow): a map or tileset is read only if it is a
regular file of bounded size, so a tileset pointing at `/dev/zero` or a
FIFO, or a huge file, is refused with `file:0: file:` before parsing;
`inflate` bounds a compressed layer by the size the map says it has."""
from __future__ import annotations

import zlib

from engine.core.catalog import DataError
from engine.core.limits import MAX_CELLS, MAX_MAP_BYTES, BoundError, read_bounded

MAX_TILESETS = 64             # external tilesets one map may name


def read_map_bytes(path, error: type[DataError] = DataError, limit: int = MAX_MAP_BYTES) -> bytes:
    """The bytes of a map or tileset file, or `error([file:0: file: why])`."""
    try:
        return read_bounded(path, limit, "file")
    except BoundError as e:
        raise error([str(e)]) from None


def refuse_doctype(parser) -> None:
    """Make an expat parser refuse any DOCTYPE: Tiled never writes one, and
    entity declarations are how an XML "billion laughs" bomb is built.  The
    ValueError raised carries the reason; parsers report it with the line."""
    def refuse(*_args):
        raise ValueError("a DOCTYPE (entity declarations) is not allowed in a Tiled file")
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse


def inflate(raw: bytes, compression: str, max_bytes: int) -> bytes:
    """Decompress a zlib or gzip layer, refusing to produce more than
    `max_bytes` (a 400 MB layer compresses to a few hundred KB).
    Raises ValueError with the reason."""
    wbits = {"zlib": zlib.MAX_WBITS, "gzip": 16 + zlib.MAX_WBITS}[compression]
    d = zlib.decompressobj(wbits)
    try:
        out = d.decompress(raw, max_bytes + 1)
    except zlib.error as e:
        raise ValueError(f"bad {compression} data: {e}") from None
    if len(out) > max_bytes or d.unconsumed_tail:
        raise ValueError(f"the layer inflates beyond the {max_bytes:,} bytes its size allows")
    return out


def cells_problem(width, height) -> str | None:
    """Why a map of width x height cells is refused, or None."""
    if width * height > MAX_CELLS:
        return f"{width}x{height} cells is too large (at most {MAX_CELLS:,} cells)"
    return None
