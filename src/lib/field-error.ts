/** "Name" + "is required" → "Name is required": a field error as a sentence. */
export function fieldError(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}` : undefined;
}

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
