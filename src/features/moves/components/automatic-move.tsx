// A record's waiting automatic move (KYC review, quote, settlement) with "Do it now", and
// whether the partner's moves are held (docs/decisions/023). Sandbox only.
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconClockPause, IconPlayerTrackNext } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MoveTarget, PendingMove } from '#/api/schemas/platform';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { usePermission } from '../../session/queries';
import { movesQuery, useHoldMoves, useReleaseMoves, useRunMove } from '../queries';

const MOVE_LABEL: Record<PendingMove['kind'], MessageDescriptor> = {
  kyc_review: msg`KYC review`,
  transaction_quote: msg`Quote`,
  transaction_settle: msg`Settlement`,
};

/** "Sandbox: KYC review due 26 Nov 2026, 14:05", ", but held" when moves are held. */
function MoveDue({ move, due, held }: { move: string; due: number; held: boolean }) {
  const when = <DateTime value={due} />;
  return held ? (
    <Trans>
      Sandbox: {move} due {when}, but held
    </Trans>
  ) : (
    <Trans>
      Sandbox: {move} due {when}
    </Trans>
  );
}

export function AutomaticMove({ target }: { target: MoveTarget }) {
  const { t } = useLingui();
  const moves = useQuery(movesQuery(target));
  const run = useRunMove();
  const release = useReleaseMoves();
  const permitted = usePermission('runMove');
  const next = moves.data?.moves[0];
  if (!moves.data || (!next && !moves.data.held)) return null;
  return (
    <Alert
      variant="light"
      color={moves.data.held ? 'gray' : 'blue'}
      mb="md"
      aria-label={t`Automatic move`}
      icon={
        moves.data.held ? (
          <IconClockPause size={18} aria-hidden />
        ) : (
          <IconPlayerTrackNext size={18} aria-hidden />
        )
      }
    >
      <Stack gap={6}>
        {next && (
          <Text size="sm">
            <MoveDue move={tr(MOVE_LABEL[next.kind])} due={next.dueTime} held={moves.data.held} />
          </Text>
        )}
        {moves.data.held && (
          <Text size="sm">
            <Trans>
              Automatic moves are held for this partner since{' '}
              <DateTime value={moves.data.heldSince!} />: nothing moves by itself until released.
            </Trans>
          </Text>
        )}
        {permitted.allowed && (
          <Group gap="xs">
            {next && (
              <Button
                size="compact-sm"
                onClick={() => run.mutate(target)}
                loading={run.isPending}
                leftSection={<IconPlayerTrackNext size={14} aria-hidden />}
              >
                <Trans>Do it now</Trans>
              </Button>
            )}
            {moves.data.held && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => release.mutate()}
                loading={release.isPending}
              >
                <Trans>Release moves</Trans>
              </Button>
            )}
          </Group>
        )}
        {run.isError && <ApiErrorAlert error={run.error} title={t`Not done`} />}
        {release.isError && <ApiErrorAlert error={release.error} title={t`Not released`} />}
      </Stack>
    </Alert>
  );
}

/** The sandbox tools' switch: hold every automatic move of this partner, or let them run. */
export function HoldMoves() {
  const { t } = useLingui();
  const moves = useQuery(movesQuery());
  const hold = useHoldMoves();
  const release = useReleaseMoves();
  const held = moves.data?.held ?? false;
  return (
    <Stack gap="xs">
      <Switch
        label={t`Hold automatic moves`}
        description={t`KYC reviews, quotes and settlements wait where they are until released; released, whatever fell due meanwhile happens at once.`}
        checked={held}
        disabled={!moves.data || hold.isPending || release.isPending}
        onChange={(e) => (e.currentTarget.checked ? hold.mutate() : release.mutate())}
      />
      {moves.data && (
        <Text size="sm" c="dimmed">
          {held ? (
            <>
              <Trans>
                Held since <DateTime value={moves.data.heldSince!} />.
              </Trans>{' '}
            </>
          ) : null}
          {tr(
            msg({
              message:
                '{count, plural, =0 {No automatic move is waiting.} one {# automatic move is waiting.} other {# automatic moves are waiting.}}',
            }),
            { count: moves.data.moves.length },
          )}
        </Text>
      )}
      {(hold.error ?? release.error) && <ApiErrorAlert error={hold.error ?? release.error} />}
    </Stack>
  );
}
