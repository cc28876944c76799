// How an API failure reads on screen: the API's own message, the request id to quote, a retry.
import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../api/client';

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

export function ApiErrorAlert({
  error,
  title = 'The request failed',
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  const requestId = error instanceof ApiError ? error.requestId : '';
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
    >
      <Text size="sm">{errorMessage(error)}</Text>
      {error instanceof ApiError && error.fieldErrors.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {error.fieldErrors.map((e) => (
            <li key={`${e.field}:${e.message}`}>
              <Text size="sm">
                <Code>{e.field}</Code> {e.message}
              </Text>
            </li>
          ))}
        </ul>
      )}
      <Group gap="sm" mt="xs">
        {requestId && (
          <Text size="xs" c="dimmed">
            Request id <Code>{requestId}</Code>
          </Text>
        )}
        {onRetry && (
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
