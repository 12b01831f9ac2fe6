"""``{% keep %}`` and ``{% fresh %}`` (config/kept_tags.py): a fragment drawn once per version and
kept in the shared cache, with the parts that differ per request drawn for each."""

from __future__ import annotations

import itertools
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache
from django.template import Context, Engine, Template, TemplateSyntaxError
from django.utils import translation

from config import kept
from config.kept_tags import KeepNode


def _template(source: str) -> Template:
    return Engine.get_default().from_string("{% load i18n kept %}" + source)


class Counter:
    """A value that says how often it was drawn."""

    def __init__(self) -> None:
        self.count = itertools.count(1)

    def __str__(self) -> str:
        return str(next(self.count))


def test_a_fragment_is_drawn_once_per_version():
    page = _template('{% keep "t" version %}drawn {{ counter }}{% endkeep %}')
    counter = Counter()
    first = page.render(Context({"version": 1, "counter": counter}))
    again = page.render(Context({"version": 1, "counter": counter}))
    moved = page.render(Context({"version": 2, "counter": counter}))
    assert (first, again, moved) == ("drawn 1", "drawn 1", "drawn 2")


def test_every_part_of_the_version_counts():
    page = _template('{% keep "t" match role %}{{ counter }}{% endkeep %}')
    counter = Counter()
    seen = [page.render(Context({"match": 1, "role": role, "counter": counter})) for role in ("a", "b", "a")]
    assert seen == ["1", "2", "1"]


def test_fragments_of_two_names_are_kept_apart():
    counter = Counter()
    one = _template('{% keep "one" 1 %}{{ counter }}{% endkeep %}').render(Context({"counter": counter}))
    two = _template('{% keep "two" 1 %}{{ counter }}{% endkeep %}').render(Context({"counter": counter}))
    assert (one, two) == ("1", "2")


def test_a_fresh_block_is_drawn_for_every_request():
    page = _template('{% keep "t" 1 %}[{{ counter }}|{% fresh %}{{ visitor }}{% endfresh %}]{% endkeep %}')
    counter = Counter()
    seen = [page.render(Context({"counter": counter, "visitor": name})) for name in ("Anna", "Bram")]
    assert seen == ["[1|Anna]", "[1|Bram]"]


def test_fresh_blocks_come_back_in_their_places_also_under_a_condition():
    page = _template(
        '{% keep "t" shown %}a{% fresh %}{{ x }}{% endfresh %}b'
        "{% if shown %}c{% fresh %}{{ y }}{% endfresh %}{% endif %}d{% endkeep %}"
    )
    assert page.render(Context({"shown": True, "x": 1, "y": 2})) == "a1bc2d"
    assert page.render(Context({"shown": True, "x": 3, "y": 4})) == "a3bc4d"
    assert page.render(Context({"shown": False, "x": 5, "y": 6})) == "a5bd"


def test_each_value_is_the_readers_own_and_escaped():
    page = _template('{% keep "t" 1 each key %}<i data-key="{{ key }}">{{ counter }}</i>{% endkeep %}')
    counter = Counter()
    first = page.render(Context({"key": "a<b", "counter": counter}))
    second = page.render(Context({"key": "c", "counter": counter}))
    assert first == '<i data-key="a&lt;b">1</i>'
    assert second == '<i data-key="c">1</i>'


def test_the_csrf_token_in_a_kept_form_is_each_readers_own():
    page = _template('{% keep "t" 1 each csrf_token %}<form>{% csrf_token %}</form>{% endkeep %}')
    drawn = [page.render(Context({"csrf_token": token})) for token in ("first-token", "second-token")]
    assert drawn == [
        '<form><input type="hidden" name="csrfmiddlewaretoken" value="first-token"></form>',
        '<form><input type="hidden" name="csrfmiddlewaretoken" value="second-token"></form>',
    ]


def test_a_version_with_none_in_it_is_drawn_and_not_kept():
    page = _template('{% keep "t" version %}{{ counter }}{% endkeep %}')
    counter = Counter()
    seen = [page.render(Context({"version": None, "counter": counter})) for _ in range(2)]
    assert seen == ["1", "2"]


def test_the_language_is_part_of_the_version():
    page = _template('{% keep "t" 1 %}{% translate "Rules" %} {{ counter }}{% endkeep %}')
    counter = Counter()
    with translation.override("en"):
        english = page.render(Context({"counter": counter}))
    with translation.override("nl"):
        dutch = page.render(Context({"counter": counter}))
    with translation.override("en"):
        english_again = page.render(Context({"counter": counter}))
    assert english == english_again == "Rules 1"
    assert dutch != english and dutch.endswith(" 2")


def test_a_cache_that_fails_draws_the_fragment_every_time(caplog):
    page = _template('{% keep "t" 1 %}{{ counter }}{% endkeep %}')
    counter = Counter()
    with (
        mock.patch.object(cache, "get", side_effect=ConnectionError),
        mock.patch.object(cache, "set", side_effect=ConnectionError),
    ):
        seen = [page.render(Context({"counter": counter})) for _ in range(2)]
    assert seen == ["1", "2"]
    assert "could not read" in caplog.text and "could not keep" in caplog.text


def test_what_a_fragment_is_drawn_from_is_computed_only_when_it_is_drawn():
    fresh = '{% fresh %}{{ rows|default:"-" }}{% endfresh %}'
    page = _template('{% keep "t" version using drawing %}{{ rows }}|' + fresh + "{% endkeep %}")
    calls = []

    def drawing():
        calls.append(1)
        return {"rows": f"rows {len(calls)}"}

    seen = [page.render(Context({"version": version, "drawing": drawing})) for version in (1, 1, 2, None)]
    # Drawn at versions 1 and 2 and, not kept, at None; the fresh block never sees the values.
    assert seen == ["rows 1|-", "rows 1|-", "rows 2|-", "rows 3|-"]
    assert len(calls) == 3


def test_using_something_that_is_not_a_function_returning_a_dict_is_refused():
    page = _template('{% keep "t" version using drawing %}x{% endkeep %}')
    with pytest.raises(TemplateSyntaxError, match="no such function"):
        page.render(Context({"version": None}))
    with pytest.raises(TemplateSyntaxError, match="no dict"):
        page.render(Context({"version": None, "drawing": lambda: ["rows"]}))
    with pytest.raises(TemplateSyntaxError, match="comes last"):
        _template('{% keep "t" version using drawing each csrf_token %}x{% endkeep %}')


def test_a_fresh_block_in_a_loop_is_refused():
    page = _template(
        '{% keep "t" 1 %}{% for x in xs %}{% fresh %}{{ x }}{% endfresh %}{% endfor %}{% endkeep %}'
    )
    with pytest.raises(TemplateSyntaxError):
        page.render(Context({"xs": [1, 2]}))


def test_a_kept_fragment_inside_another_outside_a_fresh_block_is_refused():
    page = _template('{% keep "outer" 1 %}{% keep "inner" 1 %}x{% endkeep %}{% endkeep %}')
    with pytest.raises(TemplateSyntaxError):
        page.render(Context())


def test_a_fresh_block_in_an_included_template_is_refused():
    engine = Engine(
        loaders=[
            (
                "django.template.loaders.locmem.Loader",
                {"part.html": "{% load kept %}{% fresh %}x{% endfresh %}"},
            )
        ],
        libraries={"kept": "config.kept_tags"},
    )
    page = engine.from_string('{% load kept %}{% keep "t" 1 %}{% include "part.html" %}{% endkeep %}')
    with pytest.raises(TemplateSyntaxError):
        page.render(Context())


def test_a_fresh_block_outside_a_kept_fragment_is_drawn_as_it_stands():
    assert _template("{% fresh %}{{ x }}{% endfresh %}").render(Context({"x": "plain"})) == "plain"


def test_a_kept_fragment_needs_a_quoted_name_and_a_version():
    for source in (
        '{% keep "t" %}{% endkeep %}',
        "{% keep t 1 %}{% endkeep %}",
        '{% keep "t" each x %}{% endkeep %}',
    ):
        with pytest.raises(TemplateSyntaxError):
            _template(source)


def test_keeps_in_a_frame_and_a_page_nest():
    """The frame of every page and the sheet inside it are both kept; each fills its own holes."""
    page = _template(
        '{% keep "frame" path each csrf_token %}<body data-csrf="{{ csrf_token }}">'
        '{% fresh %}{% keep "sheet" match each csrf_token %}<form>{% csrf_token %}</form>{{ counter }}'
        "{% fresh %}{{ who }}{% endfresh %}{% endkeep %}{% endfresh %}</body>{% endkeep %}"
    )
    counter = Counter()
    drawn = [
        page.render(Context({"path": "/", "match": 1, "csrf_token": token, "who": who, "counter": counter}))
        for token, who in (("one", "Anna"), ("two", "Bram"))
    ]
    form = '<form><input type="hidden" name="csrfmiddlewaretoken" value="{}"></form>'
    assert drawn == [
        f'<body data-csrf="one">{form.format("one")}1Anna</body>',
        f'<body data-csrf="two">{form.format("two")}1Bram</body>',
    ]


def test_the_site_code_covers_templates_and_modules_but_not_tests():
    paths = {path.resolve() for path in kept.code_paths()}
    root = Path(settings.BASE_DIR)
    assert (root / "templates" / "base.html").resolve() in paths
    assert (root / "matches" / "views.py").resolve() in paths
    assert (root / "config" / "kept_tags.py").resolve() in paths
    assert not any("tests" in path.relative_to(root.resolve()).parts for path in paths)


def test_keep_node_lists_its_fresh_blocks_in_order():
    page = _template('{% keep "t" 1 %}{% fresh %}a{% endfresh %}{% fresh %}b{% endfresh %}{% endkeep %}')
    [node] = page.nodelist.get_nodes_by_type(KeepNode)
    assert [hole.nodelist.render(Context()) for hole in node.holes] == ["a", "b"]
