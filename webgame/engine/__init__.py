"""Framework-free core shared by all games: cards, randomness, money, rules data, protocol."""
