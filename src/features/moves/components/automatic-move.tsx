// A record's waiting automatic move (KYC review, quote, settlement) with "Do it now", and
// whether the partner's moves are held (docs/decisions/023). Sandbox only.
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconClockPause, IconPlayerTrackNext } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MoveTarget, PendingMove } from '#/api/schemas/platform';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { usePermission } from '../../session/queries';
import { movesQuery, useHoldMoves, useReleaseMoves, useRunMove } from '../queries';

const MOVE_LABEL: Record<PendingMove['kind'], string> = {
  kyc_review: 'KYC review',
  transaction_quote: 'Quote',
  transaction_settle: 'Settlement',
};

export function AutomaticMove({ target }: { target: MoveTarget }) {
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
      aria-label="Automatic move"
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
            Sandbox: {MOVE_LABEL[next.kind]} due <DateTime value={next.dueTime} />
            {moves.data.held && ', but held'}
          </Text>
        )}
        {moves.data.held && (
          <Text size="sm">
            Automatic moves are held for this partner since{' '}
            <DateTime value={moves.data.heldSince!} />: nothing moves by itself until released.
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
                Do it now
              </Button>
            )}
            {moves.data.held && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => release.mutate()}
                loading={release.isPending}
              >
                Release moves
              </Button>
            )}
          </Group>
        )}
        {run.isError && <ApiErrorAlert error={run.error} title="Not done" />}
        {release.isError && <ApiErrorAlert error={release.error} title="Not released" />}
      </Stack>
    </Alert>
  );
}

/** The sandbox tools' switch: hold every automatic move of this partner, or let them run. */
export function HoldMoves() {
  const moves = useQuery(movesQuery());
  const hold = useHoldMoves();
  const release = useReleaseMoves();
  const held = moves.data?.held ?? false;
  return (
    <Stack gap="xs">
      <Switch
        label="Hold automatic moves"
        description="KYC reviews, quotes and settlements wait where they are until released; released, whatever fell due meanwhile happens at once."
        checked={held}
        disabled={!moves.data || hold.isPending || release.isPending}
        onChange={(e) => (e.currentTarget.checked ? hold.mutate() : release.mutate())}
      />
      {moves.data && (
        <Text size="sm" c="dimmed">
          {held ? (
            <>
              Held since <DateTime value={moves.data.heldSince!} />.{' '}
            </>
          ) : null}
          {moves.data.moves.length === 0
            ? 'No automatic move is waiting.'
            : `${moves.data.moves.length} automatic ${moves.data.moves.length === 1 ? 'move is' : 'moves are'} waiting.`}
        </Text>
      )}
      {(hold.error ?? release.error) && <ApiErrorAlert error={hold.error ?? release.error} />}
    </Stack>
  );
}
