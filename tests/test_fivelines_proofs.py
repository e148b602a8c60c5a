"""五線: the z3 lemmas, and that the proof machinery does find counterexamples."""

from __future__ import annotations

import json
import logging

import pyarrow.parquet as pq
import pytest
import z3

from asobi.core.errors import InputError
from asobi.fivelines.pipeline import write_proof
from asobi.fivelines.proofs import LEMMAS, find_counterexample, prove
from asobi.fivelines.tables import PROOFS_SCHEMA


@pytest.mark.parametrize("width", [1, 2, 5, 16, 64])
def test_lemma_a_a_move_never_keeps_xor_zero(width):
    assert prove("move_breaks_zero", width).status == "proved"


@pytest.mark.parametrize("rows", [1, 2, 3, 8])
def test_lemma_b_a_move_to_xor_zero_exists(rows):
    assert prove("zero_reachable", 64, rows).status == "proved"


@pytest.mark.parametrize("width", [1, 3, 64])
def test_lemma_c_row_grundy_value_is_its_length(width):
    assert prove("row_grundy", width).status == "proved"


def test_a_false_lemma_yields_a_checked_counterexample():
    # "c + d <= b never gives c XOR d = b" is false (erase nothing: c = b, d = 0).
    b, c, d = z3.BitVecs("b c d", 8)
    status, _, _, text = find_counterexample(
        [z3.ULE(z3.ZeroExt(2, c) + z3.ZeroExt(2, d), z3.ZeroExt(2, b)), c ^ d == b], [b, c, d]
    )
    assert status == "counterexample"
    model = json.loads(text)
    assert model["c"] + model["d"] <= model["b"] and model["c"] ^ model["d"] == model["b"]


def test_the_work_count_is_the_same_on_every_run():
    # The proofs table holds z3's work count instead of wall-clock seconds, so that a rerun
    # writes the same table. Earlier checks in the same process must not change it.
    first = prove("row_grundy", 5).z3_rlimit
    prove("move_breaks_zero", 6)
    prove("zero_reachable", 4, rows=3)
    assert prove("row_grundy", 5).z3_rlimit == first > 0


def test_a_rerun_writes_the_same_proofs_table_and_its_time_goes_to_the_log(tmp_path, caplog):
    # No wall-clock column (the 1.0 release dropped `seconds`): two runs, identical bytes;
    # the solver time is logged per lemma and the rule's `benchmark:` file times the job.
    first, second = tmp_path / "a.parquet", tmp_path / "b.parquet"
    with caplog.at_level(logging.INFO, logger="asobi.fivelines"):
        write_proof(str(first), "zero_reachable", 3, 2)
    write_proof(str(second), "zero_reachable", 3, 2)
    assert first.read_bytes() == second.read_bytes()
    assert pq.read_schema(first).names == PROOFS_SCHEMA.names
    assert "seconds" not in PROOFS_SCHEMA.names and "z3_rlimit" in PROOFS_SCHEMA.names
    assert "z3 zero_reachable: 6 checks," in caplog.text and "s of solver time" in caplog.text


def test_unknown_lemma_is_an_input_error():
    with pytest.raises(InputError):
        prove("no_such_lemma", 4)
    assert set(LEMMAS) == {"move_breaks_zero", "zero_reachable", "row_grundy"}
