// Adding, listing, testing and deleting webhook endpoints. A signing secret is shown once, when
// the endpoint is added or its secret rotated: each such secret has its own notice, so adding a
// second endpoint never hides the first one's. A test event's result shows in its endpoint's row,
// next to the button that sent it (docs/decisions/031).
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  TEST_EVENT_TYPES,
  type Webhook,
  WebhookCreate,
  type WebhookTestResult,
} from '#/api/schemas/platform';
import { InlineSubmit } from '#/components/submit-row';
import { submitThrough } from '#/components/api-field-errors';
import { ApiErrorAlert, QueryView } from '#/components/api-error';
import { CopyValue } from '#/components/copy-value';
import { DataTable, DateCell, IdNote } from '#/components/data-table';
import { Dialog } from '#/components/dialog';
import { fieldError } from '#/lib/field-error';
import { indexStatusQuery } from '#/features/find/queries';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  webhooksQuery,
} from '../queries';
import { Panel } from '#/components/page';
import { showDone } from '#/components/notify';

export function WebhookEndpoints() {
  const { t } = useLingui();
  const webhooks = useQuery(webhooksQuery);
  const ownHook = useQuery(indexStatusQuery).data?.webhookUrl;
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const form = useForm<WebhookCreate>({
    resolver: zodResolver(WebhookCreate),
    defaultValues: { url: '' },
  });
  const rotate = useRotateWebhookSecret();
  // Secrets shown this once: an endpoint added or rotated now, newest first.
  const [secrets, setSecrets] = useState<Array<{ hook: Webhook; rotated: boolean }>>([]);
  const showSecret = (hook: Webhook, rotated: boolean) =>
    setSecrets((shown) => [{ hook, rotated }, ...shown.filter((s) => s.hook.id !== hook.id)]);
  // Each endpoint's last test result, shown in its row.
  const [results, setResults] = useState<ReadonlyMap<number, WebhookTestResult>>(new Map());
  // The endpoint whose deletion or new secret waits for a yes.
  const [confirming, setConfirming] = useState<
    { hook: Webhook; action: 'delete' | 'rotate' } | undefined
  >();
  const deleting = confirming?.action === 'delete' ? confirming.hook : undefined;
  const rotating = confirming?.action === 'rotate' ? confirming.hook : undefined;
  // What "Send a test event" sends: webhook.test, or an event of any type about a record.
  const [testType, setTestType] = useState<string>('webhook.test');

  const add = submitThrough(form, create, {
    fields: ['url'],
    input: ({ url }) => url,
    done: (hook) => {
      showSecret(hook, false);
      form.reset();
    },
  });

  return (
    <Panel
      id="webhooks"
      title={t`Webhook endpoints`}
      description={
        <Trans>
          Every status change is posted to each endpoint, signed with its secret (header{' '}
          <code>x-webhook-signature</code>).
        </Trans>
      }
    >
      <form onSubmit={add} noValidate aria-label={t`Add a webhook endpoint`}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t`Endpoint URL`}
            placeholder="https://partner.example/hooks"
            {...form.register('url', { setValueAs: (v: string) => v.trim() })}
            error={fieldError(t`URL`, form.formState.errors.url?.message)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <InlineSubmit busy={create.isPending} icon={<IconPlus size={16} aria-hidden />}>
            <Trans>Add endpoint</Trans>
          </InlineSubmit>
        </Group>
      </form>
      {secrets.map(({ hook, rotated }) => (
        <Alert
          key={hook.id}
          mt="md"
          color="green"
          variant="light"
          title={
            rotated
              ? t`New secret for ${hook.url}: copy it now`
              : t`Endpoint added: copy its signing secret now`
          }
          withCloseButton
          closeButtonLabel={t`Dismiss the secret of ${hook.url}`}
          onClose={() => setSecrets((shown) => shown.filter((s) => s.hook.id !== hook.id))}
        >
          <Text size="sm" mb={4}>
            {rotated ? (
              <Trans>
                It is shown only this once. Use it to check the signature of each delivery to{' '}
                <Url url={hook.url} />; the old secret signs nothing from now on. Lost, it can be
                replaced with “New secret”.
              </Trans>
            ) : (
              <Trans>
                It is shown only this once. Use it to check the signature of each delivery to{' '}
                <Url url={hook.url} />. Lost, it can be replaced with “New secret”.
              </Trans>
            )}
          </Text>
          <CopyValue value={hook.secret} label={t`signing secret of ${hook.url}`} />
        </Alert>
      ))}
      {create.isError && (
        <ApiErrorAlert
          error={create.error}
          title={t`The endpoint was not added`}
          placed={['url']}
        />
      )}
      <Stack mt="md">
        <QueryView query={webhooks} empty={t`No endpoints yet.`}>
          {(hooks) => (
            <>
              <Select
                label={t`Test event`}
                description={t`What “Send a test event” sends: webhook.test, or an event of that type about your newest merchant, payout account or transaction, signed like a real one (its id is 0).`}
                data={[...TEST_EVENT_TYPES]}
                value={testType}
                onChange={(value) => setTestType(value ?? 'webhook.test')}
                allowDeselect={false}
                maw={420}
              />
              <DataTable
                label={t`Webhook endpoints`}
                minWidth={640}
                verticalSpacing="xs"
                rows={hooks}
                columns={[
                  {
                    header: t`URL`,
                    cell: (hook) => (
                      <>
                        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {hook.url}
                        </Text>
                        {hook.url === ownHook && (
                          <IdNote>
                            <Trans>
                              This dashboard: keeps its search and lists fresh. Deleted, it is
                              registered again at the next sync.
                            </Trans>
                          </IdNote>
                        )}
                        <TestOutcome
                          result={results.get(hook.id)}
                          onDismiss={() =>
                            setResults((all) => {
                              const rest = new Map(all);
                              rest.delete(hook.id);
                              return rest;
                            })
                          }
                        />
                      </>
                    ),
                  },
                  {
                    header: t`Secret`,
                    cell: (hook) => (
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {hook.secret}
                      </Text>
                    ),
                  },
                  { header: t`Added`, cell: (hook) => <DateCell value={hook.creationTime} /> },
                  {
                    header: (
                      <VisuallyHidden>
                        <Trans>Actions</Trans>
                      </VisuallyHidden>
                    ),
                    cell: (hook) => (
                      <Group gap={6} wrap="nowrap" justify="flex-end" miw="max-content">
                        <Button
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconSend size={12} aria-hidden />}
                          loading={test.isPending && test.variables.id === hook.id}
                          onClick={() =>
                            test.mutate(
                              { id: hook.id, type: testType },
                              {
                                onSuccess: (result) =>
                                  setResults((all) => new Map(all).set(hook.id, result)),
                              },
                            )
                          }
                          aria-label={t`Send a test event to ${hook.url}`}
                        >
                          <Trans>Send a test event</Trans>
                        </Button>
                        <Tooltip label={t`New secret`} withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t`New secret for ${hook.url}`}
                            loading={rotate.isPending && rotate.variables === hook.id}
                            onClick={() => setConfirming({ hook, action: 'rotate' })}
                          >
                            <IconKey size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t`Delete endpoint`} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t`Delete endpoint ${hook.url}`}
                            loading={remove.isPending && remove.variables === hook.id}
                            onClick={() => setConfirming({ hook, action: 'delete' })}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    ),
                  },
                ]}
              />
            </>
          )}
        </QueryView>
        {test.isError && (
          <ApiErrorAlert error={test.error} title={t`The test event was not sent`} />
        )}
        {remove.isError && (
          <ApiErrorAlert error={remove.error} title={t`The endpoint was not deleted`} />
        )}
        {rotate.isError && (
          <ApiErrorAlert error={rotate.error} title={t`The secret was not replaced`} />
        )}
      </Stack>
      <ConfirmEndpoint
        url={rotating?.url}
        title={t`Give this endpoint a new secret?`}
        keep={t`Keep the secret`}
        confirm={t`New secret`}
        loading={rotate.isPending}
        onClose={() => setConfirming(undefined)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (hook) => {
              showSecret(hook, true);
              setConfirming(undefined);
            },
          })
        }
      >
        {rotating && (
          <Trans>
            Deliveries to <Url url={rotating.url} /> are signed with the new secret from now on,
            retries included; the old one signs nothing. Put the new one in your endpoint’s check
            right away.
          </Trans>
        )}
      </ConfirmEndpoint>
      <ConfirmEndpoint
        url={deleting?.url}
        title={t`Delete this endpoint?`}
        keep={t`Keep it`}
        confirm={t`Delete endpoint`}
        danger
        loading={remove.isPending}
        onClose={() => setConfirming(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showDone(t`Endpoint deleted`, deleting.url);
              setConfirming(undefined);
              setSecrets((shown) => shown.filter((x) => x.hook.id !== deleting.id));
            },
          })
        }
        note={
          deleting?.url === ownHook
            ? t`This is the dashboard’s own endpoint: it is registered again at the next sync.`
            : undefined
        }
      >
        {deleting && (
          <Trans>
            Deliveries to <Url url={deleting.url} /> stop, retries waiting for it included. Events
            already delivered stay in the log.
          </Trans>
        )}
      </ConfirmEndpoint>
    </Panel>
  );
}

/** An endpoint's URL inside a sentence: as it is, broken anywhere. */
function Url({ url }: { url: string }) {
  return (
    <Text span ff="monospace" inherit translate="no" style={{ wordBreak: 'break-all' }}>
      {url}
    </Text>
  );
}

/** A test event's result, in the row of the endpoint it went to. */
function TestOutcome({
  result,
  onDismiss,
}: {
  result: WebhookTestResult | undefined;
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite">
      {result && (
        <Alert
          mt={6}
          p="xs"
          variant="light"
          color={result.delivered ? 'green' : 'red'}
          title={
            result.delivered
              ? t`Test event (${result.eventType}) delivered`
              : t`Test event (${result.eventType}) not delivered`
          }
          withCloseButton
          closeButtonLabel={t`Dismiss the test result`}
          onClose={onDismiss}
        >
          <Text size="xs">
            {result.statusCode !== null
              ? t`Your endpoint answered HTTP ${result.statusCode} in ${result.durationMs} ms.`
              : t`No answer: ${result.error ?? t`the connection failed`} (after ${result.durationMs} ms).`}
          </Text>
          {result.responseBody && (
            <Text size="xs" ff="monospace" mt={4} lineClamp={3} style={{ wordBreak: 'break-all' }}>
              {result.responseBody}
            </Text>
          )}
        </Alert>
      )}
    </div>
  );
}

/** "Are you sure?" about one endpoint: what happens to deliveries to its URL, then the choice. */
function ConfirmEndpoint({
  url,
  title,
  keep,
  confirm,
  danger = false,
  loading,
  note,
  onClose,
  onConfirm,
  children,
}: {
  /** The endpoint's URL; no dialog without one. */
  url: string | undefined;
  title: string;
  keep: string;
  confirm: string;
  danger?: boolean;
  loading: boolean;
  note?: string | undefined;
  onClose: () => void;
  onConfirm: () => void;
  /** What happens to deliveries to the URL, as a sentence. */
  children: ReactNode;
}) {
  return (
    <Dialog opened={url !== undefined} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {keep}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
