// Repeated keys in a JSON object answer. JSON.parse keeps only the last value of a repeated key, so an
// answer giving one name two values would pass unseen; this reads the keys from the text itself.

const JSON_SPACE = /[ \t\n\r]/;

/** Index of the quote that closes the string opening at `start`. */
function stringEnd(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length && json.charAt(i) !== '"') i += json.charAt(i) === '\\' ? 2 : 1;
  return i;
}

function nextNonSpace(json: string, from: number): string {
  let i = from;
  while (JSON_SPACE.test(json.charAt(i))) i++;
  return json.charAt(i);
}

/**
 * The keys given more than once at the top level of `json`, each once, escapes decoded ("J\u0065ss" is
 * "Jess"). `json` must already parse as one object: the scan only follows strings and nesting.
 */
export function repeatedKeys(json: string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const ch = json.charAt(i);
    if (ch === '"') {
      const end = stringEnd(json, i);
      // Inside the top-level object a string followed by a colon is a key; any other is a value.
      if (depth === 1 && nextNonSpace(json, end + 1) === ':') {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        (seen.has(key) ? repeated : seen).add(key);
      }
      i = end;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
  }
  return [...repeated];
}
