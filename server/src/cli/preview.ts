/** `mcp-tool-lint preview FILE [--tool NAME | --server NAME]`: the projection JSON of "Preview annotations". */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText, initAnalysis, withLfLineBreaks } from '../core/analyze';
import { ConfigLoader, DEFAULT_MAX_FILE_SIZE, EffectiveSettings, loadConfigFile, resolveSettings, TolerantConfigLoader } from '../core/config/config';
import { grammarForPath } from '../core/parse/parser';
import { positionedTool, projectFile } from '../core/projection';
import { DiskFileSystem } from '../core/project/file-system';
import { wholeProjectRootFor } from '../core/project/roots';
import type { ServerRef } from '../core/project/view';
import { findServer, previewServer, serverName } from '../core/server-preview';
import { CliOptions, UsageError } from './args';
import { describeErrno, discoverFiles, InputError } from './discover';
import { displayPath } from './format/results';
import { grammarsFor, projectIndexFor } from './lint';
import { fileSizes } from './parallel';
import { useWasmTiers, wasmTiersFor } from './wasm-tiers';
import { readSource } from './source';
import { withFields } from '../core/with-fields';

export async function previewFile(options: CliOptions): Promise<string> {
  if (options.paths.length !== 1) throw new UsageError('preview takes one file: mcp-tool-lint preview FILE [--tool NAME | --server NAME]');
  const file = options.paths[0];
  const absolute = path.resolve(file);
  try {
    if (!fs.statSync(absolute).isFile()) throw new InputError(`cannot preview ${file}: not a file`);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${file}: ${describeErrno(error)}`);
  }
  const config = options.config ? loadConfigFile(options.config) : new ConfigLoader().configFor(absolute);
  const settings = resolveSettings({ cliProfile: options.profile, cliOverrides: options.rules, config });
  const source = readSource(absolute, file, options.maxFileSize ?? config?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
  if (source.kind === 'skipped') throw new InputError(`cannot preview ${file}: ${source.reason}`);
  const grammar = grammarForPath(absolute);
  if (!grammar) throw new InputError(`cannot preview ${file}: not a Python, TypeScript or JavaScript file`);
  const showFile = (other: string) => displayPath(other, file);
  if (options.server !== undefined) {
    // Each file is analysed with its own config (or --config's), under the command line's profile and rules.
    const loader = new ConfigLoader();
    const settingsFor = (other: string) => other === absolute ? settings
      : resolveSettings({ cliProfile: options.profile, cliOverrides: options.rules, config: options.config ? config : loader.configFor(other) });
    return json(await previewServerOf(file, absolute, options.server, { settingsFor, serverModules: config?.serverModules, maxFileSize: options.maxFileSize ?? config?.maxFileSize }));
  }
  // The file sees its project (its server module, its manifest), as when it is linted alone: with the grammars and wasm tiers of that lint.
  const target = { display: file, absolute };
  useWasmTiers(wasmTiersFor(fileSizes([target]), 1));
  await initAnalysis(grammarsFor([target]));
  const project = projectIndexFor([file], [target], { serverModules: config?.serverModules, maxFileSize: options.maxFileSize ?? config?.maxFileSize }).viewFor(absolute);
  const analysis = analyzeText(withLfLineBreaks(source.text), absolute, withFields(settings, { project, allEffects: true }));
  if (!analysis) throw new InputError(`cannot preview ${file}: not a Python, TypeScript or JavaScript file`);
  let tools = projectFile(file, analysis.declarations, analysis.findings, showFile, analysis.effects).tools;
  if (options.tool !== undefined) {
    tools = tools.filter((tool) => tool.name === options.tool || tool.toolsList.name === options.tool);
    if (!tools.length) throw new InputError(`${file} declares no tool named "${options.tool}"`);
  }
  return json({ file, tools: tools.map((tool) => positionedTool(tool, file)) });
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * `preview FILE --server NAME`: the project index over FILE's project root (every source file
 * discovery finds there, so the list is complete), the server NAME as FILE sees it, and each of
 * its tools as its own file's analysis with the project projects it.
 */
interface ServerPreviewOptions {
  settingsFor: (absolute: string) => EffectiveSettings;
  serverModules?: readonly string[];
  maxFileSize?: number;
}

async function previewServerOf(file: string, absolute: string, name: string, options: ServerPreviewOptions): Promise<unknown> {
  const root = wholeProjectRootFor(absolute, new DiskFileSystem(['/']));
  // Every source file of the project, for the index: a folder whose config cannot be read still holds modules (analysing a tool there reports the config).
  const targets = [...discoverFiles([root], { loader: new TolerantConfigLoader(), note: () => undefined }), { display: file, absolute }];
  useWasmTiers(wasmTiersFor(fileSizes(targets), 1));
  await initAnalysis(grammarsFor(targets));
  const index = projectIndexFor([root], targets, options);
  const { server, known } = findServer(index, absolute, name);
  if (!server) {
    throw new InputError(`${file} has no server named "${name}"${known.length ? `; servers found there: ${known.join(', ')}` : '; it makes or imports none'}`);
  }
  const showFile = (other: string) => displayPath(other, file);
  const analyse = (other: string) => {
    const text = index.fs.readText(other);
    if (text === undefined) return undefined;
    return analyzeText(withLfLineBreaks(text), other, withFields(options.settingsFor(other), { project: index.viewFor(other), allEffects: true }));
  };
  const tools = previewServer(index, server, analyse, showFile).map(({ projection, file: declaredIn, composed }) => {
    const entry: Record<string, unknown> = { ...positionedTool(projection, showFile(declaredIn)) };
    if (composed) {
      entry.composed = {
        declaredName: composed.declaredName,
        prefixes: composed.prefixes,
        ...(composed.fromServer ? { from: serverJson(composed.fromServer, showFile) } : {}),
      };
    }
    return entry;
  });
  return { server: serverJson(server, showFile), tools };
}

function serverJson(server: ServerRef, showFile: (absolute: string) => string): { name: string; variable: string; file: string; line: number } {
  return { name: serverName(server), variable: server.variable, file: showFile(server.file), line: server.range.start.line + 1 };
}
