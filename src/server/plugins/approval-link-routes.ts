// Deciding an approval from a mail's link (docs/decisions/087): GET draws the page of what the
// approval moves, POST decides. A link is one person's and one approval's, works for the
// workspace's `linkMinutes` and decides once (claimed by a conditional update); it signs nobody
// in. A decision goes through the same gate as the dashboard's (./gated-send.ts), with the
// person's second factor checked here on the server where they have one, and is audited with
// its channel. A link opened where another person is signed in does nothing: forwarded mail.
import { isSaid, type Said, type Words } from '#/i18n/words';
import { answerLanguage, namesIn, sayIn, sayWithin, sayer } from '../words';
import type { TransactionControls } from '#/api/controls';
import { utcMinute } from '#/api/periods';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APPROVAL_LINK_PATH, controlsEndpoints as E } from '#/api/controls';
import { transactionOperations } from '#/api/operations';
import { transitionFor } from '#/api/transaction-states';
import { DASHBOARD_LINKS } from '#/api/products';
import { pathOf } from '#/api/call';
import type { Environment } from '#/api/dashboard';
import { approvalLinkPage, type LinkView, messagePage, nounIn } from '../approvals/link-page';
import { LINK } from '../approvals/link-words';
import { partnerApi } from '../partner-api';
import { acceptForms, audit, signedInOf } from '../request';
import { contentSecurityPolicy, newNonce } from '../security';
import { type ApprovalLink, approvalLinkStore } from '../store/approval-links';
import { signInFailures } from '../store/sign-in-failures';
import type { User } from '../store/workspace';
import { gatedSend } from './gated-send';
import { proxyHelpers } from './proxy-helpers';

const CHANNEL = 'mail link';
const MAX_FORM_BYTES = 8 * 1024;

type Form = { decision?: string; code?: string; reason?: string };

/** The pages of a link: its checks, what it shows, and the refusals, each drawn and audited. */
function linkPages(app: FastifyInstance) {
  const ctx = app.dashboard;
  const links = approvalLinkStore(ctx.db);
  /** A page with its own nonce for its style; never cached, never framed. */
  function draw(reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(reply.nonce))
      .send(html);
  }
  app.decorateReply('nonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    reply.nonce = newNonce();
  });

  const refusal = async (
    request: FastifyRequest,
    reply: FastifyReply,
    link: ApprovalLink | undefined,
    reason: string,
    status: number,
    title: Words,
    words: Words,
    values?: Said['values'],
  ) => {
    const person = link ? await ctx.workspace.userById(link.userId) : undefined;
    // The link's person's language; before the link is known, the browser's.
    const language = answerLanguage(person?.language, request.headers['accept-language']);
    const say = sayer(language);
    await audit(
      request,
      {
        action: 'approval link',
        outcome: 'refused',
        target: link ? `${link.subject.product}/${link.subject.transactionId}` : null,
        details: { reason, channel: CHANNEL },
      },
      person ?? undefined,
    );
    return draw(
      reply,
      status,
      messagePage(
        say(title),
        say(words, values),
        'bad',
        reply.nonce,
        language,
        link
          ? DASHBOARD_LINKS.transaction(link.subject.product, link.subject.transactionId)
          : undefined,
      ),
    );
  };

  /**
   * The link and its person, when it may still be used from this browser: else the page that
   * says why (never which person or approval a stranger's token was).
   */
  async function usable(
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<{ link: ApprovalLink; person: User } | undefined> {
    const link = await links.read(request.params.token);
    if (!link) {
      await refusal(
        request,
        reply,
        undefined,
        'unknown link',
        404,
        LINK.unknownTitle,
        LINK.unknown,
      );
      return undefined;
    }
    const signedIn = await signedInOf(request);
    if (signedIn && signedIn.user.id !== link.userId) {
      await refusal(
        request,
        reply,
        link,
        'another person is signed in',
        403,
        LINK.othersTitle,
        LINK.others,
        { name: signedIn.user.name },
      );
      return undefined;
    }
    const person = await ctx.workspace.userById(link.userId);
    if (!person || person.disabledAt !== null) {
      await refusal(
        request,
        reply,
        link,
        'person deactivated',
        403,
        LINK.inactiveTitle,
        LINK.inactive,
      );
      return undefined;
    }
    const now = ctx.now();
    if (link.usedAt !== null) {
      await refusal(request, reply, link, 'used', 409, LINK.usedTitle, LINK.used, {
        outcome: link.outcome === 'reject' ? 'reject' : 'approve',
        when: utcMinute(link.usedAt),
      });
      return undefined;
    }
    if (link.expiresAt <= now) {
      await refusal(request, reply, link, 'expired', 410, LINK.expiredTitle, LINK.expiredWords, {
        when: utcMinute(link.expiresAt),
      });
      return undefined;
    }
    return { link, person };
  }

  /** What the page shows of the approval now, read from the API; undefined: it could not be read. */
  async function viewOf(
    link: ApprovalLink,
    person: User,
  ): Promise<Omit<LinkView, 'rejecting'> | undefined> {
    const { subject } = link;
    const api = await partnerApi(ctx, subject.environment as Environment);
    if (!api) return undefined;
    const ref = {
      environment: subject.environment as Environment,
      product: subject.product,
      transactionId: subject.transactionId,
    };
    const [read, controls, settings] = await Promise.all([
      api.call(transactionOperations[subject.product].get, {
        params: { id: subject.transactionId },
      }),
      ctx.controls.transactionControls(person, ref, api),
      ctx.controls.settings(),
    ]);
    if (!read.ok || 'response' in controls) return undefined;
    // Decided meanwhile (on another channel, by someone else) or moved on: said, with who.
    const approved = controls.approvals.find(
      (a) => a.action === subject.action && a.status === 'approved',
    );
    const by = approved?.decisions.filter((d) => d.decision === 'approve').map((d) => d.userName);
    const say = sayer(person.language);
    const closed = transitionFor(subject.product, read.data, subject.action)
      ? undefined
      : approved
        ? say(LINK.approvedAlready, {
            names: by && by.length > 0 ? namesIn(by) : say(LINK.anotherApprover),
          })
        : say(LINK.movedOn, { status: read.data.clientStatus });
    return {
      closed,
      person,
      action: subject.action,
      product: subject.product,
      transaction: read.data,
      // The reasons it gives are words, written in the person's language.
      controls: sayWithin(controls, person.language) as TransactionControls,
      baseCurrency: settings.baseCurrency,
      expiresAt: link.expiresAt,
      now: ctx.now(),
      dashboardLink: DASHBOARD_LINKS.transaction(subject.product, subject.transactionId),
    };
  }

  const unreadable = (reply: FastifyReply, language: string | null) =>
    draw(
      reply,
      502,
      messagePage(
        sayer(language)(LINK.notAvailableTitle),
        sayer(language)(LINK.notAvailableWords),
        'warn',
        reply.nonce,
        language,
      ),
    );

  return { links, draw, refusal, usable, viewOf, unreadable };
}

export async function approvalLinkRoutes(app: FastifyInstance) {
  const ctx = app.dashboard;
  const send = gatedSend(app, proxyHelpers(app));
  const { links, draw, refusal, usable, viewOf, unreadable } = linkPages(app);
  // Wrong codes count with the dashboard's step-up: five in ten minutes, whichever channel.
  const stepUpFailures = signInFailures(ctx.db, { max: 5, windowMs: 10 * 60_000, now: ctx.now });

  acceptForms(app, MAX_FORM_BYTES);
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'approval link failed');
    const language = answerLanguage(null, request.headers['accept-language']);
    const say = sayer(language);
    return draw(
      reply,
      status >= 500 ? 500 : status,
      messagePage(
        say(LINK.notDecided),
        say(status === 413 ? LINK.tooLong : LINK.unreadableForm),
        'bad',
        reply.nonce,
        language,
      ),
    );
  });
  app.get<{ Params: { token: string }; Querystring: Record<string, string> }>(
    `${APPROVAL_LINK_PATH}/:token`,
    async (request, reply) => {
      const found = await usable(request, reply);
      if (!found) return reply;
      const view = await viewOf(found.link, found.person);
      if (!view) return unreadable(reply, found.person.language);
      return draw(
        reply,
        200,
        approvalLinkPage({ ...view, rejecting: 'reject' in request.query }, reply.nonce),
      );
    },
  );

  app.post<{ Params: { token: string }; Body: Form | undefined }>(
    `${APPROVAL_LINK_PATH}/:token`,
    { bodyLimit: MAX_FORM_BYTES },
    async (request, reply) => {
      // Only the page itself posts here: a form of another site is refused. Its own form sends
      // `Origin: null` (the page keeps no referrer, so that the token leaks nowhere): the
      // browser's Sec-Fetch-Site then says where it came from.
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      const crossSite =
        (site !== undefined && site !== 'same-origin') ||
        (origin === 'null'
          ? site !== 'same-origin'
          : origin !== undefined && !ctx.address.accepts(origin));
      if (crossSite) {
        const language = answerLanguage(null, request.headers['accept-language']);
        return draw(
          reply,
          403,
          messagePage(
            sayer(language)(LINK.notDecided),
            sayer(language)(LINK.ownPage),
            'bad',
            reply.nonce,
            language,
          ),
        );
      }
      const found = await usable(request, reply);
      if (!found) return reply;
      const { link, person } = found;
      const say = sayer(person.language);
      // Decided meanwhile, or moved on: said, and the link stays unspent (it decides nothing).
      const current = await viewOf(link, person);
      if (!current) return unreadable(reply, person.language);
      if (current.closed)
        return refusal(
          request,
          reply,
          link,
          'already decided',
          409,
          LINK.alreadyDecidedTitle,
          LINK.alreadyDecided,
          { why: current.closed },
        );
      const form: Form =
        typeof request.body === 'object' && request.body !== null ? request.body : {};
      const decision =
        form.decision === 'reject' ? 'reject' : form.decision === 'approve' ? 'approve' : undefined;
      const again = async (status: number, errors: LinkView['errors']) => {
        const view = await viewOf(link, person);
        if (!view) return unreadable(reply, person.language);
        return draw(
          reply,
          status,
          approvalLinkPage(
            {
              ...view,
              rejecting: decision === 'reject',
              entered: { reason: form.reason ?? '', ...(decision ? { decision } : {}) },
              errors,
            },
            reply.nonce,
          ),
        );
      };
      if (!decision) return again(400, { form: say(LINK.choose) });
      const reason = (form.reason ?? '').trim();
      if (decision === 'reject' && reason.length === 0)
        return again(400, { reason: say(LINK.reasonRequired) });
      if (reason.length > 500) return again(400, { reason: say(LINK.reasonTooLong) });
      // The second factor, where the person has one: checked here, whatever the page showed.
      let stepUpAt: number | null = null;
      if (person.secondFactor) {
        const code = (form.code ?? '').trim();
        if (code.length === 0) return again(400, { code: say(LINK.enterCode) });
        const attempt = await stepUpFailures.attempt(`step-up:${person.id}`);
        if ('wait' in attempt)
          return again(429, { code: say(LINK.tooManyCodes, { seconds: attempt.wait }) });
        if (!(await ctx.secondFactor.checkCodeOrRecovery(person.id, code))) {
          await audit(
            request,
            {
              action: 'step up',
              outcome: 'refused',
              details: { reason: 'wrong code', channel: CHANNEL },
            },
            person,
          );
          return again(400, { code: say(LINK.wrongCode) });
        }
        await stepUpFailures.succeeded(attempt.ticket);
        stepUpAt = ctx.now();
      }
      const usedAt = ctx.now();
      if (!(await links.claim(link, decision, usedAt)))
        return refusal(
          request,
          reply,
          link,
          'used meanwhile',
          409,
          LINK.usedTitle,
          LINK.usedMeanwhile,
        );
      const { subject } = link;
      const environment = subject.environment as Environment;
      const noun = nounIn(person.language, subject.product, subject.transactionId);
      const what = subject.action === 'approveQuote' ? 'quote' : 'deposit';
      const dashboardLink = DASHBOARD_LINKS.transaction(subject.product, subject.transactionId);
      if (decision === 'reject') {
        const api = await partnerApi(ctx, environment);
        if (!api) {
          await links.release(link, usedAt);
          return unreadable(reply, person.language);
        }
        const ref = { environment, product: subject.product, transactionId: subject.transactionId };
        const rejected = await ctx.controls.rejectTransaction(
          person,
          ref,
          subject.action,
          reason,
          api,
        );
        const target = `${subject.product}/${subject.transactionId}`;
        const failed =
          'response' in rejected || ('refused' in rejected && rejected.refused.status >= 500);
        await audit(
          request,
          {
            action: E.rejectTransaction.audit,
            target,
            outcome: 'response' in rejected ? 'failed' : 'refused' in rejected ? 'refused' : 'ok',
            details:
              'refused' in rejected
                ? { action: subject.action, reason: rejected.refused.code, channel: CHANNEL }
                : 'response' in rejected
                  ? { action: subject.action, status: rejected.response.status, channel: CHANNEL }
                  : {
                      action: subject.action,
                      reason,
                      approval: rejected.approval.id,
                      channel: CHANNEL,
                    },
          },
          person,
        );
        if (failed) await links.release(link, usedAt);
        if ('refused' in rejected || 'response' in rejected)
          return draw(
            reply,
            'refused' in rejected ? rejected.refused.status : 502,
            messagePage(
              say(LINK.notRejected),
              'refused' in rejected
                ? isSaid(rejected.refused.detail)
                  ? sayIn(person.language, rejected.refused.detail)
                  : rejected.refused.detail
                : say(LINK.apiRefusedCancel),
              'bad',
              reply.nonce,
              person.language,
              dashboardLink,
            ),
          );
        return draw(
          reply,
          200,
          messagePage(
            say(LINK.rejected),
            say(LINK.rejectedWords, { what, noun }),
            'good',
            reply.nonce,
            person.language,
            dashboardLink,
          ),
        );
      }
      const op = transactionOperations[subject.product][subject.action];
      const raw = pathOf(op, { params: { id: subject.transactionId } });
      const outcome = await send(request, {
        op,
        user: person,
        stepUpAt,
        environment,
        id: subject.transactionId,
        body: undefined,
        raw,
        pathname: raw,
        channel: CHANNEL,
      });
      if (outcome.kind === 'refused') {
        if (outcome.status >= 500) await links.release(link, usedAt);
        return draw(
          reply,
          outcome.status,
          messagePage(
            say(LINK.notApproved),
            isSaid(outcome.detail) ? sayIn(person.language, outcome.detail) : outcome.detail,
            'bad',
            reply.nonce,
            person.language,
            dashboardLink,
          ),
        );
      }
      if (outcome.kind === 'held')
        return draw(
          reply,
          200,
          messagePage(
            say(LINK.heldTitle),
            say(LINK.held, { noun }),
            'good',
            reply.nonce,
            person.language,
            dashboardLink,
          ),
        );
      const ok = outcome.response.status < 300;
      if (!ok && outcome.response.status >= 500) await links.release(link, usedAt);
      return draw(
        reply,
        ok ? 200 : outcome.response.status >= 500 ? 502 : 409,
        messagePage(
          say(ok ? LINK.approved : LINK.notApproved),
          ok
            ? say(LINK.approvedWords, { what, noun })
            : say(LINK.apiRefused, { status: outcome.response.status }),
          ok ? 'good' : 'bad',
          reply.nonce,
          person.language,
          dashboardLink,
        ),
      );
    },
  );
}

declare module 'fastify' {
  interface FastifyReply {
    nonce: string;
  }
}
