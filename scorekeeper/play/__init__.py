"""Play by play: the capture engine, builds, a game in progress, rulings, records, replay, simulate, verify."""
