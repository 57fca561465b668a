/** `mcp-tool-lint preview FILE [--tool NAME]`: the projection JSON of "Preview annotations". */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText, initAnalysis, withLfLineBreaks } from '../core/analyze';
import { ConfigLoader, DEFAULT_MAX_FILE_SIZE, loadConfigFile, resolveSettings } from '../core/config';
import { grammarForPath } from '../core/parse/parser';
import { projectFile } from '../core/projection';
import { CliOptions, UsageError } from './args';
import { describeErrno, InputError } from './discover';
import { readSource } from './source';

export async function previewFile(options: CliOptions): Promise<string> {
  if (options.paths.length !== 1) throw new UsageError('preview takes one file: mcp-tool-lint preview FILE [--tool NAME]');
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
  if (grammar) await initAnalysis([grammar]);
  const analysis = analyzeText(withLfLineBreaks(source.text), absolute, settings);
  if (!analysis) throw new InputError(`cannot preview ${file}: not a Python, TypeScript or JavaScript file`);
  const projection = projectFile(file, analysis.declarations, analysis.findings);
  if (options.tool !== undefined) {
    projection.tools = projection.tools.filter((tool) => tool.name === options.tool || tool.toolsList.name === options.tool);
    if (!projection.tools.length) throw new InputError(`${file} declares no tool named "${options.tool}"`);
  }
  return `${JSON.stringify(projection, null, 2)}\n`;
}
