"""In production a static file is named by a hash of its contents (whitenoise's compressed
manifest storage, as the settings choose it), so browsers may keep it forever and a new release
is fetched anew."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.files.storage import FileSystemStorage
from django.utils.module_loading import import_string

from tests.settings_runs import production_setting

SHOW = (
    "import django; django.setup(); from django.conf import settings; "
    "print(settings.STORAGES['staticfiles']['BACKEND'])"
)


def production_static_storage_class() -> Any:
    return import_string(production_setting(SHOW))


def test_production_names_a_static_file_by_its_contents_and_compresses_it(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (source / "css").mkdir(parents=True)
    (source / "css" / "site.css").write_text("body { color: green }\n" * 100)
    storage = production_static_storage_class()(location=tmp_path / "static", base_url="/static/")
    # What collectstatic does with one file: copy it, then hash it into the manifest.
    target = tmp_path / "static" / "css" / "site.css"
    target.parent.mkdir(parents=True)
    target.write_text((source / "css" / "site.css").read_text())
    list(storage.post_process({"css/site.css": (FileSystemStorage(location=source), "css/site.css")}))

    url = storage.url("css/site.css")
    assert url.startswith("/static/css/site.") and url.endswith(".css") and url != "/static/css/site.css"
    assert (tmp_path / "static" / url.removeprefix("/static/")).with_suffix(".css.gz").exists()
