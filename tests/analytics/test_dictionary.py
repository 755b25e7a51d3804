"""The data dictionary in docs/analytics.md is the one the column declarations generate."""

from analytics.dictionary import DOC, render, section
from analytics.export import GAMES_SCHEMA
from analytics.facts import FACTS


def test_the_documented_dictionary_is_the_generated_one():
    assert section(DOC.read_text()) == render(), (
        "docs/analytics.md's data dictionary differs from the declarations: run python -m analytics.dictionary"
    )


def test_every_table_and_column_is_documented_with_a_meaning():
    text = render()
    for tables in FACTS.values():
        for t in tables:
            assert f"`{t.name}`" in text
            assert all(c.doc.strip() for c in t.all_columns), t.name
    assert all(f"| {name} |" in text for name in GAMES_SCHEMA.names)
