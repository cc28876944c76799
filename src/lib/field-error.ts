import { tr, trText } from '#/i18n/current';

/**
 * "Name" + "is required" → "Name is required": a field error as a sentence, in the page's
 * language (the contract's messages are codes of words, decision 091).
 */
export function fieldError(label: string, message: string | undefined): string | undefined {
  return message ? tr(FIELD_ERROR, { label, message: trText(message) }) : undefined;
}

const FIELD_ERROR = /*i18n*/ { id: 'field.error', message: '{label} {message}' };

/** The error of a choice field: the API's message when something was chosen, else a prompt. */
export function choiceError(
  label: string,
  message: string | undefined,
  chosen: unknown,
  prompt: string,
): string | undefined {
  if (!message) return undefined;
  return chosen ? fieldError(label, message) : prompt;
}
