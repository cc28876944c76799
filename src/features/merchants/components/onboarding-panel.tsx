// Onboarding: the legal agreements with their links, accepting them, and submitting, with the
// rule for when submitting is allowed said in words.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Agreement, KYC_STATUS_MEANING, type Merchant } from '#/api/schemas/merchant';
import { ApiErrorAlert, errorMessage, QueryView } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { valueInWords } from '#/lib/value-words';
import {
  agreementsQuery,
  documentsQuery,
  merchantNotesQuery,
  useAcceptAgreements,
  useSubmitOnboarding,
} from '../queries';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { useState } from 'react';
import { usePermission } from '../../session/queries';
import { Panel } from '#/components/page';
import { DoneBadge, PendingBadge } from '#/components/status-badge';
import { showDone } from '#/components/notify';

/** The KYC statuses in which onboarding may be submitted, and documents given. */
export const ONBOARDING_OPEN: readonly string[] = ['NEW', 'PENDING', 'ACTION_NEEDED'];

export function OnboardingPanel({ merchant }: { merchant: Merchant }) {
  const agreements = useQuery(agreementsQuery(merchant.id));
  // What the review asks for, in words, while the merchant is ACTION_NEEDED (decision 073).
  const asked = useQuery({
    ...documentsQuery(merchant.id),
    enabled: merchant.kycStatus === 'ACTION_NEEDED',
  }).data?.actionNeeded;
  const notes = useQuery(merchantNotesQuery(merchant.id)).data ?? [];
  const acceptedBy = (agreementId: number) =>
    notes.find((n) => n.kind === 'agreementAccepted' && n.value === String(agreementId))?.byName;
  const [confirming, setConfirming] = useState<Agreement | null>(null);
  const accept = useAcceptAgreements(merchant.id);
  const submit = useSubmitOnboarding(merchant.id);
  // Onboarding is the onboarding role's (and admins'); others see it without the buttons.
  const mayAccept = usePermission('acceptAgreements').allowed;
  const submitPermission = usePermission('submitOnboarding');

  const list = agreements.data ?? [];
  const pending = list.filter((a) => !a.accepted);
  const statusAllows = ONBOARDING_OPEN.includes(merchant.kycStatus);
  const canSubmit = statusAllows && list.length > 0 && pending.length === 0;

  let rule: string;
  if (!statusAllows) {
    rule =
      merchant.kycStatus === 'VALID'
        ? 'This merchant is verified; there is nothing to submit.'
        : merchant.kycStatus === 'UNDER_REVIEW' || merchant.kycStatus === 'PENDING_REVIEW'
          ? 'Onboarding is being reviewed. The KYC status changes when the review is done.'
          : `Onboarding cannot be submitted while the KYC status is ${valueInWords(merchant.kycStatus).toLowerCase()}.`;
  } else if (pending.length > 0) {
    rule = `Accept ${pending.length === 1 ? 'the remaining agreement' : `the ${pending.length} remaining agreements`} to submit onboarding.`;
  } else {
    rule = 'Every agreement is accepted: onboarding can be submitted for review.';
  }

  const acceptOne = (agreement: Agreement) =>
    accept.mutate([agreement.id], {
      onSuccess: () => {
        setConfirming(null);
        showDone('Agreement accepted', `${agreement.name}, for ${merchant.name}.`);
      },
    });

  return (
    <Panel
      title="Onboarding"
      description={
        <>
          Onboarding can be submitted while the KYC status is New, Pending or Action needed, once
          every agreement is accepted.
        </>
      }
    >
      {merchant.kycStatus === 'ACTION_NEEDED' && (
        <Alert color="orange" variant="light" title="Action needed" mb="sm">
          {asked ? (
            <Text size="sm" data-testid="action-needed">
              {asked.reason}
            </Text>
          ) : (
            KYC_STATUS_MEANING.ACTION_NEEDED
          )}
        </Alert>
      )}
      <QueryView query={agreements} loading="Loading agreements">
        {() => (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Agreements"
          >
            {list.map((a) => (
              <li key={a.id}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div>
                    <Anchor
                      href={a.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      fw={500}
                    >
                      {a.name} <IconExternalLink size={12} aria-label="(opens in a new tab)" />
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      Version {a.version}
                      {a.acceptedTime !== null && (
                        <>
                          {' · accepted '}
                          <DateTime value={a.acceptedTime} />
                          {acceptedBy(a.id) ? ` by ${acceptedBy(a.id)}` : ''}
                        </>
                      )}
                    </Text>
                  </div>
                  {a.accepted ? (
                    <DoneBadge>Accepted</DoneBadge>
                  ) : !mayAccept ? (
                    <PendingBadge>Not accepted</PendingBadge>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        accept.reset();
                        setConfirming(a);
                      }}
                      aria-label={`Accept ${a.name}`}
                    >
                      Accept
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Accept ${confirming?.name ?? 'the agreement'}?`}
        confirmLabel="Accept for the merchant"
        danger={false}
        cancelLabel="Back"
        pending={accept.isPending}
        error={accept.isError ? accept.error : undefined}
        failed="Not accepted"
        onConfirm={() => confirming && acceptOne(confirming)}
      >
        <Text size="sm">
          You accept version {confirming?.version} of {confirming?.name} on behalf of{' '}
          {merchant.name}. Accept only what the merchant has read and agreed to: the dashboard
          records that you accepted it, and when.
        </Text>
        {confirming && (
          <Anchor href={confirming.url} target="_blank" rel="noopener noreferrer" size="sm">
            Read {confirming.name} <IconExternalLink size={12} aria-label="(opens in a new tab)" />
          </Anchor>
        )}
      </ConfirmDialog>
      <Stack gap="xs" mt="lg">
        <Alert variant="light" color={canSubmit ? 'blue' : 'gray'} p="sm">
          <Text size="sm">{rule}</Text>
        </Alert>
        <Group>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={!canSubmit || !submitPermission.allowed}
            aria-describedby={submitPermission.allowed ? undefined : 'why-not-submit'}
            loading={submit.isPending}
            onClick={() =>
              submit.mutate(undefined, {
                onSuccess: () =>
                  showDone('Onboarding submitted', 'The merchant is now under review.'),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Not submitted',
                    message: errorMessage(error),
                  }),
              })
            }
          >
            Submit onboarding
          </Button>
          {!submitPermission.allowed && (
            <Text id="why-not-submit" size="xs" c="dimmed">
              {submitPermission.reason}
            </Text>
          )}
        </Group>
        {submit.isError && (
          <ApiErrorAlert error={submit.error} title="Onboarding was not submitted" />
        )}
      </Stack>
    </Panel>
  );
}
