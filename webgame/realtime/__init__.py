"""Live tables: a bus that says "table T changed", and the SSE stream that relays it."""
