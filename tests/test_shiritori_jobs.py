"""Job-level proof-number search (``asobi shiritori jobs``): the driver's tree on synthetic
games against plain minimax, and the small case run for real (Snakemake, two jobs at a
time) with a kill in the middle of a round, resumed, and its certificate checked by the
rules-only verifier. The same small case on the Slurm test cluster: tests/test_slurm.py.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.shiritori.jobtree import (
    INF,
    PairTree,
    apply_result,
    most_proving_leaf,
    proof_lines,
    select_leaves,
)

ASOBI = Path(sys.executable).with_name("asobi")
SMALL = REPO / "tests/data/shiritori-jobs"
SMALL_VARIANT = (
    "long_vowel-vowel__small_kana-enlarge__final_u-pronounced__dakuten-free__aliases-independent"
)
SMALL_START = "トンボガミ"
RUN_TIMEOUT = 600  # seconds: a hung run fails the test instead of blocking the suite

# --- synthetic games: a position is a tuple of child positions; no child: the mover lost ---

Game = tuple


def games() -> st.SearchStrategy[Game]:
    return st.recursive(
        st.just(()),
        lambda children: st.lists(children, min_size=1, max_size=4).map(tuple),
        max_leaves=40,
    )


@cache
def mover_wins(game: Game) -> bool:
    return any(not mover_wins(child) for child in game)


@cache
def size(game: Game) -> int:
    return 1 + sum(size(child) for child in game)


def position(game: Game, line: list[str]) -> Game:
    """The position after ``line`` (start word "S", then "w<k>": the k-th reply)."""
    for word in line[1:]:
        game = game[int(word[1:])]
    return game


def fake_job(game: Game, line: list[str], budget: int) -> dict[str, Any]:
    """A leaf job on a synthetic game: the exact verdict when the position is small enough
    for ``budget``, else every reply with the numbers of a one-ply look (as df-pn's table
    would hold them after spending the budget)."""
    here = position(game, line)
    if size(here) <= budget:
        verdict = "wins" if mover_wins(here) else "loses"
        return {"line": line, "nodes": size(here), "verdict": verdict, "children": []}
    children = []
    for k, child in enumerate(here):
        if size(child) <= budget // 4:  # small enough that the search saw it decided
            pn, dn = (0, INF) if mover_wins(child) else (INF, 0)
        else:
            pn, dn = 1, max(1, len(child))
        children.append({"word": f"w{k}", "pn": pn, "dn": dn})
    return {"line": line, "nodes": budget, "verdict": "open", "children": children}


def drive(games_by_key: dict[str, Game], budget: int, slots: int) -> tuple[dict, int]:
    """Rounds of select, search, apply until every pair's root is decided (keys: the
    pairs' keys, variant/start)."""
    trees = {key: PairTree(*key.split("/")) for key in games_by_key}
    rounds = 0
    while any(t.root_winner() is None for t in trees.values()):
        rounds += 1
        picks = select_leaves(trees.values(), slots)
        assert picks, "open pairs but nothing to search"
        for key, index in picks:
            line = ["S", *trees[key].nodes[index].line[1:]]
            result = fake_job(games_by_key[key], line, budget)
            result["line"] = trees[key].nodes[index].line
            apply_result(trees[key], index, result)
    return trees, rounds


@settings(max_examples=60, deadline=None)
@given(
    st.lists(games(), min_size=1, max_size=4),
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=1, max_value=5),
)
def test_the_driver_decides_every_pair_as_minimax_does(pairs, budget, slots) -> None:
    """Whatever the budget and the slots, the trees end decided with the minimax winner,
    and every proof line the certificate job would search first is decided in the tree with
    the verdict minimax gives it."""
    by_key = {f"synthetic/p{k}": game for k, game in enumerate(pairs)}
    trees, rounds = drive(by_key, budget, slots)
    assert rounds <= sum(size(game) for game in pairs)
    for key, tree in trees.items():
        game = by_key[key]
        expected = "human" if mover_wins(game) else "yokai"  # the human answers the start word
        assert tree.root_winner() == expected
        for line in proof_lines(tree):
            node = next(n for n in tree.nodes if n.line == line)
            assert node.decided and not node.expanded
            assert (node.pn == 0) == mover_wins(position(game, ["S", *line[1:]]))


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), min_size=1, max_size=3), st.integers(min_value=1, max_value=8))
def test_a_selection_picks_distinct_open_leaves(pairs, slots) -> None:
    """One round's picks: at most ``slots``, no leaf twice, only open unexpanded leaves of
    undecided pairs; and as many as there are open leaves when slots allow."""
    by_key = {f"synthetic/p{k}": game for k, game in enumerate(pairs)}
    trees = {key: PairTree(*key.split("/")) for key in by_key}
    for _ in range(2):  # expand a little first, with budget 1: every leaf opens
        for key, index in select_leaves(trees.values(), 3):
            result = fake_job(by_key[key], ["S", *trees[key].nodes[index].line[1:]], 1)
            result["line"] = trees[key].nodes[index].line
            apply_result(trees[key], index, result)
    before = {key: json.dumps(tree.to_dict()) for key, tree in trees.items()}
    picks = select_leaves(trees.values(), slots)
    assert {key: json.dumps(tree.to_dict()) for key, tree in trees.items()} == before
    assert len(picks) == len(set(picks)) <= slots
    open_leaves = 0
    for key, tree in trees.items():
        leaves = [i for i in tree.leaves() if not tree.nodes[i].decided]
        if tree.root_winner() is None:
            open_leaves += len(reachable_open(tree))
        for pick_key, index in picks:
            if pick_key == key:
                assert tree.root_winner() is None and index in leaves
    assert len(picks) == min(slots, open_leaves)


def reachable_open(tree: PairTree) -> list[int]:
    """Open leaves below open nodes only (a decided node's leaves need no search)."""
    found, stack = [], [0]
    while stack:
        index = stack.pop()
        node = tree.nodes[index]
        if node.decided:
            continue
        if node.expanded:
            stack.extend(node.children)
        else:
            found.append(index)
    return found


def test_numbers_after_an_expansion_and_a_decision() -> None:
    """Plain negamax bookkeeping: the root takes min of its children's dn as pn and the sum
    of their pn as dn; a refuted reply proves the root; an old result changes nothing."""
    tree = PairTree("v", "S")
    children = [{"word": "a", "pn": 3, "dn": 2}, {"word": "b", "pn": 5, "dn": 7}]
    apply_result(tree, 0, {"line": ["S"], "nodes": 10, "verdict": "open", "children": children})
    assert (tree.root.pn, tree.root.dn) == (2, 8)
    assert most_proving_leaf(tree) == 1
    apply_result(tree, 2, {"line": ["S", "b"], "nodes": 4, "verdict": "wins", "children": []})
    assert (tree.root.pn, tree.root.dn) == (2, 3)  # b is no way out: its mover wins
    apply_result(tree, 1, {"line": ["S", "a"], "nodes": 4, "verdict": "loses", "children": []})
    assert tree.root_winner() == "human"
    assert proof_lines(tree) == [["S", "a"]]
    apply_result(tree, 1, {"line": ["S", "a"], "nodes": 4, "verdict": "wins", "children": []})
    assert tree.root_winner() == "human"  # a re-run job's result is not applied twice
    with pytest.raises(ValueError, match="applied to"):
        apply_result(
            PairTree("v", "S"), 0, {"line": ["T"], "nodes": 1, "verdict": "wins", "children": []}
        )


def test_a_reply_the_table_holds_decided_decides_the_position() -> None:
    """A job can run out of budget right after df-pn proved a reply, before the proof
    reached the searched position: its children then decide it."""
    tree = PairTree("v", "S")
    children = [{"word": "a", "pn": INF, "dn": 0}, {"word": "b", "pn": 2, "dn": 2}]
    apply_result(tree, 0, {"line": ["S"], "nodes": 1, "verdict": "open", "children": children})
    assert tree.root_winner() == "human"
    assert proof_lines(tree) == [["S", "a"]]


# --- the small case, run for real --------------------------------------------------------


def jobs_command(state: Path, *options: str) -> list[str]:
    return [
        str(ASOBI),
        "shiritori",
        "jobs",
        "run",
        "--state",
        str(state),
        "--open",
        str(SMALL / "open.csv"),
        "--configfile",
        str(SMALL / "small.yaml"),
        "--snakefile",
        str(REPO / "workflow/shiritori-jobs.smk"),
        *options,
    ]


def wait_for(path: Path, process: subprocess.Popen[bytes]) -> None:
    began = time.monotonic()
    while not path.exists():
        assert process.poll() is None, f"the run ended before {path} was written"
        assert time.monotonic() - began < RUN_TIMEOUT, f"{path} never appeared"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def resumed_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The small case: killed (its whole process group, Snakemake and jobs included) once
    round 2's Snakemake has started, then run again to the end."""
    state = tmp_path_factory.mktemp("jobs") / "state"
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    first = subprocess.Popen(
        jobs_command(state),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
    )
    try:
        wait_for(state / "rounds/0002/snakemake.log", first)
        round_one = state / "rounds/0001/leaf/l00000.json"
        killed_state = json.loads((state / "state.json").read_text("utf-8"))
        manifest_two = (state / "rounds/0002/manifest.json").read_text("utf-8")
        round_one_mtime = round_one.stat().st_mtime_ns
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    second = subprocess.run(
        jobs_command(state), capture_output=True, text=True, env=env, timeout=RUN_TIMEOUT
    )
    return {
        "state": state,
        "killed_state": killed_state,
        "manifest_two": manifest_two,
        "round_one_mtime": round_one_mtime,
        "second": second,
    }


def test_the_killed_run_resumes_and_decides_the_small_case(resumed_run) -> None:
    second, state = resumed_run["second"], resumed_run["state"]
    assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-3000:]
    assert resumed_run["killed_state"]["round"] == 2  # killed within round 2
    assert (state / "rounds/0002/manifest.json").read_text("utf-8") == resumed_run["manifest_two"]
    leaf = state / "rounds/0001/leaf/l00000.json"
    assert leaf.stat().st_mtime_ns == resumed_run["round_one_mtime"]  # round 1 not run again
    final = json.loads((state / "state.json").read_text("utf-8"))
    (pair,) = final["pairs"]
    assert pair["status"] == "decided" and pair["winner"] == "yokai"
    root = pair["tree"]["nodes"][0]
    assert root["expanded"] and root["dn"] == 0
    assert "decided now: " + f"{SMALL_VARIANT}/{SMALL_START}" in second.stdout
    assert "nothing left to search" in second.stdout


def test_the_root_alone_is_more_than_one_leaf_budget() -> None:
    """The small case is a real one: its root searched alone needs more than a leaf job's
    budget (so the rounds, not one job, decide it), and a larger search agrees with the run."""
    from asobi.shiritori.jobsearch import search_leaf

    budget = 8000  # tests/data/shiritori-jobs/small.yaml
    assert search_leaf(SMALL_VARIANT, [SMALL_START], budget, 16)["verdict"] == "open"
    assert search_leaf(SMALL_VARIANT, [SMALL_START], 50 * budget, 18)["verdict"] == "loses"


def test_the_merged_certificate_checks_with_the_rules(resumed_run) -> None:
    from asobi.shiritori.certificates import load_nodes
    from asobi.shiritori.data import VENDORED_LIST, load_clean
    from asobi.shiritori.merge import check
    from asobi.shiritori.shiritori import Rules, Shiritori

    proofs = resumed_run["state"] / "proofs" / f"{SMALL_VARIANT}.parquet"
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, Rules.from_variant_id(SMALL_VARIANT))
    assert check(proofs, SMALL_VARIANT, game) >= 1
    nodes, roots = load_nodes(proofs, SMALL_VARIANT)
    assert nodes[roots[SMALL_START]].word == SMALL_START  # the yokai's win: it says its name
    decided = (resumed_run["state"] / "decided.csv").read_text("utf-8").splitlines()
    assert decided[1].startswith(f"{SMALL_VARIANT},{SMALL_START},yokai,")


def test_status_and_cost_read_the_folder(resumed_run) -> None:
    state = str(resumed_run["state"])
    status = subprocess.run(
        [str(ASOBI), "shiritori", "jobs", "status", "--state", state],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "1 decided" in status.stdout and f"{SMALL_START}: decided yokai" in status.stdout
    cost = subprocess.run(
        [str(ASOBI), "shiritori", "jobs", "cost", "--state", state, "--cores", "100"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "3 rounds, 3 leaf jobs, 1 certificate jobs" in cost.stdout
    assert "a day of 100 cores, jobs of" in cost.stdout


def test_new_pairs_cannot_be_added_to_a_folder(resumed_run) -> None:
    done = subprocess.run(
        [*jobs_command(resumed_run["state"]), "--word", "アカシサマ"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "--variant and --word choose the pairs of a new folder only" in done.stderr


def test_an_empty_selection_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [*jobs_command(tmp_path / "state"), "--word", "ロクロクビ"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "no open pair" in done.stderr
    assert not (tmp_path / "state").exists()


def test_the_settings_file_holds_the_schema_defaults() -> None:
    from asobi.shiritori.jobs import default_settings, load_settings

    assert load_settings(REPO / "config/shiritori-jobs.yaml") == default_settings()
    assert load_settings(SMALL / "small.yaml")["leaf_budget"] == 8000


def test_an_unknown_setting_is_refused(tmp_path: Path) -> None:
    from asobi.core.errors import ConfigError
    from asobi.shiritori.jobs import load_settings

    path = tmp_path / "bad.yaml"
    path.write_text("slots: 2\nleaf_budgte: 10\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="leaf_budgte"):
        load_settings(path)


def test_the_cost_model_arithmetic() -> None:
    """Jobs per day from the measured rate and the start-up per job; a day's nodes."""
    from asobi.shiritori.jobs import Cost

    spent = Cost(2, 4, 0, 4_000_000, 10.0, 99.0)
    assert spent.nodes_per_core_second == 400_000
    assert spent.nodes_per_round == 2_000_000
    day = spent.day_on(10, 9.0)
    assert day["seconds_per_job"] == pytest.approx(2.5 + 9.0)
    assert day["jobs"] == pytest.approx(10 * 86_400 / 11.5)
    assert day["nodes"] == pytest.approx(day["jobs"] * 1_000_000)
    bigger = spent.day_on(10, 9.0, leaf_budget=400_000_000)
    assert bigger["seconds_per_job"] == pytest.approx(1000 + 9.0)
    assert bigger["overhead_share"] == pytest.approx(9.0 / 1009.0)


def proven_driver(folder: Path, said: list[str] | None = None) -> tuple[Any, Any]:
    """A folder whose one pair (the small case) is proven a yokai win, waiting for its
    certificate; the driver's lines go to ``said``."""
    from asobi.shiritori.jobs import Driver, load_settings

    driver = Driver(folder, echo=(said if said is not None else []).append)
    driver.create([(SMALL_VARIANT, SMALL_START)], load_settings(SMALL / "small.yaml"))
    state = driver.load()
    result = {"line": [SMALL_START], "nodes": 1, "verdict": "loses", "children": []}
    apply_result(state.pairs[0].tree, 0, result)
    state.pairs[0].status = "proven"
    return driver, state


def certify_round(driver, state, record: dict[str, Any], certificate: Path) -> list[str]:
    """Apply a certificate job's files as if round 1 had run it."""
    folder = driver.round_dir(1) / "certify"
    folder.mkdir(parents=True)
    (folder / "c00000.json").write_text(json.dumps(record), encoding="utf-8")
    (folder / "c00000.parquet").write_bytes(certificate.read_bytes())
    manifest = {"round": 1, "leaves": {}, "certify": {"c00000": {"pair": state.pairs[0].tree.key}}}
    return driver.apply(state, manifest)


def tampered(certificate: Path, out: Path) -> Path:
    """The certificate with one of the human's replies at the root left out."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pq.read_table(certificate)
    rows = table.to_pylist()
    root = next(row for row in rows if row["root"] and row["start"] == SMALL_START)
    for column in ("replies", "next", "via"):
        root[column] = root[column][:-1]
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), out)
    return out


def test_a_certificate_that_does_not_check_decides_nothing(resumed_run, tmp_path: Path) -> None:
    certificate = resumed_run["state"] / "proofs" / f"{SMALL_VARIANT}.parquet"
    said: list[str] = []
    driver, state = proven_driver(tmp_path / "state", said)
    record = {"winner": "yokai", "certificate_nodes": 1}
    assert certify_round(driver, state, record, tampered(certificate, tmp_path / "t.parquet")) == []
    assert (state.pairs[0].status, state.pairs[0].winner) == ("uncertified", None)
    assert "the certificate does not check" in said[0]


def test_a_certificate_of_the_other_winner_decides_nothing(resumed_run, tmp_path: Path) -> None:
    """The search's record says human, the (valid) certificate's root says yokai."""
    certificate = resumed_run["state"] / "proofs" / f"{SMALL_VARIANT}.parquet"
    said: list[str] = []
    driver, state = proven_driver(tmp_path / "state", said)
    record = {"winner": "human", "certificate_nodes": 1}
    assert certify_round(driver, state, record, certificate) == []
    assert state.pairs[0].status == "uncertified"
    assert "root says yokai, the search human" in said[0]


def test_the_real_certificate_decides_the_pair(resumed_run, tmp_path: Path) -> None:
    certificate = resumed_run["state"] / "proofs" / f"{SMALL_VARIANT}.parquet"
    driver, state = proven_driver(tmp_path / "state")
    record = {"winner": "yokai", "certificate_nodes": 1}
    assert certify_round(driver, state, record, certificate) == [state.pairs[0].tree.key]
    assert (state.pairs[0].status, state.pairs[0].winner) == ("decided", "yokai")


def test_twins_are_searched_once_and_decided_by_exchange(tmp_path: Path) -> None:
    """Of two start words that begin and end alike (no aliases), only the first is searched;
    once its certificate is merged, the exchange root the merge adds (and checks) decides the
    second."""
    from asobi.shiritori.jobs import Driver, load_settings
    from asobi.shiritori.jobsearch import certify_pair

    variant = "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-strict__aliases-ban"
    driver = Driver(tmp_path / "state", echo=lambda line: None)
    driver.create([(variant, "アッキ"), (variant, "アイヌソッキ")], load_settings(None))
    state = driver.load()
    first, twin = state.pairs
    assert (first.status, twin.status, twin.twin_of) == ("open", "twin", first.tree.key)
    certificate = tmp_path / "first.parquet"
    record = certify_pair(variant, "アッキ", [], budget=100_000, table_bits=16, out=certificate)
    first.status, first.winner = "decided", record["winner"]
    first.certificate = str(Path("..") / certificate.name)  # relative to the folder
    driver.publish(state)
    assert (twin.status, twin.winner) == ("decided", record["winner"])
    rows = (driver.dir / "decided.csv").read_text("utf-8").splitlines()
    assert rows[2].startswith(f"{variant},アイヌソッキ,{record['winner']},")
    assert rows[2].endswith(f",{first.tree.key}")


def test_the_tree_infinity_is_the_searchs() -> None:
    """The jobs report df-pn's numbers as they are: a proven reply has dfpn.INF."""
    from asobi.shiritori import dfpn

    assert INF == dfpn.INF


def test_the_round_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One Snakemake invocation per round: locally with --cores, or through the profiles,
    a profile folder given relative to here made absolute (Snakemake runs in the folder)."""
    from asobi.shiritori.jobs import Driver

    monkeypatch.chdir(REPO)
    driver = Driver(tmp_path / "state")
    manifest = tmp_path / "state/rounds/0001/manifest.json"
    smk = REPO / "workflow/shiritori-jobs.smk"
    local = driver.snakemake_command(manifest, smk, (), 2)
    assert local[-2:] == ["--cores", "2"]
    assert f"manifest={manifest.resolve()}" in local
    slurm = driver.snakemake_command(manifest, smk, ("profiles/slurm", "mycluster"), 2)
    assert "--cores" not in slurm
    assert slurm[-4:] == ["--profile", str(REPO / "profiles/slurm"), "--profile", "mycluster"]
