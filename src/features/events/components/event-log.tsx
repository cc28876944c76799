// The event log: every status change, its deliveries, and a way to send one again.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Code, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventWithAttempts } from '#/api/schemas/platform';
import { ApiErrorAlert, QueryView } from '#/components/api-error';
import { DataTable, DateCell, IdNote } from '#/components/data-table';
import { DeliverySummary, describeEvent, EventDialog } from '#/components/event-details';
import { Pager } from '#/components/pager';
import { StatusBadge } from '#/components/status-badge';
import { eventLogQuery, useResendEvent } from '../queries';
import { Panel } from '#/components/page';
import { showDone } from '#/components/notify';

export function EventLog() {
  const [page, setPage] = useState({ start: 0, limit: 20 });
  const events = useQuery(eventLogQuery(page));
  const resend = useResendEvent();
  const [shown, setShown] = useState<EventWithAttempts | undefined>();
  const { t } = useLingui();

  return (
    <Panel title={t`Event log`} description={t`Newest first; refreshes every few seconds.`}>
      <QueryView query={events}>
        {(data) => (
          <>
            <DataTable
              label={t`Event log`}
              minWidth={900}
              rows={data.results}
              verticalSpacing="xs"
              striped
              columns={[
                {
                  header: t`Event`,
                  cell: (e) => (
                    <>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => setShown(e)}
                      >
                        #{e.id}
                      </Anchor>
                      <IdNote>
                        <Code>{e.type}</Code>
                      </IdNote>
                    </>
                  ),
                },
                {
                  header: t`Object`,
                  cell: (e) => {
                    const { subject, change } = describeEvent(e);
                    return (
                      <>
                        <Text size="sm">{subject}</Text>
                        <IdNote>{change}</IdNote>
                      </>
                    );
                  },
                },
                {
                  header: t`Status`,
                  cell: (e) => {
                    const { status } = describeEvent(e);
                    return status && <StatusBadge status={status} size="sm" />;
                  },
                },
                { header: t`When`, cell: (e) => <DateCell value={e.creationTime} /> },
                { header: t`Deliveries`, cell: (e) => <DeliverySummary event={e} /> },
                {
                  header: (
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  ),
                  cell: (e) => (
                    <Button
                      size="compact-xs"
                      variant="default"
                      leftSection={<IconSend size={12} aria-hidden />}
                      loading={resend.isPending && resend.variables === e.id}
                      onClick={() =>
                        resend.mutate(e.id, {
                          onSuccess: () => showDone(t`Queued again`, t`Event #${e.id}`),
                        })
                      }
                      aria-label={t`Resend event ${e.id}`}
                    >
                      <Trans>Resend</Trans>
                    </Button>
                  ),
                },
              ]}
            />
            <Group>
              <Pager label={t`events`} page={data} onChange={setPage} />
            </Group>
          </>
        )}
      </QueryView>
      {resend.isError && (
        <ApiErrorAlert error={resend.error} title={t`The event was not sent again`} />
      )}
      <EventDialog event={shown} onClose={() => setShown(undefined)} />
    </Panel>
  );
}
