// The end of a sign-in through an identity provider, whatever the protocol (docs/decisions/051):
// the address checked against the provider's domains, roles from its groups through the
// admin's map, the person found (linked to the provider's subject) or made just in time, a
// session opened, and the browser taken on into the dashboard. Refusals go back to the sign-in
// page with the reason in a code; everything is audited.
import { type PageLanguage, SOURCE_LANGUAGE } from '#/i18n/languages';
import { answerLanguage, sayIn, sayText } from '../words';
import { said, codedWords } from '#/i18n/words';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PersonName } from '#/api/admin';
import type { Role } from '#/api/roles';
import type { GroupRoles } from '#/api/sso';
import { SSO_REFUSALS, type SsoRefusal } from '#/api/sso-refusals';
import type { SsoTestResult } from '#/api/sso';
import { DASHBOARD_LINKS } from '#/api/products';
import type { EnvironmentInfo } from '#/api/dashboard';
import { type SignInDeps, openSession } from '../notifications/new-browser';
import type { Notices } from '../notifications/notices';
import { audit, languageOf } from '../request';
import type { SsoStore } from '../store/sso';
import { sha256, type User, type WorkspaceStore } from '../store/workspace';
import { covers, groupWordsOf, rolesFromGroups } from './roles';
import { saidData } from '#/i18n/said-data';

const SIGN_IN_PAGE = '/sign-in';

/** An error as the audit trail keeps it: its message and what caused it, briefly. */
export function errorWords(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  // A provider's error answer is the cause of openid-client's error: its words are kept too.
  const answered = error.cause as { error?: unknown; error_description?: unknown } | undefined;
  const cause =
    error.cause instanceof Error
      ? `: ${error.cause.message}`
      : typeof answered?.error === 'string'
        ? `: ${answered.error}${typeof answered.error_description === 'string' ? ` (${answered.error_description})` : ''}`
        : '';
  const code = 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
  return `${error.message}${code}${cause}`.slice(0, 300);
}

/**
 * The page a sign-in answers once signed in: it takes the browser on to `path` itself. A
 * redirect would not do: the way here began at the provider, another site, so the browser
 * would not send the session cookie (SameSite=Strict) with the next page; a navigation this
 * page starts is the dashboard's own. No script (the CSP allows none inline).
 */
export function onwardPage(path: string, language: PageLanguage = SOURCE_LANGUAGE): string {
  const href = path.replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`);
  const say = (words: (typeof ONWARD)[keyof typeof ONWARD]) =>
    sayIn(language, said(words)).replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>${say(ONWARD.title)} · Partner Payments</title></head><body><p>${say(ONWARD.signedIn)} <a href="${href}">${say(ONWARD.onward)}</a>.</p></body></html>`;
}

/** The page that takes a person on after single sign-on, in their language (decision 091). */
const ONWARD = {
  title: /*i18n*/ { id: 'ssoOnward.title', message: 'Signing in…' },
  signedIn: /*i18n*/ { id: 'ssoOnward.signedIn', message: 'Signed in.' },
  onward: /*i18n*/ { id: 'ssoOnward.continue', message: 'Continue to the dashboard' },
};

/** Back to the sign-in page, which says why in words; the refusal is audited. */
export async function refuseSso(
  request: FastifyRequest,
  reply: FastifyReply,
  code: SsoRefusal,
  details: Record<string, unknown>,
  target: string | null = null,
  actor?: User,
) {
  // A flood of starts is counted by its limiter, not written into the audit trail one by one.
  if (code !== 'TOO_MANY')
    await audit(
      request,
      { action: 'sso sign-in', outcome: 'refused', target, details: { reason: code, ...details } },
      actor,
    );
  return reply.redirect(`${SIGN_IN_PAGE}?sso=${code}`, 303);
}

/**
 * Gives a person the roles their directory's groups give (at a sign-in, or as SCIM changes a
 * group), audited as "roles from the directory" when they change.
 */
export async function takeDirectoryRoles(
  workspace: Pick<WorkspaceStore, 'setRoles'>,
  request: FastifyRequest,
  user: User,
  roles: Role[],
  details: Record<string, unknown>,
  actor?: User,
) {
  const before = user.roles;
  if (roles.length === before.length && roles.every((r) => before.includes(r))) return;
  // The last active admin keeps their roles until another admin is made (docs/decisions/063):
  // the refusal is in the audit trail for the admins to see.
  const outcome = await workspace.setRoles(user.id, roles);
  await audit(
    request,
    {
      action: 'roles from the directory',
      outcome: outcome === 'ok' ? 'ok' : 'refused',
      target: user.email,
      details: {
        ...details,
        before,
        after: roles,
        ...(outcome === 'ok' ? {} : { reason: 'LAST_ADMIN' }),
      },
    },
    actor,
  );
}

/** The subject a person is linked to: the protocol, the provider and its id for them. */
const subjectOf = (protocol: string, provider: string, id: string) =>
  `${protocol} ${provider} ${id}`;
const providerOfSubject = (subject: string) => subject.split(' ')[1];

/** What completing a sign-in reads and writes (parts of the server's context). */
export interface CompleteSignInDeps extends SignInDeps {
  workspace: SignInDeps['workspace'] &
    Pick<
      WorkspaceStore,
      | 'setRoles'
      | 'userByEmail'
      | 'userById'
      | 'linkSso'
      | 'createUser'
      | 'credentialHints'
      | 'endSession'
    >;
  sso: SignInDeps['sso'] & Pick<SsoStore, 'noteSignIn' | 'noteSamlSession'>;
  environments: readonly Pick<EnvironmentInfo, 'id'>[];
  notifications: { notices: Notices };
}

/** What a provider vouched for, as a sign-in (or a test of one) reads it. */
export interface ProviderIdentity {
  protocol: 'oidc' | 'saml';
  /** The provider: its issuer or entity id. */
  provider: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  name: string | undefined;
  groups: unknown;
  connection: { domains: readonly string[]; roleMap: readonly GroupRoles[] };
}

/**
 * Whether the provider's word lets a person in, before anyone is looked up: a verified address
 * in the provider's domains, and at least one role from the groups. The same rule for a sign-in
 * and for an admin's test of one (docs/decisions/085).
 */
export function judgeSignIn(
  signIn: ProviderIdentity,
):
  | { email: string; roles: Role[]; groupNames: string[] }
  | { refused: SsoRefusal; email?: string; details: Record<string, unknown> } {
  const { connection } = signIn;
  const email = signIn.email?.trim().toLowerCase();
  if (!email || signIn.emailVerified === false)
    return { refused: 'FAILED', details: { reason: 'no verified email' } };
  if (!covers(connection.domains, email)) return { refused: 'OTHER_DOMAIN', email, details: {} };
  const groupNames = groupWordsOf(signIn.groups, connection.roleMap);
  const roles: Role[] = rolesFromGroups(signIn.groups, connection.roleMap);
  if (roles.length === 0) return { refused: 'NO_ROLE', email, details: { groups: groupNames } };
  return { email, roles, groupNames };
}

/** Why a test sign-in would not sign its person in: the refusal's words, then the diagnostic. */
const TEST_REFUSED = codedWords({
  refused: /*i18n*/ { id: 'ssoTest.refused', message: '{why} {detail}' },
}).refused;
// The sign-in page's refusals, known by id to whoever tells a kept test.
codedWords(SSO_REFUSALS);

function testRefusal(
  refusal:
    | { code: SsoRefusal; details: Record<string, unknown> }
    | {
        refused: SsoRefusal;
        details: Record<string, unknown>;
      },
): string {
  const why = saidData(SSO_REFUSALS['code' in refusal ? refusal.code : refusal.refused]);
  const detail = String(refusal.details.reason ?? refusal.details.error ?? '');
  return JSON.stringify(detail ? saidData(TEST_REFUSED, { why, detail }) : why);
}

/**
 * An admin's test sign-in ends here (docs/decisions/085): what the provider sent, whether it
 * would sign that person in and with which roles (by the same rule as a sign-in, judgeSignIn),
 * or why not, kept for Settings and audited; nobody is signed in or made.
 */
export async function keepTest(
  ctx: { sso: Pick<SsoStore, 'saveTest'>; now: () => number },
  request: FastifyRequest,
  reply: FastifyReply,
  test: {
    protocol: 'oidc' | 'saml';
    provider: string;
    by: string;
    read:
      | { identity: ProviderIdentity; claims: SsoTestResult['claims'] }
      | { code: SsoRefusal; details: Record<string, unknown> };
  },
) {
  const { read } = test;
  const judged = 'identity' in read ? judgeSignIn(read.identity) : undefined;
  const refusal = 'code' in read ? read : judged && 'refused' in judged ? judged : undefined;
  // Kept as words (decision 092), told in the reading admin's language; the check's own
  // diagnostic (the standard's terms) follows as it was written.
  const reason = refusal && testRefusal(refusal);
  const identity = 'identity' in read ? read.identity : undefined;
  const given = judged && !('refused' in judged) ? judged : undefined;
  const result: SsoTestResult = {
    protocol: test.protocol,
    provider: test.provider,
    at: ctx.now(),
    by: test.by,
    wouldSignIn: given !== undefined,
    refusal: reason ?? null,
    subject: identity?.subject ?? null,
    email: identity?.email ?? null,
    name: identity?.name ?? null,
    groups: identity ? groupWordsOf(identity.groups, identity.connection.roleMap) : [],
    roles: given?.roles ?? [],
    claims: 'claims' in read ? read.claims.slice(0, 100) : [],
  };
  await ctx.sso.saveTest(result);
  await audit(request, {
    action: 'test sign-in',
    outcome: result.wouldSignIn ? 'ok' : 'refused',
    target: result.email,
    details: {
      protocol: test.protocol,
      provider: test.provider,
      refusal: result.refusal && sayText(null, result.refusal),
    },
  });
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(onwardPage(`${DASHBOARD_LINKS.signInSettings}?test=done`, languageOf(request)));
}

export async function completeSignIn(
  ctx: CompleteSignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: ProviderIdentity & {
    returnTo: string | null | undefined;
    /** A SAML sign-in: the provider's session of the person, for single logout. */
    samlSession?: { nameIdFormat: string; sessionIndex: string | null } | undefined;
  },
) {
  const { provider } = signIn;
  const judged = judgeSignIn(signIn);
  if ('refused' in judged)
    return refuseSso(
      request,
      reply,
      judged.refused,
      { provider, ...judged.details },
      judged.email ?? null,
    );
  const { email, roles, groupNames } = judged;

  const subject = subjectOf(signIn.protocol, provider, signIn.subject);
  let user = await ctx.workspace.userByEmail(email);
  if (user) {
    if (user.disabledAt !== null)
      return refuseSso(request, reply, 'DEACTIVATED', { provider }, email, user);
    // Linked to another person at the same provider: the address was given to someone new.
    if (
      user.ssoSubject &&
      user.ssoSubject !== subject &&
      providerOfSubject(user.ssoSubject) === provider
    )
      return refuseSso(
        request,
        reply,
        'FAILED',
        { provider, reason: 'another subject' },
        email,
        user,
      );
    if (user.ssoSubject !== subject) await ctx.workspace.linkSso(user.id, subject);
    await takeDirectoryRoles(
      ctx.workspace,
      request,
      user,
      roles,
      { provider, groups: groupNames },
      user,
    );
    user = (await ctx.workspace.userById(user.id))!;
  } else {
    // Just in time: the first sign-in of an address the provider covers makes the person.
    const named = PersonName.safeParse(signIn.name ?? '');
    ({ user } = await ctx.workspace.createUser({
      email,
      name: named.success ? named.data : email,
      roles,
      ssoSubject: subject,
    }));
    await audit(
      request,
      {
        action: 'person made by single sign-on',
        outcome: 'ok',
        target: email,
        details: { provider, roles, groups: groupNames },
      },
      user,
    );
  }

  const stored = await ctx.workspace.credentialHints();
  const environment =
    ctx.environments.find((e) => stored.some((h) => h.environment === e.id))?.id ??
    ctx.environments[0]?.id ??
    'sandbox';
  await ctx.workspace.endSession(request.cookies[ctx.cookie.name]);
  const opened = await openSession(
    ctx,
    request,
    reply,
    user.id,
    environment,
    ctx.notifications.notices,
  );
  if (signIn.samlSession)
    await ctx.sso.noteSamlSession(sha256(opened.token), {
      provider,
      nameId: signIn.subject,
      ...signIn.samlSession,
    });
  await ctx.sso.noteSignIn(signIn.protocol, email);
  await audit(
    request,
    {
      action: 'sso sign-in',
      outcome: 'ok',
      target: email,
      details: { provider, protocol: signIn.protocol, groups: groupNames, roles },
    },
    user,
  );
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      onwardPage(
        signIn.returnTo ?? '/',
        answerLanguage(user.language, request.headers['accept-language']),
      ),
    );
}
