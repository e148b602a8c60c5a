"""The compiled (numba) df-pn stage against plain exhaustive search and the Python solver."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shiritori_tools import dense_game

from asobi.core.game import mover_wins
from asobi.shiritori import proofstore
from asobi.shiritori.compiled import CompiledSearch
from asobi.shiritori.data import load_clean
from asobi.shiritori.dfpn import entry, put, used_hash
from asobi.shiritori.shiritori import (
    ALL_RULES,
    DEFAULT_RULES,
    Lexicon,
    Rules,
    Shiritori,
    line_winner,
)
from asobi.shiritori.solver import Solver
from asobi.shiritori.staged import StagedSolver, solve_open_start

REPO = Path(__file__).resolve().parents[1]
CLEAN = load_clean(REPO / "resources" / "yokai" / "yokai_names_2024-07-02.tsv")
ALL_WORDS = CLEAN.words
BIG = 10**6


def plain_winner(game: Shiritori, start: str) -> str:
    """``yokai`` or ``human`` for ``start`` by the plain reference negamax."""
    return "human" if mover_wins(game, game.opening(start)) else "yokai"


def compiled_results(game: Shiritori, table_bits: int = 12, **store):
    solver = Solver(game)
    search = CompiledSearch(solver, table_bits=table_bits, **store)
    return {start: solve_open_start(solver, search, start, BIG) for start in game.words}


def assert_agrees_with_plain(
    game: Shiritori, table_bits: int, *, must_decide: bool = True, **store
) -> None:
    """Every decided start word has the plain search's winner and a line that ends so;
    with ``must_decide`` every start word is decided."""
    for start, result in compiled_results(game, table_bits, **store).items():
        if result is None and not must_decide:
            continue  # out of budget: reported unknown, never guessed
        assert result is not None, start
        assert result.winner == plain_winner(game, start), start
        assert line_winner(game, result.line) == result.winner, result.line


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    indices=st.lists(st.integers(0, len(ALL_WORDS) - 1), min_size=2, max_size=14, unique=True),
    rules=st.sampled_from(ALL_RULES),
)
def test_compiled_agrees_with_plain_search_on_sub_dictionaries_of_the_list(indices, rules):
    words = [ALL_WORDS[i] for i in sorted(indices)]
    lexicon = Lexicon.from_pairs((w, CLEAN.aliases.get(w, ())) for w in words)
    assert_agrees_with_plain(Shiritori(lexicon, rules), table_bits=12)


synthetic_word = st.tuples(
    st.sampled_from("アイウダタ"), st.sampled_from("カキクケコ"), st.sampled_from("アイウダタン")
).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=12, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=3),
    rules=st.sampled_from(ALL_RULES),
    table_bits=st.sampled_from([8, 14]),
    table_ways=st.sampled_from([1, 4]),
)
def test_compiled_agrees_with_plain_search_on_dense_lexicons(
    words, alias_pairs, rules, table_bits, table_ways
):
    # 2**8 slots: most entries are overwritten, which tests that collisions never give a
    # wrong answer; df-pn may then not converge within the budget (e.g. ウカア among
    # タカア アカダ アキア アキダ ウカア ダカア アカア アカウ アキウ アクウ ウカウ under
    # vowel/enlarge/written/free/ban), so only the 2**14 table must decide every word.
    # In buckets of 4 rows the rows evicted are the ones with the least work below them.
    game = dense_game(words, alias_pairs, rules)
    assert_agrees_with_plain(game, table_bits, must_decide=table_bits >= 14, table_ways=table_ways)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=12, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=4),
    rules=st.sampled_from([r for r in ALL_RULES if r.aliases == "ban"]),
    choices=st.lists(st.integers(0, 40), max_size=5),
)
def test_the_kernels_peek_is_what_playing_the_class_would_leave(words, alias_pairs, rules, choices):
    # The kernels read a child's replies and hash without playing it (the aliases a class
    # bans included); they must be what playing it gives, or df-pn's order changes.
    game = dense_game(words, alias_pairs, rules)
    solver = Solver(game)
    search = CompiledSearch(solver, table_bits=8)
    solver.load_start(game.words[0])
    for choice in choices:  # walk a few moves into the game, then look at every class
        playable = [c for c in range(len(solver.size)) if solver.remaining[c]]
        if not playable:
            break
        solver.play(playable[choice % len(playable)])
    for c in range(len(solver.size)):
        if not solver.remaining[c]:
            continue
        seen = search.peek(c)
        banned = solver.play(c)
        hsh = used_hash(
            np.array(solver.remaining, dtype=np.int64),
            search.base,
            search.size,
            search.zobrist,
            search.bit_words,
        )
        key, check = hsh[:2] ^ search.unit_keys[solver.end[c]]
        assert seen == (solver.avail[solver.end[c]], int(key), int(check))
        solver.unplay(c, banned)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=14, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=3),
    rules=st.sampled_from(ALL_RULES),
    # 2**4 entries make df-pn thrash to the budget with or without the store (a start word
    # of ['アカイ', 'アカウ', 'アクア', 'アカア', 'アキア', 'イカイ', 'ウカウ'] stays open
    # after 10**6 nodes), and 2**8 can too (the plain test's example): only the 2**12
    # table must decide every word, the 2**8 one must never be wrong
    table_bits=st.sampled_from([8, 12]),
    sets_bits=st.sampled_from([3, 10]),
    capacity=st.sampled_from([1, 16]),
    archive=st.sampled_from([0, 2]),
)
def test_proof_store_agrees_with_plain_search_on_dense_lexicons(
    words, alias_pairs, rules, table_bits, sets_bits, capacity, archive
):
    # every proof stored (min_nodes 0), tiny tables: many re-uses, many lost sets; with an
    # archive every proof up to 8 plies below the start is also kept there, past a ring of 1
    game = dense_game(words, alias_pairs, rules)
    store = {
        "proof_store": True,
        "store_min_nodes": 0,
        "sets_bits": sets_bits,
        "store_archive": archive,
        "archive_depth": 8,
    }
    assert_agrees_with_plain(
        game, table_bits, must_decide=table_bits >= 12, store_capacity=capacity, **store
    )


def test_proof_store_is_used_on_the_real_list():
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    solver = Solver(game)
    search = CompiledSearch(solver, table_bits=16, proof_store=True, store_min_nodes=16)
    plain = CompiledSearch(solver, table_bits=16)
    for start in ("イタオニ", "オウニ", "アカシャグマ"):
        with_store = solve_open_start(solver, search, start, 200_000)
        without = solve_open_start(solver, plain, start, 200_000)
        if with_store is not None and without is not None:
            assert with_store.winner == without.winner, start
    assert search.stored_proofs > 0 and search.hits > 0 and search.lookups > search.hits


def test_hand_built_lexicon_article_tree():
    # The article's example tree (section 「工夫」): at ア, アカエイ wins and アカアシ loses.
    words = ["アカアシ", "アカエイ", "イガボウ", "イタオニ", "ウシゴゼン", "ウバガビ", "シカヒメ",
             "シキガミ", "ニクジン", "ニタッラサンペ", "ミツメハチメン", "ミョウタラテン",
             "メロリカンノン", "メンレイキ"]  # fmt: skip
    game = Shiritori(Lexicon.from_pairs((w, ()) for w in words))
    solver = Solver(game)
    search = CompiledSearch(solver, table_bits=10)
    solver.load(0)
    assert search.mover_wins(solver.unit_id["ア"], BIG) is True
    move = search.winning_class(solver.unit_id["ア"], BIG)
    assert game.words[solver.class_words[move][0]] == "アカエイ"
    solver.load(game.bans[game.word_index("アカエイ")])
    assert search.mover_wins(solver.unit_id["イ"], BIG) is False
    solver.load(game.bans[game.word_index("アカアシ")])
    assert search.mover_wins(solver.unit_id["シ"], BIG) is True
    # Every start word: the compiled winner is the plain search's, with a legal finished line.
    assert_agrees_with_plain(game, table_bits=10)


def test_hand_built_lexicon_with_aliases_and_n():
    # ノッペラボウ bans its alias ズンベラボウ; ウ…ン words are not moves but end the game.
    pairs = [("ノッペラボウ", ("ズンベラボウ",)), ("ズンベラボウ", ("ノッペラボウ",)),
             ("ウシオニ", ()), ("ウワン", ()), ("ニュウナイスズメ", ()), ("メノウ", ()),
             ("ウブメ", ())]  # fmt: skip
    for rules in (DEFAULT_RULES, Rules(aliases="independent"), Rules(dakuten="free")):
        assert_agrees_with_plain(Shiritori(Lexicon.from_pairs(pairs), rules), table_bits=10)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, Rules(dakuten="free")], ids=["default", "free"])
def test_compiled_agrees_with_the_python_solver_on_decided_real_starts(rules):
    game = Shiritori(CLEAN.lexicon, rules)
    python = Solver(game)
    solver = Solver(game)
    search = CompiledSearch(solver)
    compared = 0
    for start in game.words[::25]:
        expected = python.solve(start, node_budget=1000, proof_budget=5000)
        if expected.winner == "unknown":
            continue
        result = solve_open_start(solver, search, start, 200_000)
        assert result is not None, start
        assert result.winner == expected.winner, start
        assert line_winner(game, result.line) == result.winner
        compared += 1
    assert compared >= 40


def test_budget_exhausted_stays_unknown():
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    solver = Solver(game)
    search = CompiledSearch(solver)
    assert solve_open_start(solver, search, "アカシサマ", 1000) is None
    assert search.nodes == 1001


def assert_legal_and_open(game: Shiritori, line: tuple[str, ...]) -> None:
    """Every word of ``line`` is a legal answer by the rules, and the game is not over."""
    position = game.opening(line[0])
    for word in line[1:]:
        position = game.play(position, word)  # raises on an illegal word
    assert not game.is_over(position), line
    assert line_winner(game, line) is None


def test_an_unknown_start_words_line_is_where_the_search_stands():
    # Issue 11 asks how far each open word got: its line in outcomes is the open line.
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    staged = StagedSolver(game, node_budget=100, proof_budget=100, compiled_budget=20_000)
    result = staged.solve("アカシサマ")
    assert result.winner == "unknown"
    assert result.line[0] == "アカシサマ" and len(result.line) >= 3
    assert_legal_and_open(game, result.line)
    python_only = StagedSolver(game, node_budget=100, proof_budget=100)
    assert python_only.solve("アカシサマ").line == ("アカシサマ",)


def test_the_staged_solver_builds_the_proof_store_at_the_sizes_a_deep_run_asks_for():
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    sized = StagedSolver(
        game, node_budget=100, proof_store=True, store_sets_bits=10, store_capacity=4
    ).compiled_search()
    default = StagedSolver(game, node_budget=100, proof_store=True).compiled_search()
    assert sized.store[0].shape == (1 << 10,) and sized.store[6].shape[1] == 4
    assert default.store[0].shape == (1 << 20,) and default.store[6].shape[1] == 256


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=14, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=3),
    rules=st.sampled_from(ALL_RULES),
    budget=st.integers(1, 40),
)
def test_open_lines_are_legal_and_leave_the_state_unchanged(words, alias_pairs, rules, budget):
    game = dense_game(words, alias_pairs, rules)
    solver = Solver(game)
    search = CompiledSearch(solver, table_bits=8)
    for start in game.words:
        if solve_open_start(solver, search, start, budget) is not None:
            continue
        solver.load_start(start)
        before = (list(solver.remaining), list(solver.avail), solver.used)
        line = (start, *search.open_line(start))
        assert (list(solver.remaining), list(solver.avail), solver.used) == before
        assert_legal_and_open(game, line)


def test_a_budget_spent_in_slices_decides_as_one_call_and_reports_progress():
    rules = Rules(final_u="pronounced", dakuten="free", aliases="independent")
    game = Shiritori(CLEAN.lexicon, rules)
    whole = Solver(game)
    whole.load_start("アカシサマ")
    unit = whole.unit_id["マ"]
    one_call = CompiledSearch(whole).mover_wins(unit, 2_000_000)
    assert one_call is not None
    sliced_solver = Solver(game)
    sliced_solver.load_start("アカシサマ")
    sliced = CompiledSearch(sliced_solver)
    sliced.slice_nodes = 1000
    reports: list[int] = []
    numbers: list[tuple[int, int]] = []
    answer_counts: list[tuple[int, int, list[int]]] = []

    def report(spent: int) -> None:
        reports.append(spent)
        numbers.append(sliced.root_numbers)
        answer_counts.append(sliced.root_answers)

    assert sliced.mover_wins(unit, 2_000_000, report) is one_call
    assert reports[:3] == [1000, 2000, 3000]  # at least three slices did not decide
    assert reports == sorted(reports)
    # After each open slice the root's numbers (from its replies in the table) are open too;
    # once decided they are those of a proof (0, ∞) or a disproof (∞, 0).
    infinite = 1 << 40
    assert all(0 < proof < infinite and 0 < disproof < infinite for proof, disproof in numbers)
    for answers, refuted, still_open in answer_counts:
        assert still_open and refuted + len(still_open) <= answers
    assert sliced.root_numbers == ((0, infinite) if one_call else (infinite, 0))


def test_table_hits_need_both_halves_of_the_128_bit_key():
    # A position whose first 64-bit half matches a stored one but whose second half does
    # not is a different position: the search must not take the stored proof for it.
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    solver = Solver(game)
    search = CompiledSearch(solver, table_bits=16)
    solver.load_start("ロクロクビ")
    unit = solver.unit_id["ビ"]
    assert search.mover_wins(unit, BIG) is False  # the article: ロクロクビ is a yokai win
    before = search.nodes
    assert search.mover_wins(unit, BIG) is False
    assert search.nodes - before == 1  # answered from the table
    tt_check = search.table[0][..., 1]  # a column of the table's rows (a view)
    tt_check ^= np.uint64(1)  # same slots and first halves, other second halves
    before = search.nodes
    assert search.mover_wins(unit, BIG) is False
    assert search.nodes - before > 1  # searched again, not read from the stale entries


def test_a_bucket_of_rows_evicts_the_row_with_the_least_work():
    tt = np.zeros((1, 2, 4), dtype=np.uint64)  # one bucket of two rows
    tt_move = np.zeros((1, 2), dtype=np.int32)
    infinite = 1 << 40
    put(np.uint64(8), np.uint64(1), 0, infinite, 3, 500, tt, tt_move)  # proven, 500 nodes
    put(np.uint64(16), np.uint64(2), 7, 9, -1, 20, tt, tt_move)  # open, 20 nodes
    put(np.uint64(24), np.uint64(3), 1, 4, -1, 1, tt, tt_move)  # a new one: evicts 16
    assert entry(np.uint64(8), np.uint64(1), tt) == (0, infinite, 500)
    assert entry(np.uint64(16), np.uint64(2), tt) == (-1, -1, 0)
    assert entry(np.uint64(24), np.uint64(3), tt) == (1, 4, 1)
    # the same position again is updated in its own row, whatever its work
    put(np.uint64(24), np.uint64(3), infinite, 0, -1, 2, tt, tt_move)
    assert entry(np.uint64(8), np.uint64(1), tt) == (0, infinite, 500)
    assert entry(np.uint64(24), np.uint64(3), tt) == (infinite, 0, 2)
    # work saturates in the spare bits and never spills into the numbers
    put(np.uint64(32), np.uint64(4), infinite, 5, -1, 1 << 50, tt, tt_move)
    assert entry(np.uint64(32), np.uint64(4), tt) == (infinite, 5, (1 << 23) - 1)
    assert entry(np.uint64(24), np.uint64(3), tt) == (-1, -1, 0)  # it had the least work
    assert entry(np.uint64(8), np.uint64(1), tt) == (0, infinite, 500)


def test_one_row_per_bucket_is_the_always_replaced_table():
    tt = np.zeros((4, 1, 4), dtype=np.uint64)
    tt_move = np.zeros((4, 1), dtype=np.int32)
    put(np.uint64(5), np.uint64(1), 0, 1 << 40, 2, 10**6, tt, tt_move)
    put(np.uint64(9), np.uint64(2), 3, 4, -1, 1, tt, tt_move)  # same slot (9 & 3 == 5 & 3)
    assert entry(np.uint64(5), np.uint64(1), tt) == (-1, -1, 0)
    assert entry(np.uint64(9), np.uint64(2), tt) == (3, 4, 1)


@pytest.mark.parametrize("table_ways", [0, 3, 16])
def test_a_table_in_buckets_of_other_sizes_is_refused(table_ways):
    with pytest.raises(ValueError, match="table_ways"):
        CompiledSearch(Solver(Shiritori(CLEAN.lexicon, DEFAULT_RULES)), table_ways=table_ways)


def test_buckets_of_rows_decide_the_real_list_as_single_rows_do():
    # a 2**12 table that the searches fill many times over: the rows that survive differ,
    # the winners may not
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    starts = ("イタオニ", "オウニ", "アカシャグマ", "ホヤウカムイ")
    winners = {}
    for ways in (1, 2, 8):
        solver = Solver(game)
        search = CompiledSearch(solver, table_bits=12, table_ways=ways)
        for start in starts:
            result = solve_open_start(solver, search, start, 300_000)
            if result is not None:
                assert line_winner(game, result.line) == result.winner, (ways, start)
                winners.setdefault(start, set()).add(result.winner)
    assert winners and all(len(found) == 1 for found in winners.values()), winners


def test_line_winner_rejects_illegal_and_unfinished_lines():
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    assert line_winner(game, ("ロクロクビ", "アズキアライ")) is None  # illegal answer
    assert line_winner(game, ("ロクロクビ",)) is None  # the human can still answer
    assert line_winner(game, ("ビローン",)) == "human"


@pytest.mark.slow
def test_words_the_compiled_stage_decides_agree_with_a_longer_python_search():
    # Start words the default Python budgets leave open; where the compiled stage decides
    # them, the Python df-pn with 40x the default proof budget must give the same winner.
    rules = Rules(final_u="pronounced", dakuten="free", aliases="independent")
    game = Shiritori(CLEAN.lexicon, rules)
    python = Solver(game)
    solver = Solver(game)
    search = CompiledSearch(solver)
    checker = Solver(game)
    compared = 0
    for start in game.words[:400]:
        if python.solve(start, node_budget=1000, proof_budget=5000).winner != "unknown":
            continue
        result = solve_open_start(solver, search, start, 20_000)
        if result is None:
            continue
        assert line_winner(game, result.line) == result.winner
        expected = checker.solve(start, node_budget=1000, proof_budget=200_000)
        if expected.winner != "unknown":
            assert expected.winner == result.winner, start
            compared += 1
    assert compared >= 5


def test_stored_proofs_written_by_one_search_serve_the_next_one(tmp_path):
    # a deep run too long for one sitting goes on from the proofs the last one stored
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    first = CompiledSearch(Solver(game), table_bits=16, proof_store=True, store_min_nodes=16)
    plain = CompiledSearch(Solver(game), table_bits=16)
    starts = ("イタオニ", "オウニ")
    for start in starts:
        solve_open_start(first.solver, first, start, 200_000)
    saved = tmp_path / "proofs.npz"
    first.save_proofs(saved)
    second = CompiledSearch(Solver(game), table_bits=16, proof_store=True, store_min_nodes=16)
    second.load_proofs(saved)
    for index in range(4, 10):
        assert np.array_equal(second.store[index], first.store[index])
    for start in starts:
        resumed = solve_open_start(second.solver, second, start, 200_000)
        fresh = solve_open_start(plain.solver, plain, start, 200_000)
        assert resumed is not None and fresh is not None
        assert resumed.winner == fresh.winner, start
    # with an empty table, what the second search knows at once comes from the file
    assert second.hits > 0


def test_a_resumed_search_sees_the_answers_the_stored_proofs_decide(tmp_path):
    # the progress line of a deep run counts refuted answers; after a restart the table is
    # empty, and what it knows of them comes from the file
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    first = CompiledSearch(Solver(game), table_bits=16, proof_store=True, store_min_nodes=16)
    assert solve_open_start(first.solver, first, "イタオニ", 200_000) is not None
    saved = tmp_path / "proofs.npz"
    first.save_proofs(saved)
    second = CompiledSearch(Solver(game), table_bits=16, proof_store=True, store_min_nodes=16)
    second.load_proofs(saved)
    solver = second.solver
    solver.load_start("イタオニ")
    unit = solver.unit_id[game.last[game.word_index("イタオニ")]]
    decided = [(c, pn == 0) for c, pn, dn, _ in second.answer_numbers(unit) if pn == 0 or dn == 0]
    assert decided
    plain = CompiledSearch(solver, table_bits=16)
    for c, opponent_wins in decided:
        banned = solver.play(c)
        assert plain.mover_wins(solver.end[c], 1_000_000) is opponent_wins, c
        solver.unplay(c, banned)


def test_the_archive_keeps_the_proofs_near_the_root_and_travels_with_the_stored_proofs(
    tmp_path,
):
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    sizes = {"proof_store": True, "store_min_nodes": 16, "store_capacity": 4}
    archived = {**sizes, "store_archive": 8, "archive_depth": 3}
    search = CompiledSearch(Solver(game), table_bits=16, **archived)
    plain = CompiledSearch(Solver(game), table_bits=16)
    for start in ("イタオニ", "オウニ"):
        with_archive = solve_open_start(search.solver, search, start, 200_000)
        without = solve_open_start(plain.solver, plain, start, 200_000)
        assert with_archive is not None and without is not None
        assert with_archive.winner == without.winner, start
    assert search.store[18].sum() > 0  # proofs of nodes 0-3 plies below the start
    saved = tmp_path / "proofs.npz"
    search.save_proofs(saved)
    loaded = CompiledSearch(Solver(game), table_bits=16, **archived)
    loaded.load_proofs(saved)
    for index in (*range(4, 10), *range(13, 19)):
        assert np.array_equal(loaded.store[index], search.store[index])
    # a file without an archive loads into a store with one (the archive stays empty)...
    ringed = CompiledSearch(Solver(game), table_bits=16, **sizes)
    solve_open_start(ringed.solver, ringed, "イタオニ", 200_000)
    ringed.save_proofs(saved)
    loaded = CompiledSearch(Solver(game), table_bits=16, **archived)
    loaded.load_proofs(saved)
    assert np.array_equal(loaded.store[9], ringed.store[9]) and not loaded.store[18].any()
    # ...but a file with an archive needs the same archive size
    search.save_proofs(saved)
    with pytest.raises(ValueError, match="--store-archive"):
        CompiledSearch(Solver(game), table_bits=16, **sizes).load_proofs(saved)


def test_stored_proofs_of_another_game_or_store_size_are_refused(tmp_path):
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    search = CompiledSearch(Solver(game), table_bits=10, proof_store=True)
    saved = tmp_path / "proofs.npz"
    search.save_proofs(saved)
    other = Shiritori(CLEAN.lexicon, Rules(dakuten="free", aliases="independent"))
    with pytest.raises(ValueError, match="another reduced game"):
        CompiledSearch(Solver(other), table_bits=10, proof_store=True).load_proofs(saved)
    smaller = CompiledSearch(Solver(game), table_bits=10, proof_store=True, store_capacity=8)
    with pytest.raises(ValueError, match="the same --store-capacity"):
        smaller.load_proofs(saved)
    assert not smaller.store[9].any()  # nothing half-loaded
    with pytest.raises(ValueError, match="proof store"):
        CompiledSearch(Solver(game), table_bits=10).load_proofs(saved)
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(saved.read_bytes()[:100])
    with pytest.raises(ValueError, match="not a proofs file"):
        search.load_proofs(garbage)


def test_stored_proofs_of_searches_run_side_by_side_merge_into_one_file(tmp_path):
    # two answers of one hinge searched side by side from one file, then carried on as one
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    sizes = {"proof_store": True, "store_min_nodes": 16, "store_capacity": 8}
    sizes |= {"store_archive": 4, "archive_depth": 3}
    common = CompiledSearch(Solver(game), table_bits=16, **sizes)
    solve_open_start(common.solver, common, "イタオニ", 200_000)
    start_file = tmp_path / "start.npz"
    common.save_proofs(start_file)
    branches = []
    for index, start in enumerate(("オウニ", "アカシサマ")):
        search = CompiledSearch(Solver(game), table_bits=16, **sizes)
        search.load_proofs(start_file)
        solve_open_start(search.solver, search, start, 100_000)
        branches.append(tmp_path / f"branch{index}.npz")
        search.save_proofs(branches[-1])
    merged = tmp_path / "merged.npz"
    counts = proofstore.merge_ring_files(branches, merged)
    assert counts["kept"] > 0 and counts["dropped"] > 0  # the rings overflowed: a choice was made
    _, arrays = proofstore.read_rings(merged)
    inputs = [proofstore.read_rings(path)[1] for path in branches]
    for names in (list(proofstore.RING), list(proofstore.ARCHIVE)):
        capacity = arrays[names[0]].shape[1]
        for u in range(arrays[names[0]].shape[0]):
            kept = proofstore.ring_entries(arrays, names, u)
            union = {entry for one in inputs for entry in proofstore.ring_entries(one, names, u)}
            assert len(kept) == len(set(kept)) == min(capacity, len(union))
            assert set(kept) <= union
    resumed = CompiledSearch(Solver(game), table_bits=16, **sizes)
    resumed.load_proofs(merged)
    plain = CompiledSearch(Solver(game), table_bits=16)
    for start in ("イタオニ", "オウニ"):
        got = solve_open_start(resumed.solver, resumed, start, 200_000)
        expected = solve_open_start(plain.solver, plain, start, 200_000)
        assert got is not None and expected is not None and got.winner == expected.winner
    other = Shiritori(CLEAN.lexicon, Rules(dakuten="free", aliases="independent"))
    foreign = CompiledSearch(Solver(other), table_bits=10, **sizes)
    foreign.save_proofs(tmp_path / "foreign.npz")
    with pytest.raises(ValueError, match="another reduced game"):
        proofstore.merge_ring_files([merged, tmp_path / "foreign.npz"], tmp_path / "no.npz")
    assert not (tmp_path / "no.npz").exists()
