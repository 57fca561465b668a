/**
 * What the Go and C# summarisers share: the module's `ignore[effect]` lines and whether it is a
 * generated client, and the module effects made of their classes (types): methods keyed
 * `Class.method`, the fields' values and the bases, for calls from other files.
 */
import { Node } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { IgnoredLines, ignoredEffectLines } from './ignore';
import { Known } from './known';
import { ClassRef, FunctionSummary, Gate, ModuleEffects } from './summary';
import { SummaryBuilder } from './builder';
import { isGeneratedModule, lazyFunctions, StatementWalker, walkBlock } from './walk';
import { namedChildren } from '../frontends/syntax';
import type { Scope } from './python/values';

export interface PackageClass {
  attributes: Map<string, Known>;
  bases: ClassRef[];
  methods: Map<string, Node>;
}

export abstract class PackageSummariser<Values> implements StatementWalker<Scope> {
  protected readonly ignored: IgnoredLines;
  protected readonly generated: boolean;

  constructor(readonly root: Node, text: SourceText, readonly file: string, readonly values: Values) {
    this.ignored = ignoredEffectLines(root, text);
    this.generated = isGeneratedModule(file, namedChildren(root).slice(0, 3).filter((node) => node.type === 'comment').map((node) => node.text));
  }

  abstract summariseFunction(node: Node, name: string, className?: string, literals?: ReadonlyMap<string, Known>): FunctionSummary;
  abstract walkStatement(statement: Node, scope: Scope, builder: SummaryBuilder): void;
  abstract gatesOf(condition: Node | null | undefined, scope: Scope): Gate[] | undefined;
  abstract guard(condition: Node | null | undefined, scope: Scope, builder: SummaryBuilder): void;
  abstract exits(branch: Node | null): boolean;

  /** A block's statements; after an `if` without `else` whose branch leaves the block, the rest runs under the condition's negation. */
  protected walkBlock(statements: readonly Node[], scope: Scope, builder: SummaryBuilder): void {
    walkBlock(this, statements, scope, builder);
  }

  /**
   * The module's effects: each function's summary read when first asked for (`name`, a top-level
   * function of `functions`; `Class.method`, a method or a constructor), each class's fields and bases.
   */
  protected classEffects(classes: ReadonlyMap<string, PackageClass>, functions: ReadonlyMap<string, Node>, singletons: Map<string, ClassRef>, values: Map<string, Known>): ModuleEffects {
    const fields = new Map<string, Map<string, Known>>();
    const bases = new Map<string, ClassRef[]>();
    for (const [className, info] of classes) {
      if (info.attributes.size) fields.set(className, info.attributes);
      bases.set(className, info.bases);
    }
    const read = (key: string, literals?: ReadonlyMap<string, Known>) => {
      const dot = key.indexOf('.');
      if (dot < 0) {
        const definition = functions.get(key);
        return definition && this.summariseFunction(definition, key, undefined, literals);
      }
      const className = key.slice(0, dot);
      const name = key.slice(dot + 1);
      const definition = classes.get(className)?.methods.get(name) ?? this.constructorOf(className, name);
      return definition && this.summariseFunction(definition, name, className, literals);
    };
    const table = lazyFunctions(read);
    return { file: this.file, functions: table, singletons, bases, values, fields };
  }

  /** The constructor a `Class.Class` key names (C#), if the class declares one. */
  protected constructorOf(_className: string, _name: string): Node | undefined {
    return undefined;
  }
}
