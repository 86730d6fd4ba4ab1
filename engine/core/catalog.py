"""YAML data loaded into typed, frozen definitions, validated at load.

Parsing keeps the line of every key and list item, so a problem is reported
as `file:line: field: what is wrong` (unknown keys, wrong types, missing
fields, dangling references).  Types are checked by pydantic models
(`Definition` subclasses: frozen, unknown keys forbidden); this module maps
pydantic's error locations back to YAML lines.

Every file is untrusted (players exchange them): it is read through
`engine.core.limits` (regular files of bounded size only), and the YAML
loader bounds nesting depth, alias use and the size of the expanded
document, refuses integers too long to be data and non-finite floats, and
reads only `true`/`false` as booleans (YAML 1.2: `yes` stays the word
"yes", so `move: yes` is an error, not 1).  `validate` refuses numbers
beyond `MAX_NUMBER` in any field.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, TypeVar

import re

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.limits import (MAX_ALIASES, MAX_DATA_BYTES, MAX_DEPTH, MAX_INT_DIGITS, MAX_NODES,
                                BoundError, cut, cut_text, read_text_bounded)

# Where a value sits in parsed data: its keys and indexes (a YAML key may be any scalar).
Loc = tuple[Any, ...]

MAX_NUMBER = 100_000      # no number in any game's data is larger (a count of 10**23 models is an error)


def _big_numbers(data: Any, loc: Loc = ()) -> Iterator[tuple[Loc, Any]]:
    """(location, value) of every number beyond MAX_NUMBER in parsed data
    (iterative: the YAML loader already bounds the depth)."""
    stack = [(data, loc)]
    while stack:
        v, where = stack.pop()
        if isinstance(v, dict):
            stack.extend((x, where + (k,)) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, where + (i,)) for i, x in enumerate(v))
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and not -MAX_NUMBER <= v <= MAX_NUMBER:
            yield where, v


class Definition(BaseModel):
    """Base of every data definition: frozen, and unknown keys are errors."""
    model_config = ConfigDict(extra="forbid", frozen=True)


class DataError(Exception):
    """One or more `file:line: field: message` problems."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


class LineDict(dict[Any, Any]):
    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list[Any]):
    line: int = 0
    item_lines: list[int]

    def line_of(self, index: Any) -> int:
        if isinstance(index, int) and 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _Loader(yaml.SafeLoader):
    """SafeLoader with bounds (depth, aliases, expanded size) and YAML 1.2 booleans."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent: Any, index: Any) -> Any:      # a yaml node (yaml has no stubs here)
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise yaml.composer.ComposerError(None, None, f"more than {MAX_ALIASES} aliases (*name)",
                                                  self.peek_event().start_mark)
            return super().compose_node(parent, index)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels",
                                                  self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def get_single_node(self) -> Any:
        node = super().get_single_node()
        if node is not None and self._aliases:
            _check_expanded(node)
        return node


def _check_expanded(root: Any) -> None:
    """Refuse a document whose aliases expand it beyond MAX_NODES nodes
    (a "billion laughs" bomb is small on disk and huge once copied or printed).
    Each node's expanded size is computed once, so this is linear in the file."""
    sizes: dict[int, int] = {}
    order, stack, seen = [], [root], set()
    while stack:                                   # post-order without recursion
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        order.append(n)
        if isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
        elif isinstance(n, yaml.MappingNode):
            stack.extend(x for kv in n.value for x in kv)
    for n in reversed(order):
        if isinstance(n, yaml.SequenceNode):
            size = 1 + sum(sizes.get(id(c), 1) for c in n.value)
        elif isinstance(n, yaml.MappingNode):
            size = 1 + sum(sizes.get(id(c), 1) for kv in n.value for c in kv)
        else:
            size = 1
        if size > MAX_NODES:
            raise yaml.composer.ComposerError(None, None, f"aliases expand this document beyond {MAX_NODES:,} "
                                              "values", n.start_mark)
        sizes[id(n)] = size


def _int(loader: _Loader, node: yaml.ScalarNode) -> int:
    digits = re.sub(r"[^0-9a-fA-F]", "", node.value)
    if len(digits) > MAX_INT_DIGITS:
        raise yaml.constructor.ConstructorError(None, None, f"integer of {len(digits)} digits is too large",
                                                node.start_mark)
    value: int = yaml.SafeLoader.construct_yaml_int(loader, node)      # an int tag's int
    return value


def _float(loader: _Loader, node: yaml.ScalarNode) -> float:
    value: float = yaml.SafeLoader.construct_yaml_float(loader, node)   # a float tag's float
    if value != value or value in (float("inf"), float("-inf")):
        raise yaml.constructor.ConstructorError(None, None, f"{cut(node.value)} is not a finite number",
                                                node.start_mark)
    return value


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a plain word or number, not a list or mapping", key_node.start_mark)
        if key in d:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {cut(key)}", key_node.start_mark)
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
_Loader.add_constructor("tag:yaml.org,2002:int", _int)
_Loader.add_constructor("tag:yaml.org,2002:float", _float)
# YAML 1.2 booleans: only true/false (yes/no/on/off stay words)
_Loader.yaml_implicit_resolvers = {k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
                                   for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
for _first in "tTfF":
    _Loader.yaml_implicit_resolvers.setdefault(_first, []).insert(
        0, ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")))


def read_data_text(path: str | Path, name: str | None = None, limit: int = MAX_DATA_BYTES) -> str:
    """A data file's text (a regular file of bounded size, UTF-8), or DataError."""
    try:
        return read_text_bounded(path, limit)
    except BoundError as e:
        msg = str(e)
        if name is not None:
            msg = name + msg[len(str(path)):] if msg.startswith(str(path)) else msg
        raise DataError([msg]) from None


def load_yaml(path: str | Path, limit: int = MAX_DATA_BYTES) -> Any:
    """Parse a YAML file keeping line numbers; every problem becomes DataError."""
    return parse_yaml(read_data_text(path, limit=limit), str(path))


def parse_yaml(text: str, name: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        raise DataError([f"{name}:{line}: YAML syntax: {e.problem or e.context}"]) from None
    except yaml.YAMLError as e:
        raise DataError([f"{name}:0: YAML: {cut(str(e), 300)}"]) from None
    except RecursionError:          # belt and braces: the depth bound comes first
        raise DataError([f"{name}:0: YAML: nested too deeply"]) from None


def plain(v: Any) -> Any:
    """Parsed YAML without its line bookkeeping: plain dicts and lists."""
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


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


def error_words(err: Mapping[str, Any]) -> str:
    """One of pydantic's `ValidationError.errors()` in a data file's words."""
    msg = err["msg"].removeprefix("Value error, ")      # a validator's own words
    if err["type"] == "extra_forbidden":
        return "unknown field"
    if err["type"] == "missing":
        return "required field is missing"
    if err["type"] in ("model_type", "dict_type", "model_attributes_type"):   # "...or instance of Troop"
        got = "nothing" if err.get("input") is None else cut(err["input"])
        return f"a mapping of fields was expected, not {got}"
    if "input" in err:
        got = "nothing" if err["input"] is None else cut(err["input"])
        return f"{cut_text(msg, 300)} (got {got})"
    return cut_text(msg, 300)


def validate(model: type[T], data: Any, file: str, loc: Loc = ()) -> T:
    """Validate `data` (parsed by load_yaml) into `model`, or DataError with
    one line per problem.  `loc` is where data sits inside the file.
    Numbers beyond MAX_NUMBER are refused first, whatever the field."""
    big = sorted(_big_numbers(data), key=lambda lv: line_at(data, lv[0]))
    if big:
        raise DataError([f"{file}:{line_at(data, where)}: {field_name(loc + where)}: {cut(v)} is out of range "
                         f"(no value in game data is beyond {MAX_NUMBER:,} either way)" for where, v in big[:20]])
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
            problems.append(f"{file}:{line}: {field_name(loc + tuple(clean))}: {error_words(err)}")
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
            line = data.line_of(key) if isinstance(data, LineDict) else 0
            problems.extend(p.replace(f"{file}:0:", f"{file}:{line}:") for p in e.problems)
    if problems:
        raise DataError(problems)
    return out


def check_refs(problems: list[str], file: str, data: Any, loc: Loc, values: Iterable[str],
               known: set[str] | Mapping[str, Any], what: str) -> None:
    """Append a problem for every value that names no known `what`."""
    for v in values:
        if v not in known:
            problems.append(f"{file}:{line_at(data, loc)}: {field_name(loc)}: unknown {what} {cut(v)}")


# The data a game's files parse to, by key (load_files): each key's definitions are of its own model.
Parsed = dict[str, dict[str, Any]]


def load_files(folder: str | Path, files: Mapping[str, tuple[str, type[Definition]]]
               ) -> tuple[dict[str, tuple[str, Any]], Parsed]:
    """Load a game's data folder: `files` maps a key to (file name, model)
    of a YAML mapping of id -> definition.  Returns (raw, parsed): raw[key]
    is (path, the parsed YAML with lines) for cross-checks, parsed[key] the
    definitions.  DataError lists every problem of every file at once."""
    folder = Path(folder)
    problems: list[str] = []
    raw: dict[str, tuple[str, Any]] = {}
    parsed: Parsed = {}
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


def named_scenario(scenarios: Mapping[str, Any], scenario_id: str) -> tuple[str | None, str | None]:
    """(name, text in one line) of a scenario defined in a game's data (a
    model with `name` and `text`), or (None, None) for one it does not
    define (a designer's own map file)."""
    sc = scenarios.get(scenario_id)
    if sc is None:
        return None, None
    return sc.name, " ".join(str(sc.text or "").split()) or None
