"""A production server without collected static files refuses to start and says why."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.core.exceptions import ImproperlyConfigured

from config.startup import require_collected_static


def test_refuses_to_start_without_collectstatic_and_names_the_command(tmp_path: Path) -> None:
    storage = ManifestStaticFilesStorage(location=tmp_path)
    with pytest.raises(ImproperlyConfigured, match="collectstatic"):
        require_collected_static(storage)


def test_starts_once_the_manifest_exists(tmp_path: Path) -> None:
    storage = ManifestStaticFilesStorage(location=tmp_path)
    (tmp_path / storage.manifest_name).write_text('{"paths": {}, "version": "1.1"}')
    require_collected_static(storage)


def test_local_storage_needs_no_collected_files() -> None:
    # The test settings serve static files from their folders (no manifest to wait for).
    require_collected_static()


def test_a_started_server_leaves_what_start_up_made_out_of_the_collectors_walks() -> None:
    """``config/wsgi.py`` freezes the objects of start-up (``gc.freeze``): a full collection in
    a request then walks only what requests made."""
    import os
    import subprocess
    import sys

    probe = "import gc, config.wsgi; print(gc.get_freeze_count())"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"},
        cwd=Path(__file__).resolve().parents[1],
    )
    assert int(done.stdout.strip()) > 10_000
