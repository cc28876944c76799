/** "Name" + "is required" → "Name is required": a field error as a sentence. */
export function fieldError(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}` : undefined;
}
