// Chosen faults: make one operation's next requests fail, to test a client's retries and
// idempotency (docs/decisions/023). Each active fault shows with what is left of it.
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

const KIND_LABEL: Record<(typeof FAULT_KINDS)[number], string> = {
  error: '500 Internal error',
  unavailable: '503 Unavailable, with Retry-After',
  timeout: 'No answer (the connection is dropped)',
};

const OPERATIONS = allOperations
  .filter((op) => op.source !== 'sandbox')
  .map((op) => ({ value: op.id, label: `${op.id} · ${op.method} ${op.path}` }));

const CHOOSE_OPERATION = 'Choose the operation that should fail';

/** What the form asks: the operation, how it fails and for how many requests. */
const FaultForm = FaultCreate.pick({ kind: true, count: true }).extend({
  operationId: z.string({ error: CHOOSE_OPERATION }).min(1, { error: CHOOSE_OPERATION }),
});
type FaultForm = z.input<typeof FaultForm>;
const FAULT_FIELDS = Object.keys(FaultForm.shape);

export function FaultsPanel() {
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
      title="Chosen faults"
      description={
        <>
          The next requests to one operation fail as you choose, for this partner only; nothing is
          changed by a failed request, so a retry with the same Idempotency-Key does the work once.
          A restart of the sandbox switches every fault off.
        </>
      }
      id="faults"
    >
      <form onSubmit={switchOn} noValidate aria-label="Switch a fault on">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SelectField
            form={form}
            name="operationId"
            label="Operation"
            placeholder="Search by name or path"
            searchable
            data={OPERATIONS}
            prompt={CHOOSE_OPERATION}
            w={380}
          />
          <SelectField
            form={form}
            name="kind"
            label="Failure"
            data={FAULT_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            allowDeselect={false}
            w={300}
          />
          <Controller
            control={form.control}
            name="count"
            render={({ field }) => (
              <NumberInput
                label="Requests"
                min={1}
                max={100}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                onBlur={field.onBlur}
                error={fieldError('Requests', errors.count?.message)}
                w={110}
              />
            )}
          />
          <InlineSubmit
            busy={create.isPending}
            color="red.9"
            icon={<IconBolt size={16} aria-hidden />}
          >
            Switch on
          </InlineSubmit>
        </Group>
      </form>
      {create.isError && (
        <ApiErrorAlert error={create.error} title="Not switched on" placed={FAULT_FIELDS} />
      )}
      <Stack mt="md">
        <QueryView query={faults} empty="No fault is on: every request is answered as usual.">
          {(on) => (
            <DataTable
              label="Faults on"
              verticalSpacing="xs"
              rows={on}
              columns={[
                {
                  header: 'Operation',
                  cell: (fault) => (
                    <Text size="sm" ff="monospace">
                      {fault.operationId}
                    </Text>
                  ),
                },
                {
                  header: 'Failure',
                  cell: (fault) => <Text size="sm">{KIND_LABEL[fault.kind]}</Text>,
                },
                {
                  header: 'Left',
                  cell: (fault) => (
                    <Text size="sm">
                      {fault.remaining} {fault.remaining === 1 ? 'request' : 'requests'}
                    </Text>
                  ),
                },
                {
                  header: 'Switched on',
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
                  header: <VisuallyHidden>Actions</VisuallyHidden>,
                  cell: (fault) => (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => remove.mutate(fault.id)}
                      aria-label={`Switch off the fault on ${fault.operationId}`}
                    >
                      Switch off
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
        {remove.isError && <ApiErrorAlert error={remove.error} title="Not switched off" />}
      </Stack>
    </Panel>
  );
}
