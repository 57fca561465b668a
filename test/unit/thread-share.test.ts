// How the CLI's threads share the reading of a project (cli/thread-share.ts): each takes the candidates
// in path order from its own part of the list on, claiming each on a shared array, so threads read
// different packages (and the helpers those import) until they meet, and no file is read twice.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { TolerantConfigLoader } from '../../server/src/core/config/config';
import { discoverFiles } from '../../server/src/core/discover';
import { claimsFor, SHARE_SLOTS, ThreadShare } from '../../server/src/cli/thread-share';
import { repoRoot } from '../helpers/fixtures';

const MONOREPO = path.join(repoRoot(), 'test', 'projects', 'ts-monorepo');

before(() => initAnalysis());

function share(): ThreadShare {
  const targets = discoverFiles([MONOREPO], { loader: new TolerantConfigLoader(), note: () => undefined });
  return new ThreadShare(targets, { projectPaths: [MONOREPO] }, new Int32Array(new SharedArrayBuffer(SHARE_SLOTS * 4)));
}

test('the second of two threads starts half-way through the candidates in path order, and reads the first half after', () => {
  const second = share();
  const order = second.index.candidatesByPath();
  assert.ok(order.length >= 4, `candidates: ${order.length}`);
  assert.deepEqual(order, [...order].sort());
  const read = second.readShare(claimsFor(second.index.candidateList()), 1, 2).map(([file]) => file);
  const half = Math.floor(order.length / 2);
  const expected = [...order.slice(half), ...order.slice(0, half)].filter((file) => read.includes(file));
  assert.deepEqual(read, expected);
  assert.ok(read.includes(order[half]) && read.includes(order[0]));
});

test('a thread reads only the candidates no other thread claimed, and claims every one it reads', () => {
  const first = share();
  const order = first.index.candidatesByPath();
  const claims = claimsFor(first.index.candidateList());
  const half = Math.floor(order.length / 2);
  for (let slot = half; slot < order.length; slot++) claims[slot] = 1;
  const read = first.readShare(claims, 0, 2).map(([file]) => file);
  assert.ok(read.length > 0);
  assert.ok(read.every((file) => order.indexOf(file) < half), read.join('\n'));
  assert.deepEqual([...claims], order.map(() => 1));
});
