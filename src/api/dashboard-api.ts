// Every endpoint of the dashboard server's own API under /api, gathered from the modules that
// declare them by concern (docs/decisions/027): for the OpenAPI document and the tests that
// hold the server to the list.
import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { auditEndpoints } from './audit';
import { batchEndpoints } from './batches';
import { scheduleEndpoints } from './schedules';
import { controlsEndpoints } from './controls';
import { sessionEndpoints } from './dashboard';
import type { EndpointDef } from './endpoints';
import { indexEndpoints, viewEndpoints } from './local-index';
import { notificationEndpoints } from './notifications';
import { reportEndpoints } from './reports';
import { ssoEndpoints } from './sso';
import { scimAdminEndpoints } from './scim';
import { statementEndpoints } from './statements';

export const ENDPOINT_GROUPS = {
  Session: sessionEndpoints,
  'Single sign-on': ssoEndpoints,
  Provisioning: scimAdminEndpoints,
  Account: accountEndpoints,
  Admin: adminEndpoints,
  Audit: auditEndpoints,
  'Money controls': controlsEndpoints,
  'Local index': indexEndpoints,
  'Saved views': viewEndpoints,
  'Bulk payouts': batchEndpoints,
  'Scheduled payouts': scheduleEndpoints,
  Notifications: notificationEndpoints,
  Reports: reportEndpoints,
  Statements: statementEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const dashboardEndpoints: readonly (EndpointDef & { tag: string })[] = Object.entries(
  ENDPOINT_GROUPS,
).flatMap(([tag, group]) =>
  Object.values(group as Record<string, EndpointDef>).map((e) => ({ ...e, tag })),
);
