"""A match: its sides and settings, the ending policies and stakes, counting its hands."""
