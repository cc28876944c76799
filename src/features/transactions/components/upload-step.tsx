// "Upload a file, then act": the invoice of a new transaction and the deposit confirmation of an
// approval both go this way. The file is uploaded first; its URL goes into the action.
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { ApiErrorAlert } from '#/components/api-error';
import { useUploadFile } from '../queries';

export function useUploadStep() {
  const upload = useUploadFile();
  return {
    pending: upload.isPending,
    reset: upload.reset,
    /**
     * Uploads `file` when there is one, then calls `act` with its URL. A failed upload stops
     * here: its error shows in `<UploadFailed>` and nothing else happens.
     */
    async then(file: File | null | undefined, act: (url: string | undefined) => void) {
      let url: string | undefined;
      if (file) {
        const stored = await upload.mutateAsync(file).catch(() => undefined);
        if (!stored) return;
        url = stored.url;
      }
      act(url);
    },
    failed: upload.isError ? upload.error : null,
  };
}

export function UploadFailed({ error, what }: { error: Error | null; what: 'invoice' | 'file' }) {
  if (!error) return null;
  const title =
    what === 'invoice' ? tr(msg`The invoice was not uploaded`) : tr(msg`The file was not uploaded`);
  return <ApiErrorAlert error={error} title={title} />;
}
