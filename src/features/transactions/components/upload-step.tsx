// "Upload a file, then act": the invoice of a new transaction and the deposit confirmation of an
// approval both go this way. The file is uploaded first; its URL goes into the action.
import { FileInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_FILE_BYTES } from '#/api/schemas/platform';
import { ApiErrorAlert } from '#/components/api-error';
import { useUploadFile } from '../queries';

export const FILE_ACCEPT = 'application/pdf,image/png,image/jpeg';

/** "11.2 MB", "640 KB": a file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const tenths = Math.round((bytes / (1024 * 1024)) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}

/** Why a picked file cannot be uploaded, before it is sent; undefined when it can. */
export function fileProblem(file: File): string | undefined {
  if (file.size > MAX_FILE_BYTES)
    return `is ${fileSize(file.size)}: at most ${fileSize(MAX_FILE_BYTES)}`;
  if (file.size === 0) return 'is empty';
  if (file.type && !FILE_ACCEPT.split(',').includes(file.type))
    return 'must be a PDF, PNG or JPEG file';
  return undefined;
}

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

export function UploadFailed({ error, what }: { error: Error | null; what: string }) {
  return error ? <ApiErrorAlert error={error} title={`The ${what} was not uploaded`} /> : null;
}

/**
 * A file input for the upload step: PDF, PNG or JPEG, up to 10 MB. A file that cannot be
 * uploaded is refused as it is picked, on the field, and not kept.
 */
export function UploadInput({
  label,
  description,
  value,
  onChange,
  required,
  error,
}: {
  label: string;
  description: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  error?: string | undefined;
}) {
  const [refused, setRefused] = useState<string>();
  return (
    <FileInput
      label={label}
      description={description}
      placeholder="Choose a file"
      accept={FILE_ACCEPT}
      leftSection={<IconFileUpload size={16} aria-hidden />}
      clearable
      value={value}
      onChange={(file) => {
        const problem = file ? fileProblem(file) : undefined;
        setRefused(problem && file ? `${file.name} ${problem}` : undefined);
        onChange(problem ? null : file);
      }}
      required={required}
      error={refused ?? error}
    />
  );
}
