"""The player-dealer baccarat editions on the player-dealer table, dealt from stacked shoes:
EZ Baccarat at Lucky Derby, Lucky Chances and Crystal Park (001 §30-§33, 002 §35-§38, 003
§31-§34), Fortune 7 (003 §39-§42), California Baccarat (003 §48-§51), Dragon Dai Bacc (003
§52-§56) and RUYI (003 §65-§69). Every side-bet line and every push, the action button set by
the second Banker card, the fixed settlement orders and a bank that runs out, the collection
fees, and the money of each hand (the bank pays and collects; nothing is made or lost)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.carnival_support import rules_for
from tests.engine.california import test_player_dealer_editions as editions_check
from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.test_red_dog import stack_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, Fee, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable

PD = 0  # the first seated player is offered the bank first and takes it
BETTORS = (1, 2, 3)

# Coups, as the cards go out: Player, Banker, Player, Banker, then the third cards.
BANKER_3_CARD_7_WINS = ["Ts", "2s", "5h", "Tc", "Kd", "5c"]    # P 5+0 = 5; B 2 draws 5 = 7
PLAYER_3_CARD_8_WINS = ["Ts", "Tc", "3h", "Kc", "5d", "7h"]    # P 3 draws 5 = 8; B 0 draws 7 = 7
PLAYER_3_CARD_8_OVER_7 = ["Ts", "7c", "3h", "Kc", "5d"]        # P 3 draws 5 = 8; B 7 stands
BANKER_3_CARD_7_LOSES = ["Ts", "2s", "5h", "Tc", "4d", "5c"]   # P 5 draws 4 = 9; B 2 draws 5 = 7
PLAYER_3_CARD_8_LOSES = ["Ts", "Tc", "3h", "Kc", "5d", "9h"]   # P 8 three cards; B 0 draws 9 = 9
THREE_CARD_8_TIE = ["Ts", "Tc", "3h", "Kc", "5d", "8h"]        # P 8, B 8, both three cards
ONE_TO_NOTHING = ["Ts", "Tc", "Ah", "Kc", "Kd", "Qh"]          # P 1 draws 0 = 1; B 0 draws 0 = 0
SIX_OVER_FIVE = ["6s", "5c", "Th", "Tc", "Kh"]                 # P 6 stands; B 5 draws 0 = 5
SEVEN_OVER_FIVE = ["7s", "5c", "Th", "Tc", "Kh"]               # P 7 stands; B 5 = 5: by 2
NINES = ["Ts", "Tc", "4h", "3c", "5d", "6h"]                   # P 4 draws 5 = 9; B 3 draws 6 = 9
ONE_NINE = ["Ts", "Tc", "4h", "Kc", "5d", "7h"]                # P three-card 9; B 0 draws 7 = 7
SECOND_BANKER_CARD_3 = ["7s", "Kd", "Th", "3c", "Kh"]          # P 7 stands; B K+3 = 3 draws 0: P wins


def hand(game: str, variant: str, cards: list[str], bets: Mapping[int, Mapping[str, int]], stake: int = 100000,
         config: Mapping[str, object] | None = None) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    """Four players seated; Spot 1 banks ``stake``; ``bets`` by seat; the coup is ``cards``."""
    engine = pd_engine(game, variant)
    state = seated(engine, resolve(load_game(game).variants[variant], config), [PD, *BETTORS])
    rng = SeededRng(1)
    assert engine.to_act(state) == PD
    events = engine.apply(state, Action("bank", PD, "", stake), rng)
    stack_shoe(state.inner.shoe, cards)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), rng)
    assert engine.is_over(state)
    assert state.inner.player[:2] == cards[0:4:2] and state.inner.banker[:2] == cards[1:4:2]  # the stacked coup
    check_money(events, stake)
    return engine, state, events


def nets(events: list[Event], seat: int) -> dict[str, int]:
    return {e.bet: e.net for e in events if isinstance(e, Settlement) and e.seat == seat}


def results(events: list[Event], seat: int) -> dict[str, str]:
    return {e.bet: e.result for e in events if isinstance(e, Settlement) and e.seat == seat}


def check_money(events: list[Event], stake: int) -> None:
    """Every wager put down is settled once; what the players win the bank pays and what they
    lose it collects, never more than its stake; the house takes only the fees."""
    staked: dict[tuple[int, str], int] = {}
    for e in events:
        if isinstance(e, Stake):
            staked[(e.seat, e.bet)] = staked.get((e.seat, e.bet), 0) + e.amount
    settled = {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}
    assert set(settled) == set(staked)
    assert all(settled[k].stake == v for k, v in staked.items())
    assert sum(e.net for e in settled.values()) == 0
    bank = settled[(PD, "bank")]
    assert bank.stake == stake and 0 <= bank.returned <= 2 * stake


# ---------------------------------------------------------------------------------------
# EZ Baccarat's player-dealer editions: no three-card-7 push, the Dragon 7 and Panda 8
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["lucky-derby", "lucky-chances", "crystal-park"])
def test_ez_banker_three_card_7_pays_even_money_and_the_dragon_7(variant):
    """D-146: at the player-dealer tables every Banker win pays 1 to 1, a three-card 7 too
    (001 s.604, 002 s.5565, 003 s.1819); the Dragon 7 pays 40 to 1 (D-150)."""
    _, _, events = hand("ez-baccarat", variant, BANKER_3_CARD_7_WINS,
                        {1: {"banker": 1000, "dragon-7": 100}, 2: {"player": 1000, "panda-8": 100}})
    assert nets(events, 1) == {"banker": 1000, "dragon-7": 4000}
    assert nets(events, 2) == {"player": -1000, "panda-8": -100}
    assert nets(events, PD) == {"bank": -1000 - 4000 + 1000 + 100}


@pytest.mark.parametrize("variant", ["lucky-derby", "lucky-chances", "crystal-park"])
def test_ez_panda_8_and_the_tie(variant):
    """Panda 8 pays 25 to 1 beside the Player's even money (D-151); on a tie Player and Banker
    bets push (D-145) and the Tie pays 8 to 1, 9 to 1 at Lucky Chances (D-147)."""
    _, _, events = hand("ez-baccarat", variant, PLAYER_3_CARD_8_WINS, {1: {"player": 1000, "panda-8": 200}})
    assert nets(events, 1) == {"player": 1000, "panda-8": 5000}
    _, _, events = hand("ez-baccarat", variant, THREE_CARD_8_TIE,
                        {1: {"player": 1000, "baccarat-tie": 100}, 2: {"banker": 1000, "dragon-7": 100}})
    assert nets(events, 1) == {"player": 0, "baccarat-tie": 900 if variant == "lucky-chances" else 800}
    assert results(events, 1)["player"] == "push"
    assert nets(events, 2) == {"banker": 0, "dragon-7": -100}


def test_ez_dragon_7_and_panda_8_need_a_line_bet_the_tie_does_not():
    """D-149: Dragon 7 and Panda 8 only with a Player or Banker bet (002 s.5568-5572); the Tie alone."""
    engine = pd_engine("ez-baccarat", "lucky-chances")
    state = seated(engine, rules_for("ez-baccarat", "lucky-chances"), [PD, 1])
    rng = SeededRng(1)
    engine.apply(state, Action("bank", PD, "", 100000), rng)
    assert {lg.spot for lg in engine.legal_actions(state, 1) if lg.kind == "bet"} == {"player", "banker", "baccarat-tie"}
    with pytest.raises(IllegalAction, match="needs a Player or Banker bet"):
        engine.apply(state, Action("bet", 1, "dragon-7", 100), rng)
    engine.apply(state, Action("bet", 1, "baccarat-tie", 100), rng)
    engine.apply(state, Action("bet", 1, "player", 1000), rng)
    assert {"dragon-7", "panda-8"} <= {lg.spot for lg in engine.legal_actions(state, 1)}


def test_lucky_chances_side_bet_maxima():
    """002 s.5720-5721: Panda 8 at most $80, Dragon 7 at most $50."""
    engine = pd_engine("ez-baccarat", "lucky-chances")
    state = seated(engine, rules_for("ez-baccarat", "lucky-chances"), [PD, 1])
    rng = SeededRng(1)
    engine.apply(state, Action("bank", PD, "", 100000), rng)
    engine.apply(state, Action("bet", 1, "player", 1000), rng)
    bounds = {lg.spot: lg.max for lg in engine.legal_actions(state, 1) if lg.kind == "bet"}
    assert (bounds["dragon-7"], bounds["panda-8"]) == (5000, 8000)
    with pytest.raises(IllegalAction, match="maximum"):
        engine.apply(state, Action("bet", 1, "dragon-7", 5100), rng)


def test_ez_action_button_is_set_by_the_second_banker_card():
    """001 s.595, 002 s.5553, 003 s.1808: the second card dealt to the Banker line, counted over
    the players' seats from the house dealer's left, the P/D's seat not counted (D-479). A 3 is
    the third such seat, Spot 4; the first Banker card (a king, 13) would have named Spot 7,
    empty, and the action would have gone on to Spot 2. A $10 bank pays Spot 4 only."""
    bets = {s: {"player": 1000} for s in BETTORS}
    _, state, events = hand("ez-baccarat", "crystal-park", SECOND_BANKER_CARD_3, bets, stake=1000)
    assert state.action_card == "3c" and state.action_seat == 3
    assert nets(events, 3) == {"player": 1000}
    assert results(events, 1) == {"player": NO_ACTION} and results(events, 2) == {"player": NO_ACTION}
    assert nets(events, PD) == {"bank": -1000}


def test_ez_crystal_park_fees_by_the_first_schedule():
    """003-group-a-1 (003 s.2903-2905): the bank $1 on $10-$50 of table action, $2 above; each
    player $1 a line wager, nothing on the Tie, Dragon 7 or Panda 8."""
    _, state, events = hand("ez-baccarat", "crystal-park", SIX_OVER_FIVE,
                            {1: {"player": 4000, "baccarat-tie": 100}, 2: {"banker": 2000, "dragon-7": 100}})
    fees = sorted((e.seat, e.amount) for e in events if isinstance(e, Fee))
    assert fees == [(PD, 200), (1, 100), (2, 100)]  # $62 of table action; one line wager each
    assert state.fees == {"0": 200, "1": 100, "2": 100}
    _, _, events = hand("ez-baccarat", "crystal-park", SIX_OVER_FIVE, {1: {"player": 4000}})
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, Fee)) == [(PD, 100), (1, 100)]  # $40


# ---------------------------------------------------------------------------------------
# Seed 003's tableau games: the three-card-7 push and their bonus bets
# ---------------------------------------------------------------------------------------
THREE_CARD_7 = [("fortune-7-baccarat", "fortune-7-bonus"), ("california-baccarat", "dragon-king"),
                ("dragon-dai-bacc", "tiger-7"), ("ruyi-baccarat", "gold-7")]
THREE_CARD_8 = [("california-baccarat", "china-bear"), ("dragon-dai-bacc", "ox-8"), ("ruyi-baccarat", "jade-8")]


@pytest.mark.parametrize(("game", "bonus"), THREE_CARD_7, ids=[g for g, _ in THREE_CARD_7])
def test_banker_three_card_7_pushes_and_the_7_bonus_pays_40_to_1_without_a_line_bet(game, bonus):
    """003 s.2372, s.3148, s.3340, s.4125: a Banker win with a three-card 7 pushes the Banker
    bets; the 7 bonus pays 40 to 1 and needs no line bet (D-188; 003 s.3110, s.3296, s.4080)."""
    _, _, events = hand(game, "crystal-park", BANKER_3_CARD_7_WINS,
                        {1: {"banker": 1000, "player": 1000}, 2: {bonus: 100}})
    assert nets(events, 1) == {"banker": 0, "player": -1000}
    assert results(events, 1)["banker"] == "push"
    assert nets(events, 2) == {bonus: 4000}
    _, _, events = hand(game, "crystal-park", BANKER_3_CARD_7_LOSES, {2: {bonus: 100}})
    assert nets(events, 2) == {bonus: -100}


@pytest.mark.parametrize(("game", "bonus"), THREE_CARD_8, ids=[g for g, _ in THREE_CARD_8])
def test_the_8_bonus_pays_25_to_1_on_a_player_three_card_8_win(game, bonus):
    _, _, events = hand(game, "crystal-park", PLAYER_3_CARD_8_WINS, {1: {bonus: 200, "player": 1000}})
    assert nets(events, 1) == {bonus: 5000, "player": 1000}
    for coup in (PLAYER_3_CARD_8_LOSES, THREE_CARD_8_TIE):
        _, _, events = hand(game, "crystal-park", coup, {1: {bonus: 200}})
        assert nets(events, 1) == {bonus: -200}


def test_kill_the_ox_tiger():
    """003 s.3358-3365: a three-card 8 Player hand that loses, or a three-card 7 Banker hand that
    loses, pays 60 to 1; a win by either, or a tie of three-card 8s, loses. A Player three-card 8
    beating a Banker three-card 7 is a Tiger that loses: it pays."""
    for coup, net in ((PLAYER_3_CARD_8_LOSES, 6000), (BANKER_3_CARD_7_LOSES, 6000), (PLAYER_3_CARD_8_OVER_7, -100),
                      (BANKER_3_CARD_7_WINS, -100), (THREE_CARD_8_TIE, -100), (PLAYER_3_CARD_8_WINS, 6000)):
        _, _, events = hand("dragon-dai-bacc", "crystal-park", coup, {1: {"kill-the-ox-tiger": 100}})
        assert nets(events, 1) == {"kill-the-ox-tiger": net}, coup


def test_one_up():
    """003 s.2443-2444, D-190: the Player wins by exactly one point; 1 against 0 pays 30 to 1,
    any other win by one 9 to 1; a win by two loses."""
    for coup, net in ((ONE_TO_NOTHING, 3000), (SIX_OVER_FIVE, 900), (SEVEN_OVER_FIVE, -100), (BANKER_3_CARD_7_WINS, -100)):
        _, _, events = hand("fortune-7-baccarat", "crystal-park", coup, {1: {"one-up": 100}})
        assert nets(events, 1) == {"one-up": net}, coup


def test_ruby_9_and_the_tie():
    """003 s.4160-4161, D-192: both hands three-card 9s pay 75 to 1 only; one of them 10 to 1.
    A tie pushes the line bets (003 s.4131) and pays the Tie 8 to 1 (s.4175)."""
    _, _, events = hand("ruyi-baccarat", "crystal-park", NINES,
                        {1: {"ruby-9": 100, "player": 1000, "baccarat-tie": 100}})
    assert nets(events, 1) == {"ruby-9": 7500, "player": 0, "baccarat-tie": 800}
    _, _, events = hand("ruyi-baccarat", "crystal-park", ONE_NINE, {1: {"ruby-9": 100}})
    assert nets(events, 1) == {"ruby-9": 1000}


# ---------------------------------------------------------------------------------------
# Settlement order and coverage
# ---------------------------------------------------------------------------------------
def test_fortune_7_settles_from_the_player_dealers_left_clockwise():
    """003 s.2363: from the player to the P/D's left, clockwise. A $10 bank pays Spot 2's $10
    Player win and has nothing left: Spots 3 and 4 get no action (D-466)."""
    bets = {s: {"player": 1000} for s in BETTORS}
    _, state, events = hand("fortune-7-baccarat", "crystal-park", SIX_OVER_FIVE, bets, stake=1000)
    assert state.action_seat == 1
    assert nets(events, 1) == {"player": 1000}
    assert results(events, 2) == {"player": NO_ACTION} and results(events, 3) == {"player": NO_ACTION}


@pytest.mark.parametrize("game", ["california-baccarat", "dragon-dai-bacc", "ruyi-baccarat"])
def test_the_others_settle_from_the_player_dealers_right_counter_clockwise(game):
    """003 s.3143, s.3329, s.4114: from the player to the P/D's right, counter-clockwise: Spot 4
    first, then 3, then 2. The bank of $15 pays Spot 4 in full and Spot 3 the $5 it has left;
    Spot 3's stake comes back whole with it, and Spot 2 gets no action."""
    bets = {s: {"player": 1000} for s in BETTORS}
    _, state, events = hand(game, "crystal-park", SIX_OVER_FIVE, bets, stake=1500)
    assert state.action_seat == 3
    assert nets(events, 3) == {"player": 1000} and nets(events, 2) == {"player": 500}
    assert results(events, 1) == {"player": NO_ACTION}
    assert nets(events, PD) == {"bank": -1500}


def test_within_a_seat_the_wagers_settle_in_the_editions_order():
    """D-191: California settles Player, Banker, Tie, China Bear, then Dragon King; every bet
    settled uses up the bank's action, won or lost (D-465). A $15 bank: the $10 Player loss and
    the $1 China Bear loss take $11 of it, so the Dragon King's 40 to 1 is paid the $4 left."""
    _, _, events = hand("california-baccarat", "crystal-park", BANKER_3_CARD_7_WINS,
                        {1: {"player": 1000, "dragon-king": 100, "china-bear": 100}}, stake=1500)
    order = [e.bet for e in events if isinstance(e, Settlement) and e.seat == 1]
    assert order == ["player", "china-bear", "dragon-king"]
    assert nets(events, 1) == {"player": -1000, "china-bear": -100, "dragon-king": 400}
    assert nets(events, PD) == {"bank": 700}


# ---------------------------------------------------------------------------------------
# The shoe at the player-dealer editions
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "variant"), [("ez-baccarat", "crystal-park"), ("ruyi-baccarat", "crystal-park")])
def test_the_cut_card_ends_the_shoe_with_its_coup(game, variant):
    """P-079 (D-011): seeds 001-003 state no last hands: the coup the cut card comes out in is
    finished and the next round is dealt from a reshuffled shoe, its scoreboards cleared; a dead
    game reshuffles whatever is left. Seed 000's one or two more hands stay at Grand Ronde."""
    engine = pd_engine(game, variant).inner
    rules = resolve(load_game(game).variants[variant])
    rng = SeededRng(4)
    state = engine.new_round(rules, rng, None)
    shoe = state.shoe
    skip = shoe.cut_at - shoe.dealt - 1  # the cut card comes out in the middle of this coup
    shoe.discards += shoe.remaining[:skip]
    shoe.remaining = shoe.remaining[skip:]
    engine.apply(state, Action("bet", 1, "player", 1000), rng)
    events = engine.apply(state, Action("deal"), rng)
    assert "The cut card is out: the shoe is shuffled after this coup." in [e.text for e in events if hasattr(e, "text")]
    carry = engine.carry(state)
    assert carry["shoe"]["cut_card_out"] is True and carry["marks"] == state.marks
    fresh = engine.new_round(rules, SeededRng(5), carry)
    assert fresh.shoe.just_shuffled and fresh.marks == [] and not fresh.last_hand
    # A dead game reshuffles even with more than half the shoe left (no half-shoe rule here).
    young = engine.carry(engine.new_round(rules, SeededRng(6), None))
    assert engine.went_dead(young)["shoe"]["cut_card_out"] is True


EDITIONS = [("ez-baccarat", "lucky-derby"), ("ez-baccarat", "lucky-chances"), ("ez-baccarat", "crystal-park"),
            ("fortune-7-baccarat", "crystal-park"), ("california-baccarat", "crystal-park"),
            ("dragon-dai-bacc", "crystal-park"), ("ruyi-baccarat", "crystal-park")]


@pytest.mark.parametrize(("game", "variant"), EDITIONS, ids=[f"{g}@{v}" for g, v in EDITIONS])
@pytest.mark.parametrize("seed", range(6))
def test_shuffled_coups_settle_in_the_editions_order_within_the_stake(game, variant, seed):
    """The player-dealer table's own check, on shuffled shoes: every circle bet at its minimum
    by three players against a bank of one to twenty table minimums; every wager has its place
    in the edition's order, the bank pays in that order until it runs out, the rest get no
    action, the fees come before any card and nothing is made or lost (D-465 … D-467)."""
    editions_check.test_hands_settle_in_the_editions_order_within_the_stake(game, variant, seed)


@pytest.mark.parametrize(("game", "variant"), EDITIONS, ids=[f"{g}@{v}" for g, v in EDITIONS])
def test_the_operator_picks_among_the_editions_printed_schedules(game, variant):
    """D-481, D-482: exactly the options printed for the edition, the first the default; the
    bank has a table minimum and no maximum (D-471)."""
    editions_check.test_collection_fee_choices_are_the_editions_schedules(game, variant)


def test_lucky_chances_posts_either_of_its_two_schedules():
    """002 offers EZ Baccarat two fee sheets: the January 2011 table (002 s.3829-3869) and the
    Panda 8 sheet (002 s.5714-5768). Under Panda 8 option 3, $250 of table action costs the bank
    $2 and a $210 circle costs its player $2; the default 2011 option 1 takes $2 and $3."""
    choices = load_game("ez-baccarat").variants["lucky-chances"].options["collection_fee"]["choices"]
    assert {c.rsplit("-", 1)[0] for c in choices} == {"002-ez-baccarat-2011", "002-ez-baccarat-panda-8"}
    bets = {1: {"player": 21000}, 2: {"banker": 4000}}
    _, _, events = hand("ez-baccarat", "lucky-chances", SIX_OVER_FIVE, bets,
                        config={"options": {"collection_fee": "002-ez-baccarat-panda-8-3"}})
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, Fee)) == [(PD, 200), (1, 200), (2, 100)]
    _, _, events = hand("ez-baccarat", "lucky-chances", SIX_OVER_FIVE, bets)
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, Fee)) == [(PD, 200), (1, 300), (2, 100)]
