// The partner's API as the dashboard server calls it for a signed-in person: the environment's
// stored credentials, its upstream and pacer, and the local index that keeps each record an
// answer carries (docs/decisions/018). The calls themselves are ./partner-client.ts's.
import type { Environment } from '#/api/dashboard';
import type { DashboardContext } from './context';
import { type PartnerClient, partnerClient } from './partner-client';

export { answerJson, isFinalAnswer, refusalText } from './partner-client';
export type PartnerApi = PartnerClient;

/** The environment's API with its stored credentials, or undefined when they are not set. */
export async function partnerApi(
  ctx: Pick<DashboardContext, 'workspace' | 'upstreams' | 'pacer' | 'sync'>,
  environment: Environment,
): Promise<PartnerApi | undefined> {
  const credentials = await ctx.workspace.credentials(environment);
  const upstream = ctx.upstreams.get(environment);
  if (!credentials || !upstream) return undefined;
  return partnerClient({
    environment,
    upstream,
    credentials,
    pacer: ctx.pacer,
    noteAnswer: (env, kind, path, raw) => ctx.sync.noteAnswer(env, kind, path, raw),
  });
}
