# A private one-node Slurm cluster in one folder, for scripts/cluster-test.sh (sourced).
# Everything the daemons write (munge's key, socket and log; slurm.conf; the controller's
# state; slurmd's spool; logs and pid files) is under $CLUSTER; nothing under /etc, /run or
# /var is read or written (munge's socket is given to Slurm by AuthInfo). No cgroups: process
# tracking by /proc (proctrack/linuxproc), no task plugin, no accounting. The node declares
# $CLUSTER_CPUS CPUs (config_overrides: more than the machine has, so that every task of a
# small array runs at once, as on as many machines). Runs as root (SlurmUser=root).
# Every daemon, job step and job process started here carries QUIRE_CLUSTER=$CLUSTER in its
# environment; cluster_stop ends exactly those, by process id.

CLUSTER_NODE=quire1

# A TCP port free on 127.0.0.1 now.
cluster_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Writes $CLUSTER/slurm.conf.
cluster_config() {
  local host; host=$(hostname -s)
  cat > "$CLUSTER/slurm.conf" <<EOF
ClusterName=quiretest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(cluster_free_port)
SlurmdPort=$(cluster_free_port)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$CLUSTER/munge/munge.socket
StateSaveLocation=$CLUSTER/state
SlurmdSpoolDir=$CLUSTER/spool
SlurmctldPidFile=$CLUSTER/slurmctld.pid
SlurmdPidFile=$CLUSTER/slurmd.pid
SlurmctldLogFile=$CLUSTER/slurmctld.log
SlurmdLogFile=$CLUSTER/slurmd.log
PlugStackConfig=$CLUSTER/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MailProg=/bin/true
SlurmctldTimeout=30
SlurmdTimeout=30
KillWait=10
MinJobAge=600
NodeName=$CLUSTER_NODE NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$CLUSTER_CPUS RealMemory=$((CLUSTER_CPUS * 1024)) State=UNKNOWN
PartitionName=quire Nodes=$CLUSTER_NODE Default=YES MaxTime=INFINITE State=UP
EOF
  : > "$CLUSTER/plugstack.conf"
}

# The node's state as sinfo gives it ("idle", "down*", ...), empty when the controller does not answer.
cluster_node_state() {
  sinfo -h -n "$CLUSTER_NODE" -o %T 2>/dev/null || true
}

# Waits (polling, at most $1 seconds) until the node is idle or running jobs; fails otherwise.
cluster_wait_node() {
  local deadline=$((SECONDS + $1)) state
  while state=$(cluster_node_state); [[ "$state" != idle && "$state" != mixed && "$state" != allocated ]]; do
    if ((SECONDS >= deadline)); then
      echo "cluster: node $CLUSTER_NODE is '${state:-not reported}' after $1 s" >&2
      return 1
    fi
    sleep 0.2
  done
}

# Starts slurmd (again, after a simulated crash).
cluster_start_slurmd() {
  env QUIRE_CLUSTER="$CLUSTER" slurmd -f "$SLURM_CONF" -N "$CLUSTER_NODE"
}

# Starts munged with a key of its own, slurmctld and slurmd, and waits for the node.
cluster_start() {
  mkdir -p "$CLUSTER/munge" "$CLUSTER/state" "$CLUSTER/spool"
  # munged wants its socket's folders searchable by all, its key readable only by itself.
  chmod 755 "$CLUSTER" "$CLUSTER/munge"
  head -c 1024 /dev/urandom > "$CLUSTER/munge/munge.key"
  chmod 600 "$CLUSTER/munge/munge.key"
  env QUIRE_CLUSTER="$CLUSTER" munged --socket="$CLUSTER/munge/munge.socket" --key-file="$CLUSTER/munge/munge.key" \
    --log-file="$CLUSTER/munge/munged.log" --pid-file="$CLUSTER/munge/munged.pid" --seed-file="$CLUSTER/munge/munged.seed"
  cluster_config
  export SLURM_CONF="$CLUSTER/slurm.conf"
  env QUIRE_CLUSTER="$CLUSTER" slurmctld -f "$SLURM_CONF"
  cluster_start_slurmd
  cluster_wait_node 60
}

# The ids of the processes started by this cluster (its daemons, job steps and jobs).
cluster_processes() {
  local file pid
  for file in $(grep -lzxF "QUIRE_CLUSTER=$CLUSTER" /proc/[0-9]*/environ 2>/dev/null); do
    pid=${file#/proc/}; pid=${pid%/environ}
    [ "$pid" = "$$" ] || echo "$pid"
  done
}

# Kills with SIGKILL the processes of this cluster whose name (/proc/PID/comm) the pattern
# $1 does not match: with 'slurmctld|slurmscriptd|munged', everything of the node (slurmd,
# its job steps, the tasks and their workers, which are named "exe": Quire starts them from
# /proc/self/exe), a node's crash. Repeated until none is left, for a process started (a
# batch's new worker) while the others were being killed.
cluster_kill() {
  local pid pids
  while :; do
    pids=()
    for pid in $(cluster_processes); do
      if ! grep -qE "^($1)\$" "/proc/$pid/comm" 2>/dev/null && [ -n "$(cluster_alive "$pid")" ]; then pids+=("$pid"); fi
    done
    [ ${#pids[@]} -gt 0 ] || return 0
    kill -KILL "${pids[@]}" 2>/dev/null || true
    sleep 0.1
  done
}

# Cancels every job, stops the daemons (SIGTERM, then SIGKILL after 15 s) and any process
# of theirs still there. Safe to call more than once and on a cluster half started.
cluster_stop() {
  [ -n "${CLUSTER:-}" ] && [ -d "$CLUSTER" ] || return 0
  if [ -f "$CLUSTER/slurmctld.pid" ]; then
    scancel --quiet --partition=quire 2>/dev/null || true
  fi
  local pids deadline=$((SECONDS + 15))
  pids=$(cluster_processes)
  [ -z "$pids" ] || kill -TERM $pids 2>/dev/null || true
  while pids=$(cluster_alive $pids); [ -n "$pids" ] && ((SECONDS < deadline)); do sleep 0.2; done
  [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
  while pids=$(cluster_alive $pids $(cluster_processes)); [ -n "$pids" ]; do sleep 0.2; done
}

# Those of the process ids given that are still running (not yet reaped, zombies excepted).
cluster_alive() {
  local pid
  for pid in "$@"; do
    [ -e "/proc/$pid" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null && echo "$pid"
  done
  return 0
}
