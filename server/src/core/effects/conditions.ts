/**
 * The conditions statements run under, as the Go and C# summarisers read them: `!x`, `a && b`, a
 * comparison with a literal, and the value tested itself (a switch, a parameter, a flag), through
 * what each language says its syntax is. A block's `if (cond) { return }` without `else` puts the
 * rest of the block under the condition's negation (walk.ts), and a guard in it lifts caller-supplied SQL.
 */
import { Node } from 'web-tree-sitter';
import { SummaryBuilder } from './builder';
import { Known, literalOf, paramsOf } from './known';
import { ArgumentFlow, Gate } from './summary';
import { negate } from './walk';

export interface ConditionSyntax {
  unwrap(node: Node): Node;
  /** The operand of a `!` negation. */
  negated(node: Node): Node | undefined;
  /** A binary expression's operator and sides. */
  binary(node: Node): { operator: string; left: Node; right: Node } | undefined;
  /** What a literal is, for a comparison: `true`, `false`, `null` or a string. */
  literal(node: Node): 'true' | 'false' | 'null' | 'string' | undefined;
  value(node: Node): Known;
  /** The gate a tested value itself makes (a parameter, a flag of the tool's arguments), beyond a switch. */
  ownGate(node: Node, value: Known, when: boolean): Gate[] | undefined;
}

export function conditionGates(condition: Node | null | undefined, syntax: ConditionSyntax): Gate[] | undefined {
  if (!condition) return undefined;
  const bare = syntax.unwrap(condition);
  const operand = syntax.negated(bare);
  if (operand) return negate(conditionGates(operand, syntax));
  const binary = syntax.binary(bare);
  if (binary?.operator === '&&') {
    const gates = [conditionGates(binary.left, syntax), conditionGates(binary.right, syntax)].flatMap((side) => side ?? []);
    return gates.length ? gates : undefined;
  }
  if (binary?.operator === '==' || binary?.operator === '!=') return comparisonGates(binary.left, binary.right, binary.operator === '!=', syntax);
  return binary ? undefined : valueGate(bare, syntax, true);
}

function valueGate(node: Node, syntax: ConditionSyntax, when: boolean): Gate[] | undefined {
  const value = syntax.value(node);
  if (value.switch) return [{ kind: 'switch', text: value.switch.text, when, config: value.switch.config }];
  return syntax.ownGate(node, value, when);
}

/** `os.Getenv("MODE") == "write"`, `dryRun == false`, `Environment.GetEnvironmentVariable("X") != null`. */
function comparisonGates(left: Node, right: Node, negated: boolean, syntax: ConditionSyntax): Gate[] | undefined {
  const literal = [left, right].find((side) => syntax.literal(syntax.unwrap(side)) !== undefined);
  if (!literal) return undefined;
  const tested = syntax.unwrap(literal === left ? right : left);
  const kind = syntax.literal(syntax.unwrap(literal));
  // A switch compared with a string is on when equal; compared with null (or nil), when not.
  if (syntax.value(tested).switch) return valueGate(tested, syntax, kind === 'string' ? !negated : negated);
  if (kind !== 'true' && kind !== 'false') return undefined;
  return valueGate(tested, syntax, (kind === 'true') !== negated);
}

/** A binary expression's operator and sides (Go's and C#'s trees name them alike). */
export function binaryParts(node: Node): { operator: string; left: Node; right: Node } | undefined {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const operator = node.childForFieldName('operator')?.text;
  return node.type === 'binary_expression' && left && right && operator ? { operator, left, right } : undefined;
}

/** A guard that dominates what follows (a SELECT-only check, an allow-list): the parameters it reads no longer carry caller-supplied text. */
export function liftGuarded(condition: Node, reads: readonly string[], value: (node: Node) => Known, builder: SummaryBuilder): void {
  const values = condition.descendantsOfType([...reads]).map((node) => (node ? value(node) : undefined));
  for (const parameter of paramsOf(...values) ?? []) builder.guarded.add(parameter);
}

/** What one argument passes to a callee's parameter: the caller's parameters in it (not lifted by a guard), a literal's truth, and its literal texts. */
export function argumentFlow(value: Known, guarded: ReadonlySet<string>, at: { position: number; keyword?: string }, literal: boolean | undefined): ArgumentFlow {
  const parameters = [...value.params ?? []].filter((parameter) => !guarded.has(parameter));
  const flow: ArgumentFlow = at.keyword ? { keyword: at.keyword, parameters } : { position: at.position, parameters };
  if (literal !== undefined) flow.literal = literal;
  const texts = literalOf(value);
  if (texts) flow.value = texts;
  return flow;
}
