import { FlagField, ToolDeclaration } from '../../server/src/core/model';

/** A compact, readable view of a declaration for front-end tests: 1-based `line:col` positions. */
export function summarizeDeclaration(declaration: ToolDeclaration): Record<string, unknown> {
  const at = (range: { start: { line: number; character: number } } | undefined) => range && `${range.start.line + 1}:${range.start.character + 1}`;
  const flag = (field: FlagField | undefined) => field && `${String(field.state)}@${at(field.value.via ?? field.value.range)}`;
  const behavior = declaration.metadata?.behavior;
  const summary: Record<string, unknown> = {
    form: declaration.form,
    name: declaration.name,
    at: at(declaration.nameRange),
  };
  if (declaration.title) summary.title = declaration.title;
  if (declaration.metadataValue) summary.metadata = declaration.metadataValue.kind === 'call' ? declaration.metadataValue.callee : declaration.metadataValue.kind;
  if (behavior) {
    summary.behavior = {
      operations: behavior.operations?.items.map((item) => item.text),
      readOnly: flag(behavior.readOnly),
      destructive: flag(behavior.destructive),
      idempotent: flag(behavior.idempotent),
      openWorld: flag(behavior.openWorld),
    };
  }
  const domains = declaration.metadata?.classification?.serviceDomains;
  if (domains) summary.domains = domains.items.map((item) => item.text);
  if (declaration.annotations) {
    const hints = declaration.annotations.hints;
    summary.annotations = Object.fromEntries(Object.entries(hints).map(([key, field]) => [key, flag(field)]));
  }
  if (declaration.metadataIgnored) summary.metadataIgnored = true;
  return JSON.parse(JSON.stringify(summary));
}
