import { behaviorOf } from './shared/arcade';
import { Rule, severities } from './rule';
import { ENUM_MESSAGES, reportEnumProblems } from './shared/enum-values';

export const unknownOperation: Rule = {
  code: 'MTL205',
  name: 'unknown-operation',
  severity: severities('error', { spec: 'off' }),
  fixable: 'quickfix',
  messages: ENUM_MESSAGES,
  docs: {
    summary: 'An operation that is not one of Arcade\'s five Operation values.',
    whatItDoes: 'Reports `Operation.X` or a string in `operations` that is not READ, CREATE, UPDATE, DELETE or OPAQUE (strings: their lowercase values), including a wrong case such as `"DELETE"`.',
    why: 'Arcade validates the enum when the metadata is built: an unknown or upper-case string makes the module fail to load, and an unknown `Operation.X` is an AttributeError at import. The five operations have not changed since the feature was added (Arcade core 4.11 has them too). Either way clients never see the tool.',
    example: 'behavior=Behavior(operations=["DELETE", Operation.WRITE])',
    useInstead: 'behavior=Behavior(operations=["delete", Operation.UPDATE])',
    fix: 'Quick-fix: replace with the closest known value (did-you-mean) when there is one. Not applied on save.',
    mapping: 'Not sent as an MCP annotation: the operations go to `_meta.arcade.metadata.behavior`.',
  },
  check(declaration, context) {
    // Every unknown operation is one Arcade rejects (the five operations have not changed).
    reportEnumProblems(behaviorOf(declaration.metadata)?.operations?.items, 'Operation', context, { certain: context.severity, uncertain: context.severity });
  },
};
