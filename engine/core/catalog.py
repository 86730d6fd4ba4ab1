"""YAML data loaded into typed, frozen definitions, validated at load.

Parsing keeps the line of every key and list item, so a problem is reported
as `file:line: field: what is wrong` (unknown keys, wrong types, missing
fields, dangling references).  Types are checked by pydantic models
(`Definition` subclasses: frozen, unknown keys forbidden); this module maps
pydantic's error locations back to YAML lines.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError


class Definition(BaseModel):
    """Base of every data definition: frozen, and unknown keys are errors."""
    model_config = ConfigDict(extra="forbid", frozen=True)


class DataError(Exception):
    """One or more `file:line: field: message` problems."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


class LineDict(dict):
    line: int = 0
    key_lines: dict

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    line: int = 0
    item_lines: list

    def line_of(self, index: Any) -> int:
        if isinstance(index, int) and 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in d:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        d[key] = loader.construct_object(value_node, deep=True)
        d.key_lines[key] = key_node.start_mark.line + 1
    return d


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    items = LineList(loader.construct_object(n, deep=True) for n in node.value)
    items.line = node.start_mark.line + 1
    items.item_lines = [n.start_mark.line + 1 for n in node.value]
    return items


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml(path: str | Path) -> Any:
    """Parse a YAML file keeping line numbers; syntax errors become DataError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError([f"{path}:0: cannot read file: {e.strerror}"]) from None
    except UnicodeDecodeError:
        raise DataError([f"{path}:0: file is not UTF-8 text"]) from None
    return parse_yaml(text, str(path))


def parse_yaml(text: str, name: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        raise DataError([f"{name}:{line}: YAML syntax: {e.problem or e.context}"]) from None
    except yaml.YAMLError as e:
        raise DataError([f"{name}:0: YAML: {e}"]) from None


def line_at(data: Any, loc: Iterable[Any]) -> int:
    """The YAML line of the value at a location path (keys and indexes)."""
    line = getattr(data, "line", 0)
    node = data
    for part in loc:
        if isinstance(node, LineDict):
            line = node.line_of(part)
            node = node.get(part)
        elif isinstance(node, LineList) and isinstance(part, int):
            line = node.line_of(part)
            node = node[part] if 0 <= part < len(node) else None
        else:
            break
    return line


def field_name(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top)"


T = TypeVar("T", bound=Definition)


def _clean_msg(err: dict) -> str:
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        return "unknown field"
    if err["type"] == "missing":
        return "required field is missing"
    if err.get("input") is not None and err["type"] not in ("model_type", "dict_type"):
        return f"{msg} (got {err['input']!r})"
    return msg


def validate(model: type[T], data: Any, file: str, loc: tuple = ()) -> T:
    """Validate `data` (parsed by load_yaml) into `model`, or DataError with
    one line per problem.  `loc` is where data sits inside the file."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            path = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith(("function-", "tagged-union")))]
            # pydantic puts union member names into loc; drop ones that are not data keys
            clean: list[Any] = []
            node = data
            for p in path:
                if isinstance(node, dict) and p in node:
                    clean.append(p)
                    node = node[p]
                elif isinstance(node, list) and isinstance(p, int):
                    clean.append(p)
                    node = node[p] if 0 <= p < len(node) else None
                elif isinstance(node, dict) and err["type"] in ("extra_forbidden", "missing") and p == path[-1]:
                    clean.append(p)
            line = line_at(data, clean)
            problems.append(f"{file}:{line}: {field_name(loc + tuple(clean))}: {_clean_msg(err)}")
        raise DataError(problems) from None


def validate_map(model: type[T], data: Any, file: str, what: str = "entry") -> dict[str, T]:
    """A YAML mapping of id -> definition; collects every problem."""
    if not isinstance(data, dict):
        raise DataError([f"{file}:{getattr(data, 'line', 1)}: (top): expected a mapping of {what} ids"])
    out: dict[str, T] = {}
    problems: list[str] = []
    for key, value in data.items():
        sub = value
        if isinstance(sub, dict) and "id" not in sub and "id" in model.model_fields:
            sub = LineDict(sub)
            sub.line, sub.key_lines = value.line, dict(value.key_lines)
            sub["id"] = key
        try:
            out[key] = validate(model, sub, file, (key,))
        except DataError as e:
            problems.extend(p.replace(f"{file}:0:", f"{file}:{data.line_of(key)}:") for p in e.problems)
    if problems:
        raise DataError(problems)
    return out


def check_refs(problems: list[str], file: str, data: Any, loc: tuple, values: Iterable[str],
               known: set[str] | dict, what: str) -> None:
    """Append a problem for every value that names no known `what`."""
    for v in values:
        if v not in known:
            problems.append(f"{file}:{line_at(data, loc)}: {field_name(loc)}: unknown {what} {v!r}")


def load_files(folder: str | Path, files: dict[str, tuple[str, type[T]]]) -> tuple[dict, dict]:
    """Load a game's data folder: `files` maps a key to (file name, model)
    of a YAML mapping of id -> definition.  Returns (raw, parsed): raw[key]
    is (path, the parsed YAML with lines) for cross-checks, parsed[key] the
    definitions.  DataError lists every problem of every file at once."""
    folder = Path(folder)
    problems: list[str] = []
    raw: dict = {}
    parsed: dict = {}
    for key, (name, model) in files.items():
        path = folder / name
        try:
            data = load_yaml(path)
            raw[key] = (str(path), data)
            parsed[key] = validate_map(model, data, str(path), name.split(".")[0])
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        raise DataError(problems)
    return raw, parsed
