// A modal dialog whose header is not a <header>: Mantine's would count as a second banner
// landmark, since the modal is rendered at the end of <body>.
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export function Dialog({
  opened,
  onClose,
  title,
  children,
  closeOnClickOutside = true,
  size = 'md',
  onExited,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  closeOnClickOutside?: boolean;
  size?: string;
  /** Called once the dialog has finished closing: where focus goes next can be decided then. */
  onExited?: () => void;
}) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      closeOnClickOutside={closeOnClickOutside}
      size={size}
      onExitTransitionEnd={onExited}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Group justify="space-between" wrap="nowrap" px="md" pt="md">
          <Modal.Title fw={650} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={tr(msg`Close`)} />
        </Group>
        <Modal.Body pt="md">{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
