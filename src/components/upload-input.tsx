// A file picked to upload: PDF, PNG or JPEG, up to 10 MB, refused as it is picked when it cannot
// be (docs/decisions/045). The invoice, a deposit confirmation and KYC documents use it.
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { FileInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MAX_FILE_BYTES } from '#/api/schemas/platform';

export const FILE_ACCEPT = 'application/pdf,image/png,image/jpeg';

/** "11.2 MB", "640 KB": a file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const tenths = Math.round((bytes / (1024 * 1024)) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}

/** Why a picked file cannot be uploaded, before it is sent; undefined when it can. */
export function fileProblem(file: File): string | undefined {
  if (file.size > MAX_FILE_BYTES) {
    const size = fileSize(file.size);
    const most = fileSize(MAX_FILE_BYTES);
    return tr(msg`is ${size}: at most ${most}`);
  }
  if (file.size === 0) return tr(msg`is empty`);
  if (file.type && !FILE_ACCEPT.split(',').includes(file.type))
    return tr(msg`must be a PDF, PNG or JPEG file`);
  return undefined;
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
  /** Its label; where several such fields are on a page, with words for assistive technology. */
  label: ReactNode;
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
      placeholder={tr(msg`Choose a file`)}
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
