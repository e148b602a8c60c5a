"""The release archive of the dataset: ``dist/asobi-results-<version>.tar.gz``.

One folder ``asobi-results-<version>/`` holding every table of the data package (at its
package path), ``datapackage.json``, ``croissant.json`` (:mod:`asobi.report.croissant`),
``DATASET.md``, ``CITATION.cff``, the licences
(``LICENSE``: MIT; ``LICENSE-CC-BY-SA-4.0.txt`` when a table is CC BY-SA 4.0) and
``SHA256SUMS`` (``sha256sum -c SHA256SUMS`` inside the folder checks every other file).
``<version>`` is the package's ``version`` (the asobi version that described the tables).

The same results give the same archive byte for byte: members in sorted order, every mtime
:data:`FIXED_MTIME`, owner and group 0 with empty names (no user names), fixed modes, and a
gzip header without name or time. The tables are checked against the package first
(:func:`~asobi.report.validate.validate_results`), so a release never ships a table that
differs from its description.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import tarfile
from pathlib import Path, PurePosixPath

from asobi.core.config import package_data
from asobi.core.errors import DataError
from asobi.report.catalog import YOKAI_LICENCE
from asobi.report.croissant import CROISSANT_FILE, croissant_text
from asobi.report.datapackage import PACKAGE_FILE, load_package
from asobi.report.validate import validate_results

ARCHIVE_PREFIX = "asobi-results"
CARD_FILE = "DATASET.md"
SUMS_FILE = "SHA256SUMS"
# 2000-01-01T00:00:00Z: any constant does; this one reads as "not a real date".
FIXED_MTIME = 946_684_800
# (name in the archive, package data path) of the texts every release carries.
CITATION = ("CITATION.cff", ("CITATION.cff",))
MIT_LICENCE = ("LICENSE", ("licences", "MIT.txt"))
YOKAI_LICENCE_TEXT = ("LICENSE-CC-BY-SA-4.0.txt", ("licences", "CC-BY-SA-4.0.txt"))


def archive_name(version: str) -> str:
    """``asobi-results-<version>.tar.gz``.

    >>> archive_name("0.1.0")
    'asobi-results-0.1.0.tar.gz'
    """
    return f"{ARCHIVE_PREFIX}-{version}.tar.gz"


def release_files(results_dir: str | os.PathLike[str]) -> dict[str, bytes]:
    """Every file of the release but ``SHA256SUMS`` (name inside the release folder ->
    content). Fails with :class:`DataError` when the tables do not match the package or the
    dataset card is missing."""
    root = Path(results_dir)
    problems = validate_results(root, reference=False)
    if problems:
        listed = "; ".join(problems[:5]) + ("; …" if len(problems) > 5 else "")
        raise DataError(f"{root}: the tables do not match {PACKAGE_FILE}, no release: {listed}")
    if not (root / CARD_FILE).is_file():
        raise DataError(f"{root / CARD_FILE}: missing (write it with `asobi report card`)")
    package = load_package(root / PACKAGE_FILE)
    files = {PACKAGE_FILE: root / PACKAGE_FILE, CARD_FILE: root / CARD_FILE}
    texts = [CITATION, MIT_LICENCE]
    if any(r["licenses"][0]["name"] == YOKAI_LICENCE["name"] for r in package["resources"]):
        texts.append(YOKAI_LICENCE_TEXT)
    for name, parts in texts:
        files[name] = package_data(*parts)
    for resource in package["resources"]:
        files[resource["path"]] = root / resource["path"]
    members = {name: Path(path).read_bytes() for name, path in files.items()}
    members[CROISSANT_FILE] = croissant_text(package, root).encode("utf-8")
    return members


def with_sums(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` and ``SHA256SUMS``: one ``sha256sum`` line per file, sorted by name."""
    sums = "".join(
        f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in sorted(files.items())
    )
    return {**files, SUMS_FILE: sums.encode("ascii")}


def release_members(results_dir: str | os.PathLike[str]) -> dict[str, bytes]:
    """Every file of the release (name inside the release folder -> content), SHA256SUMS
    included (see :func:`release_files`)."""
    return with_sums(release_files(results_dir))


def release_version(files: dict[str, bytes]) -> str:
    """The version of the package among the release ``files``."""
    return str(json.loads(files[PACKAGE_FILE]).get("version", "unknown"))


def _entry(name: str, *, directory: bool = False, size: int = 0) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.mtime = FIXED_MTIME
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    if directory:
        info.type = tarfile.DIRTYPE
        info.mode = 0o755
    else:
        info.mode = 0o644
        info.size = size
    return info


def archive_bytes(members: dict[str, bytes], folder: str) -> bytes:
    """A gzip-compressed tar of ``members`` under ``folder/``, the same bytes for the same
    members (sorted entries, directories included, fixed metadata)."""
    paths = sorted(members)
    directories = {folder}
    for path in paths:
        directories.update(str(p) for p in PurePosixPath(folder, path).parents if str(p) != ".")
    entries = sorted(
        [(d, None) for d in directories] + [(f"{folder}/{p}", members[p]) for p in paths]
    )
    buffer = io.BytesIO()
    with (
        gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        for name, content in entries:
            if content is None:
                tar.addfile(_entry(name, directory=True))
            else:
                tar.addfile(_entry(name, size=len(content)), io.BytesIO(content))
    return buffer.getvalue()


def write_release(
    results_dir: str | os.PathLike[str],
    out_dir: str | os.PathLike[str] = "dist",
    files: dict[str, bytes] | None = None,
) -> Path:
    """Write ``out_dir/asobi-results-<version>.tar.gz`` for the tables under ``results_dir``
    (atomically: a temporary file, then a rename) and return its path. ``files``: the
    :func:`release_files` of ``results_dir``, when the caller already has them."""
    files = release_files(results_dir) if files is None else files
    version = release_version(files)
    data = archive_bytes(with_sums(files), f"{ARCHIVE_PREFIX}-{version}")
    target = Path(out_dir) / archive_name(version)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)
    return target
