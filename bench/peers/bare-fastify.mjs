// The bench's floor: a bare Fastify server of the same version, with a route that answers
// GET /v1/business/:id with an object shaped like a merchant after checking the two credential
// headers are there. No database, no validation, no hooks: what Fastify itself costs.
import Fastify from 'fastify';

const merchant = {
  id: 1,
  creationTime: 1_795_000_000_000,
  lastUpdateTime: 1_795_000_000_000,
  name: 'Lumen Textiles GmbH',
  contactOwnerBusinessId: null,
  localRegNumber: 'HRB 204518',
  countryIso: 'DE',
  state: null,
  city: 'Berlin',
  address: 'Friedrichstraße',
  streetNumber: '68',
  zipcode: '10117',
  contactName: 'Jonas Keller',
  contactEmail: 'jonas@lumentextiles.example',
  contactPhonePrefix: '49',
  contactPhone: '30123456',
  industry: 'TEXTILES',
  kycStatus: 'VALID',
};

const app = Fastify();
app.get('/v1/business/:id', async (request, reply) => {
  if (!request.headers['x-api-key'] || !request.headers['x-api-secret'])
    return reply.code(401).send({ code: 'UNAUTHORIZED' });
  return { ...merchant, id: Number(request.params.id) };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' ? address.port : ''}`);
