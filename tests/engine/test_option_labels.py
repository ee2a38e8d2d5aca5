"""Every operator option says in words what it is and what each choice means."""

from __future__ import annotations

import re
import tomllib

import pytest

from webgame.engine.paytable import RULES_DIR, load_game, option_choices, parse_game
from webgame.games import registry

RAW = re.compile(r"^(True|False|true|false|\[.*\]|[a-z0-9]+(_[a-z0-9]+)+|[a-z]+(-[a-z0-9]+)+)$")


def _raw_options(data, where=""):
    """Each options table written in the file, wherever it is written (defaults or a variant)."""
    for key, value in data.items():
        if not isinstance(value, dict):
            continue
        if key == "options":
            for name, spec in value.items():
                yield f"{where}.options.{name}", spec
        else:
            yield from _raw_options(value, f"{where}.{key}")


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.toml")), ids=lambda p: p.stem)
def test_labels_are_written_beside_the_choices_they_name(path):
    """A variant that overrides an option's choices replaces the default's labels with them:
    written together, the labels never pair with another order of choices."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    for where, spec in _raw_options(data):
        assert spec.get("label"), where
        assert len(spec.get("labels", [])) == len(spec["choices"]), where


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_option_and_choice_reads_as_words(slug):
    for variant in load_game(slug).variants.values():
        for name, spec in variant.options.items():
            assert not RAW.match(spec["label"]), (variant.slug, name)
            for value, words in option_choices(spec):
                assert words and not RAW.match(words), (variant.slug, name, value)


def test_an_option_without_words_is_refused():
    data = {"game": {"slug": "g", "name": "G", "family": "f"},
            "variants": {"v": {"options": {"seats": {"default": 6, "choices": [6, 7], "label": "Seats",
                                                     "labels": ["6 seats"]}}}}}
    with pytest.raises(ValueError, match="one label per choice"):
        parse_game(data)
