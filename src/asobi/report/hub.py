"""The dataset as a Hugging Face Hub dataset repository: ``dist/asobi-results-<version>-hub/``.

``make release`` writes this folder beside the archive, from the same files
(:func:`~asobi.report.release.release_files`): the Parquet tables at their package paths,
``datapackage.json``, ``croissant.json``, ``CITATION.cff``, the licences, ``SHA256SUMS`` (of
every other file), and instead of ``DATASET.md`` a ``README.md`` that the Hub reads as the
dataset card: the same card, generated from the package, under a YAML header with

- ``configs``: one per table, named after its package resource (``fivelines.positions``),
  whose ``data_files`` is the table's path as the ``train`` split (the merged claims are
  the ``default`` config);
- ``license`` (``mit``, and ``cc-by-sa-4.0`` when a yokai-derived table is in it; each table's
  own licence is in the card), ``pretty_name``, ``language``, ``tags`` (the keywords of
  ``CITATION.cff``), ``size_categories`` (from the total row count);

and two sections more in the card: how to load a table with 🤗 Datasets, and the BibTeX
citation. Upload the folder as it is, e.g. ``hf upload OWNER/NAME <folder> --repo-type
dataset``. The same results give the same folder, byte for byte.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import yaml

from asobi.report.citation import bibtex, load_citation, tag
from asobi.report.datapackage import PACKAGE_FILE, dataset_card
from asobi.report.release import (
    ARCHIVE_PREFIX,
    CARD_FILE,
    release_files,
    release_version,
    with_sums,
)

HUB_CARD = "README.md"
HUB_SUFFIX = "-hub"
SPLIT = "train"
DEFAULT_CONFIG = "claims"  # the merged claims table's resource name
# The Hub's size categories (number of rows), smallest first: (upper bound, label).
SIZE_CATEGORIES = [
    (1_000, "n<1K"),
    (10_000, "1K<n<10K"),
    (100_000, "10K<n<100K"),
    (1_000_000, "100K<n<1M"),
    (10_000_000, "1M<n<10M"),
    (100_000_000, "10M<n<100M"),
    (1_000_000_000, "100M<n<1B"),
    (10_000_000_000, "1B<n<10B"),
]


def hub_folder_name(version: str) -> str:
    """``asobi-results-<version>-hub``.

    >>> hub_folder_name("1.0.0")
    'asobi-results-1.0.0-hub'
    """
    return f"{ARCHIVE_PREFIX}-{version}{HUB_SUFFIX}"


def size_category(rows: int) -> str:
    """The Hub's size category for a dataset of ``rows`` rows.

    >>> size_category(999), size_category(1000), size_category(25_000_000)
    ('n<1K', '1K<n<10K', '10M<n<100M')
    """
    return next((label for bound, label in SIZE_CATEGORIES if rows < bound), "n>10B")


def hub_configs(package: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``configs`` of the card's header: one per table, its file as the ``train`` split."""
    configs = []
    for resource in package["resources"]:
        config: dict[str, Any] = {
            "config_name": resource["name"],
            "data_files": [{"split": SPLIT, "path": resource["path"]}],
        }
        if resource["name"] == DEFAULT_CONFIG:
            config["default"] = True
        configs.append(config)
    return configs


def front_matter(package: dict[str, Any], citation: dict[str, Any]) -> dict[str, Any]:
    """The card's YAML header (Hub dataset card metadata)."""
    names = {r["licenses"][0]["name"].lower() for r in package["resources"]}
    licences = sorted(names or {"mit"})
    rows = sum(r["rows"] for r in package["resources"])
    return {
        "pretty_name": package["title"],
        "license": licences[0] if len(licences) == 1 else licences,
        "language": ["en", "ja"],
        "tags": [tag(k) for k in citation.get("keywords", [])],
        "size_categories": [size_category(rows)],
        "configs": hub_configs(package),
    }


def hub_sections(package: dict[str, Any], citation: dict[str, Any]) -> str:
    """The card's sections on loading with 🤗 Datasets and on citing."""
    folder = hub_folder_name(str(package.get("version", "unknown")))
    names = [r["name"] for r in package["resources"]]
    example = DEFAULT_CONFIG if DEFAULT_CONFIG in names else (names[0] if names else "NAME")
    return "\n".join(
        [
            "## Load with 🤗 Datasets",
            "",
            "Every table is a config of this repository (its name: the table's resource "
            "name in `datapackage.json`), with one split, `train`. From the folder that "
            f"holds `{folder}/` (on the Hub, with the repository id in place of the folder "
            "name):",
            "",
            "```python",
            load_line(folder, example),
            "```",
            "",
            f"Configs: {', '.join(f'`{n}`' for n in names)}. The metadata is also given as "
            "a Frictionless Data Package (`datapackage.json`) and as Croissant "
            "(`croissant.json`); `SHA256SUMS` holds the hash of every file.",
            "",
            "## Citation",
            "",
            "```bibtex",
            bibtex(citation),
            "```",
            "",
        ]
    )


def load_line(folder: str, config: str) -> str:
    """One line that loads ``config`` of the dataset in ``folder`` (a local folder or a Hub
    repository id).

    >>> print(load_line("hub", "claims"))
    from datasets import load_dataset; ds = load_dataset("hub", "claims", split="train")
    """
    return (
        f'from datasets import load_dataset; ds = load_dataset("{folder}", "{config}", '
        f'split="{SPLIT}")'
    )


def hub_card(package: dict[str, Any]) -> str:
    """``README.md`` of the Hub repository: the YAML header and the dataset card."""
    citation = load_citation()
    header = yaml.safe_dump(
        front_matter(package, citation), sort_keys=False, allow_unicode=True, width=1000
    )
    return f"---\n{header}---\n\n" + dataset_card(package, hub_sections(package, citation))


def hub_members(files: dict[str, bytes]) -> dict[str, bytes]:
    """The Hub folder's files from the release ``files``: ``README.md`` in place of
    ``DATASET.md``, and ``SHA256SUMS`` of the rest."""
    package = json.loads(files[PACKAGE_FILE])
    members = {name: content for name, content in files.items() if name != CARD_FILE}
    members[HUB_CARD] = hub_card(package).encode("utf-8")
    return with_sums(members)


def write_hub(
    results_dir: str | os.PathLike[str],
    out_dir: str | os.PathLike[str] = "dist",
    files: dict[str, bytes] | None = None,
) -> Path:
    """Write ``out_dir/asobi-results-<version>-hub/`` for the tables under ``results_dir``
    and return its path. It is built beside, then renamed into place (an older folder of
    the same name is replaced). ``files``: the release files, when the caller has them."""
    files = release_files(results_dir) if files is None else files
    target = Path(out_dir) / hub_folder_name(release_version(files))
    temporary = target.with_name(f".{target.name}.tmp")
    shutil.rmtree(temporary, ignore_errors=True)
    for name, content in hub_members(files).items():
        path = temporary / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    if target.exists():
        old = target.with_name(f".{target.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        os.replace(target, old)
        os.replace(temporary, target)
        shutil.rmtree(old)
    else:
        os.replace(temporary, target)
    return target
