/** Findings of the core as LSP diagnostics, and the way back from a diagnostic to its finding. */
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

/** What a diagnostic carries in `data`: enough to find its finding again (see `findingFor`). */
export interface DiagnosticData {
  /** The rule code (`MTL101`). */
  code: string;
  /** The document version the finding was made for, and its index among that version's findings. */
  version: number;
  index: number;
}

export interface ConvertOptions {
  uri: string;
  version: number;
  /** Whether the client shows `relatedInformation` (else the related messages are left out). */
  relatedInformation: boolean;
}

export function toDiagnostic(finding: Finding, index: number, options: ConvertOptions): Diagnostic {
  const data: DiagnosticData = { code: finding.code, version: options.version, index };
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
      location: { uri: options.uri, range: related.range },
      message: related.message,
    }));
  }
  if (UNNECESSARY.has(finding.rule)) diagnostic.tags = [DiagnosticTag.Unnecessary];
  return diagnostic;
}

/**
 * The finding a diagnostic (sent back by the client, e.g. in a code action request) stands
 * for, in the given analysis: by index when the versions match, else by rule and range.
 */
export function findingFor(analysis: DocumentAnalysis, diagnostic: Diagnostic): Finding | undefined {
  const findings = analysis.result?.findings ?? [];
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  if (data && data.version === analysis.version && typeof data.index === 'number') {
    const finding = findings[data.index];
    if (finding && finding.code === data.code) return finding;
  }
  return findings.find((finding) => finding.rule === diagnostic.code && sameRange(finding.range, diagnostic.range));
}

function sameRange(a: Finding['range'], b: Finding['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character
    && a.end.line === b.end.line && a.end.character === b.end.character;
}
