"""Mangonel Chess with Kwaggas, the option ``kwaggas`` (docs/rules/mangonel-chess.md, MC-8).

The Kwagga (Winther's Bodyguard Chess) leaps (3,1) any way, moving or
capturing, and may repeat that leap onward while each landing square before
the last is empty; only the first leap captures (Betza ``CmCC``).  Expected
moves come from that sentence: written out by hand for single squares, and
for whole boards from :func:`kwagga_targets`, a reference written from the
ruling alone, never from the engine's Betza tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from tests.helpers import legal_from, play, position
from trebuchet.analysis.board import find_piece
from trebuchet.analysis.mobility import crowded, empty_board
from trebuchet.cli import main
from trebuchet.variants.mangonel_chess import with_kwaggas
from trebuchet.variants.move import Move
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

V = "mangonel-chess"
KW = ("kwaggas",)
FILES, RANKS = 10, 8
START = "rmwbqkbwmr/pppppppppp/10/10/10/10/PPPPPPPPPP/RMWBQKBWMR w KQkq - 0 1"
LEAPS = ((1, 3), (-1, 3), (1, -3), (-1, -3), (3, 1), (-3, 1), (3, -1), (-3, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))
LINES = {"B": DIAGONAL, "R": STRAIGHT, "Q": DIAGONAL + STRAIGHT, "K": DIAGONAL + STRAIGHT}

Square = tuple[int, int]
Board = dict[Square, tuple[Player, str]]
"""(file, rank), both from 0, -> (owner, kind letter): the reference's own board."""


def kwagga_targets(board: Board, at: Square, color: Player) -> set[Square]:
    """MC-8 from its words: per (3,1) direction, the first landing square if it is
    empty or an enemy; then, while the square landed on is empty, the next one
    along, if it is empty (a later leap never captures)."""
    found = set()
    for dx, dy in LEAPS:
        f, r = at[0] + dx, at[1] + dy
        first = True
        while 0 <= f < FILES and 0 <= r < RANKS:
            there = board.get((f, r))
            if there is not None:
                if first and there[0] != color:
                    found.add((f, r))
                break
            found.add((f, r))
            first = False
            f, r = f + dx, r + dy
    return found


def _board(pos: Position) -> Board:
    geo = pos.variant.geometry
    return {
        (geo.file_of(sq), geo.rank_of(sq)): (p.color, p.kind)
        for sq, p in pos.pieces()
        if p.color is not None
    }


def _name(sq: Square) -> str:
    return "abcdefghij"[sq[0]] + str(sq[1] + 1)


# -- the option ----------------------------------------------------------------------


def test_mc8_kwaggas_replace_the_knights_in_the_setup() -> None:
    """MC-8: rank 1 reads R M W B Q K B W M R; no Knight is left in the game."""
    variant = get_variant(V, KW)
    assert variant.start_position().fen() == START
    assert with_kwaggas(get_variant(V).start_fen) == START
    assert "W" in variant.types and "N" not in variant.types
    assert variant.types["W"].name == "Kwagga" and variant.types["W"].betza == "CmCC"
    assert "N" in get_variant(V).types  # without the option, Knights as before (MC-1)


def test_mc8_trebuchet_variants_lists_the_option() -> None:
    result = CliRunner().invoke(main, ["variants"])
    line = next(x for x in result.stdout.splitlines() if x.startswith(V))
    assert "kwaggas" in line and "sling-must-land" in line


# -- the Kwagga's moves ------------------------------------------------------------


def test_mc8_repeated_leap_on_an_empty_board() -> None:
    """MC-8: a Kwagga on a1 of the empty 10 x 8 board: (1,3) to b4 and on to c7
    (d10 is off the board); (3,1) to d2, on to g3 and j4.  Every other direction
    leaves the board at once.  On e4, no second leap fits: f7, d7, f1, d1, h5,
    b5, h3, b3."""
    pos = position(V, "9k/10/10/10/10/10/10/W8K w - - 0 1", KW)
    assert legal_from(pos, "a1") == {"a1b4", "a1c7", "a1d2", "a1g3", "a1j4"}
    pos = position(V, "9k/10/10/10/4W5/10/10/9K w - - 0 1", KW)
    expected = {f"e4{t}" for t in ("f7", "d7", "f1", "d1", "h5", "b5", "h3", "b3")}
    assert legal_from(pos, "e4") == expected


def test_mc8_capture_on_the_first_leap_only() -> None:
    """MC-8: Kwagga b2.  (1,3): c5 holds a black Bishop: taken, and d8 beyond is
    out of reach.  (3,1): e3 empty, then h4 holds a black Rook: not takeable on
    the second leap, so the Kwagga stops at e3.  (-1,3): a5 holds a white pawn:
    blocked.  (3,-1): e1 empty.  Moves: c5 (capture), e3, e1."""
    pos = position(V, "9k/10/10/P1b7/7r2/10/1W8/9K w - - 0 1", KW)
    assert legal_from(pos, "b2") == {"b2c5", "b2e3", "b2e1"}
    captures = {pos.move_text(m) for m in pos.legal_moves() if m.is_capture()}
    assert "b2c5" in captures and "b2h4" not in captures


def test_mc8_a_repeated_leap_stops_at_the_first_occupied_landing() -> None:
    """MC-8: Kwagga a1, a white pawn on g3: (3,1) reaches d2 only; (1,3) reaches
    b4 and c7 as on the empty board."""
    pos = position(V, "9k/10/10/10/10/6P3/10/W8K w - - 0 1", KW)
    assert legal_from(pos, "a1") == {"a1b4", "a1c7", "a1d2"}


def _boards(seed: int) -> Iterator[Position]:
    """The empty board, then crowded ones: each square filled with chance 0.3, by a
    pawn of either colour (no pawn on a first or last rank), Kings kept apart."""
    variant = get_variant(V, KW)
    yield variant.position("k9/10/10/10/10/10/10/9K w - - 0 1")
    rng = random.Random(seed)
    for _ in range(6):
        pos = variant.position("k9/10/10/10/10/10/10/9K w - - 0 1")
        for sq in range(FILES, FILES * (RANKS - 1)):
            if rng.random() < 0.3:
                pos.board[sq] = variant.piece("P", rng.choice((WHITE, BLACK)))
        yield pos


@pytest.mark.parametrize("seed", [1, 2])
def test_mc8_betza_cmcc_gives_exactly_the_ruled_moves(seed: int) -> None:
    """MC-8: the Betza reader's ``CmCC`` (a C leap, then a non-capturing C rider)
    generates, from every square of an empty board and of crowded ones, exactly
    the squares :func:`kwagga_targets` finds, for either colour."""
    for pos in _boards(seed):
        ref = _board(pos)
        for sq in range(FILES * RANKS):
            if pos.board[sq] is not None:
                continue
            at = (sq % FILES, sq // FILES)
            for color in (WHITE, BLACK):
                kwagga = pos.variant.piece("W", color)
                pos.board[sq] = kwagga
                assert kwagga.type is not None
                out: list[Move] = []
                kwagga.type.generate(pos, sq, kwagga, out)
                pos.board[sq] = None
                got = {pos.variant.geometry.names[m.to] for m in out}
                assert got == {_name(t) for t in kwagga_targets(ref, at, color)}, (pos.fen(), at)


def test_mc8_promotion_to_kwagga() -> None:
    """MC-8 with MC-5: a pawn on e7 promotes to Q, R, B, W (Kwagga) or M, not N;
    the new Kwagga on e8 then leaps (1,-3) to f5 and d5."""
    pos = position(V, "k9/4P5/10/10/10/10/10/9K w - - 0 1", KW)
    assert legal_from(pos, "e7") == {"e7e8q", "e7e8r", "e7e8b", "e7e8w", "e7e8m"}
    play(pos, "e7e8w", "a8a7")
    assert pos.fen().split()[0] == "4W5/k9/10/10/10/10/10/9K"
    assert {"e8f5", "e8d5", "e8b7", "e8h7"} <= legal_from(pos, "e8")


def test_mc8_san_writes_and_reads_the_letter_w() -> None:
    pos = position(V, None, KW)
    move = pos.parse_move("c1d4")
    assert pos.notation(move) == "Wd4"
    assert pos.parse_move("Wd4") == move


def test_mc8_king_and_kwagga_cannot_mate_a_bare_king() -> None:
    """MC-8: a Kwagga guards only its first-leap squares, so with its King it cannot
    cover a lone King's escapes: a draw.  With a black pawn left, a mate is
    possible (the pawn can block an escape): play on."""
    dead = position(V, "k9/10/10/10/4W5/10/10/9K w - - 0 1", KW).outcome()
    assert dead is not None and dead.termination == "insufficient_material"
    assert position(V, "k9/p9/10/10/4W5/10/10/9K w - - 0 1", KW).outcome() is None


# -- perft from the Kwagga start ---------------------------------------------------------


def _reference_moves(board: Board, color: Player) -> list[Board]:
    """Pseudo-legal successors for the pieces of the Kwagga start, from the rulings:
    FIDE pawns (no promotion or en passant can arise within two plies), Kwaggas
    (MC-8), Bishops, Rooks, Queens, King steps, and Mangonel steps that sling
    nothing or whose piece cannot land (MC-2); a landing sling is not modelled and
    stops the count.  Castling cannot arise: pieces stand between King and Rooks."""
    out: list[Board] = []

    def add(frm: Square, to: Square) -> None:
        nxt = dict(board)
        nxt[to] = nxt.pop(frm)
        out.append(nxt)

    def inside(f: int, r: int) -> bool:
        return 0 <= f < FILES and 0 <= r < RANKS

    for (f, r), (c, kind) in board.items():
        if c != color:
            continue
        fwd = 1 if color == WHITE else -1
        if kind == "P":
            assert 0 < r + fwd < RANKS - 1, "promotion not modelled"
            if (f, r + fwd) not in board:
                add((f, r), (f, r + fwd))
                home = 1 if color == WHITE else RANKS - 2
                if r == home and (f, r + 2 * fwd) not in board:
                    add((f, r), (f, r + 2 * fwd))
            for df in (-1, 1):
                victim = board.get((f + df, r + fwd))
                if victim is not None and victim[0] != color:
                    add((f, r), (f + df, r + fwd))
        elif kind == "W":
            for t in kwagga_targets(board, (f, r), color):
                add((f, r), t)
        elif kind in "BRQK":
            for dx, dy in LINES[kind]:
                t = (f + dx, r + dy)
                while inside(*t):
                    there = board.get(t)
                    if there is not None:
                        if there[0] != color:
                            add((f, r), t)
                        break
                    add((f, r), t)
                    if kind == "K":
                        break
                    t = (t[0] + dx, t[1] + dy)
        elif kind == "M":
            for dx, dy in LINES["Q"]:
                to = (f + dx, r + dy)
                if not inside(*to) or to in board:
                    continue
                behind = (f - dx, r - dy)
                while inside(*behind) and behind not in board:
                    behind = (behind[0] - dx, behind[1] - dy)
                beyond = (to[0] + dx, to[1] + dy)
                slings = inside(*behind) and inside(*beyond)
                assert not slings or board.get(beyond, (None,))[0] == color, "sling not modelled"
                add((f, r), to)
    return out


def _king_taken(board: Board, color: Player) -> bool:
    """Whether some move of ``color``'s opponent would take ``color``'s King."""
    return any(
        (color, "K") not in nxt.values() for nxt in _reference_moves(board, 1 - color)
    )


def _reference_perft(board: Board, color: Player, depth: int) -> int:
    if depth == 0:
        return 1
    legal = [b for b in _reference_moves(board, color) if not _king_taken(b, color)]
    return sum(_reference_perft(b, 1 - color, depth - 1) for b in legal)


def test_mc8_perft_from_the_kwagga_start() -> None:
    """MC-8: perft 1 and 2 from the Kwagga start.

    Depth 1, by hand: every White piece on rank 1 is boxed in by its own army
    except the Kwaggas; 10 pawns make one or two steps (20), and each Kwagga has
    two first leaps, c1 to b4 and d4, h1 to g4 and i4 (its leaps to f2 and e2
    hit its own pawns, the others leave the board), none of which can go on
    (a7, e7, f7, j7 hold black pawns, and a later leap never captures): 24.

    Depth 2: Black has the same 24 after every White move, plus one: the
    Kwaggas' second leaps c8-b5-a2, c8-d5-e2, h8-g5-f2, h8-i5-j2 open when that
    White pawn has moved, and 8 White moves (a, e, f, j pawns, one or two
    steps) do that: 24 x 24 + 8 = 584.  The reference generator above, written
    from the rulings, counts the same, and so must the engine.
    """
    pos = position(V, None, KW)
    assert perft(pos, 1) == 24
    assert _reference_perft(_board(pos), WHITE, 2) == 584
    assert perft(pos, 2) == 584


# -- analysis on 10 x 8 ---------------------------------------------------------------------


def _ride_lengths(at: Square) -> list[int]:
    """Per (3,1) direction, how many leaps fit on the empty 10 x 8 board from ``at``."""
    lengths = []
    for dx, dy in LEAPS:
        n, f, r = 0, at[0] + dx, at[1] + dy
        while 0 <= f < FILES and 0 <= r < RANKS:
            n, f, r = n + 1, f + dx, r + dy
        lengths.append(n)
    return lengths


SQUARES = [(f, r) for r in range(RANKS) for f in range(FILES)]


def test_mc8_kwagga_mobility_on_the_empty_and_crowded_board() -> None:
    """Betza's empty-board average: every landing of every ride, averaged over the
    80 squares; captures: the first leaps only.  Crowded (density d, half
    enemies): in a direction with n leaps on the board, sum over k of (1-d)^k
    moves, and d/2 captures if n > 0."""
    variant = get_variant(V, KW)
    form = find_piece(variant, "W")
    result = empty_board(variant, form)
    assert result.average == pytest.approx(sum(sum(_ride_lengths(s)) for s in SQUARES) / 80)
    firsts = sum(sum(1 for n in _ride_lengths(s) if n) for s in SQUARES)
    assert result.average_captures == pytest.approx(firsts / 80)
    d = 1 / 3
    busy = crowded(variant, form, d)
    for f, r in SQUARES:
        lengths = _ride_lengths((f, r))
        moves = sum((1 - d) ** k for n in lengths for k in range(1, n + 1))
        captures = sum(d / 2 for n in lengths if n)
        assert busy.moves[r * FILES + f] == pytest.approx(moves)
        assert busy.captures[r * FILES + f] == pytest.approx(captures)


def test_mc8_reach_reports_two_colour_classes() -> None:
    """MC-8: "It is colour-bound": every (3,1) leap keeps the square colour, and on
    10 x 8 each colour's 40 squares are joined, so the move graph has two
    components (weak and strong alike, since every leap can be reversed)."""
    result = CliRunner().invoke(main, ["reach", V, "W", "--option", "kwaggas"])
    assert result.exit_code == 0, result.output
    assert "binding: bound; 2 classes of sizes 40 40; 2 strong components" in result.stdout
