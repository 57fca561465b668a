// The effect findings (MTL311–313) of a publish, as the LSP effect tests compare them.
import * as path from 'node:path';
import { Diagnostic } from 'vscode-languageserver/node';
import { projectFindings } from './projects';

const EFFECT_RULES = ['effect-contradicts-read-only', 'effect-contradicts-non-destructive', 'effect-contradicts-closed-world'];

/** `line:col code severity` of each effect finding (1-based), with its path as `file:line` steps relative to `root`. */
export function effectFindings(diagnostics: readonly Diagnostic[], root: string): string[] {
  return diagnostics.filter((diagnostic) => EFFECT_RULES.includes(String(diagnostic.code))).map((diagnostic) => {
    const steps = (diagnostic.relatedInformation ?? []).map((info) => `${path.relative(root, new URL(info.location.uri).pathname)}:${info.location.range.start.line + 1}`);
    return `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1} ${diagnostic.code} ${diagnostic.severity} ${steps.join(' ')}`;
  });
}

/** `line code` of each effect finding of `file` (relative to `root`), analysed with the project index as the CLI does, with its path as `file:line` steps. */
export function projectEffectFindings(root: string, file: string): string[] {
  const absolute = path.join(root, file);
  const findings = projectFindings(root, { withIndex: true }).find((result) => result.file === absolute)?.findings ?? [];
  return findings.filter((finding) => EFFECT_RULES.includes(finding.rule)).map((finding) => {
    const steps = finding.related.map((related) => `${path.relative(root, related.file ?? absolute)}:${related.range.start.line + 1}`);
    return `${finding.range.start.line + 1} ${finding.code} ${steps.join(' ')}`;
  });
}
