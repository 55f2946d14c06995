"""Write one of trebuchet's variants as a Zillions rules file.

What the file holds: the board as a grid (files ``a/b/…`` left to right, ranks
from the top down, so positions are named as ours are), a direction per move
vector with Black's symmetry turning each round, the promotion zones, the two
players, the pieces with help texts and every move that ZRF macros express
directly (Betza leaps and rides, move-only and capture-only), the setup and
the conditions.  Whatever cannot be expressed yet (special pieces, initial
moves, en passant, castling, carried pieces, terrain) is listed in a comment at
the top, so the file never claims more than it holds.  The file parses back
(:func:`trebuchet.converters.zrf.model.parse_zrf`) to the same board, piece names and setup.
"""

from __future__ import annotations

from collections.abc import Iterable

from trebuchet.variants.betza import LEAP, Component, parse_betza
from trebuchet.variants.geometry import FILE_LETTERS, Vector
from trebuchet.variants.pieces import WALL, PieceType
from trebuchet.variants.variant import Variant

CELL = 50
_MACROS = """\
(define slide ($1 (while empty? add $1) (verify not-friend?) add))
(define slide-move ($1 (while empty? add $1)))
(define slide-capture ($1 (while empty? $1) (verify enemy?) add))
(define leap ($1 (verify not-friend?) add))
(define leap-move ($1 (verify empty?) add))
(define leap-capture ($1 (verify enemy?) add))
"""


def atom(name: str) -> str:
    """A name as a ZRF atom: spaces become hyphens (the ZSG writer does the same)."""
    return "-".join(name.split())


def direction_name(vector: Vector) -> str:
    """A direction atom for a (files right, ranks up) vector: ``n``, ``ne``, ``j1_2``."""
    named = {
        (0, 1): "n",
        (0, -1): "s",
        (1, 0): "e",
        (-1, 0): "w",
        (1, 1): "ne",
        (-1, 1): "nw",
        (1, -1): "se",
        (-1, -1): "sw",
    }
    return named.get(vector) or f"j{vector[0]}_{vector[1]}"


def variant_to_zrf(variant: Variant) -> str:
    """The ZRF text of ``variant`` (LF line endings; the CLI writes CRLF files)."""
    lost = limitations(variant)
    vectors = _vectors(variant)
    out = [f"; {variant.title} - written by trebuchet from its variant {variant.name!r}."]
    if lost:
        out.append("; Not expressed in this file yet:")
        out.extend(f";   - {item}" for item in lost)
    out += ["", '(version "2.0")', "", _MACROS]
    out.append("(game")
    out.append(f'  (title "{_text(variant.title)}")')
    out.append("  (players White Black)")
    out.append("  (turn-order White Black)")
    out.extend(_board(variant, vectors))
    out.extend(_setup(variant))
    for ptype in variant.types.values():
        out.extend(_piece(variant, ptype))
    royal = [atom(t.name) for t in variant.types.values() if t.royal]
    for name in royal:
        out.append(f"  (loss-condition (White Black) (checkmated {name}))")
    out.append("  (draw-condition (White Black) stalemated)")
    out.append(")")
    return "\n".join(out) + "\n"


def _text(text: str) -> str:
    """A string body: Zillions strings cannot hold ``"``, so it becomes a back-quote."""
    return text.replace('"', "`")


def limitations(variant: Variant) -> list[str]:
    """What of ``variant`` this writer cannot say in ZRF, one line each."""
    lost = []
    for ptype in variant.types.values():
        if not ptype.betza:
            lost.append(f"{ptype.name}: special piece, moves not expressed")
            continue
        for comp in parse_betza(ptype.betza):
            why = _unexpressed(comp) or ("en passant captures" if comp.en_passant else "")
            if why:
                lost.append(f"{ptype.name}: {why} ({ptype.betza})")
    if variant.castling_rook_kinds:
        lost.append("castling")
    if variant.ep_kinds:
        lost.append("en passant")
    start = variant.start_position()
    if any(p is not None and p.cargo for p in start.board):
        lost.append("carried pieces (cargo): carriers are set up without their load")
    if any(p is WALL for p in start.board):
        lost.append("terrain: missing squares are kill-positions; they cannot reappear")
    if variant.has_hands:
        lost.append("pieces in hand and drops")
    if variant.promotion and variant.promotion.ranks != variant.promotion.mandatory_ranks:
        lost.append("optional promotion outside the last rank(s) is written as a choice")
    lost.append("game-end rules other than checkmate and stalemate (draw) are not written")
    return list(dict.fromkeys(lost))


def _unexpressed(comp: Component) -> str:
    """Why a Betza component has no ZRF macro here ('' when it has one)."""
    if comp.initial:
        return "initial moves"
    if comp.style != LEAP:
        return f"{comp.style} moves"
    return ""


def _expressed(ptype: PieceType) -> list[Component]:
    if not ptype.betza:
        return []
    return [c for c in parse_betza(ptype.betza) if not _unexpressed(c)]


def _vectors(variant: Variant) -> list[Vector]:
    """Every direction the file needs: the eight unit steps, the pieces' leaps, all negated."""
    found: list[Vector] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
    for ptype in variant.types.values():
        for comp in _expressed(ptype):
            for v in comp.vectors:
                found.extend((v, (-v[0], -v[1])))
    return list(dict.fromkeys(found))


def _board(variant: Variant, vectors: Iterable[Vector]) -> list[str]:
    geo = variant.geometry
    files = "/".join(FILE_LETTERS[: geo.files])
    ranks = "/".join(str(r) for r in range(geo.ranks, 0, -1))
    vecs = list(vectors)
    dirs = " ".join(f"({direction_name(v)} {v[0]} {-v[1]})" for v in vecs)
    sym = " ".join(f"({direction_name(v)} {direction_name((-v[0], -v[1]))})" for v in vecs)
    out = [
        "  (board",
        "    (grid",
        f"      (start-rectangle 0 0 {CELL} {CELL})",
        f'      (dimensions ("{files}" ({CELL} 0)) ("{ranks}" (0 {CELL})))',
        f"      (directions {dirs})",
        "    )",
        f"    (symmetry Black {sym})",
    ]
    start = variant.start_position()
    killed = [geo.name(sq) for sq, p in enumerate(start.board) if p is WALL]
    if killed:
        out.append(f"    (kill-positions {' '.join(killed)})")
    if variant.promotion:
        for color, player in ((True, "White"), (False, "Black")):
            zone_ranks = [r if color else geo.ranks - 1 - r for r in variant.promotion.ranks]
            names = " ".join(geo.name(sq) for sq in sorted(geo.squares_of_ranks(zone_ranks)))
            out.append(f"    (zone (name promotion-zone) (players {player}) (positions {names}))")
    out.append("  )")
    return out


def _setup(variant: Variant) -> list[str]:
    start = variant.start_position()
    geo = variant.geometry
    out = ["  (board-setup"]
    for color, player in ((True, "White"), (False, "Black")):
        squares: dict[str, list[str]] = {}
        for sq, piece in start.pieces(color):
            squares.setdefault(atom(variant.types[piece.kind].name), []).append(geo.name(sq))
        entries = [f"({name} {' '.join(sqs)})" for name, sqs in squares.items()]
        for kind, count in sorted(start.hand(color).items()):
            if count:
                entries.append(f"({atom(variant.types[kind].name)} off {count})")
        out.append(f"    ({player} {' '.join(entries)})")
    out.append("  )")
    return out


def _piece(variant: Variant, ptype: PieceType) -> list[str]:
    name = atom(ptype.name)
    how = f"moves as {ptype.betza} in Betza notation" if ptype.betza else "a special piece"
    royal = " Royal: the game is lost when it is checkmated." if ptype.royal else ""
    out = [
        "  (piece",
        f"    (name {name})",
        f'    (help "{_text(ptype.name)}: {how}.{royal}")',
        f'    (notation "{ptype.letter}")',
        f'    (image White "images/trebuchet/w{ptype.letter}.bmp" '
        f'Black "images/trebuchet/b{ptype.letter}.bmp")',
    ]
    blocks = _move_blocks(variant, ptype)
    if blocks:
        out.append("    (moves")
        out.extend(f"      {b}" for b in blocks)
        out.append("    )")
    out.append("  )")
    return out


def _move_blocks(variant: Variant, ptype: PieceType) -> list[str]:
    """One ZRF move block per (component, vector), promotions added in the zone."""
    promo = variant.promotion
    promotes = promo is not None and ptype.letter in promo.kinds
    blocks = []
    for comp in _expressed(ptype):
        suffix = "" if comp.move and comp.capture else "-move" if comp.move else "-capture"
        for v in comp.vectors:
            d = direction_name(v)
            if comp.range == 1:
                block = f"(leap{suffix} {d})"
            elif comp.range == 0:
                block = f"(slide{suffix} {d})"
            else:
                block = _limited(d, comp.range, suffix)
            blocks.append(_promoting(variant, block) if promotes else block)
    return blocks


def _limited(direction: str, reach: int, suffix: str) -> str:
    """A rider limited to ``reach`` steps: one block per distance, path verified empty."""
    parts = []
    for distance in range(1, reach + 1):
        path = " ".join([direction, "(verify empty?)"] * (distance - 1))
        last = {"": "not-friend?", "-move": "empty?", "-capture": "enemy?"}[suffix]
        parts.append(f"({path} {direction} (verify {last}) add)".replace("( ", "("))
    return " ".join(parts)


def _promoting(variant: Variant, block: str) -> str:
    """Rewrite ``add`` so that a move into the promotion zone offers the choices."""
    assert variant.promotion is not None
    choices = " ".join(atom(variant.types[k].name) for k in variant.promotion.choices)
    if block.startswith("(leap") or block.startswith("(slide"):
        head, _, rest = block[1:-1].partition(" ")
        verify = {
            "leap": "(verify not-friend?)",
            "leap-move": "(verify empty?)",
            "leap-capture": "(verify enemy?)",
        }.get(head)
        if verify is None:
            return block
        block = f"({rest} {verify} add)"
    return block.replace(" add)", f" (if (in-zone? promotion-zone) (add {choices}) else add))")
