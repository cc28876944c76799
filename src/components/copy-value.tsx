import { useLingui } from '@lingui/react/macro';
import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A value shown in monospace with a button that copies it. */
export function CopyValue({
  value,
  label,
  mono = true,
}: {
  value: string;
  label: string;
  mono?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff={mono ? 'monospace' : undefined} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t`Copied` : t`Copy ${label}`} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? t`${label} copied` : t`Copy ${label}`}
              size="sm"
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
