"""Rule citations and the texts they open (headless: the rules reference,
`check` and the tests share it).

A citation names a source and, after "§", a section:

- `dice_wars.txt § Guarding`: a rulebook, installed in assets/rules/;
- `docs/games/warbound.md § Skills` (or `warbound.md § Skills`): a game's
  own rules notes (scenario rules, designed cards, house decisions),
  installed with the app from docs/games/.

`source_path` says where a source lives (None: it names nothing the app
has; only plain file names are accepted, never a path elsewhere),
`find_section` where its section starts, `opens` whether a citation opens
something, in the words a refusal or a test would use.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from engine.core.limits import BoundError, read_text_bounded

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "assets" / "rules"
NOTES_DIR = ROOT / "docs" / "games"
MAX_TEXT_BYTES = 4 * 1024 * 1024
_NAME = re.compile(r"^[a-z0-9_]+\.(txt|md)$")
# a citation inside running text: "dice_wars.txt § Guarding", "docs/games/warbound.md § Skills"
CITATION = re.compile(r"((?:docs/games/)?[a-z0-9_]+\.(?:txt|md)) § ([^\"()\[\]{};\n]+)")
_BARE = re.compile(r"(?<![\w.])§ ([^\"()\[\]{};\n§]+)")


def parse_citation(rule: str) -> tuple[str, str]:
    """'dice_wars.txt § Guarding' -> ('dice_wars.txt', 'Guarding')."""
    if "§" in rule:
        f, sec = rule.split("§", 1)
        return f.strip(), sec.strip()
    return rule.strip(), ""


def source_path(filename: str) -> Path | None:
    """The installed file a citation's source names, or None."""
    name = filename.strip()
    if name.startswith("docs/games/"):
        name = name[len("docs/games/"):]
    if not _NAME.match(name):
        return None
    return (RULES_DIR if name.endswith(".txt") else NOTES_DIR) / name


def source_title(filename: str) -> str:
    """How the rules reference names a source ("dice_wars.txt", "warbound.md: rules notes")."""
    p = source_path(filename)
    if p is None:
        return filename
    return p.name if p.suffix == ".txt" else f"{p.name}: the game's rules notes"


@lru_cache(maxsize=32)
def load_lines(filename: str) -> tuple[str, ...]:
    """The lines of a cited source; () when it is not installed or unreadable."""
    path = source_path(filename)
    if path is None:
        return ()
    try:
        return tuple(read_text_bounded(path, MAX_TEXT_BYTES, "rules text").splitlines())
    except (OSError, BoundError):
        return ()


def _next_text(lines: Sequence[str], i: int, n: int = 3) -> list[str]:
    out: list[str] = []
    j = i + 1
    while j < len(lines) and len(out) < n:
        s = lines[j].strip()
        if s:
            out.append(s)
        j += 1
    return out


_TOC = re.compile(r"^\s*-\s*\d+\s*\*\*")


def toc_range(lines: Sequence[str]) -> tuple[int, int]:
    """(first, last) line of a table of contents ("- 12** Guarding"), or (-1, -1)."""
    idx = [i for i, ln in enumerate(lines) if _TOC.match(ln)]
    if not idx:
        return (-1, -1)
    first, last = idx[0], idx[-1]
    for i, ln in enumerate(lines):
        if "contents" in ln.lower() and i < first:
            first = i
    j = last + 1
    while j < len(lines) and len(lines[j].strip()) < 60:
        j += 1
    return (first, j - 1)


def _norm(line: str) -> str:
    md = line.startswith("#")
    s = line.strip().lstrip("#").strip().replace("**", "").lower().rstrip(".;: ")
    # a notes heading names its sections or files in brackets: "## Guarding (§ Guarding)"
    return re.sub(r"\s*\([^)]*\)\s*$" if md else r"\s*\(§[^)]*\)\s*$", "", s)


_LEAD = re.compile(r"^\s*(?:#+\s*)?(\*\*)?")
_AFTER = re.compile(r"^(?:$|[;:*,)]| [:;(\[–—-]| \d)")


def _starts_heading(line: str, want: str) -> bool:
    """A line that begins with the heading and a separator: "Initiative :
    The Hand and The Hourglass", "**Activating Units;** Units may ...",
    "**Step 3) Measure the distance.**", "Run 1" (an action and its cost).
    A plain one must be short (a title, not a sentence) unless it runs into
    its text with " : ", as Warbound's do ("Panic : The morale system ...")."""
    m = _LEAD.match(line)
    assert m is not None            # every part of _LEAD is optional: it matches any line
    s = line[m.end():].lower()
    rest = s[len(want):]
    if not s.startswith(want) or not _AFTER.match(rest):
        return False
    return bool(m.group(1)) or len(line.strip()) < 60 or rest.startswith(" :")


def find_section(lines: Sequence[str], heading: str) -> int:
    """Index of the line that starts the section, or -1.  'Terrain: Water'
    that is no heading of its own finds 'Water' after the 'Terrain' section."""
    return locate(lines, heading)[0]


def locate(lines: Sequence[str], heading: str) -> tuple[int, str]:
    """(line, how it was found): "heading" (a line that is the heading),
    "bold" (a bold mention), "within" (a sub-heading after its parent),
    "mention" (only mentioned in the text) or "" (-1, not found)."""
    i, how = _find(lines, heading)
    if i >= 0 or ":" not in heading:
        return i, how
    parent, child = heading.split(":", 1)
    p, phow = _find(lines, parent)
    if p < 0:
        return -1, ""
    sub, _ = _find(lines[p:], child)
    return (p + sub, "within") if sub >= 0 else (p, phow)


@lru_cache(maxsize=32)
def _prepared(lines: tuple[str, ...]) -> tuple[tuple[int, ...], dict[str, list[int]], tuple[str, ...]]:
    """Per source, once: the body lines (the contents list left out), each
    normalised as a heading, lowered, and with its heading marks stripped."""
    t0, t1 = toc_range(lines)
    body = tuple(i for i in range(len(lines)) if not t0 <= i <= t1)
    normed: dict[str, list[int]] = {}
    for i in body:
        normed.setdefault(_norm(lines[i]), []).append(i)
    for i in body:          # a title the text wrapped over two short lines ("Anatomy of an" / "Archetype Card")
        if i + 1 < len(lines) and 0 < len(lines[i].strip()) < 40 and 0 < len(lines[i + 1].strip()) < 40:
            normed.setdefault(_norm(lines[i] + " " + lines[i + 1]), []).append(i)
    lower = tuple(ln.lower() for ln in lines)
    return body, normed, lower


def _find(lines: Sequence[str], heading: str) -> tuple[int, str]:
    want = heading.strip().lower().rstrip(".")
    if not want:
        return -1, ""
    lines = tuple(lines)
    body, normed, lower = _prepared(lines)
    exact = sorted(normed.get(want, ()))
    for i in exact:
        if any(len(s) > 60 for s in _next_text(lines, i)):
            return i, "heading"
    if exact:
        return exact[0], "heading"
    # a heading that runs into its text ("**Activating Units;** Units may only ...")
    for i in body:
        if want in lower[i] and _starts_heading(lines[i], want):
            return i, "heading"
    # a bold mention in the text ("you must determine your unit's **Facing**")
    marks = tuple(f"**{want}{p}**" for p in ("", ";", ":", "."))
    for i in body:
        if "**" in lower[i] and any(m in lower[i] for m in marks):
            return i, "bold"
    # looser: a short line containing the heading, then any mention
    anywhere = [i for i in body if want in lower[i]]
    short = [i for i in anywhere if len(lines[i].strip()) < 80]
    if short or anywhere:
        return (short or anywhere)[0], "mention"
    return -1, ""


def opens(rule: str) -> str:
    """Why a citation opens nothing in the rules reference, or "" when it
    opens its section (a heading, a bold term, or a sub-heading)."""
    f, sec = parse_citation(rule)
    path = source_path(f)
    if path is None:
        return f"{rule!r}: {f!r} is not a rulebook or rules notes the app has"
    lines = load_lines(f)
    if not lines:
        return f"{rule!r}: {path.name} is not installed"
    if not sec:
        return ""
    i, how = locate(lines, sec)
    if i < 0:
        return f"{rule!r}: {path.name} has no section {sec!r}"
    if how == "mention":
        return f"{rule!r}: {path.name} only mentions {sec!r} in passing (line {i + 1}); cite its heading"
    return ""


@lru_cache(maxsize=32)
def headings(filename: str) -> tuple[tuple[int, str], ...]:
    """Lines that look like section headings (for the contents list)."""
    lines = load_lines(filename)
    if filename.endswith(".md"):
        return tuple((i, _norm_title(ln)) for i, ln in enumerate(lines) if ln.startswith("#"))
    out = []
    t0, t1 = toc_range(lines)
    for i, ln in enumerate(lines):
        s = ln.strip()
        if not s or len(s) > 48 or s.endswith((".", ",", ":", ";", "?", "!")) or t0 <= i <= t1:
            continue
        if i > 0 and lines[i - 1].strip():
            continue
        if s.startswith(("-", "*", "•", "|")) or s[0].isdigit():
            continue
        nxt = _next_text(lines, i, 3)
        if nxt and (any(len(x) > 60 for x in nxt[:2]) or _wrapped_paragraph(lines, i, s)):
            out.append((i, s.lstrip("#").strip().replace("**", "")))
    return tuple(out)


def _norm_title(line: str) -> str:
    return line.lstrip("#").strip().replace("**", "").replace("`", "")


def _wrapped_paragraph(lines: Sequence[str], i: int, s: str) -> bool:
    """A title line (capitalised, no trailing space) followed by a paragraph
    wrapped at a short width, as text extracted from a PDF is (its wrapped
    lines keep their trailing space): Dragonbond's rulebook."""
    if lines[i] != lines[i].rstrip() or not s[0].isupper():
        return False
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j < len(lines) and lines[j].endswith(" ") and len(lines[j].strip()) > len(s)


def in_text(text: str) -> list[str]:
    """The citations written in a piece of text (a sentence, a log line):
    "dice_wars.txt § Guarding"; "§ A, § B" after a source are two of its
    sections, and so is a bare "§ C" later in the same text."""
    out: list[str] = []
    source = ""
    pos = 0
    for m in CITATION.finditer(text):
        out.extend(_bare(source, text[pos:m.start()]))
        source = m.group(1)
        parts = re.split(r",? § ", m.group(2))
        out.extend(f"{source} § {p.strip().rstrip('.,:')}" for p in parts if p.strip().rstrip(".,:"))
        pos = m.end()
    out.extend(_bare(source, text[pos:]))
    return out


def _bare(source: str, text: str) -> list[str]:
    if not source:
        return []
    return [f"{source} § {m.group(1).strip().rstrip('.,:')}" for m in _BARE.finditer(text)
            if m.group(1).strip().rstrip(".,:")]
