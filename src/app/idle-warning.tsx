// Signing out for inactivity, said before it happens (WCAG 2.2.1): two minutes before the
// session's idle limit (its idleMs, from the workspace's sign-in policy, since the person's last
// key, click, scroll or touch in any of the dashboard's tabs: docs/decisions/061), a dialog counts
// down and offers to stay signed in. Requests a page makes on its own do not put it off; a person
// at work who asks the server nothing (a long form) is reported to it once a minute.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SESSION_IDLE_MS } from '#/api/dashboard';
import { Dialog } from '#/components/dialog';
import { sessionQuery } from '#/features/session/queries';
import { lastInputTime, watchActivity } from '#/lib/activity';
import { reportedActivityTime } from '#/lib/api';

/** How long before the idle limit the warning shows. */
export const IDLE_WARNING_MS = 2 * 60 * 1000;
/** Activity the server has not heard of is reported when it is this much newer. */
export const REPORT_ACTIVITY_MS = 60 * 1000;

export function IdleWarning({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery);
  const idleMs = session?.signedIn ? session.idleMs : SESSION_IDLE_MS;
  const [left, setLeft] = useState<number | null>(null);
  const reporting = useRef(false);
  const check = useInterval(() => {
    const lastInput = lastInputTime();
    if (!reporting.current && lastInput - reportedActivityTime() >= REPORT_ACTIVITY_MS) {
      reporting.current = true;
      void queryClient
        .refetchQueries({ queryKey: sessionQuery.queryKey })
        .finally(() => (reporting.current = false));
    }
    const remaining = lastInput + idleMs - Date.now();
    setLeft(remaining <= IDLE_WARNING_MS && remaining > 0 ? remaining : null);
  }, 1_000);
  useEffect(() => {
    watchActivity();
    check.start();
    return check.stop;
  }, [check]);
  const seconds = Math.ceil((left ?? 0) / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <Dialog
      opened={left !== null}
      onClose={() => void queryClient.refetchQueries({ queryKey: sessionQuery.queryKey })}
      title={t`Are you still there?`}
      closeOnClickOutside={false}
    >
      <Text size="sm" mb="md" role="timer" aria-live="off">
        <Trans>
          For your account’s safety you will be signed out in {clock} unless you carry on.
        </Trans>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onSignOut}>
          <Trans>Sign out</Trans>
        </Button>
        <Button
          data-autofocus
          onClick={() => void queryClient.refetchQueries({ queryKey: sessionQuery.queryKey })}
        >
          <Trans>Stay signed in</Trans>
        </Button>
      </Group>
    </Dialog>
  );
}
