import { PYTHON_EFFECTS } from './python';
import { EffectTables } from './types';
export const SCRIPT_EFFECTS: EffectTables = { ...PYTHON_EFFECTS, language: 'typescript' };
