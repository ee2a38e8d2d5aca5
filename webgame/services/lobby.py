"""What the lobby shows of each open table: limits, key rules, free seats, a live line.

Everything is read from the table's resolved rules (`paytable.resolve`), so two tables of one
variant configured differently (3 to 2 and 6 to 5 blackjack) read differently. The live line
comes from what is already stored: the carry (roulette numbers, the craps point) and whether a
round is open. Three queries for the whole floor: the tables with their seats, the open
rounds, and the progressive meters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from ..engine.cards import RANK_NAMES
from ..engine.money import fmt
from ..engine.paytable import GameRules, Variant, resolve
from ..extensions import db
from ..games import registry
from ..models import Account, Round, Table

Rules = Mapping[str, Any]


@dataclass
class Ball:
    """One result on a history board: a roulette pocket (with its colour) or a Big Six symbol."""

    text: str
    colour: str = ""


@dataclass
class Card:
    table: Table
    game: GameRules
    variant: Variant
    limit_min: int | None
    limit_max: int | None
    limit_label: str
    key_rules: list[str]
    side_bets: list[str]
    taken: int
    free: int
    in_play: bool
    dealing: bool = True  # False when the stored configuration no longer resolves (D-004)
    last: list[Ball] = field(default_factory=list)  # newest first
    point: int | None = None  # craps: the point, 0 on the come-out; None for other games
    meters: list[tuple[str, int]] = field(default_factory=list)  # progressive name, balance
    note: str = ""  # what the game's name might promise and the rules do not (D-307)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def words(items: Sequence[Any]) -> str:
    """["9", "10", "11"] → "9, 10 or 11"."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def pays(variant: Variant, paytable: str, hand: str) -> str:
    """One paytable line as a player reads it: "Royal flush pays 500 to 1"."""
    line = variant.paytables[paytable].line(hand)
    return f"{line.label or hand.replace('-', ' ').capitalize()} pays {line.text}"


def side_bet_name(variant: Variant, slug: str) -> str:
    """A side bet's name: its paytable's, else its limit's label ("Pair Plus")."""
    if slug in variant.paytables:
        return variant.paytables[slug].name
    limit = variant.limits.get(slug)
    return limit.label if limit and limit.label else slug.replace("-", " ").capitalize()


def main_limit(variant: Variant, rules: Rules) -> tuple[str, dict[str, int]] | None:
    """The table's main wager and its limits: the first limit the rules data lists that is not
    a side bet's (blackjack's main bet, an Ante, craps' "any one bet", roulette's inside bets)."""
    for name, lim in variant.limits.items():
        if name not in variant.side_bets:
            return lim.label or name, dict(rules["limits"][name])
    return None


def table_limit(table: Table) -> tuple[str, dict[str, int]] | None:
    """A table's main wager and its limits as configured; None when its configuration no longer
    resolves (a limit outside the rulebook's, D-004) or its game has no limits."""
    variant = registry.rules(table.game).variants[table.variant]
    try:
        return main_limit(variant, resolve(variant, table.config or {}))
    except (ValueError, KeyError, TypeError):
        return None


# -- key rules, one function per game ---------------------------------------------------------
def _blackjack(v: Variant, r: Rules) -> Iterator[str]:
    if int(r.get("hands_per_box", 1)) == 2:
        yield "Two hands: switch their second cards"  # Blackjack Switch (004 s.444)
    yield f"{r.get('natural_name', 'Blackjack')} pays {r['blackjack_pays']}"  # Pure 21.5 (001 s.810)
    yield "Dealer hits soft 17" if r["dealer_hits_soft_17"] else "Dealer stands on soft 17"
    yield plural(int(r["decks"]), "deck")
    totals = r.get("double_totals") or []
    if r.get("double_any_cards"):
        yield "Double on any two or more cards"
    else:
        yield f"Double on {words(totals)} only" if totals else "Double on any two cards"
    if r.get("surrender"):
        yield "Late surrender"
    if r.get("player_21_wins"):
        yield "A player 21 always wins"  # Spanish 21 (000 s.1131)
    if r.get("rescue"):
        yield "Double-down rescue"
    if r.get("dealer_22_pushes"):
        yield "Dealer 22 pushes"
    if r.get("dealer_888_pushes_busts"):
        yield "A player-dealer 8-8-8 pushes every bust"  # 001 s.882
    if r.get("over_hands_wait"):
        yield "Over a Natural is not lost at once"  # No Bust (001 s.1383, 003 s.1664)
    if r.get("free_double_hard_totals"):
        yield "Free doubles on hard " + words([str(t) for t in r["free_double_hard_totals"]])
    if r.get("free_split_values"):
        yield "Free splits"


def _craps(v: Variant, r: Rules) -> Iterator[str]:
    if r.get("odds_rule") == "multiple":
        take = sorted(set((r.get("take_odds_multiple") or {}).values()))
        yield f"{take[0]}x odds" if len(take) == 1 else f"Odds up to {take[-1]}x"
    else:
        yield f"{r['odds_multiple']}x odds"
    two, twelve = (v.paytables[r["paytable"]].line(f"field/{n}").text for n in (2, 12))
    yield f"Field: 2 and 12 pay {two}" if two == twelve else f"Field: 2 pays {two}, 12 pays {twelve}"
    yield f"Buy bets: {r['buy_vig_percent']} % commission" if r["buy_vig_percent"] else "Buy bets: no commission"


def _roulette(v: Variant, r: Rules) -> Iterator[str]:
    pockets = r["wheels"][r["wheel"]]
    zeros = [p for p in pockets if p in ("0", "00")]
    yield f"{'Double' if len(zeros) == 2 else 'Single'} zero: {' and '.join(zeros)}"
    yield f"{len(pockets)} pockets"
    yield pays(v, r["paytable"], "straight").replace("Straight", "Straight up")


def _big_six(v: Variant, r: Rules) -> Iterator[str]:
    yield f"{len(r['segments'])} segments"
    table = v.paytables[r["paytable"]]
    top = max(table.lines, key=lambda ln: ln.odds.net if ln.odds else 0)
    best = [r["labels"][ln.hand] for ln in table.lines if ln.text == top.text]
    yield f"{' and '.join(best)} pay {top.text}"


def _keno(v: Variant, r: Rules) -> Iterator[str]:
    yield f"{r['drawn']} of {r['balls']} drawn every {plural(int(r['draw_minutes']), 'minute')}"
    yield f"1 to {r['max_spots']} spots, way tickets, up to {plural(int(r['max_games']), 'game')} a ticket"


def _bingo(v: Variant, r: Rules) -> Iterator[str]:
    yield f"75 balls, a game every {plural(int(r['draw_minutes']), 'minute')}"
    if r["kind"] == "pick":
        yield f"Pick {r['spaces']} numbers: 8 matched within {r['within']} calls wins the jackpot"
    elif r["kind"] == "bonanza":
        yield f"{r['pre_drawn']} balls pre-drawn; blackout within {r['designated']} wins the jackpot"
    else:
        words = {"line": "Any line", "four-corners": "Four corners", "letter-x": "Letter X", "blackout": "Blackout"}
        yield f"{words.get(str(r['pattern']), r['pattern'])}; the last ball called completes it"
        if r.get("planet_on"):
            yield "Planet Bingo progressive"


def _three_card(v: Variant, r: Rules) -> Iterator[str]:
    if v.player_banked:
        # A seated player banks (P-033): the room's fee, never the house, is what the table takes.
        yield f"Player-dealer plays with {_rank(r['dealer_qualifier'])} high"
        yield "A seated player banks; flat collection fee"
    else:
        yield f"Dealer plays with {_rank(r['dealer_qualifier'])} high"
    if "pair-plus" in r["side_bets"]:
        yield "Pair Plus " + pays(v, r["pair_plus_paytable"], "flush").lower()
    if r.get("ante_bonus_paytable"):
        yield "Ante Bonus " + pays(v, r["ante_bonus_paytable"], "straight-flush").lower()
    if "six-card-bonus" in r["side_bets"]:
        yield "6 Card Bonus " + pays(v, r["six_card_bonus_paytable"], "royal-flush").lower()


def _four_card(v: Variant, r: Rules) -> Iterator[str]:
    # Player-banked only (002 s.3036-3040): the P/D always plays, with no qualifier (D-329).
    ties = "ties go to the player" if r["ties"] == "player" else "the player-dealer wins ties"
    yield f"Player-dealer always plays; {ties}"
    yield "A seated player banks; flat collection fee"
    top = v.paytables[r["ante_paytable"]].lines[0].hand
    yield "Ante: " + pays(v, r["ante_paytable"], top).lower()
    if "aces-up" in r["side_bets"]:
        yield "Aces Up " + pays(v, "aces-up", v.paytables["aces-up"].lines[0].hand).lower()


def _let_it_ride(v: Variant, r: Rules) -> Iterator[str]:
    table = v.paytables[r["base_paytable"]]
    yield pays(v, r["base_paytable"], table.lines[0].hand)
    yield pays(v, r["base_paytable"], table.lines[-1].hand)
    if r["cap_kind"] == "none":  # the player-dealer pays to the extent of its bank (002 s.3338-3340, D-295)
        yield "A seated player banks; flat collection fee" if v.player_banked else "No cap on what is paid"
        return
    per = "to a player a round" if r["cap_kind"] == "per-player" else "on a hand, whole table"
    yield f"Most paid {per}: {fmt(int(r['cap']))}"


def _caribbean(v: Variant, r: Rules) -> Iterator[str]:
    who = "Designated Player" if v.player_banked else "Dealer"
    yield f"{who} qualifies with {_rank(r['dealer_qualifier'])}"
    bonus = r.get("bonus_paytable", "caribbean-bonus")  # the DP table's own premium schedule (001 s.140-148)
    yield pays(v, bonus, v.paytables[bonus].lines[0].hand)
    if v.player_banked:
        yield "A seated player banks; flat collection fee"


def _mississippi(v: Variant, r: Rules) -> Iterator[str]:
    table = v.paytables[r["paytable"]]
    yield pays(v, r["paytable"], table.lines[0].hand)
    paying = [ln for ln in table.lines if ln.hand not in table.extra.get("push_lines", [])]
    yield f"Pays from a {paying[-1].label.lower()}"
    pushes = [table.line(h).label.lower() for h in table.extra.get("push_lines", [])]
    if pushes:
        yield f"A {words(pushes)} pushes"
    multiples = r["street_multiples"]
    yield f"Raise {multiples[0]}x to {multiples[-1]}x each street"
    if v.player_banked:
        yield "A seated player banks; flat collection fee"


def _holdem(v: Variant, r: Rules) -> Iterator[str]:
    first = r["streets"][0]
    when = "before the flop" if not first["exposed"] else f"after the {first['name']}"
    yield f"Play up to {max(first['multiples'])}x {when}"
    yield f"{'Player-dealer' if v.player_banked else 'Dealer'} qualifies with a {r['dealer_qualifies']}"
    if "uth-bad-beat-bonus" in r["side_bets"]:
        yield "Bad Beat Bonus beside Trips"
    if v.player_banked:
        yield "A seated player banks; flat collection fee"


def _red_dog(v: Variant, r: Rules) -> Iterator[str]:
    yield plural(int(r["decks"]), "deck")
    table = v.paytables["red-dog"]
    yield pays(v, "red-dog", table.lines[0].hand)
    yield pays(v, "red-dog", table.lines[-1].hand)


def _casino_war(v: Variant, r: Rules) -> Iterator[str]:
    yield plural(int(r["decks"]), "deck")
    forfeit = int(r["surrender_forfeit_pct"])
    yield f"On a tie: go to war, or surrender {'half' if forfeit == 50 else f'{forfeit} %'} of the bet"
    if "war-tie" in r["side_bets"]:
        yield f"Tie wager pays {v.paytables['war-tie'].line('tie').text}"


def _baccarat(v: Variant, r: Rules) -> Iterator[str]:
    yield plural(int(r["decks"]), "deck")
    vig = r.get("commission_pct", 0)
    yield f"Banker pays {v.paytables['baccarat'].line('banker').text}" + (f" less {vig}% commission" if vig else ", no commission")
    if r.get("banker_three_card_7_push"):
        yield "A Banker win with a three-card 7 pushes"
    if "baccarat-tie" in r["side_bets"]:
        yield f"Tie pays {v.paytables['baccarat-tie'].line('tie').text}"


def _option_baccarat(v: Variant, r: Rules) -> Iterator[str]:
    """The player-option baccarat games: the Player's option and the Dealer line's rate."""
    if "face_down" in r:  # each position's own hand (003 §17)
        fd = r["face_down"]
        yield f"{plural(int(r['decks']), 'deck')} and {int(r['decks']) * int(r['jokers_per_deck'])} jokers"
        yield "Your own two cards: option on " + " and ".join(str(t) for t in fd["option"]) + "; double or surrender"
        yield f"Two jokers pay {v.paytables['face-down'].line('natural').text}"
        yield "Ties on 0 to 4 go to the player-dealer"
        return
    opt = r["option"]
    yield plural(int(r["decks"]), "deck")
    option = ", ".join(str(t) for t in opt["player_option"])
    when = " against a Dealer " + " or ".join(str(t) for t in opt["option_when_up"]) if opt.get("option_when_up") else ""
    yield f"Player hits or stands on {option}{when}"
    if "dealer" in opt.get("lines", ["player", "dealer"]):
        yield f"Dealer line pays {v.paytables['baccarat'].line('dealer').text}"
    if opt.get("dealer_wins_ties_on"):
        yield "Ties on " + " and ".join(str(t) for t in opt["dealer_wins_ties_on"]) + " go to the Dealer"
    else:
        yield "Every tie pushes"


def _asian_baccarat(v: Variant, r: Rules) -> Iterator[str]:
    """Asian Baccarat: each position's own draw card, the bank's rule, even money."""
    rule = r["draw"]
    yield plural(int(r["decks"]), "deck")
    yield "Each position chooses its own card on " + ", ".join(str(t) for t in rule["option"])
    yield f"A win pays {v.paytables['asian-baccarat'].line('win').text}; ties push"
    yield "The dice name the action spot"


def _super_pan_9(v: Variant, r: Rules) -> Iterator[str]:
    """Super Pan 9: the stripped shoe, one draw card at any total, the bank's rule, even money."""
    rule = r["draw"]
    yield plural(int(r["decks"]), "deck") + " without 7s, 8s, 9s and 10s"
    yield "Three cards each; one draw card at any total"
    draws, option = rule["bank_draws"], rule["bank_option"]
    yield f"The bank draws on {draws[0]}-{draws[-1]}, chooses on {option[0]}-{option[-1]}"
    yield f"A win pays {v.paytables['super-pan-9'].line('win').text}; ties push"


def _chemin(v: Variant, r: Rules) -> Iterator[str]:
    yield plural(int(r["decks"]), "deck")
    yield "The highest bid takes the shoe; Banco takes the whole bank"
    yield f"The house takes {r['commission_pct']}% of the bank's wins"


def _pai_gow(v: Variant, r: Rules) -> Iterator[str]:
    vig = int(r.get("commission_pct", 0))
    yield f"Both hands beat the bank's: pays {v.paytables['pai-gow-poker'].line('win').text}" + \
        (f" less {vig}% commission" if vig else ", no commission")
    if r.get("pai_gow_push"):  # Face Up: the bank's hand is shown and set first
        yield "The bank's hand is dealt face up and set first"
        yield f"A bank with nothing but {' or '.join(r['pai_gow_push'])} high pushes every bet"
    elif r.get("banking") == "player-dealer" and r.get("bank_set_by") == "house-way":
        yield "Copies go to the bank; the house way sets the bank's hand last"
    elif r.get("banking") == "player-dealer":
        yield "Copies go to the bank; the player-dealer sets the bank's hand last"
    else:
        yield "Copies go to the bank; the house way sets the dealer's hand"
    if r.get("joker") == "wild":
        yield "The joker is wild"
    if "fortune-bonus" in r["side_bets"]:
        yield "Fortune Bonus and Envy"
    if "ace-high-bonus" in r["side_bets"]:
        yield "Ace-High Bonus"


def _pai_gow_tiles(v: Variant, r: Rules) -> Iterator[str]:
    """Pai Gow tiles: four tiles set into two hands, the bank set by its player-dealer."""
    yield f"Both hands beat the bank's: pays {v.paytables['pai-gow-tiles'].line('win').text}"
    yield "Four Chinese tiles set into two hands of two; copies go to the bank"
    yield "The dice count counter-clockwise from the bank"


def _poker(v: Variant, r: Rules) -> Iterator[str]:
    """The poker room: players against each other; the stakes, the house's take, the options."""
    from ..games.poker import room as poker_room
    from ..games.poker import table as poker_table

    yield poker_table.stakes_words(r)
    yield "Players play each other; the house deals and takes " + poker_table.take_words(r)
    options = [o.replace("-", " ") for o in ("straddle", "bomb-pot", "run-it-twice", "bad-beat-jackpot")
               if poker_room.table_option(r, o)]
    if options:
        yield "Table options: " + ", ".join(options)


def _chinese(v: Variant, r: Rules) -> Iterator[str]:
    """Chinese Poker: the point value, how the players settle, the house's take."""
    from ..games.chinese import table as chinese

    yield chinese.stakes_words(r)
    yield "Thirteen cards set into three hands, settled against every other player row by row"
    yield chinese.take_words(r)


def _trips(v: Variant, r: Rules) -> Iterator[str]:
    """Trips (003 §16): the posted limit and how the accumulated pot is won."""
    from ..games.poker import trips_table

    yield trips_table.limit_words(r)
    yield (f"Three of a kind or better takes the whole pot; otherwise the high hand takes {r['high_hand_pct']}% "
           "and the rest carries")


def _rank(ranks: Sequence[str]) -> str:
    return "-".join(RANK_NAMES[x] for x in ranks)


def _pan(v: Variant, r: Rules) -> Iterator[str]:
    """Pan: the chip the Konditions are paid in, the tops and the players it deals."""
    yield f"{fmt(int(r.get('kondition', 100)))} Kondition"
    yield plural(int(r.get("tops", 1)), "chip") + " tops a hand"
    yield f"{int(r.get('min_players', 3))} to {int(r.get('seats', 10))} players"


KEY_RULES: dict[str, Callable[[Variant, Rules], Iterator[str]]] = {
    "blackjack": _blackjack, "spanish-21": _blackjack, "free-bet-blackjack": _blackjack, "blackjack-switch": _blackjack,
    "pure-spanish-21-5": _blackjack, "no-bust-21st-century-blackjack": _blackjack,
    "21st-century-free-bet-blackjack": _blackjack, "lucky-chances-blackjack": _blackjack,
    "craps": _craps, "roulette": _roulette, "big-six": _big_six, "keno": _keno, "bingo": _bingo,
    "three-card-poker": _three_card, "let-it-ride": _let_it_ride, "caribbean-stud": _caribbean,
    "mississippi-stud": _mississippi, "four-card-poker": _four_card, "ultimate-texas-holdem": _holdem, "jackpot-holdem": _holdem,
    "red-dog": _red_dog, "casino-war": _casino_war, "mini-baccarat": _baccarat, "ez-baccarat": _baccarat,
    "pai-gow-poker": _pai_gow, "joker-wild-pai-gow-poker": _pai_gow, "fortune-pai-gow-poker": _pai_gow,
    "face-up-pai-gow-poker": _pai_gow,
    "fortune-7-baccarat": _baccarat, "california-baccarat": _baccarat, "dragon-dai-bacc": _baccarat,
    "ruyi-baccarat": _baccarat, "21st-century-baccarat": _option_baccarat, "chemin-de-fer": _chemin,
    "asian-baccarat": _asian_baccarat,
    "super-pan-9": _super_pan_9, "pai-gow-tiles": _pai_gow_tiles,
    "texas-holdem": _poker, "omaha": _poker, "omaha-hi-lo": _poker, "double-board-omaha": _poker,
    "big-o": _poker, "pineapple": _poker, "five-card-draw": _poker, "lowball-draw": _poker,
    "five-card-draw-hi-lo": _poker, "mexican-draw": _poker, "badugi": _poker,
    "seven-card-stud": _poker, "seven-card-stud-hi-lo": _poker, "razz": _poker, "five-card-stud": _poker,
    "mexican-stud": _poker,
    "chinese-poker": _chinese,
    "trips-dcs": _trips,
    "pan": _pan,
}


def key_rules(game: str, variant: Variant, rules: Rules) -> list[str]:
    make = KEY_RULES.get(game)
    return list(make(variant, rules)) if make else []


# -- the floor ----------------------------------------------------------------------------------
def card(table: Table, in_play: bool = False, meters: Mapping[str, int] | None = None) -> Card:
    from .play import table_carry

    game = registry.rules(table.game)
    variant = game.variants[table.variant]
    dealing = True
    try:
        rules = resolve(variant, table.config or {})
    except (ValueError, KeyError, TypeError):
        rules, dealing = resolve(variant, {}), False
    main = main_limit(variant, rules)
    taken = sum(1 for s in table.seats if not s.is_empty)
    c = Card(table=table, game=game, variant=variant,
             limit_min=main[1]["min"] if main else None, limit_max=main[1]["max"] if main else None,
             limit_label=main[0] if main else "", key_rules=key_rules(table.game, variant, rules),
             side_bets=[side_bet_name(variant, s) for s in rules["side_bets"]],
             taken=taken, free=table.seat_count - taken, in_play=in_play, dealing=dealing, note=game.note)
    carry = table_carry(table) or {}
    if table.game == "roulette":
        red = {str(n) for n in rules["red"]}
        c.last = [Ball(p, "red" if p in red else "green" if p in ("0", "00") else "black")
                  for p in reversed(carry.get("history", [])[-8:])]
    elif table.game == "big-six":
        c.last = [Ball(rules["labels"].get(s, s)) for s in reversed(carry.get("history", [])[-6:])]
    elif carry.get("marks") is not None:  # baccarat: the shoe's last coups
        c.last = [Ball(m) for m in reversed(carry["marks"][-8:])]
    elif table.game == "craps":
        c.point = int(carry.get("point", 0))
        rolls = carry.get("history", [])
        if rolls:
            c.last = [Ball(f"{a}+{b}") for a, b in reversed(rolls[-5:])]
    for name, seed in (rules.get("progressive_meters") or {}).items():
        balance = (meters or {}).get(name)
        c.meters.append((variant.paytables[name].name if name in variant.paytables else name,
                         balance if balance else int(seed)))
    return c


def floor() -> list[tuple[str, list[Card]]]:
    """Every open table's card, grouped by family (the families in name order, tables by game)."""
    tables = [t for t in db.session.scalars(
        sa.select(Table).where(Table.status == "open").options(selectinload(Table.seats))
        .order_by(Table.game, Table.id)) if t.game in registry.ENGINES]
    open_rounds = set(db.session.scalars(
        sa.select(Round.table_id).where(Round.status == "open", Round.table_id.in_([t.id for t in tables]))))
    meters = dict(db.session.execute(sa.select(Account.name, Account.balance).where(Account.kind == "jackpot")).all())
    cards = sorted((card(t, t.id in open_rounds, meters) for t in tables), key=lambda c: c.game.family)
    return [(family, list(items)) for family, items in groupby(cards, key=lambda c: c.game.family)]
