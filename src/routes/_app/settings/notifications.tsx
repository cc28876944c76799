import { createFileRoute } from '@tanstack/react-router';
import {
  ChatHookSettings,
  KeptMail,
} from '#/features/notifications/components/notification-panels';
import { WorkspaceLanguagePanel } from '#/features/workspace/components/workspace-language';
import { loadQuery } from '#/lib/route-loader';

export const Route = createFileRoute('/_app/settings/notifications')({
  loader: ({ context }) =>
    loadQuery(
      context,
      () => import('#/features/workspace/queries'),
      (m) => m.languageSettingsQuery,
    ),
  component: NotificationsSection,
});

function NotificationsSection() {
  return (
    <>
      <WorkspaceLanguagePanel />
      <ChatHookSettings />
      <KeptMail />
    </>
  );
}
