import { Node } from 'web-tree-sitter';
import { SourceText } from '../../source-text';
import { ModuleEffects } from '../summary';

export class ScriptEffects {
  constructor(readonly root: Node, readonly text: SourceText, readonly file: string) {}
  moduleEffects(): ModuleEffects {
    return { file: this.file, functions: new Map(), singletons: new Map(), bases: new Map() };
  }
}
