import { createFileRoute } from '@tanstack/react-router';
import {
  ChatHookSettings,
  KeptMail,
} from '#/features/notifications/components/notification-panels';

export const Route = createFileRoute('/_app/settings/notifications')({
  component: NotificationsSection,
});

function NotificationsSection() {
  return (
    <>
      <ChatHookSettings />
      <KeptMail />
    </>
  );
}
