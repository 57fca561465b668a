/**
 * What one C# call (or `new`) does, read against the tables (core/data/effects/csharp.ts): a
 * library call is a leaf whose effect the tables give; a method of a class of the project (this
 * class, a typed receiver, a static class, an object reached through fields) is a call site,
 * resolved when a tool's effects are propagated; anything else is unknown.
 */
import { Node } from 'web-tree-sitter';
import { CSHARP_EFFECTS } from '../../data/effects/csharp';
import { SHELL_PROGRAMS } from '../../data/effects/shared';
import { rangeOf } from '../../frontends/syntax';
import { Range } from '../../model';
import { shorten } from '../../rules/rule';
import { SummaryBuilder } from '../builder';
import { shellWords } from '../classify';
import { Known, UNKNOWN_PART } from '../known';
import { httpCall, KnownArgs, libraryMethod, tableLeaf } from '../library';
import { matchesPath } from '../dotted-paths';
import { argumentFlow } from '../conditions';
import { ArgumentFlow } from '../summary';
import { argumentNodes, CSharpScope, CSharpValues, literalTruth, memberPath, simpleTypeName, unwrap } from './values';

const TABLES = CSHARP_EFFECTS;

interface CallContext {
  args: Node[];
  scope: CSharpScope;
  builder: SummaryBuilder;
  label: string;
  range: Range;
}

export class CSharpCalls {
  constructor(private readonly values: CSharpValues) {}

  onCall(call: Node, scope: CSharpScope, builder: SummaryBuilder): void {
    const creation = call.type === 'object_creation_expression' || call.type === 'implicit_object_creation_expression';
    const callee = creation ? call.childForFieldName('type') ?? call : call.childForFieldName('function');
    if (!callee) return;
    builder.summary.callCount++;
    const bare = unwrap(callee);
    const nameNode = bare.type === 'member_access_expression' ? bare.childForFieldName('name') ?? bare : bare;
    const context: CallContext = { args: argumentNodes(call), scope, builder, label: shorten(bare.text.replace(/^this\./, '').replace(/\s+/g, '').replace(/<[^()]*>$/, ''), 30), range: rangeOf(nameNode) };
    if (creation) return this.onNew(call, context);
    if (bare.type === 'identifier' || bare.type === 'generic_name') return this.onNameCall(simpleTypeName(bare) ?? bare.text, context);
    if (bare.type === 'member_access_expression') return this.onMemberCall(bare, context);
    builder.unknown();
  }

  private onNew(call: Node, context: CallContext): void {
    const { builder, label, range, scope } = context;
    const name = simpleTypeName(call.childForFieldName('type'));
    if (!name) return;
    const statement = TABLES.statementBuilders.find((row) => row.functions.includes(name));
    // `new SqlCommand(text, connection)`: the statement it will run.
    if (statement) return builder.sql(this.values.valueOf(context.args[0], scope), name, range);
    if (name in TABLES.httpFunctions) return httpCall(TABLES.httpFunctions[name], undefined, this.knownArgs(context), builder, name, range);
    if (TABLES.types.some((row) => row.constructors.includes(name)) || TABLES.pureModules.includes(name) || name === 'ProcessStartInfo' || name === 'Uri') return;
    if (/Exception$/.test(name)) return;
    builder.call({ kind: 'method', class: { name }, method: name }, label, range, this.flows(context));
  }

  private onNameCall(name: string, context: CallContext): void {
    const { scope, builder } = context;
    const local = scope.locals.get(name);
    if (local) return local.lib ? undefined : builder.unknown();
    if (TABLES.pureFunctions.includes(name)) return;
    if (scope.className) return builder.call({ kind: 'method', class: { name: scope.className }, method: name }, context.label, context.range, this.flows(context));
    builder.unknown();
  }

  private onMemberCall(callee: Node, context: CallContext): void {
    const { scope, builder } = context;
    const method = simpleTypeName(callee.childForFieldName('name')) ?? '';
    const object = callee.childForFieldName('expression');
    if (!object || callee.child(0)?.type === 'this') return scope.className ? builder.call({ kind: 'method', class: { name: scope.className }, method }, context.label, context.range, this.flows(context)) : builder.unknown();
    const value = this.values.valueOf(object, scope);
    if (value.lib) return libraryMethod(TABLES, value, method, this.knownArgs(context), builder, method, context.range);
    if (value.cls) return builder.call({ kind: 'method', class: value.cls, method }, context.label, context.range, this.flows(context), this.knownArgs(context));
    if (value.member) return builder.call({ kind: 'member', ...value.member, method }, context.label, context.range, this.flows(context), this.knownArgs(context));
    const path = memberPath(callee);
    const head = unwrap(object);
    const typeName = head.type === 'identifier' || head.type === 'member_access_expression' ? path?.slice(0, path.lastIndexOf('.')) : undefined;
    if (path && typeName && !scope.locals.has(head.text) && !(scope.className && this.values.attributeOf(scope.className, head.text))) {
      if (this.onPath(path, context)) return;
      // A static method of a class of the project (`NoteFiles.Save(...)`).
      if (/^[A-Z]/.test(typeName) && !typeName.includes('.')) return builder.call({ kind: 'method', class: { name: typeName }, method }, context.label, context.range, this.flows(context));
    }
    if (TABLES.pureMethods.includes(method) || value.text !== undefined) return;
    builder.unknown();
  }

  /** A static call named by type and method: a library function from the tables. Whether the path said what the call is. */
  private onPath(path: string, context: CallContext): boolean {
    const { builder, label, range, args, scope } = context;
    const first = this.values.valueOf(args[0], scope);
    if (tableLeaf(TABLES, path, { target: first, code: first }, builder, label, range) || path === 'Environment.GetEnvironmentVariable') return true;
    if (TABLES.processFunctions.some((row) => matchesPath(path, row.functions))) {
      this.onProcess(args.length > 1 ? this.values.commandLine(args[0], args[1], scope) : first, context);
      return true;
    }
    return TABLES.pureModules.some((module) => path === module || path.startsWith(`${module}.`)) || TABLES.pureFunctions.includes(path);
  }

  /** `Process.Start(psi)`, `Process.Start("git", "push")`: the program, then its arguments' words. */
  private onProcess(command: Known, context: CallContext): void {
    const { builder, label, range } = context;
    const program = command.text?.split(' ')[0];
    if (command.params?.size && (command.text === undefined || (program && SHELL_PROGRAMS.includes(program.toLowerCase())))) return builder.process(undefined, { params: command.params }, label, range);
    if (command.text === undefined) return;
    builder.process(shellWords(command.text.split(UNKNOWN_PART)[0]).map((text) => ({ text })), undefined, label, range);
  }

  private knownArgs(context: CallContext): KnownArgs {
    const positional: Known[] = [];
    const keywords = new Map<string, Known>();
    const list = context.args;
    for (const argument of list) {
      const named = argument.parent?.type === 'argument' ? argument.parent.childForFieldName('name')?.text : undefined;
      const value = this.values.valueOf(argument, context.scope);
      if (named) keywords.set(named, value);
      else positional.push(value);
    }
    return { positional, keywords };
  }

  /** What the call passes to each of the callee's parameters (by position, or by name). */
  private flows(context: CallContext): ArgumentFlow[] {
    return context.args.map((node, position) => {
      const keyword = node.parent?.type === 'argument' ? node.parent.childForFieldName('name')?.text : undefined;
      return argumentFlow(this.values.valueOf(node, context.scope), context.builder.guarded, { position, keyword }, literalTruth(unwrap(node)));
    });
  }
}
