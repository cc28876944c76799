import { Button, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { Product } from '../../../api/schemas/transaction';
import { ApiErrorAlert } from '../../../components/api-error';
import { Dialog } from '../../../components/dialog';
import { fetchAllPages, toCsv } from '../csv';
import type { TransactionFilters } from '../queries';

type State =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; pages: number }
  | { phase: 'done'; rows: number }
  | { phase: 'cancelled'; rows: number }
  | { phase: 'failed'; error: unknown };

export function CsvExport({
  product,
  filters,
  fileName,
}: {
  product: Product;
  filters: Omit<TransactionFilters, 'start' | 'limit'>;
  fileName: string;
}) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', rows: 0, pages: 0 });
    try {
      const rows = await fetchAllPages(
        product,
        filters,
        (count, pages) => setState({ phase: 'running', rows: count, pages }),
        abort.signal,
      );
      const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ phase: 'done', rows: rows.length });
    } catch (error) {
      if (abort.signal.aborted)
        setState((s) => ({ phase: 'cancelled', rows: s.phase === 'running' ? s.rows : 0 }));
      else setState({ phase: 'failed', error });
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void run()}
      >
        Export CSV
      </Button>
      <Dialog
        opened={state.phase !== 'idle'}
        onClose={() => {
          controller.current?.abort();
          setState({ phase: 'idle' });
        }}
        title="Export to CSV"
      >
        <Stack gap="md">
          {state.phase === 'running' && (
            <>
              <Text size="sm" aria-live="polite">
                Fetching every page of this list: {state.rows} transactions so far ({state.pages}{' '}
                page{state.pages === 1 ? '' : 's'}).
              </Text>
              <Progress value={100} animated striped aria-label="Export in progress" />
              <Button color="red" variant="light" onClick={() => controller.current?.abort()}>
                Cancel export
              </Button>
            </>
          )}
          {state.phase === 'done' && (
            <Text size="sm" role="status">
              Exported {state.rows} transaction{state.rows === 1 ? '' : 's'} to {fileName}.
            </Text>
          )}
          {state.phase === 'cancelled' && (
            <Text size="sm" role="status">
              Export cancelled after {state.rows} transactions; no file was saved.
            </Text>
          )}
          {state.phase === 'failed' && (
            <ApiErrorAlert
              error={state.error}
              title="The export stopped"
              onRetry={() => void run()}
            />
          )}
        </Stack>
      </Dialog>
    </>
  );
}
