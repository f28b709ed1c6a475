// What the Settings form can tell about a field before the worker sees it, so the field itself says
// what is wrong (the worker validates everything again and refuses what is not right).

/** A base URL the app can call: an absolute http(s) address. */
export function isBaseURL(value: string): boolean {
  if (!URL.canParse(value)) return false;
  return /^https?:$/.test(new URL(value).protocol);
}

/** The name (maybe empty) of the first OpenAI-compatible backend without a usable base URL, if any. */
export function invalidBaseURL(settings: {
  profiles: ReadonlyArray<{ kind: string; label: string; baseURL?: string }>;
}): string | undefined {
  return settings.profiles.find((p) => p.kind === 'openai' && !isBaseURL(p.baseURL ?? ''))?.label;
}
