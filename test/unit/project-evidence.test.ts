// Dependency evidence from manifests (design.md "The project", rules.md "What counts as a tool"),
// and what a ProjectLayout keeps until it is told a file changed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { SdkEvidence, sdkEvidenceFor, sdkEvidenceIn } from '../../server/src/core/project/manifests';
import { normalisePythonName, pyprojectRequirementNames, requirementName, requirementsTxtNames, setupCfgRequirementNames } from '../../server/src/core/project/python-requirements';
import { resolveScriptImport } from '../../server/src/core/project/resolve-script';
import { setupPyRequirements } from '../../server/src/core/project/setup-py';
import { fixtureProject, projectAt, temporaryProject, temporaryTree, TestProject } from '../helpers/projects';

function evidence(project: TestProject, file: string, extraModules: readonly string[] = []): SdkEvidence {
  const found = sdkEvidenceFor(project.at(file), project.root, project.fs, extraModules);
  return found.manifest ? { ...found, manifest: project.relative(found.manifest) } : found;
}

const setupOnly = fixtureProject('python-setup-py');

// Runs first, before any test loads the Python grammar (each test file is its own process).
test('setup.py gives no evidence while the Python grammar is not loaded', () => {
  assert.equal(setupPyRequirements('setup(install_requires=["mcp"])'), undefined);
  assert.deepEqual(evidence(setupOnly, 'toolkit/tools.py'), { manifest: 'setup.py', dependsOnSdk: false, packages: [] });
});

describe('npm manifests', () => {
  const mono = fixtureProject('pnpm-mono');

  test('an SDK in the nearest package.json, or in the workspace packages it depends on (cycles followed once)', () => {
    assert.deepEqual(evidence(mono, 'packages/common/src/tools.ts'), { manifest: 'packages/common/package.json', dependsOnSdk: true, packages: ['@modelcontextprotocol/sdk'] });
    assert.deepEqual(evidence(mono, 'apps/server/src/main.ts'), { manifest: 'apps/server/package.json', dependsOnSdk: true, packages: ['@modelcontextprotocol/sdk'] });
    assert.deepEqual(evidence(mono, 'apps/server/src/tools/lookup.ts'), { manifest: 'apps/server/package.json', dependsOnSdk: true, packages: ['@modelcontextprotocol/sdk'] });
    assert.deepEqual(evidence(mono, 'apps/worker/src/main.ts'), { manifest: 'apps/worker/package.json', dependsOnSdk: true, packages: ['@modelcontextprotocol/sdk'] });
    assert.deepEqual(evidence(mono, 'packages/util/src/index.ts'), { manifest: 'packages/util/package.json', dependsOnSdk: true, packages: ['@modelcontextprotocol/sdk'] });
    const npm = fixtureProject('npm-mono');
    assert.deepEqual(evidence(npm, 'packages/group/tools/src/index.js'), { manifest: 'packages/group/tools/package.json', dependsOnSdk: true, packages: ['mcp-framework'] });
  });

  test('no SDK: a workspace package without one, a package excluded from the workspace, a project that depends on none', () => {
    const mono = fixtureProject('pnpm-mono');
    assert.deepEqual(evidence(mono, 'apps/reports/src/main.ts'), { manifest: 'apps/reports/package.json', dependsOnSdk: false, packages: [] });
    assert.deepEqual(evidence(mono, 'apps/legacy/index.ts'), { manifest: 'apps/legacy/package.json', dependsOnSdk: true, packages: ['fastmcp'] });
    assert.deepEqual(evidence(mono, 'tsconfig.base.json'), { manifest: 'package.json', dependsOnSdk: false, packages: [] });
    const noSdk = fixtureProject('no-sdk');
    assert.deepEqual(evidence(noSdk, 'src/app.ts'), { manifest: 'package.json', dependsOnSdk: false, packages: [] });
  });

  test('the config\'s serverModules count as SDKs (npm names, subpaths dropped)', () => {
    assert.deepEqual(evidence(mono, 'apps/reports/src/main.ts', ['express/router']), { manifest: 'apps/reports/package.json', dependsOnSdk: true, packages: ['express'] });
    assert.deepEqual(evidence(mono, 'apps/reports/src/main.ts', ['@repo/plain']), { manifest: 'apps/reports/package.json', dependsOnSdk: true, packages: ['@repo/plain'] });
  });

  test('no manifest up to the root: no evidence (nothing above the root is read)', () => {
    const app = fixtureProject('python-app');
    const found = sdkEvidenceFor(app.at('src/mypkg/server.py'), app.at('src'), app.fs);
    assert.deepEqual(found, { dependsOnSdk: false, packages: [] });
  });
});

describe('Python manifests', () => {
  before(() => initAnalysis(['python']));

  test('pyproject.toml: PEP 621, optional dependencies, dependency groups, uv, Poetry; names normalised', () => {
    assert.deepEqual(evidence(fixtureProject('python-app'), 'src/mypkg/common/server.py'), { manifest: 'pyproject.toml', dependsOnSdk: true, packages: ['mcp'] });
    assert.deepEqual(evidence(fixtureProject('python-poetry'), 'catalogue/main.py'), { manifest: 'pyproject.toml', dependsOnSdk: true, packages: ['fastmcp'] });
    assert.deepEqual(evidence(fixtureProject('python-groups'), 'groups/app.py'), { manifest: 'pyproject.toml', dependsOnSdk: true, packages: ['arcade-mcp-server', 'arcade-tdk'] });
    assert.deepEqual(evidence(fixtureProject('python-groups'), 'groups/app.py', ['HTTPX']), { manifest: 'pyproject.toml', dependsOnSdk: true, packages: ['httpx', 'arcade-mcp-server', 'arcade-tdk'] });
    assert.deepEqual(evidence(fixtureProject('no-sdk'), 'pyproject.toml'), { manifest: 'package.json', dependsOnSdk: false, packages: [] });
  });

  test('requirements*.txt: one requirement a line, comments and options skipped', () => {
    assert.deepEqual(evidence(fixtureProject('python-requirements'), 'app/main.py'), { manifest: 'requirements-dev.txt', dependsOnSdk: true, packages: ['fastmcp'] });
    assert.deepEqual(requirementsTxtNames('# mcp\n-r base.txt\n--index-url https://x\n-e git+https://x#egg=mcp\n\nArcade_TDK[extra] >= 1 \\\n  ; python_version > "3"\nrequests # mcp\n'), ['arcade-tdk', 'requests']);
  });

  test('setup.py is parsed, not matched: install_requires of setup(), through a module-level name', () => {
    assert.deepEqual(evidence(setupOnly, 'toolkit/tools.py'), { manifest: 'setup.py', dependsOnSdk: true, packages: ['arcade-tdk'] });
    assert.deepEqual(setupPyRequirements('import setuptools\nsetuptools.setup(name="x", install_requires=("mcp>=1", f"{pkg}", "fastmcp" if x else "y"))\n'), ['mcp>=1']);
    assert.deepEqual(setupPyRequirements('from distutils.core import run\nrun(install_requires=["mcp"])\nsetup(name="x")\n'), []);
    assert.deepEqual(setupPyRequirements('setup(install_requires=[\n'), []);
  });

  test('setup.cfg install_requires and extras_require', () => {
    const text = '[metadata]\nname = x\ninstall_requires = not-this\n\n[options]\npackages = find:\ninstall_requires =\n    MCP>=1.0  # the SDK\n    requests\n\n[options.extras_require]\ncli = typer; fastmcp\n';
    assert.deepEqual(setupCfgRequirementNames(text), ['mcp', 'requests', 'typer', 'fastmcp']);
    assert.deepEqual(evidence(temporaryProject({ 'setup.cfg': text, 'pkg/mod.py': '' }), 'pkg/mod.py'), { manifest: 'setup.cfg', dependsOnSdk: true, packages: ['mcp', 'fastmcp'] });
  });

  test('requirement names and PEP 503 normalisation', () => {
    assert.equal(normalisePythonName('Arcade__MCP.-Server'), 'arcade-mcp-server');
    assert.deepEqual(['mcp[cli]>=1.2', 'fastmcp @ https://x/y.whl', ' FastMCP ; python_version<"3.11"', '>=1', ''].map(requirementName), ['mcp', 'fastmcp', 'fastmcp', undefined, undefined]);
    assert.deepEqual(pyprojectRequirementNames({ project: { dependencies: ['mcp', 3, { table: true }] }, tool: { poetry: { dependencies: { python: '^3', Arcade_Core: '*' }, group: { test: { dependencies: { pytest: '*' } }, odd: 'x' } } } }), ['mcp', 'arcade-core', 'pytest']);
  });
});

describe('bad input', () => {
  test('malformed package.json, tsconfig.json, pyproject.toml and pnpm-workspace.yaml give no evidence and no throw', () => {
    const malformed = fixtureProject('malformed');
    assert.deepEqual(evidence(malformed, 'src/index.ts'), { manifest: 'package.json', dependsOnSdk: false, packages: [] });
  });

  test('a manifest linked from outside the root, or in a loop, is not read', () => {
    const root = temporaryTree({
      'outside/package.json': '{ "dependencies": { "@modelcontextprotocol/sdk": "1.0.0" } }',
      'project/src/main.ts': '',
      'looped/src/main.ts': '',
    });
    fs.symlinkSync(path.join(root, 'outside/package.json'), path.join(root, 'project/package.json'));
    fs.symlinkSync('requirements.txt', path.join(root, 'looped/requirements-dev.txt'));
    fs.symlinkSync('requirements-dev.txt', path.join(root, 'looped/requirements.txt'));
    assert.deepEqual(evidence(projectAt(path.join(root, 'project')), 'src/main.ts'), { dependsOnSdk: false, packages: [] });
    assert.deepEqual(evidence(projectAt(path.join(root, 'looped')), 'src/main.ts'), { dependsOnSdk: false, packages: [] });
  });
});

/** Rewrites `file` on disk: the layout answers as before until forget() is told, then anew. */
function rewriteThenForget<T>(project: TestProject, file: string, text: string, answer: () => T, expected: T): void {
  const before = answer();
  fs.writeFileSync(project.at(file), text);
  assert.deepEqual(answer(), before, 'kept until forget()');
  project.layout.forget(project.at(file));
  assert.deepEqual(answer(), expected);
}

describe('ProjectLayout memo', () => {
  test('manifests and workspace packages are kept until forget() names the changed file or folder', () => {
    const project = temporaryProject({
      'package.json': '{ "workspaces": ["packages/*", "app"] }',
      'packages/wrapper/package.json': '{ "name": "wrapper" }',
      'app/package.json': '{ "name": "app", "dependencies": { "wrapper": "*" } }',
      'app/main.ts': '',
    });
    const evidenceOfMain = () => sdkEvidenceIn(project.at('app/main.ts'), project.layout);
    assert.equal(evidenceOfMain().dependsOnSdk, false);
    rewriteThenForget(project, 'packages/wrapper/package.json', '{ "name": "wrapper", "dependencies": { "fastmcp": "3.0.0" } }', evidenceOfMain,
      { manifest: project.at('app/package.json'), dependsOnSdk: true, packages: ['fastmcp'] });
    fs.rmSync(project.at('packages/wrapper'), { recursive: true });
    project.layout.forget(project.at('packages/wrapper'));
    assert.equal(evidenceOfMain().dependsOnSdk, false);
  });

  test('tsconfig paths are kept until a .json file changes; an open document wins over the disk', () => {
    const files = { 'tsconfig.json': '{ "compilerOptions": { "paths": { "#x": ["./a.ts"] } } }', 'a.ts': '', 'b.ts': '', 'main.ts': '' };
    const project = temporaryProject(files);
    const resolveX = () => project.relative(resolveScriptImport(project.at('main.ts'), '#x', project.layout));
    assert.equal(resolveX(), 'a.ts');
    rewriteThenForget(project, 'tsconfig.json', '{ "compilerOptions": { "paths": { "#x": ["./b.ts"] } } }', resolveX, 'b.ts');

    const open = new Map([[project.at('package.json'), '{ "devDependencies": { "@modelcontextprotocol/server": "2.0.0" } }']]);
    const overlaid = projectAt(project.root, (absolute) => open.get(absolute));
    assert.deepEqual(sdkEvidenceIn(overlaid.at('main.ts'), overlaid.layout), { manifest: project.at('package.json'), dependsOnSdk: true, packages: ['@modelcontextprotocol/server'] });
  });
});
