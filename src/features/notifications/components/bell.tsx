// The bell in the header: the count of unread notifications and, opened, the newest of them;
// one opens the page it is about and is marked read.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import '@mantine/core/styles/Indicator.css';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AnnounceIncrease } from '#/components/announce';
import { DateTime } from '#/components/date-time';
import { notificationsQuery, useReadAll, useReadNotification } from '../queries';

const unreadWords = (n: number) =>
  tr(
    msg({
      message: '{n, plural, one {New notification: # unread} other {New notifications: # unread}}',
    }),
    { n },
  );

export function NotificationBell() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(notificationsQuery);
  const read = useReadNotification();
  const readAll = useReadAll();
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;
  return (
    <>
      <AnnounceIncrease count={data?.unread} words={unreadWords} />
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        disabled={unread === 0}
        color="red"
        offset={4}
      >
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          width={360}
          withArrow
          // Opened, focus moves into the panel (Esc closes it, focus back on the bell).
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
              data-testid="bell"
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p={0} aria-label={t`Notifications`}>
            <Group justify="space-between" px="sm" py="xs">
              <Text fw={600} size="sm">
                <Trans>Notifications</Trans>
              </Text>
              <Button
                variant="subtle"
                size="compact-xs"
                disabled={unread === 0}
                onClick={() => readAll.mutate(undefined)}
              >
                <Trans>Mark all read</Trans>
              </Button>
            </Group>
            <ScrollArea.Autosize mah={420}>
              {!data || data.results.length === 0 ? (
                <Text size="sm" c="dimmed" px="sm" pb="sm">
                  <Trans>
                    Nothing yet. What waits for you and what happens to your payments appears here.
                  </Trans>
                </Text>
              ) : (
                <Stack gap={0}>
                  {data.results.map((n) => (
                    <UnstyledButton
                      key={n.id}
                      // Written when it happened, in the language of that moment: not the page's.
                      translate="no"
                      px="sm"
                      py="xs"
                      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                      onClick={() => {
                        if (n.readAt === null) read.mutate(n.id);
                        setOpened(false);
                        if (n.link) void navigate({ to: n.link });
                      }}
                    >
                      <Text size="sm" fw={n.readAt === null ? 700 : 400}>
                        {n.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {n.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <DateTime value={n.createdAt} />
                      </Text>
                    </UnstyledButton>
                  ))}
                </Stack>
              )}
            </ScrollArea.Autosize>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
    </>
  );
}
