"""The draw by insufficient material, written as a goal of the exported file.

FIDE's rule, as python-chess and trebuchet's chess apply it: neither side can
mate when no Pawn, Rook or Queen is left and either at most one Knight and no
Bishop is (bare Kings, King and Knight against King), or no Knight and every
Bishop stands on squares of one colour.  Mangonel Chess adds that a Mangonel
anywhere can mate, and with Kwaggas (MC-8) that King and Kwagga against King is
dead too (``MangonelChess.insufficient_material``).

The goals Zillions files use can say most of it: ``total-piece-count`` counts
the pieces of both sides by kind, ``pieces-remaining`` the player's own, and
``(absolute-config Bishop (light-squares))`` whether one of the player's own
Bishops stands on a light square.  What they cannot say is where the other
side's Bishops stand (the corpus has no ``opponent`` occupant), so the Bishops'
case is written where one side owns every Bishop: its own count equals the
count of both (each count spelt out, up to the most Bishops a side can have).
Bishops of both sides all on one colour stay a draw the file does not see, and
the writer names it as left out.
"""

from __future__ import annotations

from trebuchet.converters.zrf.export_moves import atom
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.variant import Variant

#: the games whose insufficient material follows FIDE's rule (Mangonel Chess's
#: with its own kinds; S-chess's Hawk and Elephant count as a Queen, in hand too:
#: their hand squares are board positions); the lichess games have none (King of the Hill, Horde) or
#: AC-7's, which needs both sides' Bishops' squares (antichess)
FIDE_MATERIAL = frozenset({"chess", "chess960", "mangonel-chess", "seirawan", "seirawan960"})
#: the light squares' zone and the dark squares' (a1 is dark)
LIGHT, DARK = "light-squares", "dark-squares"
#: the rule, where a game's file does not write it at all
MATERIAL = "the draw by insufficient material"
#: what the file leaves out of the rule, for the writer's list
BISHOPS_BOTH_SIDES = (
    "the draw by insufficient material where both sides have Bishops, all on squares "
    "of one colour (a goal sees where its own player's pieces stand, not the other's)"
)
KWAGGA = "W"
#: the draw the file cannot count: Zillions' ``repetition`` goal is the third
#: occurrence of a position, and a rules file keeps no history of its own
FIVEFOLD = (
    "the draw by fivefold repetition (Zillions' repetition goal is the third "
    "occurrence, and a file keeps no record of the positions before)"
)


def material_goal(variant: Variant, pawns_too: tuple[str, ...] = ()) -> str | None:
    """The draw condition of insufficient material, or None for a game without
    FIDE's rule.  ``pawns_too``: names of kinds the setup uses in a pawn's place
    (the pawn about to make a forced double step), counted as pawns."""
    if variant.name not in FIDE_MATERIAL:
        return None
    name = {letter: atom(t.name) for letter, t in variant.types.items()}
    others = [n for letter, n in name.items() if not variant.types[letter].royal]
    minor = [n for letter, n in name.items() if letter in "NB"]
    heavy = [n for n in others if n not in minor and n != name.get(KWAGGA)]
    kwaggas = [name[KWAGGA]] if KWAGGA in name else []
    fide = _fide(heavy + kwaggas + list(pawns_too), name, variant)
    if KWAGGA not in name:
        return f"(draw-condition (White Black) {fide})"
    alone = [n for n in others if n != name[KWAGGA]] + list(pawns_too)
    kwagga = f"(and (total-piece-count 0 {' '.join(alone)}) (total-piece-count 1 {name[KWAGGA]}))"
    return f"(draw-condition (White Black) (or {kwagga} {fide}))"


def _fide(none_of: list[str], name: dict[str, str], variant: Variant) -> str:
    """FIDE's rule given that no piece of ``none_of`` may stand anywhere."""
    knight, bishop = name.get("N"), name.get("B")
    parts = [f"(total-piece-count 0 {' '.join(none_of)})"]
    cases = []
    if knight is not None:
        no_bishop = f"(total-piece-count 0 {bishop})" if bishop else ""
        one = f"(or (total-piece-count 0 {knight}) (total-piece-count 1 {knight}))"
        cases.append(f"(and {no_bishop} {one})" if no_bishop else one)
    if bishop is not None:
        no_knight = f"(total-piece-count 0 {knight}) " if knight else ""
        shade = (
            f"(or (not (absolute-config {bishop} ({LIGHT}))) "
            f"(not (absolute-config {bishop} ({DARK}))))"
        )
        owns_all = " ".join(
            f"(and (pieces-remaining {n} {bishop}) (total-piece-count {n} {bishop}))"
            for n in range(1, most_bishops(variant) + 1)
        )
        cases.append(f"(and {no_knight}{shade} (or {owns_all}))")
    if knight is None and bishop is not None:
        cases.append(f"(total-piece-count 0 {bishop})")  # bare Kings
    if not cases:
        return parts[0]
    either = cases[0] if len(cases) == 1 else f"(or {' '.join(cases)})"
    return f"(and {parts[0]} {either})"


def most_bishops(variant: Variant) -> int:
    """The most Bishops one side can have: those of the start, and a promotion per
    pawn (a file's worth)."""
    start = variant.start_position()
    return max(sum(1 for _, p in start.pieces(c) if p.kind == "B") for c in (WHITE, BLACK)) + (
        variant.geometry.files
    )


def shade_zones(variant: Variant) -> dict[str, dict[Player, frozenset[int]]]:
    """The zones of the light and the dark squares, for both players (empty for a
    game without the rule)."""
    if variant.name not in FIDE_MATERIAL:
        return {}
    geo = variant.geometry
    dark = frozenset(sq for sq in range(geo.size) if (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 0)
    light = frozenset(range(geo.size)) - dark
    return {LIGHT: {WHITE: light, BLACK: light}, DARK: {WHITE: dark, BLACK: dark}}


__all__ = [
    "BISHOPS_BOTH_SIDES",
    "FIDE_MATERIAL",
    "FIVEFOLD",
    "MATERIAL",
    "material_goal",
    "shade_zones",
]
