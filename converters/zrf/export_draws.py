"""The draw by insufficient material, written as a goal of the exported file.

A goal counts pieces: ``total-piece-count`` those of both sides by type,
``pieces-remaining`` the player's own.  It cannot see where the other side's
pieces stand, and the rules of insufficient material ask where Bishops stand.
But a Bishop never leaves the colour of its square, so the file writes it as
two types by shade, ``Light-Bishop`` and ``Dark-Bishop``, each moving as the
Bishop: the setup names each Bishop by its square's colour, a promotion to a
Bishop makes the type of the square it lands on, and where a game moves a
Bishop otherwise than by its own move (a Mangonel's sling) the landing picks
the type again.  "Every Bishop on one colour" is then a count of the other
type, for both sides at once, and "each side's Bishops on its own colour" the
player's count of a type equal to the count of both sides (each count spelt
out, up to the most Bishops a side can have).

The games' own rules, as trebuchet decides them (python-chess's):

* FIDE's (chess, Chess960; ``Chess.insufficient_material``): no Pawn, Rook or
  Queen, and either no Bishop and at most one Knight, or no Knight and every
  Bishop on one colour.  Mangonel Chess adds that a Mangonel anywhere can mate,
  and with Kwaggas (MC-8) that King and Kwagga against King is dead too.
* AC-7 (antichess, giveaway): only Bishops on the board, each side's all on one
  colour and the two sides' on different colours (its two Knights' case never
  holds for both sides at once, so it never draws).
* AT-7 (atomic): one side has a bare King and the other nothing but one Knight,
  Bishop or Rook, or two Knights, or nothing; or only Bishops besides the
  Kings, each side's on one colour and the two sides' on different colours.
* ZH-4 (crazyhouse): at most one Knight or Bishop besides the Kings, on the
  board and in the hands together, none of them promoted; no Pawn, Rook or
  Queen anywhere.  A Bishop in hand may drop on either colour, so its Bishops
  stay one type; its hands are squares of the board, which the counts see.
"""

from __future__ import annotations

from trebuchet.converters.zrf.export_clock import FIVEFOLD
from trebuchet.converters.zrf.export_crazyhouse import PROMOTABLE, promoted_name
from trebuchet.converters.zrf.export_moves import atom
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.variant import Variant

#: the games whose insufficient material follows FIDE's rule (Mangonel Chess's
#: with its own kinds; S-chess's Hawk and Elephant count as a Queen, in hand too:
#: their hand squares are board positions)
FIDE_MATERIAL = frozenset({"chess", "chess960", "mangonel-chess", "seirawan", "seirawan960"})
#: the games whose rule asks where the Bishops stand: their Bishops are written
#: as a type per shade
SHADED = FIDE_MATERIAL | {"antichess", "giveaway", "atomic"}
#: the games whose file says the draw by insufficient material
MATERIAL_GAMES = SHADED | {"crazyhouse"}
#: the zone of the light squares (a1 is dark), where a Bishop is a ``Light-Bishop``
LIGHT = "light-squares"
#: the rule, where a game's file does not write it at all
MATERIAL = "the draw by insufficient material"
BISHOP, KNIGHT, KWAGGA, MANGONEL = "B", "N", "W", "M"
#: what a Mangonel's sling runs on the slung piece (``slung-bishop``) and in place
#: of its ``add`` (``land-slung``): a Bishop slung along a file or rank may land on
#: the other colour, and becomes that colour's type there
SLUNG_BISHOP_MACROS = f"""\
; A Bishop is a type per colour of its square (docs/zrf.md): one slung along a
; file or rank lands as the type of the square it lands on.
(define slung-bishop
  (if (or (piece? Light-Bishop) (piece? Dark-Bishop)) (set-flag bishop true))
)
(define land-slung
  (if (flag? bishop)
      (if (in-zone? {LIGHT}) (add Light-Bishop) else (add Dark-Bishop))
   else add)
)
"""


def shaded(variant: Variant) -> bool:
    """Whether the file of ``variant`` writes its Bishops as a type per shade."""
    return variant.name in SHADED and BISHOP in variant.types


def _light(variant: Variant, sq: int) -> bool:
    geo = variant.geometry
    return (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 1


def _shade_types(variant: Variant) -> tuple[str, str]:
    """The Bishop's two types: the light squares', the dark squares'."""
    bishop = atom(variant.types[BISHOP].name)
    return f"Light-{bishop}", f"Dark-{bishop}"


def type_names(variant: Variant, letter: str) -> tuple[str, ...]:
    """The types the file declares for the kind ``letter``: the Bishop's two in a
    shaded game, else the kind's own."""
    if letter == BISHOP and shaded(variant):
        return _shade_types(variant)
    return (atom(variant.types[letter].name),)


def setup_name(variant: Variant, sq: int, letter: str) -> str:
    """The type of a piece of the kind ``letter`` set up on ``sq``."""
    if letter == BISHOP and shaded(variant):
        light, dark = _shade_types(variant)
        return light if _light(variant, sq) else dark
    return atom(variant.types[letter].name)


def promotion_form(variant: Variant, choices: tuple[str, ...]) -> str:
    """The form that makes a promotion's choices where a Bishop among them is the
    type of the square promoted on ('' where ``(add choices)`` says it)."""
    if not shaded(variant):
        return ""
    bishop = atom(variant.types[BISHOP].name)
    if bishop not in choices:
        return ""
    light, dark = _shade_types(variant)

    def made(shade: str) -> str:
        return f"(add {' '.join(shade if c == bishop else c for c in choices)})"

    return f"(if (in-zone? {LIGHT}) {made(light)} else {made(dark)})"


def material_goal(variant: Variant, pawns_too: tuple[str, ...] = ()) -> str | None:
    """The draw condition of insufficient material, or None for a game whose file
    does not write it.  ``pawns_too``: names of types the file adds that are mating
    material wherever they stand, as a pawn is (the pawn about to make a forced
    double step, Mangonel Chess's Rooks holding a castling right)."""
    if variant.name in FIDE_MATERIAL:
        condition = _fide_material(variant, pawns_too)
    elif variant.name in ("antichess", "giveaway"):
        condition = _antichess_material(variant, pawns_too)
    elif variant.name == "atomic":
        condition = _atomic_material(variant, pawns_too)
    elif variant.name == "crazyhouse":
        condition = _crazyhouse_material(variant)
    else:
        return None
    return f"(draw-condition (White Black) {condition})"


def _count(n: int, names: list[str] | tuple[str, ...]) -> str:
    return f"(total-piece-count {n} {' '.join(names)})"


def _any(*parts: str) -> str:
    return parts[0] if len(parts) == 1 else f"(or {' '.join(parts)})"


def _all(*parts: str) -> str:
    return parts[0] if len(parts) == 1 else f"(and {' '.join(parts)})"


def _names(variant: Variant, letters: str) -> list[str]:
    """The types of the kinds ``letters`` the game has (a Bishop's two)."""
    return [n for letter in letters if letter in variant.types for n in type_names(variant, letter)]


def _others(variant: Variant, keep: str, pawns_too: tuple[str, ...]) -> list[str]:
    """The types of every kind but the royal ones and ``keep``, and ``pawns_too``."""
    letters = "".join(
        letter for letter, t in variant.types.items() if not t.royal and letter not in keep
    )
    return [*_names(variant, letters), *pawns_too]


def _fide_material(variant: Variant, pawns_too: tuple[str, ...]) -> str:
    """FIDE's rule (Mangonel Chess's too): nothing but Kings, Knights and Bishops,
    and either no Bishop and at most one Knight, or no Knight and no Bishop of one
    of the two types; with Kwaggas (which take the Knights' place), also King and
    Kwagga against King."""
    light, dark = _shade_types(variant)
    knights = _names(variant, KNIGHT)
    one_shade = _any(_count(0, [light]), _count(0, [dark]))
    cases = [_all(_count(0, knights), one_shade) if knights else one_shade]
    if knights:
        one_knight = _any(_count(0, knights), _count(1, knights))
        cases.insert(0, _all(_count(0, [light, dark]), one_knight))
    minor = _all(_count(0, _others(variant, KNIGHT + BISHOP, pawns_too)), _any(*cases))
    if KWAGGA not in variant.types:
        return minor
    kwagga = atom(variant.types[KWAGGA].name)
    alone = _all(_count(0, _others(variant, KWAGGA, pawns_too)), _count(1, [kwagga]))
    return _any(alone, minor)


def most_bishops(variant: Variant) -> int:
    """The most Bishops one side can have: those of the start, and a promotion per
    pawn (a file's worth)."""
    start = variant.start_position()
    return max(sum(1 for _, p in start.pieces(c) if p.kind == BISHOP) for c in (WHITE, BLACK)) + (
        variant.geometry.files
    )


def _owns_every(variant: Variant, name: str) -> str:
    """The player has one or more pieces of the type ``name`` and the other none:
    its count equals both sides' count, each count spelt out."""
    return _any(
        *(
            f"(and (pieces-remaining {n} {name}) {_count(n, [name])})"
            for n in range(1, most_bishops(variant) + 1)
        )
    )


def _bishops_apart(variant: Variant) -> str:
    """Each side has Bishops, all on one colour, the two sides' on different
    colours: the player's all of one type and every one of that type, the other
    type on the board."""
    light, dark = _shade_types(variant)
    return _any(
        *(
            _all(
                f"(pieces-remaining 0 {theirs})",
                _owns_every(variant, mine),
                f"(not {_count(0, [theirs])})",
            )
            for mine, theirs in ((light, dark), (dark, light))
        )
    )


def _antichess_material(variant: Variant, pawns_too: tuple[str, ...]) -> str:
    """AC-7: only Bishops on the board (the King too is a piece that counts), each
    side's on one colour, the two sides' apart."""
    return _all(_count(0, _others(variant, BISHOP, pawns_too)), _bishops_apart(variant))


def _atomic_material(variant: Variant, pawns_too: tuple[str, ...]) -> str:
    """AT-7, with both Kings on the board: only Bishops besides them, the two sides'
    apart; or no Pawn or Queen, and besides the Kings one Knight, Bishop or Rook,
    or nothing, or two Knights of one side."""
    knight = atom(variant.types[KNIGHT].name)
    pieces = _names(variant, "NBR")
    bishops_and_rook = _names(variant, "BR")
    two_knights = _all(
        _count(0, bishops_and_rook),
        _count(2, [knight]),
        _any(f"(pieces-remaining 0 {knight})", f"(pieces-remaining 2 {knight})"),
    )
    lone = _all(
        _count(0, [*_names(variant, "PQ"), *pawns_too]),
        _any(_count(0, pieces), _count(1, pieces), two_knights),
    )
    apart = _all(_count(0, _others(variant, BISHOP, pawns_too)), _bishops_apart(variant))
    # a side whose King is blown up has lost (AT-6), drawn or not: both Kings stand
    kings = _count(2, _names(variant, "".join(k for k, t in variant.types.items() if t.royal)))
    return _all(kings, _any(apart, lone))


def _crazyhouse_material(variant: Variant) -> str:
    """ZH-4: besides the Kings at most one Knight or Bishop, counted on the board and
    in the hands' squares, and no other piece, promoted pieces included."""
    minor = _names(variant, "NB")
    others = [*_others(variant, "NB", ()), *(promoted_name(k) for k in PROMOTABLE)]
    return _all(_count(0, others), _any(_count(0, minor), _count(1, minor)))


def shade_zones(variant: Variant) -> dict[str, dict[Player, frozenset[int]]]:
    """The zone of the light squares, for both players, where a promotion or a sling
    makes a ``Light-Bishop`` (empty for a game whose Bishops are one type)."""
    if not shaded(variant):
        return {}
    light = frozenset(sq for sq in range(variant.geometry.size) if _light(variant, sq))
    return {LIGHT: {WHITE: light, BLACK: light}}


__all__ = [
    "FIDE_MATERIAL",
    "FIVEFOLD",
    "MATERIAL",
    "MATERIAL_GAMES",
    "SHADED",
    "SLUNG_BISHOP_MACROS",
    "material_goal",
    "promotion_form",
    "setup_name",
    "shade_zones",
    "shaded",
    "type_names",
]
