"""Croissant metadata (``croissant.json``, JSON-LD, Croissant 1.1) of the release.

Generated from the data package (``datapackage.json``, itself built from
:mod:`asobi.report.catalog`), so the two never describe the tables differently:

- one ``cr:FileObject`` per table: its package path as ``contentUrl`` (relative to the folder
  holding ``croissant.json``), ``application/x-parquet``, its size and the package's sha256;
- one ``cr:RecordSet`` per table (``@id``: the package's resource name), described by what one
  row is and the rule variants it covers, with one ``cr:Field`` per column: the column's
  catalogue description, and a type from the Parquet schema (``sc:Integer``, ``sc:Float``,
  ``sc:Boolean``, ``sc:Text``, ``sc:Date``, ``sc:DateTime``); a list column is an array of its
  element type (``isArray``, ``arrayShape`` ``-1`` per level of nesting).

The document is written by asobi itself (no run-time dependency); the tests validate it with
the reference library, ``mlcroissant``, and read records through it. Nothing time-dependent is
written: the same package gives the same bytes.

>>> croissant_type(pa.list_(pa.list_(pa.int64())))
('sc:Integer', 2)
>>> croissant_type(pa.dictionary(pa.int32(), pa.string()))
('sc:Text', 0)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from asobi.report.citation import bibtex, load_citation

CROISSANT_FILE = "croissant.json"
CROISSANT_VERSION = "http://mlcommons.org/croissant/1.1"
PARQUET_FORMAT = "application/x-parquet"  # the media type Croissant readers recognise
# The standard @context of Croissant 1.1 (as mlcroissant writes it).
CONTEXT: dict[str, Any] = {
    "@language": "en",
    "@vocab": "https://schema.org/",
    "arrayShape": "cr:arrayShape",
    "citeAs": "cr:citeAs",
    "column": "cr:column",
    "conformsTo": "dct:conformsTo",
    "containedIn": "cr:containedIn",
    "cr": "http://mlcommons.org/croissant/",
    "rai": "http://mlcommons.org/croissant/RAI/",
    "data": {"@id": "cr:data", "@type": "@json"},
    "dataType": {"@id": "cr:dataType", "@type": "@vocab"},
    "dct": "http://purl.org/dc/terms/",
    "description": {"@container": "@language"},
    "equivalentProperty": "cr:equivalentProperty",
    "examples": {"@id": "cr:examples", "@type": "@json"},
    "extract": "cr:extract",
    "field": "cr:field",
    "fileProperty": "cr:fileProperty",
    "fileObject": "cr:fileObject",
    "fileSet": "cr:fileSet",
    "format": "cr:format",
    "includes": "cr:includes",
    "isArray": "cr:isArray",
    "isLiveDataset": "cr:isLiveDataset",
    "jsonPath": "cr:jsonPath",
    "key": "cr:key",
    "md5": "cr:md5",
    "name": {"@container": "@language"},
    "parentField": "cr:parentField",
    "path": "cr:path",
    "recordSet": "cr:recordSet",
    "references": "cr:references",
    "regex": "cr:regex",
    "repeated": "cr:repeated",
    "replace": "cr:replace",
    "samplingRate": "cr:samplingRate",
    "sc": "https://schema.org/",
    "separator": "cr:separator",
    "source": "cr:source",
    "subField": "cr:subField",
    "transform": "cr:transform",
}


def croissant_type(arrow_type: pa.DataType) -> tuple[str, int]:
    """The Croissant data type of an Arrow type's innermost values, and how many list levels
    wrap them (0 for a scalar column)."""
    depth = 0
    while pa.types.is_list(arrow_type) or pa.types.is_large_list(arrow_type):
        arrow_type = arrow_type.value_type
        depth += 1
    if pa.types.is_fixed_size_list(arrow_type):
        return croissant_type(arrow_type.value_type)[0], depth + 1
    checks = [
        (pa.types.is_boolean, "sc:Boolean"),
        (pa.types.is_integer, "sc:Integer"),
        (pa.types.is_floating, "sc:Float"),
        (pa.types.is_decimal, "sc:Float"),
        (pa.types.is_date, "sc:Date"),
        (pa.types.is_timestamp, "sc:DateTime"),
    ]
    return next((name for check, name in checks if check(arrow_type)), "sc:Text"), depth


def _field(record_set: str, path: str, field: dict[str, Any], arrow: pa.DataType) -> dict:
    data_type, depth = croissant_type(arrow)
    entry: dict[str, Any] = {
        "@type": "cr:Field",
        "@id": f"{record_set}/{field['name']}",
        "name": field["name"],
        "description": f"{field['description']} (Parquet type `{field['arrow_type']}`)",
        "dataType": data_type,
        "source": {"fileObject": {"@id": path}, "extract": {"column": field["name"]}},
    }
    if depth:
        entry["isArray"] = True
        entry["arrayShape"] = ",".join(["-1"] * depth)
    return entry


def build_croissant(package: dict[str, Any], results_dir: str | os.PathLike[str]) -> dict:
    """The Croissant document of ``package`` (a loaded ``datapackage.json``) whose tables are
    under ``results_dir`` (read for their exact Parquet schemas only)."""
    citation = load_citation()
    licences = sorted({r["licenses"][0]["path"] for r in package["resources"]})
    files, record_sets = [], []
    for resource in package["resources"]:
        path = resource["path"]
        schema = pq.read_schema(Path(results_dir) / path)
        files.append(
            {
                "@type": "cr:FileObject",
                "@id": path,
                "name": path,
                "description": f"Table `{resource['title']}` ({resource['rows']} rows), "
                f"licence {resource['licenses'][0]['name']}",
                "contentUrl": path,
                "encodingFormat": PARQUET_FORMAT,
                "contentSize": f"{resource['file_bytes']} B",
                "sha256": resource["hash"].removeprefix("sha256:"),
            }
        )
        record_sets.append(
            {
                "@type": "cr:RecordSet",
                "@id": resource["name"],
                "name": resource["name"],
                "description": f"{resource['description']}. Rule variants: "
                f"{resource['variants']}. Table `{resource['title']}`, file `{path}`.",
                "field": [
                    _field(resource["name"], path, field, schema.field(field["name"]).type)
                    for field in resource["schema"]["fields"]
                ],
            }
        )
    return {
        "@context": CONTEXT,
        "@type": "sc:Dataset",
        "name": package["name"],
        "description": f"{package['title']}. {package['description']}",
        "conformsTo": CROISSANT_VERSION,
        "version": package["version"],
        "license": licences,
        "citeAs": bibtex(citation),
        "creator": [{"@type": "sc:Organization", "name": a["name"]} for a in citation["authors"]],
        "keywords": list(citation.get("keywords", [])),
        "inLanguage": ["en", "ja"],
        "isAccessibleForFree": True,
        "distribution": files,
        "recordSet": record_sets,
    }


def croissant_text(package: dict[str, Any], results_dir: str | os.PathLike[str]) -> str:
    """``croissant.json``'s text: indented JSON, keys in a fixed order, a final newline."""
    document = build_croissant(package, results_dir)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
