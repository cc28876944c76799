// Leaving a form with edits asks first: inside the dashboard with a dialog ("Stay" / "Leave
// without saving"), and the browser's own question on reload or close. A form releases the guard
// just before it navigates away after saving.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';
import { Dialog } from './dialog';

export function useLeaveGuard(dirty: boolean) {
  const { t } = useLingui();
  const state = useRef({ dirty, released: false });
  state.current.dirty = dirty;
  const blocks = () => state.current.dirty && !state.current.released;
  const blocker = useBlocker({
    shouldBlockFn: blocks,
    enableBeforeUnload: blocks,
    withResolver: true,
  });
  const dialog = (
    <Dialog
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t`Leave without saving?`}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans>What you changed in this form has not been saved and will be lost.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            <Trans>Stay on the form</Trans>
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            <Trans>Leave without saving</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
  return {
    dialog,
    /** The form has saved: the navigation that follows is not held. */
    release() {
      state.current.released = true;
    },
  };
}

/**
 * A record form's guard: asks before leaving it edited; `saved` lets the form go, then hands the
 * saved record on (the page navigates to it).
 */
export function useSaveGuard<Saved>(dirty: boolean, onSaved: (record: Saved) => void) {
  const guard = useLeaveGuard(dirty);
  const saved = (record: Saved) => {
    guard.release();
    onSaved(record);
  };
  return { guard, saved };
}
