"""Play by play: the capture engine, builds, rulings, records, replay, simulate, verify."""
