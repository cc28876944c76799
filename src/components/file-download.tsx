// A file the dashboard server streams (exports and statements, docs/decisions/037), fetched a
// chunk at a time with its progress in a notice in the corner (not a dialog to close): for CSV
// the lines received against the lines the server said it would send (`x-export-rows`), for
// other formats the bytes received. Closing the notice stops it; it is saved under the server's
// name for it once complete, and the notice says so and goes.
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { ApiErrorAlert } from './api-error';
import { WRAPPING_BUTTON } from './wrapping';
import { dashboardFetch } from '#/lib/api';
import { formatCount } from '#/lib/format';

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

/** The progress said in the notice: lines of the total when known, else bytes. */
function Received({
  bytes,
  lines,
  total,
  noun,
}: {
  bytes: number;
  lines: number;
  total: number | undefined;
  noun: string;
}) {
  const { t } = useLingui();
  const share = total ? Math.min(100, (lines / total) * 100) : undefined;
  const done = formatCount(lines);
  const all = formatCount(total ?? 0);
  const kb = formatCount(Math.round(bytes / 1024));
  return (
    <Stack gap={4}>
      <Progress
        value={share ?? 100}
        animated={share === undefined}
        striped={share === undefined}
        aria-label={t`Downloaded so far`}
      />
      <Text size="sm">
        {share !== undefined ? t`${done} of ${all} ${noun}` : t`${kb} KB received`}
      </Text>
    </Stack>
  );
}

export function FileDownload({
  url,
  label,
  noun,
  fileName,
  disabled,
  variant = 'default',
}: FileDownloadProps) {
  const id = `download-${useId()}`;
  const [running, setRunning] = useState(false);
  const stop = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    stop.current = controller;
    setRunning(true);
    const progress = (bytes: number, lines: number, total: number | undefined) =>
      notifications.update({
        id,
        title: label,
        message: <Received bytes={bytes} lines={lines} total={total} noun={noun} />,
        loading: false,
        autoClose: false,
        onClose: () => controller.abort(),
      });
    notifications.show({
      id,
      title: label,
      message: <Received bytes={0} lines={0} total={undefined} noun={noun} />,
      autoClose: false,
      closeButtonProps: { 'aria-label': tr(msg`Stop the download`) },
      onClose: () => controller.abort(),
    });
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
          progress(bytes, Math.max(0, newlines - 1), total);
        }
      }
      if (controller.signal.aborted) return;
      const name = fileNameOf(response.headers.get('content-disposition')) ?? fileName;
      const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      const lines = total ?? Math.max(0, newlines - 1);
      notifications.update({
        id,
        color: 'green',
        title: label,
        message:
          csv || total !== undefined
            ? `Saved ${formatCount(lines)} ${noun} to ${name}.`
            : `Saved ${name}.`,
        autoClose: 5000,
        onClose: () => undefined,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      notifications.update({
        id,
        color: 'red',
        title: label,
        message: (
          <ApiErrorAlert
            error={error}
            title={tr(msg`The download stopped`)}
            onRetry={() => void run()}
          />
        ),
        autoClose: false,
        onClose: () => undefined,
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={16} aria-hidden />}
      // Its words wrap on a narrow screen ("Download EUR statement" runs long in some
      // languages): the button grows in height rather than cutting them.
      styles={WRAPPING_BUTTON}
      onClick={() => void run()}
      loading={running}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
