/**
 * `# mcp-tool-lint: ignore[effect]` (or `//`) on the line of an effect, or on its own line just
 * above it, drops that effect from every summary that reaches it; `ignore-file[effect]` drops every
 * effect of the module. The comments are read as suppressions.ts reads suppression comments.
 */
import { NodeLookup } from '../parse/windows';
import { SourceText } from '../source-text';
import { findSuppressions, IGNORE_EFFECT } from '../suppressions';

export interface IgnoredLines {
  /** Whether an effect on this 0-based line is dropped. */
  has(line: number): boolean;
}

export function ignoredEffectLines(root: NodeLookup, text: SourceText): IgnoredLines {
  if (!text.includes(IGNORE_EFFECT)) return { has: () => false };
  const lines = new Set<number>();
  let everywhere = false;
  for (const directive of findSuppressions(root, text)) {
    if (!directive.codes.some((code) => code.text === IGNORE_EFFECT)) continue;
    if (directive.kind === 'file') everywhere = true;
    for (const line of directive.lines) lines.add(line);
  }
  return { has: (line) => everywhere || lines.has(line) };
}
