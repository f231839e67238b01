"""The pages served to phones at the table: a thin face over the same library calls as the CLI.

``scorekeeper serve`` runs ``app.create_app`` under uvicorn; each request parses its form, makes one
library call (through ``history``, ``scoring`` or ``play``) and renders a template. Nothing here
counts a point.
"""
