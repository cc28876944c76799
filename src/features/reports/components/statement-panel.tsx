// A statement of one currency for the report's period (docs/decisions/037): how many
// transactions completed with it on either side and the totals in and out, then the file as
// CSV, XLSX or PDF, downloaded with a progress bar.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PDF_MAX_LINES, STATEMENT_FORMATS, type StatementFormat } from '#/api/statements';
import { FileDownload } from '#/components/file-download';
import { Panel } from '#/components/page';
import { currentFormats, formatCount, formatMoney } from '#/lib/format';
import { statementFileUrl, statementSummaryQuery } from '../queries';

const FORMAT_LABEL: Record<StatementFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };

/** "12 transactions · deposited 1,000.00 EUR · paid out 990.00 EUR". */
function summaryWords(data: {
  count: number;
  currency: string;
  deposited: string;
  paidOut: string;
}) {
  const values = {
    count: data.count,
    shown: formatCount(data.count),
    currency: data.currency,
    deposited: formatMoney(data.deposited, data.currency),
    paidOut: formatMoney(data.paidOut, data.currency),
  };
  return /^0(\.0*)?$/.test(data.deposited)
    ? tr(
        msg({
          message:
            '{count, plural, one {{shown} transaction} other {{shown} transactions}} · no deposit in {currency} · paid out {paidOut}',
        }),
        values,
      )
    : tr(
        msg({
          message:
            '{count, plural, one {{shown} transaction} other {{shown} transactions}} · deposited {deposited} · paid out {paidOut}',
        }),
        values,
      );
}

export function StatementPanel({
  period,
  currencies,
}: {
  period: { from: string; to: string; tz: string; label: string };
  currencies: string[];
}) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string | null>(null);
  const [format, setFormat] = useState<StatementFormat>('csv');
  const currency =
    chosen && currencies.includes(chosen)
      ? chosen
      : currencies.includes('EUR')
        ? 'EUR'
        : (currencies[0] ?? null);
  const query = currency
    ? { currency, from: period.from, to: period.to, tz: period.tz, locale: currentFormats().locale }
    : undefined;
  const summary = useQuery({
    ...statementSummaryQuery(query ?? { currency: '', from: '0', to: '1' }),
    enabled: query !== undefined,
  });
  const tooLong = format === 'pdf' && (summary.data?.count ?? 0) > PDF_MAX_LINES;
  return (
    // A landmark of its own, so that "Statement" is found by name.
    <section aria-label={t`Statement`}>
      <Panel title={t`Statement`} mt="lg">
        {!query ? (
          <Text size="sm" c="dimmed">
            <Trans>No transaction completed in this period: there is no statement to make.</Trans>
          </Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t`Every transaction that completed in ${period.label} with the currency on either side: one line each, with its references, rate and amounts.`}
            </Text>
            <Group gap="sm" align="end" wrap="wrap">
              <Select
                label={t`Currency`}
                w={160}
                allowDeselect={false}
                value={currency}
                data={currencies}
                onChange={setChosen}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="statement-format">
                  <Trans>Format</Trans>
                </Text>
                <SegmentedControl
                  aria-labelledby="statement-format"
                  value={format}
                  onChange={(value) => setFormat(value as StatementFormat)}
                  data={STATEMENT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] }))}
                />
              </Stack>
              <FileDownload
                variant="filled"
                url={statementFileUrl({ ...query, format })}
                label={t`Download ${currency} statement`}
                noun={t`lines`}
                fileName={`statement-${currency}.${format}`}
                disabled={!summary.data || summary.data.count === 0 || tooLong}
              />
            </Group>
            {summary.data && (
              <Text size="sm" role="status">
                {summaryWords(summary.data)}
              </Text>
            )}
            <Text size="xs" c="dimmed" maw={640}>
              <Trans>
                No CAMT.053 or MT940: those bank formats state an account&apos;s opening and closing
                balances, and the API reports neither an account nor its balances. CSV and Excel
                import into accounting tools with the lines&apos; amounts and currencies.
              </Trans>
            </Text>
            {tooLong && (
              <Text size="sm" c="orange.9">
                {t`A PDF holds at most ${formatCount(PDF_MAX_LINES)} lines: choose CSV or Excel, or a shorter period.`}
              </Text>
            )}
          </Stack>
        )}
      </Panel>
    </section>
  );
}
