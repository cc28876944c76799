// A file the dashboard server streams (exports and statements, docs/decisions/037), fetched a
// chunk at a time with a progress bar: for CSV the lines received against the lines the server
// said it would send (`x-export-rows`), for other formats the bytes received. It can be stopped;
// it is saved under the server's name for it once complete.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiErrorAlert } from './api-error';
import { Dialog } from './dialog';
import { dashboardFetch } from '#/lib/api';
import { formatCount } from '#/lib/format';

type State =
  | { phase: 'idle' }
  | { phase: 'running'; bytes: number; lines: number; total: number | undefined }
  | { phase: 'done'; lines: number; fileName: string; csv: boolean }
  | { phase: 'failed'; error: unknown };

/** The file name in a `content-disposition` answer, or undefined. */
export function fileNameOf(disposition: string | null): string | undefined {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
}

export interface FileDownloadProps {
  url: string;
  /** The button's words: "Export CSV", "Download statement". */
  label: string;
  /** What each line is, for the progress: "transactions". */
  noun: string;
  /** The name when the server gives none. */
  fileName: string;
  disabled?: boolean;
  variant?: 'default' | 'filled' | 'light';
}

export function FileDownload({
  url,
  label,
  noun,
  fileName,
  disabled,
  variant = 'default',
}: FileDownloadProps) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const stop = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    stop.current = controller;
    setState({ phase: 'running', bytes: 0, lines: 0, total: undefined });
    try {
      const response = await dashboardFetch('GET', url, undefined, { accept: '*/*' });
      const header = response.headers.get('x-export-rows');
      const total = header === null ? undefined : Number(header);
      const csv = (response.headers.get('content-type') ?? '').startsWith('text/csv');
      const reader = response.body!.getReader();
      controller.signal.addEventListener('abort', () => void reader.cancel());
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      let newlines = 0;
      let shown = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        if (csv) for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) newlines++;
        // Redrawn at most every 64 KB: a million lines should not mean a million renders.
        if (bytes - shown > 65_536) {
          shown = bytes;
          setState({ phase: 'running', bytes, lines: Math.max(0, newlines - 1), total });
        }
      }
      if (controller.signal.aborted) return setState({ phase: 'idle' });
      const name = fileNameOf(response.headers.get('content-disposition')) ?? fileName;
      const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState({ phase: 'done', lines: total ?? Math.max(0, newlines - 1), fileName: name, csv });
    } catch (error) {
      if (controller.signal.aborted) return setState({ phase: 'idle' });
      setState({ phase: 'failed', error });
    }
  };

  const close = () => {
    stop.current?.abort();
    setState({ phase: 'idle' });
  };
  const share =
    state.phase === 'running' && state.total
      ? Math.min(100, (state.lines / state.total) * 100)
      : undefined;

  return (
    <>
      <Button
        variant={variant}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void run()}
        disabled={disabled}
      >
        {label}
      </Button>
      <Dialog opened={state.phase !== 'idle'} onClose={close} title={label}>
        <Stack gap="md">
          {state.phase === 'running' && (
            <>
              <Progress
                value={share ?? 100}
                animated={share === undefined}
                striped={share === undefined}
                aria-label="Downloaded so far"
              />
              <Text size="sm" aria-live="polite">
                {share !== undefined
                  ? `${formatCount(state.lines)} of ${formatCount(state.total!)} ${noun}`
                  : `${formatCount(Math.round(state.bytes / 1024))} KB received`}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Stop
                </Button>
              </Group>
            </>
          )}
          {state.phase === 'done' && (
            <Text size="sm" role="status">
              Saved {formatCount(state.lines)} {noun} to {state.fileName}.
            </Text>
          )}
          {state.phase === 'failed' && (
            <ApiErrorAlert
              error={state.error}
              title="The download stopped"
              onRetry={() => void run()}
            />
          )}
        </Stack>
      </Dialog>
    </>
  );
}
