// The CLI on a Go module (test/projects/go-issuetracker): `.go` files are found by default, the
// presets of another package resolve through go.mod, `--fix` applies only the safe fixes, and
// `preview` names the Go forms.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { runCli } from './run';

const PROJECT = path.join(repoRoot(), 'test', 'projects', 'go-issuetracker');

interface JsonFinding { file: string; line: number; code: string; severity: string; fixable: boolean; related?: Array<{ file: string; line: number }> }

test('check finds the .go files of a module and reads presets of another package through go.mod', () => {
  const run = runCli(['--format', 'json', '.'], { cwd: PROJECT });
  assert.equal(run.status, 1, run.stderr);
  const findings = JSON.parse(run.stdout) as JsonFinding[];
  assert.deepEqual(findings.map((finding) => `${finding.file}:${finding.line} ${finding.severity} ${finding.code}`), [
    'internal/tools/issues/register.go:29 info MTL202',
    'internal/tools/issues/register.go:35 error MTL105',
    'internal/tools/issues/register.go:41 info MTL202',
    'internal/tools/issues/register.go:47 info MTL202',
    'internal/tools/issues/register.go:51 warning MTL203',
    'internal/tools/labels/labels.go:22 error MTL105',
  ]);
  assert.deepEqual(findings[1].related?.map((related) => `${related.file}:${related.line}`), ['internal/toolutil/annotations.go:24', 'internal/toolutil/annotations.go:23']);
  // The gap of watch_issue is filled at the tool itself: safe. The presets' gaps sit in other files: never safe.
  assert.deepEqual(findings.filter((finding) => finding.fixable).map((finding) => finding.line), [47]);
});

test('--fix writes the safe fix into a copy of the module, with the pointer helper the tool uses', () => {
  const root = fs.mkdtempSync(path.join(fs.realpathSync(require('node:os').tmpdir()), 'mtl-go-'));
  fs.cpSync(PROJECT, root, { recursive: true });
  const run = runCli(['--fix', '--format', 'json', '.'], { cwd: root });
  assert.equal(run.status, 1, run.stderr);
  const text = fs.readFileSync(path.join(root, 'internal/tools/issues/register.go'), 'utf8');
  assert.ok(text.includes('Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: toolutil.BoolPtr(false), OpenWorldHint: toolutil.BoolPtr(true), IdempotentHint: false},'), text);
  assert.equal(fs.readFileSync(path.join(root, 'internal/toolutil/annotations.go'), 'utf8'), fs.readFileSync(path.join(PROJECT, 'internal/toolutil/annotations.go'), 'utf8'));
  fs.rmSync(root, { recursive: true, force: true });
});

test('preview of a Go file: the go-sdk form, the preset\'s hints as clients receive them', () => {
  const run = runCli(['preview', 'internal/tools/labels/labels.go'], { cwd: PROJECT });
  assert.equal(run.status, 0, run.stderr);
  const preview = JSON.parse(run.stdout) as { tools: Array<{ name: string; language: string; form: string; toolsList: unknown; line: number }> };
  assert.deepEqual(preview.tools.map((tool) => [tool.name, tool.language, tool.form, tool.line]), [['list_labels', 'go', 'go-sdk-tool', 13], ['remove_label', 'go', 'go-sdk-tool', 19]]);
  assert.deepEqual(preview.tools[0].toolsList, { name: 'list_labels', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } });
});

test('preview: go-sdk (v1.7.0 and later) sends readOnlyHint and idempotentHint even when the annotations leave them unset', () => {
  const run = runCli(['preview', 'internal/tools/issues/register.go'], { cwd: PROJECT });
  assert.equal(run.status, 0, run.stderr);
  const preview = JSON.parse(run.stdout) as { tools: Array<{ name: string; toolsList: { annotations: Record<string, unknown> } }> };
  const sent = (name: string) => preview.tools.find((tool) => tool.name === name)?.toolsList.annotations;
  // CreateAnnotations (another package) sets only the two pointer hints.
  assert.deepEqual(sent('create_issue'), { destructiveHint: false, openWorldHint: true, readOnlyHint: false, idempotentHint: false });
  assert.deepEqual(sent('watch_issue'), { readOnlyHint: false, destructiveHint: false, idempotentHint: false });
  // No Annotations field: the pointer is nil and nothing is sent.
  assert.deepEqual(sent('link_issues'), {});
});
