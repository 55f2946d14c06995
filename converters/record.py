"""GameRecord: one game, independent of the file format it came from.

Every reader (PGN, Game Courier, JSON, plain move lists, Zillions saved games)
produces GameRecords and every writer consumes them, so a conversion is *read,
replay, write*.  A record holds what the source said (tags, move texts with
their comments, NAGs and variations, and where each text stood in the file)
and, once :func:`trebuchet.converters.replay.replay` has run, the legal
:class:`Move` behind every text.  Writers use the replayed moves, never the
source texts, so the output is always in the target format's own notation.
The formats themselves are listed in :mod:`trebuchet.converters.formats`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

from trebuchet.converters.errors import RecordError as RecordError  # re-exported
from trebuchet.converters.errors import ReplayError as ReplayError  # re-exported
from trebuchet.converters.errors import where as where  # re-exported
from trebuchet.converters.load import find_rules_file, load_variant
from trebuchet.variants.errors import TrebuchetError, UnknownVariantError
from trebuchet.variants.errors import shown as shown  # re-exported: every reader quotes with it
from trebuchet.variants.game import Game
from trebuchet.variants.move import Move
from trebuchet.variants.notation import Notation
from trebuchet.variants.registry import BUNDLED, get_variant, variant_class, variant_names

NotationFactory = Callable[[Game], Notation]
"""How a format's move texts are read: given the variant, the notation to use."""


class PassedOver(RecordError):
    """A slip a reader passed over because its meaning is plain, as python-chess does
    without a word: a ``)`` with no ``(``, a ``(`` before any move, an annotation
    before any move.  Kept on the record (``errors``) so it is told; replay turns
    it into a warning instead of refusing the game."""


class UnsupportedVariantError(RecordError):
    """A game of a variant trebuchet does not play (the file itself is readable)."""


class LineComment(str):
    """A comment that ran to the end of its line (PGN's ``;`` comment).

    A str, so every writer can take it as a comment; the PGN writer writes it back
    with ``;`` and JSON as ``{"line": text}``, so a file's ``;`` comments stay
    ``;`` comments.  python-chess drops them (docs/pgn.md).

    >>> LineComment(" e5") == " e5", isinstance(LineComment("x"), LineComment)
    (True, True)
    """

    __slots__ = ()


#: Variations nest at most this deep in any record read, replayed or written.  Real
#: games nest far less (the deepest of the shared PGN data and the examples: 4);
#: the bound keeps every reader, replay and writer that walks variations (by
#: recursion, like json itself) far from Python's recursion limit.
MAX_VARIATION_DEPTH = 100


def too_deep(source: str = "", line: int = 0, column: int = 0) -> RecordError:
    """The error for variations nested deeper than :data:`MAX_VARIATION_DEPTH`."""
    return RecordError(
        f"variations nested more than {MAX_VARIATION_DEPTH} deep",
        source=source,
        line=line,
        column=column,
    )


#: NAGs are numbers from 0 to 255 (PGN standard, 8.2.4: "a value from 0 to 255").
MAX_NAG = 255

#: A tag name every writer can write: PGN's tag-name characters (PGN standard, 8.1.1).
TAG_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_+#=:\-]*")
#: What no tag value may hold: line breaks and other control characters (C0, DEL,
#: C1, the Unicode line and paragraph separators).  Each writer keeps a tag on one
#: line (a PGN tag pair, a ``// Key: value`` header), so such a value would break
#: the record, or forge a tag of its own.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def writable_tags(record: GameRecord) -> dict[str, str]:
    """The record's tags, checked for every writer alike: RecordError names the first
    whose name is not PGN's or whose value holds a line break or control character.

    Refused rather than escaped: PGN has no escape for a line break, and a file
    that one of trebuchet's formats could not carry over to the others would be
    a trap, so no writer writes one (JSON neither, though it could).
    """
    for name, value in record.tags.items():
        if not TAG_NAME.fullmatch(name):
            raise RecordError(
                f"tag name {shown(name)} cannot be written: a name is letters, digits "
                "and _+#=:-",
                source=record.source, line=record.line,
            )
        bad = _CONTROL.search(value)
        if bad is not None:
            raise RecordError(
                f"tag {name} cannot be written: its value {shown(value)} holds "
                f"{'a line break' if bad.group() in LINE_BREAKS else 'a control character'}",
                source=record.source, line=record.line,
            )
    return record.tags


LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def one_line(text: str) -> str:
    """``text`` for a line of a report: control characters escaped (``\\n``)."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


#: The tag that names the variant options a game was played under (rulings marked
#: option, as ``--option`` names them), separated by spaces or commas.
OPTIONS_TAG = "Options"

#: The Seven Tag Roster, in the order PGN writes it.
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass(init=False)
class MoveNode:
    """One move text of a record, with what the source attached to it.

    ``before`` holds comments written before the move (the start of a game or
    of a variation), ``comments`` those after it; ``variations`` are
    alternatives to this move, each a list of nodes played from the position
    before it.  ``move`` is filled in by replay.
    """

    text: str
    line: int
    column: int
    nags: list[int]
    before: list[str]
    comments: list[str]
    variations: list[list[MoveNode]]
    move: Move | None

    def __init__(
        self,
        text: str,
        line: int = 0,
        column: int = 0,
        nags: list[int] | None = None,
        before: list[str] | None = None,
        comments: list[str] | None = None,
        variations: list[list[MoveNode]] | None = None,
        move: Move | None = None,
    ) -> None:
        # written out rather than the dataclass's default factories: a reader makes
        # one node per move text, and this takes a third of the time (docs/speed.md)
        self.text = text
        self.line = line
        self.column = column
        self.nags = [] if nags is None else nags
        self.before = [] if before is None else before
        self.comments = [] if comments is None else comments
        self.variations = [] if variations is None else variations
        self.move = move


@dataclass
class GameRecord:
    """A game: tags, the main line of move nodes, the result, where it came from."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[MoveNode] = field(default_factory=list)
    #: the game's own comments (python-chess's ``Game.comment``): those before the
    #: first move of the main line, and all of a game that has no moves
    comments: list[str] = field(default_factory=list)
    #: the termination marker of the movetext (PGN), "" when the source had none
    result: str = ""
    source: str = ""
    line: int = 0
    #: options to play the game under besides those of its Options tag (``--option``)
    options: tuple[str, ...] = ()
    #: the variant of a game whose record names none (``--variant``: a FICS archive
    #: of crazyhouse games has no Variant tag); "" is FIDE chess.  A tag wins.
    default_variant: str = ""
    #: how the move texts are read (set by the reader of a format whose texts are
    #: not in the game's own notation: coordinates, Game Courier action lists);
    #: None means the game's own notation first, then coordinates
    reading: NotationFactory | None = None
    #: the game itself, when it is none of the registry's: a Zillions game read
    #: from the rules file a saved game names
    game: Game | None = None
    warnings: list[str] = field(default_factory=list)
    #: what the reader could not read and went on past (python-chess's ``Game.errors``):
    #: replay refuses a record with errors, raising the first that is not
    #: :class:`PassedOver` (those become warnings)
    errors: list[RecordError] = field(default_factory=list)

    @property
    def final_comments(self) -> list[str]:
        """The game's comments under the name the Game Courier and FEN-list readers
        use; the same list as :attr:`comments`."""
        return self.comments

    @final_comments.setter
    def final_comments(self, value: list[str]) -> None:
        self.comments = value

    @property
    def fen(self) -> str | None:
        """The start position's FEN, or None for the variant's own start."""
        value = self.tags.get("FEN", "").strip()
        return value or None

    @property
    def variant_options(self) -> tuple[str, ...]:
        """The options the game is played under: :attr:`options` (the command line's
        ``--option``), then those its ``Options`` tag names (``"bare-king kwaggas"``)."""
        named = self.tags.get(OPTIONS_TAG, "").replace(",", " ").split()
        return tuple(dict.fromkeys((*self.options, *named)))

    @property
    def result_text(self) -> str:
        """The result a writer should give: the tag, else the marker, else ``*``."""
        tag = self.tags.get("Result", "").strip()
        if tag in RESULTS:
            return tag
        return self.result if self.result in RESULTS else "*"

    def variant(self) -> Game:
        """The record's game, else the variant the ``Variant`` tag names (when
        absent, :attr:`default_variant`, else FIDE chess)."""
        if self.game is not None:
            if self.variant_options:
                raise RecordError(
                    "options apply to trebuchet's own variants; a Zillions game's are set "
                    "in its rules file",
                    source=self.source,
                    line=self.line,
                )
            return self.game
        if self.tags.get("RulesFile", "").strip():
            self.game = self._rules_game(self.tags["RulesFile"].strip())
            return self.game
        tag = self.tags.get("Variant", "").strip() or self.default_variant
        name = resolve_variant_name(tag)
        if name is None:
            raise UnsupportedVariantError(
                f"unsupported variant {shown(tag)} "
                f"(trebuchet knows: {', '.join(variant_names())})",
                source=self.source,
                line=self.line,
            )
        try:
            return get_variant(name, self.variant_options)
        except TrebuchetError as exc:
            raise RecordError(str(exc), source=self.source, line=self.line) from None

    def _rules_game(self, rules: str) -> Game:
        """The game a ``RulesFile`` tag names (written with a Zillions game, so that
        its PGN or JSON reads back): the rules file beside the record's file, the
        game its ``Variant`` tag titles."""
        found = find_rules_file(self.source, rules) if self.source else None
        if found is None:
            raise RecordError(
                f"rules file {shown(rules)} not found beside the game",
                source=self.source,
                line=self.line,
            )
        try:
            return load_variant(str(found), game=self.tags.get("Variant") or None)
        except TrebuchetError as exc:
            raise RecordError(str(exc), source=self.source, line=self.line) from None

    def mainline(self) -> Iterator[MoveNode]:
        yield from self.moves

    def plies(self) -> int:
        return len(self.moves)


def _squash(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


#: Other names of FIDE chess in the Variant tags of real files (lichess, pychess, XBoard).
_CHESS_ALIASES = (
    "",
    "chess",
    "standard",
    "normal",
    "classical",
    "fide",
    "fidechess",
    "orthodox",
    "international",
    "westernchess",
    "fromposition",
)


def resolve_variant_name(tag: str) -> str | None:
    """Our name of the variant a ``Variant`` tag value names, or None if we have none.

    Spelling is forgiving: case, spaces, hyphens and underscores are ignored,
    and a game's title works as well as its name ("Catapults of Troy"), as do
    the other names a game declares (``aliases``: "Fischerandom", "3check",
    "Giveaway", as lichess, pychess and python-chess write them).
    """
    key = _squash(tag)
    if key in _CHESS_ALIASES:
        return "chess"
    for name in BUNDLED:  # by name first: no game's module, no plugin scan, is needed
        if key == _squash(name):
            return name
    for name in variant_names():
        cls = variant_class(name)
        if key in (_squash(cls.title), *(_squash(a) for a in cls.aliases)):
            return name
    return None


def variant_tag(variant: Game) -> str | None:
    """The ``Variant`` tag a writer should give a game of ``variant`` (None for chess)."""
    return None if variant.name == "chess" else variant.title or variant.name


def header_variant(record: GameRecord, variant: Game) -> str:
    """The variant a header-style format writes: the record's own tag, else our name."""
    return record.tags.get("Variant") or variant.name


def drop_implicit_variant(record: GameRecord) -> None:
    """A ``chess`` variant header is what writers give games that had no Variant tag
    (PGN's default); reading it back as no tag keeps round trips exact."""
    if record.tags.get("Variant") == "chess":
        del record.tags["Variant"]


def check_variant_name(name: str) -> str:
    """Our name for ``name`` or UnknownVariantError, for command-line options."""
    resolved = resolve_variant_name(name)
    if resolved is None:
        raise UnknownVariantError(
            f"unknown variant {shown(name)} (known: {', '.join(variant_names())})"
        )
    return resolved


# -- formats ----------------------------------------------------------------

Progress = Callable[[int], None]
"""Told how many more bytes of the input have been read (for a progress bar)."""
Reader = Callable[[str, "Progress | None"], Iterator["GameRecord | RecordError"]]
"""``reader(path, progress)`` yields the file's GameRecords (a RecordError for each
game it cannot parse), telling ``progress`` about the bytes it reads."""
Sniffer = Callable[[str], bool]
"""``sniff(head)`` tells from the first kilobyte of a file whether it is in the format."""
GameText = Callable[[GameRecord], str]
"""``game_text(record)`` is one replayed record's text in the format."""


@dataclass(frozen=True)
class Frame:
    """How a format strings the texts of its games together into one file.

    Writing a file is the frame around each game's text, so that games written
    apart (by worker processes, ``convert --jobs``) join into the very file that
    writing them in one go gives.
    """

    head: str = ""
    between: str = ""
    tail: str = ""
    #: the number of games a file of the format holds (0: any number)
    exactly: int = 0
    #: the name a message gives a file of the format (``a .zsg file``)
    kind: str = ""

    def write(self, texts: Iterable[str], out: IO[str]) -> None:
        """Write ``texts``, framed; RecordError, before a word is written, when the
        format holds another number of games."""
        if self.exactly:
            texts = self._counted(texts)
        out.write(self.head)
        for count, text in enumerate(texts):
            if count:
                out.write(self.between)
            out.write(text)
        out.write(self.tail)

    def _counted(self, texts: Iterable[str]) -> list[str]:
        """The texts of a format that holds :attr:`exactly` games (all are read to say
        how many there are when there are more)."""
        kept: list[str] = []
        count = 0
        for count, text in enumerate(texts, start=1):
            if count <= self.exactly:
                kept.append(text)
        if count != self.exactly:
            held = "one game" if self.exactly == 1 else f"{self.exactly} games"
            raise RecordError(f"a {self.kind} file holds {held}, and there are {count}")
        return kept


@dataclass(frozen=True)
class Format:
    """A game-file format: its name, file extensions, and the functions that do it.

    A format that can only be written (FEN lines) has no reader; one that cannot
    be recognised from its content has no sniffer.  Writing is said once, as one
    game's text and the frame around the texts: a whole file written here and one
    joined from games written apart (``convert --jobs``) cannot differ.
    """

    name: str
    extensions: tuple[str, ...]
    reader: Reader | None
    sniff: Sniffer | None = None
    #: one game's text, and the frame around them (a file written game by game)
    game_text: GameText | None = None
    frame: Callable[[], Frame] | None = None

    def write(self, records: Iterable[GameRecord], out: IO[str]) -> None:
        """Write ``records`` in this format; RecordError if it cannot be written."""
        if self.game_text is None:
            raise RecordError(f"format {self.name!r} cannot be written")
        self.write_texts(map(self.game_text, records), out)

    def write_texts(self, texts: Iterable[str], out: IO[str]) -> None:
        """Write games already turned into text by :attr:`game_text`, one file."""
        if self.frame is None:
            raise RecordError(f"format {self.name!r} cannot be written")
        self.frame().write(texts, out)
