"""Production's static storage keeps each file's address once worked out, and forgets them all
when ``collectstatic`` writes a new manifest."""

from __future__ import annotations

from pathlib import Path

from django.core.files.storage import FileSystemStorage

from config.static import StaticFilesStorage


def _collect(storage: StaticFilesStorage, source: Path) -> None:
    """What ``collectstatic`` does with one file: copy it, then hash it into the manifest."""
    target = Path(storage.location) / "css" / "site.css"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text((source / "css" / "site.css").read_text())
    list(storage.post_process({"css/site.css": (FileSystemStorage(location=source), "css/site.css")}))


def test_names_the_hashed_file_as_whitenoise_does(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (source / "css").mkdir(parents=True)
    (source / "css" / "site.css").write_text("body { color: green }")
    storage = StaticFilesStorage(location=tmp_path / "static", base_url="/static/")
    _collect(storage, source)
    url = storage.url("css/site.css")
    assert url.startswith("/static/css/site.") and url.endswith(".css") and url != "/static/css/site.css"
    assert (
        storage.url("css/site.css")
        == url
        == StaticFilesStorage(location=tmp_path / "static", base_url="/static/").url("css/site.css")
    )


def test_a_new_collectstatic_replaces_the_addresses_kept(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (source / "css").mkdir(parents=True)
    (source / "css" / "site.css").write_text("body { color: green }")
    storage = StaticFilesStorage(location=tmp_path / "static", base_url="/static/")
    _collect(storage, source)
    before = storage.url("css/site.css")
    (source / "css" / "site.css").write_text("body { color: red }")
    _collect(storage, source)
    assert storage.url("css/site.css") != before
