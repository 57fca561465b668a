/**
 * What each flag, hint and model field means, for hovers and completion documentation.
 * Facts from the MCP spec (mcp-annotations.md §1.1), Arcade's docs (seed 000) and what
 * clients do with the hints (peers.md §0, §1.6; seed 001).
 */
import { ArcadeFlag, FLAG_TO_HINT, HINTS, SNAKE_HINTS, SPEC_DEFAULTS, SPELLED_KEYS } from '../data/fields';
import { HintName } from '../model';

export interface HintDoc {
  /** What the spec says the hint means. */
  meaning: string;
  /** What clients do with it, in one short line (hovers). */
  inClients: string;
  /** What clients do with it, client by client (completion documentation). */
  clients: string;
}

export const HINT_DOCS: Record<HintName, HintDoc> = {
  readOnlyHint: {
    meaning: 'true means the tool does not modify its environment.',
    inClients: 'read-only tools may run without a confirmation prompt; others keep asking.',
    clients: 'VS Code offers auto-approval for read-only tools, Claude runs them without a per-call prompt, and GitHub Copilot\'s PR review drops every tool that lacks `readOnlyHint`. A tool that is not read-only keeps asking for confirmation.',
  },
  destructiveHint: {
    meaning: 'true means the tool may make destructive updates to its environment (delete, overwrite, an irreversible send); false means it only makes additive updates. Meaningful only when `readOnlyHint` is false.',
    inClients: 'destructive tools get a confirmation prompt, unless `readOnlyHint` is true.',
    clients: 'Clients surface a confirmation prompt for destructive tools (Claude always prompts for them), and some refuse to call them without an explicit "yes". With `readOnlyHint: true` clients settle the tool as read-only and the confirmation disappears.',
  },
  idempotentHint: {
    meaning: 'true means calling the tool again with the same arguments has no further effect on its environment. Meaningful only when `readOnlyHint` is false.',
    inClients: 'idempotent tools may be retried after a failure without asking.',
    clients: 'Clients may retry an idempotent tool after a failure without asking; a non-idempotent one may create duplicates when retried.',
  },
  openWorldHint: {
    meaning: 'true means the tool may interact with an "open world" of external entities (a network service, a third party); false means its domain of interaction is closed (pure computation, a local memory).',
    inClients: 'what open-world tools return is treated as untrusted.',
    clients: 'Clients treat the output of open-world tools as untrusted, and VS Code still asks before running a read-only tool that is open-world.',
  },
};

/** Arcade's own question for each flag (seed 000, "MCP-aligned flags"). */
export const ARCADE_FLAG_QUESTIONS: Record<ArcadeFlag, string> = {
  read_only: 'Does this tool only observe, with zero side effects? Set True only when it never mutates any state in the target system; if there is any doubt, set it to False.',
  destructive: 'Can this tool cause irreversible data loss? Set True when it can delete or permanently destroy data; when in doubt, True. Fully reversible archive operations use Operation.UPDATE with destructive=False.',
  idempotent: 'If you call this tool twice with the same input, does the second call change anything? True when an accidental retry causes no additional effect.',
  open_world: 'Does this tool talk to anything outside the process? True for any tool that calls an external API, queries a database or accesses a file system; False only for pure computation.',
};

/** The hint a flag or hint key names, in any accepted spelling. */
export function hintOfKey(key: string): { hint: HintName; arcadeFlag?: ArcadeFlag } | undefined {
  if ((HINTS as readonly string[]).includes(key)) return { hint: key as HintName };
  for (const spelled of Object.values(SPELLED_KEYS)) {
    const hint = HINTS.find((candidate) => spelled[candidate] === key);
    if (hint) return { hint };
  }
  if (key in SNAKE_HINTS) return { hint: SNAKE_HINTS[key] };
  if (key in FLAG_TO_HINT) return { hint: FLAG_TO_HINT[key as ArcadeFlag], arcadeFlag: key as ArcadeFlag };
  return undefined;
}

/** Other fields: one line each. */
export const FIELD_DOCS: Record<string, string> = {
  classification: '`Classification(service_domains=[...])`: what type of service the tool interfaces with. Used for tool discovery; not projected to MCP annotations.',
  behavior: '`Behavior(operations=[...], read_only, destructive, idempotent, open_world)`: what happens when the tool runs. The four flags become the MCP hints.',
  extras: 'Arbitrary JSON-safe key/value pairs (feature flags, routing, compliance) for downstream systems. Keys must be strings.',
  strict: 'True by default: Arcade rejects contradictory metadata when the server starts. strict=False bypasses the four contradiction checks; it is never serialised.',
  operations: 'The tool\'s effect on resources: READ, CREATE, UPDATE, DELETE or OPAQUE (compound operations are valid, e.g. CREATE + UPDATE for an upsert). Sent only in `_meta.arcade.metadata`.',
  service_domains: 'The target service\'s market category (what a software review site would list it under), not the infrastructure used to reach it. Sent only in `_meta.arcade.metadata`.',
  title: 'A human-readable title for the tool. Precedence in clients: `Tool.title`, then `annotations.title`, then the name.',
  metadata: 'Arcade `ToolMetadata(classification=..., behavior=..., extras=...)`: the behavior flags become the tool\'s MCP annotations; without `behavior`, clients assume the pessimistic defaults (not read-only, destructive, open-world).',
  annotations: 'MCP `ToolAnnotations(readOnlyHint=..., destructiveHint=..., idempotentHint=..., openWorldHint=...)`: what clients read to decide whether to ask before calling the tool; omitted hints take the pessimistic spec defaults.',
  custom: 'Not in the MCP spec: a project-specific object (e.g. `custom: { rateLimit: { windowMs: 60_000, max: 5 } }`) read by the server\'s own middleware.',
};

/** One-paragraph documentation of a key, for completion items. */
export function keyDocumentation(key: string): string | undefined {
  const named = hintOfKey(key);
  if (named) {
    const doc = HINT_DOCS[named.hint];
    const question = named.arcadeFlag ? `${ARCADE_FLAG_QUESTIONS[named.arcadeFlag]}\n\n` : '';
    const mapping = named.arcadeFlag ? `Becomes the MCP annotation \`${named.hint}\`. ` : '';
    return `${question}${mapping}MCP: ${doc.meaning} When omitted, clients assume \`${named.hint}: ${SPEC_DEFAULTS[named.hint]}\`.\n\nIn clients: ${doc.clients}`;
  }
  return FIELD_DOCS[key];
}
