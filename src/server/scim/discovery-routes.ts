// SCIM's discovery endpoints (RFC 7644 section 4): what this service provider supports, its
// resource types and their schemas.
import type { FastifyInstance } from 'fastify';
import { SCIM_SCHEMAS } from '#/api/scim';
import { SCIM_PREFIX, type ScimHelpers } from './route-helpers';

export function scimDiscoveryRoutes(app: FastifyInstance, helpers: ScimHelpers) {
  const ctx = app.dashboard;
  const base = () => `${ctx.address.origin()}${SCIM_PREFIX}`;
  const { send, list } = helpers;
  app.get('/ServiceProviderConfig', async (_request, reply) =>
    send(reply, 200, {
      schemas: [SCIM_SCHEMAS.config],
      documentationUri: `${ctx.address.origin()}/api/openapi.json`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: 'The token an admin makes under Settings → Provisioning.',
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${base()}/ServiceProviderConfig` },
    }),
  );

  const RESOURCE_TYPES = [
    { id: 'User', name: 'User', endpoint: '/Users', schema: SCIM_SCHEMAS.user },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: SCIM_SCHEMAS.group },
  ];
  /** What the service provider describes of itself: a list of one kind, each with its place. */
  const describe = (
    path: 'ResourceTypes' | 'Schemas',
    resourceType: 'ResourceType' | 'Schema',
    items: readonly { id: string }[],
  ) =>
    app.get(`/${path}`, async (request, reply) =>
      send(
        reply,
        200,
        list(
          items.map((item) => ({
            schemas: [SCIM_SCHEMAS[path === 'Schemas' ? 'schema' : 'resourceType']],
            ...item,
            meta: { resourceType, location: `${base()}/${path}/${item.id}` },
          })),
          request.query as Record<string, string | undefined>,
        ),
      ),
    );
  describe('ResourceTypes', 'ResourceType', RESOURCE_TYPES);

  const attribute = (name: string, type: string, extra: object = {}) => ({
    name,
    type,
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...extra,
  });
  const SCHEMAS = [
    {
      id: SCIM_SCHEMAS.user,
      name: 'User',
      description: 'A person of the workspace',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server' }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('displayName', 'string'),
        attribute('name', 'complex', {
          subAttributes: ['formatted', 'givenName', 'familyName'].map((n) =>
            attribute(n, 'string'),
          ),
        }),
        attribute('active', 'boolean'),
        attribute('emails', 'complex', {
          multiValued: true,
          subAttributes: [
            attribute('value', 'string'),
            attribute('type', 'string'),
            attribute('primary', 'boolean'),
          ],
        }),
        attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
      ],
    },
    {
      id: SCIM_SCHEMAS.group,
      name: 'Group',
      description: 'A group of the directory; its name gives roles through the group map',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('members', 'complex', {
          multiValued: true,
          subAttributes: [attribute('value', 'string'), attribute('display', 'string')],
        }),
      ],
    },
  ];
  describe('Schemas', 'Schema', SCHEMAS);
}
