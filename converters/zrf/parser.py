"""ZRF text to a list of top-level nodes.

``file := { comment | form | string | atom }``,
``form := '(' { comment | form | string | atom } ')'``.

The tree is built with an explicit stack over the lexer's tokens, not with a
recursive grammar: real files nest up to 64 deep (``Focus.zrf`` chains its
``if … else`` forms), and a recursive-descent parser (a pyparsing ``Forward``
was measured: 18.6 s for the 95-file corpus, and a recursion failure on
Focus.zrf) is both slower and unsafe on hostile nesting.  The pyparsing
grammars of this package are the ZSG move lines (:mod:`trebuchet.converters.zsg`), where
alternatives over name sets are what pyparsing is good at.
"""

from __future__ import annotations

from trebuchet.converters.zrf.lexer import MAX_DEPTH, MAX_TOKENS, check_size, tokens
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.tree import Atom, Form, Node, Str


def parse_text(text: str, source: str = "", max_tokens: int = MAX_TOKENS) -> list[Node]:
    """The top-level nodes of a ZRF text; ZrfError with file and line on bad input."""
    check_size(len(text), source)
    return parse_counted(text, source, max_tokens)[0]


def parse_counted(
    text: str, source: str = "", max_tokens: int = MAX_TOKENS, before: int = 0
) -> tuple[list[Node], int]:
    """:func:`parse_text` and the number of tokens read (at most ``max_tokens``), for
    text whose size the caller has checked."""
    stack: list[tuple[list[Node], int]] = [([], 0)]
    count = 0
    for tok in tokens(text, source, max_tokens, before):
        count += 1
        if tok.kind == "open":
            if len(stack) > MAX_DEPTH:
                raise ZrfError(f"forms nested more than {MAX_DEPTH} deep", source, tok.line)
            stack.append(([], tok.line))
        elif tok.kind == "close":
            if len(stack) == 1:
                raise ZrfError("unbalanced ')': no '(' is open here", source, tok.line)
            items, line = stack.pop()
            stack[-1][0].append(Form(tuple(items), line))
        elif tok.kind == "string":
            stack[-1][0].append(Str(tok.text[1:-1], tok.line))
        else:
            stack[-1][0].append(Atom(tok.text, tok.line))
    if len(stack) > 1:
        raise ZrfError(
            f"unbalanced '(': {len(stack) - 1} form(s) never closed, the innermost opened here",
            source,
            stack[-1][1],
        )
    return stack[0][0], count
