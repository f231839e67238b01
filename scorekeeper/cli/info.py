"""``info``: the version, and where the history, the cache and the settings are kept."""

from scorekeeper.cli._help import helps
from scorekeeper.cli.common import JsonOption
from scorekeeper.i18n import N_


@helps(N_("Where scorekeeper keeps the history, the rule-set cache and the settings, and its version."))
def info(json: JsonOption = False) -> None:
    from scorekeeper.output.about import about, about_text
    from scorekeeper.output.text import to_json

    facts = about()
    print(to_json(facts) if json else about_text(facts))
