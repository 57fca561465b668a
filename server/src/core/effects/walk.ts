/**
 * What the languages' summarisers share when they walk a body: the statements of a block in order,
 * an `if` that returns or raises narrowing the rest of the block (`if dry_run: return`), gates
 * negated, a generated client's module recognised, a class's attributes looked up through its bases.
 */
import * as path from 'node:path';
import { Node } from 'web-tree-sitter';
import { GENERATED_CLIENT_FOLDERS, GENERATED_HEADER_WORDS } from '../data/effects/shared';
import { SummaryBuilder } from './builder';
import { Known } from './known';
import { ClassRef, FunctionSummary, FunctionTable, Gate } from './summary';
import { withFields } from '../with-fields';

/** The language's side of walking a block. */
export interface StatementWalker<Scope> {
  walkStatement(statement: Node, scope: Scope, builder: SummaryBuilder): void;
  /** Whether a branch leaves the function or loop (`return`, `raise`/`throw`, `continue`, `break`). */
  exits(branch: Node | null): boolean;
  gatesOf(condition: Node | null | undefined, scope: Scope): Gate[] | undefined;
  /** A check that lifts caller-supplied SQL when the branch it guards leaves. */
  guard(condition: Node | null | undefined, scope: Scope, builder: SummaryBuilder): void;
}

/** Walks the statements in order; after `if <flag>: return`, the rest of the block runs only when the flag is off. */
export function walkBlock<Scope>(walker: StatementWalker<Scope>, statements: readonly Node[], scope: Scope, builder: SummaryBuilder): void {
  let restore: Gate[] | undefined;
  for (const statement of statements) {
    walker.walkStatement(statement, scope, builder);
    if (statement.type !== 'if_statement' || statement.childForFieldName('alternative') || !walker.exits(statement.childForFieldName('consequence'))) continue;
    const condition = statement.childForFieldName('condition');
    walker.guard(condition, scope, builder);
    const negated = negate(walker.gatesOf(condition, scope));
    if (negated) restore ??= builder.addGates(negated);
  }
  if (restore) builder.restoreGates(restore);
}

/** The gates negated, when there is one to negate (`not (a and b)` is no gate). */
export function negate(gates: Gate[] | undefined): Gate[] | undefined {
  if (gates?.length !== 1) return undefined;
  return [withFields(gates[0], { when: !gates[0].when })];
}

/** Whether a value is a parameter read as it is (not a value derived from it). */
export function isParameterValue(value: Known, name: string): boolean {
  return value.params?.size === 1 && value.params.has(name) && value.text === undefined && !value.lib && !value.cls;
}

/** A module of a generated API client: in a folder named so (`generated/`, `openapi_client/`), or with a "generated" header. */
export function isGeneratedModule(file: string, headTexts: readonly string[]): boolean {
  if (path.dirname(file).split(/[\\/]/).some((folder) => GENERATED_CLIENT_FOLDERS.includes(folder))) return true;
  return headTexts.some((text) => GENERATED_HEADER_WORDS.some((words) => text.toLowerCase().includes(words)));
}

/** A class's attributes and bases, as the summarisers read them. */
export interface ClassAttributes {
  attributes: Map<string, Known>;
  bases: ClassRef[];
}

/** An attribute of a class's instances, looked up in its bases of the same module too. */
export function attributeOf(classes: ReadonlyMap<string, ClassAttributes>, className: string, attribute: string, seen = new Set<string>()): Known | undefined {
  const info = classes.get(className);
  if (!info || seen.has(className)) return undefined;
  seen.add(className);
  return info.attributes.get(attribute) ?? info.bases.filter((base) => !base.module).map((base) => attributeOf(classes, base.name, attribute, seen)).find(Boolean);
}

/** How many summaries read with literal values a table keeps (a helper called with many different literals). */
const MAX_SPECIALISED = 256;

/**
 * A function table that reads each summary when first asked for, and keeps it (undefined included),
 * and the summaries read with literal values for some parameters (`read`'s `literals`).
 */
export function lazyFunctions(read: (key: string, literals?: ReadonlyMap<string, Known>) => FunctionSummary | undefined): FunctionTable {
  const summaries = new Map<string, FunctionSummary | undefined>();
  const specialised = new Map<string, FunctionSummary | undefined>();
  return {
    get(key) {
      if (!summaries.has(key)) summaries.set(key, read(key));
      return summaries.get(key);
    },
    specialise(key, literals) {
      const id = `${key}\0${JSON.stringify([...literals])}`;
      if (!specialised.has(id)) {
        if (specialised.size >= MAX_SPECIALISED) specialised.delete(specialised.keys().next().value!);
        specialised.set(id, read(key, literals));
      }
      return specialised.get(id);
    },
  };
}
