// Finds English a person would read in the interface's source that does not go through t(): string
// literals that read like sentences or labels, and JSX text. A heuristic, tuned on src/app.
// Words the interface shows as they are in every language: names, and each language's own name.
const UNTRANSLATED = new Set(['Rashomon', 'English', 'OpenAI', 'WebLLM', 'SillyTavern', 'WebGPU']);

/** Text a person would read in the interface's source that does not go through t(). */
export function untranslatedText(source: string, tsx: boolean): string[] {
  // Comments are blanked, keeping offsets.
  const text = source
    .replace(/\{?\/\*[\s\S]*?\*\/\}?/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (m, p: string) => p + ' '.repeat(m.length - p.length));
  const found: string[] = [];
  for (const m of text.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
    const literal = m[2] ?? '';
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    // Sentence-like: a capitalised word, a sentence end, or three lower-case words (not CSS classes).
    if (!/^[A-Z][a-z]|[a-z][.?!…:]$|[a-z] [a-z]+ [a-z]/.test(literal)) continue;
    // A command to type is not translated.
    if (literal.startsWith('npx ')) continue;
    if (
      /\b(t|uiText)\(\s*$|\bError\(\s*$|key\s*===?\s*$|\b(import|from)\b[^;]*$|class(List)?=\{?\s*$/.test(
        before,
      )
    )
      continue;
    if (!UNTRANSLATED.has(literal)) found.push(literal);
  }
  if (tsx)
    for (const m of text.matchAll(/>([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)(?=<|\{)/g)) {
      const words = (m[1] ?? '').trim();
      if (text[m.index - 1] !== '=' && !UNTRANSLATED.has(words)) found.push(words);
    }
  return found;
}
