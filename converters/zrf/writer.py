"""Write one of trebuchet's variants as a Zillions rules file that plays the same game.

What the file holds: the board as a grid (files ``a/b/…`` left to right, ranks
from the top down, so positions are named as ours are), a direction per step
the pieces take, Black's symmetry turning each half a turn (as the rules core
turns Black's vectors), the zones the moves test, the two players in the turn
order of the position written, the pieces with help texts and their moves
(:mod:`.export_moves`), the setup and the goals: a checkmated royal piece loses,
a player without a move is stalemated, a draw.

A position other than the start (``--fen``) is written as the setup: its
pieces, its hands, whose turn it is, and its castling rights as the zone
``castling-rook`` (see :mod:`.export_moves`).  What a rules file cannot carry
is listed in a comment at the top (:func:`limitations`), so the file never
claims more than it holds.
"""

from __future__ import annotations

from trebuchet.converters.zrf import export_clock as clock
from trebuchet.converters.zrf import export_en_passant as en_passant
from trebuchet.converters.zrf.export_board import CELL
from trebuchet.converters.zrf.export_draws import (
    FIVEFOLD,
    MATERIAL,
    MATERIAL_GAMES,
    material_goal,
    promotion_form,
    setup_name,
    shade_zones,
    type_names,
)
from trebuchet.converters.zrf.export_games import GAMES, PLAYERS
from trebuchet.converters.zrf.export_moves import (
    CAPTURING,
    EAST,
    KING_STEPS,
    MOVING,
    NEVER_MOVED,
    WEST,
    Castling,
    PieceRules,
    arrival,
    atom,
    castling_block,
    direction_name,
    expressed,
    piece_blocks,
    rooks_with_rights,
    starting_with,
    unexpressed,
    vectors_used,
)
from trebuchet.variants.betza import parse_betza
from trebuchet.variants.chess import Chess
from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.geometry import FILE_LETTERS, Vector
from trebuchet.variants.pieces import BLACK, WALL, WHITE, BetzaPiece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the images Zillions installs for the FIDE pieces (images\Chess\wpawn.bmp …)
_STOCK_IMAGES = frozenset({"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"})


def variant_to_zrf(variant: Variant, position: Position | None = None) -> str:
    """The ZRF text of ``variant`` from ``position`` (default: its start), with LF
    line ends (the CLI writes the file Latin-1 with CRLF, as Zillions wants)."""
    pos = position if position is not None else variant.start_position()
    lost = limitations(variant, pos)
    out = [f"; {variant.title} - written by trebuchet from its variant {variant.name!r}."]
    step = _replayed_step(variant, pos)
    if pos.fen() != variant.start_position().fen():
        out.append(f"; The setup is the position {pos.fen()}")
    if step is not None:
        geo = variant.geometry
        out.append(
            f"; written one ply before it: the double step {geo.name(step.origin)}-"
            f"{geo.name(step.victim)} that gives its en passant right is the first move, forced"
        )
    if lost:
        out.append("; Not expressed in this file:")
        out.extend(f";   - {item}" for item in lost)
    out += ["", '(version "2.0")', ""]
    own = GAMES.get(variant.name)
    if clock.clocked(variant):
        out.append(clock.macros())
    if own is not None and own.macros:
        out.append(own.macros)
    out.append("(game")
    out.append(f'  (title "{_text(variant.title)}")')
    neutral = f" {own.neutral}" if own is not None and own.neutral else ""
    if clock.clocked(variant):
        neutral += f" {clock.CLOCK}"
    out.append(f"  (players {' '.join(PLAYERS)}{neutral})")
    if step is not None:
        out.append(f"  {en_passant.turn_order(step, PLAYERS)}")
    else:
        out.append(f"  (turn-order {PLAYERS[pos.turn]} {PLAYERS[1 - pos.turn]})")
    if own is not None and own.captures_first:
        out.append(f"  (move-priorities {CAPTURING} {MOVING})")
    elif own is not None and own.move_priorities:
        out.append(f"  (move-priorities {' '.join(own.move_priorities)})")
    castlings = _castling_blocks(variant, pos)
    out.extend(_board(variant, pos, castles=bool(castlings)))
    out.extend(_setup(variant, pos, step))
    for ptype in variant.types.values():
        for name in type_names(variant, ptype.letter):
            out.extend(_piece(variant, ptype, castlings, name))
    if own is not None:
        out.extend(own.extra_pieces(variant, pos))
    if step is not None:
        pawn = variant.types[step.kind]
        images = (_image(pawn, "w"), _image(pawn, "b"))
        out.extend(en_passant.stepping_piece(variant, step, images))
    if clock.clocked(variant):
        out.extend(clock.pieces())
    out.extend(_goals(variant, step))
    out.append(")")
    return "\n".join(out) + "\n"


def _text(text: str) -> str:
    """A string body: Zillions strings cannot hold ``"``, so it becomes a back-quote."""
    return text.replace('"', "`")


def limitations(variant: Variant, position: Position | None = None) -> list[str]:
    """What of ``variant`` (from ``position``) this writer cannot say in ZRF, one line each."""
    pos = position if position is not None else variant.start_position()
    lost = [*_pieces_left_out(variant), *_rules_left_out(variant), *_setup_left_out(variant, pos)]
    own = GAMES.get(variant.name)
    if own is not None:
        lost.extend(own.left_out(variant, pos))
    lost.extend(_draw_rules(variant))
    return list(dict.fromkeys(lost))


def _pieces_left_out(variant: Variant) -> list[str]:
    """Pieces that are more than their Betza string (a class of their own), and Betza
    components no block here expresses; a game's own export may write the former."""
    own = GAMES.get(variant.name)
    lost = []
    for ptype in variant.types.values():
        if own is not None and ptype.letter in own.pieces:
            continue
        if type(ptype) is not BetzaPiece:
            lost.append(f"{ptype.name}: special piece, moves not expressed")
            continue
        for comp in parse_betza(ptype.betza):
            why = unexpressed(comp)
            if why:
                lost.append(f"{ptype.name}: {why} ({ptype.betza})")
    return lost


def _rules_left_out(variant: Variant) -> list[str]:
    """The game's rule hooks the writer has no form for (docs/adding-a-game.md)."""
    own = GAMES.get(variant.name)
    lost = []
    if variant.has_hands and not (own is not None and own.hands):
        lost.append("pieces in hand and drops")
    specials = variant.special_moves or variant.own_generation or variant.rewrites_moves
    if specials and variant.name not in GAMES:
        lost.append("the game's special moves")
    restricts = isinstance(variant, ChessFamily) and (
        type(variant).restrict is not ChessFamily.restrict
    )
    if restricts and own is not None and own.captures_first:
        restricts = False  # the move-priorities say it
    overrides = type(variant).filter_legal is not Variant.filter_legal or restricts
    if overrides and not (own is not None and own.legality_written):
        lost.append("the game's own rule over which moves are legal")
    endings_written = own is not None and bool(own.goals or own.option_goals or own.chess_endings)
    own_outcome = type(variant).outcome is not Variant.outcome and not _draw_rules_only(variant)
    if own_outcome and not endings_written:
        lost.append("the game's own endings")
    if type(variant).after_move is not Variant.after_move and own is None:
        lost.append("what the game keeps track of after each move")
    return lost


def _setup_left_out(variant: Variant, pos: Position) -> list[str]:
    """What of the position a setup cannot hold, and castling the file cannot write
    from it."""
    lost = []
    if pos.castling and not _castling_written(variant, pos):
        lost.append("castling by this game's own rule")
    if pos.ep and _replayed_step(variant, pos) is None:
        names = " ".join(variant.geometry.name(sq) for sq in pos.ep)
        lost.append(f"the en passant right on {names}: a setup cannot say what the last move was")
    own = GAMES.get(variant.name)
    if any(p is not None and p.cargo for p in pos.board) and (own is None or own.setup is None):
        lost.append("carried pieces (cargo): carriers are set up without their load")
    if any(p is WALL for p in pos.board) and (own is None or own.setup is None):
        lost.append("terrain: missing squares are kill-positions; they cannot reappear")
    return lost


def _replayed_step(variant: Variant, pos: Position) -> en_passant.LastStep | None:
    """The double step the file replays as its forced first move to give the en
    passant right of ``pos`` (:mod:`.export_en_passant`); None where there is no
    right, or the game sets up its own pieces."""
    own = GAMES.get(variant.name)
    if own is not None and own.setup is not None:
        return None
    return en_passant.last_step(variant, pos)


def _castling_written(variant: Variant, pos: Position) -> bool:
    """Whether the file can write the game's castling from ``pos``: the core's rule
    (the King two squares toward a Rook at least three away, the Rook to the square
    it crossed), the Chess960 rule of the lichess games where it comes to the same
    (the King on the e-file, its Rooks in the corners), or a rule of the game's own
    export (:mod:`.export_games`)."""
    own = GAMES.get(variant.name)
    if own is not None and (own.castling_steps is not None or own.castling_rule is not None):
        return True
    ways = _castling_ways(variant, pos)
    if pos.castling and not ways:
        return False  # rights for a King that is not royal (giveaway's): no block here
    if isinstance(variant, ChessFamily):
        corners = {(EAST, 3), (WEST, 4)}
        return (
            not variant.chess960
            and type(variant).add_castling is ChessFamily.add_castling
            and variant.geometry.files == 8
            and all((way.toward, way.distance) in corners for way in ways)
            and all(
                variant.geometry.file_of(k) == 4 for c in (WHITE, BLACK) for k in _kings(variant, c)
            )
        )
    return type(variant).add_castling is Variant.add_castling and all(
        way.distance >= 3 for way in ways
    )


def _kings(variant: Variant, color: Player) -> frozenset[int]:
    """Where ``color``'s castling pieces stand at the start (its royal King; a King
    that is not royal in giveaway)."""
    start = variant.start_position()
    return frozenset(sq for sq, p in start.pieces(color) if p.kind in variant.castlers)


def _draw_rules_only(variant: Variant) -> bool:
    """Whether the game's own ending adds only FIDE's draw rules (listed apart):
    chess's, or a lichess game that ends as chess does (Chess960: the family's
    outcome with no rule of the game's own and the 75-move rule kept)."""
    if type(variant).outcome is Chess.outcome:
        return True
    if not isinstance(variant, ChessFamily):
        return False
    family = type(variant)
    return (
        family.outcome is ChessFamily.outcome
        and family.variant_outcome is ChessFamily.variant_outcome
        and family.variant_end is ChessFamily.variant_end
        and variant.fifty_move_rule
    )


def _draw_rules(variant: Variant) -> list[str]:
    """The automatic draws of FIDE chess that no goal here says: fivefold
    repetition, and where a game's file keeps no clock or material goal
    (S-chess's, not written yet), those rules whole."""
    if not _draw_rules_only(variant):
        return []
    lost = [FIVEFOLD] if variant.name in MATERIAL_GAMES else [FIVEFOLD, MATERIAL]
    return lost if clock.clocked(variant) else [*lost, clock.SEVENTY_FIVE]


def _vectors(variant: Variant) -> list[Vector]:
    """Every direction the file needs: the unit steps, the pieces' steps, all negated."""
    found: list[Vector] = list(KING_STEPS)
    own = GAMES.get(variant.name)
    extra = own.vectors if own is not None else ()
    for v in [*extra, *(v for ptype in variant.types.values() for v in vectors_used(ptype))]:
        found.extend((v, (-v[0], -v[1])))
    return list(dict.fromkeys(found))


def _board(variant: Variant, pos: Position, *, castles: bool) -> list[str]:
    """The board: the grid with every direction the pieces need (``castles``: the
    King's ``east`` and ``west`` too), the game's own lines, the clock, the zones."""
    geo = variant.geometry
    files = "/".join(FILE_LETTERS[: geo.files])
    ranks = "/".join(str(r) for r in range(geo.ranks, 0, -1))
    vecs = _vectors(variant)
    dirs = " ".join(f"({direction_name(v)} {v[0]} {-v[1]})" for v in vecs)
    if castles:
        dirs += f" ({EAST} 1 0) ({WEST} -1 0)"
    sym = " ".join(f"({direction_name(v)} {direction_name((-v[0], -v[1]))})" for v in vecs)
    out = [
        "  (board",
        f'    (image "{_board_image(variant)}")',
        "    (grid",
        f"      (start-rectangle 0 0 {CELL} {CELL})",
        f'      (dimensions ("{files}" ({CELL} 0)) ("{ranks}" (0 {CELL})))',
        f"      (directions {dirs})",
        "    )",
        f"    (symmetry Black {sym})",
    ]
    own = GAMES.get(variant.name)
    if own is not None:
        out.extend(own.board_lines(variant, pos))
    if clock.clocked(variant):
        out.extend(clock.board_lines(variant))
    # a game that sets up its own pieces keeps its terrain as pieces too
    terrain = own is not None and own.setup is not None
    killed = [geo.name(sq) for sq, p in enumerate(pos.board) if p is WALL and not terrain]
    if killed:
        out.append(f"    (kill-positions {' '.join(killed)})")
    for name, squares in _zones(variant, pos):
        for player in (WHITE, BLACK):
            if squares.get(player):
                names = " ".join(geo.name(sq) for sq in sorted(squares[player]))
                out.append(
                    f"    (zone (name {name}) (players {PLAYERS[player]}) (positions {names}))"
                )
    out.append("  )")
    return out


def _board_image(variant: Variant) -> str:
    """The board's picture: Zillions' own 8 x 8 chessboard, else one named by size."""
    if (variant.files, variant.ranks) == (8, 8):
        return "images\\Chess\\SHaag\\Chess8x8.bmp"
    return f"images\\trebuchet\\board{variant.files}x{variant.ranks}.bmp"


def _zones(variant: Variant, pos: Position) -> list[tuple[str, dict[Player, frozenset[int]]]]:
    """Each zone the moves test, per player: promotion, initial moves, castling."""
    zones = []
    promo = variant.promotion
    if promo is not None:
        zones.append(("promotion-zone", _relative(variant, promo.ranks)))
        if promo.ranks != promo.mandatory_ranks:
            zones.append(("promotion-forced", _relative(variant, promo.mandatory_ranks)))
    for ptype in variant.types.values():
        zone = _initial_zone(variant, ptype)
        if zone is not None:
            zones.append((zone, variant.initial_squares(ptype.letter)))
    own = GAMES.get(variant.name)
    if own is not None:
        zones.extend(own.zones(variant).items())
    zones.extend(shade_zones(variant).items())
    if own is not None and own.castling_rule is not None:
        zones.extend(own.castling_rule.zones(variant, pos).items())
    elif _castlings(variant, pos):
        kings = {c: _kings(variant, c) for c in (WHITE, BLACK)}
        rooks = {c: frozenset(_castling_rooks(variant, pos, c)) for c in (WHITE, BLACK)}
        zones += [("castling-king", kings), ("castling-rook", rooks)]
    return zones


def _relative(variant: Variant, ranks: tuple[int, ...]) -> dict[Player, frozenset[int]]:
    """Squares of ``ranks`` counted from each player's side (0: its first rank)."""
    geo = variant.geometry
    return {
        WHITE: geo.squares_of_ranks(ranks),
        BLACK: geo.squares_of_ranks(geo.ranks - 1 - r for r in ranks),
    }


def _initial_zone(variant: Variant, ptype: PieceType) -> str | None:
    """The zone a kind's initial moves start from: the squares of the ranks where it
    stands at the start (none when it has no initial move or no such square)."""
    if not any(c.initial for c in expressed(ptype)):
        return None
    if not any(variant.initial_squares(ptype.letter).values()):
        return None
    return f"initial-{atom(ptype.name)}"


def _setup(variant: Variant, pos: Position, step: en_passant.LastStep | None) -> list[str]:
    """The pieces of ``pos``; where a double step is replayed first, of the position
    before it, the pawn on its origin as the kind that makes it."""
    geo = variant.geometry
    out = ["  (board-setup"]
    own = GAMES.get(variant.name)
    if own is not None and own.setup is not None:
        return [*out, *(f"    {entry}" for entry in own.setup(variant, pos)), "  )"]
    written = pos
    if step is not None:
        pos = en_passant.before(pos, step)
    for color in (WHITE, BLACK):
        squares: dict[str, list[str]] = {}
        own_names = own.setup_names(variant, pos, color) if own is not None else {}
        for sq, piece in pos.pieces(color):
            name = own_names.get(sq) or setup_name(variant, sq, piece.kind)
            if step is not None and sq == step.origin:
                name = en_passant.stepping_name(variant, step)
            squares.setdefault(name, []).append(geo.name(sq))
        entries = [f"({name} {' '.join(sqs)})" for name, sqs in squares.items()]
        if own is not None:
            entries += own.more_setup(variant, written).get(color, [])
        kept = own is not None and own.hands  # the game's own squares hold its hands
        for kind, count in sorted(pos.hand(color).items()):
            if count and not kept:
                entries.append(f"({atom(variant.types[kind].name)} off {count})")
        out.append(f"    ({PLAYERS[color]} {' '.join(entries)})")
    counted = clock.setup(pos.halfmove) if clock.clocked(variant) else ""
    if counted:
        out.append(f"    {counted}")
    out.append("  )")
    return out


def _castling_ways(variant: Variant, pos: Position) -> list[Castling]:
    """The castlings the rights of ``pos`` allow, seen from each King's square."""
    geo = variant.geometry
    own = GAMES.get(variant.name)
    ways: list[Castling] = []
    for color in (WHITE, BLACK):
        for king in sorted(_kings(variant, color)):
            for rook, rook_kinds in _castling_rooks(variant, pos, color).items():
                if geo.rank_of(rook) != geo.rank_of(king):
                    continue
                toward = EAST if geo.file_of(rook) > geo.file_of(king) else WEST
                distance = abs(geo.file_of(rook) - geo.file_of(king))
                steps = (2,) if own is None or own.castling_steps is None else own.castling_steps(
                    distance
                )
                checks = not isinstance(variant, ChessFamily) or variant.castling_checks
                ways.extend(Castling(toward, distance, rook_kinds, k, checks) for k in steps)
    return list(dict.fromkeys(ways))


def _castling_rooks(variant: Variant, pos: Position, color: Player) -> dict[int, tuple[str, ...]]:
    """The squares ``color`` castles with from ``pos``, each with the types of the
    Rook that may castle from it: the Rooks with rights, of the castling kinds, or
    where a game's Rooks hold their rights by type, the game's own answer."""
    own = GAMES.get(variant.name)
    if own is not None and own.castling_rooks is not None:
        return own.castling_rooks(variant, pos, color)
    kinds = tuple(atom(variant.types[k].name) for k in sorted(variant.castling_rook_kinds))
    return {sq: kinds for sq in rooks_with_rights(variant, pos, color)}


def _castling_blocks(variant: Variant, pos: Position) -> list[str]:
    """The King's castling blocks: the game's own rule's (Chess960's), else one per
    way of :func:`_castlings` and its game's twins (S-chess's, gating a piece in),
    each counting one on the halfmove clock where the file keeps it."""
    own = GAMES.get(variant.name)
    if own is not None and own.castling_rule is not None:
        return own.castling_rule.blocks(variant, pos)
    counts = clock.UP if clock.clocked(variant) else ""
    twins = own.castling_twins if own is not None else lambda way, last: []
    return [
        block
        for way in _castlings(variant, pos)
        for block in (castling_block(way, counts), *twins(way, counts))
    ]


def _castlings(variant: Variant, pos: Position) -> list[Castling]:
    """The castlings the file writes: none for a game that castles otherwise."""
    if not variant.castling_rook_kinds or not _castling_written(variant, pos):
        return []
    return _castling_ways(variant, pos)


def _piece(variant: Variant, ptype: PieceType, castlings: list[str], name: str) -> list[str]:
    """The piece form of a kind, as the type ``name`` (a Bishop's is one of two:
    :func:`.export_draws.type_names`)."""
    how = f"moves as {ptype.betza} in Betza notation" if ptype.betza else "a special piece"
    royal = " Royal: the game is lost when it is checkmated." if ptype.royal else ""
    rules = _piece_rules(variant, ptype, bool(castlings))
    out = [
        "  (piece",
        f"    (name {name})",
        f'    (help "{_text(name)}: {how}.{royal}")',
        f'    (notation "{ptype.letter}")',
        f'    (image White "{_image(ptype, "w")}" Black "{_image(ptype, "b")}")',
    ]
    if rules.castles:
        out.append(f"    (attribute {NEVER_MOVED} true)")
    own = GAMES.get(variant.name)
    typed = own is not None and own.captures_first
    if own is not None and ptype.letter in own.pieces:
        blocks = [(MOVING, b) for b in own.pieces[ptype.letter](variant, arrival(rules))]
    else:
        blocks = piece_blocks(ptype, rules, _initial_zone(variant, ptype), typed=typed)
    if ptype.letter in variant.castlers:
        blocks += [(MOVING, block) for block in castlings]
    if own is not None and own.block_start:
        blocks = [(kind, starting_with(b, own.block_start)) for kind, b in blocks]
    if blocks:
        out.append("    (moves")
        for kind in (CAPTURING, MOVING):
            kept = [b for k, b in blocks if k == kind]
            if typed and kept:
                out.append(f"      (move-type {kind})")
            out.extend(f"      {b}" for b in kept)
        out.append("    )")
    out.append("  )")
    return out


def _image(ptype: PieceType, colour: str) -> str:
    """A piece's picture: Zillions' own for the FIDE pieces, else one named by letter."""
    if ptype.name in _STOCK_IMAGES:
        return f"images\\Chess\\{colour}{ptype.name.lower()}.bmp"
    return f"images\\trebuchet\\{colour}{ptype.letter}.bmp"


def _piece_rules(variant: Variant, ptype: PieceType, castling: bool) -> PieceRules:
    """What the core adds to a kind's own moves: promotion, en passant, castling,
    and what each move does to the halfmove clock (:mod:`.export_clock`; not where
    the game's own export says the move ends the game anyway)."""
    promo = variant.promotion
    promotes = promo is not None and ptype.letter in promo.kinds
    choices = tuple(atom(variant.types[k].name) for k in promo.choices) if promo is not None else ()
    own = GAMES.get(variant.name)
    unmoved = own is not None and ptype.letter in own.unmoved_kinds
    tick = clock.arrival_tick(variant, ptype.letter)
    if tick and own is not None and ptype.letter in own.clock_skip:
        tick = f"(if (not {own.clock_skip[ptype.letter]}) {tick})"
    return PieceRules(
        promotes_to=choices if promotes else (),
        promotion_form=promotion_form(variant, choices) if promotes else "",
        optional_promotion=promo is not None and promo.ranks != promo.mandatory_ranks,
        ep_victims=tuple(atom(variant.types[k].name) for k in sorted(variant.ep_kinds)),
        ep_guard=own.ep_guard if own is not None else "",
        capture_ending=own.capture_ending if own is not None else "",
        castles=unmoved
        or (
            castling
            and (ptype.letter in variant.castlers or ptype.letter in variant.castling_rook_kinds)
        ),
        before_promotion=own.before_promotion if own is not None else "",
        clock=" ".join(f for f in (tick, own.every_move if own is not None else "") if f),
    )


def _goals(variant: Variant, step: en_passant.LastStep | None = None) -> list[str]:
    """The game's own goals first, then: checkmate of a royal kind loses; a player
    with no move otherwise draws; so does insufficient material by the game's rule
    (:mod:`.export_draws`; the pawn about to make a forced double step counts as
    a pawn), and the halfmove clock's 150."""
    own = GAMES.get(variant.name)
    royal = [atom(t.name) for t in variant.types.values() if t.royal]
    royal += own.royal if own is not None else ()
    out = [f"  {goal}" for goal in own.goals] if own is not None else []
    if own is not None:
        for option, goals in own.option_goals.items():
            out += [f"  {goal}" for goal in goals if option in variant.options]
    if royal:
        out.append(f"  (loss-condition ({' '.join(PLAYERS)}) (checkmated {' '.join(royal)}))")
    if not any("stalemated" in goal for goal in out):
        out.append(f"  (draw-condition ({' '.join(PLAYERS)}) stalemated)")
    stepping = (en_passant.stepping_name(variant, step),) if step is not None else ()
    added = own.material_types if own is not None else ()
    material = material_goal(variant, (*stepping, *added))
    if material is not None:
        out.append(f"  {material}")
    if clock.clocked(variant):
        out.append(f"  {clock.goal(PLAYERS)}")
    return out


__all__ = ["atom", "direction_name", "limitations", "variant_to_zrf"]
