// A module that registers its tools only through a project wrapper whose name holds no tool word
// (`register(fn, annotations=...)` wrapping `mcp.add_tool`) says nothing the textual pre-filter looks
// for: the CLI lints it when it is named on its own (a pre-commit hook's staged file) and when its
// folder is linted (once the wrapper module has been read), with the same findings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { test } from 'node:test';
import { makeTree, runCli } from './run';

const FILES = {
  'pyproject.toml': '[project]\nname = "notes"\ndependencies = ["mcp>=1.10"]\n',
  'notes/__init__.py': '',
  'notes/server.py': 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("notes")\n\n\ndef register(fn, **kwargs):\n    """Adds a function written elsewhere to the server."""\n    return mcp.add_tool(fn, **kwargs)\n',
  'notes/archive.py': [
    '"""Archiving, registered through the package\'s helper."""',
    'from notes.server import register',
    'from typing import Annotated',
    '',
    'def archive_note(note_id: Annotated[str, "The note\'s ID."]) -> None:',
    '    """Move a note to the archive."""',
    '',
    '',
    'def purge_archive() -> None:',
    '    """Delete every archived note for good."""',
    '',
    '',
    'register(archive_note, annotations={"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False})',
    'register(purge_archive, annotations={"readOnlyHint": True, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False})',
    '',
  ].join('\n'),
  'notes/format.py': '"""Text helpers: they name no wrapper, so they are never parsed."""\n\n\ndef registered(text: str) -> str:\n    return text.strip()\n',
};

test('a module using a wrapper without a tool word: linted named alone and with its folder, the same findings', () => {
  const root = makeTree({ ...FILES, '.git/HEAD': 'ref: refs/heads/main\n' });
  try {
    const alone = runCli(['--format', 'json', 'notes/archive.py'], { cwd: root });
    const folder = runCli(['--format', 'json', '.'], { cwd: root });
    const codes = (stdout: string) => (JSON.parse(stdout) as Array<{ file: string; line: number; code: string }>).map((finding) => `${finding.file} ${finding.line} ${finding.code}`);
    assert.deepEqual(codes(alone.stdout), ['notes/archive.py 14 MTL105'], alone.stderr);
    assert.deepEqual(codes(folder.stdout), ['notes/archive.py 14 MTL105'], folder.stderr);
    assert.equal(alone.status, 1);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
