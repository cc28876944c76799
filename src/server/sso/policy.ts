// The sign-in policy (docs/decisions/051): with single sign-on required, an address in the
// provider's domains signs in only through it, but for the named break-glass admins.
import type { SsoStore } from '../store/sso';
import { covers } from './roles';

/** The provider this address must sign in through (its issuer), or null when a password may do. */
export async function mustUseSso(sso: SsoStore, email: string): Promise<string | null> {
  const policy = await sso.policy();
  if (!policy.ssoRequired) return null;
  const provider = [await sso.oidc(), await sso.saml()]
    .map((c) => c && { domains: c.domains, id: 'issuer' in c ? c.issuer : c.entityId })
    .find((c) => c && covers(c.domains, email));
  if (!provider) return null;
  if (policy.breakGlass.includes(email.trim().toLowerCase())) return null;
  return provider.id;
}
