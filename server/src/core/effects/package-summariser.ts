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
import { isGeneratedModule, StatementWalker, walkBlock } from './walk';
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

  abstract summariseFunction(node: Node, name: string, className?: string): FunctionSummary;
  abstract walkStatement(statement: Node, scope: Scope, builder: SummaryBuilder): void;
  abstract gatesOf(condition: Node | null | undefined, scope: Scope): Gate[] | undefined;
  abstract guard(condition: Node | null | undefined, scope: Scope, builder: SummaryBuilder): void;
  abstract exits(branch: Node | null): boolean;

  /** A block's statements; after an `if` without `else` whose branch leaves the block, the rest runs under the condition's negation. */
  protected walkBlock(statements: readonly Node[], scope: Scope, builder: SummaryBuilder): void {
    walkBlock(this, statements, scope, builder);
  }

  /** The module's effects: `functions` already summarised, then each class's methods, fields and bases. */
  protected classEffects(classes: ReadonlyMap<string, PackageClass>, functions: Map<string, FunctionSummary>, singletons: Map<string, ClassRef>, values: Map<string, Known>): ModuleEffects {
    const fields = new Map<string, Map<string, Known>>();
    const bases = new Map<string, ClassRef[]>();
    for (const [className, info] of classes) {
      for (const [name, node] of info.methods) functions.set(`${className}.${name}`, this.summariseFunction(node, name, className));
      if (info.attributes.size) fields.set(className, info.attributes);
      bases.set(className, info.bases);
    }
    return { file: this.file, functions, singletons, bases, values, fields };
  }
}
