// Chosen faults: make one operation's next requests fail, to test a client's retries and
// idempotency (docs/decisions/023). Each active fault shows with what is left of it.
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { codedWords, wordsCode } from '#/i18n/words';
import { InlineSubmit } from '#/components/submit-row';
import { SelectField } from '#/components/form-fields';
import { Button, Group, NumberInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { allOperations } from '#/api/operations';
import { FAULT_KINDS, FaultCreate } from '#/api/schemas/platform';
import { ApiErrorAlert, QueryView } from '#/components/api-error';
import { DataTable } from '#/components/data-table';
import { submitThrough } from '#/components/api-field-errors';
import { fieldError } from '#/lib/field-error';
import {
  faultsQuery,
  noteOfFault,
  sandboxNotesQuery,
  useCreateFault,
  useDeleteFault,
} from '../queries';
import { DateTime } from '#/components/date-time';
import { Panel } from '#/components/page';

const KIND_LABEL: Record<(typeof FAULT_KINDS)[number], MessageDescriptor> = {
  error: msg`500 Internal error`,
  unavailable: msg`503 Unavailable, with Retry-After`,
  timeout: msg`No answer (the connection is dropped)`,
};

const OPERATIONS = allOperations
  .filter((op) => op.source !== 'sandbox')
  .map((op) => ({ value: op.id, label: `${op.id} · ${op.method} ${op.path}` }));

/** The form's own message, as a code read in the page's language (decision 091). */
const FAULT = codedWords({
  operation: /*i18n*/ {
    id: 'fault.operation',
    message: 'Choose the operation that should fail',
  },
});
const CHOOSE_OPERATION = wordsCode(FAULT.operation);

/** What the form asks: the operation, how it fails and for how many requests. */
const FaultForm = FaultCreate.pick({ kind: true, count: true }).extend({
  operationId: z.string({ error: CHOOSE_OPERATION }).min(1, { error: CHOOSE_OPERATION }),
});
type FaultForm = z.input<typeof FaultForm>;
const FAULT_FIELDS = Object.keys(FaultForm.shape);

export function FaultsPanel() {
  const { t } = useLingui();
  const faults = useQuery(faultsQuery);
  const notes = useQuery({ ...sandboxNotesQuery, enabled: (faults.data?.length ?? 0) > 0 });
  const create = useCreateFault();
  const remove = useDeleteFault();
  const form = useForm<FaultForm>({
    resolver: zodResolver(FaultForm),
    defaultValues: { operationId: '', kind: 'unavailable', count: 1 },
  });
  const { errors } = form.formState;
  const switchOn = submitThrough(form, create, { fields: FAULT_FIELDS });

  return (
    <Panel
      title={t`Chosen faults`}
      description={
        <Trans>
          The next requests to one operation fail as you choose, for this partner only; nothing is
          changed by a failed request, so a retry with the same Idempotency-Key does the work once.
          A restart of the sandbox switches every fault off.
        </Trans>
      }
      id="faults"
    >
      <form onSubmit={switchOn} noValidate aria-label={t`Switch a fault on`}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SelectField
            form={form}
            name="operationId"
            label={t`Operation`}
            placeholder={t`Search by name or path`}
            searchable
            data={OPERATIONS}
            prompt={tr(FAULT.operation)}
            w={380}
          />
          <SelectField
            form={form}
            name="kind"
            label={t`Failure`}
            data={FAULT_KINDS.map((k) => ({ value: k, label: tr(KIND_LABEL[k]) }))}
            allowDeselect={false}
            w={300}
          />
          <Controller
            control={form.control}
            name="count"
            render={({ field }) => (
              <NumberInput
                label={t`Requests`}
                min={1}
                max={100}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                onBlur={field.onBlur}
                error={fieldError(t`Requests`, errors.count?.message)}
                w={110}
              />
            )}
          />
          <InlineSubmit
            busy={create.isPending}
            color="red.9"
            icon={<IconBolt size={16} aria-hidden />}
          >
            <Trans>Switch on</Trans>
          </InlineSubmit>
        </Group>
      </form>
      {create.isError && (
        <ApiErrorAlert error={create.error} title={t`Not switched on`} placed={FAULT_FIELDS} />
      )}
      <Stack mt="md">
        <QueryView query={faults} empty={t`No fault is on: every request is answered as usual.`}>
          {(on) => (
            <DataTable
              label={t`Faults on`}
              verticalSpacing="xs"
              rows={on}
              columns={[
                {
                  header: t`Operation`,
                  cell: (fault) => (
                    <Text size="sm" ff="monospace">
                      {fault.operationId}
                    </Text>
                  ),
                },
                {
                  header: t`Failure`,
                  cell: (fault) => <Text size="sm">{tr(KIND_LABEL[fault.kind])}</Text>,
                },
                {
                  header: t`Left`,
                  cell: (fault) => (
                    <Text size="sm">
                      {tr(
                        msg({
                          message: '{count, plural, one {# request} other {# requests}}',
                        }),
                        { count: fault.remaining },
                      )}
                    </Text>
                  ),
                },
                {
                  header: t`Switched on`,
                  cell: (fault) => {
                    const note = noteOfFault(notes.data, fault);
                    return (
                      <Text size="sm">
                        {note ? `${note.byName}, ` : ''}
                        <DateTime value={fault.creationTime} />
                      </Text>
                    );
                  },
                },
                {
                  header: (
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  ),
                  cell: (fault) => (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => remove.mutate(fault.id)}
                      aria-label={t`Switch off the fault on ${fault.operationId}`}
                    >
                      <Trans>Switch off</Trans>
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
        {remove.isError && <ApiErrorAlert error={remove.error} title={t`Not switched off`} />}
      </Stack>
    </Panel>
  );
}
