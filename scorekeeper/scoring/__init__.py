"""Counting one hand: the typed hand, its piles against the deck, each category's scorer, the count,
and a primiera dispute settled on its own."""
