#!/bin/bash
# A Slurm job array that renders a documentation tree in 8 shards: task K renders shard K
# (`quire batch --shard env` reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, counted
# from SLURM_ARRAY_TASK_MIN), the shards balanced by the files' sizes (`--shard-by size`).
# Submit from the folder holding docs/ (on a file system every node sees):
#   sbatch deploy/slurm-batch.sh                 # or: sbatch --array=1-16 ... for 16 shards
# Each task writes pdf/manifest-K.jsonl, whose last line gives its files and wall time.
# A task that did not finish (cancelled, or its node lost: its manifest is missing, or its
# last line's "finished" is below its "files") is submitted again alone, with the number of
# shards fixed; what it finished before is up to date and skipped, nothing is rendered twice.
# A lost node also leaves the PDFs it was writing half-written under hidden temporary names
# (.NAME.pdf.quire-XXXXXX); remove them first:
#   find pdf -name '.*.pdf.quire-*' -delete
#   sbatch --array=3,5 --export=ALL,QUIRE_SHARDS=8 deploy/slurm-batch.sh
# Then merge the manifests and retry the failures on one node:
#   cat pdf/manifest-*.jsonl > manifest.jsonl && quire batch docs -o pdf --only-failed manifest.jsonl
# The variables, all optional: QUIRE_IN (docs) and QUIRE_OUT (pdf), the folders;
# QUIRE_SHARDS, the number of shards when the array submitted is not all of them (its task
# ids then counted from 1, as in the array below);
# QUIRE_SHARD_BY (size, or path: a file keeps its shard when others change);
# QUIRE_IMAGE, the image deploy/Containerfile builds, run with QUIRE_RUNTIME (podman or
# apptainer, the first found; for apptainer, a .sif file or a docker:// address), else
# QUIRE_BINARY (quire, from PATH).
#SBATCH --job-name=quire-batch
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=quire-batch-%A_%a.log
set -euo pipefail
IN=${QUIRE_IN:-docs}
OUT=${QUIRE_OUT:-pdf}
shard=env
[ -z "${QUIRE_SHARDS:-}" ] || shard="$SLURM_ARRAY_TASK_ID/$QUIRE_SHARDS"
mkdir -p "$OUT"
args=(batch "$IN" -o "$OUT" --shard "$shard" --shard-by "${QUIRE_SHARD_BY:-size}" --jobs "${SLURM_CPUS_PER_TASK:-2}" -q
      --manifest "$OUT/manifest-$SLURM_ARRAY_TASK_ID.jsonl")
if [ -z "${QUIRE_IMAGE:-}" ]; then
  exec "${QUIRE_BINARY:-quire}" "${args[@]}"
fi
# The container sees the folders at the same paths as the node, and writes as the submitting user.
runtime=${QUIRE_RUNTIME:-$(command -v podman >/dev/null && echo podman || echo apptainer)}
declare -A seen=()
mounts=()
for folder in "$PWD" "$(realpath "$IN")" "$(realpath "$OUT")"; do
  [ -n "${seen[$folder]:-}" ] || { seen[$folder]=1; mounts+=("$folder:$folder"); }
done
case "$runtime" in
  podman)
    volumes=(); for m in "${mounts[@]}"; do volumes+=(--volume "$m"); done
    # The container starts with an environment of its own: --shard env needs Slurm's variables.
    exec podman run --rm --user "$(id -u):$(id -g)" --workdir "$PWD" "${volumes[@]}" \
      --env SLURM_ARRAY_TASK_ID --env SLURM_ARRAY_TASK_COUNT --env SLURM_ARRAY_TASK_MIN "$QUIRE_IMAGE" "${args[@]}" ;;
  apptainer)
    binds=(); for m in "${mounts[@]}"; do binds+=(--bind "$m"); done
    exec apptainer exec --pwd "$PWD" "${binds[@]}" "$QUIRE_IMAGE" quire "${args[@]}" ;;
  *) echo "slurm-batch.sh: QUIRE_RUNTIME=$runtime: use podman or apptainer" >&2; exit 2 ;;
esac
