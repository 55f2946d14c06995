"""JSON as trebuchet writes it, one function for every command and format."""

from __future__ import annotations

from typing import Any


def json_text(data: Any, *, indent: int | None = None) -> str:
    r"""JSON as trebuchet writes it everywhere (``--json``, ``--jsonl``, the ``json``
    format): UTF-8 text as it is, but U+2028 and U+2029 escaped, since JavaScript
    before ES2019 and many line-based tools take them for line breaks (a
    ``--jsonl`` line must stay one line).

    >>> json_text({"name": "Kå g"})
    '{"name": "Kå\\u2028g"}'
    """
    import json  # here, not at the top: only --json and the json format need it

    text = json.dumps(data, ensure_ascii=False, indent=indent)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
