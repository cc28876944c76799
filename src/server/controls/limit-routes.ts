// Limits per person, merchant and workspace (docs/decisions/089): listed with their use for
// everyone signed in (a finance person sees what is left of theirs), added by an admin at once
// (a limit only tightens), removed by an admin with a second admin's approval where there is one
// (a removal loosens), like a policy (docs/decisions/042).
import { CHANGE } from './change-words';
import { FIELD, REFUSED } from '../refusal-words';
import { said, wordsCode } from '#/i18n/words';
import { saidData } from '#/i18n/said-data';
import type { FastifyInstance } from 'fastify';
import { formatAmount } from '#/api/formats';
import { controlsEndpoints as E, type MoneyLimit } from '#/api/controls';
import { audit, invalidInput, problem } from '../request';
import { route } from '../endpoint';
import { holdForSecondAdmin } from './changes';
import type { StoredLimit } from './limits';
import type { ControlsRouteHelpers } from './route-helpers';

const PERIOD_WORDS = { transaction: 'per transaction', day: 'a day', month: 'a month' } as const;

/** A limit in words, for the trail and a change held for a second admin. */
export const limitSummary = (l: StoredLimit & { targetName: string }, base: string) =>
  `${formatAmount(l.amount, base)} ${base} ${PERIOD_WORDS[l.period]} for ${l.targetName}`;

export function limitRoutes(app: FastifyInstance, { signedIn }: ControlsRouteHelpers) {
  const ctx = app.dashboard;
  const { controls } = ctx;

  /** Whom a limit is about, in words. */
  async function targetNameOf(environment: string, l: Pick<StoredLimit, 'scope' | 'target'>) {
    if (l.scope === 'workspace') return 'the workspace';
    if (l.target === '*') return l.scope === 'person' ? 'each person' : 'each merchant';
    if (l.scope === 'person')
      return (await ctx.workspace.userById(l.target))?.name ?? 'someone no longer here';
    const id = Number(l.target);
    const name = (await ctx.index.merchantNames(environment, [id])).get(id);
    return name ? `${name} (#${id})` : `merchant #${id}`;
  }

  async function shown(
    environment: string,
    l: StoredLimit,
    use?: { used: string; target: string } | null,
  ): Promise<MoneyLimit> {
    const usedBy =
      use && l.target === '*' && l.scope !== 'workspace'
        ? await targetNameOf(environment, { scope: l.scope, target: use.target })
        : null;
    return {
      ...l,
      targetName: await targetNameOf(environment, l),
      used: use?.used ?? null,
      usedBy,
    };
  }

  route(app, E.listLimits, async ({ request }) => {
    const { environment } = signedIn(request);
    const [limits, uses, settings] = await Promise.all([
      controls.limits.list(),
      controls.limits.uses(environment),
      controls.settings(),
    ]);
    return {
      baseCurrency: settings.baseCurrency,
      results: await Promise.all(limits.map((l) => shown(environment, l, uses.get(l.id)))),
    };
  });

  route(app, E.addLimit, async ({ request, reply, body }) => {
    const { environment } = signedIn(request);
    if (body.scope === 'person' && body.target !== '*') {
      const person = await ctx.workspace.userById(body.target);
      if (!person || person.disabledAt !== null)
        return invalidInput(request, reply, said(REFUSED.choosePerson), [
          { field: 'target', message: wordsCode(FIELD.activePerson) },
        ]);
    }
    const added = await controls.limits.add(body, request.signedIn!.user.id);
    const limit = await shown(environment, added, null);
    const { baseCurrency } = await controls.settings();
    await audit(request, {
      action: E.addLimit.audit,
      target: added.id,
      outcome: 'ok',
      details: { ...body, summary: limitSummary(limit, baseCurrency) },
    });
    return limit;
  });

  route(app, E.removeLimit, async ({ request, reply, params }) => {
    const { environment } = signedIn(request);
    const limit = (await controls.limits.list()).find((l) => l.id === params.id);
    if (!limit)
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noLimit),
      });
    const { baseCurrency } = await controls.settings();
    const stored = await shown(environment, limit, null);
    const summary = limitSummary(stored, baseCurrency);
    if (await ctx.controlChanges.fourEyes())
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'removeLimit',
        payload: { id: limit.id },
        summary: saidData(CHANGE.removeLimit, {
          amount: { amount: limit.amount, currency: baseCurrency },
          currency: baseCurrency,
          period: limit.period,
          target:
            limit.scope === 'workspace'
              ? saidData(CHANGE.theWorkspace)
              : limit.target === '*'
                ? saidData(limit.scope === 'person' ? CHANGE.eachPerson : CHANGE.eachMerchant)
                : stored.targetName,
        }),
        audit: { action: E.removeLimit.audit, target: limit.id },
      });
    await controls.limits.remove(limit.id);
    await audit(request, {
      action: E.removeLimit.audit,
      target: limit.id,
      outcome: 'ok',
      details: { summary },
    });
    return { id: limit.id, deleted: true as const };
  });
}
