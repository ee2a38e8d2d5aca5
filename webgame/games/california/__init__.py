"""California card-room banking: the machinery every player-dealer game shares.

``fees`` (collection fees), ``action`` (the action seat), ``rotation`` (offering the bank) and
``coverage`` (settling within the player-dealer's stake). Each game chooses by its data in
``webgame/rules/california/``; none of these modules knows a game.
"""
