"""A house game's definition is declared once (``scoring.declared.schema``): the JSON reader,
the writer, the declaration form and the API's schema agree on every field's default, limits
and choices, and any definition the engine accepts goes through the form and back unchanged."""

from __future__ import annotations

from dataclasses import MISSING
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from hypothesis import assume, given, settings

from house.forms import CHOICES, LABELS, HouseGameForm, form_fields, initial_from
from scoring.declared import (
    BLOCKS,
    TEMPLATES,
    BidsBlock,
    Definition,
    End,
    EndKind,
    FieldKind,
    PointsBlock,
    WentOutBlock,
    Winner,
    definition_json,
    read_definition,
    schema,
)
from tests.conftest import _api_client
from tests.scoring.test_declared import definitions

MINIMAL = {"name": "Any", "players": {"min": 3, "max": 5}, "end": {"kind": "target", "value": 100}}


def posted(initial: dict[str, Any]) -> dict[str, str]:
    """What a phone posts for a form showing ``initial``: every value as text, a ticked box as
    "on", an unticked one and an empty field left out or empty."""
    data: dict[str, str] = {}
    for name, value in initial.items():
        if value is True:
            data[name] = "on"
        elif value is None or value is False:
            continue
        else:
            data[name] = str(value)
    return data


def form_fields_of(kind: str) -> dict[str, Any]:
    return HouseGameForm(kind=kind).fields


@pytest.fixture(scope="module")
def api_components(tmp_path_factory, django_db_setup, django_db_blocker) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("schema") / "schema.yml"
    with django_db_blocker.unblock():
        call_command("spectacular", "--file", str(path))
    return yaml.safe_load(path.read_text())["components"]["schemas"]


@pytest.mark.parametrize(
    ("entry", "block"),
    [
        ({"kind": "points"}, PointsBlock()),
        ({"kind": "went_out"}, WentOutBlock()),
        ({"kind": "bids"}, BidsBlock()),
    ],
)
def test_the_reader_fills_in_the_dataclass_defaults_of_every_block(entry, block):
    """A bids block left at its defaults scores 10 + 2 per trick with the dealer's rule, as the
    dataclass says (the reader used to say 0 and off)."""
    assert (
        read_definition(
            {**MINIMAL, "entry": entry, "end": {"kind": "schedule"}}
            if entry["kind"] == "bids"
            else {**MINIMAL, "entry": entry}
        ).entry
        == block
    )


def test_the_end_implies_its_winner_and_the_definition_its_team_size():
    definition = read_definition({**MINIMAL, "entry": {}, "end": {"kind": "threshold", "value": 100}})
    assert definition.end == End(EndKind.THRESHOLD, 100, Winner.LOWEST)
    assert definition.team_size == 1
    assert definition.entry == PointsBlock()


@pytest.mark.parametrize("kind", [kind.value for kind in BLOCKS])
def test_the_form_has_the_schemas_defaults_limits_and_choices(kind):
    fields = form_fields_of(kind)
    for name, item, block in form_fields():
        if block and block != kind:
            assert not any(field.startswith(f"{block}.") for field in fields)
            continue
        assert name in LABELS
        if item.kind == FieldKind.CARDS:
            card = fields[f"{name}.A"]
            assert (card.min_value, card.max_value) == (item.spec.low, item.spec.high)
            continue
        field = fields[name]
        default = item.default()
        if name != "entry.kind":
            assert field.initial == (None if default is MISSING else getattr(default, "value", default)), name
        if item.kind == FieldKind.INT and name not in CHOICES:
            assert (field.min_value, field.max_value) == (item.spec.low, item.highest), name
        if item.kind == FieldKind.INT and name in CHOICES:
            assert [value for value, _label in field.choices] == list(
                range(item.spec.low, item.spec.high + 1)
            )
        if item.kind == FieldKind.CHOICE:
            assert [value for value, _label in field.choices] == list(item.choices), name
        if item.kind == FieldKind.TEXT:
            assert field.max_length == item.spec.high


def test_the_form_shows_only_the_chosen_blocks_fields():
    assert sorted(name for name in form_fields_of("bids") if name.startswith(("points.", "went_out."))) == []
    assert sum(name.startswith("went_out.") for name in form_fields_of("went_out")) == 4 + 14
    assert len(form_fields_of("points")) < 29


def api_property(components: dict[str, Any], component: str, key: str) -> dict[str, Any]:
    properties = components[component]["properties"]
    if "." in key:
        group, key = key.split(".", 1)
        nested = properties[group]
        ref = nested.get("$ref") or nested["allOf"][0]["$ref"]
        properties = components[ref.rsplit("/", 1)[1]]["properties"]
    return properties[key]


@pytest.mark.parametrize(
    ("cls", "component"),
    [
        (Definition, "HouseGameDefinition"),
        (End, "HouseGameEnd"),
        (PointsBlock, "HouseGamePointsBlock"),
        (WentOutBlock, "HouseGameWentOutBlock"),
        (BidsBlock, "HouseGameBidsBlock"),
    ],
)
def test_the_api_schema_has_the_schemas_defaults_limits_and_choices(api_components, cls, component):
    for item in schema(cls):
        prop = api_property(api_components, component, item.key)
        default = item.default()
        # No default and a default of null both leave "default" out; ``required`` tells them apart.
        expected = None if default is MISSING else getattr(default, "value", default)
        assert prop.get("default") == expected, item.key
        assert bool(prop.get("nullable")) == item.nullable, item.key
        if item.kind == FieldKind.INT:
            assert (prop.get("minimum"), prop.get("maximum")) == (item.spec.low, item.highest), item.key
        if item.kind == FieldKind.CHOICE:
            enum = api_components[prop["allOf"][0]["$ref"].rsplit("/", 1)[1]]["enum"]
            assert enum == list(item.choices), item.key
        if item.kind == FieldKind.TEXT:
            assert prop["maxLength"] == item.spec.high
    required = set(api_components[component].get("required", ()))
    assert required == {item.key.split(".")[0] for item in schema(cls) if item.unused is MISSING}


def test_the_api_entry_is_one_of_the_blocks_by_its_kind(api_components):
    mapping = api_components["HouseGameEntry"]["discriminator"]["mapping"]
    assert set(mapping) == {kind.value for kind in BLOCKS}


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_template_goes_through_the_form_unchanged(template):
    definition = read_definition(TEMPLATES[template])
    form = HouseGameForm(posted(initial_from(TEMPLATES[template])))
    assert form.is_valid(), form.errors
    assert read_definition(form.definition()) == definition


@settings(max_examples=80, deadline=None)
@given(definitions())
def test_any_definition_goes_through_the_writer_reader_and_form_unchanged(definition):
    """Written, read back, shown in the form and posted as a phone would: the same definition."""
    assume(definition is not None)
    written = definition_json(definition)
    assert read_definition(written) == definition
    form = HouseGameForm(posted(initial_from(written)))
    assert form.is_valid(), form.errors
    assert read_definition(form.definition()) == definition


def test_the_api_reads_a_definition_with_the_same_defaults_as_the_form(alice, klaverclub):
    """A bids block posted with only its kind is declared with the defaults the API's schema and
    the form show: 10 + 2 per trick, 2 per trick off, the dealer's rule, 7 cards at the peak."""
    body = {**MINIMAL, "entry": {"kind": "bids"}, "end": {"kind": "schedule"}}
    response = _api_client(alice).post(f"/api/clubs/{klaverclub.pk}/games/", body, format="json")
    assert response.status_code == 201, response.json()
    entry = response.json()["definition"]["entry"]
    form = HouseGameForm(kind="bids")
    for key in ("cards", "deck", "dealer_rule", "hit_base", "hit_per_trick", "miss_per_trick", "miss_fixed"):
        assert entry[key] == form.fields[f"bids.{key}"].initial, key
    assert entry["hit_base"] == 10 and entry["dealer_rule"] is True
