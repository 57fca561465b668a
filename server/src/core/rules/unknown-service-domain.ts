import { classificationOf } from './shared/arcade';
import { Rule, severities } from './rule';
import { ENUM_MESSAGES, reportEnumProblems } from './shared/enum-values';

export const unknownServiceDomain: Rule = {
  code: 'MTL204',
  name: 'unknown-service-domain',
  severity: severities('warning', { spec: 'off', arcade: 'error' }),
  cases: {
    rejected: { label: 'rejected by Arcade', when: 'a value Arcade certainly rejects: a wrong case, a near-miss of a known value, or not a string', severity: severities('error') },
  },
  fixable: 'quickfix',
  messages: ENUM_MESSAGES,
  docs: {
    summary: 'A service domain that is not one of the 30 ServiceDomain values Arcade knows.',
    whatItDoes: 'Reports `ServiceDomain.X` or a string in `service_domains` that is not one of the 30 values of Arcade core 4.11. A wrong case (`"EMAIL"`, which Arcade rejects; only the lowercase value or the enum member is accepted), a near-miss of a known value, or a value that is not a string at all is an error; any other unknown value is a warning, since Arcade keeps adding domains. The `arcade` profile reports every unknown value as an error, as the Arcade version it checks against (core 4.11) rejects it.',
    why: 'Arcade validates the enum when the metadata is built: an unknown or upper-case string makes the module fail to load, and an unknown `ServiceDomain.X` is an AttributeError at import. Either way clients never see the tool. A value unknown to this version may be one a newer Arcade added: ignore the warning if yours has it.',
    example: 'classification=Classification(service_domains=["EMAIL", ServiceDomain.CALENDER])',
    useInstead: 'classification=Classification(service_domains=["email", ServiceDomain.CALENDAR])',
    fix: 'Quick-fix: replace with the closest known value (did-you-mean), keeping the form written (enum member or string). Not applied on save.',
    mapping: 'Not sent as an MCP annotation: the domains go to `_meta.arcade.metadata.classification`.',
  },
  check(declaration, context) {
    // The arcade profile's severity is error: an unknown domain is one Arcade 4.11 rejects.
    reportEnumProblems(classificationOf(declaration.metadata)?.serviceDomains?.items, 'ServiceDomain', context, { certain: context.severityOf('rejected'), uncertain: context.severity });
  },
};
