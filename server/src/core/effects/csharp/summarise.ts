/**
 * C# effect summaries (summary.ts): each method's and constructor's body walked statement by
 * statement, its calls and `new`s read against the tables (calls.ts) under the conditions they
 * run in. Lambdas written inline (`ids.ForEach(id => _db.Remove(id))`) belong to the method
 * around them; `cmd.CommandText = sql` is the statement a command will run.
 */
import { Node } from 'web-tree-sitter';
import { namedChildren, rangeOf } from '../../frontends/syntax';
import { Range } from '../../model';
import { SourceText } from '../../source-text';
import { SummaryBuilder } from '../builder';
import { Known, withLiteral } from '../known';
import { isSelectOnlyPrefix, isSqlGuardName, isTelemetryName } from '../classify';

import { PackageSummariser } from '../package-summariser';
import { FunctionSummary, Gate, ModuleEffects } from '../summary';
import { CSharpCalls } from './calls';
import { binaryParts, conditionGates, liftGuarded } from '../conditions';
import { isParameterValue, negate } from '../walk';
import { CSharpParameter, CSharpScope, CSharpValues, unwrap } from './values';

const EXITS = new Set(['return_statement', 'throw_statement', 'continue_statement', 'break_statement', 'yield_statement']);
const CALLS = new Set(['invocation_expression', 'object_creation_expression', 'implicit_object_creation_expression']);
const NESTED = new Set(['local_function_statement', 'class_declaration', 'record_declaration', 'struct_declaration']);

export class CSharpEffects extends PackageSummariser<CSharpValues> {
  private readonly calls: CSharpCalls;

  constructor(root: Node, text: SourceText, file: string) {
    super(root, text, file, new CSharpValues(root));
    this.calls = new CSharpCalls(this.values);
  }

  moduleEffects(): ModuleEffects {
    return this.classEffects(this.values.classes, new Map(), new Map(), new Map());
  }

  protected override constructorOf(className: string, name: string): Node | undefined {
    const info = this.values.classes.get(className);
    if (!info || name !== className) return undefined;
    return (info.node.childForFieldName('body') ?? info.node).descendantsOfType('constructor_declaration').find((node) => node?.parent?.parent?.id === info.node.id) ?? undefined;
  }

  summariseFunction(node: Node, name: string, className = '', literals?: ReadonlyMap<string, Known>): FunctionSummary {
    const scope: CSharpScope = { locals: new Map(), className };
    const parameters = this.values.parameters(node);
    for (const parameter of parameters) scope.locals.set(parameter.name, withLiteral(parameter.known, literals?.get(parameter.name)));
    const body = node.childForFieldName('body');
    const statements = body?.type === 'block' ? namedChildren(body) : body ? namedChildren(body) : [];
    const summary = this.summariseBody(`${className}.${name}`, rangeOf(node.childForFieldName('name') ?? node), parameters, statements, scope);
    if (isTelemetryName(name)) summary.telemetry = true;
    if (this.generated) summary.generatedClient = true;
    return summary;
  }

  summariseBody(key: string, range: Range, parameters: CSharpParameter[], statements: Node[], scope: CSharpScope): FunctionSummary {
    const builder = new SummaryBuilder(key, range, parameters.map(({ known: _known, injected: _injected, ...parameter }) => parameter), this.ignored);
    builder.readOnlySql = statements.some((statement) => /ApplicationIntent=ReadOnly|READ ONLY|Mode=ReadOnly/i.test(statement.text));
    this.walkBlock(statements, scope, builder);
    return builder.summary;
  }

  walkStatement(statement: Node, scope: CSharpScope, builder: SummaryBuilder): void {
    if (NESTED.has(statement.type)) return;
    switch (statement.type) {
      case 'block':
        return this.walkBlock(namedChildren(statement), scope, builder);
      case 'local_declaration_statement':
      case 'using_statement':
      case 'variable_declaration': {
        const declaration = statement.type === 'variable_declaration' ? statement : namedChildren(statement).find((child) => child.type === 'variable_declaration');
        if (declaration) {
          this.walkExpression(declaration, scope, builder);
          this.values.declare(declaration, scope);
        }
        for (const child of namedChildren(statement)) if (child.type !== 'variable_declaration') this.walkStatement(child, scope, builder);
        return;
      }
      case 'expression_statement': {
        const expression = namedChildren(statement)[0];
        this.walkExpression(expression, scope, builder);
        if (expression?.type === 'assignment_expression') this.assign(expression, scope, builder);
        return;
      }
      case 'if_statement': {
        const condition = statement.childForFieldName('condition');
        this.walkExpression(condition, scope, builder);
        const gates = this.gatesOf(condition, scope);
        const consequence = statement.childForFieldName('consequence');
        if (consequence) builder.under(gates ?? [], () => this.walkStatement(consequence, scope, builder));
        const alternative = statement.childForFieldName('alternative');
        if (alternative) builder.under(negate(gates) ?? [], () => this.walkStatement(alternative, scope, builder));
        return;
      }
      case 'foreach_statement': {
        const right = statement.childForFieldName('right');
        this.walkExpression(right, scope, builder);
        const left = statement.childForFieldName('left');
        if (left?.type === 'identifier') scope.locals.set(left.text, { params: this.values.valueOf(right, scope).params });
        const body = statement.childForFieldName('body');
        if (body) this.walkStatement(body, scope, builder);
        return;
      }
      case 'for_statement':
      case 'while_statement':
      case 'do_statement':
      case 'try_statement':
      case 'catch_clause':
      case 'finally_clause':
      case 'lock_statement':
      case 'checked_statement':
      case 'unsafe_statement':
      case 'fixed_statement':
      case 'labeled_statement':
        for (const child of namedChildren(statement)) {
          if (child.type.endsWith('_statement') || child.type === 'block' || child.type.endsWith('_clause')) this.walkStatement(child, scope, builder);
          else this.walkExpression(child, scope, builder);
        }
        return;
      case 'switch_statement': {
        this.walkExpression(statement.childForFieldName('value'), scope, builder);
        const body = statement.childForFieldName('body');
        for (const section of body ? namedChildren(body) : []) this.walkBlock(namedChildren(section).filter((child) => child.type.endsWith('_statement') || child.type === 'block'), scope, builder);
        return;
      }
      default:
        this.walkExpression(statement, scope, builder);
    }
  }

  /** `x = v` into the scope; `cmd.CommandText = sql` runs that text. */
  private assign(assignment: Node, scope: CSharpScope, builder: SummaryBuilder): void {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (!left || !right) return;
    const value = this.values.valueOf(right, scope);
    if (left.type === 'identifier' && scope.locals.has(left.text)) scope.locals.set(left.text, value);
    if (left.type === 'member_access_expression' && left.childForFieldName('name')?.text === 'CommandText') builder.sql(value, 'CommandText', rangeOf(left.childForFieldName('name') ?? left));
  }

  /** Reads every call and `new` in an expression in source order, those of inline lambdas too. */
  private walkExpression(node: Node | null | undefined, scope: CSharpScope, builder: SummaryBuilder): void {
    if (!node) return;
    const stack: Node[] = [node];
    const calls: Node[] = [];
    while (stack.length) {
      const current = stack.pop()!;
      if (NESTED.has(current.type)) continue;
      if (CALLS.has(current.type)) calls.push(current);
      if (current.type === 'lambda_expression') for (const parameter of this.values.parameters(current)) if (!scope.locals.has(parameter.name)) scope.locals.set(parameter.name, {});
      const children = namedChildren(current);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    }
    for (const call of calls.sort((a, b) => a.startIndex - b.startIndex)) this.calls.onCall(call, scope, builder);
  }

  gatesOf(condition: Node | null | undefined, scope: CSharpScope): Gate[] | undefined {
    return conditionGates(condition, {
      unwrap,
      negated: (node) => (node.type === 'prefix_unary_expression' && node.text.startsWith('!') ? namedChildren(node)[0] : undefined),
      binary: binaryParts,
      literal: (node) => (node.type === 'boolean_literal' ? (node.text === 'true' ? 'true' : 'false') : ({ null_literal: 'null', string_literal: 'string' } as const)[node.type as 'null_literal']),
      value: (node) => this.values.valueOf(node, scope),
      ownGate: (node, value, when) => {
        if (node.type === 'identifier' && isParameterValue(value, node.text)) return [{ kind: 'parameter', parameter: node.text, when }];
        // A flag of the tool's arguments (`options.Apply`): off unless the client sets it.
        return node.type === 'member_access_expression' && value.params ? [{ kind: 'switch', text: node.text, when, config: false }] : undefined;
      },
    });
  }

  /** `if (!sql.TrimStart().StartsWith("SELECT", ...)) throw ...`, `if (!IsReadOnlyQuery(sql)) return ...`, `if (!Allowed.Contains(table)) throw ...`. */
  guard(condition: Node | null | undefined, scope: CSharpScope, builder: SummaryBuilder): void {
    if (condition && isGuardShaped(condition)) liftGuarded(condition, ['identifier', 'member_access_expression'], (node) => this.values.valueOf(node, scope), builder);
  }

  exits(statement: Node | null): boolean {
    if (!statement) return false;
    if (statement.type === 'block') return this.exits(namedChildren(statement).filter((child) => child.type !== 'comment').at(-1) ?? null);
    return EXITS.has(statement.type);
  }
}

function isGuardShaped(condition: Node): boolean {
  for (const call of [condition, ...condition.descendantsOfType('invocation_expression')]) {
    if (call?.type !== 'invocation_expression') continue;
    const callee = call.childForFieldName('function');
    const name = callee?.type === 'member_access_expression' ? callee.childForFieldName('name')?.text ?? '' : callee?.text ?? '';
    if (isSqlGuardName(name)) return true;
    if (name === 'Contains' || name === 'ContainsKey') return true;
    if (name === 'StartsWith' || name === 'IsMatch') {
      const texts = call.descendantsOfType(['string_literal_content', 'verbatim_string_literal']).map((node) => node?.text ?? '');
      if (texts.some((text) => isSelectOnlyPrefix(text.replace(/^@"|"$/g, '')))) return true;
    }
  }
  return false;
}
