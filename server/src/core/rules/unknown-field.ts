import { ANNOTATION_KEYS, ARCADE_MODEL_FIELDS, HINTS, SNAKE_HINTS, VENDOR_HINTS } from '../data/fields';
import { renameKeyEdit } from '../fixes/edits';
import { Entry, Fix, Value } from '../model';
import { behaviorOf, classificationOf } from './shared/arcade';
import { annotationsOf } from './shared/annotations';
import { fill, Rule, RuleContext, severities, SeverityOrOff, shorten } from './rule';
import { placeEntry } from './shared/place';
import { closestMatch } from './shared/suggest';

type ArcadeModel = keyof typeof ARCADE_MODEL_FIELDS;

const MESSAGES = {
  hintNearMiss: '{key} is not a ToolAnnotations key: clients never read it, so {suggestion} stays unset. Did you mean {suggestion}?',
  annotationKey: '{key} is not a ToolAnnotations key: the SDK sends it, but clients never read it. Remove it, or move vendor data to _meta.',
  fieldNearMiss: '{model} has no field {key}: Arcade forbids extra fields, so the tool never loads. Did you mean {suggestion}?',
  field: '{model} has no field {key}: Arcade forbids extra fields, so the tool never loads. Its fields: {fields}.',
} as const;

export const unknownField: Rule = {
  code: 'MTL206',
  name: 'unknown-field',
  severity: severities('error'),
  cases: {
    annotationKey: { label: 'annotation key', when: 'a key of MCP annotations that the spec does not define (not an Arcade model\'s field)', severity: severities('warning', { arcade: 'off' }) },
  },
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A keyword or key that ToolMetadata, Behavior, Classification or ToolAnnotations does not have.',
    whatItDoes: 'Reports keywords of Arcade\'s `ToolMetadata`, `Behavior` and `Classification` that the models do not define (an error: Arcade forbids extra fields), and keys of MCP annotations other than the spec\'s `title`, `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint` (a warning). Seed 001\'s `custom` key is allowed, as are the snake_case hints of the Python SDK v2 and FastMCP (TypeScript)\'s `streamingHint` in `addTool`. The `arcade` profile reports only the Arcade models.',
    why: 'Arcade rejects extra fields when the metadata is built, so the module fails to load. The Python SDK keeps unknown annotation keys and sends them, but clients never read them: `readonlyHint=True` silently leaves the tool looking read-write, since the `readOnlyHint` it was probably meant to be is missing. Vendor data belongs in the tool\'s `_meta`.',
    example: 'behavior=Behavior(readonly=True)\n\n@mcp.tool(annotations={"readonlyHint": True})',
    useInstead: 'behavior=Behavior(read_only=True)\n\n@mcp.tool(annotations={"readOnlyHint": True})',
    fix: 'Quick-fix: rename the key to the closest known one (did-you-mean), keeping its quotes. Not applied on save.',
    mapping: 'Annotation keys are the spec\'s `ToolAnnotations` fields; Arcade\'s flags become `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`.',
  },
  check(declaration, context) {
    const metadata = declaration.metadata;
    if (metadata) {
      checkArcade(metadata.value, 'ToolMetadata', context);
      const behavior = behaviorOf(metadata);
      if (behavior) checkArcade(behavior.value, 'Behavior', context);
      const classification = classificationOf(metadata);
      if (classification) checkArcade(classification.value, 'Classification', context);
    }
    const annotations = annotationsOf(declaration);
    // A compiled SDK's annotations are a struct or options: the compiler rejects unknown fields.
    if (annotations && context.profile !== 'arcade' && !annotations.spelling) {
      const allowed = [...ANNOTATION_KEYS];
      if (declaration.language === 'python') allowed.push(...Object.keys(SNAKE_HINTS));
      if (declaration.form === 'fastmcp-add-tool') allowed.push(...VENDOR_HINTS);
      for (const entry of entriesOf(annotations.value)) {
        if (allowed.includes(entry.key)) continue;
        const suggestion = closestMatch(entry.key, declaration.language === 'python' ? [...HINTS, 'title', ...Object.keys(SNAKE_HINTS)] : [...HINTS, 'title', ...VENDOR_HINTS.filter(() => declaration.form === 'fastmcp-add-tool')]);
        report(context, entry, context.severityOf('annotationKey'), suggestion, annotations.value, suggestion
          ? fill(MESSAGES.hintNearMiss, { key: shorten(entry.key), suggestion })
          : fill(MESSAGES.annotationKey, { key: shorten(entry.key) }));
      }
    }
  },
};

function entriesOf(value: Value): Entry[] {
  return value.kind === 'call' || value.kind === 'mapping' ? value.entries : [];
}

function checkArcade(value: Value, model: ArcadeModel, context: RuleContext): void {
  const fields = ARCADE_MODEL_FIELDS[model];
  for (const entry of entriesOf(value)) {
    if (fields.includes(entry.key)) continue;
    const suggestion = closestMatch(entry.key, fields);
    report(context, entry, context.severity, suggestion, value, suggestion
      ? fill(MESSAGES.fieldNearMiss, { model, key: shorten(entry.key, 30), suggestion })
      : fill(MESSAGES.field, { model, key: shorten(entry.key, 30), fields: fields.join(', ') }));
  }
}

function report(context: RuleContext, entry: Entry, severity: SeverityOrOff, suggestion: string | undefined, container: Value, message: string): void {
  const place = placeEntry(entry, entry.key);
  const fixes: Fix[] = [];
  const present = entriesOf(container).some((e) => e.key === suggestion);
  if (suggestion && !present && !entry.viaSpread && !entry.value.via) {
    fixes.push({ title: `Rename ${entry.key} to ${suggestion}`, edits: [renameKeyEdit(context.text, entry.keyRange, suggestion)], isPreferred: true, safe: false });
  }
  context.report({ range: place.range, severity, message, related: place.related, fixes });
}
