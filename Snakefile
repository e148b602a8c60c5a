# asobi: one workflow that regenerates every result table and the claims audit.
# Rules live in workflow/rules/<game>.smk (thin: they only name files and call the library).
import os
from glob import glob

from snakemake.utils import min_version

min_version("9.0")


configfile: "config/config.yaml"


include: "workflow/rules/common.smk"


for rules_file in sorted(glob(f"{workflow.basedir}/workflow/rules/*.smk")):
    if os.path.basename(rules_file) not in {"common.smk", "claims.smk"}:

        include: rules_file


include: "workflow/rules/claims.smk"


rule all:
    default_target: True
    input:
        final_outputs(),
