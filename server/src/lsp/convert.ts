/** Findings of the core as LSP diagnostics, and the way back from a diagnostic to its finding. */
import { pathToFileURL } from 'node:url';
import { Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver/node';
import { Finding, Severity } from '../core/model';
import { docsUrl } from '../core/rules/rule';
import type { DocumentAnalysis } from './analysis';

export const SOURCE = 'mcp-tool-lint';

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Rules whose findings mark code that can go: clients fade it out. */
const UNNECESSARY = new Set(['unused-suppression', 'unneeded-strict-false']);

/**
 * What a diagnostic carries in `data`: the rule code (`MTL101`). It holds nothing that changes from
 * one version to the next, so an unchanged finding's diagnostic is sent as encoded before (wire.ts).
 */
export interface DiagnosticData {
  code: string;
}

export interface ConvertOptions {
  uri: string;
  /** Whether the client shows `relatedInformation` (else the related messages are left out). */
  relatedInformation: boolean;
}

export function toDiagnostic(finding: Finding, options: ConvertOptions): Diagnostic {
  const data: DiagnosticData = { code: finding.code };
  const diagnostic: Diagnostic = {
    range: finding.range,
    severity: SEVERITIES[finding.severity],
    code: finding.rule,
    codeDescription: { href: docsUrl(finding.rule) },
    source: SOURCE,
    message: finding.message,
    data,
  };
  if (options.relatedInformation && finding.related.length > 0) {
    diagnostic.relatedInformation = finding.related.map((related) => ({
      location: { uri: related.file ? pathToFileURL(related.file).href : options.uri, range: related.range },
      message: related.message,
    }));
  }
  if (UNNECESSARY.has(finding.rule)) diagnostic.tags = [DiagnosticTag.Unnecessary];
  return diagnostic;
}

/**
 * The finding a diagnostic (sent back by the client, e.g. in a code action request) stands for in
 * the given analysis: the one with its rule code, range and message.
 */
export function findingFor(analysis: DocumentAnalysis, diagnostic: Diagnostic): Finding | undefined {
  const code = (diagnostic.data as Partial<DiagnosticData> | undefined)?.code;
  return analysis.result?.findings.find((finding) => finding.rule === diagnostic.code && (code === undefined || finding.code === code)
    && finding.message === diagnostic.message && sameRange(finding.range, diagnostic.range));
}

function sameRange(a: Finding['range'], b: Finding['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character
    && a.end.line === b.end.line && a.end.character === b.end.character;
}
