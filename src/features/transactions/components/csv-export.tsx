// CSV export of a transaction list, written by the dashboard server from its local index: every
// row of the list's filters, amounts exactly as the API sent them, with the names it shows.
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiErrorAlert } from '#/components/api-error';
import { Dialog } from '#/components/dialog';
import { dashboardFetch } from '#/lib/api';

type State =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; rows: number }
  | { phase: 'failed'; error: unknown };

export function CsvExport({ url, fileName }: { url: string; fileName: string }) {
  const [state, setState] = useState<State>({ phase: 'idle' });

  const run = async () => {
    setState({ phase: 'running' });
    try {
      const response = await dashboardFetch('GET', url, undefined, { accept: 'text/csv' });
      const text = await response.text();
      const file = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = file;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(file), 10_000);
      setState({ phase: 'done', rows: Math.max(0, text.trim().split('\r\n').length - 1) });
    } catch (error) {
      setState({ phase: 'failed', error });
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
        onClose={() => setState({ phase: 'idle' })}
        title="Export to CSV"
      >
        <Stack gap="md">
          {state.phase === 'running' && (
            <Text size="sm" aria-live="polite">
              <Loader size="xs" mr="xs" aria-hidden />
              Writing every transaction of this list…
            </Text>
          )}
          {state.phase === 'done' && (
            <Text size="sm" role="status">
              Exported {state.rows} transaction{state.rows === 1 ? '' : 's'} to {fileName}.
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
