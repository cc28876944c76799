// The dashboard server's own endpoints (sign-in and session), shared by the server and the SPA.
import { z } from 'zod';

export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export const Environment = z.enum(ENVIRONMENTS, { error: 'must be sandbox or live' });
export type Environment = z.infer<typeof Environment>;

const credential = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: 'is required' })
    .max(200, { error: 'must be at most 200 characters' });

/** Body of `POST /api/session`: credentials, or the embedded sandbox's demo partner. */
export const SignIn = z.union([
  z.object({ environment: z.literal('sandbox'), demo: z.literal(true) }),
  z.object({
    environment: Environment,
    apiKey: credential('The API key'),
    apiSecret: credential('The API secret'),
  }),
]);
export type SignIn = z.input<typeof SignIn>;

/** The credentials form, also used by the SPA to validate before sending. */
export const CredentialsForm = z.object({
  environment: Environment,
  apiKey: credential('The API key'),
  apiSecret: credential('The API secret'),
});
export type CredentialsForm = z.infer<typeof CredentialsForm>;

export const EnvironmentInfo = z.object({
  id: Environment,
  label: z.string(),
  /** The embedded sandbox offers one-click sign-in as its demo partner. */
  demo: z.boolean(),
});
export type EnvironmentInfo = z.infer<typeof EnvironmentInfo>;

export const SessionInfo = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false), environments: z.array(EnvironmentInfo) }),
  z.object({
    signedIn: z.literal(true),
    environments: z.array(EnvironmentInfo),
    environment: Environment,
    demo: z.boolean(),
    /** The key, shortened: enough to recognise it, never the secret. */
    apiKeyHint: z.string(),
    /** {base_url} of the environment, for links to its reference pages. */
    baseUrl: z.string(),
    expiresAt: z.int(),
  }),
]);
export type SessionInfo = z.infer<typeof SessionInfo>;
