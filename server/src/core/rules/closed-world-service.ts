import { Rule, severities } from './rule';
import { arcadeBehavior, arcadeBool, classificationOf, CONTRADICTION_CASES } from './shared/arcade';
import { contradictionMessages, reportContradiction } from './shared/contradiction';
import { relatedAt } from './shared/place';

const MESSAGES = contradictionMessages('open_world=False on a tool with a service domain', 'clients may trust what it returns');

export const closedWorldService: Rule = {
  code: 'MTL104',
  name: 'closed-world-service',
  severity: severities('error', { spec: 'off' }),
  cases: CONTRADICTION_CASES,
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool classified with a ServiceDomain is marked open_world=False.',
    whatItDoes: 'Reports `open_world=False` on a tool whose `Classification` lists at least one service domain. A classification without a behavior, or an omitted `open_world`, is not reported. With `strict=False` the finding becomes a hint; the `arcade` profile drops it.',
    why: 'A service domain means the tool talks to an external service, which is what "open world" means. Arcade refuses to load the tool ("Tool has a ServiceDomain (implying an external service) but is marked open_world=False"); if bypassed (`strict=False`), clients still receive `openWorldHint: false` and may trust what the tool returns, though it comes from outside.',
    example: '@app.tool(\n    metadata=ToolMetadata(\n        classification=Classification(service_domains=[ServiceDomain.EMAIL]),\n        behavior=Behavior(open_world=False),\n    ),\n)\ndef list_emails() -> list: ...',
    useInstead: '@app.tool(\n    metadata=ToolMetadata(\n        classification=Classification(service_domains=[ServiceDomain.EMAIL]),\n        behavior=Behavior(open_world=True),\n    ),\n)\ndef list_emails() -> list: ...',
    fix: 'Quick-fix: set `open_world=True`. Not applied on save.',
    mapping: '`Behavior.open_world` becomes the MCP annotation `openWorldHint`; the classification is sent only in `_meta.arcade.metadata`.',
  },
  check(declaration, context) {
    const found = arcadeBehavior(declaration);
    const domains = classificationOf(found?.metadata)?.serviceDomains;
    if (!found || !domains || domains.value.kind !== 'sequence' || domains.value.items.length === 0) return;
    const openWorld = found.behavior.openWorld;
    if (arcadeBool(openWorld) !== false || !openWorld) return;
    reportContradiction(context, {
      metadata: found.metadata,
      field: openWorld,
      fixValue: true,
      messages: MESSAGES,
      related: [relatedAt(domains.value, 'The service domains are declared here.')],
    });
  },
};
