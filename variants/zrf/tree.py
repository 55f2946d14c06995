"""The syntax tree of ZRF: atoms, strings and forms, each with its source line.

Atoms and strings are kept apart because a string ``"White"`` and an atom
``White`` mean different things to Zillions (a title versus a player name).
"""

from __future__ import annotations

from trebuchet.variants.zrf.errors import ZrfError

#: The longest text :meth:`Form.render` and :func:`text_of` make unless told
#: otherwise.  The longest text of the corpus is 3,395 characters (Luzhanqi.zrf's
#: description); macro expansion shares subtrees, so a small file can stand for a
#: form whose text is gigabytes, and every rendering is bounded.
MAX_TEXT = 1_000_000


class _Leaf:
    """An atom or a string: its text and line.

    Plain slotted classes, not dataclasses: macro expansion of the biggest real
    files creates millions of nodes, and a frozen dataclass's ``__init__`` is
    several times slower.  Nodes are never mutated after creation.
    """

    __slots__ = ("line", "text")

    def __init__(self, text: str, line: int = 0) -> None:
        self.text = text
        self.line = line

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.text == self.text

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.text))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r}, line={self.line})"


class Atom(_Leaf):
    """A bare word: keyword, name, number, macro parameter (``$1``)."""

    __slots__ = ()

    def render(self) -> str:
        return self.text


class Str(_Leaf):
    """A ``"…"`` string, stored without its quotes."""

    __slots__ = ()

    def render(self) -> str:
        return f'"{self.text}"'


class Form:
    """A parenthesised list ``(head item…)``.  Equality ignores line numbers."""

    __slots__ = ("items", "line")

    def __init__(self, items: tuple[Node, ...], line: int = 0) -> None:
        self.items = items
        self.line = line

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Form) and other.items == self.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Form({clipped(self, 200)!r}, line={self.line})"

    @property
    def head(self) -> str:
        """The text of the first item when it is an atom, else ''."""
        if self.items and isinstance(self.items[0], Atom):
            return self.items[0].text
        return ""

    @property
    def args(self) -> tuple[Node, ...]:
        return self.items[1:]

    def children(self, head: str) -> list[Form]:
        """The sub-forms whose head is ``head``, in order."""
        return [n for n in self.items if isinstance(n, Form) and n.head == head]

    def child(self, head: str) -> Form | None:
        found = self.children(head)
        return found[0] if found else None

    def render(self, limit: int = MAX_TEXT) -> str:
        """The form as ZRF text; ZrfError (with the form's line) when it would be
        longer than ``limit`` characters.

        Written with a stack, not recursion, so that the time is linear in the
        text and the depth of the tree does not matter.
        """
        parts, whole = _render(self, limit)
        if not whole:
            raise ZrfError(f"a form here is longer than {limit} characters as text", line=self.line)
        return "".join(parts)


Node = Atom | Str | Form


def _render(node: Form, limit: int) -> tuple[list[str], bool]:
    """The pieces of ``node``'s text, and whether they are all of it: the walk stops
    once the pieces pass ``limit`` characters."""
    parts: list[str] = []
    size = 0
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Form):
            text = "("
            stack.append(")")
            items = item.items
            for i in range(len(items) - 1, -1, -1):
                stack.append(items[i])
                if i:
                    stack.append(" ")
        else:
            text = item if isinstance(item, str) else item.render()
        parts.append(text)
        size += len(text)
        if size > limit:
            return parts, False
    return parts, True


def clipped(node: Node, width: int) -> str:
    """The text of ``node`` cut to ``width`` characters (``...`` at the end when cut)."""
    if isinstance(node, Form):
        parts, _ = _render(node, width)
        text = "".join(parts)
    else:
        text = node.render()
    return text if len(text) <= width else text[: width - 3] + "..."


def text_of(node: Node, limit: int = MAX_TEXT) -> str:
    """The text of an atom or string; a form's rendering otherwise (at most ``limit``
    characters, ZrfError beyond)."""
    if isinstance(node, Form):
        return node.render(limit)
    return node.text


def count_nodes(nodes: tuple[Node, ...] | list[Node]) -> int:
    """How many nodes a tree holds, iteratively (trees may be deep)."""
    total = 0
    stack: list[Node] = list(nodes)
    while stack:
        node = stack.pop()
        total += 1
        if isinstance(node, Form):
            stack.extend(node.items)
    return total
