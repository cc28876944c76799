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
  /** Claims of its kind of provider: Entra's `tid`, Google's `hd`. */
  extra?: Record<string, string>;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, IdpPerson>;
  /** A new signing key, published beside the old one and signing from now on. */
  rotate(): Promise<void>;
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
  /** A path of the issuer, as Entra's `/{tenant}/v2.0`. */
  issuerPath?: string;
  /** The client authenticates with a JWT signed by its key, published at this JWKS URL. */
  privateKeyJwt?: { jwksUri: string };
}): Promise<TestIdp> {
  const people = new Map(Object.entries(options.people));
  const server = http.createServer();
  // At "localhost", another site than the dashboard's 127.0.0.1 (ports do not make a site):
  // the browser treats the way back from the provider as the cross-site navigation it is.
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const root = `http://localhost:${(server.address() as AddressInfo).port}`;
  const issuer = `${root}${options.issuerPath ?? ''}`;
  const clientId = 'partner-dashboard';
  const clientSecret = 'a-client-secret-of-at-least-32-characters-long';
  const signingKey = async (kid: string) => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid };
  };
  // The first key signs; the others are published for tokens they signed before.
  let keys = [await signingKey('test')];
  const providerWith = (jwks: typeof keys) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          redirect_uris: [options.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          ...(options.privateKeyJwt
            ? {
                token_endpoint_auth_method: 'private_key_jwt',
                jwks_uri: options.privateKeyJwt.jwksUri,
              }
            : { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_post' }),
          ...(options.signsWithClientSecret ? { id_token_signed_response_alg: 'HS256' } : {}),
        },
      ],
      enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
      jwks: { keys: jwks },
      // Claims of the scopes asked for go into the ID token too, as Entra and Google put them.
      conformIdTokenClaims: false,
      // It reads the dashboard's JWKS on this machine, which its guard against private addresses
      // would refuse: the dispatcher carrying that guard is left out, for this test provider only.
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & {
          dispatcher?: unknown;
        };
        return fetch(input, rest);
      },
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
            ...person.extra,
          }),
        };
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'groups', 'tid', 'hd'],
      },
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
  let callback = (() => {
    const provider = providerWith(keys);
    // Its warnings about development settings are for people running it in production.
    provider.on('server_error', () => undefined);
    return provider.callback();
  })();
  server.on('request', (req, res) => {
    // The issuer's path is the provider's: its discovery lives under it.
    if (options.issuerPath && req.url?.startsWith(options.issuerPath))
      req.url = req.url.slice(options.issuerPath.length) || '/';
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
      if (!url.href.startsWith(root)) return url;
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
    async rotate() {
      keys = [await signingKey(`key-${keys.length + 1}`), ...keys];
      const provider = providerWith(keys);
      provider.on('server_error', () => undefined);
      callback = provider.callback();
    },
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
