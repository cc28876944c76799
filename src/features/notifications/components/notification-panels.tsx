// Notifications on the account and settings pages (docs/decisions/035): how each kind reaches
// this person by email; for admins, the team chat hooks and the mail kept when no SMTP server is
// configured (the demo's "sent mail").
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, ph } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { tr } from '#/i18n/current';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Button,
  Code,
  Group,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DELIVERY_MODES,
  DIGEST_HOUR_UTC,
  type DeliveryMode,
  KIND_LABEL,
  kindsFor,
  type NotificationKind,
  NOTIFICATION_KINDS,
} from '#/api/notifications';
import { sessionQuery } from '#/features/session/queries';
import { ApiErrorAlert } from '#/components/api-error';
import { DataTable } from '#/components/data-table';
import { DateTime } from '#/components/date-time';
import { LoadingState, Panel } from '#/components/page';
import { showDone } from '#/components/notify';
import {
  chatHooksQuery,
  chatNetworkQuery,
  useSetChatNetwork,
  keptMailQuery,
  ownChatQuery,
  preferencesQuery,
  useAddChatHook,
  useRemoveChatHook,
  useSetOwnChat,
  useSetPreferences,
} from '../queries';

const MODE_LABEL: Record<DeliveryMode, MessageDescriptor> = {
  immediately: msg`At once`,
  digest: msg`Daily digest`,
  off: msg`Off`,
};

/** A kind's choices: the monthly statement is mailed on the first of the month, or not. */
const modesOf = (kind: NotificationKind) =>
  kind === 'monthlyStatement'
    ? [
        { value: 'immediately', label: tr(msg`Monthly`) },
        { value: 'off', label: tr(MODE_LABEL.off) },
      ]
    : DELIVERY_MODES.map((m) => ({ value: m, label: tr(MODE_LABEL[m]) }));

export function NotificationPreferences() {
  const { i18n, t } = useLingui();
  const { data } = useQuery(preferencesQuery);
  const { data: session } = useQuery(sessionQuery);
  // Only the kinds that can reach this person (an approval waits only for approvers…).
  const kinds = kindsFor(session?.signedIn ? session.user.roles : []);
  const save = useSetPreferences();
  return (
    <Panel
      title={t`Notifications`}
      description={
        data
          ? t`Everything shows in the bell. By email to ${ph({ email: data.email })}, each kind as you choose here; the daily digest comes at ${ph({ hour: String(DIGEST_HOUR_UTC).padStart(2, '0') })}:00 UTC with what you have not read.`
          : undefined
      }
    >
      {!data ? (
        <LoadingState rows={3} />
      ) : (
        <Stack gap="sm">
          {kinds.map((kind) => (
            <Group key={kind} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" id={`mode-${kind}`}>
                {i18n._(KIND_LABEL[kind])}
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby={`mode-${kind}`}
                value={
                  kind === 'monthlyStatement' && data.modes[kind] === 'digest'
                    ? 'immediately'
                    : data.modes[kind]
                }
                data={modesOf(kind)}
                onChange={(mode) =>
                  save.mutate(
                    { [kind]: mode as DeliveryMode },
                    {
                      onSuccess: () =>
                        showDone(
                          t`Saved`,
                          t`${ph({ kind: i18n._(KIND_LABEL[kind]) })}: ${ph({ mode: modesOf(kind).find((m) => m.value === mode)?.label ?? mode })}.`,
                        ),
                    },
                  )
                }
              />
            </Group>
          ))}
          {save.isError && <ApiErrorAlert error={save.error} title={t`Not saved`} />}
          <OwnChat />
        </Stack>
      )}
    </Panel>
  );
}

/**
 * One's own chat (docs/decisions/087): an incoming webhook that posts to oneself alone (a Slack
 * or Teams direct message) gets what reaches one at once, approvals with one's own links.
 */
function OwnChat() {
  const { t } = useLingui();
  const { data } = useQuery(ownChatQuery);
  const set = useSetOwnChat();
  const [url, setUrl] = useState('');
  const saved = data?.url ?? null;
  return (
    <Stack gap={4} mt="sm">
      <TextInput
        label={t`Your own chat`}
        description={t`An incoming webhook that posts to you alone (a direct message): what reaches you at once goes there too, an approval with your own single-use links. Never a team channel.`}
        placeholder={
          saved ? t`Set: enter a new URL to replace it` : 'https://hooks.slack.com/services/…'
        }
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        maw={640}
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={set.isPending && set.variables !== null}
          disabled={url.trim() === ''}
          onClick={() =>
            set.mutate(url.trim(), {
              onSuccess: () => (
                setUrl(''),
                showDone(t`Saved`, t`Your own chat gets your notices.`)
              ),
            })
          }
        >
          <Trans>Save your chat</Trans>
        </Button>
        {saved && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={set.isPending && set.variables === null}
            onClick={() => set.mutate(null)}
          >
            <Trans>Stop sending to your chat</Trans>
          </Button>
        )}
      </Group>
      {set.isError && <ApiErrorAlert error={set.error} title={t`Not saved`} placed={[]} />}
    </Stack>
  );
}

export function ChatHookSettings() {
  const { i18n, t } = useLingui();
  const { data: hooks } = useQuery(chatHooksQuery);
  const add = useAddChatHook();
  const remove = useRemoveChatHook();
  const [kind, setKind] = useState<NotificationKind>('waitingForYou');
  const [url, setUrl] = useState('');
  return (
    <Panel
      title={t`Team chat`}
      description={t`Post a kind of notification to a chat channel through its incoming-webhook URL (Slack and compatible chats). Delivered by the same outbox, with retries.`}
    >
      <Stack gap="sm">
        {hooks && hooks.length > 0 && (
          <DataTable
            label={t`Chat hooks`}
            minWidth={520}
            rows={hooks}
            columns={[
              { header: t`Kind`, cell: (h) => i18n._(KIND_LABEL[h.kind]) },
              { header: t`URL`, cell: (h) => <Code>{h.url}</Code> },
              {
                header: '',
                cell: (h) => (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.mutate(h.id)}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                ),
              },
            ]}
          />
        )}
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t`Kind`}
            data={NOTIFICATION_KINDS.map((k) => ({ value: k, label: i18n._(KIND_LABEL[k]) }))}
            value={kind}
            onChange={(v) => v && setKind(v as NotificationKind)}
            allowDeselect={false}
            w={300}
          />
          <TextInput
            label={t`Incoming-webhook URL`}
            placeholder="https://hooks.slack.com/services/…"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            w={360}
          />
          <Button
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { kind, url: url.trim() },
                {
                  onSuccess: () => (
                    setUrl(''),
                    showDone(t`Chat hook added`, i18n._(KIND_LABEL[kind]))
                  ),
                },
              )
            }
          >
            <Trans>Add</Trans>
          </Button>
        </Group>
        {add.isError && <ApiErrorAlert error={add.error} title={t`The hook was not added`} />}
        <ChatNetworkSetting />
      </Stack>
    </Panel>
  );
}

/**
 * The hosts of the team's own network a hook may lead to (a self-hosted chat): none by default,
 * when every hook must lead to a public address; changes are audited.
 */
function ChatNetworkSetting() {
  const { t } = useLingui();
  const { data } = useQuery(chatNetworkQuery);
  const save = useSetChatNetwork();
  const [hosts, setHosts] = useState<string[] | null>(null);
  const shown = hosts ?? data?.privateHosts ?? [];
  return (
    <Stack gap={6} mt="sm">
      <TagsInput
        label={t`Chats on your own network`}
        description={t`Off unless hosts are listed: a hook must lead to a public address. List the host of a self-hosted chat (chat.internal, 10.0.0.12) to let hooks reach it; nothing else on that network.`}
        placeholder={shown.length === 0 ? t`None: public addresses only` : t`Add a host`}
        value={shown}
        onChange={setHosts}
        maw={680}
        clearable
      />
      <Group>
        <Button
          variant="default"
          size="xs"
          loading={save.isPending}
          disabled={hosts === null}
          onClick={() =>
            save.mutate(shown, {
              onSuccess: () => {
                setHosts(null);
                showDone(
                  t`Chat network saved`,
                  shown.length > 0
                    ? t`Hooks may reach ${ph({ hosts: shown.join(', ') })}.`
                    : t`Public addresses only.`,
                );
              },
            })
          }
        >
          <Trans>Save hosts</Trans>
        </Button>
      </Group>
      {save.isError && <ApiErrorAlert error={save.error} title={t`The hosts were not saved`} />}
    </Stack>
  );
}

export function KeptMail() {
  const { t } = useLingui();
  const { data } = useQuery(keptMailQuery);
  return (
    <Panel
      title={t`Sent mail`}
      description={
        data?.smtp
          ? t`Mail goes to the SMTP server (SMTP_URL). What is listed here was kept before it was configured.`
          : t`No SMTP server is configured (SMTP_URL), so notification mail is kept here instead of sent.`
      }
    >
      {!data ? (
        <LoadingState rows={2} />
      ) : data.results.length === 0 ? (
        <Alert variant="light" color="gray">
          <Trans>No mail yet.</Trans>
        </Alert>
      ) : (
        <DataTable
          label={t`Kept mail`}
          minWidth={640}
          rows={data.results}
          columns={[
            { header: t`To`, cell: (m) => m.to },
            {
              header: t`Mail`,
              cell: (m) => (
                // What was sent, in its reader's language: data, not the page's words.
                <details translate="no">
                  <summary>{m.subject}</summary>
                  <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.text}
                  </Text>
                </details>
              ),
            },
            { header: t`Kept`, cell: (m) => <DateTime value={m.createdAt} /> },
          ]}
        />
      )}
    </Panel>
  );
}
