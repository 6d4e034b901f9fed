#!/usr/bin/env bash
# Installs the Debian packages Quire builds and tests with, only if some are missing
# (with the argument `cluster`, those of `make cluster-test` instead).
# Runs apt-get update first when a package cannot be found in the current lists.
# Then the PDF/UA-1 checker the end-to-end tests run (`pdfua`, from PyPI), in a virtual
# environment of the repository's own (.build/pdfua), never into the system's Python.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
install_pdfua() {
  local venv="$root/.build/pdfua"
  [ -x "$venv/bin/pdfua" ] && return 0
  echo "Installing pdfua into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check pdfua==0.1.3
}
packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev libpango1.0-dev libcairo2-dev libharfbuzz-dev libfontconfig-dev libfreetype-dev libglib2.0-dev libdeflate-dev libyaml-dev
          libgoogle-perftools-dev
          libgdk-pixbuf-2.0-0 webp-pixbuf-loader librsvg2-2 libgtksourceview-4-0 libcurl4 webp libgvc6
          libhyphen-dev hyphen-en-us poppler-utils qpdf strace valgrind mupdf-tools ghostscript parallel python3-yaml python3-venv icc-profiles-free cmark-gfm
          fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core fonts-texgyre-math)
# `install-deps.sh cluster`: what `make cluster-test` adds, a one-node Slurm cluster (not
# installed by `make test`).
if [ "${1:-}" = cluster ]; then
  packages=(slurmctld slurmd slurm-client munge)
  install_pdfua() { :; }
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then install_pdfua; exit 0; fi
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# Waits for another apt (a second checkout installing at the same time) instead of failing.
apt=(apt-get -o DPkg::Lock::Timeout=600)
if ! $sudo "${apt[@]}" install -y -q "${missing[@]}"; then
  $sudo "${apt[@]}" update -q
  $sudo "${apt[@]}" install -y -q "${missing[@]}"
fi
install_pdfua
