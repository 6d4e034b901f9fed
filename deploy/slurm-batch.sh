#!/bin/bash
# A Slurm job array that renders a documentation tree in 8 shards: task K renders the files
# whose path hashes to shard K (`quire batch --shard env` reads SLURM_ARRAY_TASK_ID and
# SLURM_ARRAY_TASK_COUNT, counted from SLURM_ARRAY_TASK_MIN). Submit from the folder holding
# docs/ (on a file system every node sees):
#   sbatch deploy/slurm-batch.sh                 # or: sbatch --array=1-16 ... for 16 shards
# Then merge the manifests and retry the failures on one node:
#   cat pdf/manifest-*.jsonl > manifest.jsonl && quire batch docs -o pdf --only-failed manifest.jsonl
#SBATCH --job-name=quire-batch
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=quire-batch-%A_%a.log
set -euo pipefail
IN=${QUIRE_IN:-docs}
OUT=${QUIRE_OUT:-pdf}
exec quire batch "$IN" -o "$OUT" --shard env --jobs "${SLURM_CPUS_PER_TASK:-2}" -q \
  --manifest "$OUT/manifest-$SLURM_ARRAY_TASK_ID.jsonl"
