/**
 * Python effect summaries (summary.ts): each function's and method's body walked statement by
 * statement, its calls read against the tables (calls.ts), under the conditions they run in.
 */
import { Node } from 'web-tree-sitter';
import { PythonModule } from '../../frontends/python/module';
import { namedChildren, rangeOf } from '../../frontends/syntax';
import { SourceText } from '../../source-text';
import { SummaryBuilder } from '../builder';
import { isSelectOnlyPrefix, isSqlGuardName, isTelemetryName } from '../classify';
import { derived, Known, paramsOf, withLiteral } from '../known';
import { FunctionSummary, Gate, ModuleEffects, ParameterInfo } from '../summary';
import { IgnoredLines, ignoredEffectLines } from '../ignore';
import { PythonCalls } from './calls';
import { PythonValues, Scope } from './values';
import { isGeneratedModule, isParameterValue, lazyFunctions, negate, StatementWalker, walkBlock } from '../walk';

const READ_ONLY_KEYWORDS = new Set(['readonly', 'read_only', 'postgresql_readonly']);

export class PythonEffects {
  readonly values: PythonValues;
  private readonly ignored: IgnoredLines;
  readonly generated: boolean;
  private readonly calls: PythonCalls;

  constructor(readonly root: Node, text: SourceText, readonly file: string) {
    this.values = new PythonValues(new PythonModule(root, text), root);
    this.ignored = ignoredEffectLines(root, text);
    // A header comment or the module's docstring may say it is generated.
    this.generated = isGeneratedModule(file, namedChildren(root).slice(0, 3).filter((node) => node.type === 'comment' || (node.type === 'expression_statement' && namedChildren(node)[0]?.type === 'string')).map((node) => node.text));
    this.calls = new PythonCalls(this.values);
  }

  /** The module's summaries (each function's read when first asked for, while the tree lives), its singletons, its classes' bases. */
  moduleEffects(): ModuleEffects {
    const read = (key: string, literals?: ReadonlyMap<string, Known>) => {
      const dot = key.indexOf('.');
      if (dot < 0) {
        const definition = this.values.functions.get(key);
        return definition && this.summariseFunction(definition, undefined, literals);
      }
      const className = key.slice(0, dot);
      const definition = this.values.classes.get(className)?.methods.get(key.slice(dot + 1));
      return definition && this.summariseFunction(definition, className, literals);
    };
    const functions = lazyFunctions(read);
    const singletons = new Map<string, { module?: string; name: string }>();
    for (const [name, value] of this.values.globals) if (value.cls) singletons.set(name, value.cls);
    const bases = new Map([...this.values.classes].map(([name, info]) => [name, info.bases]));
    const values = new Map([...this.values.globals].filter(([, value]) => value.lib));
    return { file: this.file, functions, singletons, bases, values };
  }

  /**
   * A function's summary; a nested function sees the locals of the functions around it, a method its
   * class. `literals`: what callers pass some parameters, read as their values (walk.ts lazyFunctions).
   */
  summariseFunction(definition: Node, className = enclosingClass(definition), literals?: ReadonlyMap<string, Known>): FunctionSummary {
    const name = definition.childForFieldName('name');
    const scope: Scope = { locals: new Map(), className };
    for (const outer of enclosingFunctions(definition).reverse()) this.collectLocals(outer, scope);
    const method = !!className && !isStaticMethod(definition);
    const parameters = this.values.parameterNodes(definition, method);
    for (const parameter of parameters) scope.locals.set(parameter.name, withLiteral(parameter.known, literals?.get(parameter.name)));
    const key = className ? `${className}.${name?.text ?? ''}` : name?.text ?? '';
    const summary = this.summariseBody(key, rangeOf(name ?? definition), parameters, namedChildren(definition.childForFieldName('body') ?? definition), scope);
    if (isTelemetryName(name?.text ?? '')) summary.telemetry = true;
    if (this.generated && className) summary.generatedClient = true;
    return summary;
  }

  /**
   * The summary of statements run with `parameters` (a function's body, or the branch of a
   * low-level `call_tool` handler that matches one tool's name).
   */
  summariseBody(key: string, range: FunctionSummary['range'], parameters: ParameterInfo[], body: Node[], scope: Scope): FunctionSummary {
    const builder = new SummaryBuilder(key, range, parameters, this.ignored);
    builder.readOnlySql = body.some((statement) => putsSqlReadOnly(statement));
    this.walkBlock(body, scope, builder);
    return builder.summary;
  }

  /** The locals a function binds (for the functions nested in it), without recording anything. */
  private collectLocals(definition: Node, scope: Scope): void {
    for (const parameter of this.values.parameterNodes(definition)) scope.locals.set(parameter.name, parameter.known);
    for (const assignment of definition.childForFieldName('body')?.descendantsOfType('assignment') ?? []) {
      if (assignment && enclosingFunctions(assignment)[0]?.id === definition.id) this.values.assign(assignment, scope);
    }
  }

  private walkBlock(statements: readonly Node[], scope: Scope, builder: SummaryBuilder): void {
    walkBlock(this.walker, statements, scope, builder);
  }

  private readonly walker: StatementWalker<Scope> = {
    walkStatement: (statement, scope, builder) => this.walkStatement(statement, scope, builder),
    exits,
    gatesOf: (condition, scope) => this.gatesOf(condition, scope),
    guard: (condition, scope, builder) => this.guard(condition, scope, builder),
  };

  private walkStatement(statement: Node, scope: Scope, builder: SummaryBuilder): void {
    switch (statement.type) {
      case 'expression_statement':
        for (const child of namedChildren(statement)) {
          if (child.type === 'assignment') {
            this.walkExpression(child.childForFieldName('right'), scope, builder);
            this.values.assign(child, scope);
          } else {
            this.walkExpression(child, scope, builder);
            if (child.type === 'call' || child.type === 'await') this.guardCall(child.type === 'await' ? namedChildren(child)[0] : child, scope, builder);
          }
        }
        return;
      case 'if_statement':
        this.walkIf(statement, scope, builder);
        return;
      case 'for_statement': {
        const iterated = statement.childForFieldName('right');
        this.walkExpression(iterated, scope, builder);
        const target = statement.childForFieldName('left');
        const value = derived([this.values.valueOf(iterated, scope)]);
        for (const name of target?.type === 'identifier' ? [target] : target?.descendantsOfType('identifier') ?? []) if (name) scope.locals.set(name.text, value);
        this.walkBlock(blockOf(statement.childForFieldName('body')), scope, builder);
        this.walkBlock(blockOf(statement.childForFieldName('alternative')), scope, builder);
        return;
      }
      case 'while_statement':
        this.walkExpression(statement.childForFieldName('condition'), scope, builder);
        this.walkBlock(blockOf(statement.childForFieldName('body')), scope, builder);
        return;
      case 'with_statement':
        for (const item of statement.descendantsOfType('with_item')) {
          const value = item?.childForFieldName('value');
          const expression = value?.type === 'as_pattern' ? namedChildren(value)[0] : value;
          this.walkExpression(expression, scope, builder);
          const alias = value?.type === 'as_pattern' ? value.childForFieldName('alias')?.descendantsOfType('identifier')[0] : undefined;
          if (alias) scope.locals.set(alias.text, this.values.valueOf(expression, scope));
        }
        this.walkBlock(blockOf(statement.childForFieldName('body')), scope, builder);
        return;
      case 'try_statement':
        for (const part of namedChildren(statement)) this.walkBlock(part.type === 'block' ? namedChildren(part) : blockOf(part), scope, builder);
        return;
      case 'match_statement':
        this.walkExpression(statement.childForFieldName('subject'), scope, builder);
        for (const clause of namedChildren(statement.childForFieldName('body') ?? statement)) {
          if (clause.type === 'case_clause') this.walkBlock(blockOf(clause.childForFieldName('consequence')), scope, builder);
        }
        return;
      case 'assert_statement':
        this.walkExpression(statement, scope, builder);
        this.guard(namedChildren(statement)[0], scope, builder);
        return;
      case 'function_definition':
      case 'class_definition':
      case 'decorated_definition':
        return;
      default:
        this.walkExpression(statement, scope, builder);
    }
  }

  private walkIf(statement: Node, scope: Scope, builder: SummaryBuilder): void {
    const condition = statement.childForFieldName('condition');
    this.walkExpression(condition, scope, builder);
    const gates = this.gatesOf(condition, scope);
    builder.under(gates ?? [], () => this.walkBlock(blockOf(statement.childForFieldName('consequence')), scope, builder));
    const otherwise = negate(gates) ?? [];
    builder.under(otherwise, () => {
      for (const alternative of statement.childrenForFieldName('alternative')) {
        if (alternative?.type === 'elif_clause') {
          // An `elif` is an `if` in the `else`.
          const inner = alternative.childForFieldName('condition');
          this.walkExpression(inner, scope, builder);
          builder.under(this.gatesOf(inner, scope) ?? [], () => this.walkBlock(blockOf(alternative.childForFieldName('consequence')), scope, builder));
        } else if (alternative) {
          this.walkBlock(blockOf(alternative.childForFieldName('body')), scope, builder);
        }
      }
    });
  }

  /** Reads every call in an expression, inner ones too, in source order (not those of lambdas). */
  private walkExpression(node: Node | null | undefined, scope: Scope, builder: SummaryBuilder): void {
    if (!node) return;
    const stack: Node[] = [node];
    const calls: Node[] = [];
    while (stack.length) {
      const current = stack.pop()!;
      if (current.type === 'lambda' || current.type === 'function_definition' || current.type === 'class_definition') continue;
      if (current.type === 'call') calls.push(current);
      const children = namedChildren(current);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    }
    for (const call of calls) this.calls.onCall(call, scope, builder);
  }

  /** The gates a condition sets on the statements it guards; undefined when it is not a flag test. */
  private gatesOf(condition: Node | null | undefined, scope: Scope): Gate[] | undefined {
    if (!condition) return undefined;
    switch (condition.type) {
      case 'parenthesized_expression':
        return this.gatesOf(namedChildren(condition)[0], scope);
      case 'not_operator':
        return negate(this.gatesOf(condition.childForFieldName('argument'), scope));
      case 'boolean_operator': {
        if (condition.childForFieldName('operator')?.text !== 'and') return undefined;
        const gates = [this.gatesOf(condition.childForFieldName('left'), scope), this.gatesOf(condition.childForFieldName('right'), scope)].flatMap((side) => side ?? []);
        return gates.length ? gates : undefined;
      }
      case 'comparison_operator':
        return this.comparisonGates(condition, scope);
      default:
        return this.valueGate(condition, scope, true);
    }
  }

  /** A parameter tested as it is (`if apply:`), or a switch read (`if os.getenv("X"):`, `if settings.writes:`). */
  private valueGate(node: Node, scope: Scope, when: boolean): Gate[] | undefined {
    const value = this.values.valueOf(node, scope);
    if (value.switch) return [{ kind: 'switch', text: value.switch.text, when, config: value.switch.config }];
    if (node.type === 'identifier' && isParameterValue(value, node.text)) return [{ kind: 'parameter', parameter: node.text, when }];
    return undefined;
  }

  /** `p is True`, `p is None`, `p == False`, `os.getenv("MODE") == "write"`, `"X" in os.environ`. */
  private comparisonGates(condition: Node, scope: Scope): Gate[] | undefined {
    const operands = namedChildren(condition);
    const operator = condition.children.filter((child) => child && !child.isNamed).map((child) => child!.text).join(' ');
    if (operands.length !== 2) return undefined;
    const [left, right] = operands;
    if (operator === 'in' && this.values.valueOf(right, scope).switch) return [{ kind: 'switch', text: condition.text, when: true, config: false }];
    const literal = [left, right].find((operand) => ['true', 'false', 'none', 'string', 'integer'].includes(operand.type));
    const tested = literal === left ? right : left;
    if (!literal || !tested) return undefined;
    const equal = operator === '==' || operator === 'is';
    if (!equal && operator !== '!=' && operator !== 'is not') return undefined;
    const value = this.values.valueOf(tested, scope);
    if (value.switch) return this.valueGate(tested, scope, literal.type === 'none' ? !equal : equal);
    if (tested.type !== 'identifier' || !isParameterValue(value, tested.text)) return undefined;
    const truth = literal.type === 'true' ? true : literal.type === 'false' || literal.type === 'none' ? false : undefined;
    return truth === undefined ? undefined : [{ kind: 'parameter', parameter: tested.text, when: equal ? truth : !truth }];
  }

  /**
   * A check that lifts caller-supplied SQL from the parameters it reads, when it raises or returns
   * otherwise (or asserts): a call named as a guard (`is_read_only_query(sql)`), a SELECT-only
   * prefix test (`sql.strip().upper().startswith("SELECT")`), an allow-list (`table not in ALLOWED`).
   */
  private guard(condition: Node | null | undefined, scope: Scope, builder: SummaryBuilder): void {
    if (!condition || !isGuardShaped(condition)) return;
    for (const parameter of paramsOf(...condition.descendantsOfType(['identifier', 'attribute', 'subscript']).map((node) => (node ? this.values.valueOf(node, scope) : undefined))) ?? []) builder.guarded.add(parameter);
  }

  /** A statement-level call to a guard (`validate_read_only(sql)`, `ensure_select_only(query)`): it raises when the check fails. */
  private guardCall(call: Node | undefined, scope: Scope, builder: SummaryBuilder): void {
    const callee = call?.childForFieldName('function');
    const name = callee?.type === 'attribute' ? callee.childForFieldName('attribute')?.text : callee?.text;
    if (!call || !name || !isSqlGuardName(name)) return;
    this.guard(call, scope, builder);
  }
}

/** Whether a condition holds a guard shape: a guard-named call, a SELECT-only prefix test, or a membership test. */
function isGuardShaped(condition: Node): boolean {
  for (const call of [condition, ...condition.descendantsOfType('call')]) {
    if (call?.type !== 'call') continue;
    const callee = call.childForFieldName('function');
    const name = callee?.type === 'attribute' ? callee.childForFieldName('attribute')?.text ?? '' : callee?.text ?? '';
    if (isSqlGuardName(name)) return true;
    if (['startswith', 'match', 'fullmatch', 'search'].includes(name) && call.descendantsOfType('string_content').some((content) => content && isSelectOnlyPrefix(content.text))) return true;
  }
  return condition.descendantsOfType('comparison_operator').concat(condition.type === 'comparison_operator' ? [condition] : [])
    .some((comparison) => comparison?.children.some((child) => child?.text === 'in') && namedChildren(comparison).at(-1)?.type !== 'string');
}

/** Whether a block ends the function or the loop (`return`, `raise`, `continue`, `sys.exit(...)`). */
function exits(block: Node | null): boolean {
  const last = namedChildren(block ?? ({} as Node)).filter((statement) => statement.type !== 'comment').at(-1);
  return !!last && ['return_statement', 'raise_statement', 'continue_statement', 'break_statement'].includes(last.type);
}

function blockOf(node: Node | null | undefined): Node[] {
  if (!node) return [];
  if (node.type === 'block') return namedChildren(node);
  const body = node.childForFieldName('body') ?? namedChildren(node).find((child) => child.type === 'block');
  return body ? namedChildren(body) : [];
}

/** A literal or keyword that puts the connection in read-only mode, anywhere in a statement. */
function putsSqlReadOnly(statement: Node): boolean {
  if (!statement.text.match(/read.?only|query_only|mode=ro/i)) return false;
  for (const keyword of statement.descendantsOfType('keyword_argument')) {
    const name = keyword?.childForFieldName('name')?.text;
    if (name && READ_ONLY_KEYWORDS.has(name) && keyword?.childForFieldName('value')?.type === 'true') return true;
  }
  return statement.descendantsOfType('string_content').some((content) => !!content && /READ ONLY|query_only|mode=ro/i.test(content.text));
}

/** The function definitions around a node, innermost first. */
export function enclosingFunctions(node: Node): Node[] {
  const found: Node[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'function_definition') found.push(parent);
  return found;
}

/** The class a function is a method of (directly in its body). */
export function enclosingClass(definition: Node): string | undefined {
  let parent = definition.parent;
  if (parent?.type === 'decorated_definition') parent = parent.parent;
  if (parent?.type !== 'block' || parent.parent?.type !== 'class_definition') return undefined;
  return parent.parent.childForFieldName('name')?.text;
}

function isStaticMethod(definition: Node): boolean {
  return decoratorsOf(definition).some((decorator) => decorator.name === 'staticmethod');
}

/** A definition's decorators by the last name of what they call or name (`@server.call_tool()`: `call_tool`, called). */
export function decoratorsOf(definition: Node): Array<{ name?: string; called: boolean }> {
  const holder = definition.parent;
  if (holder?.type !== 'decorated_definition') return [];
  return namedChildren(holder).filter((decorator) => decorator.type === 'decorator').map((decorator) => {
    const expression = namedChildren(decorator)[0];
    const called = expression?.type === 'call';
    const callee = called ? expression.childForFieldName('function') : expression;
    const name = callee?.type === 'identifier' ? callee.text : callee?.type === 'attribute' ? callee.childForFieldName('attribute')?.text : undefined;
    return { name, called };
  });
}

