// An esbuild plugin for web-tree-sitter 0.25: its Node keeps the node's wasm handle in an indexed
// property (`[0] = 0` as a class field, then `this[0] = other`), which gives every node object an
// elements store and defines the property through V8's slow keyed path: about 100 ns per node
// against 10 for a named property (a node is made for every node read, over a million in the CLI's
// benchmark). The plugin renames that one property in the bundled copy. Each edit must match exactly
// once: a web-tree-sitter that no longer has these lines stops the build instead of being half patched.
import * as fs from 'node:fs';

const EDITS = [
  // The field, in class Node.
  ['__name(this, "Node");\n  }\n  /** @internal */\n  // @ts-expect-error: never read\n  [0] = 0;\n', '__name(this, "Node");\n  }\n  /** @internal */\n  _handle = 0;\n'],
  // Node's constructor.
  ['    assertInternal(internal);\n    this[0] = other;\n    this.id = id;\n', '    assertInternal(internal);\n    this._handle = other;\n    this.id = id;\n'],
  // marshalNode, the one reader.
  ['  C.setValue(address, node[0], "i32");\n', '  C.setValue(address, node._handle, "i32");\n'],
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
