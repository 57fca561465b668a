/**
 * Finds the summaries the calls of a summary name (propagate.ts `CalleeResolver`): functions of the
 * same module, functions and classes imported from other modules of the project (through the
 * project's import resolution, core/project), methods of project classes and of imported
 * module-level objects, looked up in base classes too. The analysed file's own summaries come from
 * its current tree; every other module's from the project index.
 */
import { memberPath } from '../frontends/python/module';
import { ProjectSymbol, ProjectView } from '../project/view';
import { CalleeResolver, ResolvedFunction } from './propagate';
import { CalleeRef, ClassRef, ModuleEffects } from './summary';
import { Known } from './known';
import { memberOf, tablesFor } from './library';
import { isPackageLanguage, PackageCallees } from './resolve-package';
import { withFields } from '../with-fields';

const MAX_BASES = 4;

export class ProjectCallees implements CalleeResolver {
  private readonly packages: PackageCallees;

  constructor(
    private readonly file: string,
    private readonly own: () => ModuleEffects,
    private readonly project: ProjectView | undefined,
  ) {
    this.packages = new PackageCallees((module) => this.effectsOf(module), project);
  }

  resolve(file: string, callee: CalleeRef): ResolvedFunction | 'no-effects' | undefined {
    if (isPackageLanguage(file)) return this.packages.resolve(file, callee);
    switch (callee.kind) {
      case 'function': {
        const target = callee.module === undefined ? { file, name: callee.name } : this.symbol(file, callee.module, callee.name);
        return target && !('module' in target && target.module) ? this.function(target.file, target.name) : undefined;
      }
      case 'method': {
        const target = this.classIn(file, callee.class);
        return target && this.method(target.file, target.name, callee.method, 0);
      }
      case 'singleton': {
        const object = this.objectOf(file, callee);
        // `from . import state; state.save()`: a module's function.
        if (object?.module) return this.function(object.file, callee.method);
        if (!object || object.members.length) return undefined;
        const cls = this.effectsOf(object.file)?.singletons.get(object.name);
        const classTarget = cls && this.classIn(object.file, cls);
        return classTarget && this.method(classTarget.file, classTarget.name, callee.method, 0);
      }
      default:
        return undefined;
    }
  }

  /** The library value an imported module-level object is (`engine = create_engine(...)`), with the attributes read from it. */
  libraryValue(file: string, callee: CalleeRef): Known | undefined {
    if (isPackageLanguage(file)) return this.packages.libraryValue(file, callee);
    if (callee.kind !== 'singleton') return undefined;
    const object = this.objectOf(file, callee);
    if (!object || object.module) return undefined;
    let value = this.effectsOf(object.file)?.values.get(object.name);
    for (const member of object.members) value = value && memberOf(tablesFor(object.file), value, member);
    return value;
  }

  /**
   * The module-level object a call on an imported name reaches, and the attributes read from it
   * after: `store.save()` is `store` of its module; `stores.invoice_store.save()` (an imported
   * module) is `invoice_store` of that module; a module itself when nothing is read from it.
   */
  private objectOf(file: string, callee: Extract<CalleeRef, { kind: 'singleton' }>): { file: string; name: string; members: string[]; module?: boolean } | undefined {
    const target = this.symbol(file, callee.module, callee.name);
    const members = callee.members ?? [];
    if (!target?.module) return target && { file: target.file, name: target.name, members };
    return members.length ? { file: target.file, name: members[0], members: members.slice(1) } : withFields(target, { members });
  }

  private effectsOf(file: string): ModuleEffects | undefined {
    return file === this.file ? this.own() : this.project?.effectsOf?.(file);
  }

  private function(file: string, name: string): ResolvedFunction | undefined {
    const functions = this.effectsOf(file)?.functions;
    const summary = functions?.get(name);
    return summary && { file, summary, table: functions };
  }

  /** A method of a class, or of its bases; a constructor a class does not define does nothing. */
  private method(file: string, className: string, method: string, depth: number): ResolvedFunction | 'no-effects' | undefined {
    const effects = this.effectsOf(file);
    if (!effects) return undefined;
    const summary = effects.functions.get(`${className}.${method}`);
    if (summary) return { file, summary, table: effects.functions };
    const bases = effects.bases.get(className);
    if (bases === undefined) return undefined;
    if (depth < MAX_BASES) {
      for (const base of bases) {
        const target = this.classIn(file, base);
        const found = target && this.method(target.file, target.name, method, depth + 1);
        if (found) return found;
      }
    }
    return method === '__init__' || method === 'constructor' ? 'no-effects' : undefined;
  }

  private classIn(file: string, ref: ClassRef): { file: string; name: string } | undefined {
    return ref.module === undefined ? { file, name: ref.name } : this.symbol(file, ref.module, ref.name);
  }

  /** Where an imported name is bound: the module and the name there, through re-exports. */
  private symbol(fromFile: string, module: string, name: string): { file: string; name: string; module?: boolean } | undefined {
    const symbol: ProjectSymbol | undefined = /\.pyi?$/.test(fromFile)
      ? this.project?.pythonSymbolFrom?.(fromFile, memberPath(module, name))
      : this.project?.scriptSymbolFrom?.(fromFile, module, name);
    switch (symbol?.kind) {
      case 'other':
        return symbol.file && symbol.name ? { file: symbol.file, name: symbol.name } : undefined;
      case 'tool':
        return symbol.tool.functionName ? { file: symbol.tool.file, name: symbol.tool.functionName } : undefined;
      case 'wrapper':
        return { file: symbol.wrapper.file, name: symbol.wrapper.name };
      case 'module':
        return { file: symbol.file, name, module: true };
      default:
        return undefined;
    }
  }
}
