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

Expansion is bounded in every way a hostile file could push it (each limit
below names the real maximum it was chosen against, measured on the 96 rules
files of the corpus):

* macro calls and forms nest at most :data:`MAX_EXPANSION_DEPTH` deep, so a
  macro that calls itself fails with the name and line of the call;
* the expanded forms, *as a tree*, hold at most :data:`MAX_NODES` nodes and
  :data:`MAX_CHARS` characters of text.  Expansion shares subtrees (an argument
  pasted twice is one object), so a file of a few lines can stand for a tree of
  2**40 nodes; sizes are counted with the sharing undone, before anyone renders
  or walks the result;
* the work done — items listed, nodes made, characters of text pasted — is at
  most :data:`MAX_WORK` (text doubled ``$1$1`` across 32 macros was 1.9 GB);
* includes are confined to the folder of the rules file and its subfolders,
  nest at most :data:`MAX_INCLUDE_DEPTH` deep, number at most
  :data:`MAX_INCLUDES`, and bring at most :data:`MAX_TOTAL_BYTES` bytes
  together with the file itself, each size checked before the file is read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Protocol

from trebuchet.converters.inputs import read_bytes
from trebuchet.converters.zrf.lexer import MAX_TOKENS, check_size, decode
from trebuchet.converters.zrf.parser import parse_counted
from trebuchet.variants.errors import shown
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.tree import Atom, Form, Node, Str, clipped

#: Real files nest macro calls and forms less than 80 deep together.
MAX_EXPANSION_DEPTH = 300
#: The expanded tree of the largest real file, Focus.zrf, has 2,853,882 nodes and
#: 13,283,934 characters of text (parentheses and spaces counted).
MAX_NODES = 8_000_000
MAX_CHARS = 40_000_000
#: Work of an expansion (items listed, nodes made, characters pasted): Focus.zrf
#: does the most, 139,356.
MAX_WORK = 1_000_000
#: Includes may include; real files go one level deep and include one file
#: (Sokoban's levels include sokoban.inc).
MAX_INCLUDE_DEPTH = 8
MAX_INCLUDES = 16
#: A rules file and its includes together; the largest real file is 118,989 bytes.
MAX_TOTAL_BYTES = 2_000_000

_PARAM = re.compile(r"\$(\d+)")
_SPECIAL = re.compile(r'[\s();"]')

class Loader(Protocol):
    """Reads an included file: ``(name, including source, line, folder it must be in,
    bytes it may have)`` -> ``(text, source name of the included file)``."""

    def __call__(
        self, name: str, including: str, line: int, *, root: Path, limit: int
    ) -> tuple[str, str]: ...


@dataclass(frozen=True)
class Macro:
    """One ``(define name body…)``: its body forms and where it was defined."""

    name: str
    body: tuple[Node, ...]
    source: str
    line: int

    @cached_property
    def arity(self) -> int:
        """The largest N of a ``$N`` in the body (0: it takes no arguments)."""
        return max((_index(m) for m in _PARAM.finditer(_body_text(self.body))), default=0)


def _body_text(nodes: Sequence[Node]) -> str:
    """The leaf texts of ``nodes`` (where ``$N`` can occur), bounded like a render."""
    parts: list[str] = []
    stack: list[Node] = list(reversed(nodes))
    size = 0
    while stack and size <= MAX_CHARS:
        node = stack.pop()
        if isinstance(node, Form):
            stack.extend(reversed(node.items))
        else:
            parts.append(node.text)
            size += len(node.text) + 1
    return " ".join(parts)


@dataclass
class Preprocessed:
    """A file after preprocessing: its top-level forms, expanded, and its macros."""

    forms: list[Node]
    macros: dict[str, Macro] = field(default_factory=dict)
    includes: list[str] = field(default_factory=list)
    version: str = ""
    #: sizes of the expanded trees, shared subtrees counted each time they appear
    weights: Weights = field(default_factory=lambda: Weights())


def load_include(
    name: str, including: str, line: int, *, root: Path, limit: int = MAX_TOTAL_BYTES
) -> tuple[str, str]:
    """Read an included file next to the including one, matching names case-insensitively.

    Zillions ran on Windows, so ``(include "Common.zrf")`` finds ``common.zrf`` and
    ``"sub\\x.zrf"`` means ``sub/x.zrf``.  The file must lie in ``root`` (the folder
    of the rules file) or below it, links followed: an absolute name, ``..`` out of
    it or a link pointing out is refused, never read.  A file larger than ``limit``
    is refused before it is read.
    """
    wanted = PureWindowsPath(name) if "\\" in name or ":" in name else PurePosixPath(name)
    if wanted.is_absolute() or wanted.anchor or PurePosixPath(name).is_absolute():
        raise _outside(name, root, including, line)
    base = Path(including).parent if including else Path.cwd()
    try:
        target = _found_include(name, base.joinpath(*wanted.parts), root, including, line)
    except (OSError, ValueError) as exc:  # a NUL in the name, a name longer than NAME_MAX
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ZrfError(
            f"included file {shown(name)} cannot be looked for: {reason}", including, line
        ) from None
    data = read_bytes(target, limit, lambda reason: ZrfError(
        f"included file {shown(name)}: {reason} (with the rules file and earlier includes, at "
        f"most {MAX_TOTAL_BYTES} bytes)", including, line))
    return decode(data), str(target)


def _found_include(name: str, target: Path, root: Path, including: str, line: int) -> Path:
    """The file ``target`` names, its last part matched case-insensitively, inside ``root``."""
    folder = target.parent
    if not target.is_file() and folder.is_dir() and _inside(folder, root):
        lowered = target.name.lower()
        target = next((p for p in folder.iterdir() if p.name.lower() == lowered), target)
    if not _inside(target, root):
        raise _outside(name, root, including, line)
    if not target.is_file():
        raise ZrfError(f"included file {shown(name)} not found in {folder}", including, line)
    return target


def _inside(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root)


def _outside(name: str, root: Path, including: str, line: int) -> ZrfError:
    return ZrfError(
        f"include {shown(name)} is outside {root}: includes are read only from the "
        "folder of the rules file and its subfolders",
        including,
        line,
    )


def root_of(source: str) -> Path:
    """The folder whose files ``source`` may include: its own (the working folder for
    text without a file)."""
    return (Path(source).parent if source else Path.cwd()).resolve()


class Weights:
    """Sizes of expanded trees as the reader sees them: every shared subtree counted
    each time it appears.  Kept per node object (sharing makes the tree a DAG, and
    each object is weighed once), saturating just past the limits."""

    def __init__(self) -> None:
        #: id(form) -> (form, nodes, characters); the form keeps its id unique
        self._known: dict[int, tuple[Form, int, int]] = {}

    def of(self, nodes: Sequence[Node]) -> tuple[int, int]:
        """(nodes, characters) of a list of nodes, written one after the other."""
        count = chars = 0
        for node in nodes:
            if isinstance(node, Form):
                _, n, c = self._form(node)
            else:
                n, c = 1, len(node.text) + (2 if type(node) is Str else 0)
            count, chars = count + n, chars + c + 1
        return min(count, MAX_NODES + 1), min(chars, MAX_CHARS + 1)

    def nodes(self, node: Node) -> int:
        """How many nodes ``node`` stands for, as a tree."""
        return self.of([node])[0]

    def _form(self, node: Form) -> tuple[Form, int, int]:
        known = self._known
        entry = known.get(id(node))
        if entry is not None:
            return entry
        stack = [node]
        while stack:
            form = stack[-1]
            if id(form) in known:
                stack.pop()
                continue
            pending = [f for f in form.items if isinstance(f, Form) and id(f) not in known]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            count, chars = 1, 1 + len(form.items)  # the parentheses and the spaces
            for item in form.items:
                if isinstance(item, Form):
                    _, n, c = known[id(item)]
                    count, chars = count + n, chars + c
                else:
                    count += 1
                    chars += len(item.text) + (2 if type(item) is Str else 0)
            known[id(form)] = (form, min(count, MAX_NODES + 1), min(chars, MAX_CHARS + 1))
        return known[id(node)]


class Expander:
    """Collects definitions, resolves includes, and expands macro calls."""

    def __init__(self, loader: Loader = load_include, root: Path | None = None) -> None:
        self.loader = loader
        self.root = root or Path.cwd().resolve()
        self.macros: dict[str, Macro] = {}
        self.includes: list[str] = []
        self.version = ""
        #: bytes and tokens read so far (the rules file and its includes)
        self.bytes_read = 0
        self.tokens_read = 0
        self._work = 0
        self.weights = self._weights = Weights()
        #: the outermost macro being expanded, which an error names
        self._calling: str | None = None
        #: the arguments of the macro calls being expanded, innermost last
        self._enclosing: list[Sequence[Node]] = []
        #: id(form) -> (form, its expansion); the form is kept so its id stays unique
        self._done: dict[int, tuple[Form, list[Node]]] = {}
        #: the outermost level of ``_enclosing`` whose arguments a call that
        #: inherits them has read since the form being expanded began: a form
        #: whose expansion read its own context's arguments is not cached by
        #: identity (a macro body without ``$N`` is one shared node for all calls)
        self._read_level = _NO_READ
        #: call key -> (call form, its expansion): equal calls expand once
        self._calls: dict[tuple[object, ...], tuple[Form, list[Node]]] = {}
        #: id(form) -> (form, whether it holds a $N parameter)
        self._params: dict[int, tuple[Form, bool]] = {}

    # -- pass 1: definitions and includes -----------------------------------
    def parse(self, text: str, source: str) -> list[Node]:
        """The nodes of one file's text, counted against the bytes and tokens allowed."""
        check_size(len(text), source)
        self.bytes_read += len(text)
        if self.bytes_read > MAX_TOTAL_BYTES:
            raise ZrfError(
                f"the rules file and its includes are more than {MAX_TOTAL_BYTES} bytes", source
            )
        nodes, count = parse_counted(
            text, source, MAX_TOKENS - self.tokens_read, self.tokens_read
        )
        self.tokens_read += count
        return nodes

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
        if len(self.includes) >= MAX_INCLUDES:
            raise ZrfError(f"more than {MAX_INCLUDES} includes", source, node.line)
        if not node.args or isinstance(node.args[0], Form):
            raise ZrfError('include needs a file name: (include "file.zrf")', source, node.line)
        limit = MAX_TOTAL_BYTES - self.bytes_read
        text, included = self.loader(
            _plain(node.args[0]), source, node.line, root=self.root, limit=limit
        )
        self.includes.append(included)
        return self.collect(self.parse(text, included), included, depth + 1)

    # -- pass 2: expansion --------------------------------------------------
    def expand(self, nodes: Sequence[Node], source: str) -> list[Node]:
        """Every macro call in ``nodes`` replaced by its substituted, expanded body."""
        self._work = 0
        self._read_level = _NO_READ
        self._done.clear()
        self._calls.clear()
        out = self._expand_items(nodes, 0, source)
        self._check_size(out, "the expanded file", source, nodes[0].line if nodes else 0)
        return out

    def _check_size(self, nodes: Sequence[Node], what: str, source: str, line: int) -> None:
        """ZrfError when ``nodes`` as a tree pass :data:`MAX_NODES` or :data:`MAX_CHARS`."""
        count, chars = self._weights.of(nodes)
        if count > MAX_NODES:
            raise ZrfError(f"{what} has more than {MAX_NODES} nodes", source, line)
        if chars > MAX_CHARS:
            raise ZrfError(f"{what} has more than {MAX_CHARS} characters of text", source, line)

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
            if self._inherits(node):
                expanded = self._expand_form(node, depth, source)
                self._spend(len(expanded), source, node.line)
                out.extend(expanded)
                continue
            done = self._done.get(id(node))
            if done is None:
                outer, self._read_level = self._read_level, _NO_READ
                done = (node, self._expand_form(node, depth, source))
                if self._read_level >= len(self._enclosing):
                    self._done[id(node)] = done
                self._read_level = min(outer, self._read_level)
            self._spend(len(done[1]), source, node.line)
            out.extend(done[1])
        return out

    def _spend(self, work: int, source: str, line: int) -> None:
        """Count ``work`` (items listed, nodes made, characters pasted) against
        :data:`MAX_WORK`; a cached result spliced again counts again."""
        self._work += work
        if self._work > MAX_WORK:
            raise ZrfError(
                f"macro expansion does more than {MAX_WORK} steps (a macro that expands forever?)",
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
        inherits = self._inherits(node)
        key = _call_key(node)
        known = None if inherits else self._calls.get(key)
        if known is not None:
            return known[1]
        args = list(node.args)
        if self._enclosing and len(args) < macro.arity:
            # whether the call inherits depends on its caller's arguments, so the
            # form around it is its caller's own, inheriting or not
            self._read_level = min(self._read_level, len(self._enclosing) - 1)
        if inherits:
            args += self._enclosing[-1][len(args) : macro.arity]
        outermost = self._calling is None
        if outermost:
            self._calling = macro.name
        self._enclosing.append(args)
        try:
            body = self._substitute(macro.body, args, source)
            result = self._expand_items(body, depth + 1, source)
            self._spend(len(result), source, node.line)  # weighing it goes over it
            self._check_size(result, "the expansion", source, node.line)
        except ZrfError as exc:
            if not outermost:
                raise
            # named at the outermost call: the line a user wrote, the macro they called
            raise ZrfError(f"in macro {macro.name!r}: {exc.reason}", source, node.line) from None
        finally:
            self._enclosing.pop()
            if outermost:
                self._calling = None
        if not inherits:
            self._calls[key] = (node, result)
        return result

    def _inherits(self, node: Form) -> bool:
        """Whether ``node`` calls a macro with fewer arguments than its body uses,
        inside another macro's expansion: the missing ones are the caller's.

        Zillions pastes a macro's body, calls and all, before it replaces ``$N``,
        so a ``$N`` the inner call does not supply is the outer call's argument
        (Ragnarok.zrf's ``(common-order-body)`` reads the five of
        ``loki-order``).  Such an expansion depends on its caller and is never
        shared.
        """
        macro = self.macros.get(node.head)
        return (
            macro is not None
            and bool(self._enclosing)
            and len(node.args) < macro.arity
            and len(self._enclosing[-1]) > len(node.args)
        )

    def _substitute(self, body: Sequence[Node], args: Sequence[Node], source: str) -> list[Node]:
        """``body`` with ``$N`` replaced by the N-th of ``args``, textually.

        Sub-forms without any ``$`` are returned as they are (shared, not copied).
        Every node made and every character pasted is work.
        """
        out: list[Node] = []
        for node in body:
            if isinstance(node, Form):
                if self._has_param(node):
                    self._spend(1, source, node.line)
                    out.append(Form(tuple(self._substitute(node.items, args, source)), node.line))
                else:
                    out.append(node)
            elif "$" not in node.text:
                out.append(node)
            elif isinstance(node, Str):
                text = self._paste(node, args, source, quoted=False)
                out.append(Str(text, node.line) if text != node.text else node)
            else:
                out.extend(self._substitute_atom(node, args, source))
        return out

    def _substitute_atom(self, atom: Atom, args: Sequence[Node], source: str) -> list[Node]:
        """An atom after substitution: the argument itself for a bare ``$N``, else re-read
        text."""
        whole = _PARAM.fullmatch(atom.text)
        if whole:
            index = _index(whole)
            return [args[index - 1]] if 0 < index <= len(args) else []
        text = self._paste(atom, args, source, quoted=True)
        if not _SPECIAL.search(text):
            return [Atom(text, atom.line)] if text else []
        nodes, count = parse_counted(text, source)
        self._spend(count, source, atom.line)
        return [_relined(n, atom.line) for n in nodes]

    def _paste(self, leaf: Atom | Str, args: Sequence[Node], source: str, *, quoted: bool) -> str:
        """``leaf``'s text with each ``$N`` replaced by the text of the N-th argument;
        the length is counted, and checked, before the text is made."""
        pieces: list[str] = []
        last = 0
        for match in _PARAM.finditer(leaf.text):
            pieces.append(leaf.text[last : match.start()])
            last = match.end()
            index = _index(match)
            if not 0 < index <= len(args):
                continue
            arg = args[index - 1]
            if isinstance(arg, Form):
                room = MAX_WORK - self._work
                if self._weights.of([arg])[1] > room:
                    self._spend(room + 1, source, leaf.line)
                text = arg.render(room)
            else:
                text = arg.text if isinstance(arg, Str) and not quoted else arg.render()
            self._spend(len(text), source, leaf.line)
            pieces.append(text)
        pieces.append(leaf.text[last:])
        return "".join(pieces)

    def _has_param(self, form: Form) -> bool:
        """Whether ``$N`` occurs anywhere in ``form`` (cached per macro-body node)."""
        known = self._params.get(id(form))
        if known is None:
            found = any(
                self._has_param(n) if isinstance(n, Form) else "$" in n.text for n in form.items
            )
            known = self._params[id(form)] = (form, found)
        return known[1]


#: no level of ``_enclosing`` read (above any depth the expansion reaches)
_NO_READ = 1 << 30


def _index(match: re.Match[str]) -> int:
    """The N of ``$N``; 0 (no argument) for more digits than any macro has arguments."""
    digits = match.group(1)
    return int(digits) if len(digits) <= 4 else 0


def _call_key(call: Form) -> tuple[object, ...]:
    """What makes two macro calls expand alike: the name and the arguments.

    Leaf arguments count by text (``(merge-w w)`` is written many times in
    Focus.zrf); form arguments by identity, which is cheap and still exact.
    """
    args = ((type(a), a.text) if not isinstance(a, Form) else id(a) for a in call.args)
    return (call.head, *args)


def _relined(node: Node, line: int) -> Node:
    """A node re-read from pasted text, given the line of the atom it came from."""
    if isinstance(node, Form):
        return Form(tuple(_relined(n, line) for n in node.items), line)
    return type(node)(node.text, line)


def _plain(node: Node) -> str:
    return clipped(node, 200) if isinstance(node, Form) else node.text


def preprocess(text: str, source: str = "", loader: Loader = load_include) -> Preprocessed:
    """Parse ``text``, gather its macros and includes, and expand every call."""
    expander = Expander(loader, root_of(source))
    top = expander.collect(expander.parse(text, source), source)
    forms = expander.expand(top, source)
    return Preprocessed(
        forms, expander.macros, expander.includes, expander.version, expander.weights
    )
