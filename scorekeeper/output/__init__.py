"""What people read: text tables, the match sheet, exports (CSV, JSON, Markdown, HTML)."""
