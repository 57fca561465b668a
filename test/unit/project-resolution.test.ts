// The project index's roots, workspace packages and module resolution (design.md "The project"),
// over the fixture projects of test/projects/resolution and temporary trees with symlinks.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { resolvePythonModule, pythonModuleName, pythonSourceRoots } from '../../server/src/core/project/resolve-python';
import { resolveScriptImport } from '../../server/src/core/project/resolve-script';
import { projectRootFor } from '../../server/src/core/project/roots';
import { workspacePackages } from '../../server/src/core/project/workspaces';
import { repoRoot } from '../helpers/fixtures';
import { fixtureProject, projectAt, temporaryProject, temporaryTree, TestProject } from '../helpers/projects';

function scriptImports(project: TestProject, from: string, specifiers: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(specifiers.map((specifier) => [specifier, project.relative(resolveScriptImport(project.at(from), specifier, project.layout))]));
}

function pythonImports(project: TestProject, from: string, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((dotted) => {
    const found = resolvePythonModule(project.at(from), dotted, project.layout);
    return [dotted, found && `${project.relative(found.file)}${found.isPackage ? ' (package)' : ''}`];
  }));
}

describe('TypeScript / JavaScript imports', () => {
  const mono = fixtureProject('pnpm-mono');

  test('relative imports substitute extensions, prefer sources, and find index files and folder entry points', () => {
    assert.deepEqual(scriptImports(mono, 'apps/server/src/main.ts', ['./tools', './view.js', './esm.mjs', './legacy.cjs', './both.js', './both', './widgets', './tools/lookup.js', '../src/settings/config', './missing.js', './settings']), {
      './tools': 'apps/server/src/tools/index.ts',
      './view.js': 'apps/server/src/view.tsx',
      './esm.mjs': 'apps/server/src/esm.mts',
      './legacy.cjs': 'apps/server/src/legacy.cjs',
      './both.js': 'apps/server/src/both.ts',
      './both': 'apps/server/src/both.ts',
      './widgets': 'apps/server/src/widgets/entry.ts',
      './tools/lookup.js': 'apps/server/src/tools/lookup.ts',
      '../src/settings/config': 'apps/server/src/settings/config.ts',
      './missing.js': undefined,
      './settings': undefined,
    });
  });

  test('workspace packages resolve through exports (mapped back to sources), main, and subpaths; other bare packages do not', () => {
    assert.deepEqual(scriptImports(mono, 'apps/server/src/main.ts', ['@repo/common', '@repo/common/tools', '@repo/common/helpers/wrap', '@repo/common/src/server.js', '@repo/common/nothing', 'zod', '@modelcontextprotocol/sdk/server/mcp.js', 'legacy']), {
      '@repo/common': 'packages/common/src/index.ts',
      '@repo/common/tools': 'packages/common/src/tools.ts',
      '@repo/common/helpers/wrap': 'packages/common/src/helpers/wrap.ts',
      '@repo/common/src/server.js': 'packages/common/src/server.ts',
      '@repo/common/nothing': undefined,
      zod: undefined,
      '@modelcontextprotocol/sdk/server/mcp.js': undefined,
      legacy: undefined,
    });
    assert.deepEqual(scriptImports(mono, 'apps/worker/src/main.ts', ['@repo/util']), { '@repo/util': 'packages/util/src/index.ts' });
    assert.deepEqual(scriptImports(mono, 'apps/reports/src/main.ts', ['@repo/plain']), { '@repo/plain': 'packages/plain/src/index.ts' });
    assert.deepEqual(scriptImports(mono, 'packages/util/src/index.ts', ['@repo/common', '../../common/src/tools.js']), {
      '@repo/common': 'packages/common/src/index.ts',
      '../../common/src/tools.js': 'packages/common/src/tools.ts',
    });
  });

  test('tsconfig paths come through extends, relative to the config that defines them, or to baseUrl', () => {
    assert.deepEqual(scriptImports(mono, 'apps/server/src/main.ts', ['~/config', '~/tools/lookup.js', '@shared/format', '@shared/absent']), {
      '~/config': 'apps/server/src/settings/config.ts',
      '~/tools/lookup.js': 'apps/server/src/tools/lookup.ts',
      '@shared/format': 'packages/plain/src/format.ts',
      '@shared/absent': undefined,
    });
    // The worker's own `paths` replace the inherited ones; its baseUrl also resolves bare names.
    assert.deepEqual(scriptImports(mono, 'apps/worker/src/main.ts', ['#lib/queue', 'jobs', '~/config']), {
      '#lib/queue': 'apps/worker/src/lib/queue.ts',
      jobs: 'apps/worker/src/jobs.ts',
      '~/config': undefined,
    });
  });

  test('npm workspaces ({packages: [...]} with **) and JavaScript-only packages', () => {
    const npm = fixtureProject('npm-mono');
    assert.deepEqual(scriptImports(npm, 'packages/group/tools/src/index.js', ['core', '@npm-mono/tools']), {
      core: 'packages/core/index.js',
      '@npm-mono/tools': 'packages/group/tools/src/index.js',
    });
  });

  test('malformed tsconfig.json and package.json: relative imports still resolve, nothing throws', () => {
    const malformed = fixtureProject('malformed');
    assert.deepEqual(scriptImports(malformed, 'src/index.ts', ['./x.js', '@alias/y', './y']), { './x.js': 'src/x.ts', '@alias/y': undefined, './y': 'src/y.ts' });
    assert.deepEqual([...workspacePackages(malformed.root, malformed.fs).keys()], []);
  });

  test('tsconfig extends cycles and package-name extends are harmless', () => {
    const project = temporaryProject({
      'tsconfig.json': '{ "extends": ["@tsconfig/node20/tsconfig.json", "./base"], "compilerOptions": {} }',
      'base.json': '{ "extends": "./tsconfig.json", "compilerOptions": { "baseUrl": "src" } }',
      'src/lib/a.ts': 'export const a = 1;\n',
      'src/main.ts': '',
    });
    assert.deepEqual(scriptImports(project, 'src/main.ts', ['lib/a', 'lib/b']), { 'lib/a': 'src/lib/a.ts', 'lib/b': undefined });
  });
});

describe('workspace packages', () => {
  test('pnpm-workspace.yaml globs with negations, keyed by package name', () => {
    const mono = fixtureProject('pnpm-mono');
    const packages = workspacePackages(mono.root, mono.fs);
    assert.deepEqual([...packages].map(([name, found]) => [name, found.name, mono.relative(found.dir)]), [
      ['reports', 'reports', 'apps/reports'],
      ['server', 'server', 'apps/server'],
      ['worker', 'worker', 'apps/worker'],
      ['@repo/common', '@repo/common', 'packages/common'],
      ['@repo/plain', '@repo/plain', 'packages/plain'],
      ['@repo/util', '@repo/util', 'packages/util'],
    ]);
    assert.deepEqual(packages.get('@repo/util')?.manifest.main, 'dist/index.js');
  });

  test('** skips node_modules and dot folders, stops in symlinked folder cycles, and the first folder keeps a name', () => {
    const root = temporaryTree({
      'package.json': JSON.stringify({ workspaces: ['packages/**', '!packages/skipped'] }),
      'packages/a/package.json': '{ "name": "a" }',
      'packages/deep/er/b/package.json': '{ "name": "b" }',
      'packages/node_modules/x/package.json': '{ "name": "x" }',
      'packages/.cache/y/package.json': '{ "name": "y" }',
      'packages/skipped/package.json': '{ "name": "skipped" }',
      'packages/z-copy/package.json': '{ "name": "a" }',
      'packages/unnamed/package.json': '{ "version": "1.0.0" }',
    });
    fs.symlinkSync('..', path.join(root, 'packages/a/cycle'));
    fs.symlinkSync('self', path.join(root, 'packages/self'));
    const project = projectAt(root);
    const started = Date.now();
    const packages = workspacePackages(root, project.fs);
    assert.ok(Date.now() - started < 5_000);
    assert.deepEqual([...packages].map(([name, found]) => [name, project.relative(found.dir)]), [
      ['a', 'packages/a'],
      ['b', 'packages/deep/er/b'],
    ]);
  });
});

describe('project roots', () => {
  const disk = new DiskFileSystem(['/']);

  test('the outermost workspace root, searched no higher than the git root', () => {
    const root = temporaryTree({
      'stray/package.json': '{ "workspaces": ["*"] }',
      'stray/repo/.git/HEAD': 'ref: refs/heads/main\n',
      'stray/repo/package.json': '{ "workspaces": { "packages": ["packages/*"] } }',
      'stray/repo/packages/inner/pnpm-workspace.yaml': 'packages: ["apps/*"]\n',
      'stray/repo/packages/inner/apps/a/src/file.ts': '',
      'stray/other/.git': 'gitdir: /elsewhere/.git/worktrees/other\n',
      'stray/other/sub/deep/file.py': '',
    });
    assert.equal(projectRootFor(path.join(root, 'stray/repo/packages/inner/apps/a/src/file.ts'), disk), path.join(root, 'stray/repo'));
    assert.equal(projectRootFor(path.join(root, 'stray/repo/packages/inner/apps/a/src'), disk), path.join(root, 'stray/repo'));
    // A `.git` file (a worktree, a submodule) marks a git root too.
    assert.equal(projectRootFor(path.join(root, 'stray/other/sub/deep/file.py'), disk), path.join(root, 'stray/other'));
  });

  test('without a workspace or git root: the folder given, or the file given its folder', () => {
    const root = temporaryTree({ 'plain/folder/file.py': '' });
    assert.equal(projectRootFor(path.join(root, 'plain/folder/file.py'), disk), path.join(root, 'plain/folder'));
    assert.equal(projectRootFor(path.join(root, 'plain/folder'), disk), path.join(root, 'plain/folder'));
  });

  test('the fixture projects: a pnpm workspace root, else the repository', () => {
    const projects = path.join(repoRoot(), 'test/projects/resolution');
    assert.equal(projectRootFor(path.join(projects, 'pnpm-mono/apps/server/src/main.ts'), disk), path.join(projects, 'pnpm-mono'));
    assert.equal(projectRootFor(path.join(projects, 'malformed/src/index.ts'), disk), path.join(projects, 'malformed'));
    assert.equal(projectRootFor(path.join(projects, 'python-app/src/mypkg/server.py'), disk), repoRoot());
  });
});

describe('Python imports', () => {
  const app = fixtureProject('python-app');

  test('relative imports, `.` as the package, and nothing above the root', () => {
    assert.deepEqual(pythonImports(app, 'src/mypkg/server.py', ['.common.server', '.', '.tools', '.common', '.missing']), {
      '.common.server': 'src/mypkg/common/server.py',
      '.': 'src/mypkg/__init__.py (package)',
      '.tools': 'src/mypkg/tools/__init__.py (package)',
      '.common': 'src/mypkg/common/__init__.py (package)',
      '.missing': undefined,
    });
    assert.deepEqual(pythonImports(app, 'src/mypkg/tools/search.py', ['..server', '..common', '..', '...outside', '....x', '.....x', '..common.server']), {
      '..server': 'src/mypkg/server.py',
      '..common': 'src/mypkg/common/__init__.py (package)',
      '..': 'src/mypkg/__init__.py (package)',
      '...outside': undefined,
      '....x': undefined,
      '.....x': undefined,
      '..common.server': 'src/mypkg/common/server.py',
    });
  });

  test('absolute imports: src layout, namespace packages, packages over modules, stubs, scripts; never the standard library', () => {
    assert.deepEqual(pythonImports(app, 'tests/test_server.py', ['mypkg', 'mypkg.server', 'nsplugins.extra.plugin', 'nsplugins.extra', 'mypkg.dual', 'mypkg.typed', 'json', 'os.path', 'mypkg.not-a-name']), {
      mypkg: 'src/mypkg/__init__.py (package)',
      'mypkg.server': 'src/mypkg/server.py',
      'nsplugins.extra.plugin': 'src/nsplugins/extra/plugin.py',
      'nsplugins.extra': undefined,
      'mypkg.dual': 'src/mypkg/dual/__init__.py (package)',
      'mypkg.typed': 'src/mypkg/typed.pyi',
      json: undefined,
      'os.path': undefined,
      'mypkg.not-a-name': undefined,
    });
    assert.deepEqual(pythonImports(app, 'src/mypkg/tools/search.py', ['mypkg.common.server']), { 'mypkg.common.server': 'src/mypkg/common/server.py' });
    assert.deepEqual(pythonImports(app, 'scripts/run.py', ['helper']), { helper: 'scripts/helper.py' });
    const setupOnly = fixtureProject('python-setup-py');
    assert.deepEqual(pythonImports(setupOnly, 'toolkit/tools.py', ['toolkit', 'toolkit.tools']), { toolkit: 'toolkit/__init__.py (package)', 'toolkit.tools': 'toolkit/tools.py' });
  });

  test('source roots and module names', () => {
    assert.deepEqual(pythonSourceRoots(app.at('tests/test_server.py'), app.layout).map(app.relative), ['tests', 'src', '']);
    assert.deepEqual(pythonSourceRoots(app.at('src/mypkg/common/server.py'), app.layout).map(app.relative), ['src', '']);
    const names = ['src/mypkg/common/server.py', 'src/mypkg/__init__.py', 'src/mypkg/typed.pyi', 'src/nsplugins/extra/plugin.py', 'tests/test_server.py', 'scripts/run.py'];
    assert.deepEqual(names.map((file) => pythonModuleName(app.at(file), app.layout)), ['mypkg.common.server', 'mypkg', 'mypkg.typed', 'nsplugins.extra.plugin', 'tests.test_server', 'scripts.run']);
  });

  test('sub-projects with their own pyproject.toml are source roots too', () => {
    const project = temporaryProject({
      'pyproject.toml': '[project]\nname = "outer"\n',
      'services/api/pyproject.toml': '[project]\nname = "api"\n',
      'services/api/src/api/__init__.py': '',
      'services/api/src/api/tools.py': '',
      'services/api/tests/test_tools.py': '',
      'services/api/my-script.py': '',
    });
    assert.deepEqual(pythonImports(project, 'services/api/tests/test_tools.py', ['api.tools']), { 'api.tools': 'services/api/src/api/tools.py' });
    assert.equal(pythonModuleName(project.at('services/api/src/api/tools.py'), project.layout), 'api.tools');
    assert.equal(pythonModuleName(project.at('services/api/my-script.py'), project.layout), undefined);
  });
});

describe('symlinks', () => {
  test('a link out of the root reads as missing; a link loop too', () => {
    const root = temporaryTree({
      'outside/secret.ts': 'export const secret = 1;\n',
      'outside/leak.py': 'LEAK = 1\n',
      'project/src/main.ts': '',
      'project/src/inside.ts': 'export const inside = 1;\n',
      'project/pkg/__init__.py': '',
      'project/pkg/main.py': '',
    });
    fs.symlinkSync(path.join(root, 'outside/secret.ts'), path.join(root, 'project/src/secret.ts'));
    fs.symlinkSync(path.join(root, 'outside/leak.py'), path.join(root, 'project/pkg/leak.py'));
    fs.symlinkSync('inside.ts', path.join(root, 'project/src/alias.ts'));
    fs.symlinkSync('loop-b.ts', path.join(root, 'project/src/loop-a.ts'));
    fs.symlinkSync('loop-a.ts', path.join(root, 'project/src/loop-b.ts'));
    fs.symlinkSync('.', path.join(root, 'project/pkg/again'));
    const project = projectAt(path.join(root, 'project'));
    assert.deepEqual(scriptImports(project, 'src/main.ts', ['./secret.js', './alias.js', './loop-a.js', './loop-b']), {
      './secret.js': undefined,
      './alias.js': 'src/alias.ts',
      './loop-a.js': undefined,
      './loop-b': undefined,
    });
    assert.deepEqual(pythonImports(project, 'pkg/main.py', ['pkg.leak', '.leak', 'pkg.again.again.main']), { 'pkg.leak': undefined, '.leak': undefined, 'pkg.again.again.main': 'pkg/again/again/main.py' });
  });
});
