from asobi.core.runlog import run_step
from asobi.shiritori.fetch import fetch_to_tsv

run_step(
    snakemake.log[0],
    fetch_to_tsv,
    api_url=snakemake.params.api_url,
    title=snakemake.params.title,
    timestamp=snakemake.params.timestamp,
    timeout=snakemake.params.timeout,
    retries=snakemake.params.retries,
    max_bytes=snakemake.params.max_bytes,
    vendored=snakemake.input.vendored,
    tsv_out=snakemake.output.tsv,
    diff_out=snakemake.output.diff,
)
