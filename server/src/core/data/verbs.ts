/**
 * The words the plausibility rules (MTL301–303) read in a tool's name, and the phrases in its
 * description that override the name. rules.md ("Plausibility") gives the minimum lists; the
 * rules' docs are generated from these. Words are lower case and matched whole.
 */

/** Verbs that remove something for good: a tool named with one is destructive (MTL302), and changes something (MTL301). */
export const DELETING_VERBS: readonly string[] = [
  'delete', 'remove', 'drop', 'purge', 'destroy', 'erase', 'wipe', 'revoke', 'cancel',
  'truncate', 'terminate', 'kill', 'unlink', 'evict', 'prune', 'expunge', 'discard', 'trash', 'rm', 'del',
];

/** Verbs that change something (MTL301): the deleting verbs and these. */
export const MUTATING_VERBS: readonly string[] = [
  ...DELETING_VERBS,
  'send', 'create', 'post', 'update', 'write', 'set', 'add', 'insert', 'put', 'patch', 'edit', 'modify',
  'change', 'rename', 'move', 'upload', 'publish', 'submit', 'save', 'store', 'upsert', 'merge',
  'reset', 'clear', 'archive', 'unarchive', 'restore', 'enable', 'disable', 'start', 'stop', 'restart',
  'deploy', 'install', 'uninstall', 'trigger', 'schedule', 'reschedule', 'book', 'pay', 'charge', 'refund',
  'transfer', 'approve', 'reject', 'assign', 'unassign', 'close', 'reopen', 'lock', 'unlock', 'ban',
  'unban', 'block', 'unblock', 'mute', 'unmute', 'invite', 'share', 'unshare', 'subscribe',
  'unsubscribe', 'follow', 'unfollow', 'star', 'unstar', 'fork', 'commit', 'push', 'append', 'replace',
  'register', 'unregister', 'grant', 'mark', 'tag', 'label', 'comment', 'reply', 'forward', 'notify',
  'email', 'tweet', 'order', 'buy', 'sell', 'transition', 'import', 'sync', 'apply', 'attach', 'detach',
  'link', 'pin', 'unpin', 'resolve', 'dismiss', 'accept', 'decline', 'enroll', 'provision', 'scale',
  'resize', 'rotate', 'migrate', 'overwrite', 'increment', 'decrement', 'toggle', 'configure',
];

/** Verbs that only read (MTL303): a tool named with one, alone, is read-only. */
export const READING_VERBS: readonly string[] = [
  'get', 'list', 'search', 'read', 'fetch', 'find', 'describe', 'show', 'view', 'lookup', 'browse',
  'count', 'inspect', 'retrieve', 'peek', 'check', 'explain',
];

/** Verbs that make a tool a preview of what another verb names (`preview_delete`): no verb after them counts. */
export const PREVIEW_VERBS: readonly string[] = ['preview', 'simulate', 'plan', 'estimate', 'validate', 'lint', 'diff', 'dryrun'];

/** Words that join the verbs of a compound name (`get_or_create_session` takes `get` and `create`). */
export const JOINING_WORDS: readonly string[] = ['or', 'and'];

/**
 * Phrases of a description that say the tool changes nothing, whatever its name says: they
 * silence MTL301 and MTL302. Matched whole, case-insensitively, in the description as clients receive it.
 */
export const NON_MUTATING_PHRASES: readonly string[] = [
  'only previews', 'only preview', 'previews only', 'returns the command', 'returns a command', 'prints the command',
  'dry run', 'dry-run', 'does not modify', 'doesn\'t modify', 'does not change', 'doesn\'t change', 'without changing',
  'without modifying', 'changes nothing', 'modifies nothing', 'runs nothing', 'does not run', 'does not execute',
  'does not delete', 'does not send', 'no side effects', 'without side effects',
];
