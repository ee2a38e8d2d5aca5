"""Demo floor for `make run`: tables of every playable game, demo players, one operator."""

from __future__ import annotations

import os
from datetime import timedelta

import sqlalchemy as sa

from ..extensions import db
from ..games import registry
from ..models import Player, Table
from . import wallet
from .tables import create_table

DEMO_PLAYERS = [("alice", "Alice"), ("bob", "Bob")]
DEMO_PASSWORD = os.environ.get("DEMO_PASSWORD", "demo-pass-123")
OPERATOR = ("operator", "Floor Operator", os.environ.get("OPERATOR_PASSWORD", "operator-pass-123"))

DEMO_TABLES: list[tuple[str, str, str, dict[str, object]]] = [
    ("Grand Ronde Blackjack", "blackjack", "grand-ronde", {}),
    ("Grand Ronde Blackjack 6:5", "blackjack", "grand-ronde", {"options": {"blackjack_pays": "6 to 5"}}),
    ("Chapter 4 Blackjack", "blackjack", "chapter4", {}),
    ("Single Deck Blackjack", "blackjack", "single-deck", {}),
    ("Grand Ronde Spanish 21", "spanish-21", "grand-ronde", {}),
    ("Grand Ronde Free Bet Blackjack", "free-bet-blackjack", "grand-ronde", {}),
    ("Chapter 4 Blackjack Switch", "blackjack-switch", "chapter4", {}),
    # A seated player banks (the player-dealer); bots may take the bank when offered it.
    ("Lucky Derby Pure Spanish 21.5 (player-dealer)", "pure-spanish-21-5", "lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park No Bust 21st Century Blackjack 4.0a (player-dealer)", "no-bust-21st-century-blackjack", "4.0a",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Derby No Bust 21st Century Buster Blackjack 4.0 (player-dealer)", "no-bust-21st-century-blackjack",
     "buster-4.0", {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Free Bet Blackjack (player-dealer)", "21st-century-free-bet-blackjack", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances Blackjack (player-dealer)", "lucky-chances-blackjack", "lucky-chances",
     {"options": {"bots_may_bank": True}}),
    ("Grand Ronde Craps", "craps", "grand-ronde", {}),
    ("Chapter 4 Craps", "craps", "chapter4", {}),
    ("Double-Zero Roulette", "roulette", "grand-ronde-00", {}),
    ("Chapter 4 Roulette (00)", "roulette", "chapter4-00", {}),
    ("European Roulette (0)", "roulette", "chapter4-0", {}),
    ("Big Six Wheel", "big-six", "chapter4", {}),
    # Draw games: one draw every few minutes shared by every ticket at the table.
    ("Grand Ronde Keno", "keno", "grand-ronde", {}),
    ("Chapter 4 Progressive Keno", "keno", "chapter4", {}),
    # Bingo on the same schedule; a demo hall plays with one player (P-405).
    ("Grand Ronde Bingo with Planet Bingo", "bingo", "standard", {"options": {"planet_on": True, "min_players": 1}}),
    ("Pick Your Own Bingo", "bingo", "pick-your-own", {"options": {"min_players": 1}}),
    ("Bingo Bonanza", "bingo", "bingo-bonanza", {"options": {"min_players": 1}}),
    ("Grand Ronde Three Card Poker", "three-card-poker", "grand-ronde", {}),
    ("Chapter 4 Three Card Poker", "three-card-poker", "chapter4", {}),
    # A seated player banks (the player-dealer); bots may take the bank when offered it.
    ("Lucky Derby Three Card Poker 6 Card Bonus (player-dealer)", "three-card-poker", "6cb-lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances Four Card Poker (player-dealer)", "four-card-poker", "lucky-chances",
     {"options": {"bots_may_bank": True}}),
    ("Grand Ronde Let It Ride", "let-it-ride", "grand-ronde", {}),
    ("Chapter 4 Let It Ride", "let-it-ride", "chapter4", {}),
    ("Caribbean Stud Progressive", "caribbean-stud", "chapter4", {}),
    ("Mississippi Stud", "mississippi-stud", "chapter4", {}),
    ("Grand Ronde Ultimate Texas Hold'em", "ultimate-texas-holdem", "grand-ronde", {}),
    ("Lucky Chances Ultimate Texas Hold'em Bad Beat Bonus (player-dealer)", "ultimate-texas-holdem", "bad-beat-1.0",
     {"options": {"bots_may_bank": True}}),
    ("Grand Ronde Jackpot Hold'em", "jackpot-holdem", "grand-ronde", {}),
    ("Chapter 4 Red Dog", "red-dog", "chapter4", {}),
    ("Chapter 4 Casino War", "casino-war", "chapter4", {}),
    ("Chapter 4 Mini-Baccarat", "mini-baccarat", "chapter4", {}),
    ("Grand Ronde EZ Baccarat", "ez-baccarat", "grand-ronde", {}),
    ("Grand Ronde Pai Gow Poker", "pai-gow-poker", "grand-ronde", {}),
    ("Chapter 4 Pai Gow Poker", "pai-gow-poker", "chapter4", {}),
    ("Lucky Derby Pai Gow Poker (player-dealer)", "pai-gow-poker", "lucky-derby", {"options": {"bots_may_bank": True}}),
    ("Crystal Park Pai Gow Poker Joker Wild (player-dealer)", "joker-wild-pai-gow-poker", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Derby Fortune Pai Gow Poker (player-dealer)", "fortune-pai-gow-poker", "lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Derby Face Up Pai Gow Poker (player-dealer)", "face-up-pai-gow-poker", "lucky-derby",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances EZ Baccarat (player-dealer)", "ez-baccarat", "lucky-chances", {"options": {"bots_may_bank": True}}),
    ("Crystal Park Fortune 7 Baccarat (player-dealer)", "fortune-7-baccarat", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park California Baccarat (player-dealer)", "california-baccarat", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park Dragon Dai Bacc (player-dealer)", "dragon-dai-bacc", "crystal-park",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park RUYI Baccarat (player-dealer)", "ruyi-baccarat", "crystal-park", {"options": {"bots_may_bank": True}}),
    ("Lucky Chances 21st Century Baccarat 5.0 (player-dealer)", "21st-century-baccarat", "5.0-lc",
     {"options": {"bots_may_bank": True}}),
    ("Lucky Chances 21st Century Baccarat 8.3 (player-dealer)", "21st-century-baccarat", "8.3",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Baccarat 5.0 (player-dealer)", "21st-century-baccarat", "5.0-cp",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Baccarat Face Up (player-dealer)", "21st-century-baccarat", "face-up",
     {"options": {"bots_may_bank": True}}),
    ("Crystal Park 21st Century Baccarat Face Down (player-dealer)", "21st-century-baccarat", "face-down",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Crystal Park Asian Baccarat (player-dealer)", "asian-baccarat", "crystal-park",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Lucky Chances Super Pan 9 (player-dealer)", "super-pan-9", "lucky-chances",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Lucky Chances Pai Gow Tiles (player-dealer)", "pai-gow-tiles", "lucky-chances",
     {"options": {"bots_may_bank": True, "pause_minutes": 5}}),
    ("Chapter 4 Chemin de Fer", "chemin-de-fer", "chapter4", {}),
    # The poker room: players play each other; the floor's bots fill a table on request.
    ("Lucky Derby No Limit Hold'em", "texas-holdem", "nl-procedure", {}),
    ("Grand Ronde Hold'em (Bad Beat Jackpot)", "texas-holdem", "grand-ronde", {"options": {"bad-beat-jackpot": True}}),
    ("Chapter 4 Omaha", "omaha", "chapter4", {}),
    ("Lucky Derby Omaha Hi-Lo", "omaha-hi-lo", "lucky-derby", {}),
    ("Lucky Derby Double Board Omaha", "double-board-omaha", "lucky-derby", {}),
    ("Lucky Derby Big O", "big-o", "lucky-derby", {}),
    ("Chapter 4 Crazy Pineapple", "pineapple", "crazy-chapter4", {}),
    # The draw games: every game of the room has its table on the floor (the operator's page
    # opens each variant from one); Lowball Draw is 004 §13's single draw, ace-to-five (D-445).
    ("Chapter 4 Lowball Draw", "lowball-draw", "chapter4", {}),
    ("Chapter 4 Five-Card Draw", "five-card-draw", "chapter4", {}),
    ("Chapter 4 Five-Card Draw Hi-Lo", "five-card-draw-hi-lo", "chapter4", {}),
    ("Crystal Park Mexican Draw", "mexican-draw", "crystal-park", {}),
    ("Chapter 4 Badugi", "badugi", "chapter4", {}),
    ("Lucky Chances 7 Card Stud", "seven-card-stud", "lc", {}),
    ("Crystal Park Seven-Card Stud Hi-Lo", "seven-card-stud-hi-lo", "crystal-park", {}),
    ("Chapter 4 Razz", "razz", "chapter4", {}),
    ("Chapter 4 Five-card Stud", "five-card-stud", "chapter4", {}),
    ("Crystal Park Mexican Stud", "mexican-stud", "crystal-park", {}),
    ("Crystal Park Chinese Poker", "chinese-poker", "crystal-park", {}),
    # Trips on its Digital Card System (003 §16): the pot carries from hand to hand.
    ("Commerce Trips (Digital Card System)", "trips-dcs", "commerce", {}),
    ("Crystal Park Pan", "pan", "crystal-park", {}),
]


def _player(username: str, name: str, password: str, *, operator: bool = False) -> tuple[Player, bool]:
    player = db.session.scalars(sa.select(Player).filter_by(username=username)).first()
    if player is not None:
        return player, False
    player = Player(username=username, display_name=name, is_operator=operator)
    player.set_password(password)
    db.session.add(player)
    db.session.flush()
    if not operator:
        wallet.transfer(wallet.cage(), wallet.wallet(player.id), 500_000, memo="demo chips")
    return player, True


def seed() -> str:
    made = []
    for username, name in DEMO_PLAYERS:
        if _player(username, name, DEMO_PASSWORD)[1]:
            made.append(f"player {username}")
    if _player(OPERATOR[0], OPERATOR[1], OPERATOR[2], operator=True)[1]:
        made.append(f"operator {OPERATOR[0]}")
    existing = {t.name for t in db.session.scalars(sa.select(Table))}
    for name, game, variant, config in DEMO_TABLES:
        if name in existing or game not in registry.ENGINES:
            continue
        if variant not in registry.rules(game).variants:
            continue
        create_table(name, game, variant, config=dict(config))
        made.append(f"table {name}")
    made += _sports_events()
    return "created: " + (", ".join(made) if made else "nothing (already seeded)")


# The sports pool's demo board: (sport, away, home, hours from now, money line home/away,
# home spread in half points with its odds, total in half points).
DEMO_EVENTS: list[tuple[str, str, str, int, tuple[int, int], tuple[int, int, int], int]] = [
    ("Football", "Bears", "Lions", 3, (-170, 150), (-7, -110, -110), 95),
    ("Football", "Packers", "Vikings", 27, (120, -140), (5, -105, -115), 89),
    ("Basketball", "Ducks", "Beavers", 6, (-250, 205), (-13, -110, -110), 289),
    ("Hockey", "Kraken", "Canucks", 30, (-120, 100), (-3, 150, -180), 11),
]


def _sports_events() -> list[str]:
    """Demo events for the sports board, posted again when none is taking wagers."""
    from ..models import utcnow
    from .sportsbook import MarketEntry, board, post_event

    if board():
        return []
    now = utcnow().replace(minute=0, second=0, microsecond=0)
    for sport, away, home, hours, (ml_home, ml_away), (line, sp_home, sp_away), total in DEMO_EVENTS:
        post_event(home, away, now + timedelta(hours=hours), [
            MarketEntry("moneyline", {"home": ml_home, "away": ml_away}),
            MarketEntry("spread", {"home": sp_home, "away": sp_away}, {"home": line, "away": -line}),
            MarketEntry("total", {"over": -110, "under": -110}, {"over": total, "under": total}),
        ], sport=sport)
    return [f"{len(DEMO_EVENTS)} sports events"]
