// Onboarding: the legal agreements with their links, accepting them, and submitting, with the
// rule for when submitting is allowed said in words.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
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
import { reviewAsks } from '../document-words';

/** The KYC statuses in which onboarding may be submitted, and documents given. */
export const ONBOARDING_OPEN: readonly string[] = ['NEW', 'PENDING', 'ACTION_NEEDED'];

/** " · accepted 26 Nov 2026, 14:05 by Omar Operations" after an agreement's version. */
function AcceptedWhen({ at, by }: { at: number; by: string | undefined }) {
  const when = <DateTime value={at} />;
  return by ? (
    <Trans>
      {' '}
      · accepted {when} by <span translate="no">{by}</span>
    </Trans>
  ) : (
    <Trans> · accepted {when}</Trans>
  );
}

export function OnboardingPanel({ merchant }: { merchant: Merchant }) {
  const { t } = useLingui();
  const agreements = useQuery(agreementsQuery(merchant.id));
  // What the review asks for, in words, while the merchant is ACTION_NEEDED (decision 073).
  const documents = useQuery({
    ...documentsQuery(merchant.id),
    enabled: merchant.kycStatus === 'ACTION_NEEDED',
  }).data;
  const asked = documents && reviewAsks(documents);
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
    const status = valueInWords(merchant.kycStatus);
    rule =
      merchant.kycStatus === 'VALID'
        ? t`This merchant is verified; there is nothing to submit.`
        : merchant.kycStatus === 'UNDER_REVIEW' || merchant.kycStatus === 'PENDING_REVIEW'
          ? t`Onboarding is being reviewed. The KYC status changes when the review is done.`
          : t`Onboarding cannot be submitted while the KYC status is “${status}”.`;
  } else if (pending.length > 0) {
    rule = tr(
      msg({
        message:
          '{count, plural, one {Accept the remaining agreement to submit onboarding.} other {Accept the # remaining agreements to submit onboarding.}}',
      }),
      { count: pending.length },
    );
  } else {
    rule = t`Every agreement is accepted: onboarding can be submitted for review.`;
  }

  const acceptOne = (agreement: Agreement) =>
    accept.mutate([agreement.id], {
      onSuccess: () => {
        setConfirming(null);
        showDone(t`Agreement accepted`, t`${agreement.name}, for ${merchant.name}.`);
      },
    });

  return (
    <Panel
      title={t`Onboarding`}
      description={
        <Trans>
          Onboarding can be submitted while the KYC status is New, Pending or Action needed, once
          every agreement is accepted.
        </Trans>
      }
    >
      {merchant.kycStatus === 'ACTION_NEEDED' && (
        <Alert color="orange" variant="light" title={t`Action needed`} mb="sm">
          {asked ? (
            <Text size="sm" data-testid="action-needed">
              {asked}
            </Text>
          ) : (
            tr(KYC_STATUS_MEANING.ACTION_NEEDED)
          )}
        </Alert>
      )}
      <QueryView query={agreements} loading={t`Loading agreements`}>
        {() => (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t`Agreements`}
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
                      <span translate="no">{a.name}</span>{' '}
                      <IconExternalLink size={12} aria-label={t`(opens in a new tab)`} />
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t`Version ${a.version}`}
                      {a.acceptedTime !== null && (
                        <AcceptedWhen at={a.acceptedTime} by={acceptedBy(a.id)} />
                      )}
                    </Text>
                  </div>
                  {a.accepted ? (
                    <DoneBadge>{t`Accepted`}</DoneBadge>
                  ) : !mayAccept ? (
                    <PendingBadge>{t`Not accepted`}</PendingBadge>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        accept.reset();
                        setConfirming(a);
                      }}
                      aria-label={t`Accept ${a.name}`}
                    >
                      <Trans>Accept</Trans>
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
        title={confirming ? t`Accept ${confirming.name}?` : t`Accept the agreement?`}
        confirmLabel={t`Accept for the merchant`}
        danger={false}
        cancelLabel={t`Back`}
        pending={accept.isPending}
        error={accept.isError ? accept.error : undefined}
        failed={t`Not accepted`}
        onConfirm={() => confirming && acceptOne(confirming)}
      >
        {confirming && (
          <>
            <Text size="sm">
              {t`You accept version ${confirming.version} of ${confirming.name} on behalf of ${merchant.name}. Accept only what the merchant has read and agreed to: the dashboard records that you accepted it, and when.`}
            </Text>
            <Anchor href={confirming.url} target="_blank" rel="noopener noreferrer" size="sm">
              {t`Read ${confirming.name}`}{' '}
              <IconExternalLink size={12} aria-label={t`(opens in a new tab)`} />
            </Anchor>
          </>
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
                  showDone(t`Onboarding submitted`, t`The merchant is now under review.`),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: t`Not submitted`,
                    message: errorMessage(error),
                  }),
              })
            }
          >
            <Trans>Submit onboarding</Trans>
          </Button>
          {!submitPermission.allowed && (
            <Text id="why-not-submit" size="xs" c="dimmed">
              {submitPermission.reason}
            </Text>
          )}
        </Group>
        {submit.isError && (
          <ApiErrorAlert error={submit.error} title={t`Onboarding was not submitted`} />
        )}
      </Stack>
    </Panel>
  );
}
