"""Ratings and season points, worked out from finished matches: pure, nothing read or written here.

``rating`` rates matches in the order they finished with openskill's Plackett-Luce model; ``pools``
says which matches share a rating (a game family and a team shape); ``profile`` sums up one
player's matches; ``seasons`` adds up season points.
"""
