// The partner's API as the dashboard server calls it for a signed-in person: the environment's
// stored credentials, its upstream and pacer, and the local index that keeps each record an
// answer carries (docs/decisions/018). The calls themselves are ./partner-client.ts's.
import type { Environment } from '#/api/dashboard';
import type { ApiPacer } from './pacer';
import { type ClientDeps, type PartnerClient, partnerClient } from './partner-client';
import type { WorkspaceStore } from './store/workspace';
import type { Upstream } from './upstream';

export { answerJson } from './partner-client';
export type PartnerApi = PartnerClient;

/** What a partner client for an environment is made from (parts of the server's context). */
export interface PartnerApiDeps {
  workspace: Pick<WorkspaceStore, 'credentials'>;
  upstreams: ReadonlyMap<Environment, Upstream>;
  pacer: ApiPacer;
  sync: { noteAnswer: NonNullable<ClientDeps['noteAnswer']> };
}

/** The environment's API with its stored credentials, or undefined when they are not set. */
export async function partnerApi(
  deps: PartnerApiDeps,
  environment: Environment,
): Promise<PartnerApi | undefined> {
  const credentials = await deps.workspace.credentials(environment);
  const upstream = deps.upstreams.get(environment);
  if (!credentials || !upstream) return undefined;
  return partnerClient({
    environment,
    upstream,
    credentials,
    pacer: deps.pacer,
    noteAnswer: (env, kind, path, raw) => deps.sync.noteAnswer(env, kind, path, raw),
  });
}
