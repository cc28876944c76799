// A merchant's KYC documents (docs/decisions/073): each document the review asks for, whether it
// is given (the file, who gave it and when), and, while onboarding may be submitted, a file to
// give for it. An API that does not take documents (the specification names only an upload) says
// so instead.
import { Trans, useLingui } from '@lingui/react/macro';
import { tr } from '#/i18n/current';
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
import { DOCUMENT_NAME, documentName } from '../document-words';
import { ONBOARDING_OPEN } from './onboarding-panel';

/** A document's name: ours for a type we know, else the API's as it came. */
function DocumentName({ type, name }: { type: string; name: string }) {
  const known = DOCUMENT_NAME[type];
  return known ? <>{tr(known)}</> : <span translate="no">{name}</span>;
}

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
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const give = useGiveDocument(merchantId);
  return (
    <Stack gap={4} mt={4}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <div style={{ flex: '1 1 220px', minWidth: 0 }}>
          <UploadInput
            label={
              <>
                {t`File`}
                <VisuallyHidden>{t` for: ${name}`}</VisuallyHidden>
              </>
            }
            description={t`PDF, PNG or JPEG, up to 10 MB`}
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
                  const fileName = file.name;
                  showDone(t`Document given`, t`${fileName} is with the merchant’s onboarding.`);
                },
              },
            )
          }
        >
          <Trans>Give document</Trans>
        </Button>
      </Group>
      {give.isError && <ApiErrorAlert error={give.error} title={t`The document was not given`} />}
    </Stack>
  );
}

/** "· given 26 Nov 2026, 14:05 by Omar Operations" after a document's file name. */
function GivenWhen({ at, by }: { at: number; by: string | undefined }) {
  const when = <DateTime value={at} />;
  return by ? (
    <Trans>
      · given {when} by <span translate="no">{by}</span>
    </Trans>
  ) : (
    <Trans>· given {when}</Trans>
  );
}

export function KycDocumentsPanel({ merchant }: { merchant: Merchant }) {
  const { t } = useLingui();
  const documents = useQuery(documentsQuery(merchant.id));
  const notes = useQuery(merchantNotesQuery(merchant.id)).data ?? [];
  const mayGive =
    usePermission('addMerchantDocument').allowed && usePermission('uploadFile').allowed;
  const open = ONBOARDING_OPEN.includes(merchant.kycStatus);
  const givenBy = (documentId: number) =>
    notes.find((n) => n.kind === 'document' && n.value === String(documentId))?.byName;
  if (documents.isError && documents.error instanceof ApiError && documents.error.status === 404)
    return (
      <Panel title={t`KYC documents`}>
        <Text size="sm" c="dimmed">
          <Trans>
            This environment’s API does not take KYC documents through the dashboard: send them to
            the payments service as it asks.
          </Trans>
        </Text>
      </Panel>
    );
  return (
    <Panel
      title={t`KYC documents`}
      description={
        open
          ? t`What the review asks for. Give each as a PDF, PNG or JPEG file; then submit onboarding.`
          : t`What the review asked for, and what was given.`
      }
    >
      {documents.isError && (
        <ApiErrorAlert
          error={documents.error}
          title={t`Not loaded`}
          onRetry={() => void documents.refetch()}
        />
      )}
      {documents.data && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.data.required.map((r) => {
            const given = documents.data.documents.filter((d) => d.type === r.type);
            const asked = documents.data.actionNeeded?.types.includes(r.type) ?? false;
            return (
              <li key={r.type} aria-label={documentName(r.type, r.name)}>
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Text size="sm" fw={500}>
                    <DocumentName type={r.type} name={r.name} />
                  </Text>
                  {r.provided && !asked ? (
                    <DoneBadge>{t`Given`}</DoneBadge>
                  ) : (
                    <PendingBadge urgent={asked}>{asked ? t`Asked for` : t`Missing`}</PendingBadge>
                  )}
                </Group>
                {given.map((d) => (
                  <Text key={d.id} size="xs" c="dimmed">
                    <span translate="no">{d.fileName}</span>{' '}
                    <GivenWhen at={d.creationTime} by={givenBy(d.id)} />
                  </Text>
                ))}
                {open && mayGive && (!r.provided || asked) && (
                  <GiveDocument
                    merchantId={merchant.id}
                    type={r.type}
                    name={documentName(r.type, r.name)}
                  />
                )}
              </li>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}
