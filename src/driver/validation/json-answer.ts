// A structured answer's JSON: models answer prose, fences or a cut-off object often enough that "not
// JSON" is an answer to refuse with a reason, not an exception.

/** The parsed answer, or `undefined` when the text is not JSON. */
export function jsonAnswer(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
