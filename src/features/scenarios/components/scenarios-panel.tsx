// Scenarios (docs/decisions/024): build a named situation in one go, load a scenario file a
// colleague or CI shared, save this partner's records as one, or start again from nothing.
import { trText } from '#/i18n/current';
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
import { tr } from '#/i18n/current';

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
  const count = loaded.merchants.length + loaded.payoutAccounts.length + loaded.transactions.length;
  return (
    <Alert color="teal" title={`Loaded: ${title}`} role="status">
      <Text size="sm" mb="xs">
        {loaded.reset ? 'The earlier records were deleted first. ' : ''}
        {count === 0 ? 'The scenario held no records.' : `${count} records made:`}
      </Text>
      <Stack gap={4}>
        {loaded.merchants.map((m) => (
          <RecordLine key={`m${m.id}`} kind="Merchant" record={m}>
            <AnchorLink to="/merchants/$id" params={{ id: m.id }}>
              {m.label}
            </AnchorLink>
          </RecordLine>
        ))}
        {loaded.payoutAccounts.map((a) => (
          <RecordLine key={`a${a.id}`} kind="Payout account" record={a}>
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
  const reset = useResetSandbox();
  return (
    <Dialog opened={opened} onClose={onClose} title="Delete every record of this partner?">
      <Stack gap="md">
        <Text size="sm">
          Every merchant, payout account, transaction, event and uploaded file of this partner in
          the sandbox is deleted, for everyone in the team. The API credentials, the webhook
          endpoints and held moves stay. This cannot be undone: export the records first to keep
          them.
        </Text>
        {reset.isError && <ApiErrorAlert error={reset.error} title="Nothing was deleted" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep them
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
            Delete every record
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** The scenario file to load: chosen, and at most 1 MB (the sandbox checks what is in it). */
const ScenarioFileForm = z.object({
  file: z.custom<File | null>().superRefine((file, ctx) => {
    if (!(file instanceof File))
      ctx.addIssue({ code: 'custom', message: 'Choose a scenario file (.json) to load' });
    else if (file.size > MAX_FILE_BYTES)
      ctx.addIssue({
        code: 'custom',
        message: `${file.name} is larger than 1 MB, the most one scenario may be`,
      });
  }),
});
type ScenarioFileForm = z.input<typeof ScenarioFileForm>;

export function ScenariosPanel() {
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
        message: `${file!.name} is not JSON: choose a file exported from the sandbox`,
      });
      return;
    }
    // The sandbox checks the file against the contract and names whatever is wrong in it.
    run({ scenario: scenario as ScenarioLoad['scenario'], reset: replace }, file!.name);
  });

  return (
    <Panel
      title="Scenarios"
      description={
        <>
          Build a situation in one go, through the same operations as the API&apos;s own requests
          (their events and webhooks included); all of it is made, or nothing is. Save this
          partner&apos;s records as a scenario file to share a situation or to load it in CI.
        </>
      }
      id="scenarios"
    >
      <Checkbox
        label="Delete this partner’s records before loading"
        checked={replace}
        onChange={(event) => setReplace(event.currentTarget.checked)}
        mb="md"
      />
      <QueryView query={presets}>
        {(list) => (
          <DataTable
            label="Preset scenarios"
            verticalSpacing="xs"
            rows={list}
            rowKey={(preset) => preset.name}
            columns={[
              {
                cell: (preset) => (
                  <>
                    <Text size="sm" fw={600}>
                      {preset.title}
                    </Text>
                    <IdNote>{preset.description}</IdNote>
                  </>
                ),
              },
              {
                td: { w: 1 },
                cell: (preset) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} aria-hidden />}
                    aria-label={`Load “${preset.title}”`}
                    loading={load.isPending && load.variables?.preset === preset.name}
                    disabled={load.isPending}
                    onClick={() => run({ preset: preset.name, reset: replace }, preset.title)}
                  >
                    Load
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      <form onSubmit={(e) => void loadFile(e)} noValidate aria-label="Load a scenario file">
        <Group align="flex-start" gap="sm" mt="md" wrap="wrap">
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <FileInput
                label="Scenario file"
                placeholder="Choose a .json file"
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
            Load file
          </InlineSubmit>
        </Group>
      </form>
      <Stack mt="md" gap="sm">
        {load.isError && <ApiErrorAlert error={load.error} title="Nothing was loaded" />}
        {loaded && <LoadedRecords loaded={loaded.result} title={loaded.title} />}
        {resetDone && (
          <Alert color="gray" role="status" title="Records deleted">
            <Text size="sm">
              {resetDone.merchants} merchants, {resetDone.payoutAccounts} payout accounts,{' '}
              {resetDone.transactions} transactions, {resetDone.events} events and {resetDone.files}{' '}
              files were deleted.
            </Text>
          </Alert>
        )}
        {exporting.isError && <ApiErrorAlert error={exporting.error} title="Not exported" />}
      </Stack>
      <Group mt="md" gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          Export records as a scenario
        </Button>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setResetOpen(true)}
        >
          Reset this partner’s data…
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
