// Adding, listing and deleting webhook endpoints. A new endpoint's signing secret is shown once.
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
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TEST_EVENT_TYPES, type Webhook, WebhookCreate } from '#/api/schemas/platform';
import { applyApiFieldErrors } from '#/components/api-field-errors';
import { ApiErrorAlert, QueryView } from '#/components/api-error';
import { CopyValue } from '#/components/copy-value';
import { DataTable, DateCell, IdNote } from '#/components/data-table';
import { Dialog } from '#/components/dialog';
import { fieldError } from '#/lib/field-error';
import { indexStatusQuery } from '#/features/find/queries';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, webhooksQuery } from '../queries';
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
  const [created, setCreated] = useState<Webhook | undefined>();
  // The endpoint whose deletion waits for a yes.
  const [deleting, setDeleting] = useState<Webhook | undefined>();
  // What "Send a test event" sends: webhook.test, or an event of any type about a record.
  const [testType, setTestType] = useState<string>('webhook.test');

  const add = form.handleSubmit(({ url }) =>
    create.mutate(url, {
      onSuccess: (hook) => {
        setCreated(hook);
        form.reset();
      },
      onError: (error) => applyApiFieldErrors(error, ['url'], form.setError),
    }),
  );

  return (
    <Panel
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
          <Button
            type="submit"
            mt={25}
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.isPending}
          >
            Add endpoint
          </Button>
        </Group>
      </form>
      {created && (
        <Alert
          mt="md"
          color="green"
          variant="light"
          title="Endpoint added: copy its signing secret now"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setCreated(undefined)}
        >
          <Text size="sm" mb={4}>
            It is shown only this once. Use it to check the signature of each delivery to{' '}
            {created.url}.
          </Text>
          <CopyValue value={created.secret} label="signing secret" />
        </Alert>
      )}
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
                rowKey={(hook) => hook.id}
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
                      </>
                    ),
                  },
                  {
                    header: 'Secret',
                    cell: (hook) => (
                      <Text size="sm" ff="monospace">
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
                          onClick={() => test.mutate({ id: hook.id, type: testType })}
                          aria-label={`Send a test event to ${hook.url}`}
                        >
                          Send a test event
                        </Button>
                        <Tooltip label="Delete endpoint" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete endpoint ${hook.url}`}
                            loading={remove.isPending && remove.variables === hook.id}
                            onClick={() => setDeleting(hook)}
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
        {test.data && (
          <Alert
            role="status"
            variant="light"
            color={test.data.delivered ? 'green' : 'red'}
            title={
              test.data.delivered
                ? `The test event (${test.data.eventType}) was delivered`
                : `The test event (${test.data.eventType}) was not delivered`
            }
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => test.reset()}
          >
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {test.data.url}:{' '}
              {test.data.statusCode !== null
                ? `HTTP ${test.data.statusCode}`
                : (test.data.error ?? 'no answer')}{' '}
              in {test.data.durationMs} ms.
            </Text>
            {test.data.responseBody && (
              <Text
                size="xs"
                ff="monospace"
                mt={4}
                lineClamp={3}
                style={{ wordBreak: 'break-all' }}
              >
                {test.data.responseBody}
              </Text>
            )}
          </Alert>
        )}
        {test.isError && <ApiErrorAlert error={test.error} title="The test event was not sent" />}
        {remove.isError && (
          <ApiErrorAlert error={remove.error} title="The endpoint was not deleted" />
        )}
      </Stack>
      <Dialog
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete this endpoint?"
      >
        <Stack gap="md">
          <Text size="sm">
            Events stop going to{' '}
            <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
              {deleting?.url}
            </Text>
            , retries waiting for it included. Events already delivered stay in the log.
          </Text>
          {deleting?.url === ownHook && (
            <Text size="sm" c="dimmed">
              This is the dashboard&apos;s own endpoint: it is registered again at the next sync.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(undefined)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    showDone('Endpoint deleted', deleting.url);
                    setDeleting(undefined);
                  },
                })
              }
            >
              Delete endpoint
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Panel>
  );
}
