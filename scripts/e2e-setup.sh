#!/usr/bin/env bash
# Installs what the editor tests (test/editors/) need, and only what is missing:
#   apt: chromium, neovim, emacs-nox + elpa-eglot, ripgrep, and libkrb5-dev, make, g++, python3 (code-server's native build);
#   npm: code-server, pinned, built once per machine into the e2e cache (MCP_TOOL_LINT_E2E_CACHE, default
#   ~/.cache/mcp-tool-lint-e2e; like apt's packages, it outlives the clone), and linked as .e2e/code-server (ignored by git).
# Idempotent: when everything is installed it only checks and links (a few seconds).
# --code-server-in-background (CI): the apt part runs now (the Neovim and Emacs tests need it), the
# code-server install (about a minute, mostly node-gyp) goes on behind while the node tests run;
# scripts/e2e-vscode.sh waits for it (.e2e/code-server-setup.pid, .rc, .log).
# code-server 4.100.3 runs on Node 20 (4.139 needs Node 24), matching engines.vscode ^1.100; its install needs three
# workarounds: unsafe-perm as root, `yes` for node-pty's npx, and a
# pre-seeded ripgrep archive because @vscode/ripgrep's postinstall downloads from GitHub.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
E2E="$ROOT/.e2e"
CODE_SERVER_VERSION="4.100.3"
CODE_SERVER_LINK="$E2E/code-server"
E2E_CACHE="${MCP_TOOL_LINT_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcp-tool-lint-e2e}"
CODE_SERVER_DIR="$E2E_CACHE/code-server-$CODE_SERVER_VERSION"
CODE_SERVER_BIN="$CODE_SERVER_DIR/node_modules/.bin/code-server"
# Written last by a complete install: a cache left by a stopped install is built again.
CODE_SERVER_STAMP="$CODE_SERVER_DIR/.installed"
RIPGREP_CACHE="vscode-ripgrep-cache-1.15.11"
RIPGREP_ARCHIVE="ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"

log() { echo "e2e-setup: $*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root to run: $*"; exit 1
  fi
}

missing_apt=()
command -v chromium >/dev/null || missing_apt+=(chromium)
command -v nvim >/dev/null || missing_apt+=(neovim)
command -v emacs >/dev/null || missing_apt+=(emacs-nox)
compgen -G "/usr/share/emacs/site-lisp/elpa-src/eglot-*" >/dev/null || missing_apt+=(elpa-eglot)
command -v rg >/dev/null || missing_apt+=(ripgrep)
[ -f /usr/include/gssapi/gssapi.h ] || missing_apt+=(libkrb5-dev)
# code-server's native modules (kerberos, node-pty) build with node-gyp.
command -v make >/dev/null || missing_apt+=(make)
command -v g++ >/dev/null || missing_apt+=(g++)
command -v python3 >/dev/null || missing_apt+=(python3)

if [ ${#missing_apt[@]} -gt 0 ]; then
  log "apt-get install ${missing_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing_apt[@]}" >/dev/null
fi

installed_version() {
  node -e 'try { console.log(require(process.argv[1]).version) } catch { }' "$CODE_SERVER_DIR/node_modules/code-server/package.json"
}

code_server_cached() {
  [ -f "$CODE_SERVER_STAMP" ] && [ -x "$CODE_SERVER_BIN" ] && [ "$(installed_version)" = "$CODE_SERVER_VERSION" ]
}

link_code_server() {
  mkdir -p "$E2E"
  rm -rf "$CODE_SERVER_LINK"
  ln -s "$CODE_SERVER_DIR" "$CODE_SERVER_LINK"
}

install_code_server() {
  # One install at a time into the machine's cache (another clone's CI may be installing it): the second one links the first's.
  mkdir -p "$E2E_CACHE"
  exec 9>"$E2E_CACHE/.lock"
  flock 9
  if code_server_cached; then
    link_code_server
    log "ready: code-server $(installed_version) ($CODE_SERVER_DIR)"
    return
  fi
  log "npm install code-server@$CODE_SERVER_VERSION into $CODE_SERVER_DIR (about 1.5 min)"
  rm -rf "$CODE_SERVER_DIR"
  mkdir -p "$CODE_SERVER_DIR" "$E2E/tmp/$RIPGREP_CACHE"
  if [ ! -f "$E2E/tmp/$RIPGREP_CACHE/$RIPGREP_ARCHIVE" ]; then
    staging="$(mktemp -d)"
    cp "$(command -v rg)" "$staging/rg"
    tar czf "$E2E/tmp/$RIPGREP_CACHE/$RIPGREP_ARCHIVE" -C "$staging" rg
    rm -rf "$staging"
  fi
  [ -f "$CODE_SERVER_DIR/package.json" ] || echo '{ "private": true }' > "$CODE_SERVER_DIR/package.json"
  (
    cd "$CODE_SERVER_DIR"
    TMPDIR="$E2E/tmp" npm_config_unsafe_perm=true npm_config_yes=true npm_config_nodedir=/usr \
      npm install --no-save --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" >"$E2E/code-server-install.log" 2>&1 \
      || { tail -40 "$E2E/code-server-install.log"; exit 1; }
  )
  [ "$(installed_version)" = "$CODE_SERVER_VERSION" ] || { log "code-server did not install"; exit 1; }
  touch "$CODE_SERVER_STAMP"
  link_code_server
  log "ready: code-server $(installed_version)"
}

chromium_version="$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)"
log "ready: chromium $chromium_version; $(nvim --version | head -1); $(emacs --version | head -1)"
if code_server_cached; then
  link_code_server
  log "ready: code-server $(installed_version) ($CODE_SERVER_DIR)"
elif [ "${1:-}" = --code-server-in-background ]; then
  mkdir -p "$E2E"
  rm -f "$E2E/code-server-setup.rc"
  ( set +e; ( install_code_server ) >"$E2E/code-server-setup.log" 2>&1; echo $? >"$E2E/code-server-setup.rc" ) </dev/null >/dev/null 2>&1 &
  echo $! >"$E2E/code-server-setup.pid"
  log "code-server installs in the background (log: .e2e/code-server-setup.log); scripts/e2e-vscode.sh waits for it"
else
  install_code_server
fi
