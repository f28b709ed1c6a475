// Ids for things the UI creates (backend profiles). randomUUID needs a secure context; a page served
// over plain http on a LAN address is not one, so there is a fallback.
const RADIX = 36;

export function newId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const random = crypto.getRandomValues(new Uint32Array(2));
  return [Date.now(), ...random].map((n) => n.toString(RADIX)).join('-');
}
