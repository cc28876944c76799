// Notices that float in a corner: their own module, so that the sign-in page's first load does not
// carry the notifications store.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Says that what the person asked for is done: a green notice naming what and which record. */
export function showDone(title: string, message: ReactNode) {
  notifications.show({ color: 'green', title, message });
}
