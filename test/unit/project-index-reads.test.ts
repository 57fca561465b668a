// What the project index reads while it is still being read (the language server reads it in the
// background while the author types): a question a keystroke's analysis asks of it is answered from
// the modules read so far, without reading the others on that keystroke's path.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { discoverFiles } from '../../server/src/core/discover';
import { TolerantConfigLoader } from '../../server/src/core/config/config';
import { DiskFileSystem, ProjectFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { repoRoot } from '../helpers/fixtures';

const JIRA = path.join(repoRoot(), 'test', 'projects', 'python-jira');
const ISSUES = path.join(JIRA, 'src', 'jira_mcp', 'tools', 'issues.py');

/** The disk, recording every file whose text is read. */
function recordingFileSystem(roots: string[], reads: string[]): ProjectFileSystem {
  const disk = new DiskFileSystem(roots);
  return {
    readText: (absolute) => {
      reads.push(absolute);
      return disk.readText(absolute);
    },
    isFile: (absolute) => disk.isFile(absolute),
    isDirectory: (absolute) => disk.isDirectory(absolute),
    list: (absolute) => disk.list(absolute),
    realPath: (absolute) => disk.realPath(absolute),
  };
}

test('the tools on a server, asked for while the index is read, are those of the modules read so far: no other module is read for them', async () => {
  await initAnalysis();
  const reads: string[] = [];
  const index = new ProjectIndex([JIRA], recordingFileSystem([JIRA], reads));
  const files = discoverFiles([JIRA], { loader: new TolerantConfigLoader(), note: () => undefined }).map((target) => target.absolute);
  index.addCandidates(files);
  index.summarise(ISSUES);
  const serverKey = index.toolsOf(ISSUES)?.tools.find((tool) => tool.serverKey)?.serverKey;
  assert.ok(serverKey, 'issues.py registers its tools on the server of server.py');
  const unread = new Set(index.pending());
  assert.ok(unread.size >= 5, `candidates not read yet: ${[...unread].map((file) => path.relative(JIRA, file)).join(', ')}`);

  reads.length = 0;
  const partial = index.toolsOnServer(serverKey).map((tool) => tool.name);
  assert.deepEqual(reads.filter((file) => unread.has(file)).map((file) => path.relative(JIRA, file)), [], 'no candidate read on the question\'s path');
  assert.deepEqual(partial, ['get_issue', 'delete_issue', 'transition_issue']);

  index.summariseAll();
  const whole = index.toolsOnServer(serverKey).map((tool) => tool.name);
  assert.ok(partial.every((name) => whole.includes(name)));
  assert.ok(whole.includes('ro_get_issue'), `the tools of the server composite.py mounts, once it is read: ${whole.join(', ')}`);
});
