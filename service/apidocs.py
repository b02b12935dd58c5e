"""``GET /docs``: the OpenAPI document rendered as one HTML page — operations with their
parameters, bodies, examples and answers, then every schema as a table of fields. The
page is self-contained (inline style, no script, no external asset), so it works
offline and behind any proxy.

>>> str(type_html({"type": ["integer", "null"], "minimum": 0}))
'integer or null, ≥ 0'
>>> str(type_html({"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}))
'string or list of string'
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import render_template_string
from markupsafe import Markup, escape

_METHODS = ("get", "post", "put", "patch", "delete")


def type_html(schema: dict[str, Any]) -> Markup:
    """A JSON Schema in words, linking the named schemas it uses."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return Markup('<a href="#schema-{0}">{0}</a>').format(name)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return Markup(" or ").join(type_html(s) for s in schema[key])
    types = schema.get("type", [])
    parts: list[Markup] = []
    for t in types if isinstance(types, list) else [types]:
        if t == "array":
            parts.append(Markup("list of ") + type_html(schema.get("items", {})))
        elif t == "object" and isinstance(schema.get("additionalProperties"), dict):
            parts.append(Markup("object of ") + type_html(schema["additionalProperties"]))
        else:
            parts.append(escape(t))
    out = Markup(" or ").join(parts) if parts else Markup("any JSON")
    notes = [f"one of {', '.join(json.dumps(v, ensure_ascii=False) for v in schema['enum'])}"
             if "enum" in schema else ""]
    for key, sign in (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"),
                      ("minItems", "items ≥"), ("maxItems", "items ≤")):
        if key in schema and not (key == "minimum" and "exclusiveMinimum" in schema):
            notes.append(f"{sign} {schema[key]:g}")
    notes = [n for n in notes if n]
    return out + escape(", " + ", ".join(notes)) if notes else out


def example_text(example: Any) -> str:
    """An example body: an object one member a line, anything else on one line.

    >>> print(example_text({"hand": "2v 2v", "melds": [["3s", "3s"]]}))
    {"hand": "2v 2v",
     "melds": [["3s", "3s"]]}
    """
    if not isinstance(example, dict) or not example:
        return json.dumps(example, ensure_ascii=False)
    lines = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
             for k, v in example.items()]
    return "{" + ",\n ".join(lines) + "}"


def inline_html(text: str) -> Markup:
    """Plain text with `code` spans."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(" ".join(text.split())))))


def text_html(text: str) -> Markup:
    """Plain text with `code` spans, as paragraphs."""
    paras = [p for p in re.split(r"\n\s*\n", text.strip()) if p]
    return Markup("").join(Markup("<p>{}</p>").format(inline_html(p)) for p in paras)


def render(spec: dict[str, Any]) -> str:
    """The page for an OpenAPI document."""
    operations = []
    for path, item in spec.get("paths", {}).items():
        for method in _METHODS:
            if method in item:
                op = item[method]
                params = [p for p in op.get("parameters", []) if "$ref" not in p]
                body = op.get("requestBody", {}).get("content", {})
                operations.append({
                    "id": op.get("operationId", f"{method}-{path}"),
                    "method": method.upper(), "path": path, "op": op, "params": params,
                    "body": body, "example": {
                        media: example_text(c["example"])
                        for media, c in body.items() if "example" in c},
                })
    schemas = spec.get("components", {}).get("schemas", {})
    return render_template_string(_PAGE, spec=spec, operations=operations, schemas=schemas,
                                  type_html=type_html, text_html=text_html,
                                  inline_html=inline_html)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ spec.info.title }} API {{ spec.info.version }}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/docs.css"></head><body>
<nav class="top"><a href="/play">Play Chắn</a> · <a href="/analyze">Analyse a hand</a></nav>
<h1>{{ spec.info.title }} API <small>{{ spec.info.version }}</small></h1>
{{ text_html(spec.info.description) }}
<p>The machine-readable document: <a href="/openapi.json">/openapi.json</a>
(OpenAPI {{ spec.openapi }}).</p>
<ul>
{% for o in operations %}<li><a href="#{{ o.id }}"><code>{{ o.method }} {{ o.path }}</code></a>
 — {{ inline_html(o.op.summary) }}</li>
{% endfor %}</ul>
{% for o in operations %}
<h2 id="{{ o.id }}"><span class="method {{ o.method|lower }}">{{ o.method }}</span>
<code>{{ o.path }}</code></h2>
<p><strong>{{ inline_html(o.op.summary) }}</strong></p>
{{ text_html(o.op.description or "") }}
{% if o.params %}<h3>Query parameters</h3>
<table><tr><th>name</th><th>type</th><th>meaning</th></tr>
{% for p in o.params %}<tr><td><code>{{ p.name }}</code>{% if p.required %} (required){% endif %}
</td><td>{{ type_html(p.schema) }}</td><td>{{ inline_html(p.description or "") }}</td></tr>
{% endfor %}</table>{% endif %}
{% for media, c in o.body.items() %}<h3>Body (<code>{{ media }}</code>)</h3>
<p>{{ type_html(c.schema) }}</p>
{% if media in o.example %}<p>Example:</p><pre>{{ o.example[media] }}</pre>{% endif %}
{% endfor %}
<h3>Answers</h3>
<table><tr><th>status</th><th>content</th><th>when</th></tr>
{% for status, r in o.op.responses.items() %}<tr><td>{{ status }}</td><td>
{% for media, c in (r.content or {}).items() %}<code>{{ media }}</code>: {{ type_html(c.schema) }}
{% endfor %}{% for h in (r.headers or {}) %}<br>header <code>{{ h }}</code>{% endfor %}</td>
<td>{{ inline_html(r.description) }}</td></tr>
{% endfor %}</table>
{% endfor %}
<h2 id="schemas">Schemas</h2>
{% for name, s in schemas.items() %}
<h3 id="schema-{{ name }}">{{ name }}</h3>
{% if s.description %}{{ text_html(s.description) }}{% endif %}
<table><tr><th>field</th><th>type</th><th>meaning</th></tr>
{% for field, f in (s.properties or {}).items() %}<tr><td><code>{{ field }}</code>
{% if field in (s.required or []) %} (required){% endif %}</td><td>{{ type_html(f) }}</td>
<td>{{ inline_html(f.description or "") }}</td></tr>
{% endfor %}</table>
{% if s.additionalProperties == false %}<p>No other field is accepted.</p>{% endif %}
{% endfor %}
</body></html>
"""
