"""The poker room's bots: tight and loose, at every board game of the room."""

from __future__ import annotations

from webgame.engine.protocol import Legal
from webgame.engine.rng import SeededRng
from webgame.games.poker.bots import (
    ANY,
    AT_LEAST_TWO,
    EXACTLY_TWO,
    BotSeen,
    best_high,
    best_low,
    chen,
    decide,
    draw_outs,
    equity,
    preflop_score,
)

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
BB = 200
STACK = 20000

# (game, hole cards, hi-lo, boards)
GAMES = [("texas-holdem", 2, False, 1), ("omaha", 4, False, 1), ("omaha-hi-lo", 4, True, 1),
         ("big-o", 5, True, 1), ("pineapple", 2, False, 1), ("double-board-omaha", 4, False, 2),
         ("big-o-003", 5, True, 1)]  # seed 003's Big O: at least two hole cards (D-434)


def facing_raise(to: int = 600) -> list[Legal]:
    return [Legal("fold"), Legal("call", min=to, max=to), Legal("raise", min=2 * to, max=STACK)]


def test_chen_points() -> None:
    assert chen("As", "Ad") == 20
    assert chen("As", "Ks") == 12
    assert chen("5s", "4s") == 6  # 2.5 + 2 suited + 1 connected below a queen, rounded up
    assert chen("2c", "2d") == 5  # a pair is worth five at least
    assert chen("7c", "2d") == -1


def test_tight_folds_seven_deuce_offsuit_to_a_raise() -> None:
    rng = SeededRng("seven-deuce")
    for position in range(6):
        seen = BotSeen(hole=["7c", "2d"], to_call=600, big_blind=BB, position=position,
                       players=6, pot=900, stack=STACK)
        for _ in range(20):
            assert decide("tight", seen, facing_raise(), rng) == ("fold", 0, "")


def test_tight_raises_aces_open_and_against_a_raise() -> None:
    rng = SeededRng("aces")
    opened = BotSeen(hole=["As", "Ad"], to_call=BB, big_blind=BB, position=3, players=6,
                     pot=300, stack=STACK)
    kind, amount, _ = decide("tight", opened, facing_raise(BB), rng)
    assert (kind, amount) == ("raise", 3 * BB)
    raised = BotSeen(hole=["Ah", "Ac"], to_call=600, big_blind=BB, position=0, players=6,
                     pot=900, stack=STACK)
    assert decide("tight", raised, facing_raise(), rng) == ("raise", 1800, "")


def test_tight_raises_omaha_aces_double_suited() -> None:
    seen = BotSeen(hole=["As", "Ah", "Ks", "Kh"], game="omaha", to_call=BB, big_blind=BB,
                   position=3, players=6, pot=300, stack=STACK)
    assert decide("tight", seen, facing_raise(BB), SeededRng(1))[0] == "raise"


def _random_preflop(rng: SeededRng, hole_count: int, game: str, hi_lo: bool) -> BotSeen:
    deck = list(DECK)
    rng.shuffle(deck)
    raised = rng.randbelow(3) == 0
    return BotSeen(hole=deck[:hole_count], game=game, hi_lo=hi_lo,
                   to_call=600 if raised else BB, big_blind=BB, position=rng.randbelow(6),
                   players=6, pot=900 if raised else 300, stack=STACK)


def test_loose_plays_more_hands_than_tight_over_500_spots() -> None:
    played = {"tight": 0, "loose": 0}
    mixing = {style: SeededRng(style) for style in played}
    spots = SeededRng("spots")
    for _ in range(500):
        game, count, hi_lo, _boards = GAMES[spots.randbelow(len(GAMES))]
        seen = _random_preflop(spots, count, game, hi_lo)
        legal = facing_raise(seen.to_call)
        for style in played:
            kind, _, _ = decide(style, seen, legal, mixing[style])
            played[style] += kind != "fold"
    # a third of the spots face a raise: tight plays about one hand in nine, loose one in two
    assert 30 <= played["tight"] <= 100
    assert played["loose"] >= 2 * played["tight"]


def _random_legal(rng: SeededRng, free: bool) -> list[Legal]:
    """A legal set as a hand may offer it: free to check (with or without a bet, sometimes
    with fold shown too), or facing a bet (fold, call, and a raise that may be fixed or an
    all-in only)."""
    stack = 1000 + rng.randbelow(30000)
    if free:
        legal = [Legal("check")]
        if rng.randbelow(4):
            low = BB * (1 + rng.randbelow(3))
            legal.append(Legal("bet", min=min(low, stack), max=stack if rng.randbelow(2) else low))
        if rng.randbelow(3) == 0:
            legal.insert(0, Legal("fold"))
        return legal
    call = min(stack, BB * (1 + rng.randbelow(20)))
    legal = [Legal("fold"), Legal("call", min=call, max=call)]
    if call < stack and rng.randbelow(4):
        low = min(stack, 2 * call)
        legal.append(Legal("raise", min=low, max=stack if rng.randbelow(2) else low))
    return legal


def test_every_decision_is_legal_and_never_folds_a_free_check() -> None:
    spots = SeededRng("legal-sets")
    bot_rng = SeededRng("bots")
    for number in range(600):
        game, count, hi_lo, boards = GAMES[number % len(GAMES)]
        deck = list(DECK)
        spots.shuffle(deck)
        hole, rest = deck[:count], deck[count:]
        board_size = (0, 3, 4, 5)[spots.randbelow(4)]
        dealt = [rest[i * 5:i * 5 + board_size] for i in range(boards)]
        free = spots.randbelow(2) == 0
        legal = _random_legal(spots, free)
        call = next((o.min for o in legal if o.kind == "call"), 0)
        rule = AT_LEAST_TWO if game.endswith("003") else ""
        seen = BotSeen(hole=hole, boards=dealt, game=game, hi_lo=hi_lo, hole_rule=rule,
                       pot=300 + 100 * number,
                       to_call=call, players=2 + spots.randbelow(5), big_blind=BB,
                       position=spots.randbelow(6), stack=STACK, in_front=0 if free else BB)
        for style in ("tight", "loose"):
            kind, amount, spot = decide(style, seen, legal, bot_rng)
            offered = {o.kind: o for o in legal}
            assert kind in offered, (style, kind, legal)
            assert offered[kind].min <= amount <= offered[kind].max or kind in ("fold", "check")
            if kind in ("fold", "check"):
                assert amount == 0
            assert spot == ""
            if "check" in offered:
                assert kind != "fold"


def test_pineapple_discards_the_card_that_helps_least() -> None:
    rng = SeededRng(3)
    before = BotSeen(hole=["As", "Ah", "7c"], game="pineapple")
    offer = [Legal("discard", spot=card) for card in before.hole]
    assert decide("tight", before, offer, rng) == ("discard", 0, "7c")
    # after the flop: the set of nines stays, the king goes
    flop = BotSeen(hole=["9s", "9d", "Kc"], boards=[["9h", "5c", "2d"]], game="pineapple")
    assert decide("loose", flop, [Legal("discard", spot=c) for c in flop.hole], rng)[2] == "Kc"
    # the flush and straight draw in hearts keeps both hearts
    draw = BotSeen(hole=["Kh", "Qh", "2c"], boards=[["Jh", "Th", "3s"]], game="pineapple")
    assert decide("tight", draw, [Legal("discard", spot=c) for c in draw.hole], rng)[2] == "2c"


def test_omaha_plays_exactly_two_hole_cards() -> None:
    hole, board = ["As", "Kd", "Qc", "Jc"], ["2s", "3s", "4s", "5s", "Ts"]
    assert best_high(hole, board, rule=ANY).entry.label.name == "STRAIGHT_FLUSH"
    assert best_high(hole, board, rule=EXACTLY_TWO).entry.label.name == "HIGH_CARD"
    seen = BotSeen(hole=hole, boards=[board], game="omaha")
    assert seen.omaha  # four hole cards play two
    assert equity(seen)[0] < 0.1


def test_seed_003_big_o_plays_at_least_two_hole_cards() -> None:
    """D-434: under seed 003 four hole cards and one from the board make a hand."""
    hole, board = ["As", "Ks", "Qs", "Js", "2d"], ["Ts", "3c", "4d", "6h", "6c"]
    assert best_high(hole, board, rule=EXACTLY_TWO).entry.label.name == "ONE_PAIR"  # the sixes
    assert best_high(hole, board, rule=AT_LEAST_TWO).entry.label.name == "STRAIGHT_FLUSH"
    # the low may also use three hole cards: A-2-3 is not needed from the board
    low = best_low(["Ah", "2d", "3c", "Kd", "Kc"], ["4s", "8c", "Jh", "Qd", "Qs"], AT_LEAST_TWO)
    assert low is not None and sorted(repr(c)[0] for c in low.cards) == sorted("A2348")
    assert best_low(["Ah", "2d", "3c", "Kd", "Kc"], ["4s", "8c", "Jh", "Qd", "Qs"],
                    EXACTLY_TWO) is None
    seen = BotSeen(hole=hole, boards=[board], game="big-o", hole_rule=AT_LEAST_TWO)
    assert equity(seen)[0] > 0.9


def test_hi_lo_reads_the_low_and_the_low_draw() -> None:
    assert best_low(["Ah", "2d", "Kc", "Kd"], ["3s", "5c", "8h", "Jd", "Qs"], EXACTLY_TWO) is not None
    assert best_low(["Kh", "Qd", "Kc", "Jd"], ["3s", "5c", "8h", "Jd", "Qs"], EXACTLY_TWO) is None
    # A-2 with two low cards on the flop: at hi-lo a draw to the low half, at Omaha nothing
    flop = [["4c", "7d", "Qh"]]
    high_only = BotSeen(hole=["Ah", "2d", "Kc", "9s"], boards=flop, game="omaha")
    split = BotSeen(hole=["Ah", "2d", "Kc", "9s"], boards=flop, game="omaha-hi-lo", hi_lo=True)
    assert equity(high_only)[1] == 0
    assert equity(split)[1] > 0.2
    assert equity(split)[0] > equity(high_only)[0]
    # before the flop, A-2 is worth more where the low half is played for
    hole = ["Ah", "2d", "9c", "Ts"]
    assert preflop_score(BotSeen(hole=hole, hi_lo=True)) > preflop_score(BotSeen(hole=hole))


def test_draw_outs() -> None:
    assert draw_outs(["Ah", "Kh"], ["2h", "7h", "Qc"], rule=ANY) == 9
    assert draw_outs(["9c", "8d"], ["7h", "6s", "2c"], rule=ANY) == 8  # open-ended
    assert draw_outs(["9c", "8d"], ["7h", "5s", "2c"], rule=ANY) == 4  # gutshot
    assert draw_outs(["9c", "8d"], ["7h", "6s", "5c"], rule=ANY) == 0  # made already


def test_double_board_weighs_each_board_for_half() -> None:
    hole = ["As", "Ks", "Qd", "Jd"]
    nuts, air = ["Qs", "Js", "Ts", "2c", "3h"], ["4c", "5h", "7c", "8h", "9c"]
    both = equity(BotSeen(hole=hole, boards=[nuts, air], game="double-board-omaha"))[0]
    one = equity(BotSeen(hole=hole, boards=[nuts], game="double-board-omaha"))[0]
    other = equity(BotSeen(hole=hole, boards=[air], game="double-board-omaha"))[0]
    assert abs(both - (one + other) / 2) < 1e-9
    assert one > 0.9 and other < 0.1


def test_pot_odds_decide_a_flush_draw_call() -> None:
    rng = SeededRng("draw")
    cheap = BotSeen(hole=["Ah", "Kh"], boards=[["2h", "7h", "Qc"]], pot=1000, to_call=100,
                    players=2, big_blind=BB, stack=STACK)
    assert decide("tight", cheap, facing_raise(100), rng)[0] in ("call", "raise")
    costly = BotSeen(hole=["9h", "8h"], boards=[["2h", "7h", "Kc", "3d"]], pot=1000,
                     to_call=3000, players=2, big_blind=BB, stack=STACK)
    assert decide("tight", costly, facing_raise(3000), rng) == ("fold", 0, "")


def test_tight_bets_the_nuts_when_checked_to_and_sizes_within_bounds() -> None:
    seen = BotSeen(hole=["As", "Ks"], boards=[["Qs", "Js", "Ts"]], pot=1200, players=3,
                   big_blind=BB, stack=STACK)
    legal = [Legal("check"), Legal("bet", min=BB, max=STACK)]
    assert decide("tight", seen, legal, SeededRng(5)) == ("bet", 800, "")  # two thirds of the pot
    fixed = [Legal("check"), Legal("bet", min=400, max=400)]  # fixed limit: one size
    assert decide("tight", seen, fixed, SeededRng(5)) == ("bet", 400, "")


def test_short_stacks_raise_only_all_in_and_call_for_less() -> None:
    rng = SeededRng("short")
    aces = BotSeen(hole=["As", "Ad"], to_call=600, big_blind=BB, position=2, players=4,
                   pot=900, stack=900, in_front=BB)
    all_in = [Legal("fold"), Legal("call", min=600, max=600), Legal("raise", min=1100, max=1100)]
    assert decide("tight", aces, all_in, rng) == ("raise", 1100, "")
    for_less = [Legal("fold"), Legal("call", min=350, max=350)]  # all in for less, no raise
    assert decide("loose", aces, for_less, rng) == ("call", 350, "")


def test_running_it_twice_tight_agrees_and_loose_runs_it_once() -> None:
    vote = [Legal("run-twice", spot="yes"), Legal("run-twice", spot="no")]
    seen = BotSeen(hole=["As", "Ad"], boards=[["2c", "7d", "Jh"]], pot=20000, players=2)
    assert decide("tight", seen, vote, SeededRng(1)) == ("run-twice", 0, "yes")
    assert decide("loose", seen, vote, SeededRng(1)) == ("run-twice", 0, "no")
