/**
 * The packages of the generated monorepo (bench/monorepo.ts) and the words its code is made of:
 * four TypeScript MCP servers, three Python ones (MCP SDK FastMCP, the `fastmcp` package, Arcade),
 * a shared TypeScript package with a registration helper and a UI package with no tools.
 */
import { capitalise, Intent, Random } from './random';

export type { Intent };

export type Flavour = 'sdk' | 'common' | 'mixed' | 'mcp' | 'fastmcp' | 'arcade';

export interface ServerPackage {
  /** The folder, relative to the monorepo's root. */
  dir: string;
  /** The npm name, or the distribution name of a Python package. */
  name: string;
  language: 'typescript' | 'python';
  /**
   * How its tools are registered: `sdk` calls `server.registerTool`, `common` the shared helper,
   * `mixed` both; Python: `mcp` (mcp.server.fastmcp), `fastmcp` (the fastmcp package), `arcade` (MCPApp).
   */
  flavour: Flavour;
  /** The Python import package (src/<module>/). */
  module?: string;
  nouns: readonly string[];
}

export const SERVERS: readonly ServerPackage[] = [
  { dir: 'servers/github', name: '@repo/github-server', language: 'typescript', flavour: 'sdk', nouns: ['issue', 'repository', 'pull', 'comment', 'label', 'branch'] },
  { dir: 'servers/crm', name: '@repo/crm-server', language: 'typescript', flavour: 'common', nouns: ['contact', 'deal', 'company', 'note', 'pipeline', 'lead'] },
  { dir: 'servers/calendar', name: '@repo/calendar-server', language: 'typescript', flavour: 'mixed', nouns: ['event', 'calendar', 'attendee', 'reminder', 'room', 'slot'] },
  { dir: 'servers/storage', name: '@repo/storage-server', language: 'typescript', flavour: 'common', nouns: ['file', 'folder', 'bucket', 'share', 'upload', 'version'] },
  { dir: 'servers/billing', name: 'billing-mcp', language: 'python', flavour: 'mcp', module: 'billing_mcp', nouns: ['invoice', 'payment', 'customer', 'subscription', 'refund', 'plan'] },
  { dir: 'servers/analytics', name: 'analytics-mcp', language: 'python', flavour: 'fastmcp', module: 'analytics_mcp', nouns: ['report', 'metric', 'dashboard', 'query', 'segment', 'funnel'] },
  { dir: 'servers/support', name: 'support-mcp', language: 'python', flavour: 'arcade', module: 'support_mcp', nouns: ['ticket', 'agent', 'macro', 'article', 'queue', 'reply'] },
];

/** Packages without tools: the shared helpers (which wrap `registerTool`) and React components. */
export const COMMON_DIR = 'packages/common';
export const UI_DIR = 'packages/ui';
export const LIBRARY_NOUNS = ['session', 'user', 'theme', 'panel', 'layout', 'request', 'cache', 'setting'];

/**
 * Words of ordinary code that a pre-filter looking for `tool`, `metadata` or `annotations` matches:
 * toolbars, tooltips, build tooling, ORM metadata, type annotations.
 */
export const TOOLISH = ['toolbar', 'tooltip', 'tooling', 'toolkit', 'metadata', 'annotations'] as const;

/** Seeded words for one file: nouns of its package and names made unique by a counter. */
export class Words {
  private counter = 0;

  constructor(readonly random: Random, readonly nouns: readonly string[], readonly toolish: boolean) {}

  noun(): string {
    return this.random.pick(this.nouns);
  }

  /** A word that is unique in the file, e.g. `invoice3`. */
  unique(base: string): string {
    return `${base}${++this.counter}`;
  }

  /** One of TOOLISH when this file speaks of them (about one file in three), else a plain noun. */
  flavour(): string {
    return this.toolish && this.random.chance(0.5) ? this.random.pick(TOOLISH) : this.noun();
  }

  int(bound: number): number {
    return this.random.int(bound);
  }
}

/** The verbs of a tool's name, by what it does. */
export const VERBS: Record<Intent, readonly string[]> = { read: ['get', 'list', 'search'], write: ['create', 'update', 'send'], delete: ['delete', 'archive'] };

export function pascal(...words: string[]): string {
  return words.map(capitalise).join('');
}

export function camel(first: string, ...rest: string[]): string {
  return first + pascal(...rest);
}

export function snake(...words: string[]): string {
  return words.join('_');
}
