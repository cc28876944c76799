// Uploading a bulk payout file: the product, its template to start from (CSV or XLSX), and the
// file itself. Nothing is created by an upload: every row is checked and the batch's page shows
// what to fix.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileInput, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BATCH_UPLOAD } from '#/api/batches';
import { PRODUCTS, type Product } from '#/api/schemas/transaction';
import { ApiErrorAlert } from '#/components/api-error';
import { Panel } from '#/components/page';
import { PRODUCT_TITLE } from '#/lib/products';
import { templateUrl, useUploadBatch } from '../queries';
import { FileLinks } from './batch-bits';
import { tr } from '#/i18n/current';

const MAX_MB = BATCH_UPLOAD.maxBytes / 1024 / 1024;

export function UploadCard() {
  const { t } = useLingui();
  const [product, setProduct] = useState<Product>('sendc2f');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadBatch();
  const navigate = useNavigate();
  const send = () => {
    if (!file) return setProblem(t`Choose a file to upload: CSV or XLSX.`);
    if (file.size > BATCH_UPLOAD.maxBytes)
      return setProblem(t`The file is larger than ${MAX_MB} MB: split it in two.`);
    setProblem(null);
    upload.mutate(
      { product, file },
      { onSuccess: (batch) => void navigate({ to: '/batches/$id', params: { id: batch.id } }) },
    );
  };
  return (
    <Panel
      title={t`Upload a file`}
      description={t`Up to 1,000 payments in a CSV or XLSX file of the template's columns. Every row is checked first; nothing is paid until the batch is approved.`}
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t`Product`}
            data={PRODUCTS.map((p) => ({ value: p, label: tr(PRODUCT_TITLE[p].plural) }))}
            value={product}
            onChange={(v) => v && setProduct(v as Product)}
            allowDeselect={false}
            w={200}
          />
          <Text size="sm" pb={8}>
            <Trans>
              Template: <FileLinks href={(format) => templateUrl(product, format)} icon />
            </Trans>
          </Text>
        </Group>
        <Group align="flex-start" gap="md" wrap="wrap">
          <FileInput
            label={t`File`}
            placeholder={t`Choose a CSV or XLSX file`}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            value={file}
            onChange={(f) => {
              setFile(f);
              setProblem(null);
              upload.reset();
            }}
            error={problem}
            clearable
            w={{ base: '100%', sm: 360 }}
          />
          <Button mt={{ base: 0, sm: 25 }} onClick={send} loading={upload.isPending}>
            <Trans>Upload and check</Trans>
          </Button>
        </Group>
        {upload.isError && (
          <ApiErrorAlert
            error={upload.error}
            title={file ? t`${file.name} was not read` : t`The file was not read`}
          />
        )}
      </Stack>
    </Panel>
  );
}
