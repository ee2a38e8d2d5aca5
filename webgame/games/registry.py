"""Every registered game, by its INDEX.md slug."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from ..engine.paytable import GameRules, load_game
from ..engine.protocol import Game, GameBase

# slug -> "module:attribute" of the engine object; a game is registered once its engine plays.
ENGINES: dict[str, str] = {
    "blackjack": "webgame.games.blackjack:ENGINE",
    "spanish-21": "webgame.games.blackjack:SPANISH_21",
    "free-bet-blackjack": "webgame.games.blackjack:FREE_BET",
    "blackjack-switch": "webgame.games.blackjack:SWITCH",
    # Player-banked only, as Four Card Poker: every edition on the player-dealer table.
    "pure-spanish-21-5": "webgame.games.blackjack:PURE_SPANISH_21_5",
    "no-bust-21st-century-blackjack": "webgame.games.blackjack:NO_BUST",
    "21st-century-free-bet-blackjack": "webgame.games.blackjack:FREE_BET_21ST_CENTURY",
    "lucky-chances-blackjack": "webgame.games.blackjack:LUCKY_CHANCES",
    "craps": "webgame.games.dice:CRAPS",
    "roulette": "webgame.games.wheel:ROULETTE",
    "big-six": "webgame.games.wheel:BIG_SIX",
    # A draw game: one round is one draw shared by every ticket at the table (games/keno).
    "keno": "webgame.games.keno:KENO",
    # The same schedule of draws: one round is one game of bingo (games/bingo).
    "bingo": "webgame.games.bingo:BINGO",
    "three-card-poker": "webgame.games.carnival:THREE_CARD_POKER",
    "let-it-ride": "webgame.games.carnival:LET_IT_RIDE",
    "caribbean-stud": "webgame.games.carnival:CARIBBEAN_STUD",
    "mississippi-stud": "webgame.games.carnival:MISSISSIPPI_STUD",
    # Player-banked only: every variant is a player-dealer edition, played through the
    # player-dealer table (california/table.py, P-033).
    "four-card-poker": "webgame.games.carnival:FOUR_CARD_POKER",
    "ultimate-texas-holdem": "webgame.games.holdem:ULTIMATE",
    "jackpot-holdem": "webgame.games.holdem:JACKPOT",
    "red-dog": "webgame.games.war:RED_DOG",
    "casino-war": "webgame.games.war:CASINO_WAR",
    "mini-baccarat": "webgame.games.baccarat:MINI_BACCARAT",
    "ez-baccarat": "webgame.games.baccarat:EZ_BACCARAT",
    "pai-gow-poker": "webgame.games.paigow:PAI_GOW_POKER",
    "fortune-pai-gow-poker": "webgame.games.paigow:FORTUNE_PAI_GOW_POKER",
    "face-up-pai-gow-poker": "webgame.games.paigow:FACE_UP_PAI_GOW_POKER",
    # Player-banked only: Pai Gow Poker with the joker fully wild (001 §14, 003 §3).
    "joker-wild-pai-gow-poker": "webgame.games.paigow:JOKER_WILD_PAI_GOW_POKER",
    # Player-banked only: the Chinese tiles, four to a hand, on the Pai Gow table (002 §11).
    "pai-gow-tiles": "webgame.games.paigow.tiles_table:PAI_GOW_TILES",
    # Player-banked only, as Four Card Poker: seed 003's tableau baccarat games.
    "fortune-7-baccarat": "webgame.games.baccarat:FORTUNE_7_BACCARAT",
    "california-baccarat": "webgame.games.baccarat:CALIFORNIA_BACCARAT",
    "dragon-dai-bacc": "webgame.games.baccarat:DRAGON_DAI_BACC",
    "ruyi-baccarat": "webgame.games.baccarat:RUYI_BACCARAT",
    # Player-banked only, on the player-option draw model (baccarat/option.py).
    "21st-century-baccarat": "webgame.games.baccarat:TWENTY_FIRST_CENTURY_BACCARAT",
    # Player-banked only: each position's own draw card on one community hand (baccarat/asian.py).
    "asian-baccarat": "webgame.games.baccarat:ASIAN_BACCARAT",
    # Player-banked only: each position's own three-card hand and one draw card (baccarat/superpan.py).
    "super-pan-9": "webgame.games.baccarat.superpan:SUPER_PAN_9",
    # The bank is a seated player's own wager, won by bidding (004 §25): its own engine.
    "chemin-de-fer": "webgame.games.baccarat.chemin:CHEMIN_DE_FER",
    # The poker room: players play each other, the house takes a rake or a collection.
    "texas-holdem": "webgame.games.poker.table:TEXAS_HOLDEM",
    "omaha": "webgame.games.poker.table:OMAHA",
    "omaha-hi-lo": "webgame.games.poker.table:OMAHA_HI_LO",
    "double-board-omaha": "webgame.games.poker.table:DOUBLE_BOARD_OMAHA",
    "big-o": "webgame.games.poker.table:BIG_O",
    "pineapple": "webgame.games.poker.table:PINEAPPLE",
    "five-card-draw": "webgame.games.poker.table:FIVE_CARD_DRAW",
    "lowball-draw": "webgame.games.poker.table:LOWBALL_DRAW",
    "five-card-draw-hi-lo": "webgame.games.poker.table:FIVE_CARD_DRAW_HI_LO",
    "mexican-draw": "webgame.games.poker.table:MEXICAN_DRAW",
    "badugi": "webgame.games.poker.table:BADUGI",
    # The stud games: the same hand engine, its stud points in poker/stud.py.
    "seven-card-stud": "webgame.games.poker.table:SEVEN_CARD_STUD",
    "seven-card-stud-hi-lo": "webgame.games.poker.table:SEVEN_CARD_STUD_HI_LO",
    "razz": "webgame.games.poker.table:RAZZ",
    "five-card-stud": "webgame.games.poker.table:FIVE_CARD_STUD",
    "mexican-stud": "webgame.games.poker.table:MEXICAN_STUD",
    # Players settle points with each other, every pairing row by row (003 §4, 004 §21).
    "chinese-poker": "webgame.games.chinese.table:CHINESE_POKER",
    # A pot game on a Digital Card System: the pot outlives the hand (003 §16, D-801).
    "trips-dcs": "webgame.games.poker.trips_table:TRIPS",
    # Pan (003 §28): a rummy game the players play each other for Konditions (games/pan).
    "pan": "webgame.games.pan.table:PAN",
}


# A variant whose hand is not its game's: its own engine, under "slug@variant".
VARIANT_ENGINES: dict[str, str] = {
    # Face Down deals every position its own hand from a shoe with jokers (003 §17).
    "21st-century-baccarat@face-down": "webgame.games.baccarat.facedown:FACE_DOWN_BACCARAT",
}


def engine(slug: str, variant: str = "") -> Game[Any]:
    """The engine of a registered game; its round state is opaque to the caller. A variant
    marked ``banking = "player-dealer"`` is the same engine with a seated player banking
    (``games/california/table.py``): callers name the variant wherever a table or a round has one."""
    key = f"{slug}@{variant}" if f"{slug}@{variant}" in VARIANT_ENGINES else slug
    if variant and variant in rules(slug).variants and rules(slug).variants[variant].player_banked:
        return _player_dealer(key)
    return _engine(key)


@cache
def _engine(key: str) -> Game[Any]:
    """A game's engine by its slug, or a variant's own by "slug@variant"."""
    path = VARIANT_ENGINES.get(key) or ENGINES[key]
    module, attr = path.split(":")
    found = getattr(import_module(module), attr)
    if not isinstance(found, GameBase):
        raise TypeError(f"{path} is not a game engine")
    return found


@cache
def _player_dealer(slug: str) -> Game[Any]:
    from .california.table import PlayerDealerTable

    return PlayerDealerTable(_engine(slug))


def rules(slug: str) -> GameRules:
    return load_game(slug)


def slugs() -> list[str]:
    return list(ENGINES)
