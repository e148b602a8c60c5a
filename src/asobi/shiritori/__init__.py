"""ようかいしりとり (yokai shiritori): word chain over yokai names, solved for every start word.

Rooms, from the bottom layer up (no module imports one above it):

* **Rules**: ``shiritori.py`` (:class:`~asobi.shiritori.shiritori.Shiritori`, the 32
  variants), ``reduced.py`` (the reduced game the searches play, with its public state API).
* **Data**: ``data.py`` (reading and cleaning the yokai list), ``mediawiki.py`` (the bounded
  HTTP client), ``fetch.py`` (the list from Wikipedia), ``marks.py`` (the article's ○/× for
  every row of its data file, set row by row beside the run's winners).
* **Search**: ``search.py`` (what the stages share: the budget exception, a start word's
  result, the compiled table's sizes), ``solver.py`` (the Python stage), ``exactpn.py`` (its
  budgeted searches as numba kernels), ``dfpn.py`` and ``proofstore.py`` (the compiled
  stage's numba kernels), ``compiled.py`` (the compiled stage), ``staged.py`` (both stages as
  the pipeline runs them).
* **Certificates**: ``tables.py`` (rows and schemas), ``certificates.py`` (the format),
  ``verify.py`` (checks it with the rules alone, never importing the search),
  ``vendored.py`` (the certificates shipped with the package), ``certify.py`` (builds them).
* **Steps and tools**: ``claims.py`` (the article's claims: the winner claims and
  ``BUILDERS``), with ``citations.py`` (where the article makes each claim),
  ``claim_tables.py`` (the tables the claims read and their shared SQL), ``word_claims.py``
  (claims read off the word list), ``variant_claims.py`` (other readings of the rules, other
  names) and ``example_claims.py`` (the article's worked examples); ``pipeline.py`` (the
  workflow steps), ``deep.py``, ``transfer.py`` and ``merge.py`` (the deep-search tools),
  ``jobtree.py``, ``jobsearch.py``, ``jobs.py`` and ``jobs_cli.py`` (job-level
  proof-number search over the open pairs, ``asobi shiritori jobs``), ``cli.py``
  (``asobi shiritori``).
"""

from __future__ import annotations

from collections.abc import Callable

from asobi.core.game import ConformanceCase, Outcome
from asobi.shiritori.shiritori import Lexicon, Position, Rules, Shiritori

#: The worked example of the article's section 具体例 (14 names, the human answers ア), with
#: two aliases added so that bans are exercised.
_EXAMPLE = (
    ("アカアシ", ()),
    ("アカエイ", ()),
    ("イガボウ", ()),
    ("イタオニ", ()),
    ("ウシゴゼン", ()),
    ("ウバガビ", ()),
    ("シカヒメ", ()),
    ("シキガミ", ("シカヒメ",)),
    ("ニクジン", ()),
    ("ニタッラサンペ", ()),
    ("ミツメハチメン", ()),
    ("ミョウタラテン", ()),
    ("メロリカンノン", ()),
    ("メンレイキ", ("シキガミ",)),
)


def _exact(game: Shiritori) -> Callable[[Position], Outcome]:
    """The exact solver's outcome of a position (one solver, its table kept across calls)."""
    from asobi.shiritori.solver import Solver

    solver = Solver(game)
    return solver.outcome


def _real_list() -> Shiritori:
    from asobi.core.config import package_data
    from asobi.shiritori.data import load_clean

    lexicon = load_clean(package_data("yokai", "yokai_names_2024-07-02.tsv")).lexicon
    return Shiritori(lexicon, Rules(dakuten="free"))


def conformance_cases() -> list[ConformanceCase]:
    """The article's example lexicon under two variants (exact solver as reference), and
    random playouts on the whole yokai list (``dakuten=free``) from ロクロクビ."""
    lexicon = Lexicon.from_pairs(_EXAMPLE)
    cases = []
    for rules in (Rules(), Rules(dakuten="free", aliases="independent")):
        game = Shiritori(lexicon, rules)
        cases.append(
            ConformanceCase(
                label=f"example-{rules.variant_id}",
                game=game,
                start=Position(0, "ア"),
                solve=_exact(game),
            )
        )
    real = _real_list()
    cases.append(
        ConformanceCase(
            label="yokai-list-dakuten-free", game=real, start=real.opening("ロクロクビ")
        )
    )
    return cases
