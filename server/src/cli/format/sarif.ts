/** SARIF 2.1.0, as GitHub code scanning accepts it: one reportingDescriptor per rule, fixes where a fix exists. */
import { displayPath } from './results';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Range, Severity } from '../../core/model';
import { ALL_RULES } from '../../core/rules';
import { docsUrl, Rule } from '../../core/rules/rule';
import { FileResult } from './results';

const LEVELS: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };
const HOME = 'https://github.com/mcp-tool-lint/mcp-tool-lint';

function region(range: Range): Record<string, number> {
  return {
    startLine: range.start.line + 1,
    startColumn: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  };
}

/** A relative reference for relative paths (resolved against the checkout by code scanning), a file URL otherwise. */
function artifactUri(file: string): string {
  if (path.isAbsolute(file)) return pathToFileURL(file).href;
  return file.split('\\').join('/').split('/').map(encodeURIComponent).join('/');
}

function descriptor(rule: Rule): Record<string, unknown> {
  const level = rule.severity.recommended;
  return {
    id: rule.code,
    name: rule.name,
    shortDescription: { text: rule.docs.summary },
    fullDescription: { text: rule.docs.whatItDoes },
    helpUri: docsUrl(rule.name),
    help: { text: `${rule.docs.whatItDoes}\n\n${rule.docs.why}`, markdown: `${rule.docs.whatItDoes}\n\n${rule.docs.why}\n\n[Documentation](${docsUrl(rule.name)})` },
    defaultConfiguration: level === 'off' ? { enabled: false } : { level: LEVELS[level] },
  };
}

export function formatSarif(results: readonly FileResult[], version: string): string {
  const ruleIndex = new Map(ALL_RULES.map((rule, index) => [rule.code, index]));
  const sarifResults = results.flatMap((result) => {
    const artifactLocation = { uri: artifactUri(result.file) };
    return result.findings.map((finding) => {
      const sarif: Record<string, unknown> = {
        ruleId: finding.code,
        level: LEVELS[finding.severity],
        message: { text: finding.message },
        locations: [{ physicalLocation: { artifactLocation, region: region(finding.range) } }],
      };
      const index = ruleIndex.get(finding.code);
      if (index !== undefined) sarif.ruleIndex = index;
      if (finding.related.length) {
        sarif.relatedLocations = finding.related.map((related, id) => ({
          id,
          message: { text: related.message },
          physicalLocation: { artifactLocation: related.file ? { uri: artifactUri(displayPath(related.file, result.file)) } : artifactLocation, region: region(related.range) },
        }));
      }
      if (finding.codeFlow?.length) {
        // An effect's path, from the tool's body down to the effect: one thread flow, a location per step.
        sarif.codeFlows = [{
          threadFlows: [{
            locations: finding.codeFlow.map((step, nesting) => ({
              nestingLevel: nesting,
              location: {
                message: { text: step.message },
                physicalLocation: { artifactLocation: step.file ? { uri: artifactUri(displayPath(step.file, result.file)) } : artifactLocation, region: region(step.range) },
              },
            })),
          }],
        }];
      }
      if (finding.fixes.length) {
        sarif.fixes = finding.fixes.map((fix) => ({
          description: { text: fix.title },
          // One change per file: a fix of a preset imported from another module edits that module.
          artifactChanges: [...new Set(fix.edits.map((edit) => edit.file))].map((file) => ({
            artifactLocation: file ? { uri: artifactUri(displayPath(file, result.file)) } : artifactLocation,
            replacements: fix.edits.filter((edit) => edit.file === file).map((edit) => ({ deletedRegion: region(edit.range), insertedContent: { text: edit.newText } })),
          })),
        }));
      }
      return sarif;
    });
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'mcp-tool-lint',
          version,
          semanticVersion: version,
          informationUri: HOME,
          rules: ALL_RULES.map(descriptor),
        },
      },
      columnKind: 'utf16CodeUnits',
      results: sarifResults,
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
