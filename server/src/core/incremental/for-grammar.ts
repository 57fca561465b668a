/** Which incremental analysis a grammar's documents get: Python's, TypeScript / JavaScript's, Go's or C#'s. */
import { GrammarId } from '../parse/parser';
import { IncrementalAnalyzer } from './analyzer';
import { IncrementalGoAnalyzer } from './go';
import { IncrementalCSharpAnalyzer } from './csharp';
import { IncrementalScriptAnalyzer } from './typescript';

export type AnyIncrementalAnalyzer = IncrementalAnalyzer | IncrementalScriptAnalyzer | IncrementalGoAnalyzer | IncrementalCSharpAnalyzer;

export function incrementalAnalyzerClass(grammar: GrammarId): new () => AnyIncrementalAnalyzer {
  if (grammar === 'python') return IncrementalAnalyzer;
  if (grammar === 'csharp') return IncrementalCSharpAnalyzer;
  return grammar === 'go' ? IncrementalGoAnalyzer : IncrementalScriptAnalyzer;
}
