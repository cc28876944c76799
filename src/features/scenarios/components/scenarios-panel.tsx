// Scenarios (docs/decisions/024): build a named situation in one go, load a scenario file a
// colleague or CI shared, save this partner's records as one, or start again from nothing.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { trText } from '#/i18n/current';
import { codedWords, wordsCode } from '#/i18n/words';
import { presetWords } from '#/api/scenario-words';
import { Alert, Badge, Button, Checkbox, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { InlineSubmit } from '#/components/submit-row';
import type { SandboxReset, ScenarioLoad, ScenarioLoaded } from '#/api/schemas/scenario';
import { ApiErrorAlert, QueryView } from '#/components/api-error';
import { DataTable, IdNote } from '#/components/data-table';
import { Dialog } from '#/components/dialog';
import { AnchorLink, TransactionLink } from '#/components/links';
import { valueInWords } from '#/lib/value-words';
import { PRODUCT_TITLE } from '#/lib/products';
import {
  scenarioPresetsQuery,
  useExportScenario,
  useLoadScenario,
  useResetSandbox,
} from '../queries';
import { Panel } from '#/components/page';
import { WRAPPING_BUTTON } from '#/components/wrapping';
import { tr } from '#/i18n/current';

/** A preset's title in the reader's language (the sandbox's English for one it does not know). */
const presetTitle = (preset: { name: string; title: string }) => {
  const words = presetWords(preset.name);
  return words ? tr(words.title) : preset.title;
};

/** A scenario file is at most this large (what the sandbox accepts in one request). */
const MAX_FILE_BYTES = 1024 * 1024;

/** One record a load made: what it is, its link, then its id and reference dimmed. */
function RecordLine({
  kind,
  record,
  children,
}: {
  kind: string;
  record: { id: number; ref: string };
  children: ReactNode;
}) {
  return (
    <Text size="sm">
      {kind} {children}{' '}
      <Text span c="dimmed" size="xs">
        #{record.id} · {record.ref}
      </Text>
    </Text>
  );
}

/** What a load made, each record linked to its page. */
function LoadedRecords({ loaded, title }: { loaded: ScenarioLoaded; title: string }) {
  const { t } = useLingui();
  const count = loaded.merchants.length + loaded.payoutAccounts.length + loaded.transactions.length;
  return (
    <Alert color="teal" title={t`Loaded: ${title}`} role="status">
      <Text size="sm" mb="xs">
        {loaded.reset ? `${t`The earlier records were deleted first.`} ` : ''}
        {tr(
          msg({
            message:
              '{count, plural, =0 {The scenario held no records.} one {# record made:} other {# records made:}}',
          }),
          { count },
        )}
      </Text>
      <Stack gap={4}>
        {loaded.merchants.map((m) => (
          <RecordLine key={`m${m.id}`} kind={t`Merchant`} record={m}>
            <AnchorLink to="/merchants/$id" params={{ id: m.id }}>
              {m.label}
            </AnchorLink>
          </RecordLine>
        ))}
        {loaded.payoutAccounts.map((a) => (
          <RecordLine key={`a${a.id}`} kind={t`Payout account`} record={a}>
            <AnchorLink to="/payout-accounts/$id" params={{ id: a.id }}>
              {a.label}
            </AnchorLink>
          </RecordLine>
        ))}
        {loaded.transactions.map((t) => (
          <RecordLine key={`t${t.id}`} kind={tr(PRODUCT_TITLE[t.product].singular)} record={t}>
            <TransactionLink product={t.product} id={t.id}>
              {t.label}
            </TransactionLink>{' '}
            <Badge size="sm" variant="light" ml={4}>
              {valueInWords(t.clientStatus)}
            </Badge>
          </RecordLine>
        ))}
      </Stack>
    </Alert>
  );
}

function ResetDialog({
  opened,
  onClose,
  onReset,
}: {
  opened: boolean;
  onClose: () => void;
  onReset: (counts: SandboxReset) => void;
}) {
  const { t } = useLingui();
  const reset = useResetSandbox();
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Delete every record of this partner?`}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Every merchant, payout account, transaction, event and uploaded file of this partner in
            the sandbox is deleted, for everyone in the team. The API credentials, the webhook
            endpoints and held moves stay. This cannot be undone: export the records first to keep
            them.
          </Trans>
        </Text>
        {reset.isError && <ApiErrorAlert error={reset.error} title={t`Nothing was deleted`} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Keep them</Trans>
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: (counts) => {
                  onReset(counts);
                  onClose();
                },
              })
            }
          >
            <Trans>Delete every record</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** The form's own messages, as codes read in the page's language (decision 091). */
const FILE = codedWords({
  choose: /*i18n*/ {
    id: 'scenario.file.choose',
    message: 'Choose a scenario file (.json) to load',
  },
  tooLarge: /*i18n*/ {
    id: 'scenario.file.tooLarge',
    message: '{name} is larger than 1 MB, the most one scenario may be',
  },
  notJson: /*i18n*/ {
    id: 'scenario.file.notJson',
    message: '{name} is not JSON: choose a file exported from the sandbox',
  },
});

/** The scenario file to load: chosen, and at most 1 MB (the sandbox checks what is in it). */
const ScenarioFileForm = z.object({
  file: z.custom<File | null>().superRefine((file, ctx) => {
    if (!(file instanceof File)) ctx.addIssue({ code: 'custom', message: wordsCode(FILE.choose) });
    else if (file.size > MAX_FILE_BYTES)
      ctx.addIssue({ code: 'custom', message: wordsCode(FILE.tooLarge, { name: file.name }) });
  }),
});
type ScenarioFileForm = z.input<typeof ScenarioFileForm>;

export function ScenariosPanel() {
  const { t } = useLingui();
  const presets = useQuery(scenarioPresetsQuery);
  const load = useLoadScenario();
  const exporting = useExportScenario();
  const [replace, setReplace] = useState(false);
  const form = useForm<ScenarioFileForm>({
    resolver: zodResolver(ScenarioFileForm),
    defaultValues: { file: null },
  });
  const [loaded, setLoaded] = useState<{ result: ScenarioLoaded; title: string } | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [resetDone, setResetDone] = useState<SandboxReset | null>(null);

  const run = (body: Parameters<typeof load.mutate>[0], title: string) => {
    setLoaded(null);
    setResetDone(null);
    load.mutate(body, { onSuccess: (result) => setLoaded({ result, title }) });
  };

  const loadFile = form.handleSubmit(async ({ file }) => {
    let scenario: unknown;
    try {
      scenario = JSON.parse(await file!.text());
    } catch {
      form.setError('file', {
        message: wordsCode(FILE.notJson, { name: file!.name }),
      });
      return;
    }
    // The sandbox checks the file against the contract and names whatever is wrong in it.
    run({ scenario: scenario as ScenarioLoad['scenario'], reset: replace }, file!.name);
  });

  return (
    <Panel
      title={t`Scenarios`}
      description={
        <Trans>
          Build a situation in one go, through the same operations as the API’s own requests (their
          events and webhooks included); all of it is made, or nothing is. Save this partner’s
          records as a scenario file to share a situation or to load it in CI.
        </Trans>
      }
      id="scenarios"
    >
      <Checkbox
        label={t`Delete this partner’s records before loading`}
        checked={replace}
        onChange={(event) => setReplace(event.currentTarget.checked)}
        mb="md"
      />
      <QueryView query={presets}>
        {(list) => (
          <DataTable
            label={t`Preset scenarios`}
            verticalSpacing="xs"
            rows={list}
            rowKey={(preset) => preset.name}
            columns={[
              {
                cell: (preset) => {
                  const words = presetWords(preset.name);
                  return (
                    <>
                      <Text size="sm" fw={600}>
                        {presetTitle(preset)}
                      </Text>
                      <IdNote>{words ? tr(words.description) : preset.description}</IdNote>
                    </>
                  );
                },
              },
              {
                td: { w: 1 },
                cell: (preset) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} aria-hidden />}
                    aria-label={t`Load “${presetTitle(preset)}”`}
                    loading={load.isPending && load.variables?.preset === preset.name}
                    disabled={load.isPending}
                    onClick={() =>
                      run({ preset: preset.name, reset: replace }, presetTitle(preset))
                    }
                  >
                    <Trans>Load</Trans>
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      <form onSubmit={(e) => void loadFile(e)} noValidate aria-label={t`Load a scenario file`}>
        <Group align="flex-start" gap="sm" mt="md" wrap="wrap">
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <FileInput
                label={t`Scenario file`}
                placeholder={t`Choose a .json file`}
                accept="application/json,.json"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message && trText(fieldState.error.message)}
                clearable
                w={320}
              />
            )}
          />
          <InlineSubmit
            variant="default"
            icon={<IconUpload size={16} aria-hidden />}
            busy={load.isPending && load.variables?.scenario != null}
            disabled={load.isPending}
          >
            <Trans>Load file</Trans>
          </InlineSubmit>
        </Group>
      </form>
      <Stack mt="md" gap="sm">
        {load.isError && <ApiErrorAlert error={load.error} title={t`Nothing was loaded`} />}
        {loaded && <LoadedRecords loaded={loaded.result} title={loaded.title} />}
        {resetDone && (
          <Alert color="gray" role="status" title={t`Records deleted`}>
            <Text size="sm">
              {tr(
                msg({
                  message:
                    'Deleted: {merchants, plural, one {# merchant} other {# merchants}}, {accounts, plural, one {# payout account} other {# payout accounts}}, {transactions, plural, one {# transaction} other {# transactions}}, {events, plural, one {# event} other {# events}} and {files, plural, one {# file} other {# files}}.',
                }),
                {
                  merchants: resetDone.merchants,
                  accounts: resetDone.payoutAccounts,
                  transactions: resetDone.transactions,
                  events: resetDone.events,
                  files: resetDone.files,
                },
              )}
            </Text>
          </Alert>
        )}
        {exporting.isError && <ApiErrorAlert error={exporting.error} title={t`Not exported`} />}
      </Stack>
      <Group mt="md" gap="sm">
        <Button
          variant="default"
          styles={WRAPPING_BUTTON}
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          <Trans>Export records as a scenario</Trans>
        </Button>
        <Button
          variant="outline"
          color="red"
          styles={WRAPPING_BUTTON}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setResetOpen(true)}
        >
          <Trans>Reset this partner’s data…</Trans>
        </Button>
      </Group>
      <ResetDialog
        opened={resetOpen}
        onClose={() => setResetOpen(false)}
        onReset={(counts) => {
          setLoaded(null);
          setResetDone(counts);
        }}
      />
    </Panel>
  );
}
