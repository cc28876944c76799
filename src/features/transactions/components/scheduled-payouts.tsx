// What is scheduled (docs/decisions/090): each scheduled payout of this product with when it runs
// next, its cut-off, whom it pays, who scheduled it and how its last run went; finance cancels.
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Schedule } from '#/api/schedules';
import type { Product } from '#/api/schemas/transaction';
import { ApiErrorAlert } from '#/components/api-error';
import { DataTable, IdNote } from '#/components/data-table';
import { AnchorLink } from '#/components/links';
import { usePermission } from '#/features/session/queries';
import { formatDate, formatMoney } from '#/lib/format';
import { SLUG_OF } from '#/lib/products';
import { schedulesQuery, useCancelSchedule } from '../queries';

const RUN_WORDS: Record<Schedule['runs'][number]['status'], MessageDescriptor> = {
  creating: msg`Being made`,
  created: msg`Waiting for its approval`,
  approved: msg`Approved`,
  skipped: msg`Skipped`,
  failed: msg`Not made`,
};

const day = (date: string) => formatDate(Date.parse(`${date}T12:00:00Z`));

/** "Monthly on the 5th, next on 5 Dec 2026", in the page's language. */
function whenWords(s: Schedule) {
  const next = s.nextRun ? tr(msg`next on ${day(s.nextRun)}`) : tr(msg`no run left`);
  if (s.repeat === 'once') return tr(msg`Once, ${next}`);
  if (s.dayOfMonth === 31) return tr(msg`Monthly on the last day, ${next}`);
  return tr(
    msg({
      message:
        'Monthly on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}, {next}',
    }),
    { day: s.dayOfMonth ?? 1, next },
  );
}

export function ScheduledPayouts({ product }: { product: Product }) {
  const { t } = useLingui();
  const schedules = useQuery(schedulesQuery);
  const cancel = useCancelSchedule();
  const mayCancel = usePermission(`${product}Create`).allowed;
  if (schedules.isError)
    return <ApiErrorAlert error={schedules.error} title={t`Schedules not loaded`} />;
  const rows = (schedules.data ?? []).filter((s) => s.product === product);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" mb="md" id="scheduled">
      <Title order={2} fz="md" mb="xs">
        {t`Scheduled (${rows.length})`}
      </Title>
      <DataTable
        label={t`Scheduled payouts`}
        verticalSpacing="xs"
        rows={rows}
        columns={[
          {
            header: t`When`,
            cell: (s) => (
              <>
                <Text size="sm">{whenWords(s)}</Text>
                <IdNote>{t`Approved by ${s.cutoff} UTC that day, or skipped`}</IdNote>
                {mayCancel && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-xs"
                    px={0}
                    loading={cancel.isPending && cancel.variables === s.id}
                    aria-label={t`Cancel the scheduled payout: ${whenWords(s)}`}
                    onClick={() => cancel.mutate(s.id)}
                  >
                    <Trans>Cancel</Trans>
                  </Button>
                )}
              </>
            ),
          },
          {
            header: t`Pays`,
            cell: (s) => (
              <>
                <Text size="sm" fw={600}>
                  {s.payoutCurrency
                    ? formatMoney(s.body.toAmount, s.payoutCurrency)
                    : s.body.toAmount}
                </Text>
                <IdNote>
                  {t`to ${s.payeeName ?? t`payout account #${s.body.toBusinessExternalAccountId}`}, from ${s.merchantName ?? t`merchant #${s.body.fromBusinessId}`}; by ${s.createdBy.name}`}
                </IdNote>
                <LastRun s={s} product={product} />
              </>
            ),
          },
        ]}
      />
    </Paper>
  );
}

/** How the latest run went: its day and outcome, its payout, and why where it did not happen. */
function LastRun({ s, product }: { s: Schedule; product: Product }) {
  const last = s.runs[0];
  if (!last) return null;
  return (
    <Stack gap={2} mt={4} align="flex-start">
      <Badge
        variant="light"
        radius="sm"
        color={last.status === 'approved' ? 'green' : last.status === 'created' ? 'blue' : 'orange'}
        style={{ textTransform: 'none', height: 'auto', whiteSpace: 'normal' }}
      >
        {tr(msg`Last run: ${tr(RUN_WORDS[last.status])}, ${day(last.date)}`)}
      </Badge>
      {last.transactionId !== null && (
        <AnchorLink
          to="/transactions/$product/$id"
          params={{ product: SLUG_OF[product], id: last.transactionId }}
          size="xs"
        >
          #{last.transactionId}
        </AnchorLink>
      )}
      {last.reason && <IdNote translate="no">{last.reason}</IdNote>}
    </Stack>
  );
}
