/**
 * The effects of a file's tools (issue 27): each declaration's entry function found in the file's
 * tree, its effects propagated through the project (propagate.ts). The analysis reads them through
 * an `EffectSource`; the hover card asks `toolEffectsOf`.
 */
import { Node } from 'web-tree-sitter';
import { GrammarId } from '../parse/parser';
import { FlagField, ToolDeclaration } from '../model';
import { effectiveBool, flagSets } from '../rules/shared/flags';
import { readingVerb, readName } from '../rules/shared/name-words';
import { ProjectView } from '../project/view';
import { SourceText } from '../source-text';
import { ToolEntry } from './entry';
import { propagate } from './propagate';
import { pythonEntry } from './python/entries';
import { PythonEffects } from './python/summarise';
import { CSharpEffects } from './csharp/summarise';
import { csharpEntry } from './csharp/entries';
import { goEntry } from './go/entries';
import { GoEffects } from './go/summarise';
import { ProjectCallees } from './resolve';
import { scriptEntry } from './script/entries';
import { ScriptEffects } from './script/summarise';
import { ModuleEffects, ToolEffects } from './summary';
import { withFields } from '../with-fields';

export interface EffectSource {
  /** A tool's effects; undefined when its entry function is not found (no effect findings then). */
  of(declaration: ToolDeclaration): ToolEffects | undefined;
  /** Whether the effects were read for this analysis: the effect rules' suppressions count as unused only then. */
  readonly known: boolean;
}

/** No effects known (yet): the effect rules stay silent, and their suppressions are not reported unused. */
export const EFFECTS_NOT_READ: EffectSource = { of: () => undefined, known: false };

interface LanguageEffects {
  entry(declaration: ToolDeclaration): ToolEntry | undefined;
  moduleEffects(): ModuleEffects;
}

function languageEffects(grammar: GrammarId, root: Node, text: SourceText, file: string): LanguageEffects | undefined {
  if (grammar === 'python') {
    const effects = new PythonEffects(root, text, file);
    return { entry: (declaration) => pythonEntry(effects, declaration), moduleEffects: () => effects.moduleEffects() };
  }
  if (grammar === 'typescript' || grammar === 'tsx' || grammar === 'javascript') {
    const effects = new ScriptEffects(root, text, file);
    return { entry: (declaration) => scriptEntry(effects, declaration), moduleEffects: () => effects.moduleEffects() };
  }
  if (grammar === 'go') {
    const effects = new GoEffects(root, text, file);
    return { entry: (declaration) => goEntry(effects, declaration), moduleEffects: () => effects.moduleEffects() };
  }
  if (grammar === 'csharp') {
    const effects = new CSharpEffects(root, text, file);
    return { entry: (declaration) => csharpEntry(effects, declaration), moduleEffects: () => effects.moduleEffects() };
  }
  return undefined;
}

/**
 * Whether a tool's effects can change what the rules report: a flag an effect could contradict
 * (read-only, not destructive, closed-world), or a destructive flag a read-only name questions
 * (MTL303 stays silent when the body deletes). Other tools' effects are read for the preview only.
 */
export function effectsMatter(declaration: ToolDeclaration): boolean {
  const reading = readName(declaration);
  return flagSets(declaration).some((set) => {
    const value = (field: FlagField | undefined) => effectiveBool(field, declaration.language);
    return value(set.readOnly) === true || value(set.destructive) === false || value(set.openWorld) === false
      || (value(set.destructive) === true && !!reading && readingVerb(reading) !== undefined);
  });
}

/**
 * The effects of `declarations`, read from the file's tree (`root`, the whole document) and, for the
 * functions they call in other modules, through `project`. Never throws: a tool whose entry cannot
 * be read has no effects.
 */
export function computeEffects(grammar: GrammarId, root: Node, text: SourceText, file: string, declarations: readonly ToolDeclaration[], project?: ProjectView): Map<ToolDeclaration, ToolEffects> {
  const steps = effectSteps(grammar, root, text, file, declarations, project);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** `computeEffects` a step per tool: the language server reads them in slices, answering messages in between. */
export function* effectSteps(grammar: GrammarId, root: Node, text: SourceText, file: string, declarations: readonly ToolDeclaration[], project?: ProjectView): Generator<void, Map<ToolDeclaration, ToolEffects>, undefined> {
  const found = new Map<ToolDeclaration, ToolEffects>();
  if (!declarations.length) return found;
  let language: LanguageEffects | undefined;
  try {
    language = languageEffects(grammar, root, text, file);
  } catch {
    return found;
  }
  if (!language) return found;
  let own: ModuleEffects | undefined;
  const resolver = new ProjectCallees(file, () => (own ??= language!.moduleEffects()), project);
  for (const declaration of declarations) {
    try {
      const entry = language.entry(declaration);
      const effects = entry && entryEffects(entry, file, resolver, project);
      if (effects) found.set(declaration, effects);
    } catch {
      // A shape the summariser does not expect: this tool gets no effect findings.
    }
    yield;
  }
  return found;
}

function entryEffects(entry: ToolEntry, file: string, resolver: ProjectCallees, project: ProjectView | undefined): ToolEffects | undefined {
  if (entry.kind === 'summary') return withFields(propagate({ file, summary: entry.summary, toolParameters: entry.toolParameters }, resolver), { file });
  if (entry.kind === 'dispatched') {
    for (const importer of project?.importersOf?.(entry.binding) ?? []) {
      const summary = project?.effectsOf?.(importer)?.functions.get(entry.key);
      if (summary) return withFields(propagate({ file: importer, summary, toolParameters: new Set(summary.parameters.map((parameter) => parameter.name)) }, resolver), { file });
    }
    return undefined;
  }
  const target = resolver.resolve(file, entry.callee);
  if (!target || target === 'no-effects') return undefined;
  const toolParameters = new Set(target.summary.parameters.map((parameter) => parameter.name));
  return withFields(propagate({ file: target.file, summary: target.summary, toolParameters }, resolver), { file });
}

/** An effect source over effects computed for one analysis. */
export function effectSource(effects: ReadonlyMap<ToolDeclaration, ToolEffects>): EffectSource {
  return { of: (declaration) => effects.get(declaration), known: true };
}
