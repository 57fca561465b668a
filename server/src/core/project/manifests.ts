/**
 * Dependency evidence: whether the nearest manifest above a file depends on an MCP SDK or
 * framework (directly, or for npm through the workspace packages it depends on). That is
 * evidence for SDK-shaped registrations on receivers whose type is not known.
 */
import * as path from 'node:path';
import { DataTable, isTable } from './data-files';
import { ProjectFileSystem } from './file-system';
import { ProjectLayout } from './layout';
import { normalisePythonName, pyprojectRequirementNames, requirementName, requirementsTxtNames, setupCfgRequirementNames } from './python-requirements';
import { setupPyRequirements } from './setup-py';
import { npmPackageName } from './workspaces';

export interface SdkEvidence {
  /** The manifest that lists an SDK, else the first manifest of the nearest folder holding any; none when no folder up to the root holds one. */
  manifest?: string;
  dependsOnSdk: boolean;
  /** The SDK packages found (npm names; Python names normalised), without repeats. */
  packages: string[];
}

export const NPM_SDK_PACKAGES: readonly string[] = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server', '@modelcontextprotocol/server-legacy', 'fastmcp', 'mcp-framework'];
export const PYTHON_SDK_PACKAGES: readonly string[] = ['mcp', 'fastmcp', 'arcade-mcp-server', 'arcade-tdk', 'arcade-mcp', 'arcade-core'];

const FIXED_MANIFESTS = ['package.json', 'pyproject.toml', 'setup.py', 'setup.cfg'];
const REQUIREMENTS_FILE = /^requirements.*\.txt$/i;
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * The evidence of the nearest folder above `file` (up to `root`) that holds a manifest:
 * `package.json`, `pyproject.toml`, `setup.py`, `setup.cfg` or `requirements*.txt`.
 * `extraModules` (the config's `serverModules`) count as SDKs too. setup.py gives evidence only
 * once the Python grammar is loaded (`await initAnalysis()`).
 */
export function sdkEvidenceFor(file: string, root: string, fs: ProjectFileSystem, extraModules: readonly string[] = []): SdkEvidence {
  return sdkEvidenceIn(file, new ProjectLayout(root, fs), extraModules);
}

/** `sdkEvidenceFor` reading through a layout's memo. */
export function sdkEvidenceIn(file: string, layout: ProjectLayout, extraModules: readonly string[] = []): SdkEvidence {
  const sdkNames = {
    npm: new Set([...NPM_SDK_PACKAGES, ...extraModules.map(npmPackageName)]),
    python: new Set([...PYTHON_SDK_PACKAGES, ...extraModules.flatMap(pythonDistributionNames)]),
  };
  for (const dir of layout.foldersUpToRoot(path.dirname(path.resolve(file)))) {
    const manifests = manifestsIn(dir, layout.fs);
    if (!manifests.length) continue;
    const found = manifests.map((manifest) => ({ manifest, packages: sdkPackagesIn(manifest, layout, sdkNames) }));
    const packages = [...new Set(found.flatMap((entry) => entry.packages))];
    const evidence = found.find((entry) => entry.packages.length) ?? found[0];
    return { manifest: evidence.manifest, dependsOnSdk: packages.length > 0, packages };
  }
  return { dependsOnSdk: false, packages: [] };
}

function manifestsIn(dir: string, fs: ProjectFileSystem): string[] {
  const fixed = FIXED_MANIFESTS.map((name) => path.join(dir, name)).filter((file) => fs.isFile(file));
  const requirements = fs.list(dir).filter((name) => REQUIREMENTS_FILE.test(name)).map((name) => path.join(dir, name)).filter((file) => fs.isFile(file));
  return [...fixed, ...requirements];
}

interface SdkNames {
  npm: ReadonlySet<string>;
  python: ReadonlySet<string>;
}

function sdkPackagesIn(manifest: string, layout: ProjectLayout, sdkNames: SdkNames): string[] {
  const dir = path.dirname(manifest);
  const name = path.basename(manifest);
  if (name === 'package.json') {
    const packageJson = layout.packageJson(dir);
    return npmSdkPackages(packageJson, dir, layout, sdkNames.npm, new Set([packageName(packageJson)]));
  }
  const pythonNames = pythonRequirementNames(manifest, layout);
  return [...new Set(pythonNames.filter((requirement) => sdkNames.python.has(requirement)))];
}

function pythonRequirementNames(manifest: string, layout: ProjectLayout): string[] {
  const name = path.basename(manifest);
  if (name === 'pyproject.toml') {
    const pyproject = layout.pyproject(path.dirname(manifest));
    return pyproject ? pyprojectRequirementNames(pyproject) : [];
  }
  const text = layout.fs.readText(manifest);
  if (text === undefined) return [];
  if (name === 'setup.py') return (setupPyRequirements(text) ?? []).map(requirementName).filter((requirement): requirement is string => requirement !== undefined);
  if (name === 'setup.cfg') return setupCfgRequirementNames(text);
  return requirementsTxtNames(text);
}

/** The SDKs a package.json depends on, directly or through workspace packages (each followed once). */
function npmSdkPackages(manifest: DataTable | undefined, dir: string, layout: ProjectLayout, sdkNames: ReadonlySet<string>, followed: Set<string | undefined>): string[] {
  const dependencies = DEPENDENCY_FIELDS.flatMap((field) => {
    const table = manifest?.[field];
    return isTable(table) ? Object.keys(table) : [];
  });
  const workspace = layout.workspacePackagesFor(dir);
  const found = dependencies.filter((dependency) => sdkNames.has(dependency));
  for (const dependency of dependencies) {
    const workspacePackage = workspace.get(dependency);
    if (!workspacePackage || followed.has(dependency)) continue;
    followed.add(dependency);
    found.push(...npmSdkPackages(workspacePackage.manifest, workspacePackage.dir, layout, sdkNames, followed));
  }
  return [...new Set(found)];
}

function packageName(manifest: DataTable | undefined): string | undefined {
  return typeof manifest?.name === 'string' ? manifest.name : undefined;
}

/** A distribution name, or a dotted module whose top package names the distribution (`my_sdk.server` -> `my-sdk`). */
function pythonDistributionNames(module: string): string[] {
  return [normalisePythonName(module), normalisePythonName(module.split('.')[0])];
}
