/**
 * Finds the summaries Go and C# calls name (propagate.ts `CalleeResolver`), where names are not
 * imported one by one: a Go function, type or package-level variable is looked up in the files of
 * its package (this one's, or the imported package of the module); a C# class in the files of the
 * project. Objects reached through fields (`s.store.Save()`, `_db.Notes.Add()`) are typed by the
 * fields' declared types, read from the module that declares the class; a class whose base is a
 * library type (a project `DbContext`) is a value of that type.
 */
import { CSHARP_EFFECTS } from '../data/effects/csharp';
import { GO_EFFECTS } from '../data/effects/go';
import { EffectTables, LibraryType } from '../data/effects/types';
import { ProjectView } from '../project/view';
import { Known } from './known';
import { memberOf } from './library';
import { matchesPath } from './dotted-paths';
import type { ResolvedFunction } from './propagate';
import { CalleeRef, ClassRef, ModuleEffects } from './summary';

const MAX_BASES = 4;

export function isPackageLanguage(file: string): boolean {
  return file.endsWith('.go') || file.endsWith('.cs');
}

function tablesOf(file: string): EffectTables {
  return file.endsWith('.go') ? GO_EFFECTS : CSHARP_EFFECTS;
}

/** A class found: the file declaring it and its name there. */
interface Located {
  file: string;
  name: string;
}

export class PackageCallees {
  constructor(
    private readonly effectsOf: (file: string) => ModuleEffects | undefined,
    private readonly project: ProjectView | undefined,
  ) {}

  /** The files a name of `module` (a Go import path; this package or C# project when undefined or empty) may be declared in, `file` first. */
  private files(file: string, module: string | undefined): readonly string[] {
    const others = this.project?.packageFiles?.(file, module || undefined) ?? [];
    return module ? others : [file, ...others.filter((other) => other !== file)];
  }

  resolve(file: string, callee: CalleeRef): ResolvedFunction | 'no-effects' | undefined {
    switch (callee.kind) {
      case 'function':
        return this.find(this.files(file, callee.module), (effects) => effects.functions.get(callee.name));
      case 'method': {
        const located = this.locate(file, callee.class);
        return located && this.method(located, callee.method, 0);
      }
      case 'singleton':
      case 'member': {
        const object = this.objectOf(file, callee);
        return object?.cls ? this.method(object.cls, callee.method, 0) : undefined;
      }
    }
  }

  /** The library value a call's receiver is: a field or package-level variable of a library type, or a class with a library base. */
  libraryValue(file: string, callee: CalleeRef): Known | undefined {
    if (callee.kind === 'function') return undefined;
    if (callee.kind === 'method') {
      const located = this.locate(file, callee.class);
      return located && this.libraryBase(located, 0);
    }
    return this.objectOf(file, callee)?.lib;
  }

  /** What a package-level variable, or the fields read from an instance, are: a class of the project, or a library value. */
  private objectOf(file: string, callee: Extract<CalleeRef, { kind: 'singleton' | 'member' }>): { cls?: Located; lib?: Known } | undefined {
    let current: { cls?: Located; lib?: Known } | undefined;
    let members: readonly string[];
    if (callee.kind === 'singleton') {
      members = callee.members ?? [];
      const files = this.files(file, callee.module);
      const found = files.map((candidate) => ({ file: candidate, effects: this.effectsOf(candidate) })).find(({ effects }) => effects?.singletons.has(callee.name) || effects?.values.has(callee.name));
      if (!found?.effects) return undefined;
      const cls = found.effects.singletons.get(callee.name);
      current = cls ? { cls: this.locate(found.file, cls) } : { lib: found.effects.values.get(callee.name) };
    } else {
      members = callee.members;
      current = { cls: this.locate(file, callee.class) };
    }
    for (const member of members) {
      if (!current) return undefined;
      if (current.lib) {
        current = { lib: memberOf(tablesOf(file), current.lib, member) ?? (current.lib.lib === 'orm' ? current.lib : undefined) };
        continue;
      }
      if (!current.cls) return undefined;
      const field = this.field(current.cls, member, 0);
      if (field) {
        current = field.value.lib ? { lib: field.value } : field.value.cls ? { cls: this.locate(field.file, field.value.cls) } : undefined;
        continue;
      }
      const base = this.libraryBase(current.cls, 0);
      current = base ? { lib: memberOf(tablesOf(file), base, member) ?? (base.lib === 'orm' ? base : undefined) } : undefined;
    }
    return current;
  }

  /** The files a class's members may be declared in: for Go, every file of its package. */
  private memberFiles(located: Located): readonly string[] {
    return located.file.endsWith('.go') ? this.files(located.file, undefined) : [located.file];
  }

  private basesOf(located: Located): ClassRef[] {
    return this.memberFiles(located).flatMap((file) => this.effectsOf(file)?.bases.get(located.name) ?? []);
  }

  private field(located: Located, name: string, depth: number): { file: string; value: Known } | undefined {
    for (const file of this.memberFiles(located)) {
      const value = this.effectsOf(file)?.fields?.get(located.name)?.get(name);
      if (value) return { file, value };
    }
    if (depth >= MAX_BASES) return undefined;
    for (const base of this.basesOf(located)) {
      const next = this.locate(located.file, base);
      const found = next && this.field(next, name, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  /** A library type a class derives from (`class NotesDb : DbContext`), as a value of that type. */
  private libraryBase(located: Located, depth: number): Known | undefined {
    for (const base of this.basesOf(located)) {
      const type = libraryTypeNamed(located.file, base);
      if (type) return { lib: type };
      const next = depth < MAX_BASES ? this.locate(located.file, base) : undefined;
      const found = next && this.libraryBase(next, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  /** Where a class named from `file` is declared: in `file`, or another file of its package (project). */
  private locate(file: string, ref: ClassRef): Located | undefined {
    for (const candidate of this.files(file, ref.module)) {
      // A C# project's files are many: only those that name the class are read (parsed) to find it.
      if (candidate !== file && candidate.endsWith('.cs') && this.project?.sourceText(candidate)?.includes(ref.name) === false) continue;
      const effects = this.effectsOf(candidate);
      if (effects?.bases.has(ref.name)) return { file: candidate, name: ref.name };
    }
    return undefined;
  }

  private method(located: Located, method: string, depth: number): ResolvedFunction | 'no-effects' | undefined {
    const key = `${located.name}.${method}`;
    const found = this.find(this.memberFiles(located), (effects) => effects.functions.get(key));
    if (found) return found;
    if (depth < MAX_BASES) {
      for (const base of this.basesOf(located)) {
        const next = this.locate(located.file, base);
        const inherited = next && this.method(next, method, depth + 1);
        if (inherited) return inherited;
      }
    }
    return method === located.name || method === 'constructor' ? 'no-effects' : undefined;
  }

  private find(files: readonly string[], pick: (effects: ModuleEffects) => ResolvedFunction['summary'] | undefined): ResolvedFunction | undefined {
    for (const file of files) {
      const effects = this.effectsOf(file);
      const summary = effects && pick(effects);
      if (summary) return { file, summary, table: effects.functions };
    }
    return undefined;
  }
}

/** The library type a base class names (`DbContext`), from the tables' annotations. */
function libraryTypeNamed(file: string, base: ClassRef): LibraryType | undefined {
  const path = base.module ? `${base.module}.${base.name}` : base.name;
  return tablesOf(file).types.find((row) => matchesPath(path, row.annotations ?? []))?.type;
}
