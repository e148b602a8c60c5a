"""The audit report: ``results/report/index.html``, a static page that opens from disk.

Per article: each claim (where the article makes it, our restatement, what was checked,
the verdict and the evidence), the key tables and the figures. A section, table or figure is
drawn only when its tables exist; when a table exists but lacks a column the figure needs,
the page says so instead of drawing. The dataset section lists the data package's
resources when ``datapackage.json`` is given.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd
import pyarrow.parquet as pq

from asobi import __version__
from asobi.core.claims import AS_STATED, Verdict
from asobi.core.games import GAMES
from asobi.core.sources import ARTICLES
from asobi.report import figures, summaries
from asobi.report.datapackage import load_package, table_files
from asobi.report.template import PAGE_TEMPLATE

log = logging.getLogger("asobi.report")

FIGURES_DIR = "figures"
KEY_TABLE_ROWS = 80


@dataclass
class Section:
    """What the page shows for one article."""

    game: str
    heading: str
    title: str
    claims: list[dict[str, Any]] = field(default_factory=list)
    figures: list[dict[str, str]] = field(default_factory=list)
    tables: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: list[dict[str, Any]] = field(default_factory=list)


class Results:
    """Read access to the tables under ``results/`` by their path stem (``game/table``)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)

    def path(self, name: str) -> Path:
        return self.root / f"{name}.parquet"

    def has(self, name: str) -> bool:
        return self.path(name).is_file()

    def load(
        self, name: str, columns: list[str] | None = None, filters: list | None = None
    ) -> pd.DataFrame | None:
        """The table, or ``None`` if it does not exist; only ``columns`` (which must all
        exist) and only the rows matching ``filters`` (pyarrow's filter syntax)."""
        if not self.has(name):
            return None
        path = self.path(name)
        needed = list(columns or []) + [f[0] for f in filters or []]
        present = set(pq.read_schema(path).names)
        missing = [c for c in dict.fromkeys(needed) if c not in present]
        if missing:
            raise KeyError(f"{name} lacks column(s) {', '.join(missing)}")
        return pq.read_table(path, columns=columns, filters=filters).to_pandas()

    def load_many(self, pattern: str) -> pd.DataFrame | None:
        """Concatenate the tables matching ``pattern`` (a glob relative to the root)."""
        paths = sorted(p for p in self.root.glob(pattern) if not p.name.startswith("."))
        if not paths:
            return None
        return pd.concat([pq.read_table(p).to_pandas() for p in paths], ignore_index=True)


def html_table(frame: pd.DataFrame, rows: int = KEY_TABLE_ROWS) -> str:
    """A frame as an escaped HTML table, cut to ``rows`` rows (the cut is stated)."""
    shown = frame.head(rows)
    html = shown.to_html(index=False, escape=True, na_rep="–", border=0, classes="data")
    if len(frame) > rows:
        html += f'<p class="cut">first {rows} of {len(frame):,} rows</p>'
    return html


# --- per-game figures and key tables ---------------------------------------------------------
# Each entry: (title, caption, function(Results) -> Figure | None).
FigureSpec = tuple[str, str, Callable[[Results], Any]]
TableSpec = tuple[str, Callable[[Results], pd.DataFrame | None]]


def _fivelines_positions(r: Results) -> pd.DataFrame | None:
    return r.load("fivelines/positions", ["rows", "total", "normal_outcome", "misere_outcome"])


def _fivelines_pyramid(r: Results) -> pd.DataFrame | None:
    positions = r.load("fivelines/positions", filters=[("total", "==", 15)])
    if positions is None:
        return None
    pyramid = positions[positions["rows"].map(lambda rows: list(rows) == [1, 2, 3, 4, 5])]
    return pyramid if not pyramid.empty else None


def _fivelines_proofs(r: Results) -> pd.DataFrame | None:
    proofs = r.load("fivelines/proofs", ["lemma", "width", "status"])
    if proofs is None:
        return None
    summary = proofs.groupby(["lemma", "status"]).agg(
        checks=("width", "size"), widths_from=("width", "min"), widths_to=("width", "max")
    )
    return summary.reset_index()


def _chopsticks_variants(r: Results) -> pd.DataFrame | None:
    variants = r.load("chopsticks/variants")
    if variants is None:
        return None
    matrix = summaries.chopsticks_matrix(variants)
    if matrix.empty:
        return None
    shown = matrix.map(
        lambda cell: (
            cell.replace("|", ", plies ").removesuffix(", plies ")
            if isinstance(cell, str)
            else cell
        )
    )
    return shown.reset_index()


def _chopsticks_simple(r: Results) -> pd.DataFrame | None:
    variants = r.load("chopsticks/variants")
    if variants is None:
        return None
    simple = variants[~variants["split"].fillna(False).astype(bool)]
    if simple.empty:
        return None
    pivot = simple.pivot_table(
        index=["hands_first", "hands_second", "overflow"],
        columns="dies_at",
        values="start_outcome",
        aggfunc="first",
    )
    pivot.columns = [f"dies_at {c}" for c in pivot.columns]
    return pivot.reset_index()


def _contraposition_solutions(r: Results) -> pd.DataFrame | None:
    return r.load("contraposition/solutions")


def _contraposition_selfplay(r: Results) -> pd.DataFrame | None:
    return r.load("contraposition/selfplay")


def _ladder_table(r: Results, kind: str) -> pd.DataFrame | None:
    """The strength ladder's table ``kind``: the vendored full ladder's when the run
    published it, else the run's own (smaller) ladder's."""
    vendored = f"contraposition/{kind}_vendored"
    return r.load(vendored if r.has(vendored) else f"contraposition/{kind}")


def _contraposition_ladder(r: Results) -> pd.DataFrame | None:
    return _ladder_table(r, "ladder")


def _contraposition_ratings(r: Results) -> pd.DataFrame | None:
    ratings = _ladder_table(r, "ratings")
    return None if ratings is None else summaries.ratings_table(ratings)


def _contraposition_calibration(r: Results) -> pd.DataFrame | None:
    calibration = _ladder_table(r, "calibration")
    return None if calibration is None else summaries.calibration_table(calibration)


def _daifugo_numbers(r: Results) -> pd.DataFrame | None:
    return r.load(
        "daifugo/numbers",
        ["n", "is_prime", "playable_plain", "playable_composite", "playable_with_exponent"],
    )


def _daifugo_digits(r: Results) -> pd.DataFrame | None:
    numbers = _daifugo_numbers(r)
    return None if numbers is None else summaries.daifugo_by_digits(numbers)


def _daifugo_z3(r: Results) -> pd.DataFrame | None:
    check = r.load("daifugo/z3_crosscheck", ["n", "origin", "agree"])
    if check is None:
        return None
    return (
        check.groupby(["origin", "agree"])
        .agg(numbers=("n", "size"), smallest=("n", "min"), largest=("n", "max"))
        .reset_index()
    )


def _daifugo_examples(r: Results) -> pd.DataFrame | None:
    layouts = r.load("daifugo/layouts")
    if layouts is None:
        return None
    examples = layouts[layouts["n"].isin([32, 64, 88])]
    return examples if not examples.empty else None


def _daifugo_hand_odds(r: Results) -> pd.DataFrame | None:
    odds = r.load("daifugo/hand_odds", ["hand_size", "event", "jokers", "probability"])
    if odds is None:
        return None
    table = odds.pivot_table(
        index=["event", "jokers"], columns="hand_size", values="probability", aggfunc="first"
    )
    table.columns = [f"{size} cards" for size in table.columns]
    return table.map(lambda p: f"{p:.4g}").reset_index()


def _daifugo_prime_tally(r: Results) -> pd.DataFrame | None:
    tally = r.load("daifugo/prime_tally")
    if tally is None:
        return None
    histogram = tally["min_cards_histogram"].map(
        lambda counts: ", ".join(f"{c['min_cards']} cards: {c['primes']:,}" for c in counts)
    )
    return tally.drop(columns="min_cards_histogram").assign(
        smallest_eden=tally["smallest_eden"].astype("Int64"), fewest_cards=histogram
    )


def _daifugo_largest(r: Results) -> pd.DataFrame | None:
    largest = r.load("daifugo/largest_primes", summaries.LARGEST_COLUMNS)
    return None if largest is None else summaries.daifugo_largest(largest)


def _daifugo_eden_primes(r: Results) -> pd.DataFrame | None:
    eden = r.load("daifugo/primes", ["n", "digits"], filters=[("playable", "==", False)])
    return None if eden is None or eden.empty else eden.rename(columns={"n": "eden_prime"})


def _shiritori_outcomes(r: Results) -> pd.DataFrame | None:
    return r.load("shiritori/outcomes")


def _shiritori_words(r: Results) -> pd.DataFrame | None:
    words = r.load("shiritori/words")
    return words if words is not None else r.load_many("shiritori/words/*.parquet")


def _shiritori_summary(r: Results) -> pd.DataFrame | None:
    outcomes = r.load("shiritori/outcomes", ["variant_id", "winner", "nodes"])
    if outcomes is None:
        return None
    counts = outcomes.pivot_table(
        index="variant_id", columns="winner", values="nodes", aggfunc="size", fill_value=0
    )
    counts["nodes"] = outcomes.groupby("variant_id")["nodes"].sum()
    return counts.reset_index()


def _shiritori_default_outcomes(r: Results) -> pd.DataFrame | None:
    outcomes = r.load("shiritori/outcomes")
    if outcomes is None:
        return None
    default = summaries.default_variant(outcomes)
    keep = [c for c in ("start", "winner", "line", "nodes") if c in default.columns]
    return default[keep].sort_values(keep[0]) if not default.empty else None


def _shiritori_variant_effect(r: Results) -> pd.DataFrame | None:
    effect = r.load("shiritori/variant_effect")
    if effect is None:
        return None
    numeric = [c for c in effect.columns if pd.api.types.is_numeric_dtype(effect[c])]
    return effect.sort_values(numeric[0], ascending=False) if numeric else effect


FIGURES: dict[str, list[FigureSpec]] = {
    "fivelines": [
        (
            "fivelines_misere",
            "Share of positions lost by the player to move, normal and "
            "misère play, and how many positions change outcome between the two rules.",
            lambda r: _apply(figures.fivelines_figure, _fivelines_positions(r)),
        ),
    ],
    "chopsticks": [
        (
            "chopsticks_variants",
            "Each of the 2-hand rule sets: who wins from the start "
            "(the player to move is 'first'), with the plies to the end under optimal play.",
            lambda r: _apply(figures.chopsticks_figure, r.load("chopsticks/variants")),
        ),
        (
            "chopsticks_dies",
            "Every 2-hand switch set for each dies_at: who wins from the start, "
            "one panel per overflow and reading of splitting (from_one: a hand of 1 may give).",
            lambda r: _apply(figures.chopsticks_dies_figure, r.load("chopsticks/variants")),
        ),
    ],
    "contraposition": [
        (
            "contraposition_boards",
            "Solved boards: the winning first moves (up to symmetry) "
            "shaded; the dot marks the centre.",
            lambda r: _apply(figures.contraposition_figure, _contraposition_solutions(r)),
        ),
        (
            "contraposition_selfplay",
            "Self-play between the MCTS agents on larger boards.",
            lambda r: _apply(figures.selfplay_figure, _contraposition_selfplay(r)),
        ),
        (
            "contraposition_ladder",
            "The strength ladder: White's share of wins when an agent plays itself, against "
            "the playouts per move (log scale), with 95% intervals; dashed: an even game "
            "(the vendored full ladder when published, else the run's own).",
            lambda r: _apply(figures.ladder_figure, _contraposition_ladder(r)),
        ),
    ],
    "daifugo": [
        (
            "daifugo_playable",
            "Share of numbers that can be played, by digit count: primes "
            "laid as cards; composites with plain factors and with exponent notation.",
            lambda r: _apply(figures.daifugo_figure, _daifugo_numbers(r)),
        ),
        (
            "daifugo_hand_odds",
            "Chance that a dealt hand can lay each play the article weighs as a revolution "
            "trigger, per hand size: some prime of four or more cards, four of a kind, 1729 as "
            "if prime or with its factors 7·13·19, and 57.",
            lambda r: _apply(figures.daifugo_odds_figure, r.load("daifugo/hand_odds")),
        ),
    ],
    "shiritori": [
        (
            "shiritori_graph",
            "Every word in the cell of its first unit (row) and last unit "
            "(column), coloured by who wins when the yokai opens with it (article's rules).",
            lambda r: _apply2(
                figures.shiritori_figure, _shiritori_words(r), _shiritori_outcomes(r)
            ),
        ),
    ],
}

TABLES: dict[str, list[TableSpec]] = {
    "fivelines": [
        ("The pyramid 1-2-3-4-5", _fivelines_pyramid),
        (
            "Positions by total number of sticks",
            lambda r: _apply(summaries.fivelines_by_total, _fivelines_positions(r)),
        ),
        ("z3 lemmas", _fivelines_proofs),
    ],
    "chopsticks": [
        ("Start outcome of the 2-hand rule sets", _chopsticks_variants),
        (
            "Simple chopsticks (attacks only): start outcome by hands and dies_at",
            _chopsticks_simple,
        ),
    ],
    "contraposition": [
        ("Exact solutions", _contraposition_solutions),
        ("Self-play", _contraposition_selfplay),
        ("Round-robin ratings (OpenSkill; every agent at every budget)", _contraposition_ratings),
        ("Side 3: how often the perfect-play winner wins", _contraposition_calibration),
    ],
    "daifugo": [
        ("Playable numbers by digit count", _daifugo_digits),
        ("z3 cross-check", _daifugo_z3),
        ("Layouts of the article's examples 32, 64, 88", _daifugo_examples),
        ("Playable primes by digit count", _daifugo_prime_tally),
        ("Eden primes (no deal can ever play them)", _daifugo_eden_primes),
        ("Largest prime each card count can lay (proven)", _daifugo_largest),
        ("Chance that a dealt hand allows each play", _daifugo_hand_odds),
    ],
    "shiritori": [
        ("Outcomes per variant", _shiritori_summary),
        ("Start words under the article's rules", _shiritori_default_outcomes),
        ("Start words whose winner depends on the variant", _shiritori_variant_effect),
    ],
}


def _apply(function: Callable[[pd.DataFrame], Any], frame: pd.DataFrame | None) -> Any:
    return None if frame is None else function(frame)


def _apply2(function, first: pd.DataFrame | None, second: pd.DataFrame | None) -> Any:  # type: ignore[no-untyped-def]
    return None if first is None or second is None else function(first, second)


# --- assembling the page ---------------------------------------------------------------------


def _merged_or_games(results: Results, name: str) -> pd.DataFrame | None:
    """The merged table ``name`` (``claims``, ``claim_readings``), else the games' own
    tables of that name concatenated, else ``None``."""
    frame = results.load(name)
    if frame is None:
        frames = [results.load(f"{game}/{name}") for game in GAMES]
        present = [f for f in frames if f is not None]
        frame = pd.concat(present, ignore_index=True) if present else None
    return frame


def _claims(results: Results) -> pd.DataFrame:
    claims = _merged_or_games(results, "claims")
    if claims is None:
        return pd.DataFrame(columns=["claim_id", "game", "verdict"])
    return claims.sort_values(["game", "claim_id"], kind="stable")


def _readings(results: Results) -> dict[str, list[dict[str, Any]]]:
    """Each claim's readings (``claim_readings.parquet``, else the games' own), in order."""
    frame = _merged_or_games(results, "claim_readings")
    if frame is None:
        return {}
    found: dict[str, list[dict[str, Any]]] = {}
    for row in frame.to_dict("records"):
        for name in ("recheck_sql", "recheck_expected"):
            row[name] = row.get(name) if isinstance(row.get(name), str) else None
        found.setdefault(row["claim_id"], []).append(row)
    return found


def _table_link(results: Results, out_dir: Path, table: str) -> str | None:
    """A relative link to a table named in a claim, if that file exists."""
    text = str(table).strip()
    relative = text.removeprefix("results/")
    candidates = [results.root / relative, results.root / f"{relative}.parquet", Path(text)]
    for candidate in candidates:
        if candidate.suffix == ".parquet" and candidate.is_file():
            return os.path.relpath(candidate, out_dir)
    return None


def table_links(
    results: Results, out_dir: Path, tables: Iterable[str]
) -> list[dict[str, str | None]]:
    """The tables a claim cites (paths under ``results/``), each with its link if it exists."""
    names = [str(name).strip() for name in tables if str(name).strip()]
    return [{"name": name, "link": _table_link(results, out_dir, name)} for name in names]


def build_sections(results: Results, out_dir: Path) -> list[Section]:
    """One section per article that has claims or tables."""
    claims = _claims(results)
    readings = _readings(results)
    figure_dir = out_dir / FIGURES_DIR
    sections = []
    for game in GAMES:
        article = ARTICLES[game]
        section = Section(game=game, heading=article.heading, title=article.title)
        for row in claims[claims["game"] == game].to_dict("records"):
            row["links"] = table_links(results, out_dir, row.get("tables", ()))
            for name in ("caveat", "recheck_sql", "recheck_expected", "recheck_command"):
                row[name] = row.get(name) if isinstance(row.get(name), str) else None
            # a claim's one ``as_stated`` reading is the claim itself: not shown twice
            own = readings.get(row["claim_id"], [])
            row["readings"] = [] if [r["reading_id"] for r in own] == [AS_STATED] else own
            section.claims.append(row)
        for stem, caption, draw in FIGURES.get(game, []):
            try:
                figure = draw(results)
            except KeyError as error:
                section.notes.append(f"figure {stem} not drawn: {error.args[0]}")
                log.warning("%s: figure %s not drawn: %s", game, stem, error.args[0])
                continue
            if figure is None:
                continue
            path = figures.save_figure(figure, figure_dir / f"{stem}.png")
            section.figures.append({"src": f"{FIGURES_DIR}/{path.name}", "caption": caption})
        for title, make in TABLES.get(game, []):
            try:
                frame = make(results)
            except KeyError as error:
                section.notes.append(f"table '{title}' not shown: {error.args[0]}")
                continue
            if frame is not None and not frame.empty:
                section.tables.append({"title": title, "html": html_table(frame)})
        for path in table_files(results.root / game) if (results.root / game).is_dir() else []:
            section.files.append(
                {
                    "path": path.relative_to(results.root).as_posix(),
                    "link": os.path.relpath(path, out_dir),
                    "rows": pq.ParquetFile(path).metadata.num_rows,
                }
            )
        if section.claims or section.figures or section.tables or section.files:
            sections.append(section)
    return sections


def verdict_counts(claims: pd.DataFrame) -> pd.DataFrame:
    """Claims per game and verdict (every verdict a column, in a fixed order)."""
    verdicts = [v.value for v in Verdict]
    if claims.empty:
        return pd.DataFrame(columns=["game", *verdicts, "total"])
    counts = claims.groupby(["game", "verdict"]).size().unstack(fill_value=0)
    counts = counts.reindex(columns=verdicts, fill_value=0)
    counts["total"] = counts.sum(axis=1)
    order = {g: i for i, g in enumerate(GAMES)}
    return counts.reset_index().sort_values("game", key=lambda s: s.map(order))


_TEMPLATE = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True)


def build_report(
    results_dir: str | os.PathLike[str],
    out: str | os.PathLike[str],
    package: str | os.PathLike[str] | None = None,
) -> Path:
    """Write the report page ``out`` (and its figures next to it) from ``results_dir``."""
    results = Results(results_dir)
    target = Path(out)
    out_dir = target.parent
    shutil.rmtree(out_dir / FIGURES_DIR, ignore_errors=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    claims = _claims(results)
    sections = build_sections(results, out_dir)
    resources = []
    if package is not None and Path(package).is_file():
        for resource in load_package(package)["resources"]:
            resources.append(
                {**resource, "link": os.path.relpath(results.root / resource["path"], out_dir)}
            )
    counts = verdict_counts(claims)
    page = _TEMPLATE.from_string(PAGE_TEMPLATE).render(
        version=__version__,
        sections=sections,
        counts=counts.to_dict("records"),
        verdicts=[v.value for v in Verdict],
        n_claims=len(claims),
        resources=resources,
        package_link=(os.path.relpath(package, out_dir) if resources else None),
    )
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_text(page, encoding="utf-8")
    os.replace(temporary, target)
    log.info("report: %d sections, %d claims -> %s", len(sections), len(claims), target)
    return target
