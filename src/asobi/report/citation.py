"""How the dataset is cited, read from the one ``CITATION.cff`` (shipped as package data):
the BibTeX entry of the Hub card and of Croissant's ``citeAs``, and the keywords that become
the Hub's tags.

>>> tag("Frictionless Data Package")
'frictionless-data-package'
>>> print(bibtex({"title": "T", "version": "1.0.0", "authors": [{"name": "A B"}]}))
@misc{asobi_results_1_0_0,
  title = {T},
  author = {{A B}},
  note = {Dataset, version 1.0.0},
}
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import yaml

from asobi.core.config import package_data


@cache
def load_citation() -> dict[str, Any]:
    """``CITATION.cff`` as a mapping."""
    return yaml.safe_load(package_data("CITATION.cff").read_text("utf-8"))


def _author(author: dict[str, Any]) -> str:
    if "name" in author:
        return "{" + str(author["name"]) + "}"  # an entity: BibTeX keeps it whole
    return f"{author.get('family-names', '')}, {author.get('given-names', '')}".strip(", ")


def bibtex(citation: dict[str, Any]) -> str:
    """A BibTeX ``@misc`` entry for the dataset described by ``citation`` (CFF fields)."""
    version = str(citation.get("version", ""))
    key = "asobi_results" + ("_" + re.sub(r"\W", "_", version) if version else "")
    fields = [
        ("title", citation["title"]),
        ("author", " and ".join(_author(a) for a in citation.get("authors", []))),
        ("note", f"Dataset, version {version}" if version else "Dataset"),
    ]
    if "url" in citation:
        fields.append(("url", citation["url"]))
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields)
    return f"@misc{{{key},\n{body}}}"


def tag(keyword: str) -> str:
    """A Hub tag from a keyword: lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", keyword.lower()).strip("-")
