// API codes in words, for what people read on screen and in files: enum values and the names of
// the three products.

/** `ACTION_NEEDED` → `Action needed`; `approveQuote` → `Approve quote`. */
export function humanize(value: string): string {
  const words = value
    .replace(/^(OnOff|Receive)_/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_');
  // One spelling in what people read: "cancelled" (the API's CANCELED stays as it is on the wire).
  const text = words.join(' ').replace(/\bcanceled\b/g, 'cancelled');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export { PRODUCT_NAME } from './products';
