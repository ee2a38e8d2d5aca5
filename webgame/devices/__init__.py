"""Virtual hardware: pure engine objects (no Flask) with a partial template each."""
