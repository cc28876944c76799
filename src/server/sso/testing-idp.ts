// For tests and journeys only: a real OpenID provider (oidc-provider, from the npm registry) on a
// loopback port, with people in groups, and a way to sign in at it as a browser would (its own
// login and consent pages, driven over HTTP). No mock of the flow: the dashboard discovers it,
// is sent there and exchanges a real code for a signed ID token.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface IdpPerson {
  email: string;
  name: string;
  groups: string[];
  emailVerified?: boolean;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, IdpPerson>;
  /**
   * Follows the authorization URL as a browser would, signs in as `login` (a key of `people`)
   * and consents: the URL the provider sends the browser back to (the dashboard's callback).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestIdp(options: {
  redirectUri: string;
  people: Record<string, IdpPerson>;
  /** A provider that signs ID tokens with the client secret (HS256): for the attack tests. */
  signsWithClientSecret?: boolean;
  /** Strips each ID token's signature and says `alg: none`: for the attack tests. */
  unsignedIdTokens?: boolean;
}): Promise<TestIdp> {
  const people = new Map(Object.entries(options.people));
  const server = http.createServer();
  // At "localhost", another site than the dashboard's 127.0.0.1 (ports do not make a site):
  // the browser treats the way back from the provider as the cross-site navigation it is.
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const clientId = 'partner-dashboard';
  const clientSecret = 'a-client-secret-of-at-least-32-characters-long';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        ...(options.signsWithClientSecret ? { id_token_signed_response_alg: 'HS256' } : {}),
      },
    ],
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    findAccount: (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name,
          groups: person.groups,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['a-test-cookie-key'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  // Its warnings about development settings are for people running it in production.
  provider.on('server_error', () => undefined);
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!options.unsignedIdTokens || req.url !== '/token') return callback(req, res);
    // A provider gone bad: the same token answer, its ID token's signature stripped.
    const write = res.end.bind(res);
    const chunks: Buffer[] = [];
    res.write = ((chunk: Buffer) => (chunks.push(Buffer.from(chunk)), true)) as typeof res.write;
    res.end = ((chunk?: Buffer) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token?: string };
      if (body.id_token) {
        const [, payload] = body.id_token.split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
        body.id_token = `${header}.${payload}.`;
      }
      const text = JSON.stringify(body);
      res.setHeader('content-length', Buffer.byteLength(text));
      return write(text);
    }) as typeof res.end;
    return callback(req, res);
  });

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
    };
    const cookieHeader = () => [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 12; step++) {
      if (!url.href.startsWith(issuer)) return url;
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
      });
      remember(response);
      body = undefined;
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      // A page of the provider: its login form, then its consent form.
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action)
        throw new Error(`The provider showed no form at ${url.href}: ${page.slice(0, 300)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url);
      body = page.includes('name="login"')
        ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
        : new URLSearchParams({ prompt: 'consent' });
    }
    throw new Error('The provider did not send the browser back.');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    signIn,
    close: () => closeServer(server),
  };
}

/** Closes a test provider's server, its open connections too. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
