#!/bin/bash
# The quick start: installs what chartex needs on Debian 12, builds it for a
# virtual environment with the current matplotlib and NumPy from PyPI (and
# the test tools), and prints the chart JSON of the bundled example.  Afterwards `make check`
# runs every test.
#
#   PYTHON=/usr/bin/python3 ./bootstrap.sh   builds for Debian's Python instead
#   CHARTEX_VENV=DIR                          where the virtual environment goes
#                                             (default: .venv in this folder)
set -euo pipefail
cd "$(dirname "$0")"

sudo=
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
# Another package manager may hold apt's or dpkg's lock (unattended-upgrades
# on a machine that just booted, a second bootstrap): wait for it, saying
# so, instead of failing.  dpkg's lock is waited for by apt itself
# (DPkg::Lock::Timeout); the package lists' lock of apt-get update by the
# loop, which retries for up to 10 minutes.
apt_get() {
    local tries=0 err
    err=$(mktemp)
    while ! $sudo apt-get -o DPkg::Lock::Timeout=600 "$@" 2>"$err"; do
        if ! grep -qiE 'could not get lock|unable to lock|is held by process' "$err" \
           || [ $((tries += 1)) -gt 60 ]; then
            cat "$err" >&2; rm -f "$err"; return 1
        fi
        echo "bootstrap.sh: another package manager holds apt's lock; waiting ($((tries * 10)) s)" >&2
        sleep 10
    done
    grep -v '^$' "$err" >&2 || true
    rm -f "$err"
}
apt_get update -qq
apt_get install -y -qq --no-install-recommends \
    build-essential autoconf automake libtool pkg-config \
    libjson-c-dev libcriterion-dev \
    clang-14 libclang-rt-14-dev llvm-14 valgrind \
    python3 python3-dev python3-venv python3-pip \
    python3-matplotlib python3-numpy python3-pandas python3-seaborn python3-pytest python3-pytest-timeout python3-pytest-xdist python3-jsonschema \
    python3-hypothesis python3-ipykernel python3-jupyter-client python3-distributed python3-plotly \
    nodejs \
    >/dev/null

if [ -z "${PYTHON:-}" ]; then
    venv=${CHARTEX_VENV:-$PWD/.venv}
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
    fi
    # The pinned releases chartex is built against, and the test tools.
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
        -r requirements.txt -r requirements-test.txt
    PYTHON=$venv/bin/python
fi

./autogen.sh >/dev/null
./configure -q PYTHON="$PYTHON"
make -s -j2
make -s example
