/** A module's effect summaries read from its text (the project index keeps them instead of its tree). */
import { grammarForPath, isGrammarLoaded, parse } from '../parse/parser';
import { PythonEffects } from './python/summarise';
import { ScriptEffects } from './script/summarise';
import { ModuleEffects } from './summary';

/** Modules larger than this are not summarised (generated code): calls into them are unknown. */
const MAX_CHARACTERS = 1_000_000;

export function readModuleEffects(file: string, text: string): ModuleEffects | undefined {
  const grammar = grammarForPath(file);
  if (!grammar || !isGrammarLoaded(grammar) || text.length > MAX_CHARACTERS) return undefined;
  if (grammar !== 'python' && grammar !== 'typescript' && grammar !== 'tsx' && grammar !== 'javascript') return undefined;
  const tree = parse(grammar, text);
  try {
    return grammar === 'python' ? new PythonEffects(tree.rootNode, text, file).moduleEffects() : new ScriptEffects(tree.rootNode, text, file).moduleEffects();
  } catch {
    return undefined;
  } finally {
    tree.delete();
  }
}
