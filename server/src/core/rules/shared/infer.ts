/**
 * Values that gap-filling fixes write (rules.md, "Values used by fixes"): only from what the
 * author declared, never from the tool's name; the spec's pessimistic default otherwise; and
 * never a value that would contradict what the author wrote.
 */
import { ArcadeFlag } from '../../data/fields';
import { MUTATING_OPERATIONS } from '../../data/service-domains';

/** A written flag: its boolean, 'unknown' for an expression, undefined when absent or None. */
export type Written = boolean | 'unknown' | undefined;

export interface Declared {
  flags: Record<ArcadeFlag, Written>;
  /** Accepted operations, upper case (Arcade only; empty for MCP annotations). */
  operations: readonly string[];
  /** Whether the operations list could be read completely. */
  operationsKnown: boolean;
}

export type Inferred = { value: boolean } | { omitted: string };

const SPEC_PESSIMISTIC: Record<ArcadeFlag, boolean> = { read_only: false, destructive: true, idempotent: false, open_world: true };

function fromFlags(flag: ArcadeFlag, declared: Declared): boolean | undefined {
  const { read_only: readOnly, destructive } = declared.flags;
  const mutating = declared.operations.some((op) => MUTATING_OPERATIONS.has(op));
  switch (flag) {
    case 'read_only':
      return destructive === true || mutating ? false : undefined;
    case 'destructive':
      return readOnly === true ? false : undefined;
    case 'idempotent':
      return readOnly === true ? true : undefined;
    default:
      return undefined;
  }
}

function fromOperations(flag: ArcadeFlag, operations: readonly string[]): boolean | undefined {
  if (operations.length === 0) return undefined;
  const allRead = operations.every((op) => op === 'READ');
  const deletes = operations.includes('DELETE');
  const createsOrUpdates = operations.includes('CREATE') || operations.includes('UPDATE');
  if (allRead) return { read_only: true, destructive: false, idempotent: true, open_world: undefined }[flag];
  if (deletes) return { read_only: undefined, destructive: true, idempotent: false, open_world: undefined }[flag];
  if (createsOrUpdates) return { read_only: undefined, destructive: false, idempotent: false, open_world: undefined }[flag];
  return undefined;
}

/** Why a value would contradict what the author wrote, or undefined when it is consistent. */
function contradiction(flag: ArcadeFlag, value: boolean, declared: Declared, names: Record<ArcadeFlag, string>): string | undefined {
  const { read_only: readOnly, destructive, idempotent } = declared.flags;
  const ops = declared.operations;
  if (flag === 'read_only' && value) {
    if (ops.some((op) => MUTATING_OPERATIONS.has(op))) return 'the operations include a mutating one';
    if (ops.includes('OPAQUE')) return 'the operations include OPAQUE';
    if (destructive === true) return `${names.destructive} is true`;
    if (idempotent === false) return `${names.idempotent} is false`;
  }
  if (flag === 'destructive' && value && readOnly === true) return `${names.read_only} is true`;
  if (flag === 'destructive' && !value && ops.includes('DELETE')) return 'the operations include DELETE';
  if (flag === 'idempotent' && !value && readOnly === true) return `${names.read_only} is true`;
  return undefined;
}

/** A flag whose value depends on another flag the linter cannot read. */
function dependsOnUnknown(flag: ArcadeFlag, declared: Declared, names: Record<ArcadeFlag, string>): string | undefined {
  const { read_only: readOnly, destructive } = declared.flags;
  if ((flag === 'destructive' || flag === 'idempotent') && readOnly === 'unknown') return `${names.read_only} is computed at run time`;
  if (flag === 'read_only' && destructive === 'unknown') return `${names.destructive} is computed at run time`;
  if (flag !== 'open_world' && !declared.operationsKnown) return 'not every operation in the list can be read';
  return undefined;
}

export function inferFlag(flag: ArcadeFlag, declared: Declared, names: Record<ArcadeFlag, string>): Inferred {
  const unknownReason = dependsOnUnknown(flag, declared, names);
  if (unknownReason) return { omitted: unknownReason };
  const byFlags = fromFlags(flag, declared);
  const byOperations = fromOperations(flag, declared.operations);
  if (byFlags !== undefined && byOperations !== undefined && byFlags !== byOperations) {
    return { omitted: 'the flags and the operations you wrote disagree about it' };
  }
  const value = byFlags ?? byOperations ?? SPEC_PESSIMISTIC[flag];
  const conflict = contradiction(flag, value, declared, names);
  if (conflict) return { omitted: `${value} would contradict it, as ${conflict}` };
  return { value };
}
