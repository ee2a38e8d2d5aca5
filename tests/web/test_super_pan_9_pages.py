"""Super Pan 9 through the web, three browsers at one table: one banks, two bet against it,
the deal shakes the dice cup (a new game's first hands carry no collection, D-492), each bettor
holds its own three-card 6 and chooses (one draws, one does not), the bank chooses on its own 6,
and the hand is settled within the bank: the house neither pays nor collects, the books balance
and the round's proof replays (002 §12; D-206, D-207, D-209, D-465)."""

from __future__ import annotations

from webgame.services import recall

from .tablehelp import assert_books_balance, bank_and_two_choosers, listed_variant

GAME, VARIANT = "super-pan-9", "lucky-chances"


def test_a_hand_at_the_super_pan_9_table(app, guest):
    """A shoe of deuces, 8 decks of 36 cards: every three-card hand is a 6 and every draw card
    a 2. The bettor who draws makes 8 against the bank's 8, a push (D-206); the one who stands
    on 6 loses; the bank chooses on its own 6 (D-209)."""
    def at_choice(b):
        assert 'data-testid="pd-dice"' in b.html and 'data-testid="seat-hands"' in b.html  # D-210, D-478

    rnd, b = bank_and_two_choosers(app, guest, GAME, VARIANT, 36, "Draw one card or No card?", at_choice)
    assert "Your hand" in b.html and 'data-testid="seat-hands"' in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_super_pan_9_as_playable(app):
    listed = listed_variant(app, GAME, VARIANT)
    assert listed["playable"] and listed["banking"] == "player-dealer"
    assert listed["side_bets"] == []
