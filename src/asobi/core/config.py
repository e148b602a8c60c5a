"""Load and validate the pipeline configuration.

The schema gives every key a type, a description and a default. It ships inside the package
(``asobi/data/config.schema.yaml``; ``workflow/schemas/config.schema.yaml`` links to it), so
the command line finds it from an installed wheel as well as from a checkout.
:func:`validate_config` fills defaults and reports the first problem as one line naming the
key, e.g. ``config key 'fivelines.total_max': 'abc' is not of type 'integer'``.
"""

from __future__ import annotations

import copy
import functools
import importlib.resources
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from asobi.core.errors import ConfigError


def package_data(*parts: str) -> Path:
    """Path of a file shipped in ``asobi/data`` (the schema, the vendored inputs).

    The files are package data, read through :mod:`importlib.resources`, so they are found
    from an installed wheel as well as from a checkout (``resources/`` links to them).
    """
    resource = importlib.resources.files("asobi").joinpath("data", *parts)
    return Path(str(resource))


DEFAULT_SCHEMA = package_data("config.schema.yaml")


def _is_strict_integer(checker: object, instance: object) -> bool:
    """YAML ``1.0e+1`` is a float: not an integer (jsonschema alone would accept 10.0)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def _is_finite_number(checker: object, instance: object) -> bool:
    """``.nan`` and ``.inf`` are not usable numbers (a timeout of ``.inf`` never ends)."""
    return (
        isinstance(instance, int | float)
        and not isinstance(instance, bool)
        and math.isfinite(instance)
    )


def _with_defaults(validator_class: type) -> type:
    """A jsonschema validator that fills ``default`` values of missing properties, where an
    integer must be written as one and a number must be finite."""
    validate_properties = validator_class.VALIDATORS["properties"]

    def set_defaults(validator, properties, instance, schema):  # type: ignore[no-untyped-def]
        if isinstance(instance, dict):
            for name, subschema in properties.items():
                if "default" in subschema:
                    instance.setdefault(name, copy.deepcopy(subschema["default"]))
                elif subschema.get("type") == "object" and name not in instance:
                    instance[name] = {}
        yield from validate_properties(validator, properties, instance, schema)

    type_checker = validator_class.TYPE_CHECKER.redefine_many(
        {"integer": _is_strict_integer, "number": _is_finite_number}
    )
    return jsonschema.validators.extend(
        validator_class, {"properties": set_defaults}, type_checker=type_checker
    )


#: libyaml's safe loader where PyYAML was built with it (10x faster on the schema; every
#: Snakemake start reads it, twice per cluster job), the pure-Python one otherwise.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(path: str | os.PathLike[str]) -> Any:
    """Read a YAML file, turning syntax errors into :class:`ConfigError`."""
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.load(handle, Loader=SAFE_LOADER)
    except FileNotFoundError as error:
        raise ConfigError(f"config file not found: {path}") from error
    except yaml.YAMLError as error:
        raise ConfigError(
            f"config file {path} is not valid YAML: {error}".splitlines()[0]
        ) from error


def validate_config(
    config: Mapping[str, Any] | None, schema_path: str | os.PathLike[str] = DEFAULT_SCHEMA
) -> dict[str, Any]:
    """Return a validated copy of ``config`` with defaults filled in."""
    if config is None:
        config = {}
    if not isinstance(config, Mapping):
        raise ConfigError("config must be a mapping of sections (got a plain value)")
    schema = load_yaml(schema_path)
    checked = copy.deepcopy(dict(config))
    validator_class = _with_defaults(jsonschema.validators.validator_for(schema))
    validator = validator_class(schema)
    errors = sorted(validator.iter_errors(checked), key=lambda e: list(e.absolute_path))
    if errors:
        raise ConfigError(_describe(errors[0]))
    return checked


def _describe(error: jsonschema.ValidationError) -> str:
    path = ".".join(str(part) for part in error.absolute_path)
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        where = f"{path}." if path else ""
        return f"unknown config key '{where}{extra[0]}'" if extra else error.message
    if error.validator == "type" and isinstance(error.instance, float):
        if not math.isfinite(error.instance):
            return f"config key '{path}': {error.instance} is not a finite number"
        if error.validator_value == "integer":
            number = error.instance
            return f"config key '{path}': {number!r} is not an integer (write it without a point)"
    return f"config key '{path or '<root>'}': {error.message}"


def load_config(
    path: str | os.PathLike[str],
    schema_path: str | os.PathLike[str] = DEFAULT_SCHEMA,
) -> dict[str, Any]:
    """Read and validate a config file."""
    return validate_config(load_yaml(path), schema_path)


def schema_entry(section: str, key: str) -> dict[str, Any]:
    """The schema of one config key (its ``default``, ``minimum``, ``maximum``,
    ``description``), so that a CLI option can take the same range as the config key.

    >>> schema_entry("fivelines", "grundy_max")["maximum"]
    8192
    """
    return dict(_default_schema()["properties"][section]["properties"][key])


@functools.cache
def _default_schema() -> dict[str, Any]:
    """The packaged config schema, read once per process (callers must not change it)."""
    return load_yaml(DEFAULT_SCHEMA)


def require_at_least(block: Mapping[str, Any], key: str, other: str, section: str) -> None:
    """:class:`ConfigError` unless ``block[key] >= block[other]`` (a bound that a schema
    cannot state; checked while the workflow is parsed, without importing the game).

    >>> require_at_least({"tally_max": 10, "primes_max": 100}, "tally_max", "primes_max", "d")
    Traceback (most recent call last):
    asobi.core.errors.ConfigError: d: tally_max (10) must be at least primes_max (100)
    """
    if block[key] < block[other]:
        raise ConfigError(
            f"{section}: {key} ({block[key]}) must be at least {other} ({block[other]})"
        )
