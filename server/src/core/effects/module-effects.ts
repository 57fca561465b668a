/**
 * The effect summaries of the project's other modules, as the project index keeps them: what a
 * module binds (its objects, classes' bases, library values) read once from its tree, and each
 * function's summary read when a tool's effects first go through it. The trees of the last few
 * modules read stay alive for that (a tool's helpers are mostly in a few modules); a module whose
 * tree was let go is parsed again when another of its functions is asked for.
 */
import { Tree } from 'web-tree-sitter';
import { GrammarId, grammarForPath, isGrammarLoaded, parse } from '../parse/parser';
import { CSharpEffects } from './csharp/summarise';
import { GoEffects } from './go/summarise';
import { PythonEffects } from './python/summarise';
import { ScriptEffects } from './script/summarise';
import { ModuleEffects } from './summary';
import { lazyFunctions } from './walk';

/** Modules larger than this are not summarised (generated code): calls into them are unknown. */
const MAX_CHARACTERS = 1_000_000;
/** How many modules' trees stay alive for their functions' summaries. */
const LIVE_TREES = 12;

interface LiveModule {
  tree: Tree;
  effects: ModuleEffects;
}

export class ModuleEffectsReader {
  /** The modules whose trees are alive, least recently used first. */
  private readonly live = new Map<string, LiveModule>();

  constructor(private readonly readText: (file: string) => string | undefined) {}

  /** A module's summaries; undefined when it cannot be read or is not a language with effects. */
  read(file: string): ModuleEffects | undefined {
    const opened = this.open(file);
    if (!opened) return undefined;
    const { singletons, bases, values, fields } = opened.effects;
    const functions = lazyFunctions((key, literals) => {
      const live = this.open(file)?.effects.functions;
      return literals ? live?.specialise?.(key, literals) : live?.get(key);
    });
    return { file, singletons, bases, values, fields, functions };
  }

  /** Lets a module's tree go (it changed). */
  release(file: string): void {
    this.live.get(file)?.tree.delete();
    this.live.delete(file);
  }

  private open(file: string): LiveModule | undefined {
    const known = this.live.get(file);
    if (known) {
      this.live.delete(file);
      this.live.set(file, known);
      return known;
    }
    const grammar = grammarForPath(file);
    const text = grammar && isGrammarLoaded(grammar) ? this.readText(file) : undefined;
    if (!grammar || text === undefined || text.length > MAX_CHARACTERS) return undefined;
    const tree = parse(grammar, text);
    try {
      const effects = summariser(grammar, tree, text, file).moduleEffects();
      const module = { tree, effects };
      this.live.set(file, module);
      if (this.live.size > LIVE_TREES) this.release(this.live.keys().next().value!);
      return module;
    } catch {
      tree.delete();
      return undefined;
    }
  }
}

function summariser(grammar: GrammarId, tree: Tree, text: string, file: string): { moduleEffects(): ModuleEffects } {
  switch (grammar) {
    case 'python':
      return new PythonEffects(tree.rootNode, text, file);
    case 'go':
      return new GoEffects(tree.rootNode, text, file);
    case 'csharp':
      return new CSharpEffects(tree.rootNode, text, file);
    default:
      return new ScriptEffects(tree.rootNode, text, file);
  }
}
