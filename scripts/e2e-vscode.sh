#!/usr/bin/env bash
# The VS Code editor tests: packages the .vsix (`npm run package`), bundles the tests
# (scripts/e2e-build.mjs), then runs, one after the other (2 cores):
#   dist/e2e/extension-host.e2e.js  the mocha suites in the extension host via @vscode/test-electron + code-server
#   dist/e2e/installed-ui.e2e.js    the .vsix installed into code-server, driven in chromium, screenshots in test-output/
# Needs `npm run e2e:setup`; without code-server the tests skip (fail under CI=true).
set -euo pipefail
cd "$(dirname "$0")/.."
# A code-server install that `e2e-setup.sh --code-server-in-background` left running: wait for it.
if [ -f .e2e/code-server-setup.pid ]; then
  echo "Waiting for the code-server install (.e2e/code-server-setup.log)..."
  pid="$(cat .e2e/code-server-setup.pid)"
  while [ ! -f .e2e/code-server-setup.rc ] && kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
  rc="$(cat .e2e/code-server-setup.rc 2>/dev/null || echo "no exit status: the install was stopped")"
  cat .e2e/code-server-setup.log
  rm -f .e2e/code-server-setup.pid .e2e/code-server-setup.rc
  [ "$rc" = 0 ] || { echo "the code-server install failed ($rc)"; exit 1; }
fi
if [ ! -x .e2e/code-server/node_modules/.bin/code-server ] && [ "${CI:-}" != true ]; then
  echo "VS Code editor tests skipped: code-server is not installed: run \`npm run e2e:setup\` (scripts/e2e-setup.sh)"
  exit 0
fi
npm run --silent package >/dev/null
node scripts/e2e-build.mjs
node --test --test-concurrency=1 --test-reporter=spec dist/e2e/extension-host.e2e.js dist/e2e/installed-ui.e2e.js
