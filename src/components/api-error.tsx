// How an API failure reads on screen: the API's own message, the request id to quote, a retry.
// One rule (docs/decisions/019): a field error shows under its field, in words; what no field on
// screen holds shows here once, named in words, never by its wire name; a general error once.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, type AlertProps, Button, Code, Group, Text } from '@mantine/core';
import { tr } from '#/i18n/current';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { ApiError } from '#/api/errors';
import { fieldLabel } from '#/lib/field-labels';
import { AnchorLink } from './links';
import { LoadingState } from './page';

/** The error in one sentence, its fields named in words. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors.length > 0)
    return alertLines(error).join('; ');
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return tr(msg`Something went wrong.`);
}

const FIELD_SENTENCE = /*i18n*/ { id: 'field.errorSentence', message: '{label}: {message}' };
const FIELD_WORDS = /*i18n*/ { id: 'field.error', message: '{label} {message}' };

/** A field's error as a line: the field in words, then its message. */
export function fieldErrorLine(e: { field: string; message: string }): string {
  // A message that is a sentence of its own follows a colon.
  const values = { label: fieldLabel(e.field), message: e.message };
  return /^\p{Lu}/u.test(e.message) ? tr(FIELD_SENTENCE, values) : tr(FIELD_WORDS, values);
}

/** The lines an alert shows for `error` when the fields in `placed` show their own errors. */
export function alertLines(error: unknown, placed: readonly string[] = []): string[] {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return [errorMessage(error)];
  // The problem's detail lists the same field errors by wire name: the fields say it instead.
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const e of error.fieldErrors) {
    if (placed.includes(e.field.split('.')[0]!)) continue;
    const line = fieldErrorLine(e);
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  return lines;
}

/**
 * The end of a record's form: what the API refused that no field on screen shows (`placed` are
 * the fields that show their own), then Cancel and the button that sends the form.
 */
export function FormActions({
  mutation,
  refused,
  placed,
  onCancel,
  busy = false,
  children,
}: {
  mutation: { isError: boolean; error: unknown; isPending: boolean };
  /** The alert's title, e.g. "The merchant was not saved". */
  refused: string;
  placed: readonly string[];
  onCancel: () => void;
  /** Also busy without the mutation running (an upload, a check first). */
  busy?: boolean;
  /** The submit button's words. */
  children: ReactNode;
}) {
  return (
    <>
      {mutation.isError && <ApiErrorAlert error={mutation.error} title={refused} placed={placed} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={mutation.isPending || busy}>
          {children}
        </Button>
      </Group>
    </>
  );
}

export function ApiErrorAlert({
  error,
  title,
  placed,
  onRetry,
}: {
  error: unknown;
  title?: string;
  /** Fields on screen that show their own API errors: not repeated here. */
  placed?: readonly string[];
  onRetry?: () => void;
}) {
  const { t } = useLingui();
  const lines = alertLines(error, placed);
  // Every error sits under its field: nothing more to say.
  if (lines.length === 0) return null;
  const requestId = error instanceof ApiError ? error.requestId : '';
  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? t`The request failed`}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
    >
      {lines.length === 1 ? (
        <Text size="sm">{lines[0]}</Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {lines.map((line) => (
            <li key={line}>
              <Text size="sm">{line}</Text>
            </li>
          ))}
        </ul>
      )}
      <Group gap="sm" mt="xs">
        {requestId && <RequestIdNote requestId={requestId} />}
        {onRetry && (
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * Whether a request id links to the sandbox's request log: true inside the signed-in shell in
 * the sandbox environment (the shell provides it).
 */
export const RequestLogLinks = createContext(false);

/** The request id to quote; in the sandbox, a link to the request in the request log. */
export function RequestIdNote({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const inSandbox = useContext(RequestLogLinks);
  return (
    <Text size="xs" c="dimmed">
      <Trans>Request id</Trans>{' '}
      {inSandbox ? (
        <AnchorLink
          to="/requests"
          search={{ requestId }}
          size="xs"
          aria-label={t`Request ${requestId} in the request log`}
        >
          <Code>{requestId}</Code>
        </AnchorLink>
      ) : (
        <Code>{requestId}</Code>
      )}
    </Text>
  );
}

/**
 * What a query has to show: a loading state while it is on its way, the error with a retry when
 * it failed, `empty` when it holds no records (an empty list, or a page with no results), and
 * the data through `children` otherwise.
 */
export function QueryView<T>({
  query,
  loading,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the loading state says to screen readers ("Loading contacts"). */
  loading?: string;
  /** What shows when there is nothing: a sentence (drawn dimmed) or a whole empty state. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError)
    return <ApiErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty(query.data))
    return typeof empty === 'string' ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <>{empty}</>
    );
  return <>{children(query.data)}</>;
}

function isEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const results = (data as { results?: unknown } | null)?.results;
  return Array.isArray(results) && results.length === 0;
}

/** Something to check before going on: an orange notice with the warning sign. */
export function WarningAlert({
  title,
  children,
  ...alert
}: { title: string; children: ReactNode; 'data-testid'?: string } & Omit<
  AlertProps,
  'title' | 'children' | 'color' | 'variant' | 'icon'
>) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      {...alert}
    >
      {children}
    </Alert>
  );
}
