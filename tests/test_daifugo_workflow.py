"""素数大富豪: a real Snakemake run of the game's targets on tiny bounds, and what re-runs."""

from __future__ import annotations

import copy

from asobi.core.tables import read_metadata, read_table

# Two shards per sharded step: enough to check the shards and their gather, and each job
# pays a Python start-up.
TINY = {
    "fivelines": {"enabled": False},
    "daifugo": {
        "n_max": 3000,
        "shard_size": 1500,
        "layouts_max": 400,
        "z3_max": 40,
        "z3_shard_size": 20,
        "genocchi_max": 60,
        "primes_max": 50_000,
        "primes_shard_size": 25_000,
        "tally_max": 100_000,
        "tally_shard_size": 50_000,
        "hand_sizes": [4, 5],
    },
}
TARGETS = [
    "results/daifugo/claims.parquet",
    "results/daifugo/layouts.parquet",
    "results/daifugo/prime_tally.parquet",
    "results/daifugo/largest_primes_verified.txt",
]
# run_snakemake puts the targets last on the command line, so options may follow them
RERUN_ON_PARAMS = [*TARGETS, "--rerun-triggers", "params"]


def planned_rules(stdout: str) -> set[str]:
    """Rule names in the 'Job stats' table of a dry run (empty when nothing is to be done)."""
    rules, inside = set(), False
    for line in stdout.splitlines():
        words = line.split()
        if line.startswith("Job stats"):
            inside = True
        elif inside and len(words) == 2 and words[1].isdigit():
            if words[0] == "total":
                break
            rules.add(words[0])
    return rules


def test_planned_rules_reads_the_job_stats():
    stdout = "Job stats:\njob    count\n-----  -----\ndaifugo_z3  1\nall  1\ntotal  2\n"
    assert planned_rules(stdout) == {"daifugo_z3", "all"}
    assert planned_rules("Nothing to be done.") == set()


def test_snakemake_daifugo(snakemake_run):
    result, workdir = snakemake_run(TINY, TARGETS, cores=2)
    assert result.returncode == 0, result.stderr[-3000:]
    numbers = read_table(workdir / "results/daifugo/numbers.parquet")
    assert numbers["n"].tolist() == list(range(2, 3001))
    assert read_metadata(workdir / "results/daifugo/numbers.parquet")["table"] == "daifugo/numbers"
    z3 = read_table(workdir / "results/daifugo/z3_crosscheck.parquet")
    assert z3["agree"].all() and (z3["origin"] == "article_example").sum() == 9
    claims = read_table(workdir / "results/daifugo/claims.parquet").set_index("claim_id")
    assert claims.loc["daifugo.smallest_unplayable_composite_without_exponent", "verdict"] == (
        "confirmed"
    )
    # 40009 is beyond n_max here, so the Eden prime claim cannot be decided
    assert claims.loc["daifugo.smallest_eden_prime", "verdict"] == "undecided"
    assert (workdir / "logs/daifugo/numbers/2-1500.log").exists()
    # the primes table is checked against the numbers table below n_max
    assert (
        "agrees on all 430 primes below 3001" in (workdir / "logs/daifugo/primes.log").read_text()
    )
    primes = read_table(workdir / "results/daifugo/primes.parquet")
    assert len(primes) == 5133 and primes["n"].is_monotonic_increasing  # primes below 50 000
    tally = read_table(workdir / "results/daifugo/prime_tally.parquet").set_index("digits")
    assert tally.loc[5, "smallest_eden"] == 40009 and tally.index.tolist() == [1, 2, 3, 4, 5]
    tally_log = (workdir / "logs/daifugo/prime_tally.log").read_text()
    assert "pi(10^k) holds for k = [1, 2, 3, 4, 5]; the catalogue agrees on [1, 2, 3, 4]" in (
        tally_log
    )
    odds = read_table(workdir / "results/daifugo/hand_odds.parquet")
    assert sorted(set(odds["hand_size"])) == [4, 5] and len(odds) == 20
    assert claims.loc["daifugo.revolution_four_cards_too_frequent", "verdict"] == "confirmed"
    assert set(claims["verdict"]) <= {"confirmed", "refuted", "undecided", "depends"}
    largest = read_table(workdir / "results/daifugo/largest_primes.parquet")
    assert largest["cards"].tolist() == list(range(1, 55)) and largest["digits"].iloc[-1] == 72
    verified = (workdir / "results/daifugo/largest_primes_verified.txt").read_text()
    assert verified.startswith("54 rows verified")
    assert claims.loc["daifugo.largest_prime_71_digits", "verdict"] == "confirmed"
    rulings = read_table(workdir / "results/daifugo/rulings.parquet").set_index("play")
    assert rulings.loc["8=2*2*2", "discarded"].tolist() == ["8", "2", "2", "2"]
    assert claims.loc["daifugo.example_691", "tables"].tolist() == ["daifugo/rulings.parquet"]
    assert claims.loc["daifugo.ramanujan_taxicab", "verdict"] == "confirmed"
    assert claims["recheck_sql"].notna().all()
    for cited in claims["tables"]:
        assert all((workdir / "results" / name).is_file() for name in cited), cited
    for rule_output in (
        "numbers",
        "layouts",
        "z3_crosscheck",
        "genocchi",
        "primes",
        "prime_tally",
        "tally/2-50000",
        "hand_odds",
        "ordinary_odds",
        "largest_primes",
        "largest_primes_verified",
        "rulings",
        "cube_sums",
        "claims",
    ):
        assert (workdir / f"logs/benchmarks/daifugo/{rule_output}.tsv").exists(), rule_output

    # each rule gets only the config keys it reads: a new z3_max re-runs the z3 rules and
    # what reads their table (the claims), nothing else
    unchanged, _ = snakemake_run(TINY, RERUN_ON_PARAMS, dry_run=True)
    assert unchanged.returncode == 0, unchanged.stderr[-3000:]
    assert planned_rules(unchanged.stdout) == set()
    wider = copy.deepcopy(TINY)
    wider["daifugo"]["z3_max"] = 60
    changed, _ = snakemake_run(wider, RERUN_ON_PARAMS, dry_run=True)
    assert changed.returncode == 0, changed.stderr[-3000:]
    assert planned_rules(changed.stdout) == {"daifugo_z3_shard", "daifugo_z3", "daifugo_claims"}


def test_a_tiny_shard_size_is_refused_while_the_workflow_is_parsed(snakemake_run):
    # issue 13: shard_size 1 with n_max 10^8 would plan 10^8 jobs
    tiny = copy.deepcopy(TINY)
    tiny["daifugo"].update(n_max=100_000_000, shard_size=1)
    result, _ = snakemake_run(tiny, TARGETS, dry_run=True)
    assert result.returncode == 2
    assert (
        "asobi: daifugo.shard_size: 100000000 numbers in shards of 1 make more than 1000 jobs"
        in result.stderr
    )
    assert "Job stats" not in result.stdout


def test_a_tally_short_of_the_catalogue_is_refused_while_the_workflow_is_parsed(snakemake_run):
    short = copy.deepcopy(TINY)
    short["daifugo"]["tally_max"] = 10_000
    result, _ = snakemake_run(short, TARGETS, dry_run=True)
    assert result.returncode == 2
    assert "asobi: daifugo: tally_max (10000) must be at least primes_max (50000)" in (
        result.stderr
    )
