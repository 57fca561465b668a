/**
 * The names a file binds, to resolve `const` identifiers within the file. A name resolves
 * only when the file binds it exactly once, with `const` and an initializer: a name that is
 * also a `let`, a parameter, an import or a function elsewhere in the file stays unknown.
 */
import { Node } from 'web-tree-sitter';
import { namedChildrenOf } from './syntax';

export interface Binding {
  name: string;
  /** The initializer of a `const` declarator; undefined for every other kind of binding. */
  constValue?: Node;
  /** The declarator of a `const` binding with an initializer. */
  declarator?: Node;
}

/** What resolves names to the values they stand for (a Scope, or incremental analysis' own). */
export interface NameScope {
  /** The initializer of the single `const` binding of `name`, if there is one. */
  constInitializer(name: string): Node | undefined;
}

export class Scope implements NameScope {
  private readonly bindings = new Map<string, Binding[]>();

  /** `bindings`: the binding nodes of the file (see `collectFileNodes`). */
  constructor(bindings: readonly Node[]) {
    for (const node of bindings) {
      for (const binding of bindingsOf(node)) {
        const list = this.bindings.get(binding.name);
        if (list) list.push(binding);
        else this.bindings.set(binding.name, [binding]);
      }
    }
  }

  constInitializer(name: string): Node | undefined {
    const found = this.bindings.get(name);
    return found && found.length === 1 ? found[0].constValue : undefined;
  }
}

/** The names one binding node (see `collectFileNodes`) binds. */
export function bindingsOf(node: Node): Binding[] {
  const found: Binding[] = [];
  new BindingReader(found).collect(node);
  return found;
}

class BindingReader {
  constructor(private readonly found: Binding[]) {}

  private add(name: string, binding: Omit<Binding, 'name'>): void {
    this.found.push({ name, ...binding });
  }

  private addPattern(pattern: Node): void {
    switch (pattern.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        this.add(pattern.text, {});
        return;
      case 'assignment_pattern':
      case 'object_assignment_pattern': {
        const left = pattern.childForFieldName('left');
        if (left) this.addPattern(left);
        return;
      }
      case 'pair_pattern': {
        const value = pattern.childForFieldName('value');
        if (value) this.addPattern(value);
        return;
      }
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern':
        for (const child of namedChildrenOf(pattern)) this.addPattern(child);
        return;
      default:
        return;
    }
  }

  collect(node: Node): void {
    switch (node.type) {
      case 'variable_declarator': {
        const name = node.childForFieldName('name');
        const value = node.childForFieldName('value');
        const isConst = node.parent?.type === 'lexical_declaration' && node.parent.childForFieldName('kind')?.text === 'const';
        if (name?.type === 'identifier') this.add(name.text, isConst && value ? { constValue: value, declarator: node } : {});
        else if (name) this.addPattern(name);
        break;
      }
      case 'function_declaration':
      case 'generator_function_declaration':
      case 'class_declaration':
      case 'abstract_class_declaration':
      case 'enum_declaration': {
        const name = node.childForFieldName('name');
        if (name) this.add(name.text, {});
        break;
      }
      case 'import_specifier': {
        const alias = node.childForFieldName('alias') ?? node.childForFieldName('name');
        if (alias) this.add(alias.text, {});
        break;
      }
      case 'namespace_import':
      case 'import_clause':
        for (const child of namedChildrenOf(node)) if (child.type === 'identifier') this.add(child.text, {});
        break;
      case 'formal_parameters':
        for (const parameter of namedChildrenOf(node)) this.addPattern(parameter.childForFieldName('pattern') ?? parameter);
        break;
      case 'arrow_function': {
        const parameter = node.childForFieldName('parameter');
        if (parameter) this.add(parameter.text, {});
        break;
      }
      case 'catch_clause': {
        const parameter = node.childForFieldName('parameter');
        if (parameter) this.addPattern(parameter);
        break;
      }
    }
  }
}
