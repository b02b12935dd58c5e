"""Reading JSON input the way every command accepts it: one JSON document (an object, or
a list whose items are taken one by one) or JSON lines (one object per line).

>>> [(d.label, d.obj) for d in documents('{"a": 1}\\n{"a": 2}\\n', "in")]
[('in:1', {'a': 1}), ('in:2', {'a': 2})]
>>> [d.label for d in documents('[{}, {}]', "in")]
['in[0]', 'in[1]']
>>> next(documents('{"a": ', "in")).error
'in: malformed JSON: Expecting value (line 1, column 7)'
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Document:
    """One item of the input: where it came from, and its decoded JSON or why it could
    not be read."""

    label: str
    obj: Any = None
    error: str | None = None


def documents(text: str, name: str) -> Iterator[Document]:
    """The items of ``text`` (read from ``name``), labelled for messages. A UTF-8 byte-order
    mark before the JSON (as some editors write) is skipped.

    >>> [d.obj for d in documents('\ufeff{"a": 1}', "in")]
    [{'a': 1}]
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        yield Document(name, error=f"{name}: no input (it is empty)")
        return
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            yield Document(name, error=f"{name}: malformed JSON: {err.msg} "
                                       f"(line {err.lineno}, column {err.colno})")
            return
        for n, line in lines:
            label = f"{name}:{n}"
            try:
                yield Document(label, json.loads(line))
            except json.JSONDecodeError as line_err:
                yield Document(label, error=f"{label}: malformed JSON: {line_err.msg} "
                                            f"(column {line_err.colno})")
        return
    if isinstance(doc, list):
        if not doc:
            yield Document(name, error=f"{name}: an empty list holds nothing to read")
        for i, obj in enumerate(doc):
            yield Document(f"{name}[{i}]", obj)
    else:
        yield Document(name, doc)


__all__ = ["Document", "documents"]
