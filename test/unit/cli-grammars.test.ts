/** The grammars the CLI compiles before linting: only those its files and their imports can need. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grammarsFor } from '../../server/src/cli/lint';

const targets = (...files: string[]) => files.map((file) => ({ absolute: `/repo/${file}`, display: file }));

test('Python, Go and C# files need their own grammar; a TS/JS file needs every script grammar (its imports may be any)', () => {
  assert.deepEqual([...grammarsFor(targets('server.py', 'tools/mail.pyi'))], ['python']);
  assert.deepEqual([...grammarsFor(targets('main.go'))], ['go']);
  assert.deepEqual([...grammarsFor(targets('Tools.cs'))].sort(), ['csharp']);
  assert.deepEqual([...grammarsFor(targets('src/index.mjs'))].sort(), ['javascript', 'tsx', 'typescript']);
  assert.deepEqual([...grammarsFor(targets('a.py', 'b.tsx', 'README.md'))].sort(), ['javascript', 'python', 'tsx', 'typescript']);
  assert.deepEqual([...grammarsFor([])], []);
});
