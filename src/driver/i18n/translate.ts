// Looking a text up in a dictionary of translations and filling its `{placeholders}`. The driver, the
// worker and the interface each keep their own dictionary (so no bundle carries another's) and share this.

/** English key → translation, with the same `{placeholders}`. */
export type Messages = Readonly<Record<string, string>>;

export type MessageValues = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** `text` looked up in `messages` (itself when missing), placeholders filled from `values`. */
export function translate(messages: Messages, text: string, values: MessageValues = {}): string {
  const template = messages[text] ?? text;
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    // A placeholder without a value is a mistake at the call site, not a user error.
    if (value === undefined) throw new Error(`translate("${text}"): no value for {${name}}`);
    return String(value);
  });
}
