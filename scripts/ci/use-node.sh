#!/usr/bin/env bash
# Sourced by .ci/run (and usable by hand: `source scripts/ci/use-node.sh`): puts the project's Node on
# PATH before `npm ci`. Vicino runs what it deploys, Node 22 (functions on Cloud Run's nodejs22), but
# Debian's `nodejs` on these machines is 20. The npm registry carries Node's own builds as the `node`
# package (version pinned in package.json's devDependencies), so npm fetches it with no other download.
# `npm ci` must itself run on 22: under 20 npm skips optional packages that declare Node >= 22
# (firebase-admin 14's @google-cloud/firestore). After `npm ci`, every npm script finds the same
# Node in node_modules/.bin, which npm puts first on PATH.
want=$(sed -n 's/^ *"node": "\([0-9.]*\)",\{0,1\}$/\1/p' package.json | head -n 1)
if [ -z "$want" ]; then
  echo "use-node: package.json has no pinned \"node\" devDependency" >&2
  return 1 2>/dev/null || exit 1
fi
if [ "$(node --version 2>/dev/null)" != "v$want" ]; then
  tools="${XDG_CACHE_HOME:-$HOME/.cache}/vicino/node-$want"
  if [ ! -x "$tools/node_modules/.bin/node" ]; then
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-audit --no-fund --loglevel=error "node@$want" >/dev/null
  fi
  export PATH="$tools/node_modules/.bin:$PATH"
fi
echo "use-node: $(node --version) ($(command -v node))"
