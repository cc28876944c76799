// The SCIM filters the dashboard answers (RFC 7644 §3.4.2.2): one attribute, `eq`, one quoted
// value, as directories look a person or group up before they make it. Anything else is refused
// as `invalidFilter`, never guessed at.

export interface EqFilter {
  /** The attribute as the caller allows it (its canonical spelling). */
  attribute: string;
  value: string;
}

export class ScimFilterError extends Error {}

/**
 * Reads `attribute eq "value"`; `attributes` are the ones this resource may be filtered on,
 * matched without regard to case (SCIM attribute names are case-insensitive).
 */
export function parseEqFilter(filter: string, attributes: readonly string[]): EqFilter {
  const match = /^\s*([A-Za-z][\w.:-]*)\s+(\w+)\s+"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
  if (!match)
    throw new ScimFilterError(
      'Only filters of the form attribute eq "value" are supported, e.g. userName eq "ines@partner.example".',
    );
  const [, name, operator, quoted] = match as unknown as [string, string, string, string];
  if (operator.toLowerCase() !== 'eq')
    throw new ScimFilterError(`Only the eq operator is supported, not ${operator}.`);
  const attribute = attributes.find((a) => a.toLowerCase() === name.toLowerCase());
  if (!attribute)
    throw new ScimFilterError(
      `Filtering on ${name} is not supported: only on ${attributes.join(' or ')}.`,
    );
  return { attribute, value: quoted.replace(/\\(.)/g, '$1') };
}

/**
 * A list request's `filter`, if it has one, as the record fields it names
 * (`{ userName: "ines@partner.example" }`); refused as `parseEqFilter` refuses.
 */
export function eqFilterOf<A extends string>(
  filter: string | undefined,
  attributes: readonly A[],
): Partial<Record<A, string>> | undefined {
  if (!filter) return undefined;
  const { attribute, value } = parseEqFilter(filter, attributes);
  return { [attribute]: value } as Partial<Record<A, string>>;
}
