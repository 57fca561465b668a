/** Which incremental analysis a grammar's documents get: Python's, TypeScript / JavaScript's or Go's. */
import { GrammarId } from '../parse/parser';
import { IncrementalAnalyzer } from './analyzer';
import { IncrementalGoAnalyzer } from './go';
import { IncrementalScriptAnalyzer } from './typescript';

export type AnyIncrementalAnalyzer = IncrementalAnalyzer | IncrementalScriptAnalyzer | IncrementalGoAnalyzer;

export function incrementalAnalyzerClass(grammar: GrammarId): new () => AnyIncrementalAnalyzer {
  if (grammar === 'python') return IncrementalAnalyzer;
  return grammar === 'go' ? IncrementalGoAnalyzer : IncrementalScriptAnalyzer;
}
