// Lists typed as comma-separated text (aliases, keys, groups, names): split into trimmed items, and
// joined back for the field. A key written as `/pattern/flags` may hold commas of its own.

/** A whole regular-expression key: `/…/` and flags. */
const REGEX_KEY = /^\/[\s\S]+\/[a-z]*$/;
/** Western and full-width commas both separate (a Chinese keyboard types the latter). */
const SEPARATOR = /([,，])/;

/**
 * The items of `text`, trimmed, empty ones dropped. With `regexKeys`, commas inside a key that opens
 * with `/` belong to it until it closes (`/a{1,3}/i`); one that never closes is split as plain text.
 */
export function splitCommaList(text: string, regexKeys = false): string[] {
  const parts = text.split(SEPARATOR);
  const items: string[] = [];
  let open: string[] | null = null;
  for (let i = 0; i < parts.length; i += 2) {
    const piece = parts[i] ?? '';
    const separator = parts[i + 1];
    if (open) open.push(piece);
    else if (regexKeys && piece.trim().startsWith('/')) open = [piece];
    else {
      items.push(piece);
      continue;
    }
    const joined = open.join('');
    if (REGEX_KEY.test(joined.trim())) {
      items.push(joined);
      open = null;
    } else if (separator === undefined) {
      items.push(...open.filter((_, n) => n % 2 === 0));
      open = null;
    } else open.push(separator);
  }
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

export const joinCommaList = (items: readonly string[]): string => items.join(', ');
