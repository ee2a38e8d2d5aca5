"""The sports pool (000 §27): a fixed-odds book the operator's traders run (D-401, D-402)."""

from .book import (
    MARKETS,
    SIDES,
    BookRules,
    Leg,
    Offer,
    Refused,
    TicketResult,
    check_ticket,
    describe,
    exposure,
    grade,
    load_rules,
    potential_return,
    settle,
)
from .odds import decimal, fmt_american, fmt_decimal, fmt_line, parse_american, parse_line

__all__ = ["MARKETS", "SIDES", "BookRules", "Leg", "Offer", "Refused", "TicketResult", "check_ticket",
           "decimal", "describe", "exposure", "fmt_american", "fmt_decimal", "fmt_line", "grade",
           "load_rules", "parse_american", "parse_line", "potential_return", "settle"]
