// An esbuild plugin for web-tree-sitter 0.25 that makes two hot paths of the bundled copy cheaper.
// Its Node keeps the node's wasm handle in an indexed property (`[0] = 0` as a class field, then
// `this[0] = other`), which gives every node object an elements store and defines the property
// through V8's slow keyed path: about 100 ns per node against 10 for a named property (a node is made
// for every node read, over a million in the CLI's benchmark); the plugin renames that property. And
// it finds a field's id by name with indexOf at every childForFieldName. Each edit must match exactly
// once: a web-tree-sitter that no longer has these lines stops the build instead of being half patched.
import * as fs from 'node:fs';

const EDITS = [
  // The field, in class Node.
  ['__name(this, "Node");\n  }\n  /** @internal */\n  // @ts-expect-error: never read\n  [0] = 0;\n', '__name(this, "Node");\n  }\n  /** @internal */\n  _handle = 0;\n'],
  // Node's constructor.
  ['    assertInternal(internal);\n    this[0] = other;\n    this.id = id;\n', '    assertInternal(internal);\n    this._handle = other;\n    this.id = id;\n'],
  // marshalNode, the one reader.
  ['  C.setValue(address, node[0], "i32");\n', '  C.setValue(address, node._handle, "i32");\n'],
  // A field's id by name: a Map made once per language instead of indexOf over the fields at every
  // childForFieldName (1.5-2.5 % of the CLI's time on the benchmark's repositories).
  [
    '  fieldIdForName(fieldName) {\n    const result = this.fields.indexOf(fieldName);\n    return result !== -1 ? result : null;\n  }\n',
    '  fieldIdForName(fieldName) {\n    this._fieldIds ??= new Map(this.fields.map((name, id) => [name, id]).filter(([name], id) => name !== null && this.fields.indexOf(name) === id));\n    return this._fieldIds.get(fieldName) ?? null;\n  }\n',
  ],
  [
    '  childForFieldName(fieldName) {\n    const fieldId = this.tree.language.fields.indexOf(fieldName);\n',
    '  childForFieldName(fieldName) {\n    const fieldId = this.tree.language.fieldIdForName(fieldName) ?? -1;\n',
  ],
  [
    '  childrenForFieldName(fieldName) {\n    const fieldId = this.tree.language.fields.indexOf(fieldName);\n',
    '  childrenForFieldName(fieldName) {\n    const fieldId = this.tree.language.fieldIdForName(fieldName) ?? -1;\n',
  ],
];

export function treeSitterNodeHandle(runtimePath) {
  return {
    name: 'tree-sitter-node-handle',
    setup(build) {
      build.onLoad({ filter: /tree-sitter\.cjs$/ }, (args) => {
        if (args.path !== runtimePath) return undefined;
        let text = fs.readFileSync(args.path, 'utf8');
        for (const [from, to] of EDITS) {
          const count = text.split(from).length - 1;
          if (count !== 1) throw new Error(`tree-sitter-node-handle: expected one ${JSON.stringify(from.trim())} in ${args.path}, found ${count}`);
          text = text.replace(from, to);
        }
        return { contents: text, loader: 'js' };
      });
    },
  };
}
