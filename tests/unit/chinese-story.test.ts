// A Chinese story through the driver: Chinese prompts and Chinese text built from data in every
// request, Latin-script answers refused and retried with the reason, only Chinese prose stored.
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/driver/doc/story-doc.ts';
import { updateParticipant } from '../../src/driver/doc/participants.ts';
import { checkScript } from '../../src/driver/validation/index.ts';
import type { ChatRequest } from '../../src/driver/model.ts';
import { authorTurn, takeTurn } from '../../src/driver/turn-loop.ts';
import { makeEnv } from '../support/driver-env.ts';
import { JANE, JESS, USER, makeStory } from '../support/story-fixture.ts';
import type { RecordedCall } from '../support/scripted-model.ts';

/** The English driver-env classifier reads English prompts; these read the Chinese ones. */
function kind(request: Pick<ChatRequest, 'messages' | 'response_format'>) {
  const name = request.response_format?.json_schema.name;
  if (name === 'next_actor') return 'selector';
  if (name === 'projections') return 'batch';
  return (request.messages[0]?.content ?? '').includes('感知过滤器') ? 'project' : 'actor';
}
const targetOf = (request: Pick<ChatRequest, 'messages'>) =>
  /改写成(.+?)所感知到的内容/.exec(request.messages[0]?.content ?? '')?.[1];

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
  return { s, calls: env.model.calls };
}

const isRetry = (c: RecordedCall) => (c.messages.at(-1)?.content ?? '').includes(RETRY_OPENING);

describe('[R6] a Chinese story', () => {
  it('sends the Chinese prompts and Chinese text built from data, with no English of ours', async () => {
    const { calls } = await playChineseScene();
    expect(new Set(calls.map((c) => kind(c)))).toEqual(new Set(['project', 'selector', 'actor']));
    for (const c of calls) {
      const system = c.messages[0]?.content ?? '';
      expect(system).toMatch(/^你(?:是一场用中文写成的角色扮演中的|负责安排一场用中文写成的角色扮演)/);
      if (isRetry(c)) continue; // the validator's reason is an instruction in English, checked below
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
      expect(last).toContain('this story is in Chinese');
      // The refused text is never sent back: nobody perceived it.
      expect(last).not.toContain(LATIN_PROJECTION);
      expect(last).not.toContain(LATIN_TURN);
    }
    expect(targetOf(retries[0] as RecordedCall)).toBe('Jane');
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
