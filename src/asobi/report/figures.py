"""Figures of the audit report, drawn with matplotlib into PNG files next to the page.

Each ``*_figure`` function takes the frame(s) it needs and returns a matplotlib
:class:`~matplotlib.figure.Figure`, or ``None`` when there is nothing to draw; a frame that
lacks a needed column raises :class:`KeyError` (the report then says which column was
missing instead of drawing a wrong picture). Figures are built with the object-oriented API
(no pyplot state), so they are safe in workers and tests. What they draw is shaped in
:mod:`asobi.report.summaries`; kana are set in the fonts of :mod:`asobi.report.fonts`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle, RegularPolygon
from matplotlib.ticker import MaxNLocator

from asobi.report.fonts import text_font
from asobi.report.summaries import (
    CHOPSTICKS_SWITCHES,
    chopsticks_matrix,
    daifugo_by_digits,
    fivelines_by_total,
    from_one_reading,
    shiritori_graph_frame,
    switch_label,
)

OUTCOME_COLOURS = {"first": "#d95f02", "second": "#1b9e77", "draw": "#9e9e9e"}
WINNER_COLOURS = {"yokai": "#b03a2e", "human": "#2471a3", "unknown": "#bdbdbd"}
WINNER_LABELS = {
    "yokai": "yokai (first player) wins",
    "human": "human wins",
    "unknown": "undecided in the search budget",
}


def save_figure(figure: Figure, path: str | Path) -> Path:
    """Save as PNG without a software/date stamp (same data, same bytes)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(target, dpi=110, bbox_inches="tight", metadata={"Software": None})
    return target


# --- 数字を増やす遊び (chopsticks) ----------------------------------------------------------


def chopsticks_figure(variants: pd.DataFrame) -> Figure | None:
    """The variant × outcome matrix: who wins the start position under each rule set."""
    matrix = chopsticks_matrix(variants)
    if matrix.empty:
        return None
    n_rows, n_cols = matrix.shape
    figure = Figure(figsize=(2.0 + 1.6 * n_cols, 0.9 + 0.36 * n_rows))
    axes = figure.subplots()
    for i, (_, row) in enumerate(matrix.iterrows()):
        for j, cell in enumerate(row):
            if not isinstance(cell, str):
                continue
            outcome, plies = cell.split("|")
            axes.add_patch(
                Rectangle(
                    (j, i), 1, 1, color=OUTCOME_COLOURS.get(outcome, "white"), ec="white", lw=1.5
                )
            )
            label = f"{outcome} ({plies})" if plies else outcome
            axes.text(j + 0.5, i + 0.5, label, ha="center", va="center", fontsize=8, color="white")
    axes.set_xlim(0, n_cols)
    axes.set_ylim(n_rows, 0)
    axes.set_xticks(np.arange(n_cols) + 0.5, matrix.columns, fontsize=9)
    axes.xaxis.tick_top()
    axes.set_yticks(np.arange(n_rows) + 0.5, matrix.index, fontsize=8)
    axes.tick_params(length=0)
    for spine in axes.spines.values():
        spine.set_visible(False)
    axes.set_title(
        "Who wins the start position (plies to the end under optimal play)", fontsize=10, pad=22
    )
    figure.legend(
        handles=[Patch(color=c, label=o) for o, c in OUTCOME_COLOURS.items()],
        loc="lower center",
        ncol=3,
        frameon=False,
        fontsize=8,
    )
    return figure


def chopsticks_dies_figure(variants: pd.DataFrame) -> Figure | None:
    """Start outcome of the 2-hand rule sets by dies_at (x) and switch set (y).

    One panel per overflow and reading of splitting (the article's; ``from_one``: a hand of 1
    may give its point, fusion only); a row is one switch set in every panel, blank where the
    reading does not apply. Cells show the plies to the end (none for a draw).
    """
    two = variants[(variants["hands_first"] == 2) & (variants["hands_second"] == 2)].copy()
    if two.empty:
        return None
    for name in CHOPSTICKS_SWITCHES:
        two[name] = two[name].fillna(False).astype(bool)
    two["from_one"] = from_one_reading(two)
    two["rules"] = two.apply(switch_label, axis=1)
    two["order"] = two[list(CHOPSTICKS_SWITCHES)].astype(int).astype(str).agg("".join, axis=1)
    rows = two.drop_duplicates("order").sort_values("order")["rules"].tolist()
    dies = sorted(two["dies_at"].unique())
    panels = [
        (overflow, reading)
        for overflow in ("cutoff", "rollover")
        for reading in (False, True)
        if ((two["overflow"] == overflow) & (two["from_one"] == reading)).any()
    ]
    n_high, n_wide = -(-len(panels) // 2), min(2, len(panels))
    figure = Figure(
        figsize=(2.6 + 0.5 * len(dies) * n_wide, 1.2 + 0.3 * len(rows) * n_high),
        layout="constrained",
    )
    grid = figure.subplots(n_high, n_wide, squeeze=False)
    for axes in grid.flat[len(panels) :]:
        axes.set_visible(False)
    for index, (axes, (overflow, reading)) in enumerate(zip(grid.flat, panels, strict=False)):
        shown = two[(two["overflow"] == overflow) & (two["from_one"] == reading)]
        for row in shown.itertuples():
            i, j = rows.index(row.rules), dies.index(row.dies_at)
            colour = OUTCOME_COLOURS.get(row.start_outcome, "white")
            axes.add_patch(Rectangle((j, i), 1, 1, color=colour, ec="white", lw=1))
            if not pd.isna(row.start_plies):
                axes.text(
                    j + 0.5,
                    i + 0.5,
                    str(int(row.start_plies)),
                    ha="center",
                    va="center",
                    fontsize=6,
                    color="white",
                )
        axes.set_xlim(0, len(dies))
        axes.set_ylim(len(rows), 0)
        axes.set_xticks(np.arange(len(dies)) + 0.5, [str(d) for d in dies], fontsize=8)
        axes.set_yticks(np.arange(len(rows)) + 0.5, rows if index % 2 == 0 else [], fontsize=7)
        axes.tick_params(length=0)
        for spine in axes.spines.values():
            spine.set_visible(False)
        axes.set_xlabel("dies_at", fontsize=8)
        reading_name = "from_one reading" if reading else "article's reading"
        axes.set_title(f"{overflow}, {reading_name}", fontsize=9)
    figure.legend(
        handles=[Patch(color=c, label=o) for o, c in OUTCOME_COLOURS.items()],
        loc="outside lower center",
        ncol=3,
        frameon=False,
        fontsize=8,
    )
    figure.suptitle("Who wins the start position, by dies_at (plies to the end)", fontsize=10)
    return figure


# --- 五線 (five lines) ----------------------------------------------------------------------


def fivelines_figure(positions: pd.DataFrame) -> Figure | None:
    """Normal versus misère outcomes by number of sticks."""
    table = fivelines_by_total(positions)
    if table.empty:
        return None
    figure = Figure(figsize=(8, 5.2))
    top, bottom = figure.subplots(2, 1, sharex=True, height_ratios=[3, 2])
    share = table["positions"].astype(float)
    top.plot(
        table["total"],
        table["second_wins_normal"] / share,
        "o-",
        ms=3,
        color=OUTCOME_COLOURS["second"],
        label="normal play",
    )
    top.plot(
        table["total"],
        table["second_wins_misere"] / share,
        "s--",
        ms=3,
        color=OUTCOME_COLOURS["first"],
        label="misère play",
    )
    top.set_ylabel("share of positions\nlost by the mover")
    top.legend(frameon=False, fontsize=8)
    top.set_title("Five lines: second-player wins, normal vs misère, by total sticks", fontsize=10)
    bottom.bar(table["total"], table["outcome_differs"], color="#555555")
    bottom.set_ylabel("positions whose\noutcome differs")
    bottom.set_xlabel("total number of sticks")
    bottom.xaxis.set_major_locator(MaxNLocator(integer=True))
    return figure


# --- Contraposition -----------------------------------------------------------------------


def hex_cells(side: int) -> list[tuple[int, int]]:
    """Axial coordinates (q, r) of a hex-hex board, in reading order (top row first).

    This order defines the cell index used by ``best_first_moves`` when moves are integers.

    >>> len(hex_cells(5)), hex_cells(2)[:3]
    (61, [(0, -1), (1, -1), (-1, 0)])
    """
    radius = side - 1
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1)
    ]


_AXIAL = re.compile(r"^\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?$")


def parse_cells(moves: object, side: int) -> tuple[list[tuple[int, int]], list[str]]:
    """Cells named in a ``best_first_moves`` value; also the entries that could not be read.

    Accepts cell indices (:func:`hex_cells` order) or axial ``"q,r"`` strings.

    >>> parse_cells([0, "1,-1", "e5"], 2)
    ([(0, -1), (1, -1)], ['e5'])
    """
    if moves is None or (isinstance(moves, float) and math.isnan(moves)):
        return [], []
    entries: Iterable[object]
    entries = re.split(r"[;|]", moves) if isinstance(moves, str) else list(moves)
    cells = hex_cells(side)
    found, unread = [], []
    for entry in entries:
        text = str(entry).strip()
        if not text:
            continue
        if re.fullmatch(r"\d+", text) and int(text) < len(cells):
            found.append(cells[int(text)])
        elif (match := _AXIAL.match(text)) and (int(match[1]), int(match[2])) in cells:
            found.append((int(match[1]), int(match[2])))
        else:
            unread.append(text)
    return found, unread


def _draw_board(axes, side: int, marked: Sequence[tuple[int, int]], colour: str) -> None:
    marked_set = set(marked)
    for q, r in hex_cells(side):
        x, y = math.sqrt(3) * (q + r / 2), -1.5 * r
        face = colour if (q, r) in marked_set else "#f4f1e8"
        axes.add_patch(
            RegularPolygon(
                (x, y),
                numVertices=6,
                radius=0.97,
                orientation=0,
                facecolor=face,
                edgecolor="#6d6d6d",
                lw=0.8,
            )
        )
        if (q, r) == (0, 0):
            axes.plot(x, y, marker=".", color="#333333", ms=4)
    extent = math.sqrt(3) * side
    axes.set_xlim(-extent, extent)
    axes.set_ylim(-1.5 * side, 1.5 * side)
    axes.set_aspect("equal")
    axes.axis("off")


def contraposition_figure(solutions: pd.DataFrame) -> Figure | None:
    """Each solved board as a hex grid, the winning first moves shaded."""
    rows = solutions.sort_values(["side", "protocol"]).to_dict("records")
    if not rows:
        return None
    n_cols = min(len(rows), 4)
    n_rows = math.ceil(len(rows) / n_cols)
    figure = Figure(figsize=(3.2 * n_cols, 3.4 * n_rows))
    axes_grid = np.atleast_1d(figure.subplots(n_rows, n_cols)).ravel()
    for axes, row in zip(axes_grid, rows, strict=False):
        side = int(row["side"])
        # Prefer every cell of the winning symmetry classes when the table lists them.
        moves = row.get("best_first_move_cells", row.get("best_first_moves"))
        cells, unread = parse_cells(moves, side)
        solved = bool(row.get("solved", True))
        winner = str(row.get("winner")) if solved else "unsolved"
        _draw_board(axes, side, cells, "#e6a23c")
        title = f"side {side}, protocol {row['protocol']}: {winner}"
        if solved and cells:
            title += f"\n{len(cells)} winning first cell(s) shaded"
        elif solved and not unread:
            title += "\nno first move wins for White"
        if unread:
            title += "\nmoves: " + ", ".join(unread[:6])
        axes.set_title(title, fontsize=8)
    for axes in axes_grid[len(rows) :]:
        axes.axis("off")
    return figure


def selfplay_figure(selfplay: pd.DataFrame) -> Figure | None:
    """White's share of wins in self-play, per board side, protocol and pairing."""
    if selfplay.empty:
        return None
    frame = selfplay.sort_values(["side", "protocol", "white_agent", "black_agent"])
    labels = [
        f"side {r.side} {r.protocol}\n{r.white_agent} vs {r.black_agent}"
        for r in frame.itertuples()
    ]
    share = frame["white_wins"] / frame["games"].where(frame["games"] > 0)
    figure = Figure(figsize=(max(5.0, 1.1 * len(frame)), 3.6))
    axes = figure.subplots()
    bounds = {}
    if {"white_win_rate_low95", "white_win_rate_high95"} <= set(frame.columns):
        errors = np.vstack(
            [share - frame["white_win_rate_low95"], frame["white_win_rate_high95"] - share]
        )
        bounds = {"yerr": np.clip(errors.astype(float), 0, None), "capsize": 4}
    axes.bar(range(len(frame)), share, color="#c9c9c9", edgecolor="#333333", **bounds)
    axes.axhline(0.5, color="#b03a2e", lw=0.8, ls="--")
    axes.set_xticks(range(len(frame)), labels, fontsize=7)
    axes.set_ylim(0, 1)
    axes.set_ylabel("White's share of wins")
    axes.set_title("Contraposition self-play (dashed: even game; bars: 95% interval)", fontsize=10)
    return figure


def ladder_figure(ladder: pd.DataFrame) -> Figure | None:
    """White's share of wins in same-agent self-play against the playout budget (log scale),
    one panel per board side and protocol, one line per agent, bars the 95% intervals."""
    if ladder.empty:
        return None
    panels = sorted({(int(r.side), str(r.protocol)) for r in ladder.itertuples()})
    n_cols = min(len(panels), 4)
    n_rows = math.ceil(len(panels) / n_cols)
    figure = Figure(figsize=(3.4 * n_cols, 3.2 * n_rows))
    axes_grid = np.atleast_1d(figure.subplots(n_rows, n_cols, squeeze=False)).ravel()
    colours = {"grave": "#1b9e77", "uct": "#7570b3"}
    agents = sorted({str(a) for a in ladder["agent"]})
    # the agents side by side at each budget (a few percent apart on the log axis)
    nudge = {a: 1.06 ** (i - (len(agents) - 1) / 2) for i, a in enumerate(agents)}
    for axes, (side, protocol) in zip(axes_grid, panels, strict=False):
        panel = ladder[(ladder["side"] == side) & (ladder["protocol"] == protocol)]
        for agent, rows in panel.groupby("agent", sort=True):
            rows = rows.sort_values("playouts")
            errors = np.vstack([rows["rate"] - rows["low"], rows["high"] - rows["rate"]])
            axes.errorbar(
                rows["playouts"] * nudge[str(agent)],
                rows["rate"],
                yerr=np.clip(errors.astype(float), 0, None),
                marker="o",
                ms=4,
                capsize=3,
                color=colours.get(str(agent), "#333333"),
                label=f"{str(agent).upper()} vs itself",
            )
        axes.axhline(0.5, color="#b03a2e", lw=0.8, ls="--")
        axes.set_xscale("log")
        axes.set_ylim(0, 1)
        axes.set_xlabel("playouts per move", fontsize=8)
        axes.set_ylabel("White's share of wins", fontsize=8)
        axes.set_title(f"side {side}, protocol {protocol}", fontsize=9)
        axes.legend(fontsize=7, loc="lower right")
    for axes in axes_grid[len(panels) :]:
        axes.axis("off")
    return figure


# --- 素数大富豪 (prime daifugō) ------------------------------------------------------------


def daifugo_figure(numbers: pd.DataFrame) -> Figure | None:
    """Share of playable numbers by digit count, with and without exponent notation."""
    table = daifugo_by_digits(numbers)
    if table.empty:
        return None
    x = np.arange(len(table))
    composites = table["composites"].where(table["composites"] > 0)
    primes = table["primes"].where(table["primes"] > 0)
    figure = Figure(figsize=(8, 4))
    axes = figure.subplots()
    width = 0.27
    axes.bar(
        x - width,
        table["primes_playable"] / primes,
        width,
        color="#7570b3",
        label="primes (laid as cards)",
    )
    axes.bar(
        x,
        table["composites_playable_plain"] / composites,
        width,
        color="#1b9e77",
        label="composites, plain factors",
    )
    axes.bar(
        x + width,
        table["composites_playable_with_exponent"] / composites,
        width,
        color="#d95f02",
        label="composites, with exponent notation",
    )
    axes.set_xticks(x, [f"{d} digits" for d in table["digits"]])
    axes.set_ylim(0, 1.05)
    axes.set_ylabel("share playable")
    axes.set_title("Prime daifugō: which numbers can be played, by digit count", fontsize=10)
    axes.legend(frameon=False, fontsize=8, loc="lower left")
    return figure


DAIFUGO_EVENTS = {
    "prime_four_or_more": ("some prime of 4+ cards", "#7570b3"),
    "four_of_a_kind": ("four of a kind (ordinary daifugō)", "#9e9e9e"),
    "ramanujan_as_prime": ("1729 as if prime", "#d95f02"),
    "ramanujan_composite": ("1729 = 7·13·19 with its factors", "#1b9e77"),
    "grothendieck": ("57", "#e7298a"),
}


def daifugo_odds_figure(odds: pd.DataFrame) -> Figure | None:
    """Chance that a dealt hand can start each kind of revolution, per hand size (log scale;
    hatched: the hand's jokers stand in)."""
    if odds.empty:
        return None
    sizes = sorted(odds["hand_size"].unique())
    events = [e for e in DAIFUGO_EVENTS if e in set(odds["event"])]
    chance = odds.set_index(["hand_size", "event", "jokers"])["probability"]
    figure = Figure(figsize=(9, 3.6))
    axes = figure.subplots()
    width = 0.8 / (2 * len(events))
    for i, event in enumerate(events):
        label, colour = DAIFUGO_EVENTS[event]
        for j, jokers in enumerate((False, True)):
            x = np.arange(len(sizes)) - 0.4 + width * (2 * i + j + 0.5)
            heights = [chance.get((size, event, jokers), np.nan) for size in sizes]
            axes.bar(
                x,
                heights,
                width,
                color=colour,
                alpha=0.6 if jokers else 1.0,
                hatch="//" if jokers else None,
                edgecolor="white",
                label=label if not jokers else None,
            )
    axes.set_yscale("log")
    axes.set_ylim(1e-5, 1.5)
    axes.set_xticks(np.arange(len(sizes)), [f"{s} cards" for s in sizes])
    axes.set_ylabel("chance the hand allows it")
    axes.set_title(
        "Prime daifugō: how often a dealt hand allows each play (hatched: jokers stand in)",
        fontsize=10,
    )
    axes.legend(frameon=False, fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5))
    return figure


# --- ようかいしりとり (yokai shiritori) -----------------------------------------------------


def shiritori_figure(words: pd.DataFrame, outcomes: pd.DataFrame) -> Figure | None:
    """The word graph by first and last unit: one small square per word, in the cell
    (first unit, last unit), coloured by who wins when the yokai opens with that word."""
    frame = shiritori_graph_frame(words, outcomes)
    if frame.empty:
        return None
    letters = sorted(set(frame["first"]) | set(frame["last"]))
    index = {letter: i for i, letter in enumerate(letters)}
    size = len(letters)
    figure = Figure(figsize=(3 + 0.2 * size, 3 + 0.2 * size))
    axes = figure.subplots()
    for (first, last), cell in frame.groupby(["first", "last"], sort=True):
        k = len(cell)
        per_row = math.ceil(math.sqrt(k))
        step = 0.9 / per_row
        for n, winner in enumerate(sorted(cell["winner"])):
            x = index[last] + 0.05 + step * (n % per_row)
            y = index[first] + 0.05 + step * (n // per_row)
            axes.add_patch(
                Rectangle(
                    (x, y),
                    step * 0.92,
                    step * 0.92,
                    lw=0,
                    color=WINNER_COLOURS.get(winner, "#000000"),
                )
            )
    font = text_font()
    axes.set_xlim(0, size)
    axes.set_ylim(size, 0)
    axes.set_xticks(np.arange(size) + 0.5, letters, fontsize=6, **font)
    axes.set_yticks(np.arange(size) + 0.5, letters, fontsize=6, **font)
    axes.xaxis.tick_top()
    axes.set_xlabel("last unit of the word (the next word must start with it)")
    axes.set_ylabel("first unit of the word")
    axes.grid(color="#eeeeee", lw=0.4)
    axes.set_axisbelow(True)
    figure.legend(
        handles=[Patch(color=c, label=WINNER_LABELS[w]) for w, c in WINNER_COLOURS.items()],
        loc="lower center",
        ncol=3,
        frameon=False,
        fontsize=9,
    )
    axes.set_title(
        "Yokai shiritori word graph (article's rules): one square per word, "
        "coloured by the winner when the yokai opens with it",
        fontsize=10,
        pad=30,
    )
    return figure
