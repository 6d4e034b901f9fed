#!/usr/bin/env bash
# `make cluster-test`: deploy/slurm-batch.sh run for real on a private one-node Slurm cluster
# (scripts/cluster/slurm.sh) over Quire's own corpus, several hundred files
# (scripts/cluster/make-corpus.py), checked against a one-process `quire batch`:
#  1. a 4-task array: every file rendered once, every PDF byte-identical, the merged manifest
#     complete, the shards' wall times printed (the slowest within 1.3x the mean);
#  2. faults: one array task cancelled mid-run (scancel JOB_K), then the node killed (slurmd,
#     its job steps and their processes, SIGKILL) and returned; the unfinished shards are
#     resubmitted as deploy/slurm-batch.sh says, and finish with nothing rendered twice and
#     nothing missing.
# Everything is in one temporary folder, removed at the end; every daemon and job is stopped
# at exit, on failure too. `--check` only starts the cluster and stops it: exit 0 when the
# daemons can run here, else 1 with the reason. Needs root and Debian's slurmctld, slurmd,
# slurm-client and munge (scripts/install-deps.sh cluster).
# QUIRE_BINARY: the quire to run (default .build/debug/quire); QUIRE_IMAGE: run the
# tasks, and the one process they are compared with, in that image instead (see
# deploy/slurm-batch.sh; QUIRE_RUNTIME, podman by default), the faults left out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
QUIRE_BINARY=${QUIRE_BINARY:-$root/.build/debug/quire}
SHARDS=4
# The node's CPUs: each task asks for 2 (deploy/slurm-batch.sh), all 4 at once.
CLUSTER_CPUS=$((SHARDS * 2))
source "$root/scripts/cluster/slurm.sh"

say() { echo "cluster-test: $*"; }

why_not() {
  [ "$(id -u)" -eq 0 ] || { echo "not root (the daemons run as root)"; return; }
  local tool
  for tool in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$tool" >/dev/null || { echo "$tool is not installed (scripts/install-deps.sh cluster)"; return; }
  done
}

CLUSTER=$(mktemp -d /tmp/quire-cluster.XXXXXX)
finish() {
  local status=$?
  cluster_stop
  if [ "$status" -ne 0 ] && [ -z "${CHECK_ONLY:-}" ]; then
    say "failed (status $status); the daemons' logs:"
    tail -n 15 "$CLUSTER"/slurmctld.log "$CLUSTER"/slurmd.log "$CLUSTER"/work/*.log 2>/dev/null || true
  fi
  rm -rf "$CLUSTER"
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "${1:-}" = --check ]; then
  CHECK_ONLY=1
  reason=$(why_not)
  [ -z "$reason" ] || { say "cannot run here: $reason"; exit 1; }
  started=$SECONDS
  if ! out=$(cluster_start 2>&1); then
    say "the daemons do not start here: $out $(tail -n 3 "$CLUSTER"/*.log "$CLUSTER"/munge/*.log 2>/dev/null)"
    exit 1
  fi
  say "a one-node Slurm cluster starts here (node idle after $((SECONDS - started)) s)"
  exit 0
fi
reason=$(why_not)
[ -z "$reason" ] || { say "cannot run here: $reason"; exit 1; }
[ -x "$QUIRE_BINARY" ] || { say "no $QUIRE_BINARY (swift build)"; exit 1; }

# The paths of the Slurm, munge files that must not change (the cluster writes only to its folder).
system_state() {
  find /etc/slurm /etc/munge /run/munge /run/slurm* /var/spool/slurm* /var/log/slurm* /var/log/munge \
       /var/lib/slurm* /var/lib/munge -newer "$CLUSTER/started" 2>/dev/null || true
}

# Submits deploy/slurm-batch.sh from $CLUSTER/work with `sbatch ARGS...` (the variables
# QUIRE_IN=docs, QUIRE_OUT=$OUT and those of $EXTRA exported); prints the job id.
submit() {
  (cd "$CLUSTER/work" && sbatch --parsable \
     --export="ALL,QUIRE_CLUSTER=$CLUSTER,QUIRE_BINARY=$QUIRE_BINARY,QUIRE_IN=docs,QUIRE_OUT=$OUT${EXTRA:+,$EXTRA}" \
     "$@" "$root/deploy/slurm-batch.sh")
}

# Waits until job $1 has no task pending or running (polling squeue).
wait_job() {
  while [ -n "$(squeue -h -j "$1" -o %i 2>/dev/null)" ]; do sleep 0.5; done
}

# Each task of job $1 as "task state exit-code" (scontrol keeps finished jobs for MinJobAge).
task_states() {
  scontrol -o show job "$1" | sed -E 's/.*ArrayTaskId=([0-9]+).* JobState=([A-Z_]+).* ExitCode=([0-9:]+).*/\1 \2 \3/' | sort -n
}

# Waits (polling) until at least $1 PDFs exist under $OUT.
wait_pdfs() {
  while [ "$(find "$CLUSTER/work/$OUT" -name '*.pdf' 2>/dev/null | wc -l)" -lt "$1" ]; do sleep 0.2; done
}

touch "$CLUSTER/started"
mkdir -p "$CLUSTER/work"
files=$(python3 "$root/scripts/cluster/make-corpus.py" "$root" "$CLUSTER/work/docs")
say "$files Markdown files from Tests/Corpus and Samples (as they are, and split at their ## and ### headings)"

# The one-process batch, by the binary or in the image the tasks run (fonts may differ).
one_process() {
  local batch=(batch docs -o ../reference --jobs 2 -q)
  if [ -z "${QUIRE_IMAGE:-}" ]; then
    (cd "$CLUSTER/work" && "$QUIRE_BINARY" "${batch[@]}")
  elif [ "${QUIRE_RUNTIME:-podman}" = podman ]; then
    podman run --rm --user "$(id -u):$(id -g)" --workdir "$CLUSTER/work" --volume "$CLUSTER:$CLUSTER" "$QUIRE_IMAGE" "${batch[@]}"
  else
    apptainer exec --pwd "$CLUSTER/work" --bind "$CLUSTER:$CLUSTER" "$QUIRE_IMAGE" quire "${batch[@]}"
  fi
}
started=$SECONDS
one_process
one=$((SECONDS - started))
say "one process (quire batch --jobs 2${QUIRE_IMAGE:+ in $QUIRE_IMAGE}): ${one} s"

cluster_start
say "cluster up: slurmctld, slurmd (node $CLUSTER_NODE, $CLUSTER_CPUS CPUs declared), munged, in $CLUSTER"

# 1. The whole array.
OUT=pdf
started=$SECONDS
job=$(submit --array=1-$SHARDS)
wait_job "$job"
array=$((SECONDS - started))
say "$SHARDS-task array job $job: ${array} s from sbatch to the last task's end (one process: ${one} s)"
task_states "$job" | while read -r task state code; do
  [ "$state $code" = "COMPLETED 0:0" ] || { say "FAIL: task $task ended $state, exit $code"; exit 1; }
done
python3 "$root/scripts/cluster/check.py" complete "$CLUSTER/work/docs" "$CLUSTER/reference" "$CLUSTER/work/pdf" 1.3

# 2. Faults: task 2 cancelled once it has begun, then the node lost and returned. Not with
# an image: the container's processes are the runtime's, not the node's to kill.
if [ -n "${QUIRE_IMAGE:-}" ]; then
  say "passed in $QUIRE_IMAGE (the faults are run without an image)"
  exit 0
fi
OUT=pdf-faults
job=$(submit --array=1-$SHARDS --no-requeue)
wait_pdfs 40
scancel "${job}_2"
say "cancelled task ${job}_2 (scancel) with $(find "$CLUSTER/work/$OUT" -name '*.pdf' | wc -l) PDFs made"
wait_pdfs 120
cluster_kill 'slurmctld|slurmscriptd|munged'
scontrol update nodename="$CLUSTER_NODE" state=down reason="killed by cluster-test"
made=$(find "$CLUSTER/work/$OUT" -name '*.pdf' | wc -l)
say "node $CLUSTER_NODE killed (slurmd, its job steps and their processes: SIGKILL) with $made PDFs made"
wait_job "$job"
cluster_start_slurmd
# With ReturnToService=2 the node may be idle again as soon as slurmd registers, and then
# Slurm refuses the resume ("Invalid node state transition from=IDLE to=RESUME").
scontrol update nodename="$CLUSTER_NODE" state=resume 2>/dev/null || say "node $CLUSTER_NODE returned by itself ($(cluster_node_state))"
cluster_wait_node 60
say "node $CLUSTER_NODE back; the tasks ended: $(task_states "$job" | tr '\n' ';')"
after=$(find "$CLUSTER/work/$OUT" -name '*.pdf' | wc -l)
[ "$after" -eq "$made" ] || { say "FAIL: $((after - made)) PDFs written after the node was killed"; exit 1; }
unfinished=$(python3 "$root/scripts/cluster/check.py" unfinished "$CLUSTER/work/$OUT" "$SHARDS")
[ -n "$unfinished" ] || { say "FAIL: every shard finished: the faults came too late"; exit 1; }
python3 "$root/scripts/cluster/check.py" snapshot "$CLUSTER/work/$OUT" "$CLUSTER/snapshot.json"
# The half-written PDFs of the killed processes, removed as deploy/slurm-batch.sh says.
left=$(find "$CLUSTER/work/$OUT" -name '.*.pdf.quire-*' -print -delete | wc -l)
say "$left temporary files left by the killed processes removed (find pdf -name '.*.pdf.quire-*' -delete)"
retry=$(EXTRA="QUIRE_SHARDS=$SHARDS" submit --array="$unfinished")
wait_job "$retry"
say "resubmitted the unfinished shards ($unfinished) as job $retry"
task_states "$retry" | while read -r task state code; do
  [ "$state $code" = "COMPLETED 0:0" ] || { say "FAIL: retried task $task ended $state, exit $code"; exit 1; }
done
python3 "$root/scripts/cluster/check.py" retried "$CLUSTER/work/$OUT" "$CLUSTER/snapshot.json" "$unfinished"
python3 "$root/scripts/cluster/check.py" complete "$CLUSTER/work/docs" "$CLUSTER/reference" "$CLUSTER/work/$OUT"

changed=$(system_state)
[ -z "$changed" ] || { say "FAIL: written outside $CLUSTER: $changed"; exit 1; }
say "passed"
