"""The players' counts of playable primes by digit count (their blog's progress list), read
off the prime tally (``prime_tally.parquet``, every prime below ``tally_max``, 10^10 by
default) and, for the 8-digit count, the catalogue (``primes.parquet``) under each reading
of "playable" the blog describes.

The list: all 1 229 primes of at most 4 digits can be played; 8 357, 68 703 and 581 998 of 5,
6 and 7 digits; 5 029 944 of 8 digits; "5 253 883 or more" of 9 digits (a lower bound).
"""

from __future__ import annotations

from asobi.core.claims import Claim, Reading, ResultTables, Verdict, verdict_from
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import PRIME_TALLY, PRIMES, daifugo_claim
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.tally_readings import READINGS, count_playable

#: The players' count of primes of at most 4 digits, all playable.
UP_TO_4_DIGITS = 1_229
#: Playable primes by digit count, as players quote them.
PUBLIC_TALLIES = {5: 8_357, 6: 68_703, 7: 581_998}
#: The players' count of playable 8-digit primes.
EIGHT_DIGITS = 5_029_944
#: The players' lower bound (以上) for the playable 9-digit primes.
NINE_DIGIT_LOWER_BOUND = 5_253_883


def _tally(tables: ResultTables):  # type: ignore[no-untyped-def]
    frame = tables.read(PRIME_TALLY, columns=["digits", "primes", "playable"])
    return frame.set_index(frame["digits"].astype(int))


def _playable(tables: ResultTables) -> dict[int, int]:
    return _tally(tables)["playable"].astype(int).to_dict()


def _tally_rows(tally, digits: list[int], columns: list[str]) -> Recheck:  # type: ignore[no-untyped-def]
    """The tally's ``columns`` for the digit counts ``digits`` it has, one row each."""
    present = [d for d in digits if d in tally.index]
    return Recheck(
        f"SELECT digits, {', '.join(columns)} FROM '{PRIME_TALLY}' "
        f"WHERE digits IN ({', '.join(map(str, digits))}) ORDER BY digits",
        [{"digits": d, **{c: int(tally.loc[d, c]) for c in columns}} for d in present],
    )


def public_all_primes_up_to_4_digits(tables: ResultTables) -> Claim:
    """Players: all 1 229 primes of at most 4 digits can be played."""
    tally = _tally(tables)
    recheck = _tally_rows(tally, [1, 2, 3, 4], ["primes", "playable"])
    statement = f"All {UP_TO_4_DIGITS:,} primes of at most 4 digits can be played.".replace(
        ",", " "
    )
    formal = (
        "in the prime tally, the primes of 1…4 digits number 1 229 and every one is playable "
        "(some split of its digits into cards fits one deck)"
    )
    missing = [d for d in range(1, 5) if d not in tally.index]
    if missing:
        return daifugo_claim(
            "public_all_primes_up_to_4_digits",
            statement,
            formal,
            Verdict.UNDECIDED,
            f"the prime tally has no row for {missing} digits",
            (PRIME_TALLY,),
            recheck=recheck,
        )
    rows = tally.loc[[1, 2, 3, 4]]
    primes, playable = int(rows["primes"].sum()), int(rows["playable"].sum())
    return daifugo_claim(
        "public_all_primes_up_to_4_digits",
        statement,
        formal,
        verdict_from(primes == UP_TO_4_DIGITS and playable == primes),
        f"{primes} primes of 1…4 digits, {playable} playable "
        f"(by digit count: {rows['playable'].astype(int).tolist()})",
        (PRIME_TALLY,),
        recheck=recheck,
    )


def public_tallies_5_to_7_digits(tables: ResultTables) -> Claim:
    """Players count 8 357, 68 703 and 581 998 playable primes of 5, 6 and 7 digits."""
    tally = _tally(tables)
    playable = tally["playable"].astype(int).to_dict()
    statement = (
        "There are 8 357 playable primes of 5 digits, 68 703 of 6 and 581 998 of 7 (counts "
        "players quote)."
    )
    formal = (
        "playable primes (some split of the digits into cards fits one deck) per digit "
        "count in the prime tally equal the quoted counts for 5, 6 and 7 digits"
    )
    missing = [d for d in PUBLIC_TALLIES if d not in playable]
    if missing:
        verdict = Verdict.UNDECIDED
        evidence = f"the prime tally has no row for {missing} digits"
    else:
        verdict = verdict_from(all(playable[d] == n for d, n in PUBLIC_TALLIES.items()))
        evidence = "; ".join(
            f"{d} digits: {playable[d]} counted, {n} quoted" for d, n in PUBLIC_TALLIES.items()
        )
    return daifugo_claim(
        "public_tallies_5_to_7_digits",
        statement,
        formal,
        verdict,
        evidence,
        (PRIME_TALLY,),
        recheck=_tally_rows(tally, list(PUBLIC_TALLIES), ["playable"]),
    )


def decide_readings(counts: dict[str, int], quoted: int, game: str = "game") -> Verdict:
    """The quoted count against each reading's count: confirmed when the game's own rules
    give it; depends when only another reading the source describes does; refuted when
    none does (undecided without counts)."""
    if not counts:
        return Verdict.UNDECIDED
    if counts.get(game) == quoted:
        return Verdict.CONFIRMED
    if quoted in counts.values():
        return Verdict.DEPENDS
    return Verdict.REFUTED


def _off_by(count: int) -> str:
    """How far the game's count is from the quoted 8-digit figure, in primes and as a share
    of the figure (``off by 1 400 (0.03 %)``).

    >>> _off_by(EIGHT_DIGITS + 1400)
    "the game's reading is off by 1 400 (0.03 %)"
    """
    gap = abs(count - EIGHT_DIGITS)
    share = f" ({gap / EIGHT_DIGITS:.2%})".replace("%", " %") if EIGHT_DIGITS else ""
    return f"the game's reading is off by {gap:,}".replace(",", " ") + share


def public_tally_8_digits(tables: ResultTables, rules: Rules) -> Claim:
    """Players count 5 029 944 playable primes of 8 digits; each reading of "playable" the
    blog describes is counted over the catalogue's 8-digit primes."""
    statement = "There are 5 029 944 playable primes of 8 digits (a count players quote)."
    formal = (
        "the catalogue's 8-digit primes (complete when their number equals the tally's) "
        "counted as playable under each reading: "
        + "; ".join(f"{r.name}: {r.description}" for r in READINGS)
        + f"; each reading is one yardstick, confirmed where it gives {EIGHT_DIGITS} "
        "(the headline: confirmed or refuted when all agree, depends otherwise)"
    )
    tally = _tally(tables)
    primes = tables.read(PRIMES, columns=["n"], filters=[("digits", "==", 8)])["n"].to_numpy()
    expected = int(tally.loc[8, "primes"]) if 8 in tally.index else None
    catalogue = (
        f"SELECT (SELECT count(*) FROM '{PRIMES}' WHERE digits = 8) AS catalogue_primes, "
        f"(SELECT primes FROM '{PRIME_TALLY}' WHERE digits = 8) AS tally_primes"
    )
    if expected is None or len(primes) != expected:
        return daifugo_claim(
            "public_tally_8_digits",
            statement,
            formal,
            Verdict.UNDECIDED,
            f"the catalogue holds {len(primes)} 8-digit primes, the tally {expected} "
            "(primes_max below 10^8)",
            (PRIME_TALLY, PRIMES),
            recheck=Recheck(catalogue, {"catalogue_primes": len(primes), "tally_primes": expected}),
        )
    counts = {r.name: count_playable(primes, r, rules) for r in READINGS}
    tallied = int(tally.loc[8, "playable"])
    matching = [name for name, n in counts.items() if n == EIGHT_DIGITS]
    game_recheck = Recheck(
        f"SELECT count(*) AS game_reading FROM '{PRIMES}' WHERE digits = 8 AND playable",
        {"game_reading": counts["game"]},
    )
    readings = [
        Reading(
            reading.name,
            f"playable read as {reading.description}"
            + ("" if reading.name == "game" else " (a reading the blog describes)"),
            f"{counts[reading.name]} playable 8-digit primes "
            f"({counts[reading.name] - EIGHT_DIGITS:+d} against {EIGHT_DIGITS})",
            verdict_from(counts[reading.name] == EIGHT_DIGITS),
            game_recheck if reading.name == "game" else None,
        )
        for reading in READINGS
    ]
    return daifugo_claim(
        "public_tally_8_digits",
        statement,
        formal,
        None,
        f"{len(primes)} primes of 8 digits; "
        + ", ".join(f"{name} {n} ({n - EIGHT_DIGITS:+d})" for name, n in counts.items())
        + f" against {EIGHT_DIGITS} quoted; {_off_by(counts['game'])}; the tally counts "
        + f"{tallied}; reproduced by: "
        + (", ".join(matching) or "no reading"),
        (PRIME_TALLY, PRIMES),
        # the game's reading is the catalogue's `playable`; the other readings' counts are
        # computed from the catalogue's primes (tally_readings.count_playable), in no table
        recheck=Recheck(
            f"{catalogue}, (SELECT count(*) FROM '{PRIMES}' WHERE digits = 8 AND playable) "
            f"AS game_reading, (SELECT playable FROM '{PRIME_TALLY}' WHERE digits = 8) "
            "AS tally_playable",
            {
                "catalogue_primes": len(primes),
                "tally_primes": expected,
                "game_reading": counts["game"],
                "tally_playable": tallied,
            },
        ),
        readings=readings,
    )


def nine_digit_playable_at_least_5253883(tables: ResultTables) -> Claim:
    """Players' unfinished count: 5 253 883 or more playable 9-digit primes (以上)."""
    playable = _playable(tables)
    statement = (
        "At least 5 253 883 primes of 9 digits are playable (a lower bound from an "
        "unfinished count players quote)."
    )
    formal = (
        f"playable 9-digit primes, counted exactly over every prime below 10^9, are at "
        f"least {NINE_DIGIT_LOWER_BOUND} (the quoted figure is a lower bound, 以上)"
    )
    if 9 not in playable:
        return daifugo_claim(
            "nine_digit_playable_at_least_5253883",
            statement,
            formal,
            Verdict.UNDECIDED,
            "the prime tally has no row for 9 digits (tally_max below 10^9)",
            (PRIME_TALLY,),
            recheck=Recheck(
                f"SELECT count(*) AS rows FROM '{PRIME_TALLY}' WHERE digits = 9", {"rows": 0}
            ),
        )
    exact = playable[9]
    return daifugo_claim(
        "nine_digit_playable_at_least_5253883",
        statement,
        formal,
        verdict_from(exact >= NINE_DIGIT_LOWER_BOUND),
        f"exactly {exact} playable 9-digit primes ({exact / NINE_DIGIT_LOWER_BOUND:.2f} times "
        f"the quoted lower bound of {NINE_DIGIT_LOWER_BOUND})",
        (PRIME_TALLY,),
        caveat="the quoted figure is a lower bound from an unfinished count; the exact "
        "count is the evidence",
        recheck=Recheck(
            f"SELECT playable FROM '{PRIME_TALLY}' WHERE digits = 9", {"playable": exact}
        ),
    )
