// Single sign-on and provisioning in Settings (src/api/sso.ts, src/api/scim.ts): apart from the
// workspace's other queries, so that their contracts load with the Settings page, not with every
// page (the route loaders' imports are part of the first load).
import { callEndpoint, callEndpointHoldable } from '#/api/call';
import { scimAdminEndpoints } from '#/api/scim';
import {
  type OidcSettingsForm,
  type SamlSettingsForm,
  type SignInPolicyForm,
  ssoEndpoints,
} from '#/api/sso';
import { api } from '#/lib/api';
import { endpointQuery } from '#/lib/endpoint-query';
import { settingsKeys, useSettingsMutation } from './queries';

export const ssoQuery = endpointQuery(settingsKeys.sso, ssoEndpoints.getSso);

export const useSetOidc = () =>
  useSettingsMutation((body: OidcSettingsForm) =>
    callEndpointHoldable(api, ssoEndpoints.setOidc, { body }),
  );

export const useSetSaml = () =>
  useSettingsMutation((body: SamlSettingsForm) =>
    callEndpointHoldable(api, ssoEndpoints.setSaml, { body }),
  );

export const useRemoveSaml = () =>
  useSettingsMutation(() => callEndpoint(api, ssoEndpoints.removeSaml));

export const useRemoveOidc = () =>
  useSettingsMutation(() => callEndpoint(api, ssoEndpoints.removeOidc));

/** Starts a test sign-in: the browser goes to the provider, and comes back to Settings. */
export const startSsoTest = (protocol: 'oidc' | 'saml') =>
  callEndpoint(api, ssoEndpoints.startSsoTest, { body: { protocol } });

export const useSetSignInPolicy = () =>
  useSettingsMutation((body: SignInPolicyForm) =>
    callEndpoint(api, ssoEndpoints.setSignInPolicy, { body }),
  );

export const scimQuery = endpointQuery(settingsKeys.scim, scimAdminEndpoints.getScim);

export const useMakeScimToken = () =>
  useSettingsMutation(() => callEndpoint(api, scimAdminEndpoints.makeScimToken));

export const useRevokeScimToken = () =>
  useSettingsMutation(() => callEndpoint(api, scimAdminEndpoints.revokeScimToken));
