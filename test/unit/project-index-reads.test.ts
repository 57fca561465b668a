// What the project index reads while it is still being read (the language server reads it in the
// background while the author types): a question a keystroke's analysis asks of it is answered from
// the modules read so far, without reading the others on that keystroke's path.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { discoverFiles } from '../../server/src/core/discover';
import { TolerantConfigLoader } from '../../server/src/core/config/config';
import { Observations, recordingFileSystem } from '../../server/src/cli/cache/observations';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { repoRoot } from '../helpers/fixtures';

const JIRA = path.join(repoRoot(), 'test', 'projects', 'python-jira');
const ISSUES = path.join(JIRA, 'src', 'jira_mcp', 'tools', 'issues.py');

/** The files whose text was read, of what `recordingFileSystem` saw. */
function textsRead(seen: Observations): string[] {
  return Object.keys(seen).filter((key) => key.startsWith('readText\0')).map((key) => key.slice('readText\0'.length));
}

test('the tools on a server, asked for while the index is read, are those of the modules read so far: no other module is read for them', async () => {
  await initAnalysis();
  const seen: Observations = {};
  const index = new ProjectIndex([JIRA], recordingFileSystem(new DiskFileSystem([JIRA]), seen));
  const files = discoverFiles([JIRA], { loader: new TolerantConfigLoader(), note: () => undefined }).map((target) => target.absolute);
  index.addCandidates(files);
  index.summarise(ISSUES);
  const serverKey = index.toolsOf(ISSUES)?.tools.find((tool) => tool.serverKey)?.serverKey;
  assert.ok(serverKey, 'issues.py registers its tools on the server of server.py');
  const unread = new Set(index.pending());
  assert.ok(unread.size >= 5, `candidates not read yet: ${[...unread].map((file) => path.relative(JIRA, file)).join(', ')}`);

  for (const key of Object.keys(seen)) delete seen[key];
  const partial = index.toolsOnServer(serverKey).map((tool) => tool.name);
  assert.deepEqual(textsRead(seen).filter((file) => unread.has(file)).map((file) => path.relative(JIRA, file)), [], 'no candidate read on the question\'s path');
  assert.deepEqual(partial, ['get_issue', 'delete_issue', 'transition_issue']);

  index.summariseAll();
  const whole = index.toolsOnServer(serverKey).map((tool) => tool.name);
  assert.ok(partial.every((name) => whole.includes(name)));
  assert.ok(whole.includes('ro_get_issue'), `the tools of the server composite.py mounts, once it is read: ${whole.join(', ')}`);
});
