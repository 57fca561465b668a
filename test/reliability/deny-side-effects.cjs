// Preloaded (node --require) into the language server by security.test.ts: every way to start a
// process, a worker (but the server's own, on dist/server.js) or a network connection throws and is
// recorded in $MTL_DENY_LOG, as is any require() of a module that is neither built in nor part of the bundle.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const logFile = process.env.MTL_DENY_LOG;
function record(what) {
  if (logFile) fs.appendFileSync(logFile, `${what}\n${new Error().stack}\n\n`);
}
function deny(what) {
  return function denied() {
    record(what);
    throw new Error(`${what} is not allowed in the language server`);
  };
}
function denyAll(moduleName, names) {
  const target = require(moduleName);
  for (const name of names) if (typeof target[name] === 'function') target[name] = deny(`${moduleName}.${name}`);
}

denyAll('node:child_process', ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']);
denyAll('node:net', ['connect', 'createConnection', 'createServer']);
require('node:net').Socket.prototype.connect = deny('net.Socket.connect');
denyAll('node:tls', ['connect', 'createServer']);
denyAll('node:http', ['request', 'get', 'createServer']);
denyAll('node:https', ['request', 'get', 'createServer']);
denyAll('node:http2', ['connect', 'createServer', 'createSecureServer']);
denyAll('node:dgram', ['createSocket']);
denyAll('node:dns', ['lookup', 'resolve', 'resolve4', 'resolve6']);
// The one worker the server starts: the project index's second thread, on its own entry (lsp/index-helper.ts).
const bundleDir = path.resolve(__dirname, '..', '..', 'dist');
const workers = require('node:worker_threads');
const OwnWorker = workers.Worker;
workers.Worker = function Worker(filename, options) {
  if (typeof filename === 'string' && path.resolve(filename) === path.join(bundleDir, 'server.js')) return new OwnWorker(filename, options);
  return deny('worker_threads.Worker')();
};
if (typeof globalThis.fetch === 'function') globalThis.fetch = deny('fetch');

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  const builtin = Module.isBuiltin(request);
  const inBundle = !builtin && path.resolve(parent && parent.filename ? path.dirname(parent.filename) : '.', request).startsWith(bundleDir);
  if (!builtin && !inBundle && !isMain) record(`require(${JSON.stringify(request)})`);
  return originalLoad.apply(this, arguments);
};
