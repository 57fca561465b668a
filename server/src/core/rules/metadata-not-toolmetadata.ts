import { SourceText } from '../source-text';
import { replaceEdit } from '../fixes/edits';
import { offsetAt, rangeAt } from '../fixes/positions';
import { Fix, TextEdit, Value } from '../model';
import { Rule, severities } from './rule';
import { placeValue } from './shared/place';

const MESSAGES = {
  dict: 'metadata= is given a dict, but Arcade requires ToolMetadata and refuses to load the tool. Wrap the fields in ToolMetadata(...).',
} as const;

export const metadataNotToolMetadata: Rule = {
  code: 'MTL209',
  name: 'metadata-not-toolmetadata',
  severity: severities('error', { spec: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'An Arcade tool is given metadata={...} (a dict) instead of ToolMetadata(...).',
    whatItDoes: 'Reports a dict literal passed as `metadata=` to an Arcade tool decorator or `add_tool`. (`behavior=` and `classification=` inside `ToolMetadata` may be dicts; `metadata=` itself may not.)',
    why: 'Arcade checks the type when the tool is added to its catalog and raises "Expected a ToolMetadata instance for \'metadata\', but got dict.", so the tool never loads and clients never see it.',
    example: '@app.tool(metadata={"behavior": {"read_only": True}})\ndef get_weather(city: str) -> str: ...',
    useInstead: '@app.tool(metadata=ToolMetadata(behavior={"read_only": True}))\ndef get_weather(city: str) -> str: ...',
    fix: 'Quick-fix: rewrite the dict as `ToolMetadata(key=value, ...)` when every key is a plain name. It does not add the `ToolMetadata` import. Not applied on save.',
    mapping: 'Arcade\'s `ToolMetadata`; its behavior becomes the MCP annotations.',
  },
  check(declaration, context) {
    const value = declaration.metadataValue;
    if (!value || value.kind !== 'mapping' || value.container.syntax !== 'dict') return;
    const place = placeValue(value, 'The metadata dict');
    const fix = wrapFix(context.text, value);
    context.report({
      range: place.range,
      related: place.related,
      message: MESSAGES.dict,
      fixes: fix ? [fix] : [],
    });
  },
};

function wrapFix(text: SourceText, value: Extract<Value, { kind: 'mapping' }>): Fix | undefined {
  const { container } = value;
  if (value.via || value.opaqueSpread || value.nonStringKeys.length || container.closeOffset === undefined) return undefined;
  if (value.entries.some((e) => e.viaSpread || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(e.key))) return undefined;
  const edits: TextEdit[] = [replaceEdit(rangeAt(text, container.openOffset - 1, container.openOffset), 'ToolMetadata(')];
  for (const entry of value.entries) {
    const valueStart = offsetAt(text, (entry.value.via ?? entry.value.range).start);
    edits.push(replaceEdit(rangeAt(text, entry.startOffset, valueStart), `${entry.key}=`));
  }
  edits.push(replaceEdit(rangeAt(text, container.closeOffset, container.closeOffset + 1), ')'));
  return { title: 'Wrap in ToolMetadata(...)', edits, isPreferred: true, safe: false };
}
