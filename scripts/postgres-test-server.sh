#!/usr/bin/env bash
# A private PostgreSQL server for the tests (the SUN counter store, issue 38 item 5): its own data
# directory and its own Unix socket directory under DIR, no TCP listener, trust authentication on
# the socket alone. Durability is off (fsync, synchronous_commit): the data is thrown away
# (POSTGRES_TEST_DURABLE=1 keeps PostgreSQL's defaults, for scripts/bench-sun-counters.sh).
#
#   scripts/postgres-test-server.sh start DIR   initdb, start, wait until it accepts connections,
#                                               print the connection URI (also written to DIR/uri)
#   scripts/postgres-test-server.sh stop DIR    stop it and remove DIR
#
# initdb refuses to run as root: run as root, the server runs as the `postgres` system user the
# Debian package creates (DIR is handed to it). The binaries are found on PATH, else under the
# newest /usr/lib/postgresql/*/bin (scripts/install-test-deps.sh installs the package).
set -euo pipefail

usage() {
    echo "usage: $0 start DIR | stop DIR" >&2
    exit 64
}
[ $# -eq 2 ] || usage
action=$1
dir=$2

bin=""
if ! command -v initdb >/dev/null || ! command -v pg_ctl >/dev/null; then
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "$0: initdb not found (on PATH or under /usr/lib/postgresql/*/bin); run scripts/install-test-deps.sh" >&2
        exit 69
    fi
    bin=$bin/
fi

as_owner=()
if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || {
        echo "$0: running as root needs the 'postgres' system user (Debian's postgresql package creates it)" >&2
        exit 69
    }
    as_owner=(runuser -u postgres --)
fi

case "$action" in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ -e "$dir/data" ]; then
        echo "$0: $dir/data exists already; stop that server first ($0 stop $dir)" >&2
        exit 64
    fi
    mkdir -p "$dir/socket"
    if [ ${#as_owner[@]} -gt 0 ]; then
        chown -R postgres: "$dir"
        "${as_owner[@]}" test -w "$dir" || {
            echo "$0: the postgres user cannot write $dir (a parent directory closed to it?)" >&2
            exit 73
        }
    fi
    user=$("${as_owner[@]}" id -un)
    # A Unix socket path is at most 107 bytes, and PostgreSQL adds "/.s.PGSQL.5432".
    if [ $((${#dir} + 7 + 14)) -gt 107 ]; then
        echo "$0: $dir is too long for a Unix socket path (107 bytes at most); use a shorter DIR" >&2
        exit 64
    fi
    "${as_owner[@]}" "${bin}initdb" -D "$dir/data" -U "$user" --auth=trust --encoding=UTF8 --locale=C --no-sync \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 70
    }
    settings="-c listen_addresses='' -c unix_socket_directories='$dir/socket'"
    if [ "${POSTGRES_TEST_DURABLE:-0}" != 1 ]; then
        settings+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    "${as_owner[@]}" "${bin}pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$settings" start >/dev/null || {
        cat "$dir/server.log" >&2
        exit 70
    }
    # pg_ctl -w waited for the server to accept connections; say it once more from the client side.
    "${as_owner[@]}" "${bin}pg_isready" -q -h "$dir/socket" -d postgres -t 30 || {
        echo "$0: the server started but does not accept connections on $dir/socket" >&2
        exit 70
    }
    uri="postgresql:///postgres?host=$dir/socket&user=$user"
    echo "$uri" >"$dir/uri"
    echo "$uri"
    ;;
stop)
    [ -d "$dir/data" ] || {
        echo "$0: no server data directory under $dir" >&2
        exit 66
    }
    "${as_owner[@]}" "${bin}pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    rm -rf "$dir"
    ;;
*)
    usage
    ;;
esac
