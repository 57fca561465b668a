// The project index's answer to the pre-filter's blind spot (core/project/wrapper-callers.ts): files
// the pre-filter turned away are read once they name a registration wrapper the project defines
// without a tool word; a view that asked before the wrapper was known is stale (the server lints its
// document again); names that merely contain the wrapper's, and files naming none, stay unread.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { temporaryTree } from '../helpers/projects';

before(() => initAnalysis());

const root = temporaryTree({
  'pyproject.toml': '[project]\nname = "notes"\ndependencies = ["mcp>=1.10"]\n',
  'notes/__init__.py': '',
  'notes/server.py': 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("notes")\n\n\ndef publish(fn, **kwargs):\n    return mcp.add_tool(fn, **kwargs)\n',
  'notes/share.py': 'from notes.server import publish\nfrom typing import Annotated\n\ndef share_note(note_id: Annotated[str, "The note\'s ID."]) -> None:\n    """Share a note with the note\'s followers."""\n\n\npublish(share_note)\n',
  'notes/blog.py': '"""Posts."""\n\n\ndef published_posts() -> list:\n    return []\n',
});
const file = (relative: string) => path.join(root, ...relative.split('/'));

test('turned-away files that name a wrapper are read once the wrapper is known; the views that asked before are stale', () => {
  const index = new ProjectIndex([root], new DiskFileSystem([root]));
  index.addCandidates(['notes/__init__.py', 'notes/server.py', 'notes/share.py', 'notes/blog.py'].map(file));
  assert.deepEqual(index.pending(), [file('notes/server.py')], 'only the module with a tool word is a candidate at first');
  const turnedAway = () => ['notes/__init__.py', 'notes/server.py', 'notes/share.py', 'notes/blog.py'].filter((relative) => index.isTurnedAway(file(relative)));
  assert.deepEqual(turnedAway(), ['notes/__init__.py', 'notes/share.py', 'notes/blog.py']);

  const early = index.viewFor(file('notes/share.py'));
  const shareText = 'from notes.server import publish\nfrom typing import Annotated\n\ndef share_note(note_id: Annotated[str, "The note\'s ID."]) -> None:\n    """Share a note with the note\'s followers."""\n\n\npublish(share_note)\n';
  assert.equal(early.mentionsRegistrationWrapper?.(shareText), false, 'no wrapper is known before server.py is read');

  index.summarise(file('notes/server.py'));
  assert.deepEqual(index.pending(), [file('notes/share.py')], 'share.py names publish(); blog.py only published_posts');
  assert.deepEqual(index.staleServerViews(), [file('notes/share.py')]);
  assert.deepEqual(turnedAway(), ['notes/__init__.py', 'notes/blog.py'], 'share.py is turned away no more (the CLI lints the others without a second look)');

  const view = index.viewFor(file('notes/share.py'));
  assert.equal(view.mentionsRegistrationWrapper?.(shareText), true);
  const result = analyzeText(shareText, file('notes/share.py'), { project: view });
  assert.deepEqual(result?.findings.map((finding) => `${finding.range.start.line + 1} ${finding.code}`), ['8 MTL203']);
  assert.deepEqual(analyzeText(shareText, file('notes/share.py'))?.declarations, [], 'without the project, the pre-filter skips it');
});
