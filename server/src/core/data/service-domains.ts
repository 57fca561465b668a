/**
 * Arcade's `ServiceDomain` enum as of arcade-core 4.11 (30 members, declaration order).
 * Descriptions of the first 24 follow Arcade's docs; the last six are ours (rules.md).
 */
export interface EnumMemberInfo {
  member: string;
  value: string;
  description: string;
}

function member(name: string, description: string): EnumMemberInfo {
  return { member: name, value: name.toLowerCase(), description };
}

export const SERVICE_DOMAINS: readonly EnumMemberInfo[] = [
  member('PROJECT_MANAGEMENT', 'Project tracking, issue management, and work item software'),
  member('CRM', 'Customer relationship management — contacts, deals, pipelines'),
  member('CONTACTS', 'Contact and address-book services'),
  member('EMAIL', 'Email services for sending, receiving, and managing messages'),
  member('CALENDAR', 'Calendar and scheduling services'),
  member('MESSAGING', 'Real-time team and business messaging platforms'),
  member('DOCUMENTS', 'Document editing, wikis, and knowledge base platforms'),
  member('CLOUD_STORAGE', 'Cloud file storage and sharing services'),
  member('SPREADSHEETS', 'Spreadsheet and tabular data software'),
  member('PRESENTATIONS', 'Presentation and slideshow software'),
  member('DESIGN', 'UI/UX design and prototyping tools'),
  member('SOURCE_CODE', 'Source code management, version control, and code review'),
  member('PAYMENTS', 'Payment processing, invoicing, and billing'),
  member('SOCIAL_MEDIA', 'Platforms where users publish content to a public audience through a social feed'),
  member('VIDEO_HOSTING', 'Video hosting, streaming, and distribution platforms'),
  member('MUSIC_STREAMING', 'Music streaming and playback platforms'),
  member('CUSTOMER_SUPPORT', 'Help desk, ticketing, and customer service software'),
  member('ECOMMERCE', 'Online shopping, product catalogs, and retail platforms'),
  member('INCIDENT_MANAGEMENT', 'Incident response, on-call management, and operational alerting'),
  member('WEB_SCRAPING', 'Web data extraction and crawling services'),
  member('CODE_SANDBOX', 'Cloud code execution and sandboxed runtime environments'),
  member('VIDEO_CONFERENCING', 'Video meeting and conferencing platforms'),
  member('GEOSPATIAL', 'Maps, navigation, directions, and geocoding services'),
  member('FINANCIAL_DATA', 'Financial market data and stock information services'),
  member('TRAVEL', 'Travel search, flight and hotel booking platforms'),
  member('PRODUCT_ANALYTICS', 'Product and web analytics (events, funnels, user behaviour)'),
  member('OBSERVABILITY', 'Monitoring, logging, tracing and APM'),
  member('SALES_INTELLIGENCE', 'Prospecting, lead enrichment and company data'),
  member('SURVEY', 'Survey and form platforms'),
  member('BUSINESS_INTELLIGENCE', 'BI dashboards, reporting and data visualisation'),
];

export const OPERATIONS: readonly EnumMemberInfo[] = [
  member('READ', 'The tool only observes. No state was created, modified, or removed.'),
  member('CREATE', 'A resource that did not exist before now does (messages sent, files uploaded, records inserted).'),
  member('UPDATE', 'An existing resource changed, but the resource identity persists (rename, archive, patch).'),
  member('DELETE', 'A resource is no longer retrievable (permanent deletion, soft-delete, cancellation).'),
  member('OPAQUE', 'The effect depends entirely on runtime inputs and cannot be predicted from the tool definition.'),
];

export const MUTATING_OPERATIONS: ReadonlySet<string> = new Set(['CREATE', 'UPDATE', 'DELETE']);

export type EnumName = 'ServiceDomain' | 'Operation';

export function enumMembers(enumName: EnumName): readonly EnumMemberInfo[] {
  return enumName === 'ServiceDomain' ? SERVICE_DOMAINS : OPERATIONS;
}
