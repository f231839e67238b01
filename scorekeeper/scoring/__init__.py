"""Counting one hand: the typed hand, each category's scorer, primiera, the count."""
