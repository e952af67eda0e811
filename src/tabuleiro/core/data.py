"""Loading versioned component data files shipped inside game packages."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from tabuleiro.core.errors import DataError


def load_json(package: str, filename: str, schema_version: int) -> dict[str, Any]:
    """The JSON object in `filename` of `package`'s ``data/`` folder.

    Raises:
        DataError: missing file, invalid JSON, not an object, or another schema version.
    """
    source = resources.files(package).joinpath("data", filename)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{filename}: cannot read ({exc.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(
            f"{filename}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    if not isinstance(data, dict):
        raise DataError(f"{filename}: expected a JSON object at the top level")
    found = data.get("schema_version")
    if found != schema_version:
        raise DataError(f"{filename}: schema_version is {found!r}, expected {schema_version}")
    return data


def expect(condition: bool, filename: str, path: str, expected: str) -> None:
    """Raise `DataError` naming file, path and expectation unless `condition` holds."""
    if not condition:
        raise DataError(f"{filename}: {path}: expected {expected}")
