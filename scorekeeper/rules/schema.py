"""The JSON Schema of a rule-set file, for editors that check YAML as it is typed."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from scorekeeper.rules.ruleset import Category, RuleSet


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft-07) of a rule-set file, as YAML editors read it."""
    schema = TypeAdapter(RuleSet).json_schema(ref_template="#/definitions/{model}")  # not for players: a format
    definitions = schema.pop("$defs", {})
    categories = TypeAdapter(tuple[Category, ...]).json_schema(
        ref_template="#/definitions/{model}")  # not for players: a format
    definitions |= categories.pop("$defs", {})
    # A variant that extends another may patch a category by id, or remove one.
    patch = {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"},
                                                                 "remove": {"type": "boolean"}}}
    schema["properties"]["categories"] = {"type": "array", "items": {"anyOf": [*categories["items"]["anyOf"], patch]}}
    required = [k for k in schema.pop("required", []) if k != "id"]
    schema["if"] = {"not": {"required": ["extends"]}}
    schema["then"] = {"required": required}
    schema["title"] = "scorekeeper rule set"  # not for players: one committed file, read by editors
    return {"$schema": "http://json-schema.org/draft-07/schema#",  # not for players: a URL
            **schema, "definitions": definitions}
