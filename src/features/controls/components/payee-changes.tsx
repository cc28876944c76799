// A payout account's bank-detail changes on its page: the one waiting for approval first, with
// its decisions, then the earlier ones (applied, rejected, withdrawn) as its history.
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { sessionQuery, useStepUp } from '../../session/queries';
import { StepUpGroup } from '#/components/step-up-field';
import { payeeChangesQuery } from '../queries';
import { PayeeChangeCard } from './payee-change';
import { Panel } from '#/components/page';

const HISTORY_SHOWN = 5;

export function PayeeChanges({ accountId }: { accountId: number }) {
  const { t } = useLingui();
  const changes = useQuery(payeeChangesQuery(accountId));
  const stepUp = useStepUp();
  const { data: session } = useSuspenseQuery(sessionQuery);
  const all = changes.data ?? [];
  if (all.length === 0) return null;
  const pending = all.filter((c) => c.status === 'pending');
  const earlier = all.filter((c) => c.status !== 'pending').slice(0, HISTORY_SHOWN);
  const viewerId = session.signedIn ? session.user.id : undefined;
  return (
    <Panel title={t`Bank-detail changes`} data-testid="payee-changes">
      <Stack gap="sm">
        <StepUpGroup stepUp={stepUp} active={pending.some((c) => c.canAct)}>
          {pending.map((c) => (
            <PayeeChangeCard key={c.id} change={c} state={c} viewerId={viewerId} />
          ))}
        </StepUpGroup>
        {earlier.length > 0 && (
          <>
            <Text size="sm" fw={600} mt={pending.length > 0 ? 'sm' : 0}>
              <Trans>Earlier changes</Trans>
            </Text>
            {earlier.map((c) => (
              <PayeeChangeCard key={c.id} change={c} state={c} viewerId={viewerId} />
            ))}
          </>
        )}
      </Stack>
    </Panel>
  );
}
