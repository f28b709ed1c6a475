// What the refusals of issue 33 tell the model (V8–V12), in English and Chinese, and what the check of
// English words in Chinese prose lets through. The labelled rows are in validation-examples-doc.test.ts.
import { describe, expect, it } from 'vitest';
import {
  checkScript,
  validateActorOutput,
  validateProjection,
  type ProjectionContext,
} from '../../src/driver/validation/index.ts';

const EN: ProjectionContext = {
  target: 'Jane',
  speaker: 'User',
  participants: ['User', 'Jane', 'Jess', 'Mara'],
  source: 'I knock on the door three times.',
  language: 'en',
};
const ZH: ProjectionContext = {
  target: '简',
  speaker: '用户',
  participants: ['用户', '简', '杰丝', '玛拉'],
  source: '我大声喊道：“有人吗？”',
  language: 'zh',
};

describe('[V8][V9][V10] a continued scene is quoted back with what to write instead', () => {
  it('[V8] names who acted, quotes the deed and whose turn it is', () =>
    expect(validateProjection('You hear a knock. Jess walks over and opens it.', EN)).toMatchObject({
      ok: false,
      rule: 'adds-action',
      reason:
        'The answer has Jess act or speak ("Jess walks over and opens it"), but in the source turn Jess does ' +
        "no such thing. Write only what Jane perceives of User's turn; other participants write their own " +
        'actions in their own turns.',
    }));
  it('[V9] quotes the part added from its "then"', () =>
    expect(
      validateProjection('You hear a knock, then the roof collapses and rain pours in.', EN),
    ).toMatchObject({
      rule: 'adds-event',
      reason: expect.stringContaining('("then the roof collapses and rain pours in")'),
    }));
  it('[V10] quotes the sentence retold', () =>
    expect(
      validateProjection('You hear a knock. Earlier that night, Jess had hidden the letter.', EN),
    ).toMatchObject({
      rule: 'retells-earlier',
      reason: expect.stringContaining('("Earlier that night, Jess had hidden the letter")'),
    }));
  it("[V10] a past perfect of a participant's deed only, not of a noun or a colour", () => {
    expect(validateProjection('You hear a knock. Jess had left the door open.', EN)).toMatchObject({
      rule: 'retells-earlier',
    });
    const mara = {
      ...EN,
      speaker: 'Mara',
      source: 'I knock, my seven rings and red hair catching the light.',
    };
    expect(validateProjection('Mara knocks. She had seven rings and red hair.', mara)).toMatchObject({
      ok: true,
    });
  });
  it('[V8][V9] in Chinese, with Chinese quotation marks', () => {
    expect(
      validateProjection('你听到有人喊话。玛拉走过去把门打开。', { ...ZH, speaker: '杰丝' }),
    ).toMatchObject({
      reason: expect.stringContaining('回答让玛拉做出了行动或说了话（“玛拉走过去把门打开”）'),
    });
    expect(
      validateProjection('你听到有人喊道：“有人吗？”接着屋顶塌了下来，雨水灌了进来。', ZH),
    ).toMatchObject({
      reason: expect.stringContaining('（“接着屋顶塌了下来，雨水灌了进来”）'),
    });
  });
});

describe('[V12] English words left in Chinese prose', () => {
  it('refuses ordinary lowercase words, short answer or long', () => {
    expect(checkScript('你听到一声 bang。', 'zh')).toMatchObject({ ok: false, rule: 'english-words' });
    expect(checkScript('你听到门外有人在 whisper，声音很 quiet，然后一切安静下来。', 'zh')).toMatchObject({
      ok: false,
      rule: 'english-words',
      reason: expect.stringContaining('whisper、quiet'),
    });
  });
  it('names the words in Chinese and holds no other English', () => {
    const verdict = validateActorOutput('我低声说这事很 weird，然后 slowly 转身离开。', {
      actor: '简',
      others: ['用户', '杰丝'],
      user: '用户',
      language: 'zh',
    });
    expect(verdict).toMatchObject({ ok: false, rule: 'english-words' });
    const reason = verdict.ok ? '' : verdict.reason;
    expect(reason).toContain('（weird、slowly）');
    expect(reason.replace('weird、slowly', '').match(/[A-Za-z]{2,}/g)).toBeNull();
  });
  it('passes names, acronyms, a cast name written in lowercase and units after a number', () => {
    expect(checkScript('你听到 Jane 用 GPS 和 iPhone 查路，第n次叹气。', 'zh')).toEqual({ ok: true });
    expect(checkScript('你听到 mika 在门外说话。', 'zh', ['mika'])).toEqual({ ok: true });
    expect(checkScript('你听到 mika 在门外说话。', 'zh')).toMatchObject({ ok: false, rule: 'english-words' });
    expect(checkScript('他背着 20 kg 的背包走了 5km。', 'zh')).toEqual({ ok: true });
  });
  it('leaves an English story alone', () =>
    expect(checkScript('You hear a whisper, then 杰丝 laughs.', 'en')).toEqual({ ok: true }));
});
