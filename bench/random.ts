/** A small seeded pseudo-random generator (mulberry32), so benchmark inputs are the same on every run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, bound). */
  int(bound: number): number {
    return Math.floor(this.next() * bound);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

const NOUNS = [
  'user', 'invoice', 'ticket', 'message', 'file', 'folder', 'page', 'note', 'event', 'contact', 'deal', 'order',
  'repository', 'issue', 'comment', 'channel', 'report', 'dashboard', 'record', 'task', 'calendar', 'device', 'light',
  'playlist', 'document', 'payment', 'customer', 'survey', 'metric', 'alert',
];
const READ_VERBS = ['get', 'list', 'search', 'read', 'fetch', 'find', 'describe'];
const WRITE_VERBS = ['create', 'update', 'send', 'post', 'set', 'archive', 'rename', 'move'];
const DELETE_VERBS = ['delete', 'remove', 'purge', 'drop'];

export type Intent = 'read' | 'write' | 'delete';

export interface GeneratedTool {
  snake: string;
  camel: string;
  pascal: string;
  noun: string;
  verb: string;
  /**
   * Whether the tool says what it does and what its parameters are, as most real tools do: one tool in ten
   * does not (a terse description, a parameter without its own), so MTL402/403 fire at about the rate of
   * the other rules instead of on nearly every tool.
   */
  documented: boolean;
}

/** A tool name that is unique within one generator (a counter suffix) and reads like a real one. */
export class Names {
  private counter = 0;

  constructor(private readonly random: Random) {}

  tool(intent: Intent): GeneratedTool {
    const verbs = intent === 'read' ? READ_VERBS : intent === 'write' ? WRITE_VERBS : DELETE_VERBS;
    const verb = this.random.pick(verbs);
    const noun = this.random.pick(NOUNS);
    const index = ++this.counter;
    const snake = `${verb}_${noun}_${index}`;
    const camel = `${verb}${capitalise(noun)}${index}`;
    return { snake, camel, pascal: capitalise(camel), noun, verb, documented: index % 10 !== 0 };
  }
}

export function capitalise(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
