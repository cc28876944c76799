// Notifications on the account and settings pages (docs/decisions/035): how each kind reaches
// this person by email; for admins, the team chat hooks and the mail kept when no SMTP server is
// configured (the demo's "sent mail").
import { useLingui } from '@lingui/react';
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

const MODE_LABEL: Record<DeliveryMode, string> = {
  immediately: 'At once',
  digest: 'Daily digest',
  off: 'Off',
};

/** A kind's choices: the monthly statement is mailed on the first of the month, or not. */
const modesOf = (kind: NotificationKind) =>
  kind === 'monthlyStatement'
    ? [
        { value: 'immediately', label: 'Monthly' },
        { value: 'off', label: 'Off' },
      ]
    : DELIVERY_MODES.map((m) => ({ value: m, label: MODE_LABEL[m] }));

export function NotificationPreferences() {
  const { _ } = useLingui();
  const { data } = useQuery(preferencesQuery);
  const { data: session } = useQuery(sessionQuery);
  // Only the kinds that can reach this person (an approval waits only for approvers…).
  const kinds = kindsFor(session?.signedIn ? session.user.roles : []);
  const save = useSetPreferences();
  return (
    <Panel
      title="Notifications"
      description={
        data
          ? `Everything shows in the bell. By email to ${data.email}, each kind as you choose here; the daily digest comes at ${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC with what you have not read.`
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
                {_(KIND_LABEL[kind])}
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
                          'Saved',
                          `${_(KIND_LABEL[kind])}: ${(modesOf(kind).find((m) => m.value === mode)?.label ?? mode).toLowerCase()}.`,
                        ),
                    },
                  )
                }
              />
            </Group>
          ))}
          {save.isError && <ApiErrorAlert error={save.error} title="Not saved" />}
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
  const { data } = useQuery(ownChatQuery);
  const set = useSetOwnChat();
  const [url, setUrl] = useState('');
  const saved = data?.url ?? null;
  return (
    <Stack gap={4} mt="sm">
      <TextInput
        label="Your own chat"
        description="An incoming webhook that posts to you alone (a direct message): what reaches you at once goes there too, an approval with your own single-use links. Never a team channel."
        placeholder={
          saved ? 'Set: enter a new URL to replace it' : 'https://hooks.slack.com/services/…'
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
              onSuccess: () => (setUrl(''), showDone('Saved', 'Your own chat gets your notices.')),
            })
          }
        >
          Save your chat
        </Button>
        {saved && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={set.isPending && set.variables === null}
            onClick={() => set.mutate(null)}
          >
            Stop sending to your chat
          </Button>
        )}
      </Group>
      {set.isError && <ApiErrorAlert error={set.error} title="Not saved" placed={[]} />}
    </Stack>
  );
}

export function ChatHookSettings() {
  const { _ } = useLingui();
  const { data: hooks } = useQuery(chatHooksQuery);
  const add = useAddChatHook();
  const remove = useRemoveChatHook();
  const [kind, setKind] = useState<NotificationKind>('waitingForYou');
  const [url, setUrl] = useState('');
  return (
    <Panel
      title="Team chat"
      description="Post a kind of notification to a chat channel through its incoming-webhook URL (Slack and compatible chats). Delivered by the same outbox, with retries."
    >
      <Stack gap="sm">
        {hooks && hooks.length > 0 && (
          <DataTable
            label="Chat hooks"
            minWidth={520}
            rows={hooks}
            columns={[
              { header: 'Kind', cell: (h) => _(KIND_LABEL[h.kind]) },
              { header: 'URL', cell: (h) => <Code>{h.url}</Code> },
              {
                header: '',
                cell: (h) => (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.mutate(h.id)}
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
        )}
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Kind"
            data={NOTIFICATION_KINDS.map((k) => ({ value: k, label: _(KIND_LABEL[k]) }))}
            value={kind}
            onChange={(v) => v && setKind(v as NotificationKind)}
            allowDeselect={false}
            w={300}
          />
          <TextInput
            label="Incoming-webhook URL"
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
                { onSuccess: () => (setUrl(''), showDone('Chat hook added', _(KIND_LABEL[kind]))) },
              )
            }
          >
            Add
          </Button>
        </Group>
        {add.isError && <ApiErrorAlert error={add.error} title="The hook was not added" />}
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
  const { data } = useQuery(chatNetworkQuery);
  const save = useSetChatNetwork();
  const [hosts, setHosts] = useState<string[] | null>(null);
  const shown = hosts ?? data?.privateHosts ?? [];
  return (
    <Stack gap={6} mt="sm">
      <TagsInput
        label="Chats on your own network"
        description="Off unless hosts are listed: a hook must lead to a public address. List the host of a self-hosted chat (chat.internal, 10.0.0.12) to let hooks reach it; nothing else on that network."
        placeholder={shown.length === 0 ? 'None: public addresses only' : 'Add a host'}
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
                  'Chat network saved',
                  shown.length > 0
                    ? `Hooks may reach ${shown.join(', ')}.`
                    : 'Public addresses only.',
                );
              },
            })
          }
        >
          Save hosts
        </Button>
      </Group>
      {save.isError && <ApiErrorAlert error={save.error} title="The hosts were not saved" />}
    </Stack>
  );
}

export function KeptMail() {
  const { data } = useQuery(keptMailQuery);
  return (
    <Panel
      title="Sent mail"
      description={
        data?.smtp
          ? 'Mail goes to the SMTP server (SMTP_URL). What is listed here was kept before it was configured.'
          : 'No SMTP server is configured (SMTP_URL), so notification mail is kept here instead of sent.'
      }
    >
      {!data ? (
        <LoadingState rows={2} />
      ) : data.results.length === 0 ? (
        <Alert variant="light" color="gray">
          No mail yet.
        </Alert>
      ) : (
        <DataTable
          label="Kept mail"
          minWidth={640}
          rows={data.results}
          columns={[
            { header: 'To', cell: (m) => m.to },
            {
              header: 'Mail',
              cell: (m) => (
                <details>
                  <summary>{m.subject}</summary>
                  <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.text}
                  </Text>
                </details>
              ),
            },
            { header: 'Kept', cell: (m) => <DateTime value={m.createdAt} /> },
          ]}
        />
      )}
    </Panel>
  );
}
