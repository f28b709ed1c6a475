// The prompt loader: shipped prompts are complete and valid; a bad prompt is refused naming its path.
import { describe, expect, it } from 'vitest';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { PROMPT_IDS, SHIPPED_LANGUAGES } from '../../src/driver/prompts/catalogue.ts';
import { PromptProblem, promptTextProblem, renderPrompt } from '../../src/driver/prompts/render.ts';

describe('prompts', () => {
  it('ships an English file for every prompt the driver uses, each valid', () => {
    const set = shippedPrompts();
    for (const id of PROMPT_IDS) {
      const text = set.get(`en/${id}`);
      expect(text, `prompts/en/${id}.md`).toBeDefined();
      expect(promptTextProblem(id, text ?? ''), `prompts/en/${id}.md`).toBeNull();
    }
  });

  it('ships the same prompts in every shipped language (en and zh), each using the same variables', () => {
    const set = shippedPrompts();
    expect([...new Set([...set.keys()].map((k) => k.split('/')[0]))].sort()).toEqual(
      [...SHIPPED_LANGUAGES].sort(),
    );
    const ids = (lang: string) =>
      [...set.keys()]
        .filter((k) => k.startsWith(`${lang}/`))
        .map((k) => k.slice(lang.length + 1))
        .sort();
    const vars = (text: string) => [...new Set([...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]))].sort();
    for (const lang of SHIPPED_LANGUAGES) {
      expect(ids(lang), lang).toEqual(ids('en'));
      for (const id of ids('en'))
        expect(vars(set.get(`${lang}/${id}`) ?? ''), `${lang}/${id}`).toEqual(
          vars(set.get(`en/${id}`) ?? ''),
        );
      for (const id of PROMPT_IDS)
        expect(promptTextProblem(id, set.get(`${lang}/${id}`) ?? ''), `prompts/${lang}/${id}.md`).toBeNull();
    }
  });

  it('refuses an unknown variable, naming the file and the variable', () => {
    const set = new Map([['en/roleplay/retry', 'Wrong: ${reason} ${mood}']]);
    expect(() => renderPrompt(set, 'en', 'roleplay/retry', { reason: 'x' })).toThrowError(PromptProblem);
    expect(() => renderPrompt(set, 'en', 'roleplay/retry', { reason: 'x' })).toThrowError(
      /prompts\/en\/roleplay\/retry\.md: unknown variable \$\{mood\}/,
    );
  });

  it('refuses {{…}} and an empty file', () => {
    expect(promptTextProblem('roleplay/retry', 'Hi {{char}}')).toMatch(/\{\{…\}\}/);
    expect(promptTextProblem('roleplay/retry', '  \n')).toMatch(/empty/);
  });

  it('fills variables, drops a line holding only an empty variable, and falls back to English', () => {
    const set = new Map([['en/roleplay/actor-task', 'Start\n\n${name}\n\nEnd ${name}']]);
    expect(renderPrompt(set, 'zh', 'roleplay/actor-task', { name: '', remembered: '', world: '' })).toBe(
      'Start\n\nEnd',
    );
    expect(renderPrompt(set, 'en', 'roleplay/actor-task', { name: 'Jane', remembered: '', world: '' })).toBe(
      'Start\n\nJane\n\nEnd Jane',
    );
  });

  it('keeps a value exactly as given, blank lines included', () => {
    const set = new Map([['en/roleplay/retry', 'Reason:\n${reason}']]);
    expect(renderPrompt(set, 'en', 'roleplay/retry', { reason: 'a\n\n\n\nb' })).toBe('Reason:\na\n\n\n\nb');
  });
});
