/**
 * What an imported name stands for in another module of the project: a server, a tool, a
 * registration wrapper, a module, or something else; followed through re-exports (Python
 * `__init__.py` imports, `export ... from`) at most MAX_HOPS deep, so a cycle ends.
 */
import * as path from 'node:path';
import { memberPath } from '../frontends/python/module';
import { ProjectLayout } from './layout';
import { ModuleFacts, ModuleTools } from './modules';
import { resolvePythonModule } from './resolve-python';
import { resolveScriptImport } from './resolve-script';
import { goPackageFiles, resolveGoPackage } from './resolve-go';
import { ProjectSymbol } from './view';

const MAX_HOPS = 12;

/** What resolution reads of the index. */
export interface SymbolSource {
  layoutFor(file: string): ProjectLayout;
  factsOf(file: string): ModuleFacts | undefined;
  toolsOf(file: string): ModuleTools | undefined;
  /** Whether a module may hold tools or wrappers (only then are its tools read). */
  mayHoldTools(file: string): boolean;
  /** A resolution kept under `key` until something changes. */
  resolved<T>(key: string, resolve: () => T): T;
}

/** What `dotted` (as `fromFile`'s imports spell it) stands for; `reads` receives the modules read. */
export function pythonSymbol(source: SymbolSource, fromFile: string, dotted: string, reads: Set<string>, hops = 0): ProjectSymbol | undefined {
  if (hops > MAX_HOPS) return undefined;
  const dots = dotted.length - dotted.replace(/^\.+/, '').length;
  const segments = dotted.slice(dots).split('.').filter(Boolean);
  const layout = source.layoutFor(fromFile);
  for (let length = segments.length; length >= (dots ? 0 : 1); length--) {
    const modulePath = '.'.repeat(dots) + segments.slice(0, length).join('.');
    const module = source.resolved(`py\0${path.dirname(fromFile)}\0${modulePath}`, () => resolvePythonModule(fromFile, modulePath, layout));
    if (!module) continue;
    reads.add(module.file);
    const rest = segments.slice(length);
    if (!rest.length) return { kind: 'module', file: module.file };
    return pythonMember(source, module.file, rest, reads, hops);
  }
  return undefined;
}

export function pythonMember(source: SymbolSource, file: string, [name, ...rest]: string[], reads: Set<string>, hops: number): ProjectSymbol | undefined {
  const facts = source.factsOf(file);
  if (facts?.kind !== 'python') return undefined;
  const server = facts.servers.get(name);
  if (server) return rest.length ? undefined : { kind: 'server', server };
  const imported = facts.imports.get(name);
  if (imported) return pythonSymbol(source, file, rest.reduce(memberPath, imported), reads, hops + 1);
  if (rest.length) return undefined;
  const preset = facts.presets.get(name);
  if (preset) return { kind: 'value', value: preset, file, name };
  const tools = source.mayHoldTools(file) ? source.toolsOf(file) : undefined;
  const tool = tools?.toolFunctions.get(name);
  if (tool) return { kind: 'tool', tool };
  const wrapper = tools?.wrappers.get(name);
  if (wrapper) return { kind: 'wrapper', wrapper };
  return facts.others.has(name) ? { kind: 'other', file, name } : undefined;
}

/** What the export `name` of `specifier` (as `fromFile` imports it) stands for. */
export function scriptSymbol(source: SymbolSource, fromFile: string, specifier: string, name: string, reads: Set<string>, hops = 0): ProjectSymbol | undefined {
  if (hops > MAX_HOPS) return undefined;
  const file = source.resolved(`js\0${path.dirname(fromFile)}\0${specifier}`, () => resolveScriptImport(fromFile, specifier, source.layoutFor(fromFile)));
  if (!file) return undefined;
  reads.add(file);
  return scriptExport(source, file, name, reads, hops);
}

function scriptExport(source: SymbolSource, file: string, name: string, reads: Set<string>, hops: number): ProjectSymbol | undefined {
  if (name === '*') return { kind: 'module', file };
  const facts = source.factsOf(file);
  if (facts?.kind !== 'script') return undefined;
  const exported = facts.exports.get(name);
  if (!exported) {
    for (const star of facts.stars) {
      const found = scriptSymbol(source, file, star, name, reads, hops + 1);
      if (found) return found;
    }
    return undefined;
  }
  if ('specifier' in exported) return scriptSymbol(source, file, exported.specifier, exported.name, reads, hops + 1);
  const binding = facts.bindings.get(exported.local);
  switch (binding?.kind) {
    case 'server':
      return { kind: 'server', server: binding.server };
    case 'preset':
      return { kind: 'value', value: binding.value, file, name: exported.local };
    case 'import':
      return scriptSymbol(source, file, binding.specifier, binding.name, reads, hops + 1);
    case 'function': {
      const wrapper = source.mayHoldTools(file) ? source.toolsOf(file)?.wrappers.get(binding.name) : undefined;
      return wrapper ? { kind: 'wrapper', wrapper } : { kind: 'other', file, name: binding.name };
    }
    default:
      return binding ? { kind: 'other', file, name: exported.local } : undefined;
  }
}

/**
 * What the package-level `name` of a Go package stands for: the package `importPath` imports (a
 * folder of the importing file's module), or without one the other files of `fromFile`'s package.
 */
export function goSymbol(source: SymbolSource, fromFile: string, importPath: string | undefined, name: string, reads: Set<string>): ProjectSymbol | undefined {
  const fs = source.layoutFor(fromFile).fs;
  const folder = importPath === undefined ? path.dirname(fromFile) : source.resolved(`go\0${path.dirname(fromFile)}\0${importPath}`, () => resolveGoPackage(fromFile, importPath, fs));
  if (!folder) return undefined;
  for (const file of source.resolved(`go-files\0${folder}`, () => goPackageFiles(folder, fs))) {
    if (file === fromFile) continue;
    const facts = source.factsOf(file);
    if (facts?.kind !== 'go') continue;
    reads.add(file);
    const preset = facts.presets.get(name);
    if (preset) return { kind: 'value', value: preset, file, name };
    if (facts.helpers.has(name)) return { kind: 'go-helper' };
    const wrapper = facts.wrappers.get(name);
    if (wrapper) return { kind: 'go-wrapper', wrapper };
    if (facts.others.has(name)) return { kind: 'other', file, name };
  }
  return undefined;
}
