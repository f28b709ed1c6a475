// A Chinese story through the driver: Chinese prompts and Chinese text built from data in every
// request, Latin-script answers refused and retried with the reason, only Chinese prose stored.
import { describe, expect, it } from 'vitest';
import { setLanguage, updateSettings } from '../../src/driver/doc/story-doc.ts';
import { updateParticipant } from '../../src/driver/doc/participants.ts';
import { checkScript } from '../../src/driver/validation/index.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { authorTurn, takeTurn } from '../../src/driver/turns/turn-loop.ts';
import { completeBackground, makeEnv } from '../support/driver-env.ts';
import { JANE, JESS, USER, makeStory } from '../support/story-fixture.ts';
import type { RecordedCall } from '../support/scripted-model.ts';

/** The English driver-env classifier reads English prompts; these read the Chinese ones. */
function kind(request: Pick<ChatRequest, 'messages' | 'response_format'>) {
  const name = request.response_format?.json_schema.name;
  if (name === 'next_actor') return 'selector';
  if (name === 'projections') return 'batch';
  return (request.messages[0]?.content ?? '').includes('感知过滤器') ? 'project' : 'actor';
}
/** Whom a participant's request is for: its point of view names them (roleplay/point-of-view). */
const targetOf = (request: Pick<ChatRequest, 'messages'>) =>
  /这个请求是为(.+?)而发的。/.exec(request.messages[0]?.content ?? '')?.[1];

const LATIN_PROJECTION = 'You see a traveller push the door open and stamp the snow from their boots.';
const LATIN_TURN = 'I set down my spear, walk to the window and wipe the frost from the glass.';
const RETRY_OPENING = '你上一次的回答无法使用';
/** Names, the <empty> sentinel, and JSON with its key in the selector stay Latin by design. */
const ALLOWED_LATIN = /\b(?:User|Jane|Jess|empty|next|JSON)\b/g;

function respond(request: ChatRequest): string {
  const retried = (request.messages.at(-1)?.content ?? '').includes(RETRY_OPENING);
  switch (kind(request)) {
    case 'selector':
      return JSON.stringify({ next: 'Jane' });
    case 'batch':
      throw new Error('this story does not batch');
    case 'project':
      return targetOf(request) === 'Jane' && !retried
        ? LATIN_PROJECTION
        : '门被推开了，一阵冷风卷着雪花吹进客栈，有人在门口跺了跺靴子。';
    case 'actor':
      return retried ? '我放下手里的长矛，走到窗边，用袖子擦去玻璃上的霜。' : LATIN_TURN;
  }
}

async function playChineseScene() {
  const s = makeStory();
  setLanguage(s.doc, 'zh');
  expect(updateParticipant(s.doc, USER, { persona: '一位带着密信的信使。' }).ok).toBe(true);
  expect(
    updateParticipant(s.doc, JANE, { card: { description: '一名守卫。', personality: '沉默寡言。' } }).ok,
  ).toBe(true);
  const env = makeEnv(respond);
  const first = await authorTurn(s, env, USER, '我推开客栈的门，抖掉靴子上的雪，向壁炉边的两个人点头致意。');
  expect(first).toMatchObject({ ok: true });
  const second = await takeTurn(s, env, { auto: true });
  expect(second).toMatchObject({ ok: true });
  // Then the views that did not have to wait, as while the person reads.
  expect(await completeBackground(s, env)).toMatchObject({ ok: true });
  return { s, calls: env.model.calls };
}

const isRetry = (c: RecordedCall) => (c.messages.at(-1)?.content ?? '').includes(RETRY_OPENING);

describe('[R6] a Chinese story', () => {
  it('sends the Chinese prompts and Chinese text built from data, with no English of ours', async () => {
    const { calls } = await playChineseScene();
    expect(new Set(calls.map((c) => kind(c)))).toEqual(new Set(['project', 'selector', 'actor']));
    for (const c of calls) {
      const system = c.messages[0]?.content ?? '';
      // Every request begins with the common rules; a participant's then goes on with its point of view.
      expect(system).toMatch(/^这是一场用中文书写的角色扮演，同时从几个视角讲述。/);
      if (kind(c) === 'selector') expect(system).toContain('这个请求决定下一个由谁行动');
      else expect(targetOf(c)).toMatch(/^(?:User|Jane|Jess)$/);
      const text = c.messages.map((m) => m.content).join('\n');
      expect(text.replace(ALLOWED_LATIN, ''), `request ${c.n} (${kind(c)})`).not.toMatch(/[A-Za-z]{2,}/);
    }
    const actor = calls.find((c) => kind(c) === 'actor' && !isRetry(c))?.messages[0]?.content ?? '';
    expect(actor).toContain('你是谁：一名守卫。');
    expect(actor).toContain('你的性格：沉默寡言。');
    expect(actor).toContain('关于与你同处这一场景的User：一位带着密信的信使。');
    const firstProjection = calls.find((c) => kind(c) === 'project')?.messages[0]?.content ?? '';
    expect(firstProjection).toContain('（还什么都没有发生：故事从现在开始。）');
  });

  it('refuses a Latin-script projection and a Latin-script turn, and retries each with the reason', async () => {
    const { calls } = await playChineseScene();
    const retries = calls.filter(isRetry);
    expect(retries.map((c) => kind(c))).toEqual(['project', 'actor']);
    for (const c of retries) {
      const last = c.messages.at(-1)?.content ?? '';
      // The reason the model reads is in the story's language, inside the Chinese retry prompt.
      expect(last).toContain(
        `${RETRY_OPENING}：回答是用英文（拉丁字母）写的，但这个故事是中文的。请全部用中文来写；名字可以保留原来的拼写。`,
      );
      expect(last).not.toContain('this story is in Chinese');
      // The refused text is never sent back: nobody perceived it.
      expect(last).not.toContain(LATIN_PROJECTION);
      expect(last).not.toContain(LATIN_TURN);
    }
    expect(targetOf(retries[0] as RecordedCall)).toBe('Jane');
  });

  it('[V7] tells the person in Chinese when every attempt was refused, and stores nothing', async () => {
    const s = makeStory();
    setLanguage(s.doc, 'zh');
    const env = makeEnv((request) => (kind(request) === 'actor' ? LATIN_TURN : '<empty>'));
    const before = s.views.path().length;
    const result = await takeTurn(s, env, { actor: JANE });
    expect(result).toMatchObject({ ok: false, code: 'invalid' });
    const detail = result.ok ? '' : result.detail;
    expect(detail).toBe(
      '模型的回答被拒绝了 3 次。最后一次的原因：回答是用英文（拉丁字母）写的，但这个故事是中文的。' +
        '请全部用中文来写；名字可以保留原来的拼写。请重试、修改提示词，或者换一个模型。',
    );
    expect(env.model.calls.filter((c) => kind(c) === 'actor')).toHaveLength(3);
    expect(s.views.path()).toHaveLength(before);
  });

  it('[V7] an English story is still told in English', async () => {
    const s = makeStory();
    const env = makeEnv(() => '我放下手里的长矛，走到窗边，用袖子擦去玻璃上的霜。');
    const result = await takeTurn(s, env, { actor: JANE });
    expect(result.ok ? '' : result.detail).toBe(
      "The model's answer was refused 3 times. Last reason: The answer is written in Chinese characters, " +
        'but this story is in English. Write the whole answer in English; names may keep their spelling. ' +
        'Try again, edit the prompt, or use another model.',
    );
    const retry = env.model.calls[1]?.messages.at(-1)?.content ?? '';
    expect(retry).toContain(
      'Your previous answer could not be used: The answer is written in Chinese characters',
    );
  });

  it('[O4][V7] a batched projection is told in Chinese what was wrong with its JSON', async () => {
    const s = makeStory();
    setLanguage(s.doc, 'zh');
    updateSettings(s.doc, { batchReprojection: true });
    const env = makeEnv((request, n) =>
      n === 1
        ? JSON.stringify({ Jane: '你听到有人进门。', Jess: 42, Mara: '<empty>' })
        : JSON.stringify({ Jane: '你听到有人进门。', Jess: '你听到有人进门。' }),
    );
    // A user's turn: both characters' views are the background's, in one batch.
    expect(await authorTurn(s, env, USER, '我推开客栈的门，抖掉靴子上的雪。')).toMatchObject({ ok: true });
    expect(await completeBackground(s, env)).toMatchObject({ ok: true });
    expect(env.model.calls.map((c) => kind(c))).toEqual(['batch', 'batch']);
    const retry = env.model.calls[1]?.messages.at(-1)?.content ?? '';
    expect(retry).toContain(
      `${RETRY_OPENING}：Jess：值必须是字符串；未知的名字：Mara（只能使用：Jane、Jess）`,
    );
  });

  it('tells the player in Chinese when a step cannot go on or a prompt file is refused at use', async () => {
    const s = makeStory({ jessPresent: false });
    setLanguage(s.doc, 'zh');
    const env = makeEnv(() => '<empty>');
    expect(await takeTurn(s, env, { actor: JESS })).toMatchObject({
      ok: false,
      code: 'not-present',
      detail: 'Jess不在场景中。请先让其进入场景，再让其行动。',
    });
    expect(await authorTurn(s, env, USER, '  ')).toMatchObject({ detail: '一个回合需要有文字。' });
    const prompts = new Map(env.prompts).set('zh/roleplay/actor-task', '轮到${mood}了');
    expect(await takeTurn(s, { ...env, prompts }, { actor: JANE })).toMatchObject({
      ok: false,
      code: 'prompt',
      detail: expect.stringMatching(/^prompts\/zh\/roleplay\/actor-task\.md: 未知的变量 \$\{mood\}（/),
    });
    expect(env.model.calls).toHaveLength(0);
  });

  it('stores only Chinese prose', async () => {
    const { s } = await playChineseScene();
    const path = s.views.path();
    expect(path).toHaveLength(2);
    const stored = path.flatMap((n) => [n.turn.source, ...Object.values(n.turn.pov).map((r) => r.text)]);
    expect(stored).toHaveLength(2 + 2 + 2);
    for (const text of stored) {
      expect(text).toMatch(/\p{Script=Han}/u);
      expect(checkScript(text, 'zh')).toEqual({ ok: true });
      expect(text).not.toMatch(/[A-Za-z]{2,}/);
    }
    expect(path[1]?.turn.author).toBe(JANE);
    expect(Object.keys(path[1]?.turn.pov ?? {}).sort()).toEqual([JESS, USER].sort());
  });
});
