// Prompt overrides kept in the library and story documents, and a story's prompts resolved from
// their layers: later layers win file by file, bad files are listed, unknown ones ignored; and the
// ${language} every prompt is given.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import {
  deletePromptOverride,
  listPromptOverrides,
  readPromptOverride,
  setPromptOverride,
} from '../../src/driver/doc/prompt-overrides.ts';
import { setLanguage } from '../../src/driver/doc/story-doc.ts';
import { actorRequest } from '../../src/driver/turns/actor.ts';
import { requestBudget } from '../../src/driver/budget/request-budget.ts';
import { projectionRequest } from '../../src/driver/turns/projection.ts';
import { selectorRequest } from '../../src/driver/turns/selection.ts';
import { PROMPT_IDS } from '../../src/driver/prompts/catalogue.ts';
import { PromptProblem, promptTextProblem, renderPrompt } from '../../src/driver/prompts/render.ts';
import { promptProblems, resolvePrompts } from '../../src/driver/prompts/resolve.ts';
import { makeEnv } from '../support/driver-env.ts';
import { JANE, JESS, USER, makeStory } from '../support/story-fixture.ts';

const shipped = shippedPrompts();

function sync(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

describe('[R1] prompt overrides in a document', () => {
  it('sets a whole text or a delta, reads, lists, and deletes (= restore)', () => {
    const doc = new Y.Doc();
    expect(setPromptOverride(doc, 'en/roleplay/style', 'Write plainly.')).toEqual({ ok: true });
    expect(setPromptOverride(doc, 'en/roleplay/style', [{ retain: 6 }, { insert: 'very ' }])).toEqual({
      ok: true,
    });
    expect(readPromptOverride(doc, 'en/roleplay/style')).toBe('Write very plainly.');
    expect(setPromptOverride(doc, 'zh/roleplay/retry', '重写：${reason}')).toEqual({ ok: true });
    expect([...listPromptOverrides(doc)]).toEqual([
      ['en/roleplay/style', 'Write very plainly.'],
      ['zh/roleplay/retry', '重写：${reason}'],
    ]);
    deletePromptOverride(doc, 'en/roleplay/style');
    expect(readPromptOverride(doc, 'en/roleplay/style')).toBeUndefined();
  });

  it('refuses a path that is not <language>/<group>/<name>', () => {
    const doc = new Y.Doc();
    expect(setPromptOverride(doc, 'roleplay/style', 'x')).toMatchObject({ ok: false, code: 'path' });
    expect(setPromptOverride(doc, 'en/roleplay/style.md', 'x')).toMatchObject({ ok: false, code: 'path' });
    expect(listPromptOverrides(doc).size).toBe(0);
  });

  it('merges concurrent edits of one override from two devices', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    setPromptOverride(a, 'en/roleplay/style', 'Write plainly.');
    sync(a, b);
    setPromptOverride(a, 'en/roleplay/style', 'Write very plainly.');
    setPromptOverride(b, 'en/roleplay/style', 'Write plainly, in short lines.');
    sync(a, b);
    expect(readPromptOverride(a, 'en/roleplay/style')).toBe('Write very plainly, in short lines.');
    expect(readPromptOverride(b, 'en/roleplay/style')).toBe(readPromptOverride(a, 'en/roleplay/style'));
  });
});

describe('[R1][R2] resolution', () => {
  it('layers shipped → library → preset → story, each replacing the one below file by file', () => {
    const library = new Map([
      ['en/roleplay/style', 'LIBRARY style'],
      ['en/roleplay/retry', 'LIBRARY retry ${reason}'],
    ]);
    const preset = new Map([['en/roleplay/style', 'PRESET style']]);
    const story = new Map([['en/roleplay/actor-task', 'STORY turn, ${name}']]);
    const { prompts, from, problems } = resolvePrompts({ shipped, library, preset, story });
    expect(problems).toEqual([]);
    expect(prompts.get('en/roleplay/style')).toBe('PRESET style');
    expect(from.get('en/roleplay/style')).toBe('preset');
    expect(prompts.get('en/roleplay/retry')).toBe('LIBRARY retry ${reason}');
    expect(from.get('en/roleplay/retry')).toBe('library');
    expect(
      renderPrompt(prompts, 'en', 'roleplay/actor-task', { name: 'Jane', remembered: '', world: '' }),
    ).toBe('STORY turn, Jane');
    expect(prompts.get('zh/roleplay/style')).toBe(shipped.get('zh/roleplay/style'));
    expect(from.get('zh/roleplay/style')).toBe('shipped');
    // Restoring (deleting the story's override) brings back the layer below.
    expect(resolvePrompts({ shipped, library, preset }).prompts.get('en/roleplay/actor-task')).toBe(
      shipped.get('en/roleplay/actor-task'),
    );
  });

  it('lists every bad file with its path and reason; unknown ones are ignored, bad texts refused at use', () => {
    const library = new Map([
      ['en/roleplay/style', '   '],
      ['en/roleplay/retry', 'Because ${mood}'],
      ['zh/roleplay/actor-task', '轮到{{char}}了'],
      ['en/roleplay/narrator', 'Not a prompt of ours.'],
      ['fr/roleplay/style', 'Écrivez.'],
      ['en/style', 'Too shallow.'],
    ]);
    const { prompts, problems } = resolvePrompts({ shipped, library });
    expect(problems.map((p) => [p.layer, p.path, p.reason])).toEqual([
      ['library', 'en/roleplay/narrator', 'roleplay/narrator is not a prompt the package ships'],
      ['library', 'en/roleplay/retry', expect.stringMatching(/^unknown variable \$\{mood\}/)],
      ['library', 'en/roleplay/style', expect.stringMatching(/^the file is empty/)],
      ['library', 'en/style', expect.stringMatching(/^not a prompt/)],
      ['library', 'fr/roleplay/style', expect.stringMatching(/^"fr" is not a language folder/)],
      ['library', 'zh/roleplay/actor-task', expect.stringMatching(/\{\{…\}\}/)],
    ]);
    expect(prompts.has('en/roleplay/narrator')).toBe(false);
    expect(prompts.has('fr/roleplay/style')).toBe(false);
    expect(() => renderPrompt(prompts, 'en', 'roleplay/retry', { reason: 'x' })).toThrowError(PromptProblem);
    expect(() =>
      renderPrompt(prompts, 'zh', 'roleplay/actor-task', { name: 'x', remembered: '', world: '' }),
    ).toThrowError(/\{\{…\}\}/);
  });

  it('finds no problem in the shipped prompts', () => {
    expect(promptProblems(shipped)).toEqual([]);
  });
});

describe('[R11] every prompt may use ${language}', () => {
  it('is a variable of every prompt, whether its original uses it or not', () => {
    for (const id of PROMPT_IDS) expect(promptTextProblem(id, 'Write in ${language}.'), id).toBeNull();
  });

  it("an override that did not use it renders with the story's language name, English or Chinese", async () => {
    for (const [language, name] of [
      ['en', 'English'],
      ['zh', '中文'],
    ] as const) {
      const story = makeStory();
      setLanguage(story.doc, language);
      // Story overrides of prompts whose originals are not given the language, in the story's folder.
      const own: Record<string, string> = {
        'roleplay/actor-task': 'Go on, ${name}, in ${language}.',
        'roleplay/persona': '${user} (${persona}) speaks ${language}.',
        'roleplay/selector-task': 'Choose from ${candidates}; answer in ${language}.',
        'roleplay/projector-task': '${speaker} did this: ${source} Tell ${target} in ${language}.',
      };
      for (const [id, text] of Object.entries(own)) setPromptOverride(story.doc, `${language}/${id}`, text);
      const env = makeEnv(() => '', {
        prompts: resolvePrompts({ shipped, story: listPromptOverrides(story.doc) }).prompts,
      });
      const turn = story.say(USER, 'I wave.');
      const budget = (op: 'actor' | 'projector' | 'selector') => requestBudget(env, op, env.models[op]);
      expect(
        (await projectionRequest(story, env, turn, JANE, await budget('projector'))).request.messages.at(-1)
          ?.content,
      ).toBe(`User did this: I wave. Tell Jane in ${name}.`);
      expect(
        (await selectorRequest(story, env, [JANE, JESS], await budget('selector'))).request.messages.at(-1)
          ?.content,
      ).toBe(`Choose from Jane, Jess; answer in ${name}.`);
      story.projectAll(turn);
      const actor = await actorRequest(story, env, JANE, turn, await budget('actor'));
      expect(actor.request.messages.at(-1)?.content).toBe(`Go on, Jane, in ${name}.`);
      expect(actor.request.messages[0]?.content).toContain(`User (A traveller.) speaks ${name}.`);
    }
  });
});
