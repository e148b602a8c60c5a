"""Job-level proof-number search over the open shiritori pairs (``asobi shiritori jobs``).

    asobi shiritori jobs run --state DIR --rounds N [--profile profiles/slurm] [--configfile F]

The driver keeps, in the folder ``DIR``, one small tree per open (variant, start word) pair
(:mod:`asobi.shiritori.jobtree`). Every round it

1. picks up to ``slots`` most-proving leaves across the open pairs, and adds one
   certificate job for every pair whose tree is proven but not yet certified; writes them to
   ``rounds/NNNN/manifest.json`` (the round's plan, written once: a resumed round runs the
   same jobs);
2. runs them in one Snakemake invocation of ``workflow/shiritori-jobs.smk`` (one job per
   leaf or certificate, a wildcard each), locally two at a time or on Slurm through a
   profile; Snakemake skips the jobs whose files exist, so a killed round resumes;
3. applies the leaf results to the trees, checks every new certificate with the rules-only
   verifier (:func:`asobi.shiritori.merge.check`) and counts a pair as decided only then,
   merges the checked certificates of each variant into ``proofs/VARIANT.parquet``
   (:func:`asobi.shiritori.merge.merge_proofs`, which checks them once more) and lists the
   decided pairs in ``decided.csv``; and writes ``state.json`` (trees, statuses, the next
   round) atomically, last.

A kill at any point leaves either the previous ``state.json`` (the round is run again from
its manifest and its finished jobs' files) or the new one. A winner is never guessed: a
pair whose certificate does not check, or whose certificate search runs out of budget, stays
open (``uncertified``), and its certificate job is tried again with a larger budget
(``certify_growth``), at most ``certify_attempts`` times.

The settings (``config/shiritori-jobs.yaml``, schema ``workflow/schemas/
shiritori-jobs.schema.yaml``) are read when the folder is created and kept in
``settings.json``; a later ``--configfile`` replaces them from the next round on.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from asobi.core.config import load_yaml, package_data, validate_config
from asobi.core.errors import DataError, InputError
from asobi.shiritori.jobtree import PairTree, apply_result, proof_lines, select_leaves

SCHEMA = package_data("shiritori-jobs.schema.yaml")
SNAKEFILE_NAME = "workflow/shiritori-jobs.smk"
OPEN_WORDS = Path("docs/shiritori-open-words.csv")
STATUSES = ("open", "proven", "uncertified", "decided", "twin", "failed")


def default_settings() -> dict[str, Any]:
    """The schema's defaults (``config/shiritori-jobs.yaml`` holds the same values)."""
    return validate_config({}, SCHEMA)


def load_settings(path: Path | None) -> dict[str, Any]:
    """Settings from a YAML file, checked against the schema (defaults filled in)."""
    return default_settings() if path is None else validate_config(load_yaml(path), SCHEMA)


def open_pairs(
    source: Path, variants: Sequence[str] = (), words: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """The (variant, start word) pairs to search: the ``unknown`` rows of an
    ``outcomes.parquet``, or the rows of a CSV with ``variant_id`` and ``start`` (such as
    ``docs/shiritori-open-words.csv``); only ``variants`` and ``words`` when given."""
    try:
        if source.suffix == ".parquet":
            table = pd.read_parquet(source, columns=["variant_id", "start", "winner"])
            table = table[table["winner"] == "unknown"]
        else:
            table = pd.read_csv(source, usecols=["variant_id", "start"])
    except (OSError, ValueError, KeyError) as error:
        raise InputError(f"--open: {source} cannot be read ({error})") from None
    pairs = list(zip(table["variant_id"], table["start"], strict=True))
    if variants:
        pairs = [pair for pair in pairs if pair[0] in variants]
    if words:
        pairs = [pair for pair in pairs if pair[1] in words]
    if not pairs:
        raise InputError(f"--open: no open pair of {source} matches the selection")
    return pairs


@dataclass
class PairState:
    """One pair: its tree, where it stands, and its certificate once checked."""

    tree: PairTree
    status: str = "open"
    winner: str | None = None
    certify_attempts: int = 0
    certificate: str | None = None  # the checked certificate file, relative to the folder
    certificate_nodes: int = 0
    twin_of: str | None = None  # status twin: the pair of the exchange class searched instead

    def to_dict(self) -> dict[str, Any]:
        return {
            "tree": self.tree.to_dict(),
            "status": self.status,
            "winner": self.winner,
            "certify_attempts": self.certify_attempts,
            "certificate": self.certificate,
            "certificate_nodes": self.certificate_nodes,
            "twin_of": self.twin_of,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PairState:
        return cls(PairTree.from_dict(data.pop("tree")), **data)


@dataclass
class DriverState:
    """Everything in ``state.json``."""

    round: int = 1
    pairs: list[PairState] = field(default_factory=list)

    def by_key(self) -> dict[str, PairState]:
        return {pair.tree.key: pair for pair in self.pairs}

    def counts(self) -> dict[str, int]:
        return {status: sum(p.status == status for p in self.pairs) for status in STATUSES}


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` through a temporary file (never half written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    partial.replace(path)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


class Driver:
    """The driver of the module docstring, on the folder ``state_dir``."""

    def __init__(self, state_dir: Path, echo: Callable[[str], None] = print) -> None:
        self.dir = state_dir
        self.echo = echo

    # -- the folder ----------------------------------------------------------------------

    @property
    def state_path(self) -> Path:
        return self.dir / "state.json"

    @property
    def settings_path(self) -> Path:
        return self.dir / "settings.json"

    def exists(self) -> bool:
        return self.state_path.exists()

    def create(self, pairs: Iterable[tuple[str, str]], settings: dict[str, Any]) -> None:
        """A new folder with one tree per pair (refused when one is there already). Of the
        pairs of one exchange class (a variant's start words that begin and end alike, none
        with aliases: :func:`asobi.shiritori.certificates.exchange_class`) only the first is
        searched; the others are ``twin`` and decided with it, by the exchange roots that
        ``merge-proofs`` adds and the verifier checks."""
        if self.exists():
            raise InputError(f"{self.dir} holds a run already (state.json): resume it instead")
        write_json(self.settings_path, settings)
        state = DriverState(pairs=[PairState(PairTree(v, w)) for v, w in dict.fromkeys(pairs)])
        first_of: dict[tuple[str, str, str], str] = {}
        for pair, word_class in zip(state.pairs, exchange_classes(state.pairs), strict=True):
            if word_class is None:
                continue
            key = (pair.tree.variant, *word_class)
            if key in first_of:
                pair.status, pair.twin_of = "twin", first_of[key]
            else:
                first_of[key] = pair.tree.key
        self.save(state)

    def load(self) -> DriverState:
        data = read_json(self.state_path)
        return DriverState(data["round"], [PairState.from_dict(p) for p in data["pairs"]])

    def save(self, state: DriverState) -> None:
        write_json(
            self.state_path, {"round": state.round, "pairs": [p.to_dict() for p in state.pairs]}
        )

    def settings(self) -> dict[str, Any]:
        return validate_config(read_json(self.settings_path), SCHEMA)

    def round_dir(self, number: int) -> Path:
        return self.dir / "rounds" / f"{number:04d}"

    # -- one round -----------------------------------------------------------------------

    def plan(self, state: DriverState, settings: dict[str, Any]) -> dict[str, Any]:
        """The round's jobs (written once to its manifest; read back when resumed)."""
        path = self.round_dir(state.round) / "manifest.json"
        if path.exists():
            return read_json(path)
        pairs = state.by_key()
        leaves = {}
        chosen = select_leaves(
            (p.tree for p in state.pairs if p.status == "open"), settings["slots"]
        )
        for k, (key, index) in enumerate(chosen):
            pair = pairs[key]
            leaves[f"l{k:05d}"] = {
                "pair": key,
                "node": index,
                "variant": pair.tree.variant,
                "line": pair.tree.nodes[index].line,
                "budget": settings["leaf_budget"],
            }
        certify = {}
        waiting = [p for p in state.pairs if p.status in ("proven", "uncertified")]
        for k, pair in enumerate(waiting):
            certify[f"c{k:05d}"] = {
                "pair": pair.tree.key,
                "variant": pair.tree.variant,
                "start": pair.tree.start,
                "warm": proof_lines(pair.tree),
                "budget": settings["certify_budget"]
                * settings["certify_growth"] ** pair.certify_attempts,
            }
        manifest = {
            "round": state.round,
            "leaf_table_bits": settings["leaf_table_bits"],
            "certify_table_bits": settings["certify_table_bits"],
            "leaf_runtime": settings["leaf_runtime"],
            "certify_runtime": settings["certify_runtime"],
            "leaves": leaves,
            "certify": certify,
        }
        write_json(path, manifest)
        return manifest

    def snakemake_command(
        self, manifest_path: Path, snakefile: Path, profiles: Sequence[str], cores: int
    ) -> list[str]:
        command = [str(Path(sys.executable).with_name("snakemake")), "--snakefile", str(snakefile)]
        command += ["--directory", str(self.dir.resolve())]
        command += ["--config", f"manifest={manifest_path.resolve()}"]
        command += ["--rerun-incomplete", "--nolock"]
        if profiles:
            for profile in profiles:  # a folder given relative to here, or a profile's name
                folder = Path(profile)
                command += ["--profile", str(folder.resolve()) if folder.is_dir() else profile]
        else:
            command += ["--cores", str(cores)]
        return command

    def run_jobs(self, number: int, snakefile: Path, profiles: Sequence[str], cores: int) -> None:
        """One Snakemake invocation for the round's jobs; its output goes to the round's log."""
        folder = self.round_dir(number)
        command = self.snakemake_command(folder / "manifest.json", snakefile, profiles, cores)
        with (folder / "snakemake.log").open("a") as log:
            done = subprocess.run(
                command, stdout=log, stderr=subprocess.STDOUT, check=False, env=os.environ.copy()
            )
        if done.returncode != 0:
            tail = (folder / "snakemake.log").read_text(errors="replace")[-3000:]
            raise DataError(
                f"round {number}: snakemake exited {done.returncode} "
                f"(log: {folder / 'snakemake.log'}):\n{tail}"
            )

    def apply(self, state: DriverState, manifest: dict[str, Any]) -> list[str]:
        """Apply the round's results to ``state`` (module docstring); the pairs decided."""
        folder = self.round_dir(manifest["round"])
        pairs = state.by_key()
        for job, leaf in manifest["leaves"].items():
            pair = pairs[leaf["pair"]]
            if pair.status != "open":
                continue
            apply_result(pair.tree, leaf["node"], read_json(folder / "leaf" / f"{job}.json"))
            if pair.tree.root_winner() is not None:
                pair.status = "proven"
        decided = []
        for job, task in manifest["certify"].items():
            pair = pairs[task["pair"]]
            if pair.status not in ("proven", "uncertified"):
                continue
            pair.certify_attempts += 1
            record = read_json(folder / "certify" / f"{job}.json")
            certificate = folder / "certify" / f"{job}.parquet"
            winner = self.checked_winner(pair, record, certificate)
            if winner is None:
                settings = self.settings()
                failed = pair.certify_attempts >= settings["certify_attempts"]
                pair.status = "failed" if failed else "uncertified"
                self.echo(f"{pair.tree.key}: not certified ({record['winner']}; {pair.status})")
                continue
            pair.status, pair.winner = "decided", winner
            pair.certificate = str(certificate.relative_to(self.dir))
            pair.certificate_nodes = int(record["certificate_nodes"])
            decided.append(pair.tree.key)
        return decided

    def checked_winner(
        self, pair: PairState, record: dict[str, Any], certificate: Path
    ) -> str | None:
        """The winner of the pair's certificate once the verifier accepts it, else None."""
        from asobi.shiritori.certificates import load_nodes
        from asobi.shiritori.data import VENDORED_LIST, load_clean
        from asobi.shiritori.merge import check
        from asobi.shiritori.shiritori import Rules, Shiritori

        if record["winner"] not in ("yokai", "human") or not certificate.exists():
            return None
        variant, start = pair.tree.variant, pair.tree.start
        game = Shiritori(load_clean(VENDORED_LIST).lexicon, Rules.from_variant_id(variant))
        try:
            check(certificate, variant, game)
            nodes, roots = load_nodes(certificate, variant)
        except DataError as error:
            self.echo(f"{pair.tree.key}: the certificate does not check: {error}")
            return None
        if start not in roots:
            return None
        root = nodes[roots[start]]
        winner = "yokai" if root.word == start else "human"
        if winner != record["winner"]:
            self.echo(
                f"{pair.tree.key}: the certificate's root says {winner}, "
                f"the search {record['winner']}"
            )
            return None
        return winner

    def publish(self, state: DriverState) -> None:
        """``proofs/VARIANT.parquet`` from the decided pairs' certificates (rebuilt, checked
        by ``merge-proofs``), the twins it certifies by exchange marked decided, and
        ``decided.csv``."""
        from asobi.shiritori.certificates import load_nodes
        from asobi.shiritori.merge import merge_proofs

        by_variant: dict[str, list[Path]] = {}
        for p in state.pairs:
            if p.status == "decided" and p.certificate is not None:
                by_variant.setdefault(p.tree.variant, []).append(self.dir / p.certificate)
        pairs = state.by_key()
        for variant, files in by_variant.items():
            merged = self.dir / "proofs" / f"{variant}.parquet"
            merge_proofs(merged, files, echo=self.echo)
            _, roots = load_nodes(merged, variant)
            for p in state.pairs:
                if p.tree.variant != variant or p.status != "twin" or p.tree.start not in roots:
                    continue
                first = pairs[p.twin_of]  # type: ignore[index]
                if first.status == "decided":
                    p.status, p.winner = "decided", first.winner
        decided = [p for p in state.pairs if p.status == "decided"]
        rows = [
            {
                "variant_id": p.tree.variant,
                "start": p.tree.start,
                "winner": p.winner,
                "tree_nodes": len(p.tree.nodes),
                "searched_nodes": sum(n.searched_nodes for n in p.tree.nodes),
                "certificate_nodes": p.certificate_nodes,
                "certificate": p.certificate or f"proofs/{p.tree.variant}.parquet",
                "by_exchange_with": p.twin_of or "",
            }
            for p in decided
        ]
        path = self.dir / "decided.csv"
        partial = path.with_name(".decided.csv.partial")
        with partial.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(
                handle,
                fieldnames=[
                    "variant_id",
                    "start",
                    "winner",
                    "tree_nodes",
                    "searched_nodes",
                    "certificate_nodes",
                    "certificate",
                    "by_exchange_with",
                ],
            )
            writer.writeheader()
            writer.writerows(rows)
        partial.replace(path)

    def run(
        self,
        rounds: int,
        *,
        snakefile: Path,
        profiles: Sequence[str] = (),
        cores: int = 2,
        settings: dict[str, Any] | None = None,
    ) -> DriverState:
        """Run ``rounds`` rounds (fewer when nothing is left to do); resumes where a killed
        run stopped. ``settings`` replace the stored ones from this round on."""
        if settings is not None:
            write_json(self.settings_path, settings)
        state = self.load()
        for _ in range(rounds):
            settings_now = self.settings()
            manifest = self.plan(state, settings_now)
            if not manifest["leaves"] and not manifest["certify"]:
                self.echo(f"round {state.round}: nothing left to search")
                break
            self.run_jobs(state.round, snakefile, profiles, cores)
            decided = self.apply(state, manifest)
            if decided:
                self.publish(state)
            state.round += 1
            self.save(state)  # last: a run killed before it redoes the round from its files
            counts = self.counts_line(state)
            self.echo(
                f"round {manifest['round']}: {len(manifest['leaves'])} leaf jobs, "
                f"{len(manifest['certify'])} certificate jobs; decided now: "
                f"{' '.join(decided) or 'none'}; {counts}"
            )
        return state

    @staticmethod
    def counts_line(state: DriverState) -> str:
        return ", ".join(f"{n} {status}" for status, n in state.counts().items() if n)


def find_snakefile(given: Path | None) -> Path:
    """``workflow/shiritori-jobs.smk`` of the checkout (the current folder's, else the one
    the package was installed from), or ``given``."""
    if given is not None:
        candidates = [given]
    else:
        candidates = [
            Path.cwd() / SNAKEFILE_NAME,
            Path(__file__).resolve().parents[3] / SNAKEFILE_NAME,
        ]
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve()
    raise InputError(f"{SNAKEFILE_NAME} not found: run from a clone of asobi or give --snakefile")


@dataclass(frozen=True)
class Cost:
    """What a folder's finished jobs spent, and what that gives per core and per round."""

    rounds: int
    leaf_jobs: int
    certify_jobs: int
    nodes: int  # compiled nodes of every job (leaves, warm-ups, start words)
    cpu_seconds: float  # the jobs' own CPU time (the search, without Snakemake's start-up)
    wall_seconds: float  # the jobs' wall time from their Snakemake benchmark files

    @property
    def nodes_per_core_second(self) -> float:
        return self.nodes / self.cpu_seconds if self.cpu_seconds else 0.0

    @property
    def nodes_per_round(self) -> float:
        return self.nodes / self.rounds if self.rounds else 0.0

    def day_on(
        self, cores: int, job_overhead_seconds: float = 9.0, leaf_budget: int | None = None
    ) -> dict[str, float]:
        """A day of ``cores`` dedicated cores: jobs of this folder's mean nodes (or of
        ``leaf_budget`` nodes) at this folder's nodes per core second, each with
        ``job_overhead_seconds`` of start-up (docs/cluster.md: about 9 s of Snakemake per
        Slurm job). Wall time measured on a shared machine is not used: a cluster core runs
        a job at CPU speed."""
        jobs = self.leaf_jobs + self.certify_jobs
        nodes_per_job = leaf_budget if leaf_budget is not None else self.nodes / max(jobs, 1)
        rate = self.nodes_per_core_second
        search = nodes_per_job / rate if rate else 0.0
        per_job = search + job_overhead_seconds
        jobs_per_day = cores * 86_400 / per_job if per_job else 0.0
        return {
            "cores": cores,
            "nodes_per_job": nodes_per_job,
            "seconds_per_job": per_job,
            "overhead_share": job_overhead_seconds / per_job,
            "jobs": jobs_per_day,
            "nodes": jobs_per_day * nodes_per_job,
        }


def cost(state_dir: Path) -> Cost:
    """The :class:`Cost` of the finished jobs in ``state_dir`` (their JSON records and
    Snakemake benchmark files)."""
    rounds = leaf_jobs = certify_jobs = nodes = 0
    cpu = wall = 0.0
    for folder in sorted((state_dir / "rounds").glob("[0-9]*")):
        records = sorted((folder / "leaf").glob("*.json"))
        certified = sorted((folder / "certify").glob("*.json"))
        if records or certified:
            rounds += 1
        for path in records + certified:
            record = read_json(path)
            nodes += int(record["nodes"])
            cpu += float(record["cpu_seconds"])
        leaf_jobs += len(records)
        certify_jobs += len(certified)
        for bench in (folder / "logs" / "benchmarks").rglob("*.tsv"):
            lines = bench.read_text().splitlines()
            if len(lines) > 1:
                wall += float(lines[1].split("\t")[0])
    return Cost(rounds, leaf_jobs, certify_jobs, nodes, cpu, wall)


def exchange_classes(pairs: Sequence[PairState]) -> list[tuple[str, str] | None]:
    """The exchange class of each pair's start word in its variant (None: a word with
    aliases or ending in ン, certified on its own)."""
    from asobi.shiritori.certificates import exchange_class, plain_words
    from asobi.shiritori.data import VENDORED_LIST, load_clean
    from asobi.shiritori.shiritori import Rules, Shiritori

    lexicon = load_clean(VENDORED_LIST).lexicon
    games: dict[str, tuple[Shiritori, list[bool]]] = {}
    classes = []
    for pair in pairs:
        variant = pair.tree.variant
        if variant not in games:
            game = Shiritori(lexicon, Rules.from_variant_id(variant))
            games[variant] = (game, plain_words(game))
        game, plain = games[variant]
        classes.append(exchange_class(game, plain, game.index[pair.tree.start]))
    return classes
