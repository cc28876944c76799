// Chosen faults: make one operation's next requests fail, to test a client's retries and
// idempotency (docs/decisions/023). Each active fault shows with what is left of it.
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allOperations } from '../../../api/operations';
import { FAULT_KINDS, type Fault } from '../../../api/schemas/platform';
import { ApiErrorAlert } from '../../../components/api-error';
import { LoadingState } from '../../../components/page';
import { faultsQuery, useCreateFault, useDeleteFault } from '../queries';

const KIND_LABEL: Record<(typeof FAULT_KINDS)[number], string> = {
  error: '500 Internal error',
  unavailable: '503 Unavailable, with Retry-After',
  timeout: 'No answer (the connection is dropped)',
};

const OPERATIONS = allOperations
  .filter((op) => op.source !== 'sandbox')
  .map((op) => ({ value: op.id, label: `${op.id} · ${op.method} ${op.path}` }));

export function FaultsPanel() {
  const faults = useQuery(faultsQuery);
  const create = useCreateFault();
  const remove = useDeleteFault();
  const [operationId, setOperationId] = useState<string | null>(null);
  const [kind, setKind] = useState<string>('unavailable');
  const [count, setCount] = useState<number | string>(1);
  const [missing, setMissing] = useState<string | undefined>();

  const switchOn = (event: React.FormEvent) => {
    event.preventDefault();
    if (!operationId) {
      setMissing('Choose the operation that should fail');
      return;
    }
    setMissing(undefined);
    create.mutate({
      operationId,
      kind: kind as Fault['kind'],
      count: typeof count === 'number' ? count : Number(count) || 1,
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" id="faults">
      <Title order={2} fz="lg" mb={4}>
        Chosen faults
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The next requests to one operation fail as you choose, for this partner only; nothing is
        changed by a failed request, so a retry with the same Idempotency-Key does the work once. A
        restart of the sandbox switches every fault off.
      </Text>
      <form onSubmit={switchOn} noValidate aria-label="Switch a fault on">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Operation"
            placeholder="Search by name or path"
            searchable
            data={OPERATIONS}
            value={operationId}
            onChange={setOperationId}
            error={missing}
            w={380}
          />
          <Select
            label="Failure"
            data={FAULT_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            value={kind}
            onChange={(value) => setKind(value ?? 'unavailable')}
            allowDeselect={false}
            w={300}
          />
          <NumberInput
            label="Requests"
            min={1}
            max={100}
            allowDecimal={false}
            value={count}
            onChange={setCount}
            w={110}
          />
          <Button
            type="submit"
            mt={25}
            color="red.9"
            leftSection={<IconBolt size={16} aria-hidden />}
            loading={create.isPending}
          >
            Switch on
          </Button>
        </Group>
      </form>
      {create.isError && <ApiErrorAlert error={create.error} title="Not switched on" />}
      <Stack mt="md">
        {faults.isPending ? (
          <LoadingState />
        ) : faults.isError ? (
          <ApiErrorAlert error={faults.error} onRetry={() => void faults.refetch()} />
        ) : faults.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No fault is on: every request is answered as usual.
          </Text>
        ) : (
          <Table aria-label="Faults on" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Operation</Table.Th>
                <Table.Th scope="col">Failure</Table.Th>
                <Table.Th scope="col">Left</Table.Th>
                <Table.Th scope="col" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {faults.data.map((fault) => (
                <Table.Tr key={fault.id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {fault.operationId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{KIND_LABEL[fault.kind]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {fault.remaining} {fault.remaining === 1 ? 'request' : 'requests'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => remove.mutate(fault.id)}
                      aria-label={`Switch off the fault on ${fault.operationId}`}
                    >
                      Switch off
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {remove.isError && <ApiErrorAlert error={remove.error} title="Not switched off" />}
      </Stack>
    </Paper>
  );
}
