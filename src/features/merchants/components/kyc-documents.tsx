// A merchant's KYC documents (docs/decisions/073): each document the review asks for, whether it
// is given (the file, who gave it and when), and, while onboarding may be submitted, a file to
// give for it. An API that does not take documents (the specification names only an upload) says
// so instead.
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '#/api/errors';
import type { KycDocumentType, Merchant } from '#/api/schemas/merchant';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { showDone } from '#/components/notify';
import { Panel } from '#/components/page';
import { DoneBadge, PendingBadge } from '#/components/status-badge';
import { UploadInput } from '#/components/upload-input';
import { usePermission } from '../../session/queries';
import { documentsQuery, merchantNotesQuery, useGiveDocument } from '../queries';
import { ONBOARDING_OPEN } from './onboarding-panel';

/** A file to give for one of the documents, and its button. */
function GiveDocument({
  merchantId,
  type,
  name,
}: {
  merchantId: number;
  type: KycDocumentType;
  name: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const give = useGiveDocument(merchantId);
  return (
    <Stack gap={4} mt={4}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <div style={{ flex: '1 1 220px', minWidth: 0 }}>
          <UploadInput
            label={
              <>
                File<VisuallyHidden> for: {name}</VisuallyHidden>
              </>
            }
            description="PDF, PNG or JPEG, up to 10 MB"
            value={file}
            onChange={setFile}
          />
        </div>
        <Button
          variant="default"
          disabled={!file}
          loading={give.isPending}
          onClick={() =>
            file &&
            give.mutate(
              { type, file },
              {
                onSuccess: () => {
                  setFile(null);
                  showDone('Document given', `${file.name} is with the merchant’s onboarding.`);
                },
              },
            )
          }
        >
          Give document
        </Button>
      </Group>
      {give.isError && <ApiErrorAlert error={give.error} title="The document was not given" />}
    </Stack>
  );
}

export function KycDocumentsPanel({ merchant }: { merchant: Merchant }) {
  const documents = useQuery(documentsQuery(merchant.id));
  const notes = useQuery(merchantNotesQuery(merchant.id)).data ?? [];
  const mayGive =
    usePermission('addMerchantDocument').allowed && usePermission('uploadFile').allowed;
  const open = ONBOARDING_OPEN.includes(merchant.kycStatus);
  const givenBy = (documentId: number) =>
    notes.find((n) => n.kind === 'document' && n.value === String(documentId))?.byName;
  if (documents.isError && documents.error instanceof ApiError && documents.error.status === 404)
    return (
      <Panel title="KYC documents">
        <Text size="sm" c="dimmed">
          This environment’s API does not take KYC documents through the dashboard: send them to the
          payments service as it asks.
        </Text>
      </Panel>
    );
  return (
    <Panel
      title="KYC documents"
      description={
        open
          ? 'What the review asks for. Give each as a PDF, PNG or JPEG file; then submit onboarding.'
          : 'What the review asked for, and what was given.'
      }
    >
      {documents.isError && (
        <ApiErrorAlert
          error={documents.error}
          title="Not loaded"
          onRetry={() => void documents.refetch()}
        />
      )}
      {documents.data && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.data.required.map((r) => {
            const given = documents.data.documents.filter((d) => d.type === r.type);
            const asked = documents.data.actionNeeded?.types.includes(r.type) ?? false;
            return (
              <li key={r.type} aria-label={r.name}>
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Text size="sm" fw={500}>
                    {r.name}
                  </Text>
                  {r.provided && !asked ? (
                    <DoneBadge>Given</DoneBadge>
                  ) : (
                    <PendingBadge urgent={asked}>{asked ? 'Asked for' : 'Missing'}</PendingBadge>
                  )}
                </Group>
                {given.map((d) => (
                  <Text key={d.id} size="xs" c="dimmed">
                    {d.fileName} · given <DateTime value={d.creationTime} />
                    {givenBy(d.id) ? ` by ${givenBy(d.id)}` : ''}
                  </Text>
                ))}
                {open && mayGive && (!r.provided || asked) && (
                  <GiveDocument merchantId={merchant.id} type={r.type} name={r.name} />
                )}
              </li>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}
