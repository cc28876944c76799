// Adding, listing, testing and deleting webhook endpoints. A signing secret is shown once, when
// the endpoint is added or its secret rotated: each such secret has its own notice, so adding a
// second endpoint never hides the first one's. A test event's result shows in its endpoint's row,
// next to the button that sent it (docs/decisions/031).
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
      title="Webhook endpoints"
      description={
        <>
          Every status change is posted to each endpoint, signed with its secret (header
          x-webhook-signature).
        </>
      }
    >
      <form onSubmit={add} noValidate aria-label="Add a webhook endpoint">
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Endpoint URL"
            placeholder="https://partner.example/hooks"
            {...form.register('url', { setValueAs: (v: string) => v.trim() })}
            error={fieldError('URL', form.formState.errors.url?.message)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <InlineSubmit busy={create.isPending} icon={<IconPlus size={16} aria-hidden />}>
            Add endpoint
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
              ? `New secret for ${hook.url}: copy it now`
              : `Endpoint added: copy its signing secret now`
          }
          withCloseButton
          closeButtonLabel={`Dismiss the secret of ${hook.url}`}
          onClose={() => setSecrets((shown) => shown.filter((s) => s.hook.id !== hook.id))}
        >
          <Text size="sm" mb={4}>
            It is shown only this once. Use it to check the signature of each delivery to{' '}
            <Text span ff="monospace" inherit style={{ wordBreak: 'break-all' }}>
              {hook.url}
            </Text>
            {rotated ? '; the old secret signs nothing from now on.' : '.'} Lost, it can be replaced
            with “New secret”.
          </Text>
          <CopyValue value={hook.secret} label={`signing secret of ${hook.url}`} />
        </Alert>
      ))}
      {create.isError && (
        <ApiErrorAlert error={create.error} title="The endpoint was not added" placed={['url']} />
      )}
      <Stack mt="md">
        <QueryView query={webhooks} empty="No endpoints yet.">
          {(hooks) => (
            <>
              <Select
                label="Test event"
                description="What “Send a test event” sends: webhook.test, or an event of that type about your newest merchant, payout account or transaction, signed like a real one (its id is 0)."
                data={[...TEST_EVENT_TYPES]}
                value={testType}
                onChange={(value) => setTestType(value ?? 'webhook.test')}
                allowDeselect={false}
                maw={420}
              />
              <DataTable
                label="Webhook endpoints"
                minWidth={640}
                verticalSpacing="xs"
                rows={hooks}
                columns={[
                  {
                    header: 'URL',
                    cell: (hook) => (
                      <>
                        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {hook.url}
                        </Text>
                        {hook.url === ownHook && (
                          <IdNote>
                            This dashboard: keeps its search and lists fresh. Deleted, it is
                            registered again at the next sync.
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
                    header: 'Secret',
                    cell: (hook) => (
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {hook.secret}
                      </Text>
                    ),
                  },
                  { header: 'Added', cell: (hook) => <DateCell value={hook.creationTime} /> },
                  {
                    header: <VisuallyHidden>Actions</VisuallyHidden>,
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
                          aria-label={`Send a test event to ${hook.url}`}
                        >
                          Send a test event
                        </Button>
                        <Tooltip label="New secret" withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`New secret for ${hook.url}`}
                            loading={rotate.isPending && rotate.variables === hook.id}
                            onClick={() => setConfirming({ hook, action: 'rotate' })}
                          >
                            <IconKey size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete endpoint" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete endpoint ${hook.url}`}
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
        {test.isError && <ApiErrorAlert error={test.error} title="The test event was not sent" />}
        {remove.isError && (
          <ApiErrorAlert error={remove.error} title="The endpoint was not deleted" />
        )}
        {rotate.isError && (
          <ApiErrorAlert error={rotate.error} title="The secret was not replaced" />
        )}
      </Stack>
      <ConfirmEndpoint
        url={rotating?.url}
        title="Give this endpoint a new secret?"
        keep="Keep the secret"
        confirm="New secret"
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
        are signed with the new secret from now on, retries included; the old one signs nothing. Put
        the new one in your endpoint&apos;s check right away.
      </ConfirmEndpoint>
      <ConfirmEndpoint
        url={deleting?.url}
        title="Delete this endpoint?"
        keep="Keep it"
        confirm="Delete endpoint"
        danger
        loading={remove.isPending}
        onClose={() => setConfirming(undefined)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showDone('Endpoint deleted', deleting.url);
              setConfirming(undefined);
              setSecrets((shown) => shown.filter((x) => x.hook.id !== deleting.id));
            },
          })
        }
        note={
          deleting?.url === ownHook
            ? 'This is the dashboard’s own endpoint: it is registered again at the next sync.'
            : undefined
        }
      >
        stop, retries waiting for it included. Events already delivered stay in the log.
      </ConfirmEndpoint>
    </Panel>
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
              ? `Test event (${result.eventType}) delivered`
              : `Test event (${result.eventType}) not delivered`
          }
          withCloseButton
          closeButtonLabel="Dismiss the test result"
          onClose={onDismiss}
        >
          <Text size="xs">
            {result.statusCode !== null
              ? `Your endpoint answered HTTP ${result.statusCode}`
              : `No answer: ${result.error ?? 'the connection failed'}`}{' '}
            in {result.durationMs} ms.
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
  /** The rest of the sentence that starts "Deliveries to <url>". */
  children: ReactNode;
}) {
  return (
    <Dialog opened={url !== undefined} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">
          Deliveries to{' '}
          <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
            {url}
          </Text>{' '}
          {children}
        </Text>
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
