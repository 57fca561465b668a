/**
 * Suppression comments (rules.md "Suppressions"):
 *   `# mcp-tool-lint: ignore[read-only-mutation, MTL101] reason` (Python),
 *   `// mcp-tool-lint: ignore[MTL101] reason` or a block comment (TS/JS),
 * at the end of the line a finding starts on, or on its own line(s) just above it;
 * `ignore-file[...]` anywhere (by convention at the top) covers the whole file.
 * Comments are found as the grammar's `comment` nodes; a regular expression reads one comment's text.
 */
import { Node } from 'web-tree-sitter';
import { charAt, SourceText } from './source-text';
import { NodeLookup } from './parse/windows';
import { Finding, Range, Severity } from './model';
import { rangeAt } from './fixes/positions';
import { findRule } from './rules';
import { ProfileName, ReportOptions, Rule, SeverityOrOff } from './rules/rule';
import { reportSuppressionWithoutReason, suppressionWithoutReason } from './rules/suppression-without-reason';
import { reportUnusedSuppression, unusedSuppression } from './rules/unused-suppression';
import { applyOverrides, overridesEnable, RuleOverride } from './severity';

export interface SuppressedCode {
  /** As written: `MTL101` or `read-only-mutation`. */
  text: string;
  range: Range;
  start: number;
  end: number;
  /** Undefined when the text names no rule. */
  rule?: Rule;
  used: boolean;
}

export interface SuppressionDirective {
  kind: 'line' | 'file';
  /** The comment's opening: `#`, `//` or `/*`. */
  marker: '#' | '//' | '/*';
  /** From `mcp-tool-lint` to the closing bracket. */
  range: Range;
  start: number;
  end: number;
  commentStart: number;
  commentEnd: number;
  codes: SuppressedCode[];
  reason: string;
  /** 0-based lines whose findings a `line` directive covers. */
  lines: Set<number>;
}

/** The word in a suppression's brackets that drops the effects on its line (effects/ignore.ts): it names no rule and is never unused. */
export const IGNORE_EFFECT = 'effect';

const DIRECTIVE = /mcp-tool-lint:[ \t]*(ignore-file|ignore)[ \t]*\[([^\]\n]*)\]/;

export function findSuppressions(tree: NodeLookup, text: SourceText): SuppressionDirective[] {
  if (!text.includes('mcp-tool-lint:')) return [];
  const parsed: Array<{ directive: SuppressionDirective; standalone: boolean; endLine: number; startLine: number }> = [];
  for (const comment of commentsMentioning(tree, text, 'mcp-tool-lint:')) {
    const directive = parseDirective(text, comment.startIndex, comment.endIndex);
    if (directive) parsed.push({ directive, standalone: isStandalone(text, comment), startLine: comment.startPosition.row, endLine: comment.endPosition.row });
  }
  return parsed.map(({ directive, standalone, startLine, endLine }) => {
    if (directive.kind === 'line') {
      if (standalone) {
        let target = endLine + 1;
        for (let lineStart = nextLineStart(text, directive.commentEnd); lineStart !== undefined && isStandaloneCommentLine(tree, text, lineStart); lineStart = nextLineStart(text, lineStart)) {
          target++;
        }
        directive.lines.add(target);
      } else {
        directive.lines.add(startLine);
      }
    }
    return directive;
  });
}

/** The comment nodes whose text contains `needle`, in document order (found from the text, not by walking the whole tree). */
function commentsMentioning(tree: NodeLookup, text: SourceText, needle: string): Node[] {
  const comments: Node[] = [];
  for (let index = text.indexOf(needle); index >= 0; index = text.indexOf(needle, index + 1)) {
    const node = tree.descendantForIndex(index, index + 1);
    if (node?.type !== 'comment' || comments.some((comment) => comment.startIndex === node.startIndex)) continue;
    comments.push(node);
    index = node.endIndex - 1;
  }
  return comments;
}

/** Whether nothing but whitespace precedes the comment on its first line. */
function isStandalone(text: SourceText, comment: Node): boolean {
  const lineStart = text.lastIndexOf('\n', comment.startIndex - 1) + 1;
  return text.slice(lineStart, comment.startIndex).trim() === '';
}

/** Where the line after the one holding `offset` starts; undefined on the last line. */
function nextLineStart(text: SourceText, offset: number): number | undefined {
  const lineBreak = text.indexOf('\n', offset);
  return lineBreak < 0 ? undefined : lineBreak + 1;
}

/** Whether a standalone comment covers the line starting at `lineStart` (starts there, or is a block comment spanning it). */
function isStandaloneCommentLine(tree: NodeLookup, text: SourceText, lineStart: number): boolean {
  let first = lineStart;
  while (first < text.length && (charAt(text, first) === ' ' || charAt(text, first) === '\t' || charAt(text, first) === '\r')) first++;
  const blank = first >= text.length || charAt(text, first) === '\n';
  if (blank && lineStart >= text.length) return false;
  const probe = blank ? lineStart : first;
  const node = tree.descendantForIndex(probe, probe + 1);
  if (node?.type !== 'comment' || node.startIndex > probe || node.endIndex <= (blank ? probe : first)) return false;
  return isStandalone(text, node);
}

function parseDirective(text: SourceText, commentStart: number, commentEnd: number): SuppressionDirective | undefined {
  const comment = text.slice(commentStart, commentEnd);
  const match = DIRECTIVE.exec(comment);
  if (!match) return undefined;
  const marker = comment.startsWith('#') ? '#' : comment.startsWith('/*') ? '/*' : '//';
  const start = commentStart + match.index;
  const end = start + match[0].length;
  const listStart = end - 1 - match[2].length;
  const codes: SuppressedCode[] = [];
  const itemPattern = /[^,\s]+/g;
  for (let item = itemPattern.exec(match[2]); item; item = itemPattern.exec(match[2])) {
    const codeStart = listStart + item.index;
    const codeEnd = codeStart + item[0].length;
    codes.push({ text: item[0], range: rangeAt(text, codeStart, codeEnd), start: codeStart, end: codeEnd, rule: findRule(item[0]), used: false });
  }
  let rest = comment.slice(match.index + match[0].length);
  if (marker === '/*') rest = rest.replace(/\*\/$/, '');
  const reason = rest.replace(/^[\s:\-\u2013\u2014]+/, '').trim();
  return {
    kind: match[1] === 'ignore-file' ? 'file' : 'line',
    marker,
    range: rangeAt(text, start, end),
    start,
    end,
    commentStart,
    commentEnd,
    codes,
    reason,
    lines: new Set(),
  };
}

export interface SuppressionOptions {
  profile?: ProfileName;
  overrides?: readonly RuleOverride[];
  /** Whether the tools' effects were read: until they are, the effect rules' suppressions are not unused. */
  effects?: { readonly known: boolean };
}

/**
 * Drops the findings that a suppression covers, then adds MTL902 for suppressions without a
 * reason and MTL901 for codes that suppressed nothing (except rules off in the active profile).
 * The result is not sorted.
 */
export function applySuppressions(tree: NodeLookup, text: SourceText, findings: readonly Finding[], options: SuppressionOptions = {}): Finding[] {
  return applyDirectives(findSuppressions(tree, text), text, findings, options);
}

/** applySuppressions with the directives found already (`findSuppressions`; each set applied once: it marks the codes used). */
export function applyDirectives(directives: readonly SuppressionDirective[], text: SourceText, findings: readonly Finding[], options: SuppressionOptions = {}): Finding[] {
  if (!directives.length) return [...findings];
  const byLine = new DirectivesByLine(directives);
  const kept = findings.filter((finding) => !byLine.suppresses(finding));
  const added: Finding[] = [];
  const report = (rule: Rule, found: ReportOptions, severity: Severity): void => {
    const finding: Finding = { code: rule.code, rule: rule.name, severity, message: found.message, range: found.range, related: found.related ?? [], fixes: found.fixes ?? [] };
    if (!byLine.suppresses(finding)) added.push(finding);
  };
  const reasonSeverity = effectiveSeverity(suppressionWithoutReason, options);
  if (reasonSeverity !== 'off') {
    for (const directive of directives) {
      if (!directive.reason && directive.codes.length) report(suppressionWithoutReason, reportSuppressionWithoutReason(directive), reasonSeverity);
    }
  }
  const unusedSeverity = effectiveSeverity(unusedSuppression, options);
  if (unusedSeverity !== 'off') {
    for (const directive of directives) {
      for (const code of directive.codes) {
        if (code.used || code.rule === unusedSuppression || code.text === IGNORE_EFFECT) continue;
        if (code.rule?.readsEffects && !options.effects?.known) continue;
        if (code.rule && effectiveSeverity(code.rule, options) === 'off') continue;
        report(unusedSuppression, reportUnusedSuppression(text, directive, code), unusedSeverity);
      }
    }
  }
  return [...kept, ...added];
}

/** The directives that cover a line: the file's `ignore-file` ones and the `ignore` ones of that line. */
class DirectivesByLine {
  private readonly fileWide: SuppressionDirective[] = [];
  private readonly lines = new Map<number, SuppressionDirective[]>();

  constructor(directives: readonly SuppressionDirective[]) {
    for (const directive of directives) {
      if (directive.kind === 'file') this.fileWide.push(directive);
      else for (const line of directive.lines) (this.lines.get(line) ?? this.lines.set(line, []).get(line)!).push(directive);
    }
  }

  /** Whether a directive covering the finding's line names its rule; marks each such code as used. */
  suppresses(finding: Finding): boolean {
    const inFile = markNamed(this.fileWide, finding.code);
    const onLine = this.lines.get(finding.range.start.line);
    return (onLine !== undefined && markNamed(onLine, finding.code)) || inFile;
  }
}

/** Marks as used every code of `directives` naming the rule `code`; whether there was one. */
function markNamed(directives: readonly SuppressionDirective[], code: string): boolean {
  let named = false;
  for (const directive of directives) {
    for (const suppressed of directive.codes) {
      if (suppressed.rule?.code === code) {
        suppressed.used = true;
        named = true;
      }
    }
  }
  return named;
}

/** The rule's severity in the active profile after the overrides, as the rule runner computes it. */
export function effectiveSeverity(rule: Rule, options: SuppressionOptions): SeverityOrOff {
  const base = rule.severity[options.profile ?? 'recommended'];
  const overrides = options.overrides ?? [];
  if (base === 'off' && !overridesEnable(rule, overrides)) return 'off';
  return applyOverrides(rule, base === 'off' ? 'warning' : base, overrides);
}
