"""The ZRF preprocessor: ``include``, and ``define`` macros expanded as text.

Zillions macros are textual (formats-notes §1.3), so:

* ``$N`` is replaced by the N-th argument *as text*, also inside longer atoms
  (``$1-01``, ``'$1'``) and inside strings (``"$1 foxes"``).  The notes say
  ``$1``…``$9``, but real files call 11-argument macros that use ``$10``…``$17``
  (ChuShogi, Ragnarok), so the digits after ``$`` are read whole.
* A body may be several forms; they are spliced where the call stood.  A body
  wrapped in its own parentheses is one form.
* Macros may be used before their definition: every ``define`` (of the file and
  of its includes) is collected before anything is expanded.  When a name is
  defined twice the later definition wins.
* Only a form's head invokes a macro; a bare atom with a macro's name is left.

Expansion is bounded: macro calls nest at most :data:`MAX_EXPANSION_DEPTH`
deep, and an expansion may produce at most :data:`MAX_NODES` nodes, so a macro
that calls itself fails with the name and line of the call instead of looping.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trebuchet.converters.zrf.lexer import decode
from trebuchet.converters.zrf.parser import parse_text
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.tree import Atom, Form, Node, Str

#: Real files nest macro calls and forms less than 80 deep together.
MAX_EXPANSION_DEPTH = 300
#: Budget of items expanded and spliced; the most a real file needs is ~120,000 (Focus.zrf).
MAX_NODES = 500_000
#: Includes may include; real files go one level deep.
MAX_INCLUDE_DEPTH = 8

_PARAM = re.compile(r"\$(\d+)")
_SPECIAL = re.compile(r'[\s();"]')

Loader = Callable[[str, str, int], tuple[str, str]]
"""(included name, including source, line) -> (text, source name of the included file)."""


@dataclass(frozen=True)
class Macro:
    """One ``(define name body…)``: its body forms and where it was defined."""

    name: str
    body: tuple[Node, ...]
    source: str
    line: int


@dataclass
class Preprocessed:
    """A file after preprocessing: its top-level forms, expanded, and its macros."""

    forms: list[Node]
    macros: dict[str, Macro] = field(default_factory=dict)
    includes: list[str] = field(default_factory=list)
    version: str = ""


def load_include(name: str, including: str, line: int) -> tuple[str, str]:
    """Read an included file next to the including one, matching names case-insensitively.

    Zillions ran on Windows, so ``(include "Common.zrf")`` finds ``common.zrf``.
    """
    base = Path(including).parent if including else Path.cwd()
    wanted = Path(name.replace("\\", "/"))
    folder = (base / wanted).parent
    target = folder / wanted.name
    if not target.is_file() and folder.is_dir():
        lowered = wanted.name.lower()
        target = next((p for p in folder.iterdir() if p.name.lower() == lowered), target)
    if not target.is_file():
        raise ZrfError(f"included file {name!r} not found in {folder}", including, line)
    return decode(target.read_bytes()), str(target)


class Expander:
    """Collects definitions, resolves includes, and expands macro calls."""

    def __init__(self, loader: Loader = load_include) -> None:
        self.loader = loader
        self.macros: dict[str, Macro] = {}
        self.includes: list[str] = []
        self.version = ""
        self._budget = MAX_NODES
        #: id(form) -> (form, its expansion); the form is kept so its id stays unique
        self._done: dict[int, tuple[Form, list[Node]]] = {}
        #: call key -> (call form, its expansion): equal calls expand once
        self._calls: dict[tuple[object, ...], tuple[Form, list[Node]]] = {}
        #: id(form) -> (form, whether it holds a $N parameter)
        self._params: dict[int, tuple[Form, bool]] = {}

    # -- pass 1: definitions and includes -----------------------------------
    def collect(self, nodes: Sequence[Node], source: str, depth: int = 0) -> list[Node]:
        """Top-level nodes with defines taken out and includes spliced in."""
        kept: list[Node] = []
        for node in nodes:
            if not isinstance(node, Form):
                kept.append(node)
            elif node.head == "define":
                self._define(node, source)
            elif node.head == "include":
                kept.extend(self._include(node, source, depth))
            else:
                if node.head == "version" and node.args:
                    self.version = _plain(node.args[0])
                kept.append(node)
        return kept

    def _define(self, node: Form, source: str) -> None:
        if len(node.items) < 2 or not isinstance(node.items[1], Atom):
            raise ZrfError("define needs a macro name", source, node.line)
        name = node.items[1].text
        self.macros[name] = Macro(name, node.items[2:], source, node.line)

    def _include(self, node: Form, source: str, depth: int) -> list[Node]:
        if depth >= MAX_INCLUDE_DEPTH:
            raise ZrfError(f"includes nested more than {MAX_INCLUDE_DEPTH} deep", source, node.line)
        if not node.args or isinstance(node.args[0], Form):
            raise ZrfError('include needs a file name: (include "file.zrf")', source, node.line)
        text, included = self.loader(_plain(node.args[0]), source, node.line)
        self.includes.append(included)
        return self.collect(parse_text(text, included), included, depth + 1)

    # -- pass 2: expansion --------------------------------------------------
    def expand(self, nodes: Sequence[Node], source: str) -> list[Node]:
        """Every macro call in ``nodes`` replaced by its substituted, expanded body."""
        self._budget = MAX_NODES
        self._done.clear()
        self._calls.clear()
        return self._expand_items(nodes, 0, source)

    def _expand_items(self, items: Sequence[Node], depth: int, source: str) -> list[Node]:
        if depth > MAX_EXPANSION_DEPTH:
            line = items[0].line if items else 0
            raise ZrfError(
                f"macros and forms nest more than {MAX_EXPANSION_DEPTH} deep "
                "(a macro that calls itself?)",
                source,
                line,
            )
        out: list[Node] = []
        for node in items:
            if not isinstance(node, Form):
                out.append(node)
                continue
            done = self._done.get(id(node))
            if done is None:
                done = (node, self._expand_form(node, depth, source))
                self._done[id(node)] = done
            self._spend(len(done[1]), source, node.line)
            out.extend(done[1])
        return out

    def _spend(self, items: int, source: str, line: int) -> None:
        """Count ``items`` against the budget; a spliced result counts each time it is used.

        Cached results are shared, so the work is small even when the output
        is not: a macro whose body calls another three times, thirty levels
        deep, would splice 3**30 references.  Counting every splice bounds the
        memory as well as the time.
        """
        self._budget -= items
        if self._budget < 0:
            raise ZrfError(
                f"macro expansion exceeds {MAX_NODES} items (a macro that expands forever?)",
                source,
                line,
            )

    def _expand_form(self, node: Form, depth: int, source: str) -> list[Node]:
        """One form expanded: a macro call becomes its body, anything else keeps its shape.

        Results are cached per node object (``_done``): an argument pasted into
        a body several times is the same object each time, and expanding it
        once keeps files such as Focus.zrf (2.8 million nodes when written out)
        fast and small.
        """
        self._spend(len(node.items), source, node.line)
        macro = self.macros.get(node.head)
        if macro is None:
            return [Form(tuple(self._expand_items(node.items, depth + 1, source)), node.line)]
        key = _call_key(node)
        known = self._calls.get(key)
        if known is not None:
            return known[1]
        body = self._substitute(macro.body, node.args)
        try:
            result = self._expand_items(body, depth + 1, source)
        except ZrfError as exc:
            if depth:
                raise
            raise ZrfError(f"in macro {macro.name!r}: {exc.reason}", source, node.line) from None
        self._calls[key] = (node, result)
        return result

    def _substitute(self, body: Sequence[Node], args: Sequence[Node]) -> list[Node]:
        """``body`` with ``$N`` replaced by the N-th of ``args``, textually.

        Sub-forms without any ``$`` are returned as they are (shared, not copied).
        """
        out: list[Node] = []
        for node in body:
            if isinstance(node, Form):
                if self._has_param(node):
                    out.append(Form(tuple(self._substitute(node.items, args)), node.line))
                else:
                    out.append(node)
            elif isinstance(node, Str):
                text = _PARAM.sub(lambda m: _arg_text(args, m, quoted=False), node.text)
                out.append(Str(text, node.line) if text != node.text else node)
            else:
                out.extend(_substitute_atom(node, args))
        return out

    def _has_param(self, form: Form) -> bool:
        """Whether ``$N`` occurs anywhere in ``form`` (cached per macro-body node)."""
        known = self._params.get(id(form))
        if known is None:
            found = any(
                self._has_param(n) if isinstance(n, Form) else "$" in n.text for n in form.items
            )
            known = self._params[id(form)] = (form, found)
        return known[1]


def _call_key(call: Form) -> tuple[object, ...]:
    """What makes two macro calls expand alike: the name and the arguments.

    Leaf arguments count by text (``(merge-w w)`` is written many times in
    Focus.zrf); form arguments by identity, which is cheap and still exact.
    """
    args = ((type(a), a.text) if not isinstance(a, Form) else id(a) for a in call.args)
    return (call.head, *args)


def _substitute_atom(atom: Atom, args: Sequence[Node]) -> list[Node]:
    """An atom after substitution: the argument itself for a bare ``$N``, else re-read text."""
    whole = _PARAM.fullmatch(atom.text)
    if whole:
        index = int(whole.group(1))
        return [args[index - 1]] if 0 < index <= len(args) else []
    if "$" not in atom.text:
        return [atom]
    text = _PARAM.sub(lambda m: _arg_text(args, m, quoted=True), atom.text)
    if not _SPECIAL.search(text):
        return [Atom(text, atom.line)] if text else []
    return [_relined(n, atom.line) for n in parse_text(text)]


def _arg_text(args: Sequence[Node], match: re.Match[str], *, quoted: bool) -> str:
    index = int(match.group(1))
    if not 0 < index <= len(args):
        return ""
    arg = args[index - 1]
    if isinstance(arg, Str) and not quoted:
        return arg.text
    return arg.render()


def _relined(node: Node, line: int) -> Node:
    """A node re-read from pasted text, given the line of the atom it came from."""
    if isinstance(node, Form):
        return Form(tuple(_relined(n, line) for n in node.items), line)
    return type(node)(node.text, line)


def _plain(node: Node) -> str:
    return node.render() if isinstance(node, Form) else node.text


def preprocess(text: str, source: str = "", loader: Loader = load_include) -> Preprocessed:
    """Parse ``text``, gather its macros and includes, and expand every call."""
    expander = Expander(loader)
    top = expander.collect(parse_text(text, source), source)
    forms = expander.expand(top, source)
    return Preprocessed(forms, expander.macros, expander.includes, expander.version)
