// Notifications (src/api/notifications.ts, docs/decisions/035): the bell's list, reading,
// each person's choices, the mail kept without SMTP, the chat hooks, and the live stream.
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as E } from '#/api/notifications';
import { leadsToListedHost, publicTargetProblem } from '#/http/outbound-targets';
import { audit, invalidInput, problem } from '../request';
import { route } from '../endpoint';
import { toldStored } from '../words';

export const notificationRoutes: FastifyPluginAsync<{ allowPrivateChat?: boolean }> = async (
  app,
  options,
) => {
  const ctx = app.dashboard;
  const notes = ctx.notifications.store;
  const me = (request: { signedIn: { user: { id: string } } | null }) => request.signedIn!.user.id;

  route(app, E.streamEvents, async ({ request, reply }) => ctx.live.open(request, reply));

  route(app, E.listNotifications, async ({ request, query }) =>
    notes.list(me(request), query.unread === 'true', query.limit),
  );

  route(app, E.readNotification, async ({ request, reply, params }) => {
    const read = await notes.markRead(me(request), params.id);
    return (
      read ??
      problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noNotification),
      })
    );
  });

  route(app, E.readAllNotifications, async ({ request }) => ({
    read: await notes.markAllRead(me(request)),
  }));

  const preferences = async (userId: string, email: string) => ({
    email,
    modes: await notes.modes(userId),
  });

  route(app, E.getPreferences, async ({ request }) =>
    preferences(me(request), request.signedIn!.user.email),
  );

  route(app, E.setPreferences, async ({ request, body }) => {
    await notes.setModes(me(request), body.modes);
    await audit(request, {
      action: E.setPreferences.audit,
      target: request.signedIn!.user.email,
      outcome: 'ok',
      details: body.modes,
    });
    return preferences(me(request), request.signedIn!.user.email);
  });

  route(app, E.listSentMail, async () => ({
    results: await notes.keptMail(200),
    smtp: ctx.notifications.outbox.smtp,
  }));

  route(app, E.listChatHooks, async () => ({ results: await notes.chatHooks() }));

  /** Whether a hook's URL may lead to a private address: its host is on the team's list. */
  const onTeamNetwork = async (url: string) =>
    options.allowPrivateChat || leadsToListedHost(url, await notes.privateChatHosts());

  route(app, E.getChatNetwork, async () => ({ privateHosts: await notes.privateChatHosts() }));

  route(app, E.setChatNetwork, async ({ request, body }) => {
    const before = await notes.privateChatHosts();
    await notes.setPrivateChatHosts(body.privateHosts, request.signedIn!.user.email);
    await audit(request, {
      action: E.setChatNetwork.audit,
      target: 'chat network',
      outcome: 'ok',
      details: { from: before, to: body.privateHosts },
    });
    return { privateHosts: await notes.privateChatHosts() };
  });

  route(app, E.addChatHook, async ({ request, reply, body }) => {
    const refused = (await onTeamNetwork(body.url))
      ? undefined
      : await publicTargetProblem(body.url);
    if (refused)
      return invalidInput(request, reply, said(REFUSED.chatUrl, { problem: toldStored(refused) }), [
        { field: 'url', message: refused },
      ]);
    const hook = await notes.addChatHook(body.kind, body.url, request.signedIn!.user.email);
    await audit(request, {
      action: E.addChatHook.audit,
      target: hook.id,
      outcome: 'ok',
      details: { kind: body.kind, url: body.url },
    });
    return hook;
  });

  // One's own chat (087): checked as a team hook is, and never shown to anyone else.
  route(app, E.getOwnChat, async ({ request }) => ({ url: await notes.ownChatHook(me(request)) }));

  route(app, E.setOwnChat, async ({ request, reply, body }) => {
    const refused = (await onTeamNetwork(body.url))
      ? undefined
      : await publicTargetProblem(body.url);
    if (refused)
      return invalidInput(request, reply, said(REFUSED.chatUrl, { problem: toldStored(refused) }), [
        { field: 'url', message: refused },
      ]);
    await notes.setOwnChatHook(me(request), body.url);
    await audit(request, {
      action: E.setOwnChat.audit,
      target: request.signedIn!.user.email,
      outcome: 'ok',
      details: { host: new URL(body.url).host },
    });
    return { url: body.url };
  });

  route(app, E.removeOwnChat, async ({ request }) => {
    await notes.setOwnChatHook(me(request), null);
    await audit(request, {
      action: E.removeOwnChat.audit,
      target: request.signedIn!.user.email,
      outcome: 'ok',
    });
    return { url: null };
  });

  route(app, E.removeChatHook, async ({ request, reply, params }) => {
    // A hook that is not there answers 404, as a saved view does (decision 045).
    if (!(await notes.removeChatHook(params.id)))
      return problem(request, reply, {
        status: 404,
        code: 'NOT_FOUND',
        detail: said(REFUSED.noChatHook),
      });
    await audit(request, { action: E.removeChatHook.audit, target: params.id, outcome: 'ok' });
    return { removed: true as const };
  });
};
