import { ToolDeclaration } from '../../model';
import { ToolEntry } from '../entry';
import { ScriptEffects } from './summarise';

export function scriptEntry(_effects: ScriptEffects, _declaration: ToolDeclaration): ToolEntry | undefined {
  return undefined;
}
